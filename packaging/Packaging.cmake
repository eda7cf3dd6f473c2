# Debian package via CPack: `cmake --build build --target package` (needs dpkg-deb).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/ades.desktop DESTINATION share/applications)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.ades.console.metainfo.xml DESTINATION share/metainfo)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/ades.service DESTINATION lib/systemd/system)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ades)
set(CPACK_PACKAGE_CONTACT "ADES maintainers <maintainers@ades.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Agent Decision and Evidence Service with operator console")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
