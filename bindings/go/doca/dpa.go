package doca

/*
#cgo pkg-config: doca-dpa
#define DOCA_ALLOW_EXPERIMENTAL_API
#include <stdint.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>

// cgo cannot call the variadic kernel launches and doca_dpa_rpc: these call them with n uint64_t
// arguments, one call site per count (libdoca_dpa has no non-variadic form).
#define OPENDOCA_GO_BY_COUNT(CALL, a, n)                                                          \
	switch (n) {                                                                               \
	case 0: return CALL();                                                                     \
	case 1: return CALL(, a[0]);                                                               \
	case 2: return CALL(, a[0], a[1]);                                                         \
	case 3: return CALL(, a[0], a[1], a[2]);                                                   \
	case 4: return CALL(, a[0], a[1], a[2], a[3]);                                             \
	case 5: return CALL(, a[0], a[1], a[2], a[3], a[4]);                                       \
	case 6: return CALL(, a[0], a[1], a[2], a[3], a[4], a[5]);                                 \
	case 7: return CALL(, a[0], a[1], a[2], a[3], a[4], a[5], a[6]);                           \
	case 8: return CALL(, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);                     \
	}                                                                                          \
	return DOCA_ERROR_NOT_SUPPORTED;

static doca_error_t opendoca_go_launch(int add, struct doca_dpa *dpa, struct doca_sync_event *wait, uint64_t threshold,
				       struct doca_sync_event *comp, uint64_t value, unsigned int threads,
				       void *func, const uint64_t *a, int n)
{
#define LAUNCH(...)                                                                                          \
	(add ? doca_dpa_kernel_launch_update_add(dpa, wait, threshold, comp, value, threads,                 \
						  (doca_dpa_func_t *)func __VA_ARGS__) :                     \
	       doca_dpa_kernel_launch_update_set(dpa, wait, threshold, comp, value, threads,                 \
						  (doca_dpa_func_t *)func __VA_ARGS__))
	OPENDOCA_GO_BY_COUNT(LAUNCH, a, n)
#undef LAUNCH
}

static doca_error_t opendoca_go_rpc(struct doca_dpa *dpa, void *func, uint64_t *ret, const uint64_t *a, int n)
{
#define RPC(...) doca_dpa_rpc(dpa, (doca_dpa_func_t *)func, ret __VA_ARGS__)
	OPENDOCA_GO_BY_COUNT(RPC, a, n)
#undef RPC
}
*/
import "C"

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/doca/capi"
)

// MaxArgs is how many 64-bit arguments Launch and RPC pass at most (the C entries are variadic:
// they are called with one call site per argument count).
const MaxArgs = 8

func dpaC(raw *capi.Dpa) *C.struct_doca_dpa { return (*C.struct_doca_dpa)(unsafe.Pointer(raw)) }

func eventC(raw *capi.SyncEvent) *C.struct_doca_sync_event {
	return (*C.struct_doca_sync_event)(unsafe.Pointer(raw))
}

// DPA is a DOCA DPA context (doca_dpa) on a device, running DPA code: a dpacc-built
// application linked with -ldoca_dpa_dev, loaded with flexio.LoadApp (libdoca_dpa runs FlexIO
// applications).  Closing it frees its DPA memory and ends the kernels in flight.
type DPA struct {
	handle  *handle[capi.Dpa]
	app     *flexio.App
	dev     *Device
	cleanup runtime.Cleanup
}

