#!/usr/bin/env bash
# Builds patchbay and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh

# The SARIF 2.1.0 schema for the output test: npm's @microsoft/jest-sarif ships a copy. Only
# the package's own tarball is fetched (npm pack, no dependencies); without npm or a network,
# that one test skips with its reason.
schema_dir=build/sarif-schema
schema="$schema_dir/package/lib/schemas/sarif-2.1.0-rtm.5.json"
if [ ! -f "$schema" ] && command -v npm >/dev/null 2>&1; then
    mkdir -p "$schema_dir"
    (cd "$schema_dir" && timeout 60 npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
        tar xzf microsoft-jest-sarif-1.0.0-beta.0.tgz) || echo "test.sh: SARIF schema not fetched"
fi
if [ -f "$schema" ]; then export PATCHBAY_SARIF_SCHEMA="$PWD/$schema"; fi

# Twice as many tests as cores: many of them wait on the child processes they start (the
# binary, git, GNU patch) for much of their time (bench/CI_TIME.md).
ctest --test-dir build --output-on-failure -j"$((2 * $(nproc)))"
