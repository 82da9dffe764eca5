#!/usr/bin/env bash
# Deep paths (issue #27 item 13): check-series on a one-patch series whose only file is N
# folders deep, created by the patch (a new path) or modified in the upstream (an existing one,
# at most ~1,000 levels: the whole path must fit in PATH_MAX for any tool to open it). Prints
# wall time and peak memory of patchbay, and of GNU patch (--dry-run) on the same patch.
#   bash bench/deep_path_bench.sh [PATCHBAY]     (default build/patchbay)
set -euo pipefail
patchbay="$(realpath "${1:-build/patchbay}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make_case() {  # make_case DIR LEVELS new|existing
    local dir="$1" levels="$2" kind="$3"
    mkdir -p "$dir/up" "$dir/patches"
    echo 0001.patch >"$dir/patches/series"
    printf '[upstream]\npath = "up"\n\n[series]\nfile = "patches/series"\nstrip = 1\n' \
        >"$dir/patchbay.toml"
    python3 - "$dir" "$levels" "$kind" <<'PY'
import os, sys
root, levels, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
path = "d/" * levels + "f.txt"
if kind == "existing":
    os.chdir(os.path.join(root, "up"))
    for _ in range(levels):  # folder by folder: the whole path may pass PATH_MAX
        os.mkdir("d"); os.chdir("d")
    open("f.txt", "w").write("x\n")
    hunk = "@@ -1 +1 @@\n-x\n+y\n"
else:
    hunk = "@@ -0,0 +1 @@\n+x\n"
with open(os.path.join(root, "patches", "0001.patch"), "w") as out:
    out.write(f"--- a/{path}\n+++ b/{path}\n{hunk}")
PY
}

measure() {  # measure LABEL DIR COMMAND...
    local label="$1" dir="$2"
    shift 2
    (cd "$dir" && /usr/bin/time -o "$work/time" -f '%e s, %M kB' "$@" >/dev/null 2>&1) || true
    printf '  %-9s %s\n' "$label" "$(tail -1 "$work/time")"
}

for spec in "new 1000" "new 10000" "new 100000" "existing 100" "existing 1000"; do
    read -r kind levels <<<"$spec"
    dir="$work/$kind-$levels"
    make_case "$dir" "$levels" "$kind"
    echo "$kind path, $levels levels:"
    measure patchbay "$dir" "$patchbay" check-series
    measure patch "$dir/up" sh -c "patch --dry-run -s -p1 < ../patches/0001.patch; true"
done
