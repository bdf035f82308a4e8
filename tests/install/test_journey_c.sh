#!/usr/bin/env bash
# A C programmer's first hour, as docs/install.md tells it: install into a prefix, build a host
# program and its device code (tests/install/consumer: call_triple.c, device/triple.c) with the
# installed dpacc and the plain gcc lines, and run it on mlx5_sim0. The commands are the
# document's own lines: each must appear in it exactly (PREFIX standing for the prefix), so the
# document and this test cannot drift apart.
#   - with -Wl,-rpath,PREFIX/lib (and the pkg-config form of it) the program runs with
#     LD_LIBRARY_PATH unset;
#   - without it, it does not start, with the loader's message the document quotes, and runs
#     with LD_LIBRARY_PATH=PREFIX/lib.
# An instrumented build (EXTRA_CFLAGS: the build's sanitizer flags) needs its flags on the
# program's gcc line too: they are added after "gcc".
# Usage: test_journey_c.sh BUILD_DIR SOURCE_DIR [EXTRA_CFLAGS]
set -euo pipefail
build=$1 source=$2 extra=${3:-}
doc=$source/docs/install.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LD_LIBRARY_PATH
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
cp -r "$source/tests/install/consumer/." "$work/app"
cd "$work/app"

# Runs one line of the document, in the program's directory, with PREFIX replaced.
run() {
	grep -qxF -- "$1" "$doc" || { echo "docs/install.md has no line: $1"; exit 1; }
	local line=${1//PREFIX/$prefix}
	[ -z "$extra" ] || line=${line/#gcc /gcc $extra }
	echo "+ $line"
	eval "$line"
}
expect_triple() {
	grep -qx "triple(14) = 42" "$work/out" || { echo "the program did not print triple(14) = 42"; exit 1; }
}

run 'export PATH=PREFIX/bin:$PATH'
run 'dpacc device/triple.c -o triple_app.a --app-name=triple_app -hostcc=gcc'

# The plain line: found at run time only through LD_LIBRARY_PATH
run 'gcc call_triple.c triple_app.a -I PREFIX/include -L PREFIX/lib -lflexio -libverbs -o call_triple'
status=0
./call_triple >"$work/out" 2>&1 || status=$?
cat "$work/out"
[ "$status" -ne 0 ] && grep -qF "error while loading shared libraries: libflexio.so.1: cannot open shared object file" "$work/out" ||
	{ echo "without an rpath or LD_LIBRARY_PATH the program found libflexio.so.1 (status $status)"; exit 1; }
grep -qF "./call_triple: error while loading shared libraries: libflexio.so.1: cannot open shared object file: No such file or directory" "$doc" ||
	{ echo "docs/install.md does not quote the loader's message"; exit 1; }
run 'LD_LIBRARY_PATH=PREFIX/lib ./call_triple' | tee "$work/out"
expect_triple

# The rpath: nothing to set at run time
rm call_triple
run 'gcc call_triple.c triple_app.a -I PREFIX/include -L PREFIX/lib -Wl,-rpath,PREFIX/lib -lflexio -libverbs -o call_triple'
./call_triple | tee "$work/out"
expect_triple

# The same with pkg-config
rm call_triple
run 'export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig'
run 'gcc call_triple.c triple_app.a $(pkg-config --cflags --libs flexio) -Wl,-rpath,$(pkg-config --variable=libdir flexio) -o call_triple'
./call_triple | tee "$work/out"
expect_triple
echo "journey (C): installed, built with dpacc and gcc as docs/install.md shows, ran on mlx5_sim0 without LD_LIBRARY_PATH"
