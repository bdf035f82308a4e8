#!/bin/sh
# A meson project builds its DPA application with a custom_target calling dpacc (as NVIDIA's
# samples do) and links it into its host program. meson comes from PyPI when it is missing
# (installed once into a virtual environment of the build tree).
# Environment (from ctest): DPACC, FLEXIO_INCLUDE, FLEXIO_LIBDIR, HOST_FLAGS, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/meson

meson=$(command -v meson || true)
if [ -z "$meson" ]; then
	venv=$WORK/meson-venv
	if [ ! -x "$venv/bin/meson" ]; then
		rm -rf "$venv"
		if ! python3 -m venv "$venv" >/dev/null 2>&1 ||
			! "$venv/bin/python" -m pip install --quiet meson >"$WORK/meson-pip.log" 2>&1; then
			echo "SKIP: meson is not installed and 'pip install meson' failed (see $WORK/meson-pip.log)"
			exit 77
		fi
	fi
	meson=$venv/bin/meson
fi

rm -rf "$out"
# The host program gets the library's sanitizer flags, like every host program of the tests.
"$meson" setup "$out" "$here/meson" -Ddpacc="$DPACC" -Dflexio_include="$FLEXIO_INCLUDE" \
	-Dflexio_libdir="$FLEXIO_LIBDIR" -Dc_args="$HOST_FLAGS" -Dc_link_args="$HOST_FLAGS" >"$WORK/meson-setup.log" ||
	{ cat "$WORK/meson-setup.log"; exit 1; }
"$meson" compile -C "$out"
"$meson" test -C "$out" --print-errorlogs
echo "meson: OK"
