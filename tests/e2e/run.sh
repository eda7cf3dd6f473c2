#!/usr/bin/env bash
# ctest entry of the end-to-end payment test (payments issue): installs the pinned npm packages once, then
# runs node's test runner with ADES_BIN set. Exit 77 (ctest SKIP_RETURN_CODE) when node or npm is missing.
# Usage: run.sh PATH_TO_ADES
set -euo pipefail

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: the end-to-end payment test needs node (>= 20) and npm on PATH"
    exit 77
fi
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: run.sh PATH_TO_ADES (an executable ades binary)" >&2
    exit 2
fi
ades_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
    echo "SKIP: the end-to-end payment test needs node >= 20 (found $(node --version))"
    exit 77
fi

cd "$(dirname "$0")"
# Several build trees may run the suite at once against this one source folder: npm ci (which deletes
# node_modules first) runs under an exclusive lock, the tests under a shared one.
exec 9<package-lock.json
stamp=node_modules/.ades-installed-package-lock.json
flock -x 9
if ! cmp -s package-lock.json "$stamp"; then
    echo "e2e: npm ci (first run or changed package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
fi
flock -s 9

export ADES_BIN="$ades_bin"
exec node --test --test-concurrency=1 x402.e2e.test.mjs
