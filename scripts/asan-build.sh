#!/usr/bin/env bash
# Configures and builds build-asan/: clang with AddressSanitizer, UndefinedBehaviorSanitizer and
# libFuzzer's coverage, each layer and test executable as one unity file. The one sanitizer
# build serves both the test suite under ASan+UBSan (scripts/sanitize.sh) and the libFuzzer
# targets (scripts/fuzz-smoke.sh): CI compiles patchbay under ASan once, not twice.
#   bash scripts/asan-build.sh [cmake --build arguments, e.g. --target fuzzers]
# -O1 -g1: line tables for the reports, and product code that runs faster than at -O0. The test
# executables' own code is compiled at -O0 (PATCHBAY_TEST_COMPILE_OPTIONS): instrumented, it
# compiles in half the time, and the code under test is the product's.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang++ >/dev/null; then
    echo "asan-build: clang++ not found (Debian: clang libclang-rt-14-dev)" >&2
    exit 2
fi
cmake -S . -B build-asan -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DPATCHBAY_WERROR=ON -DPATCHBAY_UNITY=ON \
    -DPATCHBAY_FUZZ=ON -DPATCHBAY_TEST_COMPILE_OPTIONS=-O0 \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer" \
    >/dev/null
cmake --build build-asan -j"$(nproc)" "$@"
