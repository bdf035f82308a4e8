// Package flexio is the Go API of OpenFlexIO's libflexio: the FlexIO SDK host API on the
// simulated BlueField-3 DPA (mlx5_sim0).
//
//	app, err := flexio.LoadApp("libmy_app.so", "")     // a dpacc-built app in a shared object
//	dev, err := flexio.Open("mlx5_sim0")
//	defer dev.Close()
//	proc, err := dev.NewProcess(app)
//	defer proc.Close()
//	sum, err := app.Function("weighted_sum")
//	r, err := proc.Call(sum, 1, 2, 3, 4, 5)
//	buf, err := proc.CopyFromHost([]byte("hello"))     // DPA heap: io.ReaderAt / io.WriterAt
//	text, err := proc.Output()                         // device prints as text
//	eh, err := proc.NewEventHandler(handler, flexio.EventHandlerConfig{Arg: buf.Addr(), Name: "rx"})
//	defer eh.Close()                                   // a DPA thread run once per trigger
//	err = eh.Run(0)
//	_, err = proc.Call(activate, uint64(eh.ActivationID()))
//
// Errors are *Error values carrying the library's own log line; errors.Is(err, ErrDeviceFault)
// tells a process stopped by a fault in device code or flexio_dev_error, and the error's Fault
// is the library's record of it (Process.Fault reads it at any time).  The package checks at
// load (init) that libflexio serves the API edition it was generated from (flexio_version_set);
// if not, every entry point returns an error wrapping ErrVersion.  The generated low-level layer is package capi.
//
// From load on, each line the library logs at or above its level (FLEXIO_LOG_LEVEL, default
// WARN) is a log/slog record instead of a line on stderr, sent to slog.Default() or to the
// logger given to SetLogger: level ERR -> slog.LevelError, WARN -> LevelWarn, INFO ->
// LevelInfo, DBG -> LevelDebug; message "<function>: <reason>"; attribute "function" naming
// the C function (a FlexIO call, or an rdma-core call the simulated device answered).  A failed
// call gives one ERROR record and the *Error carrying the same line.
package flexio

/*
#cgo pkg-config: flexio
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// open_memstream's buffer and size live in C memory (the FILE writes through them).
struct flexio_go_capture { char *buf; size_t size; FILE *file; };

static struct flexio_go_capture *flexio_go_capture_open(void)
{
	struct flexio_go_capture *c = calloc(1, sizeof(*c));

	if (c && !(c->file = open_memstream(&c->buf, &c->size))) {
		free(c);
		return NULL;
	}
	return c;
}

// Copies what was written after 'from' (under the FILE lock, which the stream's host thread
// takes when it writes); returns the new total size.
static size_t flexio_go_capture_take(struct flexio_go_capture *c, size_t from, char **out)
{
	size_t n;

	flockfile(c->file);
	fflush(c->file);
	n = c->size;
	*out = NULL;
	if (n > from && (*out = malloc(n - from)))
		for (size_t i = from; i < n; i++)
			(*out)[i - from] = c->buf[i];
	funlockfile(c->file);
	return n;
}

static void flexio_go_capture_close(struct flexio_go_capture *c)
{
	fclose(c->file);
	free(c->buf);
	free(c);
}
*/
import "C"

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/capi"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

// Sentinel errors for errors.Is.
var (
	ErrFailed      = errors.New("flexio: call failed")
	ErrDeviceFault = errors.New("flexio: the DPA process stopped on a fatal error")
	ErrNotFound    = errors.New("flexio: not found")
	ErrArity       = errors.New("flexio: wrong number of arguments")
	ErrVersion     = errors.New("flexio: libflexio does not serve this API edition")
	ErrClosed      = errors.New("flexio: closed")
)

// Error is a failed libflexio call: the C function and the line the library logged for it.
type Error struct {
	Func    string // the C function that failed
	Message string // "flexio ERR <function>: <reason>"
	Status  uint32 // the process's error status for ErrDeviceFault (Fault.Status)
	Fault   *Fault // what stopped the process, for ErrDeviceFault; nil otherwise
	kind    error
}

func (e *Error) Error() string {
	if e.Fault != nil {
		return fmt.Sprintf("%s [DPA process stopped, %v]", e.Message, e.Fault)
	}
	return e.Message
}

// Unwrap gives the sentinel (ErrFailed, ErrDeviceFault, ...).
func (e *Error) Unwrap() error { return e.kind }

// lastError must run on the OS thread of the failed call (the caller holds LockOSThread).
func lastError(fn string) *Error {
	return &Error{Func: fn, Message: C.GoString((*C.char)(unsafe.Pointer(xcapi.LastError()))), kind: ErrFailed}
}

func versionString(v uint64) string {
	return fmt.Sprintf("%d.%d.%d", v>>24&0xff, v>>16&0xff, v&0xffff)
}

// APIVersion is the API edition the bindings were generated from.
func APIVersion() string { return versionString(capi.FLEXIO_BINDINGS_API_VERSION) }

// LibraryVersion is the API version the loaded libflexio implements.
func LibraryVersion() string { return versionString(xcapi.VersionGet(nil)) }

var handshakeErr error

// The log routing and the version handshake, at load.
func init() {
	installLog() // first: a refused handshake is then a record too
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.VersionSet(capi.FLEXIO_BINDINGS_API_VERSION) != capi.FLEXIO_STATUS_SUCCESS {
		handshakeErr = &Error{Func: "flexio_version_set", kind: ErrVersion, Message: fmt.Sprintf(
			"flexio: these bindings were generated for FlexIO API %s, but the loaded libflexio implements %s "+
				"and refuses it (%s); regenerate package capi against this library or load a matching libflexio",
			APIVersion(), LibraryVersion(), lastError("").Message)}
	}
}

