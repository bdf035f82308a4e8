#!/bin/sh
# dpacc from an installed tree: install the build into a fresh prefix, then build a project
# with find_package(flexio) + flexio_add_dpa_app() and run its host program.
# Environment (from ctest): BUILD, HOST_FLAGS, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/installed
rm -rf "$out" && mkdir -p "$out"

cmake --install "$BUILD" --prefix "$out/prefix" >"$out/install.log"
cmake -S "$here/installed" -B "$out/build" -G Ninja -DCMAKE_PREFIX_PATH="$out/prefix" \
	-DCMAKE_C_FLAGS="$HOST_FLAGS" -DCMAKE_EXE_LINKER_FLAGS="$HOST_FLAGS" >"$out/configure.log" ||
	{ cat "$out/configure.log"; exit 1; }
cmake --build "$out/build"
libdir=$(dirname "$(find "$out/prefix" -name 'libflexio.so.1' | head -n 1)")
LD_LIBRARY_PATH=$libdir "$out/build/host_current"
# Device code built with plain clang and pkg-config flexio-dev sees dpa-clang's predefined macros.
# shellcheck disable=SC2046
clang $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags flexio-dev) -DEXPECT_MODEL=__NV_DPA_BF3 \
	-D__dpa_rpc__= -fsyntax-only "$here/shell/macros_dev.c"
echo "installed dpacc: OK"
