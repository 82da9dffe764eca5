#!/usr/bin/env bash
# Builds patchbay and runs check-series on the embedded demo (examples/demo). Exits with
# check-series' own status: 0 the series applies under the policy, 1 it does not, 2 bad input.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh
cd examples/demo
exec ../../build/patchbay check-series
