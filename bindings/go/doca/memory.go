package doca

import (
	"runtime"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/doca/capi"
)

// Access is enum doca_access_flag: what a memory map lets devices and peers do (or-ed).
type Access uint32

// The permissions of a memory map.
const (
	AccessLocalReadOnly  = Access(capi.DOCA_ACCESS_FLAG_LOCAL_READ_ONLY)
	AccessLocalReadWrite = Access(capi.DOCA_ACCESS_FLAG_LOCAL_READ_WRITE)
	AccessRDMARead       = Access(capi.DOCA_ACCESS_FLAG_RDMA_READ)
	AccessRDMAWrite      = Access(capi.DOCA_ACCESS_FLAG_RDMA_WRITE)
	AccessPCIReadOnly    = Access(capi.DOCA_ACCESS_FLAG_PCI_READ_ONLY)
	AccessPCIReadWrite   = Access(capi.DOCA_ACCESS_FLAG_PCI_READ_WRITE)
)

// Mmap is a DOCA memory map (doca_mmap) over a []byte.  The memory is pinned (runtime.Pinner)
// while the map lives: DOCA and the devices keep its address after the calls return.
type Mmap struct {
	handle  *handle[capi.Mmap]
	memory  []byte
	devices []*Device
	cleanup runtime.Cleanup
}

func newMmap(raw *capi.Mmap, memory []byte) *Mmap {
	m := &Mmap{handle: newHandle(raw, "doca_mmap_destroy", capi.MmapDestroy), memory: memory}
	if len(memory) > 0 {
		pinner := new(runtime.Pinner)
		pinner.Pin(&memory[0])
		m.handle.after = pinner.Unpin
	}
	m.cleanup = runtime.AddCleanup(m, (*handle[capi.Mmap]).dropped, m.handle)
	return m
}

