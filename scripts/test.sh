#!/usr/bin/env bash
# Runs every test: installs what the machine lacks, builds with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-test/ and runs the whole suite through ctest, twice: on the
# DPA engine's translator (where the host has one) and on its interpreter; then builds
# the library without the simulator in build-null/ and runs the host library's own tests against
# the null provider, then builds the library and the concurrency tests with ThreadSanitizer in
# build-tsan/ and runs those on both engines.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build-test -G Ninja -DFLEXIO_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-test -j "$(nproc)"
# FLEXIO_SIM_ENGINE=translator is the default where the host has one, else the interpreter runs.
FLEXIO_SIM_ENGINE=translator ctest --test-dir build-test --output-on-failure -j "$(nproc)"
# Again on the interpreter (docs/contributing/layout.md, "The simulated DPA"). Left out: the tests that run both
# engines themselves (the ISA tests and the engines' differential test) and those that run no
# DPA code (style, layering, docs).
FLEXIO_SIM_ENGINE=interpreter ctest --test-dir build-test --output-on-failure -j "$(nproc)" \
  -LE '^(isa|style|layering|docs)$' -E '^dpa_engine_diff'

cmake -S . -B build-null -G Ninja -DFLEXIO_SIM=OFF -DFLEXIO_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-null -j "$(nproc)" --target host_library_tests
ctest --test-dir build-null --output-on-failure -j "$(nproc)"

cmake -S . -B build-tsan -G Ninja -DFLEXIO_SANITIZE=thread -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-tsan -j "$(nproc)" --target concurrency_tests
for engine in translator interpreter; do
  FLEXIO_SIM_ENGINE=$engine TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" -L concurrency
done
