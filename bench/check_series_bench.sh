#!/usr/bin/env bash
# check-series against the tools users run today, on Debian's binutils series, side by side in one
# hyperfine run (whole process, warm-up then RUNS timed runs each). Prints a markdown table with
# medians, min–max and ratios, peak memory, copy times, and whether every tool's tree equals
# patchbay's. Needs bench/binutils_setup.sh first (it runs it; a no-op once done).
#
#   bash bench/check_series_bench.sh        # RUNS=7 PATCHBAY=build/patchbay by default
#
# Timings on a shared machine are noisy: read the min column and the callgrind counts in
# RESULTS.md before drawing conclusions.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
WORK="$CACHE/binutils"
RUN="$CACHE/run-binutils"
RUNS="${RUNS:-7}"
PATCHBAY="$(realpath "${PATCHBAY:-$REPO/build/patchbay}")"
LOOPS="$HERE/tool_loops.sh"
PRISTINE="$WORK/pristine"
PATCHES="$WORK/patches"

fail() {
    echo "check_series_bench: $*" >&2
    exit 1
}

touched_paths() {
    local name
    for name in $(active_patches "$PATCHES/series"); do
        sed -n -e 's/^+++ [^/]*\/\([^\t]*\).*/\1/p' -e 's/^--- [^/]*\/\([^\t]*\).*/\1/p' \
            "$PATCHES/$name"
    done | sort -u
}

prepare_inputs() {
    bash "$HERE/binutils_setup.sh" >/dev/null
    [ -x "$PATCHBAY" ] || fail "no patchbay at $PATCHBAY (build it first)"
    mkdir -p "$RUN"
    if [ ! -f "$RUN/plain.done" ]; then
        rm -rf "$RUN/plain"
        mkdir -p "$RUN/plain"
        git -C "$PRISTINE" archive pristine | tar -x -C "$RUN/plain"
        touch "$RUN/plain.done"
    fi
    {
        for name in $(active_patches "$PATCHES/series"); do echo "$PATCHES/$name"; done
        touched_paths | while read -r path; do
            [ -f "$RUN/plain/$path" ] && echo "$RUN/plain/$path"
        done
    } >"$RUN/floor.list"
}

# Exit 0 since issue #14: whitespace errors, commented-out entries and unlisted patch files only
# warn by default. What matters is that all 23 entries and 78 hunks apply exactly.
sanity_check_patchbay() {
    local out rc=0
    out="$("$PATCHBAY" check-series --pristine "$PRISTINE" --series "$PATCHES/series")" || rc=$?
    echo "$out" | grep -q "23 applied, 0 skipped, 0 rejected, 0 failed, 9 disabled; 78 hunks: 78 exact" ||
        fail "check-series does not report 23 applied, 9 disabled / 78 exact (rc $rc)"
    echo "check-series exit status on this series: $rc ($(echo "$out" | grep -c 'whitespace:') whitespace, $(echo "$out" | grep -c 'unlisted:') unlisted, $(echo "$out" | grep -c 'disabled:') disabled warnings)"
}

# Which patches git apply refuses that GNU patch accepts, applied in order on a fresh copy.
git_apply_refusals() {
    local copy="$RUN/refusals" name refused=""
    rm -rf "$copy" && cp -a "$RUN/plain" "$copy"
    for name in $(active_patches "$PATCHES/series"); do
        if ! (cd "$copy" && git apply --check -p1 "$PATCHES/$name" 2>/dev/null); then
            refused="$refused $name"
        fi
        patch -p1 --fuzz=0 -s -d "$copy" -i "$PATCHES/$name"
    done
    rm -rf "$copy"
    echo "git apply refuses (GNU patch accepts):${refused:- none}"
}

# The copy is written back before the timed run starts: otherwise every tool is timed beside
# the kernel flushing 100 MB of fresh files.
fresh_copy() { echo "rm -rf $RUN/$1 && cp -a $RUN/plain $RUN/$1 && sync"; }

run_hyperfine() {
    local check="$PATCHBAY check-series --pristine $PRISTINE --series $PATCHES/series"
    local apply="$PATCHBAY apply --pristine $PRISTINE --series $PATCHES/series --worktree $RUN/wt-patchbay"
    local gitwt="git -C $PRISTINE worktree add -q --detach $RUN/wt-git pristine && $LOOPS patch-loop $RUN/wt-git $PATCHES"
    local unwt="git -C $PRISTINE worktree remove --force $RUN/wt-git 2>/dev/null; rm -rf $RUN/wt-git; git -C $PRISTINE worktree prune"
    hyperfine --warmup 1 --runs "$RUNS" -i --style basic --export-json "$RUN/times.json" \
        -n "patchbay check-series" --prepare true "$check" \
        -n "patchbay check-series --allow-dirty" --prepare true "$check --allow-dirty" \
        -n "quilt push -a" --prepare "$(fresh_copy quilt) && ln -s $PATCHES $RUN/quilt/patches" \
        "cd $RUN/quilt && quilt --quiltrc /dev/null push -a -q --fuzz=0" \
        -n "patch loop" --prepare "$(fresh_copy patch)" "$LOOPS patch-loop $RUN/patch $PATCHES" \
        -n "git apply loop" --prepare "$(fresh_copy gitapply)" \
        "$LOOPS git-apply-loop $RUN/gitapply $PATCHES" \
        -n "floor (cat)" --prepare true "$LOOPS floor $RUN/floor.list" \
        -n "copy (cp -a, not counted above)" --prepare "rm -rf $RUN/copyprobe" \
        "cp -a $RUN/plain $RUN/copyprobe" \
        -n "patchbay apply --worktree" --prepare "rm -rf $RUN/wt-patchbay" "$apply" \
        -n "git worktree add + patch loop" --prepare "$unwt" "$gitwt" >&2
}