// NewDPAUnstarted makes a context on dev with app set, not started (then Start).
func NewDPAUnstarted(dev *Device, app *flexio.App) (*DPA, error) {
	rawDev, err := dev.handle.live("doca_dpa_create", "device")
	if err != nil {
		return nil, err
	}
	var raw *C.struct_doca_dpa
	if err := call("doca_dpa_create", func() capi.Error {
		return capi.Error(C.doca_dpa_create((*C.struct_doca_dev)(unsafe.Pointer(rawDev)), &raw))
	}); err != nil {
		return nil, err
	}
	d := &DPA{handle: newHandle((*capi.Dpa)(unsafe.Pointer(raw)), "doca_dpa_destroy", func(p *capi.Dpa) capi.Error {
		return capi.Error(C.doca_dpa_destroy(dpaC(p)))
	}), app: app, dev: dev}
	d.cleanup = runtime.AddCleanup(d, (*handle[capi.Dpa]).dropped, d.handle)
	if err := call("doca_dpa_set_app", func() capi.Error {
		return capi.Error(C.doca_dpa_set_app(raw, (*C.struct_doca_dpa_app)(unsafe.Pointer(app.Raw()))))
	}); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// NewDPA makes a context on dev running app, started.
func NewDPA(dev *Device, app *flexio.App) (*DPA, error) {
	d, err := NewDPAUnstarted(dev, app)
	if err != nil {
		return nil, err
	}
	if err := d.Start(); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

func (d *DPA) do(fn string, f func(*C.struct_doca_dpa) C.doca_error_t) error {
	raw, err := d.handle.live(fn, "DPA context")
	if err != nil {
		return err
	}
	return call(fn, func() capi.Error { return capi.Error(f(dpaC(raw))) })
}

// Start runs the application's process (doca_dpa_start): kernels and RPCs may be called.
func (d *DPA) Start() error {
	return d.do("doca_dpa_start", func(p *C.struct_doca_dpa) C.doca_error_t { return C.doca_dpa_start(p) })
}

// Stop ends the kernels in flight and the process (doca_dpa_stop); Start runs it again.
func (d *DPA) Stop() error {
	return d.do("doca_dpa_stop", func(p *C.struct_doca_dpa) C.doca_error_t { return C.doca_dpa_stop(p) })
}

// Check is doca_dpa_peek_at_last_error: an error when a kernel faulted and stopped the context.
func (d *DPA) Check() error {
	return d.do("doca_dpa_peek_at_last_error", func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_peek_at_last_error(p)
	})
}

// Handle is the context as DPA code names it (doca_dpa_get_dpa_handle: doca_dpa_dev_t).
func (d *DPA) Handle() (uint64, error) {
	var h C.doca_dpa_dev_t
	err := d.do("doca_dpa_get_dpa_handle", func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_get_dpa_handle(p, &h)
	})
	return uint64(h), err
}

// MaxThreadsPerKernel is doca_dpa_get_max_threads_per_kernel.
func (d *DPA) MaxThreadsPerKernel() (int, error) {
	var n C.uint
	err := d.do("doca_dpa_get_max_threads_per_kernel", func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_get_max_threads_per_kernel(p, &n)
	})
	return int(n), err
}

// App is the application the context runs.
func (d *DPA) App() *flexio.App { return d.app }

// Raw is the struct doca_dpa * (for package capi), nil once closed.
func (d *DPA) Raw() *capi.Dpa { return d.handle.raw }

func (d *DPA) String() string { return fmt.Sprintf("doca.DPA(%q)", d.app.Name()) }

// Close destroys the context (doca_dpa_destroy); twice is harmless.
func (d *DPA) Close() error {
	err := d.handle.close()
	if err == nil {
		d.cleanup.Stop()
	}
	return err
}

// function is the application's function name (for fn, the C function to blame), its
// arguments checked against its arity.
func (d *DPA) function(fn, name string, args []uint64) (unsafe.Pointer, error) {
	f, err := d.app.Function(name)
	if err != nil {
		return nil, newError(fn, capi.DOCA_ERROR_INVALID_VALUE, err.Error())
	}
	if len(args) != f.NumArgs() {
		return nil, newError(fn, capi.DOCA_ERROR_INVALID_VALUE,
			fmt.Sprintf("%s() takes %d arguments (%d given)", name, f.NumArgs(), len(args)))
	}
	if len(args) > MaxArgs {
		return nil, newError(fn, capi.DOCA_ERROR_NOT_SUPPORTED,
			fmt.Sprintf("%s() takes %d arguments: the binding passes at most %d", name, len(args), MaxArgs))
	}
	return unsafe.Pointer(f.Raw()), nil
}

// argsC is args as the C helpers take them (nil for none).
func argsC(args []uint64) *C.uint64_t {
	if len(args) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(&args[0]))
}

// LaunchConfig is how Launch runs a kernel.
type LaunchConfig struct {
	Threads       int        // DPA threads running it (at most MaxThreadsPerKernel)
	Wait          *SyncEvent // nil, or: it starts once Wait's value reaches WaitThreshold (>=)
	WaitThreshold uint64
	Complete      *SyncEvent // nil, or: when all its threads returned, Complete is set to CompleteValue
	CompleteValue uint64
	Add           bool // the completion adds CompleteValue instead (doca_dpa_kernel_launch_update_add)
}

func eventOrNil(e *SyncEvent, fn string) (*C.struct_doca_sync_event, error) {
	if e == nil {
		return nil, nil
	}
	raw, err := e.handle.live(fn, "sync event")
	return eventC(raw), err
}

