// Package doca is the Go API of OpenDOCA, OpenFlexIO's DOCA Core, DOCA DMA and DOCA DPA on the
// simulated BlueField-3: devices, memory maps, buffers, progress engines, DMA copies, and DPA code
// run by a DOCA DPA context (DPA: kernels chained by sync events, RPCs, DPA memory; see
// ExampleDPA_Launch).
//
//	dev, err := doca.Open("mlx5_sim0")                 // or doca.OpenPCI("0000:03:00.0")
//	defer dev.Close()
//	src, dst := []byte("hello DOCA"), make([]byte, 10)
//	msrc, err := doca.NewMmap(src, []*doca.Device{dev}, doca.AccessLocalReadOnly)
//	defer msrc.Close()
//	mdst, err := doca.NewMmap(dst, []*doca.Device{dev}, doca.AccessLocalReadWrite)
//	defer mdst.Close()
//	inv, err := doca.NewBufInventory(2)
//	defer inv.Close()
//	s, err := inv.Buf(msrc, 0, len(src), len(src))    // data: all of it
//	defer s.Close()
//	d, err := inv.Buf(mdst, 0, len(dst), 0)           // empty: the copy appends
//	defer d.Close()
//	pe, err := doca.NewProgressEngine()
//	defer pe.Close()
//	dma, err := doca.NewDMA(dev, pe, 16)
//	defer dma.Close()
//	err = dma.Memcpy(s, d)                             // submit, progress until done
//
// Errors are *Error values carrying the C function, the doca_error_t with its name and
// description (doca_error_get_name, doca_error_get_descr) and the line the library logged for
// the failure.  Close releases an object (twice is harmless; a closed object's methods return
// an error wrapping ErrClosed); one dropped without Close is released by a cleanup
// (runtime.AddCleanup) when the garbage collector finds it unreachable, a safety net only.
// Objects hold what they were made with (a map its devices, a buffer its map): close them in
// reverse order, as the defers above do.  The generated low-level layer is package doca/capi.
package doca

