#!/usr/bin/env bash
# Benchmark (not a test): `patchbay regenerate` round-trips on Debian's real patch series (issue
# #28, "Your own corpus"). Each package is laid out once by bench/debian_series_setup.sh; then,
# for every series entry that check-series applies, on a worktree made by
# `apply --worktree W --upto NAME`:
#   (a) `regenerate NAME --worktree W --check` on the unedited worktree: up to date (exit 0) or not
#   (b) `regenerate NAME --worktree W` on the unedited worktree leaves the patch file byte for byte
#   (c) a one-line edit: in the first hunk of the first modified text file of the patch, the first
#       line the hunk adds (else its first context line) gets a suffix in W; after regenerate, a
#       line diff of the old and the new patch text must change lines inside that hunk only
#       ("exact": the only change is that line gaining the suffix). The patch file is restored
#       from a saved copy after every run.
# The hunk and the edited line come from the patch text (bench/regenerate_roundtrip.py), never
# from patchbay's output. One table row per package, then the totals; the output of every stale
# --check, changed unedited regenerate and edit outside its hunk is kept under $RUN/PKG/failures/.
#
#   bash bench/regenerate_roundtrip.sh [PATCHBAY_BINARY] [src:PKG ...]
#        default binary: build/patchbay; default packages: the 15 of bench/REGENERATE_RESULTS.md
#   PATCHBAY_BENCH_CACHE=/some/dir   the cache (default ~/.cache/patchbay-bench); the projects
#                                    this script runs in are copies under $CACHE/roundtrip/
#
# Needs deb-src lines in apt's sources and the network on the first run (the layout is cached).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
BIN="$(realpath "${1:-$REPO/build/patchbay}")"
shift || true
PACKAGES=("$@")
[ "${#PACKAGES[@]}" -gt 0 ] ||
    PACKAGES=(src:bash src:openssh src:curl src:tar src:grep src:less src:screen src:coreutils
        src:cron src:diffutils src:findutils src:gzip src:procps src:sed src:wget)
CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
ROOT="$CACHE/roundtrip"
HELPER="$HERE/regenerate_roundtrip.py"
export PATCHBAY_BENCH_CACHE="$CACHE"

[ -x "$BIN" ] || { echo "regenerate_roundtrip: no binary at $BIN" >&2; exit 2; }