// ------------------------------------------------------------------------------------------
// Fatal errors as a record

// FaultCause is why a DPA thread stopped its process (enum flexio_fault_cause).  String is the
// library's name for it (flexio_fault_cause_name: "misaligned access", ...).
type FaultCause uint32

// The fault causes.
const (
	FaultNone          = FaultCause(capi.FLEXIO_FAULT_NONE)           // no thread fault (flexio_dev_error, ...)
	FaultMisaligned    = FaultCause(capi.FLEXIO_FAULT_MISALIGNED)     // an N-byte access not N-byte aligned
	FaultUnmapped      = FaultCause(capi.FLEXIO_FAULT_UNMAPPED)       // a data access outside the process's memory
	FaultPermission    = FaultCause(capi.FLEXIO_FAULT_PERMISSION)     // a data access against its permissions
	FaultFetch         = FaultCause(capi.FLEXIO_FAULT_FETCH)          // a fetch outside executable memory
	FaultIllegal       = FaultCause(capi.FLEXIO_FAULT_ILLEGAL)        // an illegal or unsupported instruction
	FaultBreakpoint    = FaultCause(capi.FLEXIO_FAULT_BREAKPOINT)     // ebreak
	FaultWatchdog      = FaultCause(capi.FLEXIO_FAULT_WATCHDOG)       // an activation past its instruction budget
	FaultBadService    = FaultCause(capi.FLEXIO_FAULT_BAD_SERVICE)    // an ecall nobody serves
	FaultAperture      = FaultCause(capi.FLEXIO_FAULT_APERTURE)       // a window or outbox access refused
	FaultStackOverflow = FaultCause(capi.FLEXIO_FAULT_STACK_OVERFLOW) // sp left the thread's stack
)

// String is the library's name of the cause, "unknown" for a value it does not know.
func (c FaultCause) String() string {
	return C.GoString((*C.char)(unsafe.Pointer(xcapi.FaultCauseName(capi.FaultCause(c)))))
}

// FaultAccess is the kind of memory access that faulted (enum flexio_fault_access).
type FaultAccess uint32

// The access kinds.
const (
	AccessNone    = FaultAccess(capi.FLEXIO_FAULT_ACCESS_NONE)
	AccessRead    = FaultAccess(capi.FLEXIO_FAULT_ACCESS_READ)
	AccessWrite   = FaultAccess(capi.FLEXIO_FAULT_ACCESS_WRITE)
	AccessExecute = FaultAccess(capi.FLEXIO_FAULT_ACCESS_EXECUTE)
)

func (a FaultAccess) String() string {
	switch a {
	case AccessNone:
		return "none"
	case AccessRead:
		return "read"
	case AccessWrite:
		return "write"
	case AccessExecute:
		return "execute"
	}
	return fmt.Sprintf("access %d", uint32(a))
}

// RegNames are the RISC-V ABI names of x0..x31 (the indices of Fault.Regs).
var RegNames = [32]string{"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
	"a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"}

// Fault is what stopped a DPA process (struct flexio_process_fault, from
// flexio_process_fault_get): its error status and, when a thread faulted, the fault with the
// thread's registers.  All zero while the process runs.  String is one line ("status 0x10:
// misaligned access (read) at pc 0x100b2, address 0x25001, thread 0"); Report adds the
// instruction, the counters and the registers.
type Fault struct {
	Status    uint32      // flexio_err_status_get: 0 running, flexio_dev_error's code, the DPA OS's status
	Stopped   bool        // stopped for good (also by process finish)
	HasThread bool        // ThreadID names the thread whose error stopped the process
	ThreadID  uint32      // as device code numbers it (flexio_dev_get_thread_id)
	Cause     FaultCause  // FaultNone unless a thread faulted; the fields below describe its fault
	Access    FaultAccess // for memory faults
	PC        uint64      // the faulting instruction
	Address   uint64      // the data or fetch address of the fault
	Insn      uint32      // the instruction word at PC, 0 if unreadable
	Regs      [32]uint64  // x0..x31 at the fault (RegNames)
	Instret   uint64      // instructions the thread retired before the fault
	Cycles    uint64      // its cycles before the fault
}

func faultFrom(f *capi.ProcessFault) *Fault {
	return &Fault{Status: f.Status, Stopped: f.Stopped != 0, HasThread: f.HasThread != 0, ThreadID: f.ThreadId,
		Cause: FaultCause(f.Cause), Access: FaultAccess(f.Access), PC: f.Pc, Address: f.Address, Insn: f.Insn,
		Regs: f.Regs, Instret: f.Instret, Cycles: f.Cycles}
}

// Faulted tells whether a thread faulted (Cause is not FaultNone).
func (f *Fault) Faulted() bool { return f.Cause != FaultNone }

// Reg is a register at the fault by ABI name ("sp", "a0") or as "x<n>".
func (f *Fault) Reg(name string) (uint64, bool) {
	for i, n := range RegNames {
		if n == name || fmt.Sprintf("x%d", i) == name {
			return f.Regs[i], true
		}
	}
	return 0, false
}

