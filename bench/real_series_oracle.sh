#!/usr/bin/env bash
# Debian's real patch series against GNU patch 2.7.6, hunk by hunk and tree by tree: lays each
# one out (bench/debian_series_setup.sh, once) and runs bench/gnu_patch_oracle.py on it. One line
# per series; exit 1 when any differs beyond the README's deliberate differences (glibc's binary
# stanza without data: GNU patch creates timezone/testdata/XT6 empty, patchbay does not).
#
#   bash bench/real_series_oracle.sh                 # binutils glibc gcc-12 gdb
#   bash bench/real_series_oracle.sh glibc           # one of them
#   PATCHBAY=build/patchbay                          # the binary (default)
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
PATCHBAY="$(realpath "${PATCHBAY:-$HERE/../build/patchbay}")"
status=0
for name in "${@:-binutils glibc gcc-12 gdb}"; do
    for one in $name; do
        bash "$HERE/debian_series_setup.sh" "$one" >/dev/null
        # binutils_setup.sh's layout (a git pristine tree) has no patchbay.toml of its own
        [ -f "$CACHE/$one/patchbay.toml" ] ||
            printf '[upstream]\npath = "pristine"\n\n[series]\nfile = "patches/series"\n' \
                >"$CACHE/$one/patchbay.toml"
        known=()
        # GNU patch creates this file empty from a "Binary files … differ" stanza (README)
        [ "$one" = glibc ] && known=(--known-difference timezone/testdata/XT6)
        python3 "$HERE/gnu_patch_oracle.py" "$CACHE/$one" --patchbay "$PATCHBAY" "${known[@]}" ||
            status=1
    done
done
exit "$status"
