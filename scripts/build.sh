#!/usr/bin/env bash
# Installs the dependencies, then configures and builds patchbay and its tests into build/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPATCHBAY_WERROR=ON -DPATCHBAY_TESTS=ON
cmake --build build
