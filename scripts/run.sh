#!/usr/bin/env bash
# Installs what is missing, builds, and starts the console; without a display it runs `ades serve`.
# Arguments are passed to ades (e.g. --data-dir DIR).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ades_install_packages
ades_build
exec "$ADES_BUILD_DIR/app/ades" "$@"
