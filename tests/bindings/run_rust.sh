#!/usr/bin/env bash
# bindings.rust: cargo test for flexio-sys alone (no experimental functions: the opt-in is off)
# and for the workspace with every feature, against this build's libflexio (pkg-config).
# Crates come from crates.io on the first run (pkg-config only), then from cargo's cache.
set -euo pipefail
cargo=${1:-cargo}
cd "$(dirname "$0")/../../bindings/rust-sys"
export CARGO_TARGET_DIR=$FLEXIO_BIND_DIR/cargo-target
# With the sanitizers on, the ASan runtime goes first into the test binaries only (a cargo
# runner), not into cargo, rustc or the build scripts.
if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then
  export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="env $FLEXIO_TEST_PRELOAD"
  export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="env $FLEXIO_TEST_PRELOAD"
fi
"$cargo" test -q -j 2 -p flexio-sys
"$cargo" test -q -j 2 --workspace --all-features
