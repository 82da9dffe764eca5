#!/usr/bin/env bash
# Builds the Debian package of patchbay into dist/ (patchbay_<version>-1_<arch>.deb) with CPack.
#   bash scripts/package.sh [BUILD_DIR]
# BUILD_DIR (default build-package/) is configured, when new, as a Release build of the binary
# alone; an existing one (build/, which demo.sh or build.sh made) is reused as it is. Only the
# binary and its --help text are built, then `cpack -G DEB` packs them (the binary stripped)
# with the man page and the docs; dpkg-shlibdeps fills in Depends from the libraries the binary
# links (cmake/Install.cmake). Install it with
#   apt-get install ./dist/patchbay_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-package}

bash scripts/install-deps.sh --build
if [ ! -f "$build/CMakeCache.txt" ]; then
    # The flags CI builds and tests with (scripts/build.sh), so the package holds the binary the
    # suite passed on.
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
        -DPATCHBAY_WERROR=ON -DPATCHBAY_TESTS=OFF
fi
cmake --build "$build" --parallel "$(nproc)" --target patchbay patchbay_help_text patchbay_man_page
rm -rf "$build/cpack"
(cd "$build" && cpack -G DEB -B "$PWD/cpack")
mkdir -p dist
rm -f dist/patchbay_*.deb
cp "$build"/cpack/patchbay_*.deb dist/
for deb in dist/patchbay_*.deb; do
    echo "package.sh: $deb"
    dpkg-deb -I "$deb" | grep -E '^ (Package|Version|Architecture|Depends):'
done
