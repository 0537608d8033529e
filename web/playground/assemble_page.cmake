# Puts the playground page together: page.html with the example map and scene, the
# WebAssembly module (emscripten's single-file JavaScript) and the page's scripts in place of
# their marker lines.
foreach(part PAGE MODULE SCRIPT PLANE_SCRIPT MAP SCENE OUT)
  if(NOT DEFINED ${part})
    message(FATAL_ERROR "assemble_page.cmake needs -D${part}=...")
  endif()
endforeach()
file(READ ${PAGE} page)
file(READ ${MODULE} module)
file(READ ${SCRIPT} script)
file(READ ${PLANE_SCRIPT} plane_script)
file(READ ${MAP} map)
file(READ ${SCENE} scene)
foreach(marker_and_text "@DEFAULT_MAP@;map" "@DEFAULT_SCENE@;scene" "@PATHKIT_MODULE@;module"
                        "@PLAYGROUND_JS@;script" "@PLANE_JS@;plane_script")
  list(GET marker_and_text 0 marker)
  list(GET marker_and_text 1 text)
  string(FIND "${page}" "${marker}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${PAGE} lacks the marker ${marker}")
  endif()
  string(REPLACE "${marker}" "${${text}}" page "${page}")
endforeach()
# Written beside, then renamed: the page is whole or absent.
file(WRITE ${OUT}.partial "${page}")
file(RENAME ${OUT}.partial ${OUT})
