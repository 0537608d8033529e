# Configures, builds and runs the consumer project in one MODE (find_package or
# add_subdirectory) with PARTS all or core. For core, CGAL, Clipper (pkg-config),
# nlohmann_json and pugixml are hidden from CMake: asking for any of them fails the build.
file(REMOVE_RECURSE ${BINARY})
set(hidden "")
if(PARTS STREQUAL "core")
  foreach(package CGAL PkgConfig nlohmann_json pugixml)
    list(APPEND hidden -DCMAKE_DISABLE_FIND_PACKAGE_${package}=ON)
  endforeach()
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
          -DCMAKE_CXX_COMPILER=${CXX} -DPATHKIT_CONSUME=${MODE} -DPARTS=${PARTS}
          -DCMAKE_PREFIX_PATH=${PREFIX} -DPATHKIT_SOURCE=${PATHKIT_SOURCE} ${hidden}
  RESULT_VARIABLE code)
if(code)
  message(FATAL_ERROR "configuring the consumer (${MODE}, ${PARTS}) failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} RESULT_VARIABLE code)
if(code)
  message(FATAL_ERROR "building the consumer (${MODE}, ${PARTS}) failed")
endif()
execute_process(COMMAND ${BINARY}/consumer RESULT_VARIABLE code OUTPUT_VARIABLE out)
message(STATUS "${out}")
if(code OR NOT out MATCHES "path n1 n2 n5, cost 2")
  message(FATAL_ERROR "the consumer (${MODE}, ${PARTS}) did not find the expected path: ${out}")
endif()
