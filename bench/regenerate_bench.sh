#!/usr/bin/env bash
# Benchmark (not a test): `patchbay regenerate NAME` and `regenerate --check` on one patch of a
# 50-patch series over a 20,000-file tree (issue #4: goal under 100 ms each). The generated
# project lives in a cache folder outside the repository and is reused between runs.
#
#   bench/regenerate_bench.sh [PATCHBAY_BINARY]     (default: build/patchbay)
#   PATCHBAY_REGEN_BENCH_CACHE=/some/dir to move the cache
#   (default: ~/.cache/patchbay-regenerate-bench; a folder of its own, marked, never shared)
set -euo pipefail

BIN=$(realpath "${1:-build/patchbay}")
CACHE=${PATCHBAY_REGEN_BENCH_CACHE:-$HOME/.cache/patchbay-regenerate-bench}
MARKER=$CACHE/.patchbay-regenerate-bench
PROJECT=$CACHE/project
FILES=20000
PATCHES=50
TARGET=p25.patch

git_q() { git -C "$CACHE/gen" -c user.name=bench -c user.email=bench@example.com "$@"; }

generate() {
    # Only ever delete inside a folder this script made (other benchmarks keep caches nearby).
    if [ -e "$CACHE" ] && [ ! -f "$MARKER" ]; then
        echo "refusing: $CACHE exists and was not made by this benchmark" >&2; exit 2
    fi
    mkdir -p "$CACHE" && touch "$MARKER"
    rm -rf "$CACHE/gen" "$PROJECT" "$CACHE/wt"
    mkdir -p "$CACHE/gen" "$PROJECT/patches"
    # 20,000 files of 40 lines in 200 folders.
    awk -v files=$FILES -v root="$CACHE/gen" 'BEGIN {
        for (f = 0; f < files; f++) {
            path = sprintf("%s/pkg%03d/mod%05d.py", root, f % 200, f)
            if (f < 200) system("mkdir -p " root "/" sprintf("pkg%03d", f))
            for (l = 0; l < 40; l++) printf "value_%d_%d = %d\n", f, l, l > path
            close(path)
        } }'
    git_q init -q && git_q add -A && git_q commit -qm base
    cp -r "$CACHE/gen" "$PROJECT/upstream" && rm -rf "$PROJECT/upstream/.git"
    : > "$PROJECT/patches/series"
    for n in $(seq 1 $PATCHES); do
        for k in 0 1 2; do   # three files a patch, one hunk each
            f=$(( (n * 397 + k * 6007) % FILES ))
            path=$(printf "pkg%03d/mod%05d.py" $((f % 200)) $f)
            sed -i "$((5 + k * 10))s/\$/  # patch $n/" "$CACHE/gen/$path"
        done
        git_q commit -qam "p$n"
        { printf 'Subject: [PATCH] bench patch %d\n\n--- exported from bench ---\n' "$n"
          git_q diff HEAD~1 HEAD; } > "$PROJECT/patches/p$n.patch"
        echo "p$n.patch" >> "$PROJECT/patches/series"
    done
    printf '[upstream]\npath = "upstream"\n[series]\nfile = "patches/series"\n' > "$PROJECT/patchbay.toml"
}

[ -f "$PROJECT/patchbay.toml" ] || generate
cd "$PROJECT"
WT=$CACHE/wt
[ -f "$MARKER" ] && rm -rf "$WT"
"$BIN" apply --worktree "$WT" --upto $TARGET > /dev/null
owned=$(sed -n 's|^+++ b/||p' patches/$TARGET | head -1)
sed -i '1s/^/# edited in the worktree\n/' "$WT/$owned"
cp patches/$TARGET "$CACHE/original.patch"
"$BIN" regenerate $TARGET --worktree "$WT" --check > /dev/null || true   # warms the index stat cache

CHECK="$BIN regenerate $TARGET --worktree $WT --check"
WRITE="$BIN regenerate $TARGET --worktree $WT"
RESTORE="cp $CACHE/original.patch $PROJECT/patches/$TARGET"
echo "tree: $FILES files, series: $PATCHES patches, regenerating $TARGET ($(nproc) cores)"
if command -v hyperfine > /dev/null; then
    # -i: --check exits 1 here on purpose (the patch on disk is stale before each run).
    hyperfine -N --warmup 3 --runs 30 -i --export-json "$CACHE/hyperfine.json" \
        --prepare "$RESTORE" -n "regenerate" "$WRITE" -n "regenerate --check" "$CHECK" \
        > /dev/null 2>&1
    python3 - "$CACHE/hyperfine.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']:<20} median {r['median'] * 1000:7.1f} ms  (mean {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms, {len(r['times'])} runs)")
PY
else
    median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] / 1e6 " ms" }'; }
    for mode in write check; do
        for i in $(seq 1 30); do
            $RESTORE
            start=$(date +%s%N)
            if [ $mode = write ]; then $WRITE > /dev/null || true; else $CHECK > /dev/null || true; fi
            echo $(( $(date +%s%N) - start ))
        done | median | sed "s/^/$mode: median /"
    done
fi
$RESTORE
