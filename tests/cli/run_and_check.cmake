# Runs PROGRAM with ARGUMENTS ('|'-separated) and checks its exit code and combined output:
#   cmake -DPROGRAM=prog -DARGUMENTS="a|b" -DEXPECTED_CODE=N -DEXPECTED_OUTPUT=regex -P run_and_check.cmake
string(REPLACE "|" ";" arguments "${ARGUMENTS}")
execute_process(COMMAND ${PROGRAM} ${arguments} RESULT_VARIABLE code OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT code STREQUAL "${EXPECTED_CODE}")
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECTED_CODE}; output:\n${all}")
endif()
if(NOT all MATCHES "${EXPECTED_OUTPUT}")
  message(FATAL_ERROR "output does not match '${EXPECTED_OUTPUT}':\n${all}")
endif()
message(STATUS "ok: exit ${code}\n${all}")
