#!/usr/bin/env bash
# patchbay rebase against git cherry-pick on Debian's own upgrades, bookworm → trixie (issue #29).
#
#   bash bench/rebase_debian.sh PATCHBAY [PKG...]     # default: the packages below
#
# Needs deb-src lines for bookworm and trixie. Each package is downloaded once into
# $PATCHBAY_BENCH_CACHE (default /work/corpus-29); each run writes one JSON line per package
# into $PATCHBAY_BENCH_CACHE/results.jsonl and prints the Markdown table
# (bench/rebase_debian.py says how each patch is classified and counted).
set -euo pipefail

PATCHBAY="$(realpath "${1:?usage: rebase_debian.sh PATCHBAY [PKG...]}")"
shift
HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE="${PATCHBAY_BENCH_CACHE:-/work/corpus-29}"
export PATCHBAY_BENCH_CACHE="$CACHE"
PACKAGES=("$@")
[ ${#PACKAGES[@]} -gt 0 ] || PACKAGES=(bash openssh curl tar grep less screen wget procps findutils
    coreutils diffutils gzip file sudo tmux e2fsprogs nginx strace patch logrotate nano shadow
    iproute2 make-dfsg xz-utils lsof)
mkdir -p "$CACHE"
OUT="$CACHE/results.jsonl"
: > "$OUT"
for pkg in "${PACKAGES[@]}"; do
    if ! python3 "$HERE/rebase_debian.py" setup "$pkg" > /dev/null 2> "$CACHE/setup-$pkg.err"; then
        echo "rebase_debian: $pkg skipped, its download or setup failed ($CACHE/setup-$pkg.err)" >&2
        continue
    fi
    python3 "$HERE/rebase_debian.py" run "$PATCHBAY" "$pkg" >> "$OUT" ||
        echo "rebase_debian: $pkg failed" >&2
done
python3 "$HERE/rebase_debian.py" table "$OUT"
