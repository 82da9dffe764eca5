#!/usr/bin/env bash
# Reconstructs the pristine binutils tree that Debian's quilt series applies to, once, into a cache
# folder outside the repository. Debian's binutils-source ships its tarball packed from the already
# patched tree, so the series cannot be applied to it directly: we reverse the series (last patch
# first, every hunk exact) and then prove that the forward series reproduces the shipped tarball.
#
#   bash bench/binutils_setup.sh            # cache: $PATCHBAY_BENCH_CACHE or ~/.cache/patchbay-bench
#
# Leaves in $CACHE/binutils:
#   pristine/      a git repository whose commit tagged `pristine` is the reconstructed upstream tree
#   patches/       the series file and its patches, copied from the package
#   shipped.sha256 manifest of the tarball as shipped (files and symlinks, .git excluded)
#   FACTS          what was found: package version, active entries, hunks, files
#   READY          written last; its presence makes the script a no-op
set -euo pipefail

CACHE="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}"
WORK="$CACHE/binutils"
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"

fail() {
    echo "binutils_setup: $*" >&2
    exit 1
}

download_package() {
    mkdir -p "$WORK/deb"
    if ! ls "$WORK"/deb/binutils-source_*.deb >/dev/null 2>&1; then
        (cd "$WORK/deb" && { apt-get download binutils-source 2>/dev/null ||
            { apt-get update -qq && apt-get download binutils-source; }; }) ||
            fail "apt-get download binutils-source failed"
    fi
    DEB="$(ls "$WORK"/deb/binutils-source_*.deb | head -1)"
}

unpack_package() {
    rm -rf "$WORK/pkg"
    dpkg-deb -x "$DEB" "$WORK/pkg"
    TARBALL="$(ls "$WORK"/pkg/usr/src/binutils/binutils-*.tar.* | head -1)"
    [ -f "$TARBALL" ] || fail "no tarball under usr/src/binutils"
    [ -f "$WORK/pkg/usr/src/binutils/patches/series" ] || fail "no usr/src/binutils/patches/series"
    rm -rf "$WORK/patches"
    cp -a "$WORK/pkg/usr/src/binutils/patches" "$WORK/patches"
}

unpack_tarball_into() {
    local dir="$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    tar -xf "$TARBALL" -C "$dir" --strip-components=1
}

reverse_series() {
    local tree="$1" name
    for name in $(active_patches "$WORK/patches/series" | tac); do
        patch -R -p1 --fuzz=0 -s -f --no-backup-if-mismatch -d "$tree" \
            -i "$WORK/patches/$name" ||
            fail "$name does not reverse exactly (patch -R -p1 --fuzz=0)"
    done
    if [ -n "$(find "$tree" -name '*.rej' -o -name '*.orig' | head -1)" ]; then
        fail "reversing left .rej/.orig files"
    fi
}

forward_series() {
    local tree="$1" name
    for name in $(active_patches "$WORK/patches/series"); do
        patch -p1 --fuzz=0 -s -f --no-backup-if-mismatch -d "$tree" -i "$WORK/patches/$name" ||
            fail "$name does not apply forward to the reconstructed pristine tree"
    done
}

commit_pristine() {
    local tree="$1"
    git -C "$tree" init -q
    # -f: the tarball carries .gitignore files that would otherwise hide shipped files
    git -C "$tree" add -A -f .
    git -C "$tree" -c gc.auto=0 -c user.name=bench -c user.email=bench@localhost \
        commit -q -m "binutils pristine, reconstructed by reversing the Debian series"
    git -C "$tree" tag -f pristine >/dev/null
    # packed, as a clone of a real upstream would be
    git -C "$tree" gc -q
}

verify_forward() {
    local check="$WORK/verify"
    rm -rf "$check"
    mkdir -p "$check"
    git -C "$WORK/pristine.tmp" archive pristine | tar -x -C "$check"
    forward_series "$check"
    tree_manifest "$check" >"$WORK/forward.sha256"
    if ! cmp -s "$WORK/shipped.sha256" "$WORK/forward.sha256"; then
        diff "$WORK/shipped.sha256" "$WORK/forward.sha256" | head -20 >&2
        fail "the forward series does not reproduce the shipped tarball"
    fi
    rm -rf "$check"
}

count_hunks() {
    local name total=0
    for name in $(active_patches "$WORK/patches/series"); do
        total=$((total + $(grep -c '^@@ ' "$WORK/patches/$name")))
    done
    echo "$total"
}

write_facts() {
    local shipped_files pristine_files
    shipped_files=$(grep -cv -e '^link ' -e '^exec ' "$WORK/shipped.sha256")
    pristine_files=$(git -C "$WORK/pristine" ls-files | wc -l)
    {
        echo "package: $(basename "$DEB")"
        echo "tarball: $(basename "$TARBALL")"
        echo "series entries (lines naming a patch, active or commented): $(grep -cE '^#?[^# ]+\.(diff|patch)' "$WORK/patches/series")"
        echo "active entries: $(active_patches "$WORK/patches/series" | wc -l)"
        echo "hunks in active entries: $(count_hunks)"
        echo "patch files in patches/: $(ls "$WORK/patches" | grep -cvx series)"
        echo "regular files in shipped tarball: $shipped_files (symlinks: $(grep -c '^link ' "$WORK/shipped.sha256" || true), executable: $(grep -c '^exec ' "$WORK/shipped.sha256"))"
        echo "files in pristine tree (git ls-files): $pristine_files"
        echo "forward series reproduces shipped tarball: yes (sha256 manifests equal)"
    } >"$WORK/FACTS"
}

main() {
    if [ -f "$WORK/READY" ] && git -C "$WORK/pristine" rev-parse -q --verify pristine >/dev/null; then
        cat "$WORK/FACTS"
        return 0
    fi
    rm -f "$WORK/READY"
    download_package
    unpack_package
    unpack_tarball_into "$WORK/pristine.tmp"
    tree_manifest "$WORK/pristine.tmp" >"$WORK/shipped.sha256"
    reverse_series "$WORK/pristine.tmp"
    commit_pristine "$WORK/pristine.tmp"
    verify_forward
    rm -rf "$WORK/pristine"
    mv "$WORK/pristine.tmp" "$WORK/pristine"
    write_facts
    touch "$WORK/READY"
    cat "$WORK/FACTS"
}

main "$@"
