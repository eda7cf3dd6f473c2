# Debian package via CPack: `cmake --build build --target package`, or `cpack -G DEB --config
# build/CPackConfig.cmake -B DIR` (needs dpkg-deb and dpkg-shlibdeps). tests/packaging/deb.sh builds it, runs
# lintian and systemd-analyze on it and starts the installed binary (docs/deployment.md, "Installing the package").
set(ADES_DEB_RELEASE 1)
set(ADES_DEB_VERSION "${PROJECT_VERSION}-${ADES_DEB_RELEASE}")

# qt_standard_project_setup() gives installed binaries the RUNPATH $ORIGIN:$ORIGIN/../lib; the packaged
# binary loads its libraries from the system's paths only (CMake edits the RUNPATH at install, no relink).
set_target_properties(ades PROPERTIES INSTALL_RPATH "")

install(FILES ${CMAKE_CURRENT_LIST_DIR}/ades.desktop DESTINATION share/applications)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.ades.console.metainfo.xml DESTINATION share/metainfo)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/ades.svg DESTINATION share/icons/hicolor/scalable/apps)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/ades.service DESTINATION lib/systemd/system)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION share/doc/ades)

# Debian wants the man page and the changelog gzip-compressed with no name or time stamp in the header (-n):
# made at configure time with gzip (Essential in Debian), again whenever their sources change.
set(ADES_PACKAGING_OUT ${CMAKE_BINARY_DIR}/packaging)
configure_file(${CMAKE_CURRENT_LIST_DIR}/changelog.Debian.in ${ADES_PACKAGING_OUT}/changelog.Debian @ONLY)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/ades.1)
foreach(pair "${CMAKE_CURRENT_LIST_DIR}/ades.1|ades.1.gz" "${ADES_PACKAGING_OUT}/changelog.Debian|changelog.Debian.gz")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 source)
    list(GET pair 1 output)
    execute_process(COMMAND gzip -9nc ${source} OUTPUT_FILE ${ADES_PACKAGING_OUT}/${output} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "gzip ${source}: ${rc}")
    endif()
endforeach()
install(FILES ${ADES_PACKAGING_OUT}/ades.1.gz DESTINATION share/man/man1)
install(FILES ${ADES_PACKAGING_OUT}/changelog.Debian.gz DESTINATION share/doc/ades)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ades)
set(CPACK_PACKAGE_CONTACT "ADES maintainers <maintainers@ades.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Agent Decision and Evidence Service with operator console")
# CPack puts the summary first and turns the empty line into the " ." paragraph break.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ADES runs an HTTP service that answers software agents with bounded decisions
and evidence: IBAN and EU VAT checks, sanctions screening, e-invoice
validation, receipt and invoice extraction and more. Calls are paid per call
over x402, by API key or made as MCP tools; every delivered result carries a
signed receipt that anyone can verify.

The package holds the ades program (the Qt operator console, and the headless
service with 'ades serve'), a systemd unit that runs the service under a
dynamic user, the desktop entry and the ades(1) manual page.")
set(CPACK_DEBIAN_PACKAGE_RELEASE ${ADES_DEB_RELEASE})
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# A umask of 077 must not leave the package's directories or control files unreadable to others.
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/StagingPermissions.cmake)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# Depends: the shared libraries found by dpkg-shlibdeps, plus what the binary loads at run time that shlibdeps
# cannot see. QT_DEBUG_PLUGINS=1 shows `ades serve` loading the plugins sqldrivers/libqsqlite.so (the default
# store; the service refuses to start without it) and tls/libqopensslbackend.so (in libqt6network6, found by
# shlibdeps), and the console platforms/libqxcb.so, imageformats/*, platforminputcontexts/* (all in libqt6gui6).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
# Recommends: the Tesseract data of the default extract/languages (eng+deu) for OCR of scans and photos, and the
# CA certificates every HTTPS upstream (VIES, registers, sanctions lists, chains) is verified against.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ca-certificates, tesseract-ocr-eng, tesseract-ocr-deu")
# Suggests: the QPSQL driver for a PostgreSQL store shared by several instances, Qt's own translations for the
# console's standard dialogs, and the Wayland platform plugin (without it the console runs through XWayland).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libqt6sql6-psql, qt6-translations-l10n, qt6-wayland")

# A RelWithDebInfo binary is ~280 MB: the package ships it stripped (9.8 MB). strip keeps the GNU build id, so
# the unstripped build/app/ades of the same build holds the symbols for a core of the installed one
# (`gdb -e /usr/bin/ades -s build/app/ades -c CORE`). No -dbgsym package: CMake 3.25's CPACK_DEBIAN_DEBUGINFO_PACKAGE
# writes absolute paths into the .ddeb's md5sums and no copyright or changelog, which lintian reports as errors.
set(CPACK_STRIP_FILES ON)
include(CPack)
