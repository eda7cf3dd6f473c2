#!/usr/bin/env bash
# Shared by .ci/sanitize and .ci/fuzz: clang with ASan, UBSan and libFuzzer, and sanitizer options under which
# every finding fails the run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ades_install_clang() {
    local missing=()
    for p in clang libclang-rt-14-dev llvm; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# One build serves both jobs (-DADES_FUZZERS=ON implies the sanitizers, cmake/AdesCommon.cmake): the suite
# runs on code that also carries libFuzzer's coverage instrumentation, and the fuzz targets link against
# libFuzzer. With ccache a second build folder of the same configuration is mostly cache hits.
ades_configure_sanitized() {
    export CC=clang CXX=clang++
    ades_configure -DADES_WERROR=ON -DADES_TESTS=ON -DADES_FUZZERS=ON "$@"
}

# A finding ends the process with a non-zero status: ASan halts on the first error, UBSan does not recover
# (-fno-sanitize-recover=undefined), LeakSanitizer reports leaks at exit. tests/sanitizers/lsan.supp names
# leaks inside third-party libraries only (never an ADES frame).
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1:print_summary=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:print_summary=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$ADES_ROOT/tests/sanitizers/lsan.supp:print_suppressions=0}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer || true)}"
