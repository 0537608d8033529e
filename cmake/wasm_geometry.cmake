# The geometry layer's dependencies in the playground's WebAssembly build (emscripten cannot
# use the machine's libraries): Clipper compiled from its source, which scripts/playground
# fetches from Debian's archive into the build folder (PATHKIT_CLIPPER_SOURCE), and CGAL's
# and Boost's headers (PATHKIT_WASM_HEADERS, a folder linking only to them) with CGAL's exact
# arithmetic on Boost.Multiprecision instead of GMP, and rounding that WebAssembly has.
foreach(setting PATHKIT_CLIPPER_SOURCE PATHKIT_WASM_HEADERS)
  if(NOT IS_DIRECTORY "${${setting}}")
    message(FATAL_ERROR "${setting} must name a folder for the WebAssembly geometry build "
                        "(scripts/playground sets it)")
  endif()
endforeach()
add_library(pathkit_wasm_clipper STATIC ${PATHKIT_CLIPPER_SOURCE}/clipper.cpp)
target_include_directories(pathkit_wasm_clipper SYSTEM PUBLIC ${PATHKIT_CLIPPER_SOURCE})
add_library(pathkit_wasm_cgal INTERFACE)
target_include_directories(pathkit_wasm_cgal SYSTEM INTERFACE ${PATHKIT_WASM_HEADERS})
target_compile_definitions(pathkit_wasm_cgal INTERFACE CGAL_DISABLE_GMP
                                                       CGAL_ALWAYS_ROUND_TO_NEAREST)
