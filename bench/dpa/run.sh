#!/bin/sh
# The DPA engine benchmark (README.md): CoreMark, Dhrystone (riscv-tests) and the workload through
# dpa-sim-run on both engines, against qemu-riscv64 and libriscv's interpreter, in one run.
#
#   bench/dpa/run.sh [BUILD_DIR] [dpa-bench args]
#
# Fetches CoreMark, riscv-tests and libriscv at pinned commits into the cache (not into the tree),
# builds libriscv's emulator (its default interpreter, no binary translation) and the two programs
# (bench/dpa/programs), builds dpa-bench and dpa-sim-run in BUILD_DIR (default: build), runs
# dpa-bench. Environment:
#   DPA_BENCH_CACHE   where checkouts and builds go (default: ~/.cache/openflexio/dpa-bench)
#   COREMARK_DIR, DHRYSTONE_DIR (a riscv-tests checkout), LIBRISCV_DIR: use these checkouts as they are
#   COREMARK_GIT, DHRYSTONE_GIT, LIBRISCV_GIT: clone from here instead of GitHub (a mirror)
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
cache=${DPA_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/openflexio/dpa-bench}
mkdir -p "$cache"

coremark_commit=d5fad6bd094899101a4e5fd53af7298160ced6ab
dhrystone_commit=34e6b6d1e7936b526075432fb730d89148623484
libriscv_commit=22e45c1ab5bdb41c48d06f6eaa4f6134b072c7d9

# checkout NAME URL COMMIT: prints the path of a checkout of URL at COMMIT in the cache, fetching
# only that commit the first time.
checkout() {
	dir=$cache/$1-$(echo "$3" | cut -c1-12)
	if [ ! -e "$dir/.fetched" ]; then
		echo "dpa-bench: fetching $1 $3 from $2" >&2
		rm -rf "$dir"
		git init -q "$dir"
		if ! git -C "$dir" fetch -q --depth 1 "$2" "$3" || ! git -C "$dir" checkout -q FETCH_HEAD; then
			echo "dpa-bench: cannot fetch $1 from $2: set $4 to a clone (or ${4%_GIT}_DIR to a checkout)" >&2
			exit 1
		fi
		touch "$dir/.fetched"
	fi
	echo "$dir"
}

coremark=${COREMARK_DIR:-$(checkout coremark "${COREMARK_GIT:-https://github.com/eembc/coremark.git}" \
	$coremark_commit COREMARK_GIT)}
dhrystone=${DHRYSTONE_DIR:-$(checkout riscv-tests "${DHRYSTONE_GIT:-https://github.com/riscv-software-src/riscv-tests.git}" \
	$dhrystone_commit DHRYSTONE_GIT)}
libriscv=${LIBRISCV_DIR:-$(checkout libriscv "${LIBRISCV_GIT:-https://github.com/libriscv/libriscv.git}" \
	$libriscv_commit LIBRISCV_GIT)}

# libriscv's emulator CLI (rvlinux) with the settings of its build.sh --defaults: the threaded
# interpreter, binary translation and JITs off.
libriscv_build=$cache/rvlinux-$(echo "$libriscv" | cksum | cut -d' ' -f1)
if [ ! -x "$libriscv_build/rvlinux" ]; then
	echo "dpa-bench: building libriscv's emulator in $libriscv_build" >&2
	cmake -S "$libriscv/emulator" -B "$libriscv_build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
		-DRISCV_EXT_A=ON -DRISCV_EXT_C=ON -DRISCV_EXT_V=OFF -DRISCV_32I=ON -DRISCV_64I=ON -DRISCV_128I=OFF \
		-DRISCV_BINARY_TRANSLATION=OFF -DRISCV_LIBTCC=OFF -DRISCV_ASMJIT=OFF -DRISCV_EXPERIMENTAL=OFF \
		-DRISCV_VIRTUAL_PAGING=ON -DLTO=OFF -DPERF=OFF -DSTATIC_BUILD=OFF -DNATIVE=OFF >/dev/null
fi
cmake --build "$libriscv_build" >/dev/null

programs=$build/bench/dpa/programs
cmake -S "$root/bench/dpa/programs" -B "$programs" -G Ninja \
	-DCOREMARK_DIR="$coremark" -DRISCV_TESTS_DIR="$dhrystone" >/dev/null
cmake --build "$programs" >/dev/null
cmake --build "$build" --target dpa-bench dpa-sim-run >/dev/null
exec "$build/bin/dpa-bench" --libriscv "$libriscv_build/rvlinux" \
	--coremark "$programs/coremark.elf" --dhrystone "$programs/dhrystone.elf" "$@"
