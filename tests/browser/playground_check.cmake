# The playground test: builds the page with scripts/playground, loads it in headless Chromium,
# reads the report it writes into its DOM after solving its example grid, and compares the
# cost and the expansions with what the pathkit CLI answers for the same query.
# Inputs: SCRIPT (scripts/playground), PATHKIT (the CLI), MAP (the page's example map),
# WORK (a scratch folder).
cmake_minimum_required(VERSION 3.25)  # policies of this CMake (quoted strings stay strings)
find_program(CHROMIUM NAMES chromium chromium-browser)
find_program(EMCMAKE emcmake)
if(NOT CHROMIUM)
  message("SKIPPED: chromium is not installed (scripts/test installs Debian's chromium)")
  return()
endif()
if(NOT EMCMAKE)
  message("SKIPPED: emscripten is not installed (scripts/test installs Debian's emscripten)")
  return()
endif()
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${SCRIPT} --out ${WORK} RESULT_VARIABLE code OUTPUT_VARIABLE out
                ERROR_VARIABLE out)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "scripts/playground failed (${code}): ${out}")
endif()
set(page ${WORK}/pathkit-playground.html)
file(READ ${page} html)
string(REGEX MATCH "(src|href)=\"(https?:)?//" external "${html}")
if(external)
  message(FATAL_ERROR "the page loads something from the network (${external}): it must stand alone")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/page_report.cmake)
pathkit_read_page_report(${CHROMIUM} file://${page} report ${WORK}/profile report 10000)
string(JSON ready GET "${report}" ready)
if(NOT ready STREQUAL "ON")
  message(FATAL_ERROR "the page never became ready: pathkit's module did not load")
endif()
foreach(field status cost expanded algorithm diagonal)
  string(JSON page_${field} GET "${report}" ${field})
endforeach()
string(JSON start_x GET "${report}" start 0)
string(JSON start_y GET "${report}" start 1)
string(JSON goal_x GET "${report}" goal 0)
string(JSON goal_y GET "${report}" goal 1)
if(NOT page_status STREQUAL "found" OR NOT page_expanded GREATER 0)
  message(FATAL_ERROR "the page's example query: ${page_status}, ${page_expanded} expanded")
endif()

# The same query through the command-line tool.
execute_process(COMMAND ${PATHKIT} path ${MAP} --from ${start_x},${start_y}
                        --to ${goal_x},${goal_y} --algo ${page_algorithm}
                        --diagonal ${page_diagonal} --json
                RESULT_VARIABLE code OUTPUT_VARIABLE answer)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "pathkit path failed (${code}): ${answer}")
endif()
string(JSON cli_cost GET "${answer}" cost)
string(JSON cli_expanded GET "${answer}" expanded)
message("page: cost ${page_cost}, ${page_expanded} expanded; CLI: cost ${cli_cost}, "
        "${cli_expanded} expanded")
# CMake has no floating-point arithmetic: compare at a millionth of a tile via fixed point.
foreach(side page cli)
  string(REGEX MATCH "^([0-9]+)\\.?([0-9]*)" parts "${${side}_cost}")
  string(SUBSTRING "${CMAKE_MATCH_2}000000" 0 6 fraction)
  math(EXPR ${side}_micro "${CMAKE_MATCH_1} * 1000000 + 1${fraction} - 1000000")
endforeach()
math(EXPR difference "${page_micro} - ${cli_micro}")
if(difference LESS -1000 OR difference GREATER 1000)
  message(FATAL_ERROR "the page's cost ${page_cost} differs from the CLI's ${cli_cost}")
endif()
if(NOT page_expanded EQUAL cli_expanded)
  message(FATAL_ERROR "the page expanded ${page_expanded} tiles, the CLI ${cli_expanded}")
endif()
message("the playground page and the CLI agree")