# Peak RSS (KB) of one run of each command after its preparation; for a loop, the largest process.
peak_memory() {
    local name cmd prep
    while IFS='|' read -r name prep cmd; do
        bash -c "$prep" >/dev/null 2>&1 || true
        printf '%s|%s\n' "$name" "$(/usr/bin/time -f %M bash -c "$cmd" 2>&1 >/dev/null | tail -1)"
    done <<EOF
patchbay check-series|true|$PATCHBAY check-series --pristine $PRISTINE --series $PATCHES/series
patchbay check-series --allow-dirty|true|$PATCHBAY check-series --allow-dirty --pristine $PRISTINE --series $PATCHES/series
quilt push -a|$(fresh_copy quilt) && ln -s $PATCHES $RUN/quilt/patches|cd $RUN/quilt && quilt --quiltrc /dev/null push -a -q --fuzz=0
patch loop|$(fresh_copy patch)|$LOOPS patch-loop $RUN/patch $PATCHES
git apply loop|$(fresh_copy gitapply)|$LOOPS git-apply-loop $RUN/gitapply $PATCHES
floor (cat)|true|$LOOPS floor $RUN/floor.list
patchbay apply --worktree|rm -rf $RUN/wt-patchbay|$PATCHBAY apply --pristine $PRISTINE --series $PATCHES/series --worktree $RUN/wt-patchbay
EOF
}

# Every tool's final tree (left by its last run) against patchbay apply's, and that against the
# tarball Debian shipped.
compare_trees() {
    rm -f "$RUN/quilt/patches"
    tree_manifest "$RUN/wt-patchbay" >"$RUN/patchbay.sha256"
    local dir
    for dir in quilt patch gitapply wt-git; do
        tree_manifest "$RUN/$dir" >"$RUN/$dir.sha256"
        if cmp -s "$RUN/patchbay.sha256" "$RUN/$dir.sha256"; then
            echo "tree equal to patchbay apply's: $dir"
        else
            echo "TREE DIFFERS from patchbay apply's: $dir ($(diff "$RUN/patchbay.sha256" "$RUN/$dir.sha256" | grep -c '^[<>]') lines)"
        fi
    done
    if cmp -s "$RUN/patchbay.sha256" "$WORK/shipped.sha256"; then
        echo "patchbay apply's tree equals Debian's shipped (patched) tarball: yes"
    else
        echo "patchbay apply's tree equals Debian's shipped (patched) tarball: NO"
    fi
}

floor_facts() {
    echo "floor reads $(wc -l <"$RUN/floor.list") files, $(xargs -d '\n' cat <"$RUN/floor.list" | wc -c) bytes"
}

# The glibc-sized case (issue #14): Debian's glibc 2.36 series, 109 entries and 2,119 hunks with
# a 22,000-line git-updates.diff, against quilt and the patch loop in the same script run.
# BENCH_GLIBC=0 leaves it out.
run_glibc() {
    [ "${BENCH_GLIBC:-1}" = 1 ] || return 0
    bash "$HERE/debian_series_setup.sh" glibc >/dev/null
    local project="$CACHE/glibc" run="$CACHE/run-glibc"
    mkdir -p "$run"
    if [ ! -f "$run/plain.done" ]; then
        rm -rf "$run/plain" && cp -a "$project/pristine" "$run/plain" && touch "$run/plain.done"
    fi
    local check="$PATCHBAY check-series --config $project/patchbay.toml"
    $check | grep '^totals:' || true
    sync
    sleep 5
    hyperfine --warmup 1 --runs "$RUNS" -i --style basic --export-json "$run/times.json" \
        -n "patchbay check-series" --prepare true "$check" \
        -n "quilt push -a" \
        --prepare "rm -rf $run/quilt && cp -a $run/plain $run/quilt && ln -s $project/patches $run/quilt/patches && sync" \
        "cd $run/quilt && quilt --quiltrc /dev/null push -a -q --fuzz=0" \
        -n "patch loop" --prepare "rm -rf $run/patch && cp -a $run/plain $run/patch && sync" \
        "$LOOPS patch-loop $run/patch $project/patches" >&2
    echo "glibc 2.36 (109 entries, 2,119 hunks):"
    python3 "$HERE/table.py" "$run/times.json"
}

main() {
    prepare_inputs
    sanity_check_patchbay
    git_apply_refusals
    floor_facts
    sync  # the copies above, written back before anything is timed
    # Deleting and copying 27,000 files leaves the kernel work for some seconds after sync: the
    # first command timed took 5 ms more system time than the same one timed next (round 6).
    sleep 10
    run_hyperfine
    peak_memory >"$RUN/memory.txt"
    compare_trees
    echo "binutils 2.40 (23 entries, 78 hunks):"
    python3 "$HERE/table.py" "$RUN/times.json" "$RUN/memory.txt"
    run_glibc
}

main "$@"
