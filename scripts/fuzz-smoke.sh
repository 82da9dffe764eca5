#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) into build-asan/ and runs each on its seed
# corpus (tests/fuzz/corpus/<target>/) for a bounded time, one target per core at a time.
# FUZZ_SECONDS (default 20) per target; pass target names to run only those. A crash leaves
# crash-* files in build-asan/artifacts/ and its log in build-asan/logs/, and fails the script.
# Longer runs by hand: build-asan/fuzz_<target> -max_total_time=300 DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-20}"
if ! command -v clang++ >/dev/null; then
    echo "fuzz-smoke: clang++ not found; skipping (install clang libclang-rt-14-dev)" >&2
    exit 0
fi

bash scripts/asan-build.sh --target fuzzers
if ! grep -q '^PATCHBAY_HAVE_LIBFUZZER:INTERNAL=1' build-asan/CMakeCache.txt; then
    echo "fuzz-smoke: clang has no libFuzzer here; skipping" >&2
    exit 0
fi

targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    for corpus in tests/fuzz/corpus/*/; do targets+=("$(basename "$corpus")"); done
fi
for target in "${targets[@]}"; do
    binary="build-asan/fuzz_${target}"
    [ -x "$binary" ] || { echo "fuzz-smoke: no $binary" >&2; exit 2; }
done
mkdir -p build-asan/artifacts build-asan/logs

# One target for `seconds` on one core; its whole log in build-asan/logs/<target>.log.
fuzz_one() {
    local target=$1 work="build-asan/corpus-$1"  # new inputs go here; the seeds stay as they are
    mkdir -p "$work"
    "build-asan/fuzz_${target}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -artifact_prefix="build-asan/artifacts/${target}-" -print_final_stats=1 \
        "$work" "tests/fuzz/corpus/${target}" >"build-asan/logs/${target}.log" 2>&1
}
export -f fuzz_one
export seconds

# The targets run side by side, one per core: each still gets its `seconds` of one core.
echo "fuzz-smoke: ${#targets[@]} targets, ${seconds} s each, $(nproc) at a time"
status=0
printf '%s\n' "${targets[@]}" | xargs -P "$(nproc)" -I{} bash -c 'fuzz_one "$1"' _ {} || status=$?
for target in "${targets[@]}"; do
    echo "fuzz-smoke: ${target}"
    grep -E '^(stat::number_of_executed_units|#[0-9]+ *DONE|==[0-9]+==ERROR|SUMMARY)' \
        "build-asan/logs/${target}.log" || true
done
if [ "$status" -ne 0 ]; then
    echo "fuzz-smoke: a target failed; see build-asan/logs/ and build-asan/artifacts/" >&2
    exit 1
fi
