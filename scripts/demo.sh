#!/usr/bin/env bash
# Builds patchbay (the binary only: no tests, no fuzzers) and runs check-series on the embedded
# demo (examples/demo). Exits with check-series' own status: 0 the series applies under the
# policy, 1 it does not, 2 bad input.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh --build
# A new build folder is configured without the tests (GoogleTest need not be installed); one
# that scripts/build.sh or test.sh configured keeps them, and only the binary is built here.
tests_off=()
[ -f build/CMakeCache.txt ] || tests_off=(-DPATCHBAY_TESTS=OFF)
# The same build type as scripts/build.sh, so that the two share build/ without a rebuild.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DPATCHBAY_WERROR=ON "${tests_off[@]}"
cmake --build build --parallel "$(nproc)" --target patchbay
cd examples/demo
exec ../../build/patchbay check-series
