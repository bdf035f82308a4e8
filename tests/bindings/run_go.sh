#!/usr/bin/env bash
# bindings.go: go vet and go test for the cgo module bindings/go against this build's libflexio
# (pkg-config), once more with -tags flexio_experimental (the experimental opt-in).  No module
# is fetched (standard library only); Go's build cache is the default one.
set -euo pipefail
go=${1:-go}
cd "$(dirname "$0")/../../bindings/go"
export GOFLAGS="${GOFLAGS:-} -mod=mod" GOTOOLCHAIN=local
exec_flag=()
# With the sanitizers on, the ASan runtime goes first into the test binaries only.
if [ -n "${FLEXIO_TEST_PRELOAD:-}" ]; then
  exec_flag=(-exec "env $FLEXIO_TEST_PRELOAD")
fi
"$go" vet ./...
"$go" test -count=1 "${exec_flag[@]}" ./...
"$go" test -count=1 -tags flexio_experimental "${exec_flag[@]}" ./capi
