package doca_test

import (
	"fmt"
	"log"

	"github.com/openflexio/openflexio/bindings/go/doca"
)

// A device, a memory map over a Go slice, and a buffer of it.
func ExampleOpen() {
	dev, err := doca.Open("mlx5_sim0") // or doca.OpenPCI("0000:03:00.0")
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	fmt.Println(dev.Info.IBDevName, len(dev.Info.PCIAddr))
	memory := []byte("hello DOCA")
	m, err := doca.NewMmap(memory, []*doca.Device{dev}, doca.AccessLocalReadWrite)
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	inv, err := doca.NewBufInventory(2)
	if err != nil {
		log.Fatal(err)
	}
	defer inv.Close()
	buf, err := inv.Buf(m, 6, 4, 4)
	if err != nil {
		log.Fatal(err)
	}
	defer buf.Close()
	data, _ := buf.Data()
	fmt.Printf("%q\n", data)
	_, err = inv.Buf(m, 8, 4, 4) // past the map's end
	fmt.Println(err.(*doca.Error).Name)
	// Output:
	// mlx5_sim0 12
	// "DOCA"
	// DOCA_ERROR_INVALID_VALUE
}
