# Builds and runs tests/packaging/c_consumer.c against an installed pathkit with the flags of
# `pkg-config --cflags --libs pathkit_c`, and checks that the library exports pk_* only.
#   cmake -DPREFIX=dir -DLIBDIR=lib -DCC=cc -DSOURCE=c_consumer.c -DBINARY=dir -P this
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/${LIBDIR}/pkgconfig")
execute_process(COMMAND pkg-config --cflags --libs pathkit_c OUTPUT_VARIABLE flags
                RESULT_VARIABLE code OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "pkg-config does not find pathkit_c under ${PREFIX}/${LIBDIR}/pkgconfig")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
file(MAKE_DIRECTORY ${BINARY})
execute_process(COMMAND ${CC} -std=c11 -Wall -Wextra -pedantic -Werror ${SOURCE} ${flags}
                        -o ${BINARY}/c_consumer
                RESULT_VARIABLE code ERROR_VARIABLE errors)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "the C consumer did not build with ${flags}:\n${errors}")
endif()
set(ENV{LD_LIBRARY_PATH} "${PREFIX}/${LIBDIR}")
execute_process(COMMAND ${BINARY}/c_consumer OUTPUT_VARIABLE out RESULT_VARIABLE code)
if(NOT code EQUAL 0 OR NOT out MATCHES "pathkit [0-9.]+ from C: 10 tiles, cost 9")
  message(FATAL_ERROR "the C consumer failed (${code}): ${out}")
endif()
execute_process(COMMAND nm -D --defined-only ${PREFIX}/${LIBDIR}/libpathkit_c.so
                OUTPUT_VARIABLE symbols)
string(REGEX MATCHALL "[^\n]+" lines "${symbols}")
foreach(line IN LISTS lines)
  if(NOT line MATCHES " pk_[a-z_]+$")
    message(FATAL_ERROR "libpathkit_c.so exports more than the C API: ${line}")
  endif()
endforeach()
message(STATUS "ok: ${out}")
