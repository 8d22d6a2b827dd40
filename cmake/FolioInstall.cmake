# FolioInstall.cmake: what `cmake --install` puts under the prefix, and the
# two ways other programs find it afterwards: a pkg-config file (folio.pc)
# and a CMake package (find_package(folio) -> folio::folio and
# folio::folio_static). Both are relocatable: they locate the prefix from
# their own position, so `cmake --install build --prefix DIR` works for any
# DIR, whatever CMAKE_INSTALL_PREFIX was at configure time.
include(CMakePackageConfigHelpers)

set(FOLIO_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/folio)

# Libraries and the header, recorded in the export set folioTargets.
set_target_properties(folio_static PROPERTIES EXPORT_NAME folio_static)
install(TARGETS folio folio_static EXPORT folioTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development)
install(FILES include/folio.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT Development)

# The command, its manual pages and shell completions.
install(TARGETS folio_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES doc/folio.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES doc/folio.3 DESTINATION ${CMAKE_INSTALL_MANDIR}/man3
  COMPONENT Development)
# man folio_db_open (and every other function) shows folio(3): one .so
# link page per function folio.h declares.
file(STRINGS include/folio.h FOLIO_DECLS REGEX "^FOLIO_EXTERN .*folio_[a-z_]+\\(")
foreach(decl ${FOLIO_DECLS})
  string(REGEX MATCH "folio_[a-z_]+\\(" fn "${decl}")
  string(REPLACE "(" "" fn "${fn}")
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/man3/${fn}.3 ".so man3/folio.3\n")
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/man3/${fn}.3
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man3 COMPONENT Development)
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS include/folio.h)
install(FILES completions/folio.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME folio)
install(FILES completions/_folio
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)

# CMake package: folioTargets.cmake (generated), folioConfig.cmake (finds
# the static library's dependencies, then loads the targets) and the
# version file (same major version = compatible, as the SONAME says).
install(EXPORT folioTargets NAMESPACE folio:: DESTINATION ${FOLIO_CMAKE_DIR}
  COMPONENT Development)
configure_package_config_file(cmake/folioConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/folioConfig.cmake
  INSTALL_DESTINATION ${FOLIO_CMAKE_DIR})
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/folioConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/folioConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/folioConfigVersion.cmake
  DESTINATION ${FOLIO_CMAKE_DIR} COMPONENT Development)

# pkg-config: the prefix is computed from ${pcfiledir} (a pkg-config
# built-in variable) unless a directory was configured as an absolute path.
set(FOLIO_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${FOLIO_PC_DIR}")
  set(FOLIO_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH FOLIO_PC_UP /prefix/${FOLIO_PC_DIR} /prefix)
  string(REGEX REPLACE "/$" "" FOLIO_PC_UP "${FOLIO_PC_UP}")
  set(FOLIO_PC_PREFIX "\${pcfiledir}/${FOLIO_PC_UP}")
endif()
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(FOLIO_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(FOLIO_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
configure_file(cmake/folio.pc.in ${CMAKE_CURRENT_BINARY_DIR}/folio.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/folio.pc DESTINATION ${FOLIO_PC_DIR}
  COMPONENT Development)
