package doca_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/openflexio/openflexio/bindings/go/doca"
	"github.com/openflexio/openflexio/bindings/go/doca/capi"
)

func open(t *testing.T) *doca.Device {
	t.Helper()
	dev, err := doca.Open("mlx5_sim0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := dev.Close(); err != nil {
			t.Error(err)
		}
	})
	return dev
}

func docaError(t *testing.T, err error, name string) *doca.Error {
	t.Helper()
	var e *doca.Error
	if !errors.As(err, &e) {
		t.Fatalf("want a *doca.Error %s, got %v", name, err)
	}
	if e.Name != name {
		t.Fatalf("want %s, got %v", name, e)
	}
	return e
}

func TestDevicesAndOpen(t *testing.T) {
	infos, err := doca.Devices()
	if err != nil {
		t.Fatal(err)
	}
	var info *doca.DeviceInfo
	for i := range infos {
		if infos[i].IBDevName == "mlx5_sim0" {
			info = &infos[i]
		}
	}
	if info == nil || len(info.PCIAddr) != 12 {
		t.Fatalf("mlx5_sim0 is not listed right: %v", infos)
	}
	byName := open(t)
	byPCI, err := doca.OpenPCI(info.PCIAddr)
	if err != nil {
		t.Fatal(err)
	}
	short, err := doca.OpenPCI(info.PCIAddr[5:]) // "03:00.0"
	if err != nil {
		t.Fatal(err)
	}
	if byName.Info.PCIAddr != info.PCIAddr || byPCI.Info.IBDevName != "mlx5_sim0" || short.Info.String() != byPCI.Info.String() {
		t.Fatalf("%v / %v / %v", byName, byPCI, short)
	}
	if err := byPCI.Close(); err != nil {
		t.Fatal(err)
	}
	if err := byPCI.Close(); err != nil { // twice is harmless
		t.Fatal(err)
	}
	short.Close()
	if byName.String() != "doca.Device "+info.String() {
		t.Fatal(byName.String())
	}
}

func TestBadPCIAddress(t *testing.T) {
	_, err := doca.OpenPCI("not a pci address")
	e := docaError(t, err, "DOCA_ERROR_INVALID_VALUE")
	if e.Func != "doca_devinfo_is_equal_pci_addr" || e.Code != capi.DOCA_ERROR_INVALID_VALUE ||
		e.Description != "Invalid input" || !strings.Contains(e.Message, "not a pci address") {
		t.Fatalf("%#v", e)
	}
	if !strings.HasPrefix(e.Error(), "doca_devinfo_is_equal_pci_addr: DOCA_ERROR_INVALID_VALUE (Invalid input): ") {
		t.Fatal(e.Error())
	}
	_, err = doca.OpenPCI("0000:99:00.0")
	docaError(t, err, "DOCA_ERROR_NOT_FOUND")
	_, err = doca.Open("mlx5_nope")
	docaError(t, err, "DOCA_ERROR_NOT_FOUND")
}

