#!/usr/bin/env bash
# Installs the dependencies, then configures and builds patchbay and its tests into build/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
# -O2 without debug info: CI builds the suite three times, and -g was 30 % of each compile.
# CMake's default generator (Unix Makefiles, unless build/ was configured with another), as a
# user's plain `cmake -S . -B build` and Debian's packaging use: CI builds once that way.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DPATCHBAY_WERROR=ON -DPATCHBAY_TESTS=ON -DPATCHBAY_UNITY_TESTS=ON
cmake --build build --parallel "$(nproc)"
