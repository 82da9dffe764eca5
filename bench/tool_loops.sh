#!/usr/bin/env bash
# The per-patch loops that the benchmarks time, one process per loop run:
#   tool_loops.sh patch-loop     TREE PATCHES   GNU patch, one call per active entry
#   tool_loops.sh git-apply-loop TREE PATCHES   git apply, one call per active entry
#   tool_loops.sh floor          LIST           cat every file named in LIST to /dev/null
# A refusal stops the loop with the failing patch named (the benchmark must not time half a job).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"

patch_loop() {
    local tree="$1" patches="$2" name
    for name in $(active_patches "$patches/series"); do
        patch -p1 --fuzz=0 -s -d "$tree" -i "$patches/$name" || { echo "patch refused $name" >&2; exit 1; }
    done
}

git_apply_loop() {
    local tree="$1" patches="$2" name
    cd "$tree"
    for name in $(active_patches "$patches/series"); do
        git apply -p1 "$patches/$name" || { echo "git apply refused $name" >&2; exit 1; }
    done
}

floor() {
    xargs -d '\n' cat <"$1" >/dev/null
}

case "$1" in
    patch-loop) patch_loop "$2" "$3" ;;
    git-apply-loop) git_apply_loop "$2" "$3" ;;
    floor) floor "$2" ;;
    *) echo "usage: $0 patch-loop|git-apply-loop|floor ..." >&2; exit 2 ;;
esac