func (f *Fault) String() string {
	if !f.Stopped {
		return "running"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "status %#x", f.Status)
	if f.Faulted() {
		fmt.Fprintf(&b, ": %v", f.Cause)
		if f.Access != AccessNone {
			fmt.Fprintf(&b, " (%v)", f.Access)
		}
		fmt.Fprintf(&b, " at pc %#x, address %#x", f.PC, f.Address)
	}
	if f.HasThread {
		fmt.Fprintf(&b, ", thread %d", f.ThreadID)
	}
	return b.String()
}

// Report is the record as text: String, then the fault's instruction, counters and registers.
func (f *Fault) Report() string {
	var b strings.Builder
	b.WriteString(f.String())
	if f.Faulted() {
		fmt.Fprintf(&b, "\npc %#018x  address %#018x  insn %#010x\ninstret %d  cycles %d",
			f.PC, f.Address, f.Insn, f.Instret, f.Cycles)
		for i, r := range f.Regs {
			sep := "  "
			if i%4 == 0 {
				sep = "\n"
			}
			fmt.Fprintf(&b, "%sx%-2d %-4s %#018x", sep, i, RegNames[i], r)
		}
	}
	return b.String()
}

// ------------------------------------------------------------------------------------------
// Devices

// Device is an RDMA device with a DPA, opened through libflexio's ibverbs.  Close it (it closes
// its processes too); a Device dropped without Close is closed by the garbage collector
// eventually, after its processes, as a safety net only (runtime.AddCleanup): when is
// unpredictable, and a program that relies on it may run out of devices or DPA memory first.
type Device struct {
	ctx     *capi.IbvContext
	name    string
	mu      sync.Mutex
	open    map[*Process]struct{}
	context *deviceContext
	cleanup runtime.Cleanup
}

// deviceContext is what the cleanups of a Device and of its processes share: the rdma-core
// context, closed once the Device is closed or unreachable and none of its processes is left
// (the garbage collector runs the cleanups of a device and its processes in any order).
type deviceContext struct {
	mu        sync.Mutex
	ctx       *capi.IbvContext
	processes int  // processes created on the context and not destroyed yet
	dropped   bool // the Device is closed or unreachable
}

func (c *deviceContext) processCreated() {
	c.mu.Lock()
	c.processes++
	c.mu.Unlock()
}

func (c *deviceContext) processDestroyed() { c.release(-1, false) }

func (c *deviceContext) deviceDropped() { c.release(0, true) }

func (c *deviceContext) release(processes int, dropped bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.processes += processes
	c.dropped = c.dropped || dropped
	if c.dropped && c.processes == 0 && c.ctx != nil {
		capi.IbvCloseDevice(c.ctx)
		c.ctx = nil
	}
}

func deviceList() (**capi.IbvDevice, []string) {
	var n int32
	list := capi.IbvGetDeviceList(&n)
	if list == nil {
		return nil, nil
	}
	devs := unsafe.Slice(list, n)
	names := make([]string, n)
	for i, d := range devs {
		names[i] = C.GoString((*C.char)(unsafe.Pointer(capi.IbvGetDeviceName(d))))
	}
	return list, names
}

// DeviceNames lists the devices libflexio serves.
func DeviceNames() []string {
	list, names := deviceList()
	if list != nil {
		capi.IbvFreeDeviceList(list)
	}
	return names
}

// Open opens the device called name ("mlx5_sim0").
func Open(name string) (*Device, error) {
	if handshakeErr != nil {
		return nil, handshakeErr
	}
	list, names := deviceList()
	if list == nil {
		return nil, &Error{Func: "ibv_get_device_list", Message: "ibv_get_device_list: no RDMA devices", kind: ErrNotFound}
	}
	defer capi.IbvFreeDeviceList(list)
	for i, n := range names {
		if n == name {
			ctx := capi.IbvOpenDevice(unsafe.Slice(list, len(names))[i])
			if ctx == nil {
				break
			}
			d := &Device{ctx: ctx, name: name, open: map[*Process]struct{}{}, context: &deviceContext{ctx: ctx}}
			d.cleanup = runtime.AddCleanup(d, (*deviceContext).deviceDropped, d.context)
			return d, nil
		}
	}
	return nil, &Error{Func: "ibv_open_device", kind: ErrNotFound,
		Message: fmt.Sprintf("ibv_open_device: no device named %q (devices: %s)", name, strings.Join(names, ", "))}
}

// Name is the device's name.
func (d *Device) Name() string { return d.name }

func (d *Device) String() string { return fmt.Sprintf("flexio.Device(%q)", d.name) }

// Close closes the processes still open on the device, then the device.
func (d *Device) Close() error {
	d.mu.Lock()
	procs := make([]*Process, 0, len(d.open))
	for p := range d.open {
		procs = append(procs, p)
	}
	d.mu.Unlock()
	for _, p := range procs {
		p.Close()
	}
	if d.ctx == nil {
		return nil
	}
	d.cleanup.Stop()
	d.context.deviceDropped() // no process left: closes the context
	d.ctx = nil
	return nil
}

// ------------------------------------------------------------------------------------------
// Applications and functions

// App is a DPA application registered with libflexio (built by dpacc).
type App struct {
	app  *capi.App
	dl   unsafe.Pointer
	name string
}

// registeredApps lists the live applications, oldest first.
func registeredApps() ([]*capi.App, error) {
	var list **capi.App
	var n uint32
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.AppGetList(&list, &n) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, lastError("flexio_app_get_list")
	}
	apps := append([]*capi.App(nil), unsafe.Slice(list, n)...)
	capi.AppListFree(list)
	return apps, nil
}

