#!/usr/bin/env bash
# patchbay rebase against git cherry-pick on a vLLM series, git-history upstream (issue #29).
#
#   bash bench/rebase_vllm.sh PATCHBAY MIRROR
#
# MIRROR: a clone of vLLM holding the pinned commits (github:ROCm/vllm, which has upstream's
# main line to 2025-09-05 and the fork's branches). The corpus is rebuilt from the pinned
# commits into $PATCHBAY_BENCH_CACHE/vllm (default /work/corpus-29/vllm) on every run;
# bench/rebase_vllm.py says what each patch is and why its answer is what it is.
set -euo pipefail

PATCHBAY="$(realpath "${1:?usage: rebase_vllm.sh PATCHBAY MIRROR}")"
MIRROR="$(realpath "${2:?usage: rebase_vllm.sh PATCHBAY MIRROR}")"
HERE="$(cd "$(dirname "$0")" && pwd)"
export PATCHBAY_BENCH_CACHE="${PATCHBAY_BENCH_CACHE:-/work/corpus-29}"
python3 "$HERE/rebase_vllm.py" setup "$MIRROR" > /dev/null
python3 "$HERE/rebase_vllm.py" run "$PATCHBAY"
