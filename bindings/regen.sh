#!/usr/bin/env bash
# Regenerates every binding's low-level layer from capi/ and doca/ (run after changing the public
# headers, capi/libflexio.map or a DOCA library's version script, then commit the result; ctest
# bindings.regen.* checks it).
# Rust needs bindgen-cli 0.73.2 (BINDGEN=path, or installed into $FLEXIO_BIND_DIR/tools by the test).
set -euo pipefail
cd "$(dirname "$0")"
python3 python/gen/gen_cdef.py
python3 go/gen/gen_go.py
python3 rust-sys/gen/gen_bindgen.py "$@"
