# Install rules and the exported package, so that find_package(pathkit) works.
include(CMakePackageConfigHelpers)

install(TARGETS pathkit pathkit_geometry pathkit_crowd pathkit_world pathkit_io EXPORT pathkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/pathkit ${PROJECT_BINARY_DIR}/include/pathkit
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT pathkitTargets NAMESPACE pathkit::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pathkit)

configure_package_config_file(cmake/pathkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/pathkitConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pathkit)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pathkitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/pathkitConfig.cmake
              ${PROJECT_BINARY_DIR}/pathkitConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pathkit)
if(PATHKIT_BUILD_CLI)
  install(TARGETS pathkit_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