func appName(app *capi.App) string {
	return C.GoString((*C.char)(unsafe.Pointer(xcapi.AppGetName(app))))
}

// What LoadApp loaded, by the SHA-256 of the object's bytes: the applications each object
// registered, in registration order.  Loading the same bytes again finds them here.
var (
	loadMu sync.Mutex
	loaded = map[[sha256.Size]byte][]*App{}
)

// LoadApp loads a dpacc-built application from a shared object (gcc -shared
// -Wl,--whole-archive APP.a -Wl,--no-whole-archive -lflexio): its constructor registers the
// application, whose device functions are the symbols named like them.  name "" means the
// one application the object registers.
//
// Applications are independent of each other, however their functions and files are named:
// the object is loaded (dlopen, RTLD_LOCAL) from a private copy, named by its content and
// removed once loaded.  Loading the same bytes again returns the same *App; an object rebuilt
// at the same path (a notebook cell edited and built again) is loaded anew, as another
// application, which GetApp then finds; processes of the earlier one go on with its code.
// Objects stay loaded.
func LoadApp(path, name string) (*App, error) {
	if handshakeErr != nil {
		return nil, handshakeErr
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Func: "dlopen", Message: "dlopen: " + err.Error(), kind: ErrNotFound}
	}
	key := sha256.Sum256(data)
	loadMu.Lock()
	apps, ok := loaded[key]
	if !ok {
		if apps, err = loadCopy(path, data, key); err == nil {
			loaded[key] = apps
		}
	}
	loadMu.Unlock()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, a := range apps {
		names = append(names, a.name)
	}
	listed := strings.Join(names, ", ")
	if listed == "" {
		listed = "none"
	}
	if name == "" {
		if len(apps) != 1 {
			return nil, &Error{Func: "flexio_app_get", kind: ErrNotFound, Message: fmt.Sprintf(
				"flexio_app_get: %s registered %d applications (%s): name one", path, len(apps), listed)}
		}
		return apps[0], nil
	}
	for i := len(apps) - 1; i >= 0; i-- {
		if apps[i].name == name {
			return apps[i], nil
		}
	}
	return nil, &Error{Func: "flexio_app_get", kind: ErrNotFound, Message: fmt.Sprintf(
		"flexio_app_get: %s registered no application named %q (%s)", path, name, listed)}
}

// loadCopy loads the object at path (its bytes data, their hash key) from a private copy and
// returns the applications its constructors registered.
func loadCopy(path string, data []byte, key [sha256.Size]byte) ([]*App, error) {
	copyError := func(err error) error {
		return &Error{Func: "dlopen", Message: "dlopen: private copy of " + path + ": " + err.Error(), kind: ErrFailed}
	}
	private, err := os.MkdirTemp("", "flexio-app-")
	if err != nil {
		return nil, copyError(err)
	}
	defer os.RemoveAll(private) // loaded (or not): the copy has served
	copyPath := filepath.Join(private, fmt.Sprintf("%x-%s", key[:16], filepath.Base(path)))
	if err := os.WriteFile(copyPath, data, 0o700); err != nil {
		return nil, copyError(err)
	}
	before, err := registeredApps()
	if err != nil {
		return nil, err
	}
	cpath := C.CString(copyPath)
	defer C.free(unsafe.Pointer(cpath))
	runtime.LockOSThread() // dlerror reports the calling thread's last failure
	dl := C.dlopen(cpath, C.RTLD_NOW|C.RTLD_LOCAL)
	var why string
	if dl == nil {
		why = strings.ReplaceAll(C.GoString(C.dlerror()), copyPath, path)
	}
	runtime.UnlockOSThread()
	if dl == nil {
		return nil, &Error{Func: "dlopen", Message: "dlopen: " + why, kind: ErrNotFound}
	}
	after, err := registeredApps()
	if err != nil {
		return nil, err
	}
	var apps []*App
	for _, a := range after {
		if !slices.Contains(before, a) {
			apps = append(apps, &App{app: a, dl: dl, name: appName(a)})
		}
	}
	return apps, nil
}

// GetApp finds an application registered in the program (linked in, or loaded otherwise); of
// several of the name, the newest (the one loaded last).
func GetApp(name string) (*App, error) {
	if handshakeErr != nil {
		return nil, handshakeErr
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	attr := (*capi.AppSelectAttr)(C.calloc(1, C.size_t(unsafe.Sizeof(capi.AppSelectAttr{}))))
	defer C.free(unsafe.Pointer(attr))
	attr.AppName = (*byte)(unsafe.Pointer(cname))
	var app *capi.App
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.AppGet(attr, &app) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, lastError("flexio_app_get")
	}
	loadMu.Lock()
	defer loadMu.Unlock()
	for _, apps := range loaded {
		for _, a := range apps {
			if a.app == app {
				return a, nil // LoadApp's: its functions are its object's symbols
			}
		}
	}
	return &App{app: app, name: name}, nil // RTLD_DEFAULT (nil) for its functions
}

// Name is the application's name.
func (a *App) Name() string { return a.name }

func (a *App) String() string { return fmt.Sprintf("flexio.App(%q)", a.name) }

// Function is a device function of an application and its number of arguments.
type Function struct {
	handle *capi.Func
	name   string
	nargs  int
}

// Name is the device function's name.
func (f *Function) Name() string { return f.name }

// NumArgs is the number of arguments the device function takes.
func (f *Function) NumArgs() int { return f.nargs }

// Raw is the function's handle for package capi.
func (f *Function) Raw() *capi.Func { return f.handle }

