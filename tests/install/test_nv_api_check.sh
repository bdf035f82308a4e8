#!/usr/bin/env bash
# Installs the build into a fresh prefix and compares the installed headers, with NVIDIA's
# 24.01 release selected, with the facts of NVIDIA's public FlexIO 24.01 headers
# (../shared/tools/nv-api-check next to the repository). Fails when the tool is missing.
# Usage: test_nv_api_check.sh BUILD_DIR NV_API_CHECK
set -euo pipefail
build=$1 tool=$2
if [ ! -x "$tool" ]; then
	echo "nv-api-check not found at $tool (expected in shared/tools next to the repository):" \
	     "cannot compare the headers with NVIDIA FlexIO 24.01" >&2
	exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
"$tool" "$work/prefix/include" | tee "$work/out"
grep -q "^nv-api-check: matches NVIDIA FlexIO 24.01$" "$work/out"