// NewMmapUnstarted makes a map over memory with permissions access, on devices, not started
// (AddDevice, then Start).
func NewMmapUnstarted(memory []byte, devices []*Device, access Access) (*Mmap, error) {
	var raw *capi.Mmap
	if err := call("doca_mmap_create", func() capi.Error { return capi.MmapCreate(&raw) }); err != nil {
		return nil, err
	}
	m := newMmap(raw, memory)
	err := call("doca_mmap_set_memrange", func() capi.Error {
		return capi.MmapSetMemrange(raw, unsafe.Pointer(unsafe.SliceData(memory)), uint64(len(memory)))
	})
	if err == nil {
		err = m.SetPermissions(access)
	}
	for _, dev := range devices {
		if err == nil {
			err = m.AddDevice(dev)
		}
	}
	if err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// NewMmap makes a started map over memory with permissions access, on devices.
func NewMmap(memory []byte, devices []*Device, access Access) (*Mmap, error) {
	m, err := NewMmapUnstarted(memory, devices, access)
	if err == nil {
		if err = m.Start(); err != nil {
			m.Close()
			return nil, err
		}
	}
	return m, err
}

// MmapFromExport makes a map of another map's memory from its export's descriptor
// (doca_mmap_create_from_export), in this process or another of the machine.
func MmapFromExport(descriptor []byte, dev *Device) (*Mmap, error) {
	rawDev, err := dev.handle.live("doca_mmap_create_from_export", "device")
	if err != nil {
		return nil, err
	}
	var raw *capi.Mmap
	if err := call("doca_mmap_create_from_export", func() capi.Error {
		return capi.MmapCreateFromExport(nil, unsafe.Pointer(unsafe.SliceData(descriptor)), uint64(len(descriptor)),
			rawDev, &raw)
	}); err != nil {
		return nil, err
	}
	m := newMmap(raw, nil)
	m.devices = []*Device{dev}
	return m, nil
}

func (m *Mmap) do(fn string, f func(*capi.Mmap) capi.Error) error {
	raw, err := m.handle.live(fn, "memory map")
	if err != nil {
		return err
	}
	return call(fn, func() capi.Error { return f(raw) })
}

// SetPermissions is doca_mmap_set_permissions (before Start).
func (m *Mmap) SetPermissions(access Access) error {
	return m.do("doca_mmap_set_permissions", func(r *capi.Mmap) capi.Error {
		return capi.MmapSetPermissions(r, uint32(access))
	})
}

// AddDevice is doca_mmap_add_dev (before Start): the map holds the device.
func (m *Mmap) AddDevice(dev *Device) error {
	rawDev, err := dev.handle.live("doca_mmap_add_dev", "device")
	if err != nil {
		return err
	}
	if err := m.do("doca_mmap_add_dev", func(r *capi.Mmap) capi.Error { return capi.MmapAddDev(r, rawDev) }); err != nil {
		return err
	}
	m.devices = append(m.devices, dev)
	return nil
}

// Start is doca_mmap_start: registers the memory with the map's devices.
func (m *Mmap) Start() error { return m.do("doca_mmap_start", capi.MmapStart) }

// Stop is doca_mmap_stop: no buffer may be made from the map any more (DOCA_ERROR_BAD_STATE).
func (m *Mmap) Stop() error { return m.do("doca_mmap_stop", capi.MmapStop) }

// Len is the mapped length in bytes.
func (m *Mmap) Len() (int, error) {
	var addr unsafe.Pointer
	var n uint64
	err := m.do("doca_mmap_get_memrange", func(r *capi.Mmap) capi.Error { return capi.MmapGetMemrange(r, &addr, &n) })
	return int(n), err
}

// NumBufs is how many buffers point into the map (doca_mmap_get_num_bufs).
func (m *Mmap) NumBufs() (int, error) {
	var n uint32
	err := m.do("doca_mmap_get_num_bufs", func(r *capi.Mmap) capi.Error { return capi.MmapGetNumBufs(r, &n) })
	return int(n), err
}

func (m *Mmap) export(fn string, dev *Device, export func(*capi.Mmap, *capi.Dev, *unsafe.Pointer, *uint64) capi.Error) ([]byte, error) {
	rawDev, err := dev.handle.live(fn, "device")
	if err != nil {
		return nil, err
	}
	var desc unsafe.Pointer
	var n uint64
	if err := m.do(fn, func(r *capi.Mmap) capi.Error { return export(r, rawDev, &desc, &n) }); err != nil {
		return nil, err
	}
	return cBytes(desc, n), nil
}

// ExportPCI is doca_mmap_export_pci: a descriptor another process makes a map of this memory
// from (MmapFromExport).
func (m *Mmap) ExportPCI(dev *Device) ([]byte, error) {
	return m.export("doca_mmap_export_pci", dev, capi.MmapExportPci)
}

// ExportRDMA is doca_mmap_export_rdma: a descriptor for an RDMA peer.
func (m *Mmap) ExportRDMA(dev *Device) ([]byte, error) {
	return m.export("doca_mmap_export_rdma", dev, capi.MmapExportRdma)
}

// Close destroys the map (an error with DOCA_ERROR_NOT_PERMITTED while buffers point into it)
// and unpins its memory.
func (m *Mmap) Close() error {
	err := m.handle.close()
	if err == nil {
		m.cleanup.Stop()
		m.devices = nil
	}
	return err
}

// cBytes copies n bytes at p (C memory) into a new slice.
func cBytes(p unsafe.Pointer, n uint64) []byte {
	return append([]byte(nil), unsafe.Slice((*byte)(p), n)...)
}

// BufInventory is a DOCA buffer inventory (doca_buf_inventory), started.
type BufInventory struct {
	handle  *handle[capi.BufInventory]
	cleanup runtime.Cleanup
}

func destroyInventory(inv *capi.BufInventory) capi.Error {
	if code := capi.BufInventoryStop(inv); code != capi.DOCA_SUCCESS {
		return code
	}
	return capi.BufInventoryDestroy(inv)
}

// NewBufInventory makes an inventory of numElements buffer descriptors.
func NewBufInventory(numElements int) (*BufInventory, error) {
	var raw *capi.BufInventory
	if err := call("doca_buf_inventory_create", func() capi.Error {
		return capi.BufInventoryCreate(uint64(numElements), &raw)
	}); err != nil {
		return nil, err
	}
	inv := &BufInventory{handle: newHandle(raw, "doca_buf_inventory_destroy", destroyInventory)}
	inv.cleanup = runtime.AddCleanup(inv, (*handle[capi.BufInventory]).dropped, inv.handle)
	if err := call("doca_buf_inventory_start", func() capi.Error { return capi.BufInventoryStart(raw) }); err != nil {
		inv.Close()
		return nil, err
	}
	return inv, nil
}

// Buf makes a buffer over length bytes of m from offset, its data the first dataLen of them:
// an error with DOCA_ERROR_INVALID_VALUE for a range outside the map, DOCA_ERROR_BAD_STATE for
// a map not started or stopped, DOCA_ERROR_NO_MEMORY when the inventory is used up.
func (inv *BufInventory) Buf(m *Mmap, offset, length, dataLen int) (*Buf, error) {
	const fn = "doca_buf_inventory_buf_get_by_args"
	rawInv, err := inv.handle.live(fn, "buffer inventory")
	if err != nil {
		return nil, err
	}
	rawMmap, err := m.handle.live(fn, "memory map")
	if err != nil {
		return nil, err
	}
	var addr unsafe.Pointer
	var n uint64
	if err := call("doca_mmap_get_memrange", func() capi.Error { return capi.MmapGetMemrange(rawMmap, &addr, &n) }); err != nil {
		return nil, err
	}
	// An address DOCA checks against the map (never read here): unsafe.Add keeps it a plain number.
	head := unsafe.Add(addr, offset)
	var raw *capi.Buf
	if err := call(fn, func() capi.Error {
		return capi.BufInventoryBufGetByArgs(rawInv, rawMmap, head, uint64(length), head, uint64(dataLen), &raw)
	}); err != nil {
		return nil, err
	}
	b := &Buf{handle: newHandle(raw, "doca_buf_dec_refcount", func(r *capi.Buf) capi.Error {
		return capi.BufDecRefcount(r, nil)
	}), mmap: m, inventory: inv}
	b.cleanup = runtime.AddCleanup(b, (*handle[capi.Buf]).dropped, b.handle)
	return b, nil
}

// NumFree is how many descriptors are not in use (doca_buf_inventory_get_num_free_elements).
func (inv *BufInventory) NumFree() (int, error) {
	const fn = "doca_buf_inventory_get_num_free_elements"
	raw, err := inv.handle.live(fn, "buffer inventory")
	if err != nil {
		return 0, err
	}
	var n uint32
	err = call(fn, func() capi.Error { return capi.BufInventoryGetNumFreeElements(raw, &n) })
	return int(n), err
}

// Close stops and destroys the inventory.
func (inv *BufInventory) Close() error {
	err := inv.handle.close()
	if err == nil {
		inv.cleanup.Stop()
	}
	return err
}

// Buf is a DOCA buffer (doca_buf): a range of a map and the data in it.
type Buf struct {
	handle    *handle[capi.Buf]
	mmap      *Mmap
	inventory *BufInventory
	cleanup   runtime.Cleanup
}

func (b *Buf) get(fn string, f func(*capi.Buf) capi.Error) error {
	raw, err := b.handle.live(fn, "buffer")
	if err != nil {
		return err
	}
	return call(fn, func() capi.Error { return f(raw) })
}

// Len is the buffer's length (doca_buf_get_len).
func (b *Buf) Len() (int, error) {
	var n uint64
	err := b.get("doca_buf_get_len", func(r *capi.Buf) capi.Error { return capi.BufGetLen(r, &n) })
	return int(n), err
}

// DataLen is the length of its data (doca_buf_get_data_len).
func (b *Buf) DataLen() (int, error) {
	var n uint64
	err := b.get("doca_buf_get_data_len", func(r *capi.Buf) capi.Error { return capi.BufGetDataLen(r, &n) })
	return int(n), err
}

// Data is a copy of its data.
func (b *Buf) Data() ([]byte, error) {
	var data unsafe.Pointer
	if err := b.get("doca_buf_get_data", func(r *capi.Buf) capi.Error { return capi.BufGetData(r, &data) }); err != nil {
		return nil, err
	}
	n, err := b.DataLen()
	if err != nil {
		return nil, err
	}
	return cBytes(data, uint64(n)), nil
}

// Refcount is doca_buf_get_refcount.
func (b *Buf) Refcount() (int, error) {
	var n uint16
	err := b.get("doca_buf_get_refcount", func(r *capi.Buf) capi.Error { return capi.BufGetRefcount(r, &n) })
	return int(n), err
}

// Close releases the buffer (doca_buf_dec_refcount).
func (b *Buf) Close() error {
	err := b.handle.close()
	if err == nil {
		b.cleanup.Stop()
	}
	return err
}

// ProgressEngine is a DOCA progress engine (doca_pe): contexts connect to it, their tasks
// complete in Progress on the calling goroutine.  One goroutine at a time (DOCA refuses another
// thread with DOCA_ERROR_NO_LOCK).
type ProgressEngine struct {
	handle  *handle[capi.Pe]
	cleanup runtime.Cleanup
}

// NewProgressEngine is doca_pe_create.
func NewProgressEngine() (*ProgressEngine, error) {
	var raw *capi.Pe
	if err := call("doca_pe_create", func() capi.Error { return capi.PeCreate(&raw) }); err != nil {
		return nil, err
	}
	pe := &ProgressEngine{handle: newHandle(raw, "doca_pe_destroy", capi.PeDestroy)}
	pe.cleanup = runtime.AddCleanup(pe, (*handle[capi.Pe]).dropped, pe.handle)
	return pe, nil
}

// Progress is doca_pe_progress: delivers what completed; whether anything did (false once closed).
func (pe *ProgressEngine) Progress() bool {
	raw := pe.handle.raw
	return raw != nil && capi.PeProgress(raw) != 0
}

// Inflight is how many tasks were submitted and not completed yet.
func (pe *ProgressEngine) Inflight() (int, error) {
	const fn = "doca_pe_get_num_inflight_tasks"
	raw, err := pe.handle.live(fn, "progress engine")
	if err != nil {
		return 0, err
	}
	var n uint64
	err = call(fn, func() capi.Error { return capi.PeGetNumInflightTasks(raw, &n) })
	return int(n), err
}

// Close destroys the engine (an error with DOCA_ERROR_IN_USE while contexts are connected).
func (pe *ProgressEngine) Close() error {
	err := pe.handle.close()
	if err == nil {
		pe.cleanup.Stop()
	}
	return err
}
