#!/usr/bin/env bash
# A user's first steps with a binding, run as bindings/README.md writes them: its code blocks
# marked <!-- journey: NAME --> (doc_block.py), with the document's /opt/openflexio replaced by an
# installed prefix of this build and /path/to/openflexio by this source tree, in a fresh
# directory; each block runs in this shell (`cd` carries over, as when a user types them).
#   run_journey.sh JOURNEY [TOOL]   TOOL: the python3, cargo or go to use (its directory goes
#                                   first on PATH; the documents name them bare)
#   run_journey.sh python   a fresh venv (activated), pip install of bindings/python from the
#                           tree against the prefix, flexio.build of a device source, a call
#   run_journey.sh rust     the application .so (dpacc + gcc -shared), a fresh cargo crate with
#                           `cargo add flexio --path`, cargo run: a call
#   run_journey.sh go       the application .so, a fresh Go module with the `replace` recipe,
#                           go mod tidy, go build, the program run: a call
#   and each then the document's first DOCA program (package opendoca, crate doca, package doca).
# Environment (from ctest): SRC (the source tree), PREFIX (the installed prefix, journeys.install),
# WORK (this journey's directory, made anew), FLEXIO_TEST_PRELOAD (with the sanitizers on: the
# ASan runtime, preloaded into the programs that load libflexio, not into pip, cargo, go or the
# compilers), CARGO_TARGET_DIR (kept between runs: the crates' builds are reused).
set -euo pipefail
mode=$1
if [ -n "${2:-}" ]; then
  PATH=$(dirname "$2"):$PATH
fi
here=$(cd "$(dirname "$0")" && pwd)
doc=$SRC/bindings/README.md
# Nothing of the build tree's environment: what the documents set is all the steps have.
unset LD_LIBRARY_PATH PKG_CONFIG_PATH FLEXIO_LIBRARY FLEXIO_DPACC FLEXIO_TEST_APP VIRTUAL_ENV
export PIP_DISABLE_PIP_VERSION_CHECK=1
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

block() { "$here/doc_block.py" "$doc" "$1" /opt/openflexio="$PREFIX" /path/to/openflexio="$SRC"; }
# step NAME: runs the block in this shell, each command shown.
step() {
  local code
  code=$(block "$1")
  echo "== $1"
  set -x
  eval "$code"
  { set +x; } 2>/dev/null
}
# run_step NAME: the same, for the block that runs the program: with the ASan runtime preloaded.
run_step() {
  (
    if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then
      # shellcheck disable=SC2086
      export $FLEXIO_TEST_PRELOAD
    fi
    step "$1"
  )
}
# expect FILE TEXT: the program printed TEXT as a line.
expect() {
  grep -qxF -- "$2" "$1" || { echo "FAIL: '$2' not printed"; exit 1; }
}

# The device source and libmy_app.so, as the document builds them (in $WORK).
app_so() {
  block device-source > my_device.c
  step app-so
  [ -f libmy_app.so ]
}

case $mode in
  python)
    step python-venv
    pip show openflexio >/dev/null || { echo "FAIL: no distribution openflexio installed"; exit 1; }
    # flexio.build's cache: fresh, so that dpacc and the compiler really run.
    export FLEXIO_CACHE_DIR=$WORK/flexio-cache
    block python-squares > squares.py
    echo "== python squares.py"
    # shellcheck disable=SC2046
    env ${FLEXIO_TEST_PRELOAD:-} python squares.py | tee out.txt
    expect out.txt 25
    # DOCA: the same venv, a process of its own (opendoca, bindings/README.md)
    block python-doca > doca_first.py
    echo "== python doca_first.py"
    # shellcheck disable=SC2046
    env ${FLEXIO_TEST_PRELOAD:-} python doca_first.py | tee out.txt
    expect out.txt "hello DOCA"
    expect out.txt DOCA_ERROR_INVALID_VALUE
    ;;
  rust)
    app_so
    step rust-crate
    block rust-main > src/main.rs
    if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then # the program alone, not cargo or rustc
      export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="env $FLEXIO_TEST_PRELOAD"
    fi
    step rust-run | tee out.txt
    expect out.txt "add_squares(3, 4) = 25"
    cd "$WORK"
    step rust-doca-crate
    block rust-doca-main > src/main.rs
    step rust-doca-run | tee out.txt
    expect out.txt "hello DOCA"
    expect out.txt DOCA_ERROR_INVALID_VALUE
    ;;
  go)
    app_so
    step go-module
    block go-main > main.go
    step go-build
    run_step go-run | tee out.txt
    expect out.txt "add_squares(3, 4) = 25"
    cd "$WORK"
    step go-doca-module
    block go-doca-main > main.go
    step go-doca-build
    run_step go-doca-run | tee out.txt
    expect out.txt "hello DOCA"
    expect out.txt DOCA_ERROR_INVALID_VALUE
    ;;
  *) echo "run_journey.sh: unknown journey $mode (python, rust, go)"; exit 2 ;;
esac
echo "journey $mode: OK"
