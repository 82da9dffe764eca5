#!/usr/bin/env bash
# Builds the test suite under sanitizers and runs it; any report fails its test.
#
#   bash scripts/sanitize.sh           # AddressSanitizer + UndefinedBehaviorSanitizer, whole suite
#   bash scripts/sanitize.sh thread    # ThreadSanitizer, the layers that run work on threads
#
# Both compile each layer as one unity file (PATCHBAY_UNITY): these builds exist to run the tests.
# ASan+UBSan: clang's build-asan/ (scripts/asan-build.sh), shared with the fuzz targets
# (-fno-sanitize-recover=all: a green run means zero reports).
# TSan builds into build-tsan/ only the test executables of the layers whose code runs on
# several threads (common's parallel_for, the series runner's undo snapshots, the audit over a
# tree) and runs their tests that start threads.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-address}"
case "$mode" in
address)
    bash scripts/asan-build.sh
    # ctest starts the tests it knows to be long first; on a fresh clone it knows only what the
    # plain run (scripts/test.sh) measured, which ranks the tests the same way.
    costs=Testing/Temporary/CTestCostData.txt
    if [ -f "build/$costs" ] && [ ! -f "build-asan/$costs" ]; then
        mkdir -p "build-asan/$(dirname "$costs")"
        cp "build/$costs" "build-asan/$costs"
    fi
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:${ASAN_OPTIONS:-}"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:${LSAN_OPTIONS:-}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
    # The Debian package test (label "package") builds a .deb around the binary with cpack and
    # dpkg: under ASan that is a minute of packaging tools and none of patchbay's code, and the
    # release run and scripts/package-check.sh already build, install and run the package.
    # One test per core: the long ones (kill loops, the hostile inputs) run the instrumented
    # binary, and two of them on one core took longer than one after the other
    # (bench/CI_TIME.md).
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)" --timeout 900 -LE '^package$'
    ;;
thread)
    cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DPATCHBAY_WERROR=ON \
        -DPATCHBAY_UNITY=ON -DPATCHBAY_TESTS_BUILD_BINARY=OFF -DPATCHBAY_TEST_COMPILE_OPTIONS=-O0 \
        -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer"
    cmake --build build-tsan -j2 --target common_tests series_tests checks_tests
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:${TSAN_OPTIONS:-}"
    ctest --test-dir build-tsan --output-on-failure -j2 --timeout 900 \
        -R '^(ParallelFor|SeriesRunner|UndoSnapshot|PatchUndo|Audit)'
    ;;
*)
    echo "sanitize: unknown mode '$mode' (address or thread)" >&2
    exit 2
    ;;
esac