func (f *Function) String() string {
	return fmt.Sprintf("flexio.Function(%s, %d args)", f.name, f.nargs)
}

// Function finds the device function name (its handle is the symbol of that name).
func (a *App) Function(name string) (*Function, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	sym := C.dlsym(a.dl, cname)
	if sym == nil {
		return nil, &Error{Func: "dlsym", kind: ErrNotFound,
			Message: fmt.Sprintf("dlsym: application %q has no function %q", a.name, name)}
	}
	const size = capi.FLEXIO_MAX_NAME_LEN + 1
	names := C.malloc(2 * size)
	defer C.free(names)
	out := (*[4]uint64)(C.calloc(4, 8)) // pup | argbuf size | two device addresses
	defer C.free(unsafe.Pointer(out))
	var pack *capi.FuncArgPackFn
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.FuncGetRegisterInfo(a.app, (*capi.Func)(sym), (*uint32)(unsafe.Pointer(&out[0])), (*byte)(names),
		(*byte)(unsafe.Add(names, size)), size, &out[1], &pack, &out[2], &out[3]) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, lastError("flexio_func_get_register_info")
	}
	nargs := 1
	if uint32(out[0]) != 0 {
		nargs = int(out[1] / 8)
	}
	return &Function{handle: (*capi.Func)(sym), name: name, nargs: nargs}, nil
}

// ------------------------------------------------------------------------------------------
// Processes

// HeapInfo describes a process's DPA heap.
type HeapInfo struct {
	BaseAddr  uint64
	Size      uint64
	Requested uint64
	Allocated uint64
}

// Process is a DPA process running an application.  Its methods may be called from any
// goroutine, one call at a time per process.  Close it (or its Device); as for a Device, the
// garbage collector's destruction of a dropped process is a safety net only.  Its children
// (buffers, event handlers, queues, ...) are destroyed with it.
type Process struct {
	p       *capi.Process
	dev     *Device
	app     *App
	capture *C.struct_flexio_go_capture
	stream  *capi.MsgStream
	read    C.size_t
	rest    string // output left when the process closed
	ret     *uint64
	args    *[64]uint64
	cleanup runtime.Cleanup
}

// processResources is what a Process holds outside Go's heap, for its cleanup (which may not
// reach the Process itself).
type processResources struct {
	p       *capi.Process
	capture *C.struct_flexio_go_capture
	scratch unsafe.Pointer
	device  *deviceContext
}

func (r processResources) release() {
	capi.ProcessDestroy(r.p)
	if r.capture != nil {
		C.flexio_go_capture_close(r.capture)
	}
	C.free(r.scratch)
	r.device.processDestroyed()
}

// NewProcess loads app into a new DPA process on the device; device prints are captured
// (Output).
func (d *Device) NewProcess(app *App) (*Process, error) {
	if d.ctx == nil {
		return nil, &Error{Func: "flexio_process_create", Message: "the device is closed", kind: ErrClosed}
	}
	var p *capi.Process
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.ProcessCreate(d.ctx, app.app, nil, &p) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, lastError("flexio_process_create")
	}
	d.context.processCreated()
	// Call arguments and the result live in C memory: no Go pointer reaches C on a call.
	scratch := C.calloc(65, 8)
	proc := &Process{p: p, dev: d, app: app, ret: (*uint64)(scratch), args: (*[64]uint64)(unsafe.Add(scratch, 8))}
	proc.capture = C.flexio_go_capture_open()
	if proc.capture == nil {
		proc.Close()
		return nil, &Error{Func: "open_memstream", Message: "open_memstream failed", kind: ErrFailed}
	}
	attr := (*capi.MsgStreamAttr)(C.calloc(1, C.size_t(unsafe.Sizeof(capi.MsgStreamAttr{}))))
	defer C.free(unsafe.Pointer(attr))
	attr.DataBsize = 1 << 16
	attr.SyncMode = capi.FLEXIO_LOG_DEV_SYNC_MODE_SYNC
	attr.Level = capi.FLEXIO_MSG_DEV_DEBUG
	var stream *capi.MsgStream // not &proc.stream: C may not get Go memory holding Go pointers
	if capi.MsgStreamCreate(p, attr, (*capi.File)(unsafe.Pointer(proc.capture.file)), nil, &stream) !=
		capi.FLEXIO_STATUS_SUCCESS {
		err := lastError("flexio_msg_stream_create")
		proc.Close()
		return nil, err
	}
	proc.stream = stream
	proc.cleanup = runtime.AddCleanup(proc, processResources.release,
		processResources{p: p, capture: proc.capture, scratch: scratch, device: d.context})
	d.mu.Lock()
	d.open[proc] = struct{}{}
	d.mu.Unlock()
	return proc, nil
}

// Raw is the process's handle for package capi (nil once closed).
func (p *Process) Raw() *capi.Process { return p.p }

// Raw is the device's ibverbs context for package capi.
func (d *Device) Raw() *capi.IbvContext { return d.ctx }

// Raw is the application's handle for package capi.
func (a *App) Raw() *capi.App { return a.app }

func (p *Process) String() string {
	if p.p == nil {
		return "flexio.Process(closed)"
	}
	state := "running"
	if p.Failed() {
		state = "failed"
	}
	return fmt.Sprintf("flexio.Process(app %q on %s, %s)", p.app.name, p.dev.name, state)
}

