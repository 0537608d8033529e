# Configures, builds and runs the consumer project in one MODE (find_package or add_subdirectory).
file(REMOVE_RECURSE ${BINARY})
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
          -DCMAKE_CXX_COMPILER=${CXX} -DPATHKIT_CONSUME=${MODE} -DCMAKE_PREFIX_PATH=${PREFIX}
          -DPATHKIT_SOURCE=${PATHKIT_SOURCE}
  RESULT_VARIABLE code)
if(code)
  message(FATAL_ERROR "configuring the consumer (${MODE}) failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} RESULT_VARIABLE code)
if(code)
  message(FATAL_ERROR "building the consumer (${MODE}) failed")
endif()
execute_process(COMMAND ${BINARY}/consumer RESULT_VARIABLE code OUTPUT_VARIABLE out)
message(STATUS "${out}")
if(code OR NOT out MATCHES "path n1 n2 n5, cost 2")
  message(FATAL_ERROR "the consumer (${MODE}) did not find the expected path: ${out}")
endif()
