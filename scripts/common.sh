#!/usr/bin/env bash
# Shared by scripts/run.sh and scripts/test.sh: install what is missing, configure and build.
set -euo pipefail

ADES_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ADES_BUILD_DIR="${ADES_BUILD_DIR:-$ADES_ROOT/build}"

# Debian 12 packages the build, the tests and the console need (docs/architecture.md, Qt 6.4 pitfalls:
# packages).
ADES_PACKAGES=(
    cmake ninja-build g++ ccache pkg-config
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev libqt6sql6-sqlite libqt6sql6-psql libpq-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-charts-dev libqt6opengl6-dev
    libsecp256k1-dev libssl-dev libgl-dev zlib1g-dev libqpdf-dev libpugixml-dev libicu-dev libgumbo-dev
    libqrencode-dev zbar-tools
    libtesseract-dev libleptonica-dev tesseract-ocr-eng tesseract-ocr-deu libpoppler-cpp-dev
    # The slow OCR conformance test renders the Factur-X PDFs with pdftoppm.
    poppler-utils
    xvfb xauth clang-format
    # The store's tests on PostgreSQL start a cluster of their own with Debian's server binaries; the
    # several-instances tests put nginx in front of two `ades serve`.
    postgresql nginx
    # tests/packaging/deb.sh: CPack's .deb (dpkg-shlibdeps, file, strip), lintian, systemd-analyze
    dpkg-dev file binutils lintian systemd
)

ades_install_packages() {
    local missing=()
    for p in "${ADES_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    # The end-to-end tests run real npm clients (tests/e2e); any Node.js ≥ 18 with npm will do, so Debian's
    # is installed only when the machine has none (the MCP conformance suite brings its own Node 22 via npm).
    command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

ades_configure() {
    local extra=("$@")
    export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
    export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
    # Paths relative to the folder above the checkout, and no working directory in the hash: a fresh clone
    # elsewhere (CI) or a second work tree beside this one reuses the same cache entries.
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$ADES_ROOT")}"
    export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
    cmake -S "$ADES_ROOT" -B "$ADES_BUILD_DIR" -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
        "${extra[@]}"
}

ades_build() {
    ades_configure "$@"
    cmake --build "$ADES_BUILD_DIR" --parallel "$(nproc)"
}
