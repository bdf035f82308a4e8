#!/usr/bin/env bash
# Installs the build into a fresh prefix and compares the installed headers, with NVIDIA's 24.01
# release selected, with the facts of NVIDIA's public FlexIO 24.01 headers (tests/headers/facts,
# checked by tests/headers/nv_facts.py): host (flexio.h) and device (libflexio-dev, libflexio-libc).
# Then shows the check failing: a copy of the installed headers with one enumerator's value and
# one device function's name changed must fail, naming both.
# Usage: test_nv_api_check.sh BUILD_DIR PYTHON NV_FACTS_PY FACTS_DIR
set -euo pipefail
build=$1 python=$2 nv_facts=$3 facts=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
for set in nvidia-24.01-host nvidia-24.01-dpa; do
	"$python" "$nv_facts" --check "$facts/$set.tsv" "$work/prefix/include" | tee "$work/out-$set"
	grep -q "^nv_facts \[24.01\]: matches $set " "$work/out-$set"
done

# The same check on a deliberately different copy must fail and say what differs.
cp -r "$work/prefix/include" "$work/broken"
sed -i 's/^\tFLEXIO_MEMTYPE_HOST = 1,$/\tFLEXIO_MEMTYPE_HOST = 2,/' "$work/broken/libflexio/flexio.h"
sed -i 's/\bint flexio_dev_get_thread_ctx(/int flexio_dev_get_thread_context(/' \
	"$work/broken/libflexio-dev/flexio_dev.h"
for set in nvidia-24.01-host nvidia-24.01-dpa; do
	status=0
	"$python" "$nv_facts" --check "$facts/$set.tsv" "$work/broken" >"$work/broken-$set" || status=$?
	cat "$work/broken-$set"
	[ "$status" -eq 1 ] || { echo "the check passed ($status) headers that differ from $set"; exit 1; }
done
grep -q "^  enum FLEXIO_MEMTYPE_HOST: release: 1 | project: 2$" "$work/broken-nvidia-24.01-host" ||
	{ echo "the changed enumerator FLEXIO_MEMTYPE_HOST is not reported"; exit 1; }
grep -q "^  func flexio_dev_get_thread_ctx: missing$" "$work/broken-nvidia-24.01-dpa" ||
	{ echo "the renamed function flexio_dev_get_thread_ctx is not reported"; exit 1; }
echo "install.nv_api_check: the installed headers match NVIDIA FlexIO 24.01; a changed copy is caught"
