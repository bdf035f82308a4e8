#!/bin/sh
# Device code built with the warning options of NVIDIA's FlexIO samples (meson.build) and
# -Werror, under -std=c99 and c11, in the device releases (23.10, 24.1, 24.10, 25.4, 26.4): our headers add no
# warning of their own (NVIDIA's, without layout checks, build there). Through dpacc (which, as
# NVIDIA's, includes the SDK headers as system headers) and through plain clang with the headers
# as -I (pkg-config flexio-dev, or dpa-clang -I/opt/mellanox/flexio/include).
# Environment (from ctest): DPACC, FLEXIO_INCLUDE, BUILD, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/strict
rm -rf "$out" && mkdir -p "$out"
flags="-DE_MODE_LE,-Wall,-Wextra,-Wpedantic,-Wdouble-promotion,-Wno-empty-translation-unit,-Wmissing-prototypes"
flags="$flags,-Wstrict-prototypes,-ffreestanding,-mcmodel=medany,-Werror,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"
failures=0
picolibc=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["picolibc_include_dir"])' \
	"$BUILD/bin/dpacc.json")
# FLEXIO_DEV_VER(23,10,0) .. (26,4,0) as numbers: dpacc's option lists split at commas.
for version in 0x170a0000 0x18010000 0x180a0000 0x19040000 0x1a040000; do
	for std in c99 c11; do
		if ! "$DPACC" "$here/shell/strict_dev.c" -o "$out/strict.a" --app-name=strict_app \
			--devicecc-options="$flags,-std=$std,-DFLEXIO_DEV_VER_USED=$version" >"$out/log" 2>&1; then
			echo "FAIL: release $version, -std=$std:" >&2
			head -n 5 "$out/log" >&2
			failures=$((failures + 1))
		fi
		# shellcheck disable=SC2086
		if ! clang --target=riscv64-unknown-elf -march=rv64imac_zbb_zbs -mabi=lp64 $(echo "$flags" | tr , ' ') \
			-std=$std -DFLEXIO_DEV_VER_USED=$version -I"$FLEXIO_INCLUDE" -I"$FLEXIO_INCLUDE/libflexio-libc" \
			-isystem "$picolibc" -D__dpa_rpc__= -fsyntax-only "$here/shell/strict_dev.c" >"$out/log" 2>&1; then
			echo "FAIL: headers as -I, release $version, -std=$std:" >&2
			head -n 5 "$out/log" >&2
			failures=$((failures + 1))
		fi
	done
done
# Warnings the SDK's own inline code and layouts would raise (-Wcast-align, -Wpadded, -Wpacked) are
# not the program's: through dpacc the headers are system headers, as with NVIDIA's dpacc.
if ! "$DPACC" "$here/shell/strict_dev.c" -o "$out/strict.a" --app-name=strict_app \
	--devicecc-options="-Wcast-align,-Wpadded,-Wpacked,-Werror,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API" >"$out/log" 2>&1; then
	echo "FAIL: the SDK headers' own warnings reached a -Werror program:" >&2
	head -n 5 "$out/log" >&2
	failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || exit 1
echo "strict device builds: OK"