# One package; prints its table row and appends its counts to $ROOT/counts.
run_package() {
    local name="$1" src proj series run wt entry strip rc state
    src="$CACHE/${name/:/-}"
    bash "$HERE/debian_series_setup.sh" "$name" >/dev/null
    run="$ROOT/${name#src:}"
    proj="$run/project"
    wt="$run/wt"
    rm -rf "$run" && mkdir -p "$proj" "$run/failures" "$run/saved"
    cp -a "$src/patches" "$proj/patches"
    series="$(sed -n 's/^file = "\(.*\)"/\1/p' "$src/patchbay.toml")"
    printf '[upstream]\npath = "%s"\n\n[series]\nfile = "%s"\n' "$src/pristine" "$series" \
        >"$proj/patchbay.toml"
    local entries=0 check_ok=0 check_stale=0 check_err=0 same=0 changed=0
    local edit_exact=0 edit_hunk=0 edit_outside=0 edit_na=0 edit_err=0
    (cd "$proj" && { "$BIN" check-series --format json 2>/dev/null || true; }) |
        python3 "$HELPER" entries >"$run/entries"
    while read -r entry strip; do
        entries=$((entries + 1))
        local patch="$proj/patches/$entry" saved="$run/saved/${entry//\//_}"
        local fail="$run/failures/${entry//\//_}"
        cp -p "$patch" "$saved"
        rm -rf "$wt"
        # Exit 1 is a series that fails the policy (a vacuous patch, say): the worktree is
        # written all the same, and regenerate works on it.
        rc=0
        (cd "$proj" && "$BIN" apply --worktree "$wt" --upto "$entry" >/dev/null 2>&1) || rc=$?
        [ "$rc" -le 1 ] && [ -d "$wt/.git" ] || {
            echo "apply --upto $entry failed (exit $rc)" >"$fail.apply"
            check_err=$((check_err + 1)) edit_err=$((edit_err + 1))
            continue
        }
        # (a) --check on the unedited worktree
        rc=0
        (cd "$proj" && "$BIN" regenerate "$entry" --worktree "$wt" --check >"$fail.check" 2>&1) ||
            rc=$?
        case "$rc" in
        0) check_ok=$((check_ok + 1)) && rm -f "$fail.check" ;;
        1) check_stale=$((check_stale + 1)) ;;
        *) check_err=$((check_err + 1)) ;;
        esac
        # (b) regenerate on the unedited worktree
        rc=0
        (cd "$proj" && "$BIN" regenerate "$entry" --worktree "$wt" >"$fail.unedited" 2>&1) ||
            rc=$?
        if [ "$rc" = 0 ] && cmp -s "$saved" "$patch"; then
            same=$((same + 1)) && rm -f "$fail.unedited"
        else
            changed=$((changed + 1))
            { echo "exit $rc"; diff -u "$saved" "$patch" || true; } >>"$fail.unedited"
        fi
        cp -p "$saved" "$patch"
        # (c) one line edited inside the patch's first hunk
        state="$run/state.json"
        rc=0
        python3 "$HELPER" edit "$patch" "$strip" "$wt" "$state" >"$fail.edit" 2>&1 || rc=$?
        if [ "$rc" = 3 ]; then
            edit_na=$((edit_na + 1)) && mv "$fail.edit" "$fail.edit-na"
            continue
        elif [ "$rc" != 0 ]; then
            edit_err=$((edit_err + 1))
            continue
        fi
        rc=0
        (cd "$proj" && "$BIN" regenerate "$entry" --worktree "$wt" >"$fail.edit" 2>&1) || rc=$?
        echo "regenerate exit $rc" >>"$fail.edit"
        if [ "$rc" -ge 2 ]; then
            edit_err=$((edit_err + 1))
        else
            rc=0
            python3 "$HELPER" compare "$saved" "$patch" "$state" >"$run/verdict" 2>&1 || rc=$?
            cat "$run/verdict" >>"$fail.edit"
            case "$rc:$(head -c 5 "$run/verdict")" in
            0:exact) edit_exact=$((edit_exact + 1)) && rm -f "$fail.edit" ;;
            0:*) edit_hunk=$((edit_hunk + 1)) && mv "$fail.edit" "$fail.edit-hunk" ;;
            1:*) edit_outside=$((edit_outside + 1)) ;;
            *) edit_err=$((edit_err + 1)) ;;
            esac
        fi
        cp -p "$saved" "$patch"
    done <"$run/entries"
    rm -rf "$wt"
    cmp -s <(tree_manifest "$src/patches") <(tree_manifest "$proj/patches") ||
        { echo "regenerate_roundtrip: $name: patches/ not restored" >&2; exit 1; }
    local version
    version="$(sed -n 's/^package: [^ ]* //p' "$src/FACTS")"
    printf '%s %s %d %d %d %d %d %d %d %d %d %d %d\n' "${name#src:}" "$version" "$entries" \
        "$check_ok" "$check_stale" "$check_err" "$same" "$changed" \
        "$edit_exact" "$edit_hunk" "$edit_outside" "$edit_na" "$edit_err" >>"$ROOT/counts"
}

mkdir -p "$ROOT"
rm -f "$ROOT/counts"
for name in "${PACKAGES[@]}"; do
    run_package "$name"
done

# exact + hunk = the edit touched only its hunk
awk 'BEGIN {
    printf "| package | version | patches | --check up to date | stale | error "
    printf "| unedited byte for byte | changed | edit only its hunk (exact) "
    printf "| edit outside its hunk | no edit possible | edit error |\n"
    printf "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
}
function row(n, v, e, ok, st, er, sa, ch, ex, hu, ou, na, ee) {
    printf "| %s | %s | %d | %d | %d | %d | %d | %d | %d (%d) | %d | %d | %d |\n",
        n, v, e, ok, st, er, sa, ch, ex + hu, ex, ou, na, ee
}
{
    row($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
    for (i = 3; i <= 13; i++) t[i] += $i
}
END {
    row("**total**", "", t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13])
}' \
    "$ROOT/counts"
echo
echo "Failing cases (kept under $ROOT/PACKAGE/failures/):"
for name in "${PACKAGES[@]}"; do
    dir="$ROOT/${name#src:}/failures"
    for file in "$dir"/*.check "$dir"/*.unedited "$dir"/*.edit "$dir"/*.edit-na "$dir"/*.apply; do
        [ -f "$file" ] || continue
        entry="$(basename "$file")"
        case "$file" in
        *.check) echo "  ${name#src:} ${entry%.check}: --check: $(tail -1 "$file")" ;;
        *.unedited) echo "  ${name#src:} ${entry%.unedited}: unedited regenerate changed it" ;;
        *.edit)
            echo "  ${name#src:} ${entry%.edit}: edit: $(grep -m1 -E '^(outside|hunk|exact) ' \
                "$file" || tail -1 "$file")"
            ;;
        *.edit-na) echo "  ${name#src:} ${entry%.edit-na}: no edit: $(head -1 "$file")" ;;
        *.apply) echo "  ${name#src:} ${entry%.apply}: $(head -1 "$file")" ;;
        esac
    done
done
