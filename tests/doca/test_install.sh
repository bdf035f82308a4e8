#!/usr/bin/env bash
# Installs the build into a fresh prefix and checks what a DOCA program finds there: the installed
# headers against every release's facts (doca-api-check), the per-release pkg-config directories
# (doca-api-check --pkgconfig), and programs built by PKG_CONFIG_PATH alone for several releases.
# Usage: test_install.sh BUILD_DIR DOCA_TOOLS_DIR CONSUMER_SRC [EXTRA_CFLAGS]
set -euo pipefail
build=$1 tools=$2 src=$3 extra=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
unset LD_LIBRARY_PATH

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libdoca_common.so.2' | head -n 1)")
[ -d "$prefix/include/doca" ] || { echo "the DOCA headers are not installed"; exit 1; }

# The DOCA DPA device libraries under every name NVIDIA's build lines link: 2.6's
# -ldoca_dpa_comm_dev -ldpa, later -ldoca_dpa_dev -ldoca_dpa_dev_comm (the aliases are copies).
for lib in doca_dpa_dev doca_dpa_dev_comm dpa doca_dpa_comm_dev; do
	[ -f "$libdir/lib$lib.a" ] || { echo "lib$lib.a is not installed in $libdir"; exit 1; }
done
cmp -s "$libdir/libdpa.a" "$libdir/libdoca_dpa_dev.a" || { echo "libdpa.a is not libdoca_dpa_dev.a"; exit 1; }
cmp -s "$libdir/libdoca_dpa_comm_dev.a" "$libdir/libdoca_dpa_dev_comm.a" ||
	{ echo "libdoca_dpa_comm_dev.a is not libdoca_dpa_dev_comm.a"; exit 1; }

"$tools/doca-api-check" "$prefix/include/doca"
"$tools/doca-api-check" --pkgconfig "$libdir"

# release directory | module | the version its programs compile
for case in "doca-2.2|doca|2.2.0080" "doca-2.6|doca|2.6.0058" "doca-2.9|doca-common|2.10.0087" \
	    "doca-3.0|doca-common|3.0.0058" "|doca-common|3.3.0"; do
	IFS='|' read -r dir module want <<<"$case"
	export PKG_CONFIG_PATH=$libdir/pkgconfig${dir:+/$dir}
	# shellcheck disable=SC2046
	cc $extra -Wall -Werror "$src/consumer.c" -o "$work/consumer" $(pkg-config --cflags --libs "$module") \
	   -Wl,-rpath,"$libdir"
	"$work/consumer" | tee "$work/out"
	grep -qx "compiled $want runtime 3.3.0" "$work/out" || { echo "${dir:-default}: not $want"; exit 1; }
done
echo "test_install: the installed DOCA headers and modules match every release"
