#!/usr/bin/env bash
# Installs the build into a fresh prefix and builds an argp program (consumer.c) there by each
# release's pkg-config directory alone: "doca" up to 2.6, "doca-argp" from 2.7; then runs it
# with flags, --help and a bad flag.
# Usage: test_install.sh BUILD_DIR CONSUMER_SRC [EXTRA_CFLAGS]
set -euo pipefail
build=$1 src=$2 extra=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
unset LD_LIBRARY_PATH

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libdoca_argp.so.2' | head -n 1)")
[ -n "$libdir" ] || { echo "libdoca_argp is not installed"; exit 1; }

for case in "doca-2.2|doca" "doca-2.6|doca" "doca-2.9|doca-argp" "doca-3.0|doca-argp" "|doca-argp"; do
	IFS='|' read -r dir module <<<"$case"
	export PKG_CONFIG_PATH=$libdir/pkgconfig${dir:+/$dir}
	# shellcheck disable=SC2046
	cc $extra -Wall -Werror "$src/consumer.c" -o "$work/consumer" $(pkg-config --cflags --libs "$module") \
	   -Wl,-rpath,"$libdir"
	out=$("$work/consumer" -p 03:00.0 --num 3)
	[ "$out" = "pci=03:00.0 num=3" ] || { echo "${dir:-default}: parsed \"$out\""; exit 1; }
	"$work/consumer" --help >"$work/help"
	grep -qx "Usage: argp_consumer \[DOCA Flags\] \[Program Flags\]" "$work/help" ||
		{ echo "${dir:-default}: no usage line"; cat "$work/help"; exit 1; }
	grep -q "^  -n, --num  *A number$" "$work/help" || { echo "${dir:-default}: no -n in the usage"; exit 1; }
	if "$work/consumer" --bogus >/dev/null 2>"$work/err"; then
		echo "${dir:-default}: --bogus accepted"; exit 1
	fi
	grep -qx 'The param "--bogus" is not supported.' "$work/err" ||
		{ echo "${dir:-default}: wrong message"; cat "$work/err"; exit 1; }
done
echo "test_install: an argp program builds and runs by every release's pkg-config modules"
