#!/usr/bin/env bash
# Fails when a C++ or CUDA source of the project differs from .clang-format's layout; lists the
# files. `bash scripts/format-check.sh --fix` rewrites them in place. Fixture files (inputs
# written by others, kept byte for byte) are not ours to format.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' |
    grep -v -e '^tests/fixtures/' -e '^tests/hostile/cases/' -e '^examples/')
if [ "${1:-}" = "--fix" ]; then
    clang-format -i "${files[@]}"
    exit 0
fi
# One clang-format per file, as many at a time as there are cores; each prints the name of a
# file that differs.
mapfile -t unformatted < <(printf '%s\0' "${files[@]}" | xargs -0 -P"$(nproc)" -n1 \
    sh -c 'clang-format --dry-run -Werror "$1" >/dev/null 2>&1 || echo "$1"' sh | sort)
if [ "${#unformatted[@]}" -ne 0 ]; then
    echo "format-check: ${#unformatted[@]} files differ from .clang-format:" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    echo "format-check: run 'bash scripts/format-check.sh --fix'" >&2
    exit 1
fi
echo "format-check: ${#files[@]} files match .clang-format"
