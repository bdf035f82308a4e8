package doca_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/openflexio/openflexio/bindings/go/doca"
)

// Objects dropped without Close are released by their cleanups, in whatever order the collector
// runs them, without upsetting DOCA or the runtime (the device is still there to list).
func TestDroppedObjectsAreReleased(t *testing.T) {
	for range 8 {
		func() {
			dev, err := doca.Open("mlx5_sim0")
			if err != nil {
				t.Fatal(err)
			}
			m, err := doca.NewMmap(make([]byte, 64), []*doca.Device{dev}, doca.AccessLocalReadWrite)
			if err != nil {
				t.Fatal(err)
			}
			inv, err := doca.NewBufInventory(1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := inv.Buf(m, 0, 64, 0); err != nil {
				t.Fatal(err)
			}
			if _, err := doca.NewProgressEngine(); err != nil {
				t.Fatal(err)
			}
		}()
		runtime.GC()
	}
	for range 4 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := doca.Devices(); err != nil {
		t.Fatal(err)
	}
}