// failed must run on the OS thread of the failed call (the caller holds LockOSThread).
func (p *Process) failed(fn string) error {
	e := lastError(fn) // first: flexio_process_fault_get may log a line of its own
	if xcapi.ErrStatusGet(p.p) != 0 {
		var f capi.ProcessFault
		if xcapi.ProcessFaultGet(p.p, &f) == capi.FLEXIO_STATUS_SUCCESS {
			e.kind, e.Fault, e.Status = ErrDeviceFault, faultFrom(&f), f.Status
		}
	}
	return e
}

func (p *Process) closedErr(fn string) error {
	return &Error{Func: fn, Message: fn + ": the process is closed", kind: ErrClosed}
}

// Call runs device function f with args (one uint64 per parameter: signed values as two's
// complement, pointers as device addresses, e.g. HeapBuffer.Addr) and returns its 64-bit result.
func (p *Process) Call(f *Function, args ...uint64) (uint64, error) {
	if p.p == nil {
		return 0, p.closedErr("flexio_process_call")
	}
	if len(args) != f.nargs || len(args) > len(p.args) {
		return 0, &Error{Func: "flexio_process_call", kind: ErrArity,
			Message: fmt.Sprintf("%s() takes %d arguments (%d given)", f.name, f.nargs, len(args))}
	}
	copy(p.args[:], args)
	runtime.LockOSThread()
	st := xcapi.ProcessCallArgs(p.p, f.handle, p.ret, &p.args[0], uint64(len(args)))
	if st != capi.FLEXIO_STATUS_SUCCESS {
		err := p.failed("flexio_process_call")
		runtime.UnlockOSThread()
		return 0, err
	}
	runtime.UnlockOSThread()
	return *p.ret, nil
}

// Failed tells whether the process stopped on a fatal error.
func (p *Process) Failed() bool { return p.p != nil && xcapi.ErrStatusGet(p.p) != 0 }

// Fault is what stopped the process (flexio_process_fault_get): Status 0 while it runs.
func (p *Process) Fault() (*Fault, error) {
	if p.p == nil {
		return nil, p.closedErr("flexio_process_fault_get")
	}
	var f capi.ProcessFault
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if xcapi.ProcessFaultGet(p.p, &f) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, lastError("flexio_process_fault_get")
	}
	return faultFrom(&f), nil
}

// Output is the text device code printed since the previous call.
func (p *Process) Output() (string, error) {
	if p.p == nil {
		s := p.rest
		p.rest = ""
		return s, nil
	}
	runtime.LockOSThread()
	if capi.MsgStreamFlush(p.stream) != capi.FLEXIO_STATUS_SUCCESS {
		err := lastError("flexio_msg_stream_flush")
		runtime.UnlockOSThread()
		return "", err
	}
	runtime.UnlockOSThread()
	return p.take(), nil
}

func (p *Process) take() string {
	var out *C.char
	n := C.flexio_go_capture_take(p.capture, p.read, &out)
	if out == nil {
		return ""
	}
	defer C.free(unsafe.Pointer(out))
	s := C.GoStringN(out, C.int(n-p.read))
	p.read = n
	return s
}

// HeapInfo reports the process's DPA heap.
func (p *Process) HeapInfo() (HeapInfo, error) {
	if p.p == nil {
		return HeapInfo{}, p.closedErr("flexio_process_mem_info_get")
	}
	info := (*capi.HeapMemInfo)(unsafe.Pointer(p.args)) // C scratch memory
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.ProcessMemInfoGet(p.p, info) != capi.FLEXIO_STATUS_SUCCESS {
		return HeapInfo{}, lastError("flexio_process_mem_info_get")
	}
	return HeapInfo{info.BaseAddr, info.Size, info.Requested, info.Allocated}, nil
}

// Alloc allocates size bytes of DPA heap.
func (p *Process) Alloc(size int) (*HeapBuffer, error) {
	if p.p == nil {
		return nil, p.closedErr("flexio_buf_dev_alloc")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.BufDevAlloc(p.p, uint64(size), p.ret) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed("flexio_buf_dev_alloc")
	}
	return &HeapBuffer{p: p, addr: *p.ret, size: size}, nil
}

