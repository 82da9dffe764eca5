#!/usr/bin/env bash
# The second CI command (issue #7): the whole suite under ASan+UBSan, then a bounded libFuzzer
# smoke run of every fuzz target. Too slow to share .ci/run's budget on a 2-core runner (each
# builds patchbay once more, with sanitizers); run it nightly or on a bigger runner.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/sanitize.sh
FUZZ_SECONDS="${FUZZ_SECONDS:-20}" bash scripts/fuzz-smoke.sh
