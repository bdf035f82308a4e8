package capi_test

import (
	"testing"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/capi"
)

// The generated layer alone: open the simulated device through the ibv calls and read a
// process-free value; the layout checks are compile-time (zcapi.go).
func TestOpenDeviceRaw(t *testing.T) {
	var n int32
	list := capi.IbvGetDeviceList(&n)
	if list == nil || n < 1 {
		t.Fatal("no devices")
	}
	ctx := capi.IbvOpenDevice(unsafe.Slice(list, n)[0])
	capi.IbvFreeDeviceList(list)
	if ctx == nil {
		t.Fatal("open failed")
	}
	if capi.IbvCloseDevice(ctx) != 0 {
		t.Fatal("close failed")
	}
	if capi.FLEXIO_MAX_NAME_LEN != 256 || capi.FLEXIO_BINDINGS_API_VERSION != capi.FLEXIO_CURRENT_VERSION {
		t.Fatal("constants")
	}
	var q capi.Qmem
	q.SetDaddr(0x1234)
	if q.HumemOffset() != 0x1234 {
		t.Fatal("union accessors")
	}
}
