#!/bin/sh
# An app built by dpacc links into host programs with plain gcc (no CMake): current edition
# (flexio_app_get by name) and older edition (the APP variable), with a device library made by
# dpacc --gen-libs whose entry point registers too. Each program is linked three ways: with the
# archives (PIE and non-PIE), and with a shared object holding them (non-PIE: the program takes
# the handles at its canonical PLT entries and reads the APP variable from its own copy, a copy
# relocation; PIE).
# Environment (from ctest): DPACC, FLEXIO_INCLUDE, FLEXIO_LIBDIR, HOST_FLAGS, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/plain_gcc
rm -rf "$out" && mkdir -p "$out"

"$DPACC" "$here/shell/lib_dev.c" --gen-libs -o "$out/libmylib" -hostcc=gcc -hostcc-options="-fPIC"
"$DPACC" "$here/shell/app_dev.c" -o "$out/shell_app.a" --app-name=shell_app -hostcc=gcc -hostcc-options="-fPIC" \
	--devicecc-options="-Wall,-Wextra,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API" \
	--device-libs="-L$out" --devicelink-options="-lmylib_device"

link="-L$FLEXIO_LIBDIR -lflexio -Wl,-rpath,$FLEXIO_LIBDIR"
# shellcheck disable=SC2086 # link is an option list
gcc -shared -o "$out/libshell_app.so" -Wl,--whole-archive "$out/shell_app.a" -Wl,--no-whole-archive \
	"$out/libmylib_host.a" $link
for program in host_current host_older; do
	defines=
	[ $program = host_current ] && defines=-DWITH_LIBRARY
	for mode in archive-pie archive-nopie so-nopie so-pie; do
		case $mode in
		archive-*) app="$out/shell_app.a $out/libmylib_host.a" ;;
		so-*) app="-L$out -lshell_app -Wl,-rpath,$out" ;;
		esac
		case $mode in
		*-nopie) pie="-fno-pie -no-pie" ;;
		*) pie=-pie ;;
		esac
		# shellcheck disable=SC2086 # HOST_FLAGS, defines, pie, app and link are option lists
		gcc $HOST_FLAGS $pie $defines -I"$FLEXIO_INCLUDE" "$here/shell/$program.c" $app $link \
			-o "$out/$program-$mode"
		echo "$program, $mode:"
		"$out/$program-$mode"
	done
done
echo "plain gcc: OK"