func TestMapsAndBuffers(t *testing.T) {
	dev := open(t)
	memory := []byte("0123456789abcdef")
	m, err := doca.NewMmap(memory, []*doca.Device{dev}, doca.AccessLocalReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	inv, err := doca.NewBufInventory(4)
	if err != nil {
		t.Fatal(err)
	}
	defer inv.Close()
	b, err := inv.Buf(m, 4, 8, 3)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := b.Len()
	dl, _ := b.DataLen()
	data, _ := b.Data()
	refs, _ := b.Refcount()
	bufs, _ := m.NumBufs()
	free, _ := inv.NumFree()
	if n != 8 || dl != 3 || string(data) != "456" || refs != 1 || bufs != 1 || free != 3 {
		t.Fatalf("len %d data_len %d data %q refcount %d bufs %d free %d", n, dl, data, refs, bufs, free)
	}
	memory[4] = 'X' // the buffer is the slice's memory
	if data, _ := b.Data(); string(data) != "X56" {
		t.Fatalf("%q", data)
	}
	err = m.Close() // buffers point into it: refused, still open
	e := docaError(t, err, "DOCA_ERROR_NOT_PERMITTED")
	if e.Func != "doca_mmap_destroy" {
		t.Fatal(e)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Len(); !errors.Is(err, doca.ErrClosed) {
		t.Fatalf("a closed buffer: %v", err)
	}
	if bufs, _ := m.NumBufs(); bufs != 0 {
		t.Fatal(bufs)
	}
}

func TestBufferOutsideItsMap(t *testing.T) {
	dev := open(t)
	m, err := doca.NewMmap(make([]byte, 64), []*doca.Device{dev}, doca.AccessLocalReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	inv, _ := doca.NewBufInventory(4)
	defer inv.Close()
	for _, r := range [][2]int{{60, 8}, {64, 1}, {0, 65}} {
		_, err := inv.Buf(m, r[0], r[1], 0)
		e := docaError(t, err, "DOCA_ERROR_INVALID_VALUE")
		if e.Func != "doca_buf_inventory_buf_get_by_args" || !strings.Contains(e.Message, "outside memory map") {
			t.Fatal(e)
		}
	}
	if free, _ := inv.NumFree(); free != 4 {
		t.Fatal(free)
	}
}

func TestStoppedMap(t *testing.T) {
	dev := open(t)
	inv, _ := doca.NewBufInventory(4)
	defer inv.Close()
	m, err := doca.NewMmap(make([]byte, 32), []*doca.Device{dev}, doca.AccessLocalReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Stop(); err != nil {
		t.Fatal(err)
	}
	_, err = inv.Buf(m, 0, 32, 0)
	docaError(t, err, "DOCA_ERROR_BAD_STATE")
	m.Close()
	u, err := doca.NewMmapUnstarted(make([]byte, 32), nil, doca.AccessLocalReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	_, err = inv.Buf(u, 0, 32, 0)
	docaError(t, err, "DOCA_ERROR_BAD_STATE")
	if err := u.AddDevice(dev); err != nil {
		t.Fatal(err)
	}
	if err := u.Start(); err != nil {
		t.Fatal(err)
	}
	docaError(t, u.AddDevice(dev), "DOCA_ERROR_NOT_PERMITTED") // devices before start only
	if err := m.Start(); !errors.Is(err, doca.ErrClosed) {
		t.Fatalf("a closed map: %v", err)
	}
}

func TestExport(t *testing.T) {
	dev := open(t)
	memory := []byte("exported memory!")
	m, err := doca.NewMmap(memory, []*doca.Device{dev},
		doca.AccessLocalReadWrite|doca.AccessPCIReadWrite|doca.AccessRDMARead)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	pci, err := m.ExportPCI(dev)
	if err != nil || len(pci) == 0 {
		t.Fatal(pci, err)
	}
	if rdma, err := m.ExportRDMA(dev); err != nil || len(rdma) == 0 {
		t.Fatal(rdma, err)
	}
	remote, err := doca.MmapFromExport(pci, dev)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := remote.Len(); n != len(memory) {
		t.Fatal(n)
	}
	remote.Close()
	_, err = doca.MmapFromExport(bytes.Repeat([]byte{0}, len(pci)), dev)
	var e *doca.Error
	if !errors.As(err, &e) || e.Func != "doca_mmap_create_from_export" {
		t.Fatal(err)
	}
	local, _ := doca.NewMmap(make([]byte, 8), []*doca.Device{dev}, doca.AccessLocalReadWrite)
	defer local.Close()
	if _, err := local.ExportPCI(dev); !errors.As(err, &e) || e.Func != "doca_mmap_export_pci" {
		t.Fatal(err)
	}
}

func TestProgressEngine(t *testing.T) {
	pe, err := doca.NewProgressEngine()
	if err != nil {
		t.Fatal(err)
	}
	if pe.Progress() {
		t.Fatal("nothing to progress")
	}
	if n, err := pe.Inflight(); n != 0 || err != nil {
		t.Fatal(n, err)
	}
	pe.Close()
	if pe.Progress() {
		t.Fatal("a closed engine progressed")
	}
}
