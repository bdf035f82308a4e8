#!/bin/sh
# Builds and runs the DPA engine benchmark. Usage: bench/dpa/run.sh [BUILD_DIR] [dpa-bench args]
set -e
build=${1:-build}
[ $# -gt 0 ] && shift
cmake --build "$build" --target dpa-bench
exec "$build/bin/dpa-bench" "$@"
