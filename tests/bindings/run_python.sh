#!/usr/bin/env bash
# bindings.python: installs bindings/python into a venv of the build tree (pip install, cffi API
# mode, against this build's libflexio through pkg-config) and runs its pytest suite.
# The first run fetches cffi/pytest/setuptools/wheel, and pandas/matplotlib/nbclient/nbformat/
# ipykernel for the timelines and their example notebook, from PyPI; later runs reuse the venv.
set -euo pipefail
python=${1:-python3}
src=$(cd "$(dirname "$0")/../../bindings/python" && pwd)
venv=$FLEXIO_BIND_DIR/venv

if [ ! -x "$venv/bin/pytest" ] ||
   ! "$venv/bin/python" -c "import cffi, setuptools, wheel, pandas, matplotlib, nbclient, nbformat, ipykernel" 2>/dev/null; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "setuptools>=68" wheel "cffi>=1.15" pytest \
    pandas matplotlib nbclient nbformat ipykernel
fi
# Built from a copy in the build tree (setuptools builds in the source directory otherwise, and
# each build tree links its own libflexio); --no-build-isolation: the venv's cffi/setuptools.
rm -rf "$FLEXIO_BIND_DIR/python-src"
mkdir -p "$FLEXIO_BIND_DIR/python-src"
cp -r "$src/pyproject.toml" "$src/setup.py" "$src/flexio_build.py" "$src/flexio" "$FLEXIO_BIND_DIR/python-src/"
"$venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --no-deps --force-reinstall \
  "$FLEXIO_BIND_DIR/python-src" \
  2> >(grep -v -e Deprecat -e '^!!' -e '^ *\*\*\*' -e '^$' -e 'license' >&2 || true)
cd "$FLEXIO_BIND_DIR"   # not the source tree: the installed package is the one tested
# With the sanitizers on, the ASan runtime goes first into the test process only.
exec env ${FLEXIO_TEST_PRELOAD:-} "$venv/bin/pytest" -q -p no:cacheprovider "$src/tests"
