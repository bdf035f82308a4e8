#!/bin/sh
# Device code built with the warning options of NVIDIA's FlexIO samples (meson.build) and
# -Werror, under -std=c99, gnu99 and c11, in every device release: our headers must add no
# warning of their own (NVIDIA's, without layout checks, build there).
# Environment (from ctest): DPACC, WORK.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$WORK/strict
rm -rf "$out" && mkdir -p "$out"
flags="-DE_MODE_LE,-Wall,-Wextra,-Wpedantic,-Wdouble-promotion,-Wno-empty-translation-unit,-Wmissing-prototypes"
flags="$flags,-Wstrict-prototypes,-ffreestanding,-mcmodel=medany,-Werror,-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"
failures=0
# FLEXIO_DEV_VER(23,10,0) .. (26,4,0) as numbers: dpacc's option lists split at commas.
for version in 0x170a0000 0x18010000 0x18070000 0x180a0000 0x19010000 0x19040000 0x1a010000 0x1a040000; do
	for std in c99 gnu99 c11; do
		if ! "$DPACC" "$here/shell/strict_dev.c" -o "$out/strict.a" --app-name=strict_app \
			--devicecc-options="$flags,-std=$std,-DFLEXIO_DEV_VER_USED=$version" >"$out/log" 2>&1; then
			echo "FAIL: release $version, -std=$std:" >&2
			head -n 5 "$out/log" >&2
			failures=$((failures + 1))
		fi
	done
done
[ "$failures" -eq 0 ] || exit 1
echo "strict device builds: OK"
