#!/usr/bin/env bash
# The hardening half of CI (issue #7, called by .ci/run after scripts/test.sh): the whole suite
# under ASan+UBSan, the threaded layers under TSan, then a bounded libFuzzer smoke run of every
# fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
bash scripts/sanitize.sh address
bash scripts/sanitize.sh thread
# A smoke run in CI: 10 s a target (every seed input and some thousands of mutations); longer
# runs by hand (scripts/fuzz-smoke.sh).
FUZZ_SECONDS="${FUZZ_SECONDS:-10}" bash scripts/fuzz-smoke.sh
