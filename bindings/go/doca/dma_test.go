package doca_test

import (
	"errors"
	"testing"

	"github.com/openflexio/openflexio/bindings/go/doca"
)

func TestDMAIntoATooSmallBuffer(t *testing.T) {
	dev := open(t)
	msrc, _ := doca.NewMmap(make([]byte, 64), []*doca.Device{dev}, doca.AccessLocalReadOnly)
	defer msrc.Close()
	mdst, _ := doca.NewMmap(make([]byte, 8), []*doca.Device{dev}, doca.AccessLocalReadWrite)
	defer mdst.Close()
	inv, _ := doca.NewBufInventory(2)
	defer inv.Close()
	s, _ := inv.Buf(msrc, 0, 64, 64)
	defer s.Close()
	d, _ := inv.Buf(mdst, 0, 8, 0)
	defer d.Close()
	pe, _ := doca.NewProgressEngine()
	dma, err := doca.NewDMA(dev, pe, 4)
	if err != nil {
		t.Fatal(err)
	}
	var e *doca.Error
	if err := dma.Memcpy(s, d); err == nil || !errors.As(err, &e) {
		t.Fatalf("a copy larger than its destination: %v", err)
	}
	if size, err := doca.MaxBufSize(dev); err != nil || size < 64 {
		t.Fatal(size, err)
	}
	// The context stopped itself after the failed task: closing it and its engine still works.
	if err := dma.Close(); err != nil {
		t.Fatal(err)
	}
	if err := pe.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDMAOnAClosedEngine(t *testing.T) {
	dev := open(t)
	pe, _ := doca.NewProgressEngine()
	pe.Close()
	_, err := doca.NewDMA(dev, pe, 4)
	docaError(t, err, "DOCA_ERROR_BAD_STATE")
}
