#!/usr/bin/env bash
# Installs the build into a fresh prefix, then builds and runs a program against
# the installed tree: with pkg-config (modules flexio and libflexio) and with CMake's
# find_package(flexio).
# Usage: test_install.sh BUILD_DIR CONSUMER_SRC_DIR [EXTRA_CFLAGS]
set -euo pipefail
build=$1 src=$2 extra=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

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

# find_package(flexio)
cmake -S "$src" -B "$work/cmake-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_C_FLAGS="$extra" -DCMAKE_BUILD_RPATH="$libdir" >/dev/null
cmake --build "$work/cmake-build" >/dev/null
"$work/cmake-build/consumer" | tee "$work/out-cmake"
grep -q "installed libflexio serves FLEXIO_VER 26.4" "$work/out-cmake"
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
FLEXIO_SIM_STATS_DIR=$work LD_LIBRARY_PATH=$libdir "$prefix/bin/dpa-stats" --json |
	python3 -c 'import json, sys; assert json.load(sys.stdin)["device"] == "mlx5_sim0"'
echo "install test: pkg-config (flexio, libflexio, dpa_stats) and find_package(flexio) all build and run"