// Launch starts kernel (a __dpa_global__ function of the application, by name) with 64-bit
// arguments (one per parameter: DPA addresses, event handles, values) as cfg says
// (doca_dpa_kernel_launch_update_set / _add).  It returns at once; the kernel runs on the DPA.
func (d *DPA) Launch(kernel string, cfg LaunchConfig, args ...uint64) error {
	fn := "doca_dpa_kernel_launch_update_set"
	add := C.int(0)
	if cfg.Add {
		fn, add = "doca_dpa_kernel_launch_update_add", 1
	}
	raw, err := d.handle.live(fn, "DPA context")
	if err != nil {
		return err
	}
	f, err := d.function(fn, kernel, args)
	if err != nil {
		return err
	}
	wait, err := eventOrNil(cfg.Wait, fn)
	if err != nil {
		return err
	}
	comp, err := eventOrNil(cfg.Complete, fn)
	if err != nil {
		return err
	}
	return call(fn, func() capi.Error {
		return capi.Error(C.opendoca_go_launch(add, dpaC(raw), wait, C.uint64_t(cfg.WaitThreshold), comp,
			C.uint64_t(cfg.CompleteValue), C.uint(cfg.Threads), f, argsC(args), C.int(len(args))))
	})
}

// RPC calls rpc (a __dpa_rpc__ function of the application, by name) with 64-bit arguments on
// the DPA and returns its 64-bit result (doca_dpa_rpc).
func (d *DPA) RPC(rpc string, args ...uint64) (uint64, error) {
	const fn = "doca_dpa_rpc"
	raw, err := d.handle.live(fn, "DPA context")
	if err != nil {
		return 0, err
	}
	f, err := d.function(fn, rpc, args)
	if err != nil {
		return 0, err
	}
	var ret C.uint64_t
	err = call(fn, func() capi.Error {
		return capi.Error(C.opendoca_go_rpc(dpaC(raw), f, &ret, argsC(args), C.int(len(args))))
	})
	return uint64(ret), err
}

// ------------------------------------------------------------------------------------------
// DPA memory

// DPAMemory is DPA memory of a context (doca_dpa_mem_alloc): an io.ReaderAt and io.WriterAt.
// Free releases it; closing the context releases it too.
type DPAMemory struct {
	dpa   *DPA
	addr  uint64
	size  int
	freed bool
}

// Alloc gives size bytes of DPA memory (doca_dpa_mem_alloc).
func (d *DPA) Alloc(size int) (*DPAMemory, error) {
	var addr C.doca_dpa_dev_uintptr_t
	err := d.do("doca_dpa_mem_alloc", func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_mem_alloc(p, C.size_t(size), &addr)
	})
	if err != nil {
		return nil, err
	}
	return &DPAMemory{dpa: d, addr: uint64(addr), size: size}, nil
}

// Addr is its DPA address, what kernels and RPCs are given.
func (m *DPAMemory) Addr() uint64 { return m.addr }

// Len is its size in bytes.
func (m *DPAMemory) Len() int { return m.size }

func (m *DPAMemory) String() string {
	return fmt.Sprintf("doca.DPAMemory(%d bytes at %#x)", m.size, m.addr)
}

func (m *DPAMemory) do(fn string, off int64, n int, f func(*C.struct_doca_dpa) C.doca_error_t) error {
	if m.freed {
		return closed(fn, "DPA memory")
	}
	if off < 0 || n < 0 || off+int64(n) > int64(m.size) {
		return newError(fn, capi.DOCA_ERROR_INVALID_VALUE,
			fmt.Sprintf("bytes %d..%d are outside the %d bytes of DPA memory", off, off+int64(n), m.size))
	}
	if n == 0 {
		return nil
	}
	return m.dpa.do(fn, f)
}

// WriteAt copies data to off (doca_dpa_h2d_memcpy).
func (m *DPAMemory) WriteAt(data []byte, off int64) (int, error) {
	err := m.do("doca_dpa_h2d_memcpy", off, len(data), func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_h2d_memcpy(p, C.doca_dpa_dev_uintptr_t(m.addr+uint64(off)), unsafe.Pointer(&data[0]),
			C.size_t(len(data)))
	})
	if err != nil {
		return 0, err
	}
	return len(data), nil
}

