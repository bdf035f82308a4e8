#!/usr/bin/env bash
# The Rust bindings' tests (bindings/rust-sys), one job per mode:
#   run_rust.sh CARGO [suite]  bindings.rust: cargo test for flexio-sys and doca-sys alone (no
#                              experimental functions: the opt-in is off) and for the workspace
#                              with every feature (flexio, doca, and flexio-sys-test's layout
#                              checks), against this build's libflexio and DOCA libraries
#                              (pkg-config).
#   run_rust.sh CARGO docs-rs  bindings.rust.docs_rs: the documentation builds as docs.rs builds
#                              it (DOCS_RS=1), with no pkg-config and no libflexio to find; broken
#                              doc links are errors.  And without DOCS_RS the same build fails
#                              with flexio-sys's message: the probe was really cut off.
#   run_rust.sh CARGO fmt      bindings.rust.fmt: cargo fmt --check (rustfmt.toml).
#   run_rust.sh CARGO examples bindings.rust.examples: each example of the safe crates run (flexio's
#                              on the test application), its output compared with what it must print.
#   run_rust.sh CARGO notebook bindings.rust.notebook: the safe crates' notebook tests
#                              (flexio's tests/notebook.rs, doca's tests/dpa.rs notebook_*,
#                              building cells with FLEXIO_DPACC), which the suite leaves out
#                              (their names start with notebook_).
# Crates come from crates.io on the first run (pkg-config, log, cc), then from cargo's cache.
set -euo pipefail
cargo=${1:-cargo}
mode=${2:-suite}
cd "$(dirname "$0")/../../bindings/rust-sys"
export CARGO_TARGET_DIR=$FLEXIO_BIND_DIR/cargo-target
# With the sanitizers on, the ASan runtime goes first into the test binaries and examples only
# (a cargo runner), not into cargo, rustc or the build scripts.
if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then
  export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="env $FLEXIO_TEST_PRELOAD"
  export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="env $FLEXIO_TEST_PRELOAD"
fi

run_suite() {
  "$cargo" test -q -j 2 -p flexio-sys -p doca-sys
  "$cargo" test -q -j 2 --workspace --all-features -- --skip notebook_
}

run_notebook() {
  "$cargo" test -q -j 2 -p flexio --all-features --test notebook
  "$cargo" test -q -j 2 -p doca --all-features --test dpa notebook_
}

check_docs_rs() {
  # Its own target directory: the suite's build scripts found libflexio, these must not.
  export CARGO_TARGET_DIR=$FLEXIO_BIND_DIR/cargo-target-docs-rs
  unset PKG_CONFIG_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH
  export PKG_CONFIG=/bin/false # any pkg-config query fails
  rm -rf "$CARGO_TARGET_DIR/doc"
  DOCS_RS=1 RUSTDOCFLAGS="-D warnings" "$cargo" doc -q -j 2 --no-deps --all-features -p flexio-sys -p flexio \
    -p doca-sys -p doca
  for page in flexio/struct.Error.html flexio/enum.ErrorKind.html flexio/struct.Process.html \
              flexio_sys/fn.flexio_process_create.html flexio_sys/experimental/index.html \
              doca/struct.Error.html doca/struct.Mmap.html doca_sys/fn.doca_mmap_create.html \
              doca_sys/experimental/index.html; do
    [ -s "$CARGO_TARGET_DIR/doc/$page" ] || { echo "docs-rs: $page was not generated"; exit 1; }
  done
  local log=$CARGO_TARGET_DIR/without-docs-rs.log
  if "$cargo" check -q -j 2 -p flexio-sys >"$log" 2>&1; then
    echo "docs-rs: flexio-sys built without DOCS_RS and without pkg-config: the check proves nothing"
    exit 1
  fi
  grep -q "flexio-sys: libflexio >= 1.1 not found by pkg-config" "$log" ||
    { cat "$log"; echo "docs-rs: flexio-sys failed without its own message"; exit 1; }
  if "$cargo" check -q -j 2 -p doca-sys >"$log" 2>&1; then
    echo "docs-rs: doca-sys built without DOCS_RS and without pkg-config: the check proves nothing"
    exit 1
  fi
  grep -q "doca-sys: doca-common >= 3.3 not found by pkg-config" "$log" ||
    { cat "$log"; echo "docs-rs: doca-sys failed without its own message"; exit 1; }
  echo "docs-rs: documentation built without libflexio or pkg-config"
}

check_fmt() {
  if ! "$cargo" fmt --version >/dev/null 2>&1; then
    echo "SKIP: rustfmt is not installed (rustup component add rustfmt)"
    exit 77
  fi
  "$cargo" fmt --all --check
}

# run_example NAME [CRATE [APP]]: runs the example (of flexio: on the test application; else on
# APP when given); stdin holds what it must print.
run_example() {
  local want got crate=${2:-flexio} args=()
  want=$(cat)
  [ "$crate" != flexio ] || args=(-- "$FLEXIO_TEST_APP")
  [ -z "${3:-}" ] || args=(-- "$3")
  got=$("$cargo" run -q -j 2 -p "$crate" --example "$1" "${args[@]}")
  if [ "$got" != "$want" ]; then
    diff <(echo "$want") <(echo "$got") || true
    echo "examples: $1 printed something else (above: - wanted, + printed)"
    exit 1
  fi
  echo "examples: $1 ok"
}

run_examples() {
  run_example call <<'EOF'
weighted_sum(1, 2, -3, 4, 5) = 37
sum_bytes("hello") = 532
fill_bytes wrote "ABCD"
the device printed: hello from the DPA, 7
EOF
  run_example fault <<'EOF'
flexio_process_call failed: the DPA process stopped
cause: misaligned access (read access)
address is the buffer + 1: true
sp at the fault is set: true
process failed: true, same fault: true
EOF
  run_example event_handler <<'EOF'
after trigger 1: 1 run(s)
after trigger 2: 2 run(s)
after trigger 3: 3 run(s)
the handler's thread is named "counter"
EOF
  run_example dma_copy doca <<'EOF'
device: mlx5_sim0
copied 19 bytes
destination: "hello from DOCA DMA"
EOF
  run_example dpa_pipeline doca "$FLEXIO_TEST_DPA_APP" <<'EOF'
before go: done = 0
pipeline: [1, 2, 3, 4, 10, 20]
scale(21) = 42
doca_dpa_kernel_launch_update_set DOCA_ERROR_INVALID_VALUE
EOF
}

case $mode in
  suite) run_suite ;;
  docs-rs) check_docs_rs ;;
  fmt) check_fmt ;;
  examples) run_examples ;;
  notebook) run_notebook ;;
  *) echo "run_rust.sh: unknown mode $mode (suite, docs-rs, fmt, examples, notebook)"; exit 2 ;;
esac
