#!/bin/sh
# An app built by dpacc links into host programs with plain gcc (no CMake): current edition
# (flexio_app_get by name) and older edition (the APP variable), with a device library made by
# dpacc --gen-libs whose entry point registers too.
# Environment (from ctest): DPACC, FLEXIO_INCLUDE, FLEXIO_LIBDIR, HOST_FLAGS, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/plain_gcc
rm -rf "$out" && mkdir -p "$out"

"$DPACC" "$here/shell/lib_dev.c" --gen-libs -o "$out/libmylib" -hostcc=gcc -hostcc-options="-fPIC"
"$DPACC" "$here/shell/app_dev.c" -o "$out/shell_app.a" --app-name=shell_app -hostcc=gcc \
	--devicecc-options="-Wall,-Wextra,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API" \
	--device-libs="-L$out" --devicelink-options="-lmylib_device"

link="-L$FLEXIO_LIBDIR -lflexio -Wl,-rpath,$FLEXIO_LIBDIR"
# shellcheck disable=SC2086 # HOST_FLAGS and link are option lists
gcc $HOST_FLAGS -DWITH_LIBRARY -I"$FLEXIO_INCLUDE" "$here/shell/host_current.c" "$out/shell_app.a" \
	"$out/libmylib_host.a" $link -o "$out/host_current"
# shellcheck disable=SC2086
gcc $HOST_FLAGS -I"$FLEXIO_INCLUDE" "$here/shell/host_older.c" "$out/shell_app.a" "$out/libmylib_host.a" \
	$link -o "$out/host_older"

"$out/host_current"
"$out/host_older"
echo "plain gcc: OK"
