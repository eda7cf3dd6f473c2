# CPACK_PRE_BUILD_SCRIPTS: runs on CPack's staging folder before the .deb is made. install() creates the
# implicit directories (usr/, usr/share/doc/ades/ ...) with mkdir under the caller's umask, which
# CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS cannot widen: under umask 077 the package would carry 0700
# directories (lintian: non-standard-dir-perm) and dpkg would create e.g. /usr/share/doc/ades unreadable to
# users. Every staged directory becomes 0755; files keep the modes install() set explicitly.
if(NOT IS_DIRECTORY "${CPACK_TEMPORARY_DIRECTORY}")
    message(FATAL_ERROR "StagingPermissions: no staging folder '${CPACK_TEMPORARY_DIRECTORY}'")
endif()
file(GLOB_RECURSE staged LIST_DIRECTORIES true "${CPACK_TEMPORARY_DIRECTORY}/*")
foreach(path IN LISTS staged ITEMS "${CPACK_TEMPORARY_DIRECTORY}")
    if(IS_DIRECTORY "${path}" AND NOT IS_SYMLINK "${path}")
        file(CHMOD "${path}" DIRECTORY_PERMISSIONS
            OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    endif()
endforeach()
