#!/usr/bin/env bash
# bindings.python: installs bindings/python into a venv of the build tree (pip install: scikit-build-core
# builds the cffi extension out of tree, in build/bindings/python-build, against this build's libflexio
# found with pkg-config) and runs its pytest suite; arguments after the interpreter go to pytest
# (bindings.python: -m "not journey"; bindings.python.notebook: -m journey).  run_python.sh PYTHON
# --opendoca runs the package opendoca's suite (tests_opendoca) instead, in a pytest process of its
# own (its tests of flexio and opendoca together start fresh interpreters).
# The first run fetches scikit-build-core/cffi/pytest/numpy, and pandas/matplotlib/nbclient/nbformat/
# ipykernel for the timelines and the example notebooks, from PyPI; later runs reuse the venv.
set -euo pipefail
python=${1:-python3}
shift || true
src=$(cd "$(dirname "$0")/../../bindings/python" && pwd)
tests=$src/tests
if [ "${1:-}" = --opendoca ]; then
  tests=$src/tests_opendoca
  shift
fi
venv=$FLEXIO_BIND_DIR/venv

if [ ! -x "$venv/bin/pytest" ] ||
   ! "$venv/bin/python" -c "import cffi, scikit_build_core, numpy, pandas, matplotlib, nbclient, nbformat, ipykernel" \
     2>/dev/null; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "scikit-build-core>=0.10" "cffi>=1.15" pytest numpy \
    pandas matplotlib nbclient nbformat ipykernel
fi
# --no-build-isolation: the venv's scikit-build-core and cffi; the build directory is kept between runs.
"$venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --no-deps --force-reinstall \
  -C build-dir="$FLEXIO_BIND_DIR/python-build" "$src"
cd "$FLEXIO_BIND_DIR"   # not the source tree: the installed package is the one tested
# With the sanitizers on, the ASan runtime goes first into the test process only.
exec env ${FLEXIO_TEST_PRELOAD:-} "$venv/bin/pytest" -q -p no:cacheprovider "$@" "$tests"