// ReadAt fills out from off (doca_dpa_d2h_memcpy).
func (m *DPAMemory) ReadAt(out []byte, off int64) (int, error) {
	err := m.do("doca_dpa_d2h_memcpy", off, len(out), func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_d2h_memcpy(p, unsafe.Pointer(&out[0]), C.doca_dpa_dev_uintptr_t(m.addr+uint64(off)),
			C.size_t(len(out)))
	})
	if err != nil {
		return 0, err
	}
	return len(out), nil
}

// Memset sets every byte to value (doca_dpa_memset).
func (m *DPAMemory) Memset(value byte) error {
	return m.do("doca_dpa_memset", 0, m.size, func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_memset(p, C.doca_dpa_dev_uintptr_t(m.addr), C.int(value), C.size_t(m.size))
	})
}

// Free releases the memory (doca_dpa_mem_free); twice, or after its context closed, is harmless.
func (m *DPAMemory) Free() error {
	if m.freed || m.dpa.handle.raw == nil {
		m.freed = true
		return nil
	}
	err := m.dpa.do("doca_dpa_mem_free", func(p *C.struct_doca_dpa) C.doca_error_t {
		return C.doca_dpa_mem_free(p, C.doca_dpa_dev_uintptr_t(m.addr))
	})
	if err == nil {
		m.freed = true
	}
	return err
}

// ------------------------------------------------------------------------------------------
// Sync events

// Location is where a sync event is published or subscribed: a *Device (its CPU) or a *DPA
// (the context's DPA code).
type Location interface {
	locationFunc(publisher bool) (fn string, add func(*C.struct_doca_sync_event) (C.doca_error_t, error))
}

func (d *Device) locationFunc(publisher bool) (string, func(*C.struct_doca_sync_event) (C.doca_error_t, error)) {
	fn := "doca_sync_event_add_subscriber_location_cpu"
	if publisher {
		fn = "doca_sync_event_add_publisher_location_cpu"
	}
	return fn, func(e *C.struct_doca_sync_event) (C.doca_error_t, error) {
		raw, err := d.handle.live(fn, "device")
		if err != nil {
			return 0, err
		}
		dev := (*C.struct_doca_dev)(unsafe.Pointer(raw))
		if publisher {
			return C.doca_sync_event_add_publisher_location_cpu(e, dev), nil
		}
		return C.doca_sync_event_add_subscriber_location_cpu(e, dev), nil
	}
}

func (d *DPA) locationFunc(publisher bool) (string, func(*C.struct_doca_sync_event) (C.doca_error_t, error)) {
	fn := "doca_sync_event_add_subscriber_location_dpa"
	if publisher {
		fn = "doca_sync_event_add_publisher_location_dpa"
	}
	return fn, func(e *C.struct_doca_sync_event) (C.doca_error_t, error) {
		raw, err := d.handle.live(fn, "DPA context")
		if err != nil {
			return 0, err
		}
		if publisher {
			return C.doca_sync_event_add_publisher_location_dpa(e, dpaC(raw)), nil
		}
		return C.doca_sync_event_add_subscriber_location_dpa(e, dpaC(raw)), nil
	}
}

// SyncEvent is a DOCA sync event (doca_sync_event): a 64-bit counter that the CPU and DPA code
// update and wait on.  It holds its locations until closed.
type SyncEvent struct {
	handle    *handle[capi.SyncEvent]
	locations []Location
	cleanup   runtime.Cleanup
}

// NewSyncEventUnstarted makes an event to configure (AddPublisher, AddSubscriber, Start).
func NewSyncEventUnstarted() (*SyncEvent, error) {
	var raw *C.struct_doca_sync_event
	if err := call("doca_sync_event_create", func() capi.Error {
		return capi.Error(C.doca_sync_event_create(&raw))
	}); err != nil {
		return nil, err
	}
	e := &SyncEvent{handle: newHandle((*capi.SyncEvent)(unsafe.Pointer(raw)), "doca_sync_event_destroy",
		func(p *capi.SyncEvent) capi.Error { return capi.Error(C.doca_sync_event_destroy(eventC(p))) })}
	e.cleanup = runtime.AddCleanup(e, (*handle[capi.SyncEvent]).dropped, e.handle)
	return e, nil
}

