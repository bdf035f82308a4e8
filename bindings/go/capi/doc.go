// Package capi is libflexio's C API in Go, generated from capi/ by bindings/go/gen/gen_go.py:
// the header's types with Go names (opaque handles, enums with their C constant names, structs
// laid out as in C, checked at compile time), the stable functions libflexio exports and the
// rdma-core calls that open a device, each converting its arguments and calling C.
//
// Experimental functions (FLEXIO_EXPERIMENTAL) are compiled in only with
// -tags flexio_experimental: the explicit opt-in, as FLEXIO_ALLOW_EXPERIMENTAL_API is in C.
// flexio_process_call is variadic, which cgo cannot call: use ProcessCallArgs (experimental).
// Pointers passed to C must follow cgo's pointer-passing rules. The idiomatic API is the
// parent package, flexio.
package capi
