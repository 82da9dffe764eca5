#!/usr/bin/env bash
# check-series at scale: a generated series of 1,000 patches (10,000 hunks, 2,000 files touched)
# over a 10,000-file and a 100,000-file tree, same series. Time should follow the bytes the series
# touches, not the tree's size. Each tree is measured as a plain directory and as a git checkout
# (with and without the dirty-checkout check, which reads the whole index and stats every file).
#
#   bash bench/scale_bench.sh        # RUNS=5; cache: $PATCHBAY_BENCH_CACHE or ~/.cache/patchbay-bench
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
SCALE="$CACHE/scale"
RUNS="${RUNS:-5}"
PATCHES_COUNT=1000
PATCHBAY="$(realpath "${PATCHBAY:-$REPO/build/patchbay}")"

generate() {
    local files="$1" dir="$SCALE/$2"
    [ -f "$dir/READY" ] && return 0
    rm -rf "$dir"
    python3 "$HERE/scale_gen.py" "$dir" "$files" "$PATCHES_COUNT"
    rm -rf "$dir/scratch"
    cp -al "$dir/tree" "$dir/git"
    git -C "$dir/git" init -q
    git -C "$dir/git" add -A -f .
    git -C "$dir/git" -c gc.auto=0 -c user.name=bench -c user.email=bench@localhost \
        commit -q -m "generated pristine tree"
    git -C "$dir/git" gc -q
    touch "$dir/READY"
}

check() { echo "$PATCHBAY check-series --pristine $SCALE/$1 --series $SCALE/t100k/patches/series $2"; }

facts() {
    local dir
    for dir in t10k t100k; do
        echo "$dir: $(find "$SCALE/$dir/tree" -type f | wc -l) files, $(du -sb "$SCALE/$dir/tree" | cut -f1) bytes"
    done
    echo "series: $(wc -l <"$SCALE/t100k/patches/series") patches, $(cat "$SCALE"/t100k/patches/*.patch | grep -c '^@@ ') hunks, $(cat "$SCALE"/t100k/patches/*.patch | wc -c) bytes of patches"
    echo "touched files: $(find "$SCALE/t100k/tree/touched" -type f | wc -l), $(du -sb "$SCALE/t100k/tree/touched" | cut -f1) bytes"
    diff -r "$SCALE/t10k/patches" "$SCALE/t100k/patches" >/dev/null && echo "both trees share one series: yes"
    local out rc=0
    out="$($(check t100k/tree ""))" || rc=$?
    echo "check-series on t100k: exit $rc; $(echo "$out" | grep '^totals')"
}

peak_memory() {
    local point
    for point in "t10k/tree|" "t100k/tree|" "t10k/git|" "t100k/git|" "t10k/git|--allow-dirty" "t100k/git|--allow-dirty"; do
        printf '%s %s: %s KB\n' "${point%%|*}" "${point#*|}" \
            "$(/usr/bin/time -f %M $(check "${point%%|*}" "${point#*|}") 2>&1 >/dev/null | tail -1)"
    done
}

main() {
    [ -x "$PATCHBAY" ] || { echo "no patchbay at $PATCHBAY" >&2; exit 1; }
    mkdir -p "$SCALE"
    generate 10000 t10k
    generate 100000 t100k
    [ -n "${SCALE_GENERATE_ONLY:-}" ] && return 0
    facts
    hyperfine -N --warmup 1 --runs "$RUNS" -i --style basic --export-json "$SCALE/times.json" \
        -n "plain dir, 10,000 files" "$(check t10k/tree "")" \
        -n "plain dir, 100,000 files" "$(check t100k/tree "")" \
        -n "git checkout, 10,000 files" "$(check t10k/git "")" \
        -n "git checkout, 100,000 files" "$(check t100k/git "")" \
        -n "git checkout, 10,000 files, --allow-dirty" "$(check t10k/git --allow-dirty)" \
        -n "git checkout, 100,000 files, --allow-dirty" "$(check t100k/git --allow-dirty)" >&2
    peak_memory
    python3 - "$SCALE/times.json" <<'PY'
import json, sys
print("| pristine | median (ms) | min–max (ms) |")
print("|---|---:|---:|")
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| {r['command']} | {r['median']*1000:.1f} | {r['min']*1000:.1f}–{r['max']*1000:.1f} |")
PY
}

main "$@"
