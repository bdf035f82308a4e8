#!/usr/bin/env bash
# Installs the build into a fresh prefix, then builds and runs programs against the installed
# tree (test_journey_c.sh builds one with dpacc and the gcc lines of docs/install.md): with
# pkg-config (modules flexio, libflexio, dpa_stats; device code with flexio-dev) and with CMake's
# find_package(flexio) (flexio::flexio, flexio_add_dpa_app, flexio::flexio_verbs); runs the
# installed tools (flexio-info, dpa-sim-run, dpa-stats) with LD_LIBRARY_PATH unset: their RUNPATH
# finds the installed libraries; checks the installed man pages (a page per public name).
# Usage: test_install.sh BUILD_DIR CONSUMER_SRC_DIR [EXTRA_CFLAGS]
set -euo pipefail
build=$1 src=$2 extra=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
# What the installed tree's programs and tools run with: no library path from the environment.
unset LD_LIBRARY_PATH

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libflexio.so.1' | head -n 1)")
[ -n "$libdir" ] || { echo "no libflexio.so.1 installed under $prefix"; exit 1; }
[ -f "$prefix/include/libflexio/flexio.h" ] || { echo "flexio.h not installed"; exit 1; }

# pkg-config: the module flexio, and libflexio (the name NVIDIA's build scripts use), the same
export PKG_CONFIG_PATH=$libdir/pkgconfig
cmp "$libdir/pkgconfig/flexio.pc" "$libdir/pkgconfig/libflexio.pc" ||
	{ echo "libflexio.pc differs from flexio.pc"; exit 1; }
for module in flexio libflexio; do
	# shellcheck disable=SC2046
	cc $extra -Wall -Werror "$src/main.c" -o "$work/consumer-$module" $(pkg-config --cflags --libs $module) \
	   -Wl,-rpath,"$libdir"
	"$work/consumer-$module" | tee "$work/out-$module"
	grep -q "installed libflexio serves FLEXIO_VER 26.4" "$work/out-$module"
done

# find_package(flexio); CMake gives the programs it builds the library's directory as RUNPATH
cmake -S "$src" -B "$work/cmake-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_C_FLAGS="$extra" >/dev/null
cmake --build "$work/cmake-build" >/dev/null
"$work/cmake-build/consumer" | tee "$work/out-cmake"
grep -q "installed libflexio serves FLEXIO_VER 26.4" "$work/out-cmake"
# flexio_add_dpa_app: the device code through the installed dpacc
"$work/cmake-build/call_triple" | tee "$work/out-cmake-dpacc"
grep -q "^triple(14) = 42$" "$work/out-cmake-dpacc"
# flexio::flexio_verbs: the simulated device with rdma-core alone
"$work/cmake-build/verbs_consumer" | tee "$work/out-verbs"
grep -q "flexio_verbs: mlx5_sim0 opened" "$work/out-verbs"

# The installed tools, with no LD_LIBRARY_PATH: flexio-info, dpa-sim-run (a freestanding RV64 program)
"$prefix/bin/flexio-info" | tee "$work/out-info"
grep -q "^OpenFlexIO libflexio.so.1" "$work/out-info"
clang --target=riscv64-unknown-elf -march=rv64imac -mabi=lp64 -ffreestanding -nostdlib -static -fuse-ld=lld \
      -Wl,--no-relax -O2 "$src/device/hello_rv64.c" -o "$work/hello_rv64.elf"
"$prefix/bin/dpa-sim-run" --help | grep -q -- "--watchdog N"
status=0
"$prefix/bin/dpa-sim-run" --watchdog=100000000 "$work/hello_rv64.elf" >"$work/out-sim-run" || status=$?
grep -q "^hello from dpa-sim-run$" "$work/out-sim-run" ||
	{ echo "dpa-sim-run: no hello line"; cat "$work/out-sim-run"; exit 1; }
[ "$status" -eq 7 ] || { echo "dpa-sim-run exited $status, not the program's 7"; exit 1; }

# Device code without dpacc: clang with pkg-config flexio-dev (headers, crt0, dpa.ld, libflexio_dev,
# picolibc) into a DPA ELF the host loads with flexio_app_create
# shellcheck disable=SC2046
clang $(pkg-config --cflags flexio-dev) -O2 -Wall -Werror -c "$src/device/triple.c" -o "$work/triple.o"
# shellcheck disable=SC2046
clang "$work/triple.o" $(pkg-config --libs flexio-dev) -o "$work/triple.elf"
# shellcheck disable=SC2046
cc $extra -Wall -Werror -DFROM_ELF "$src/call_triple.c" -o "$work/call-elf" $(pkg-config --cflags --libs flexio) \
   -Wl,-rpath,"$libdir"
"$work/call-elf" "$work/triple.elf" | tee "$work/out-elf"
grep -q "^triple(14) = 42$" "$work/out-elf"
# dpa_stats: its own module and library, and the installed commands dpa-stats and dpa-sim-run
cat > "$work/stats.c" <<'EOF_C'
#include <dpa_stats.h>
#include <stdio.h>
int main(void)
{
	dpa_stats_capabilities caps;
	dpa_stats_handler_t *h = dpa_stats_open("mlx5_sim0");
	if (!h || dpa_stats_read_caps(h, &caps))
		return 1;
	printf("dpa_stats: dpa_supported %u\n", caps.dpa_supported);
	dpa_stats_close(h);
	return 0;
}
EOF_C
# shellcheck disable=SC2046
cc $extra -Wall -Werror -Wno-deprecated-declarations "$work/stats.c" -o "$work/stats" \
   $(pkg-config --cflags --libs dpa_stats) -Wl,-rpath,"$libdir"
FLEXIO_SIM_STATS_DIR=$work "$work/stats" | grep -q "dpa_stats: dpa_supported 1"
[ -x "$prefix/bin/dpa-sim-run" ] || { echo "dpa-sim-run not installed"; exit 1; }
FLEXIO_SIM_STATS_DIR=$work "$prefix/bin/dpa-stats" --json |
	python3 -c 'import json, sys; assert json.load(sys.stdin)["device"] == "mlx5_sim0"'
# The reference, when the build made it (doxygen found): HTML and a man page per function
if [ -f "$build/docs/docs.stamp" ]; then
	for page in flexio_process_create.3 flexio_dev_outbox_config.3 dpa_stats_open.3 flexio_print_init.3old; do
		[ -s "$prefix/share/man/man3/$page" ] || { echo "man page $page not installed"; exit 1; }
	done
	# Every installed page is named after a public name or header; man shows a function's own page.
	python3 "$(dirname "$0")/../docs/check_docs.py" man-names --man-dir "$prefix/share/man/man3" \
		--include-dir "$prefix/include" --libc-include-dir "$prefix/include/libflexio-libc" \
		--shows flexio_process_create --shows flexio_print_init
	[ -f "$prefix/share/doc/openflexio/html/index.html" ] || { echo "HTML reference not installed"; exit 1; }
	echo "install test: the HTML reference and man pages are installed"
fi
echo "install test: pkg-config (flexio, libflexio, flexio-dev, dpa_stats) and find_package(flexio) (flexio," \
     "flexio_verbs) all build and run; flexio-info, dpa-sim-run and dpa-stats run from the prefix"
