# Builds and installs pathkit with only its dependency-free parts, with CGAL, Clipper
# (pkg-config), nlohmann_json and pugixml hidden from CMake, into PREFIX.
file(REMOVE_RECURSE ${BINARY})
set(options -DPATHKIT_BUILD_GEOMETRY=OFF -DPATHKIT_BUILD_IO=OFF -DPATHKIT_BUILD_TOOLS=OFF
            -DPATHKIT_BUILD_TESTS=OFF -DPATHKIT_BUILD_BENCH=OFF -DPATHKIT_BUILD_FUZZ=OFF)
foreach(package CGAL PkgConfig nlohmann_json pugixml)
  list(APPEND options -DCMAKE_DISABLE_FIND_PACKAGE_${package}=ON)
endforeach()
foreach(step
    "${CMAKE_COMMAND};-S;${PATHKIT_SOURCE};-B;${BINARY};-G;${GENERATOR};-DCMAKE_CXX_COMPILER=${CXX};${options}"
    "${CMAKE_COMMAND};--build;${BINARY}"
    "${CMAKE_COMMAND};--install;${BINARY};--prefix;${PREFIX}")
  execute_process(COMMAND ${step} RESULT_VARIABLE code)
  if(code)
    message(FATAL_ERROR "building pathkit's core alone failed at: ${step}")
  endif()
endforeach()
