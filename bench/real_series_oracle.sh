#!/usr/bin/env bash
# Debian's real patch series against GNU patch 2.7.6, hunk by hunk and tree by tree: lays each
# one out (bench/debian_series_setup.sh, once) and runs bench/gnu_patch_oracle.py on it. One line
# per series; exit 1 when any differs beyond the README's deliberate differences (glibc's binary
# stanza without data: GNU patch creates timezone/testdata/XT6 empty, patchbay does not;
# python3.11's +++ name with spaces, which GNU patch ends at the first space).
#
#   bash bench/real_series_oracle.sh                 # binutils glibc gcc-12 gdb
#   bash bench/real_series_oracle.sh glibc           # one of them
#   bash bench/real_series_oracle.sh src:sed src:tar # any 3.0 (quilt) source package (downloads)
#   PATCHBAY=build/patchbay                          # the binary (default)
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
PATCHBAY="$(realpath "${PATCHBAY:-$HERE/../build/patchbay}")"
status=0
for name in "${@:-binutils glibc gcc-12 gdb}"; do
    for one in $name; do
        dir="$CACHE/${one/:/-}"
        if ! bash "$HERE/debian_series_setup.sh" "$one" >/dev/null; then
            status=1
            continue
        fi
        # binutils_setup.sh's layout (a git pristine tree) has no patchbay.toml of its own
        [ -f "$dir/patchbay.toml" ] ||
            printf '[upstream]\npath = "pristine"\n\n[series]\nfile = "patches/series"\n' \
                >"$dir/patchbay.toml"
        known=()
        # GNU patch creates this file empty from a "Binary files … differ" stanza (README)
        [ "$one" = glibc ] && known=(--known-difference timezone/testdata/XT6)
        # a +++ name with spaces and no TAB: GNU patch ends it at the first space (README)
        [ "$one" = src:python3.11 ] && known=(--known-difference "Misc/NEWS.d/next/Core"
            --known-difference
            "Misc/NEWS.d/next/Core and Builtins/2023-07-18-16-13-51.gh-issue-106092.bObgRM.rst")
        python3 "$HERE/gnu_patch_oracle.py" "$dir" --patchbay "$PATCHBAY" "${known[@]}" ||
            status=1
    done
done
exit "$status"
