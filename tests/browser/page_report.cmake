# Shared by the browser tests: loads a page in headless Chromium and reads the JSON report the
# page writes into its DOM (<pre id="ID">), failing when the report is missing or lists errors.
#   pathkit_read_page_report(CHROMIUM PAGE_URL ID PROFILE_DIR OUT_VARIABLE BUDGET_MS)
# BUDGET_MS: the virtual time the page gets to load and run its script.
function(pathkit_read_page_report chromium page report_id profile out_report)
  set(flags --headless --no-sandbox --disable-gpu --disable-background-networking
            --no-first-run --virtual-time-budget=${ARGN})
  execute_process(COMMAND ${chromium} ${flags} --user-data-dir=${profile} --dump-dom ${page}
                  RESULT_VARIABLE code OUTPUT_VARIABLE dom ERROR_QUIET TIMEOUT 120)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "chromium --dump-dom failed (${code})")
  endif()
  string(REGEX MATCH "<pre id=\"${report_id}\">([^<]*)</pre>" found "${dom}")
  if(NOT found)
    message(FATAL_ERROR "the page wrote no report: its script did not run")
  endif()
  string(REPLACE "&quot;" "\"" report "${CMAKE_MATCH_1}")
  string(REPLACE "&amp;" "&" report "${report}")
  message("report: ${report}")
  string(JSON errors LENGTH "${report}" errors)
  if(NOT errors EQUAL 0)
    string(JSON first GET "${report}" errors 0)
    message(FATAL_ERROR "the page logged ${errors} errors, the first: ${first}")
  endif()
  set(${out_report} "${report}" PARENT_SCOPE)
endfunction()
