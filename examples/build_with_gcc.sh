#!/usr/bin/env bash
# Builds the RPC example as NVIDIA's samples are built, without CMake: dpacc for the device
# code, then plain gcc and -lflexio for the host program, in both API editions; runs both on
# mlx5_sim0. Usage: build_with_gcc.sh BUILD_DIR [EXTRA_CFLAGS]
set -euo pipefail
build=$1 extra=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
include=$(cd "$here/../capi/include" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build_and_run() { # device_source host_source app_name
	"$build/bin/dpacc" "$1" -o "$work/$3.a" --app-name="$3" -hostcc=gcc \
		--devicecc-options="-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"
	# shellcheck disable=SC2086
	gcc $extra -Wall -Werror "$2" "$work/$3.a" -I"$include" -L"$build/lib" -lflexio -libverbs \
		-Wl,-rpath,"$build/lib" -o "$work/$3"
	"$work/$3" | tee "$work/$3.out"
	grep -q "^Calculating 2 + 40$" "$work/$3.out"
	grep -q "^Result: 42$" "$work/$3.out"
}

build_and_run "$here/rpc/device/rpc_device.c" "$here/rpc/host/rpc_host.c" rpc_app
build_and_run "$here/rpc_older_edition/rpc_device.c" "$here/rpc_older_edition/rpc_host.c" rpc_app_older
echo "both editions built with dpacc and gcc -lflexio, and ran on mlx5_sim0"
