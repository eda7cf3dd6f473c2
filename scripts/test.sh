#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs the whole test suite.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ades_install_packages
ADES_BUILD_DIR="${ADES_BUILD_DIR:-$ADES_ROOT/build}"
ades_build -DADES_WERROR=ON -DADES_TESTS=ON
cd "$ADES_BUILD_DIR"
# Tests labelled slow (the OCR conformance run, about 15 minutes) only with ADES_SLOW_TESTS=1.
skip_slow=(-LE slow)
[ "${ADES_SLOW_TESTS:-0}" = 1 ] && skip_slow=()
ctest --output-on-failure --parallel "$(nproc)" "${skip_slow[@]}" "$@"
