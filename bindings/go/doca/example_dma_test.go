package doca_test

import (
	"fmt"
	"log"

	"github.com/openflexio/openflexio/bindings/go/doca"
)

// A DMA copy: two maps, two buffers, a progress engine and a DMA context.
func ExampleDMA_Memcpy() {
	dev, err := doca.Open("mlx5_sim0")
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	src, dst := []byte("hello from DOCA DMA"), make([]byte, 19)
	msrc, err := doca.NewMmap(src, []*doca.Device{dev}, doca.AccessLocalReadOnly)
	if err != nil {
		log.Fatal(err)
	}
	defer msrc.Close()
	mdst, err := doca.NewMmap(dst, []*doca.Device{dev}, doca.AccessLocalReadWrite)
	if err != nil {
		log.Fatal(err)
	}
	defer mdst.Close()
	inv, err := doca.NewBufInventory(2)
	if err != nil {
		log.Fatal(err)
	}
	defer inv.Close()
	s, err := inv.Buf(msrc, 0, len(src), len(src)) // data: all of it
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	d, err := inv.Buf(mdst, 0, len(dst), 0) // empty: the copy appends
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	pe, err := doca.NewProgressEngine()
	if err != nil {
		log.Fatal(err)
	}
	defer pe.Close()
	dma, err := doca.NewDMA(dev, pe, 16)
	if err != nil {
		log.Fatal(err)
	}
	defer dma.Close()
	if err := dma.Memcpy(s, d); err != nil { // submit, progress until done
		log.Fatal(err)
	}
	n, _ := d.DataLen()
	fmt.Println(n, string(dst))
	// Output:
	// 19 hello from DOCA DMA
}