// CopyFromHost allocates a heap buffer holding a copy of data.
func (p *Process) CopyFromHost(data []byte) (*HeapBuffer, error) {
	b, err := p.Alloc(len(data))
	if err != nil {
		return nil, err
	}
	if _, err := b.WriteAt(data, 0); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// Close destroys the process and everything created in it.  The output captured so far
// stays readable through Output.
func (p *Process) Close() error {
	if p.p == nil {
		return nil
	}
	p.cleanup.Stop()
	if p.stream != nil {
		capi.MsgStreamFlush(p.stream)
	}
	runtime.LockOSThread()
	st := capi.ProcessDestroy(p.p)
	var err error
	if st != capi.FLEXIO_STATUS_SUCCESS {
		err = lastError("flexio_process_destroy")
	}
	runtime.UnlockOSThread()
	p.p = nil
	if p.capture != nil {
		p.rest = p.take()
		C.flexio_go_capture_close(p.capture)
		p.capture = nil
	}
	C.free(unsafe.Pointer(p.ret))
	p.dev.context.processDestroyed()
	p.dev.mu.Lock()
	delete(p.dev.open, p)
	p.dev.mu.Unlock()
	return err
}

// ------------------------------------------------------------------------------------------
// Heap buffers

// HeapBuffer is a buffer in a process's DPA heap.  It is an io.ReaderAt and an io.WriterAt.
type HeapBuffer struct {
	p    *Process
	addr uint64
	size int
}

// Addr is the buffer's device address (what device functions take as a pointer).
func (b *HeapBuffer) Addr() uint64 { return b.addr }

// Len is the buffer's size in bytes.
func (b *HeapBuffer) Len() int { return b.size }

func (b *HeapBuffer) String() string {
	return fmt.Sprintf("flexio.HeapBuffer(%#x, %d bytes)", b.addr, b.size)
}

func (b *HeapBuffer) check(fn string, off int64, n int) error {
	if b.addr == 0 || b.p.p == nil {
		return &Error{Func: fn, Message: fn + ": the buffer was freed or its process closed", kind: ErrClosed}
	}
	if off < 0 || off+int64(n) > int64(b.size) {
		return &Error{Func: fn, kind: ErrFailed,
			Message: fmt.Sprintf("%s: [%d, +%d) is outside the buffer's %d bytes", fn, off, n, b.size)}
	}
	return nil
}

// WriteAt copies data into the buffer at offset off (flexio_host2dev_memcpy).
func (b *HeapBuffer) WriteAt(data []byte, off int64) (int, error) {
	if err := b.check("flexio_host2dev_memcpy", off, len(data)); err != nil || len(data) == 0 {
		return 0, err
	}
	src := C.CBytes(data) // C memory: cgo forbids keeping Go memory past the call
	defer C.free(src)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.Host2devMemcpy(b.p.p, src, uint64(len(data)), b.addr+uint64(off)) != capi.FLEXIO_STATUS_SUCCESS {
		return 0, b.p.failed("flexio_host2dev_memcpy")
	}
	return len(data), nil
}

// ReadAt fills out from the buffer at offset off.
func (b *HeapBuffer) ReadAt(out []byte, off int64) (int, error) {
	if err := b.check("flexio_dev2host_memcpy", off, len(out)); err != nil || len(out) == 0 {
		return 0, err
	}
	dst := C.malloc(C.size_t(len(out)))
	defer C.free(dst)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if xcapi.Dev2hostMemcpy(b.p.p, dst, uint64(len(out)), b.addr+uint64(off)) != capi.FLEXIO_STATUS_SUCCESS {
		return 0, b.p.failed("flexio_dev2host_memcpy")
	}
	copy(out, unsafe.Slice((*byte)(dst), len(out)))
	return len(out), nil
}

// Bytes is a copy of the whole buffer.
func (b *HeapBuffer) Bytes() ([]byte, error) {
	out := make([]byte, b.size)
	_, err := b.ReadAt(out, 0)
	return out, err
}

// Memset sets every byte of the buffer to value.
func (b *HeapBuffer) Memset(value byte) error {
	if err := b.check("flexio_buf_dev_memset", 0, b.size); err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.BufDevMemset(b.p.p, int32(value), uint64(b.size), b.addr) != capi.FLEXIO_STATUS_SUCCESS {
		return b.p.failed("flexio_buf_dev_memset")
	}
	return nil
}

// Free returns the buffer to the heap (a no-op once freed or after the process closed).
func (b *HeapBuffer) Free() error {
	if b.addr == 0 || b.p.p == nil {
		b.addr = 0
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.BufDevFree(b.p.p, b.addr) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_buf_dev_free")
	}
	b.addr = 0
	return nil
}

// ------------------------------------------------------------------------------------------
// Event handlers

// AffinityType is where an event handler's thread runs (enum flexio_affinity_type).
type AffinityType uint32

// The affinity types.
const (
	AffinityNone   = AffinityType(capi.FLEXIO_AFFINITY_NONE)   // anywhere
	AffinityStrict = AffinityType(capi.FLEXIO_AFFINITY_STRICT) // on execution unit ID
	AffinityGroup  = AffinityType(capi.FLEXIO_AFFINITY_GROUP)  // on execution unit group ID
)

// Affinity is where an event handler's thread runs (struct flexio_affinity); the zero value is
// anywhere.
type Affinity struct {
	Type AffinityType
	ID   uint32 // the execution unit or group; unused for AffinityNone
}

// EventHandlerConfig is how NewEventHandler creates a handler (struct
// flexio_event_handler_attr without the function); the zero value is a handler with argument 0.
type EventHandlerConfig struct {
	Arg                uint64   // the argument of every invocation (a device address: HeapBuffer.Addr)
	Name               string   // the thread's name (flexio_dev_get_current_thread_name); "" is none
	Continuable        bool     // flexio_dev_yield ends an invocation; the next trigger resumes after it
	ThreadLocalStorage uint64   // the address flexio_dev_get_thread_local_storage gives device code
	Affinity           Affinity // where the thread runs
}

// EventHandler is an event handler of a process: a DPA thread that runs its device function
// (void handler(uint64_t arg), __dpa_global__) once per trigger, from Run on.  Device code
// triggers a handler of its own process with flexio_dev_event_handler_activate(ActivationID());
// triggers that come while it runs are latched into one more invocation.
//
// Close destroys it (a running invocation is cut at its next scheduling point); closing twice
// is harmless.  Closing its process destroys it too: Run then returns an error wrapping
// ErrClosed and Close does nothing.  Its ids and configuration are read at creation and stay
// readable.  Like its process's, its methods may be called from any goroutine, one call at a
// time.
type EventHandler struct {
	eh                      *capi.EventHandler
	p                       *Process
	fn                      *Function
	cfg                     EventHandlerConfig
	activationID, id, objID uint32
}

const noID = ^uint32(0) // what the id getters return on error

// NewEventHandler creates an event handler running device function f (a __dpa_global__
// function, void f(uint64_t arg)) as cfg says; it runs once Run is called.
func (p *Process) NewEventHandler(f *Function, cfg EventHandlerConfig) (*EventHandler, error) {
	const fn = "flexio_event_handler_create"
	if p.p == nil {
		return nil, p.closedErr(fn)
	}
	if f == nil {
		return nil, &Error{Func: fn, Message: fn + ": no device function (nil *Function)", kind: ErrFailed}
	}
	if strings.IndexByte(cfg.Name, 0) >= 0 {
		return nil, &Error{Func: fn, Message: fmt.Sprintf("%s: the name %q holds a NUL byte", fn, cfg.Name),
			kind: ErrFailed}
	}
	attr := (*capi.EventHandlerAttr)(C.calloc(1, C.size_t(unsafe.Sizeof(capi.EventHandlerAttr{}))))
	defer C.free(unsafe.Pointer(attr))
	attr.HostStubFunc = f.handle
	if cfg.Continuable {
		attr.Continuable = 1
	}
	attr.Arg = cfg.Arg
	attr.ThreadLocalStorageDaddr = capi.Uintptr(cfg.ThreadLocalStorage)
	attr.Affinity = capi.Affinity{Type: capi.AffinityType(cfg.Affinity.Type), Id: cfg.Affinity.ID}
	if cfg.Name != "" {
		name := C.CString(cfg.Name) // the library copies it
		defer C.free(unsafe.Pointer(name))
		attr.Name = (*byte)(unsafe.Pointer(name))
	}
	var eh *capi.EventHandler
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.EventHandlerCreate(p.p, attr, &eh) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed(fn)
	}
	h := &EventHandler{eh: eh, p: p, fn: f, cfg: cfg}
	for _, g := range []struct {
		get  func(*capi.EventHandler) uint32
		into *uint32
		name string
	}{
		{xcapi.EventHandlerGetActivationId, &h.activationID, "flexio_event_handler_get_activation_id"},
		{xcapi.EventHandlerGetId, &h.id, "flexio_event_handler_get_id"},
		{xcapi.EventHandlerGetObjId, &h.objID, "flexio_event_handler_get_obj_id"},
	} {
		if *g.into = g.get(h.eh); *g.into == noID {
			err := lastError(g.name)
			capi.EventHandlerDestroy(h.eh)
			return nil, err
		}
	}
	return h, nil
}

