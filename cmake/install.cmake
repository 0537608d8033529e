# Install rules and the exported package, so that find_package(pathkit [COMPONENTS ...]) works.
# Each part with dependencies has its own export set, so a core-only consumer never needs them.
include(CMakePackageConfigHelpers)

set(pathkit_destination ${CMAKE_INSTALL_LIBDIR}/cmake/pathkit)
# pathkit_install_part(EXPORT_SET TARGETS...)
function(pathkit_install_part export_set)
  install(TARGETS ${ARGN} EXPORT ${export_set}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT ${export_set} NAMESPACE pathkit:: DESTINATION ${pathkit_destination})
endfunction()

set(pathkit_components core mapf crowd world)
pathkit_install_part(pathkitTargets pathkit pathkit_mapf pathkit_crowd pathkit_world)
if(PATHKIT_BUILD_GEOMETRY)
  pathkit_install_part(pathkitGeometryTargets pathkit_geometry pathkit_agents)
  list(APPEND pathkit_components geometry agents)
endif()
if(PATHKIT_BUILD_IO)
  pathkit_install_part(pathkitIoTargets pathkit_io)
  list(APPEND pathkit_components io)
endif()
if(PATHKIT_BUILD_C_API)
  # The C library with a pkg-config file (pkg-config --cflags --libs pathkit_c) and in the
  # CMake package as pathkit::c.
  pathkit_install_part(pathkitCTargets pathkit_c)
  list(APPEND pathkit_components c)
  # The prefix relative to the .pc file, so an install moved elsewhere (--prefix) still works.
  file(RELATIVE_PATH pathkit_pc_up ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig
       ${CMAKE_INSTALL_PREFIX})
  string(REGEX REPLACE "/$" "" pathkit_pc_up "${pathkit_pc_up}")
  configure_file(cmake/pathkit_c.pc.in ${PROJECT_BINARY_DIR}/pathkit_c.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pathkit_c.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
install(DIRECTORY include/pathkit ${PROJECT_BINARY_DIR}/include/pathkit
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

configure_package_config_file(cmake/pathkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/pathkitConfig.cmake INSTALL_DESTINATION ${pathkit_destination})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pathkitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/pathkitConfig.cmake
              ${PROJECT_BINARY_DIR}/pathkitConfigVersion.cmake
  DESTINATION ${pathkit_destination})
if(PATHKIT_BUILD_TOOLS)
  install(TARGETS pathkit_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