// NewSyncEvent makes an event published at publisher and subscribed at subscriber (each a
// *Device, the CPU, or a *DPA, its DPA code), started.
func NewSyncEvent(publisher, subscriber Location) (*SyncEvent, error) {
	e, err := NewSyncEventUnstarted()
	if err != nil {
		return nil, err
	}
	if err = e.AddPublisher(publisher); err == nil {
		if err = e.AddSubscriber(subscriber); err == nil {
			err = e.Start()
		}
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func (e *SyncEvent) add(publisher bool, at Location) error {
	fn, add := at.locationFunc(publisher)
	raw, err := e.handle.live(fn, "sync event")
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	code, err := add(eventC(raw))
	if err != nil {
		return err
	}
	if err := check(fn, capi.Error(code)); err != nil {
		return err
	}
	e.locations = append(e.locations, at)
	return nil
}

// AddPublisher sets who updates the event (before Start).
func (e *SyncEvent) AddPublisher(at Location) error { return e.add(true, at) }

// AddSubscriber sets who waits on the event (before Start).
func (e *SyncEvent) AddSubscriber(at Location) error { return e.add(false, at) }

func (e *SyncEvent) do(fn string, f func(*C.struct_doca_sync_event) C.doca_error_t) error {
	raw, err := e.handle.live(fn, "sync event")
	if err != nil {
		return err
	}
	return call(fn, func() capi.Error { return capi.Error(f(eventC(raw))) })
}

// Start is doca_sync_event_start.
func (e *SyncEvent) Start() error {
	return e.do("doca_sync_event_start", func(p *C.struct_doca_sync_event) C.doca_error_t {
		return C.doca_sync_event_start(p)
	})
}

// DPAHandle is the event as d's DPA code names it (doca_sync_event_get_dpa_handle), to pass to
// its kernels and RPCs.
func (e *SyncEvent) DPAHandle(d *DPA) (uint64, error) {
	const fn = "doca_sync_event_get_dpa_handle"
	rawDPA, err := d.handle.live(fn, "DPA context")
	if err != nil {
		return 0, err
	}
	var h C.doca_dpa_dev_sync_event_t
	err = e.do(fn, func(p *C.struct_doca_sync_event) C.doca_error_t {
		return C.doca_sync_event_get_dpa_handle(p, dpaC(rawDPA), &h)
	})
	return uint64(h), err
}

// Get is the event's value (doca_sync_event_get).
func (e *SyncEvent) Get() (uint64, error) {
	var v C.uint64_t
	err := e.do("doca_sync_event_get", func(p *C.struct_doca_sync_event) C.doca_error_t {
		return C.doca_sync_event_get(p, &v)
	})
	return uint64(v), err
}

// UpdateSet sets the value (doca_sync_event_update_set).
func (e *SyncEvent) UpdateSet(value uint64) error {
	return e.do("doca_sync_event_update_set", func(p *C.struct_doca_sync_event) C.doca_error_t {
		return C.doca_sync_event_update_set(p, C.uint64_t(value))
	})
}

// UpdateAdd adds value (doca_sync_event_update_add) and returns the value before.
func (e *SyncEvent) UpdateAdd(value uint64) (uint64, error) {
	var fetched C.uint64_t
	err := e.do("doca_sync_event_update_add", func(p *C.struct_doca_sync_event) C.doca_error_t {
		return C.doca_sync_event_update_add(p, C.uint64_t(value), &fetched)
	})
	return uint64(fetched), err
}

// WaitGT waits until the value is greater than value.  timeout <= 0: as long as it takes
// (doca_sync_event_wait_gt); else an error with DOCA_ERROR_TIME_OUT once it passed (polling
// doca_sync_event_get).
func (e *SyncEvent) WaitGT(value uint64, timeout time.Duration) error {
	const fn = "doca_sync_event_wait_gt"
	if timeout <= 0 {
		return e.do(fn, func(p *C.struct_doca_sync_event) C.doca_error_t {
			return C.doca_sync_event_wait_gt(p, C.uint64_t(value), ^C.uint64_t(0))
		})
	}
	deadline := time.Now().Add(timeout)
	for {
		now, err := e.Get()
		if err != nil {
			return err
		}
		if now > value {
			return nil
		}
		if time.Now().After(deadline) {
			return newError(fn, capi.DOCA_ERROR_TIME_OUT,
				fmt.Sprintf("the value stayed %d, not above %d, for %v", now, value, timeout))
		}
		time.Sleep(500 * time.Microsecond)
	}
}

// Raw is the struct doca_sync_event * (for package capi), nil once closed.
func (e *SyncEvent) Raw() *capi.SyncEvent { return e.handle.raw }

// Close destroys the event (doca_sync_event_destroy); twice is harmless.
func (e *SyncEvent) Close() error {
	err := e.handle.close()
	if err == nil {
		e.cleanup.Stop()
		e.locations = nil
	}
	return err
}