// Run starts the handler (flexio_event_handler_run): from now on each trigger runs it once.
// userArg reaches its thread (the thread context's metadata).
func (h *EventHandler) Run(userArg uint64) error {
	const fn = "flexio_event_handler_run"
	if err := h.closedErr(fn); err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.EventHandlerRun(h.eh, userArg) != capi.FLEXIO_STATUS_SUCCESS {
		return h.p.failed(fn)
	}
	return nil
}

func (h *EventHandler) closedErr(fn string) error {
	if h.eh == nil {
		return &Error{Func: fn, Message: fn + ": the event handler is closed", kind: ErrClosed}
	}
	if h.p.p == nil {
		return &Error{Func: fn, Message: fn + ": the event handler's process is closed", kind: ErrClosed}
	}
	return nil
}

// ActivationID is the id device code of the process triggers the handler with
// (flexio_dev_event_handler_activate).
func (h *EventHandler) ActivationID() uint32 { return h.activationID }

// ID is the handler's thread id, as device code sees it (flexio_dev_get_thread_id).
func (h *EventHandler) ID() uint32 { return h.id }

// ObjID is the id of the handler's thread object on the device.
func (h *EventHandler) ObjID() uint32 { return h.objID }

// Name is the handler's name ("" if it has none).
func (h *EventHandler) Name() string { return h.cfg.Name }

// Function is the device function the handler runs.
func (h *EventHandler) Function() *Function { return h.fn }

// Config is what the handler was created with.
func (h *EventHandler) Config() EventHandlerConfig { return h.cfg }

// Process is the process the handler belongs to.
func (h *EventHandler) Process() *Process { return h.p }

// Closed tells whether the handler or its process was closed.
func (h *EventHandler) Closed() bool { return h.eh == nil || h.p.p == nil }

// Raw is the handler's handle for package capi (nil once closed).
func (h *EventHandler) Raw() *capi.EventHandler {
	if h.Closed() {
		return nil
	}
	return h.eh
}

// Thread is the handler's thread (flexio_event_handler_get_thread: what a CQ's thread
// attribute takes), nil once closed.
func (h *EventHandler) Thread() *capi.Thread {
	if h.Closed() {
		return nil
	}
	return xcapi.EventHandlerGetThread(h.eh)
}

func (h *EventHandler) String() string {
	name := ""
	if h.cfg.Name != "" {
		name = fmt.Sprintf("%q, ", h.cfg.Name)
	}
	if h.Closed() {
		return fmt.Sprintf("flexio.EventHandler(%sclosed)", name)
	}
	return fmt.Sprintf("flexio.EventHandler(%s%s(%#x), thread %d, activation %d)", name, h.fn.name, h.cfg.Arg,
		h.id, h.activationID)
}

// Close destroys the handler (flexio_event_handler_destroy); a no-op once closed or after its
// process closed.
func (h *EventHandler) Close() error {
	eh := h.eh
	h.eh = nil
	if eh == nil || h.p.p == nil {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.EventHandlerDestroy(eh) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_event_handler_destroy")
	}
	return nil
}
