# Compiler warnings for pathkit's own targets (never forced on consumers).
function(pathkit_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                                             # designated initializers may leave fields at their defaults
                                             -Wno-missing-field-initializers)
    if(PATHKIT_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()
