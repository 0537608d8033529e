# Runs PROGRAM ARGUMENTS ('|'-separated) as text and with --json, and checks that both carry the
# same fields: every key of the JSON document is written "key:" in the text as many times as the
# document holds it (where the text writes a field: a line's start, after "- ", ", " or "{"),
# and every string of the document appears in the text. Both runs must exit EXPECTED_CODE.
#   cmake -DPROGRAM=pathkit -DARGUMENTS="path|tiny.map|..." -DEXPECTED_CODE=0 -P check_text_and_json.cmake
string(REPLACE "|" ";" arguments "${ARGUMENTS}")
execute_process(COMMAND ${PROGRAM} ${arguments} RESULT_VARIABLE text_code OUTPUT_VARIABLE text
                ERROR_VARIABLE text_errors)
execute_process(COMMAND ${PROGRAM} ${arguments} --json RESULT_VARIABLE json_code
                OUTPUT_VARIABLE json ERROR_VARIABLE json_errors)
if(NOT text_code STREQUAL "${EXPECTED_CODE}" OR NOT json_code STREQUAL "${EXPECTED_CODE}")
  message(FATAL_ERROR "exit codes ${text_code} (text) and ${json_code} (JSON), expected "
                      "${EXPECTED_CODE}:\n${text}${text_errors}\n${json}${json_errors}")
endif()
string(STRIP "${json}" json)
if(json MATCHES "\n")
  message(FATAL_ERROR "more than one JSON document:\n${json}")
endif()

# Every key of the document, once for each time it occurs, and every string value.
set_property(GLOBAL PROPERTY json_keys "")
set_property(GLOBAL PROPERTY json_strings "")
# `document` is an object or an array (string(JSON GET) gives a string member unquoted, so each
# member's type is asked of its parent).
function(collect document type)
  string(JSON count LENGTH "${document}")
  if(count EQUAL 0)
    return()
  endif()
  math(EXPR last "${count} - 1")
  foreach(index RANGE ${last})
    set(member ${index})
    if(type STREQUAL "OBJECT")
      string(JSON member MEMBER "${document}" ${index})
      set_property(GLOBAL APPEND PROPERTY json_keys "${member}")
    endif()
    string(JSON child_type TYPE "${document}" "${member}")
    string(JSON child GET "${document}" "${member}")
    if(child_type STREQUAL "OBJECT" OR child_type STREQUAL "ARRAY")
      collect("${child}" ${child_type})
    elseif(child_type STREQUAL "STRING")
      set_property(GLOBAL APPEND PROPERTY json_strings "${child}")
    endif()
  endforeach()
endfunction()
collect("${json}" OBJECT)
get_property(keys GLOBAL PROPERTY json_keys)
get_property(strings GLOBAL PROPERTY json_strings)
if(NOT keys)
  message(FATAL_ERROR "the JSON document has no fields:\n${json}")
endif()

# Each line break doubled: a match may take the one that ends its line and leave the next
# line's start to the next match.
string(REPLACE "\n" "\n\n" padded "\n${text}\n")
set(problems "")
list(REMOVE_DUPLICATES keys)
foreach(key ${keys})
  get_property(all GLOBAL PROPERTY json_keys)
  list(FILTER all INCLUDE REGEX "^${key}$")
  list(LENGTH all in_json)
  string(REGEX MATCHALL "(\n *- |\n *|, |{)${key}:[ \n]" found "${padded}")
  list(LENGTH found in_text)
  if(NOT in_json EQUAL in_text)
    string(APPEND problems "'${key}' occurs ${in_json} times in the JSON, ${in_text} in the text\n")
  endif()
endforeach()
foreach(value ${strings})
  string(FIND "${text}" "${value}" at)
  if(at EQUAL -1)
    string(APPEND problems "the string '${value}' is in the JSON, not in the text\n")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}text:\n${text}\nJSON:\n${json}")
endif()
list(LENGTH keys key_count)
message(STATUS "ok: ${key_count} field names, the same in text and JSON")