/*
#cgo pkg-config: doca-common
#include <doca_error.h>

// libdoca_common's record of the calling thread's last failure, kept for the bindings' errors
// (doca/common/private.h).
doca_error_t opendoca_last_error(void);
const char *opendoca_last_error_message(void);
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/doca/capi"
)

// ErrClosed is wrapped by the errors of a closed object's methods.
var ErrClosed = errors.New("doca: closed")

// Error is a failed DOCA call.
type Error struct {
	Func        string     // the C function that failed
	Code        capi.Error // its doca_error_t (capi.DOCA_ERROR_INVALID_VALUE, ...)
	Name        string     // doca_error_get_name: "DOCA_ERROR_INVALID_VALUE"
	Description string     // doca_error_get_descr: "Invalid input"
	Message     string     // the line the library logged for the failure ("" when none)
	kind        error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s (%s)", e.Func, e.Name, e.Description)
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Unwrap gives ErrClosed for a closed object's refusal, else nil.
func (e *Error) Unwrap() error { return e.kind }

func cString(p *byte) string { return C.GoString((*C.char)(unsafe.Pointer(p))) }

func newError(fn string, code capi.Error, message string) *Error {
	return &Error{Func: fn, Code: code, Name: cString(capi.ErrorGetName(code)),
		Description: cString(capi.ErrorGetDescr(code)), Message: message}
}

// check turns what fn returned into an error; it must run on the OS thread of the call (the
// caller holds LockOSThread), where the library keeps the failure's line.
func check(fn string, code capi.Error) error {
	if code == capi.DOCA_SUCCESS {
		return nil
	}
	message := ""
	if capi.Error(C.opendoca_last_error()) == code {
		message = C.GoString(C.opendoca_last_error_message())
	}
	return newError(fn, code, message)
}

// call runs f (a C call returning a doca_error_t) on a locked OS thread and checks it.
func call(fn string, f func() capi.Error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return check(fn, f())
}

func closed(fn, what string) error {
	e := newError(fn, capi.DOCA_ERROR_BAD_STATE, "the "+what+" is closed")
	e.kind = ErrClosed
	return e
}

// ------------------------------------------------------------------------------------------
// Devices

// DeviceInfo is a DOCA device's properties (doca_devinfo_get_*), read when it was listed.
type DeviceInfo struct {
	PCIAddr   string // "0000:03:00.0"
	IBDevName string // "mlx5_sim0"
	IfaceName string // the network interface, "" when it has none
	MACAddr   []byte // 6 bytes, nil when it has none
	IPv4Addr  []byte // 4 bytes, nil when it has none
}

func (i DeviceInfo) String() string { return fmt.Sprintf("%s (%s)", i.IBDevName, i.PCIAddr) }

func stringProperty(fn string, size int, get func(*byte) capi.Error) (string, error) {
	buf := make([]byte, size)
	if err := check(fn, get(&buf[0])); err != nil {
		return "", err
	}
	return cString(&buf[0]), nil
}

func optionalBytes(fn string, size int, get func(*uint8, uint32) capi.Error) ([]byte, error) {
	buf := make([]byte, size)
	switch code := get(&buf[0], uint32(size)); code {
	case capi.DOCA_SUCCESS:
		return buf, nil
	case capi.DOCA_ERROR_NOT_FOUND:
		return nil, nil
	default:
		return nil, check(fn, code)
	}
}

// infoOf reads devinfo's properties (on a locked OS thread).
func infoOf(devinfo *capi.Devinfo) (DeviceInfo, error) {
	var info DeviceInfo
	var err error
	if info.PCIAddr, err = stringProperty("doca_devinfo_get_pci_addr_str", capi.DOCA_DEVINFO_PCI_ADDR_SIZE,
		func(b *byte) capi.Error { return capi.DevinfoGetPciAddrStr(devinfo, b) }); err != nil {
		return info, err
	}
	if info.IBDevName, err = stringProperty("doca_devinfo_get_ibdev_name", capi.DOCA_DEVINFO_IBDEV_NAME_SIZE,
		func(b *byte) capi.Error {
			return capi.DevinfoGetIbdevName(devinfo, b, capi.DOCA_DEVINFO_IBDEV_NAME_SIZE)
		}); err != nil {
		return info, err
	}
	iface, err := stringProperty("doca_devinfo_get_iface_name", capi.DOCA_DEVINFO_IFACE_NAME_SIZE,
		func(b *byte) capi.Error {
			return capi.DevinfoGetIfaceName(devinfo, b, capi.DOCA_DEVINFO_IFACE_NAME_SIZE)
		})
	var e *Error
	if err != nil && !(errors.As(err, &e) && e.Code == capi.DOCA_ERROR_NOT_FOUND) {
		return info, err
	}
	info.IfaceName = iface
	if info.MACAddr, err = optionalBytes("doca_devinfo_get_mac_addr", capi.DOCA_DEVINFO_MAC_ADDR_SIZE,
		func(b *uint8, n uint32) capi.Error { return capi.DevinfoGetMacAddr(devinfo, b, n) }); err != nil {
		return info, err
	}
	info.IPv4Addr, err = optionalBytes("doca_devinfo_get_ipv4_addr", capi.DOCA_DEVINFO_IPV4_ADDR_SIZE,
		func(b *uint8, n uint32) capi.Error { return capi.DevinfoGetIpv4Addr(devinfo, b, n) })
	return info, err
}

// withDevinfoList calls f with the handles of DOCA's device list (on a locked OS thread), then
// destroys the list.
func withDevinfoList(f func([]*capi.Devinfo) error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var list **capi.Devinfo
	var n uint32
	if err := check("doca_devinfo_create_list", capi.DevinfoCreateList(&list, &n)); err != nil {
		return err
	}
	defer capi.DevinfoDestroyList(list)
	return f(unsafe.Slice(list, n))
}

// Devices lists the DOCA devices with their properties.
func Devices() ([]DeviceInfo, error) {
	var infos []DeviceInfo
	err := withDevinfoList(func(list []*capi.Devinfo) error {
		for _, d := range list {
			info, err := infoOf(d)
			if err != nil {
				return err
			}
			infos = append(infos, info)
		}
		return nil
	})
	return infos, err
}

// Device is an open DOCA device (doca_dev_open).
type Device struct {
	handle  *handle[capi.Dev]
	Info    DeviceInfo // its properties, read when it was opened
	cleanup runtime.Cleanup
}

func openWhere(wanted string, matches func(*capi.Devinfo) (bool, error)) (*Device, error) {
	var dev *Device
	err := withDevinfoList(func(list []*capi.Devinfo) error {
		for _, d := range list {
			ok, err := matches(d)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			info, err := infoOf(d)
			if err != nil {
				return err
			}
			var raw *capi.Dev
			if err := check("doca_dev_open", capi.DevOpen(d, &raw)); err != nil {
				return err
			}
			dev = &Device{handle: newHandle(raw, "doca_dev_close", capi.DevClose), Info: info}
			dev.cleanup = runtime.AddCleanup(dev, (*handle[capi.Dev]).dropped, dev.handle)
			return nil
		}
		return newError("doca_dev_open", capi.DOCA_ERROR_NOT_FOUND, "no DOCA device "+wanted)
	})
	return dev, err
}

// Open opens the device of IB device name ibdevName ("mlx5_sim0"): an error with
// DOCA_ERROR_NOT_FOUND when there is none.
func Open(ibdevName string) (*Device, error) {
	return openWhere(fmt.Sprintf("named %q", ibdevName), func(d *capi.Devinfo) (bool, error) {
		info, err := infoOf(d)
		return err == nil && info.IBDevName == ibdevName, err
	})
}

// OpenPCI opens the device at PCI address pci ("0000:03:00.0" or "03:00.0"): an error with
// DOCA_ERROR_NOT_FOUND when none is there, DOCA_ERROR_INVALID_VALUE for an address DOCA cannot read.
func OpenPCI(pci string) (*Device, error) {
	addr := append([]byte(pci), 0)
	return openWhere("at PCI address "+pci, func(d *capi.Devinfo) (bool, error) {
		var equal uint8
		err := check("doca_devinfo_is_equal_pci_addr", capi.DevinfoIsEqualPciAddr(d, &addr[0], &equal))
		return equal != 0, err
	})
}

// Close closes the device (an error with DOCA_ERROR_IN_USE while maps or contexts use it).
func (d *Device) Close() error {
	err := d.handle.close()
	if err == nil {
		d.cleanup.Stop()
	}
	return err
}

// Raw is the struct doca_dev * (for package capi), nil once closed.
func (d *Device) Raw() *capi.Dev { return d.handle.raw }

func (d *Device) String() string { return "doca.Device " + d.Info.String() }

// ------------------------------------------------------------------------------------------
// Handles

// handle is a DOCA object's pointer and its destructor: closed once, by Close or by the cleanup
// of a dropped object (which runs without the object, so it holds no pointer to it).
type handle[T any] struct {
	raw     *T
	fn      string
	destroy func(*T) capi.Error
	after   func() // what to release once destroyed (a map's pinned memory)
}

func newHandle[T any](raw *T, fn string, destroy func(*T) capi.Error) *handle[T] {
	return &handle[T]{raw: raw, fn: fn, destroy: destroy}
}

func (h *handle[T]) live(fn, what string) (*T, error) {
	if h.raw == nil {
		return nil, closed(fn, what)
	}
	return h.raw, nil
}

func (h *handle[T]) close() error {
	if h.raw == nil {
		return nil
	}
	if err := call(h.fn, func() capi.Error { return h.destroy(h.raw) }); err != nil {
		return err
	}
	h.raw = nil
	if h.after != nil {
		h.after()
	}
	return nil
}

// dropped is the cleanup of an object the garbage collector found unreachable.  When DOCA refuses
// (a map whose buffers were dropped in the same collection and not released yet), the object is
// left to DOCA, but what it holds is released all the same: a pinned slice must be unpinned
// before the runtime collects its Pinner.
func (h *handle[T]) dropped() {
	if err := h.close(); err != nil && h.after != nil {
		h.after()
		h.after = nil
	}
}
