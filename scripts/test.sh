#!/usr/bin/env bash
# Runs every test: installs what the machine lacks, builds with AddressSanitizer
# and UndefinedBehaviorSanitizer in build-test/, and runs the whole suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build-test -G Ninja -DFLEXIO_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-test -j "$(nproc)"
ctest --test-dir build-test --output-on-failure -j "$(nproc)"
