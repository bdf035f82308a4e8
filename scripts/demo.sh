#!/usr/bin/env bash
# The main job: installs what the machine lacks, builds in build/, and runs on the simulated device.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja >/dev/null
cmake --build build -j "$(nproc)"
build/bin/flexio-info
echo
echo "== The RPC example on the simulated device mlx5_sim0 (examples/rpc) =="
build/bin/flexio-rpc mlx5_sim0 2 40
