#!/usr/bin/env bash
# The README's install route, for real: builds the .deb (scripts/package.sh, reusing BUILD_DIR
# when given), installs it with apt-get, runs `patchbay --version` and `man patchbay` from the
# installed files, then removes it and checks that nothing of it is left. Needs root; CI runs it
# (.ci/run). The package test of the suite (tests/integration/package_test.sh) checks the
# package's contents without installing it.
#   bash scripts/package-check.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -ne 0 ]; then
    echo "package-check: installs a package; run it as root" >&2
    exit 2
fi
if dpkg -s patchbay >/dev/null 2>&1; then
    echo "package-check: patchbay is installed already; remove it first" >&2
    exit 2
fi
fail() { echo "package-check: FAIL: $*" >&2; exit 1; }

bash scripts/package.sh "$@"
command -v man >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends man-db
deb=$(ls dist/patchbay_*.deb)
DEBIAN_FRONTEND=noninteractive apt-get install -y "./$deb"
trap 'DEBIAN_FRONTEND=noninteractive apt-get remove -y patchbay >/dev/null 2>&1 || true' EXIT

/usr/bin/patchbay --version | grep -qx "patchbay [0-9.]*" || fail "patchbay --version"
page=$(MANPAGER=cat MANWIDTH=100 man patchbay 2>&1) || fail "man patchbay: $page"
grep -q "COMMON OPTIONS" <<<"$page" || fail "man patchbay shows no options"
grep -q -- "--fuzz" <<<"$page" || fail "man patchbay lacks --fuzz"
MANPAGER=cat man patchbay-regenerate-check >/dev/null 2>&1 || fail "man patchbay-regenerate-check"
echo "package-check: installed $(dpkg-query -W -f='${Package} ${Version}' patchbay); version and man page OK"

files=$(dpkg -L patchbay)
DEBIAN_FRONTEND=noninteractive apt-get remove -y patchbay
trap - EXIT
dpkg -s patchbay >/dev/null 2>&1 && fail "still installed after apt-get remove"
for file in $files; do
    [ -f "$file" ] && fail "$file is left after apt-get remove"
done
echo "package-check: removed cleanly"
