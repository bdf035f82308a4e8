#!/usr/bin/env bash
# bindings.go: go vet and go test for the cgo module bindings/go against this build's libflexio
# (pkg-config), its examples included (each must pass), once more with -tags flexio_experimental
# (the experimental opt-in); the notebook tests (TestNotebook* of flexio and doca, building cells
# with FLEXIO_DPACC) left out.  run_go.sh GO notebook (bindings.go.notebook) runs those alone.  No module
# is fetched (standard library only); Go's build cache is the default one.
set -euo pipefail
go=${1:-go}
mode=${2:-suite}
cd "$(dirname "$0")/../../bindings/go"
# GOTOOLCHAIN=auto: a go older than the module's 1.24 (from 1.21: Debian 12's backports) builds
# with the toolchain scripts/install-deps.sh fetched for it; a newer one builds with itself.
export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN=auto
exec_flag=()
# With the sanitizers on, the ASan runtime goes first into the test binaries only.
if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then
  exec_flag=(-exec "env $FLEXIO_TEST_PRELOAD")
fi
if [ "$mode" = notebook ]; then
  out=$("$go" test -count=1 -v "${exec_flag[@]}" -run '^TestNotebook' . ./doca 2>&1) || { printf '%s\n' "$out"; exit 1; }
  printf '%s\n' "$out" | grep -E '^(--- |ok|FAIL|PASS)'
  if ! grep -q -- "--- PASS: TestNotebook" <<<"$out" || grep -q -- "--- SKIP" <<<"$out"; then
    echo "run_go.sh: the notebook tests did not all run" >&2
    exit 1
  fi
  exit 0
fi
"$go" vet ./...
# -v: the examples (example_test.go, run with the tests) must show as passed, not left out.
out=$("$go" test -count=1 -v "${exec_flag[@]}" -skip '^TestNotebook' ./... 2>&1) || { printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -E '^(--- |ok|FAIL|PASS)'
for example in $(sed -n 's/^func \(Example[A-Za-z0-9_]*\)().*/\1/p' example_test.go doca/example*_test.go); do
  if ! grep -q -- "--- PASS: $example " <<<"$out"; then
    echo "run_go.sh: $example did not run and pass" >&2
    exit 1
  fi
done
"$go" test -count=1 -tags flexio_experimental "${exec_flag[@]}" ./capi
"$go" vet -tags doca_experimental ./doca/capi
