#!/usr/bin/env bash
# Installs what building and testing patchbay needs on Debian bookworm. Idempotent: when every
# package is already installed it touches nothing (and does not need root).
#   install-deps.sh          everything: the build, the tests, the package, the tools
#   install-deps.sh --build  only what building the binary and its package needs (demo.sh,
#                            package.sh)
set -euo pipefail

# Building the binary (and its Debian package: dpkg-shlibdeps, file): the compiler, CMake and
# the libraries it links or includes.
packages=(
    build-essential cmake ninja-build pkg-config dpkg-dev file
    libgit2-dev libssl-dev libcli11-dev libfmt-dev libtomlplusplus-dev
    libjemalloc-dev  # the binary's allocator (CMakeLists.txt: PATCHBAY_JEMALLOC)
)
if [ "${1:-}" != "--build" ]; then
    packages+=(
        git googletest libgtest-dev
        patch quilt ca-certificates python3 python3-jsonschema
        clang libclang-rt-14-dev  # the libFuzzer targets (scripts/fuzz-smoke.sh)
        clang-format              # scripts/format-check.sh
        pre-commit python3-yaml   # the hook and CI workflow tests (tests/integration/)
    )
fi

is_installed() {
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$'
}

missing=()
for package in "${packages[@]}"; do
    is_installed "$package" || missing+=("$package")
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages already installed"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing ${missing[*]}; run this script as root" >&2
    exit 2
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
