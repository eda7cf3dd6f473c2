#!/usr/bin/env bash
# Every C++ file must be formatted by the committed .clang-format.
cd "$(dirname "$0")/.."
formatter="${1:-clang-format}"
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find app service ui tests -name '*.cpp' -o -name '*.h')
[ -z "$files" ] && exit 0
exec "$formatter" --dry-run --Werror $files
