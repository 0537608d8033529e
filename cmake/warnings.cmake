# Compiler warnings for pathkit's own targets (never forced on consumers).
function(pathkit_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                                             # designated initializers may leave fields at their defaults
                                             -Wno-missing-field-initializers)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      # GCC 12 at -O3 reports false -Wrestrict overlaps inside std::string (GCC bug 105329).
      target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
    if(PATHKIT_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()
