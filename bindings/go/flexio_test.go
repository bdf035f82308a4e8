package flexio_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

func testApp(t *testing.T) *flexio.App {
	t.Helper()
	if os.Getenv("FLEXIO_TEST_APP") == "" {
		t.Skip("FLEXIO_TEST_APP (the test application's shared object) is not set")
	}
	app, err := loadApp() // example_test.go
	if err != nil {
		t.Fatal(err)
	}
	return app
}

func newProcess(t *testing.T) (*flexio.Device, *flexio.Process) {
	t.Helper()
	a := testApp(t)
	dev, err := flexio.Open("mlx5_sim0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	p, err := dev.NewProcess(a)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return dev, p
}

func fn(t *testing.T, name string) *flexio.Function {
	t.Helper()
	f, err := testApp(t).Function(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestVersionHandshake(t *testing.T) {
	if flexio.APIVersion() != "26.4.0" || flexio.LibraryVersion() != "26.4.0" {
		t.Fatalf("api %s, library %s", flexio.APIVersion(), flexio.LibraryVersion())
	}
}

func TestOpenUnknownDevice(t *testing.T) {
	found := false
	for _, n := range flexio.DeviceNames() {
		found = found || n == "mlx5_sim0"
	}
	if !found {
		t.Fatal("mlx5_sim0 not listed")
	}
	_, err := flexio.Open("mlx5_nope")
	if !errors.Is(err, flexio.ErrNotFound) || !strings.Contains(err.Error(), `no device named "mlx5_nope"`) {
		t.Fatalf("got %v", err)
	}
}

func TestCallWithSeveralArguments(t *testing.T) {
	_, p := newProcess(t)
	f := fn(t, "weighted_sum")
	if f.NumArgs() != 5 {
		t.Fatalf("%d args", f.NumArgs())
	}
	minus3 := int64(-3)
	r, err := p.Call(f, 1, 2, uint64(minus3), 4, 5) // a + 2b + 3c + 4d + 5e
	if err != nil || r != 37 {
		t.Fatalf("got %d, %v", r, err)
	}
	if _, err := p.Call(f, 1, 2); !errors.Is(err, flexio.ErrArity) {
		t.Fatalf("got %v", err)
	}
}

func TestHeapWriteAndReadBack(t *testing.T) {
	_, p := newProcess(t)
	data := make([]byte, 200)
	var sum uint64
	for i := range data {
		data[i] = byte(i + 1)
		sum += uint64(i + 1)
	}
	b, err := p.Alloc(len(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WriteAt(data, 0); err != nil {
		t.Fatal(err)
	}
	if r, err := p.Call(fn(t, "sum_bytes"), b.Addr(), uint64(len(data))); err != nil || r != sum {
		t.Fatalf("device sum %d, %v", r, err)
	}
	back, err := b.Bytes()
	if err != nil || !bytes.Equal(back, data) {
		t.Fatalf("read back %v, %v", back[:8], err)
	}
	if _, err := p.Call(fn(t, "fill_bytes"), b.Addr(), 16, 0x40); err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 16)
	if _, err := b.ReadAt(head, 0); err != nil || head[0] != 0x40 || head[15] != 0x4f {
		t.Fatalf("device-written bytes %v, %v", head, err)
	}
	if _, err := b.WriteAt(make([]byte, 20), 190); err == nil {
		t.Fatal("out-of-bounds write accepted")
	}
	before, _ := p.HeapInfo()
	if err := b.Free(); err != nil {
		t.Fatal(err)
	}
	after, _ := p.HeapInfo()
	if after.Allocated >= before.Allocated {
		t.Fatalf("heap %d -> %d", before.Allocated, after.Allocated)
	}
}

func TestDevicePrintCaptured(t *testing.T) {
	_, p := newProcess(t)
	greet := fn(t, "greet")
	p.Call(greet, 3)
	p.Call(greet, 4)
	if out, err := p.Output(); err != nil || out != "hello from the DPA, 3\nhello from the DPA, 4\n" {
		t.Fatalf("%q, %v", out, err)
	}
	if out, _ := p.Output(); out != "" {
		t.Fatalf("%q", out)
	}
}

func TestBadHandleIsACleanError(t *testing.T) {
	_, p := newProcess(t)
	_, err := p.Alloc(1 << 40)
	var e *flexio.Error
	if !errors.As(err, &e) || e.Func != "flexio_buf_dev_alloc" ||
		!strings.HasPrefix(e.Message, "flexio ERR flexio_buf_dev_alloc: ") {
		t.Fatalf("got %v", err)
	}
	b, _ := p.Alloc(8)
	b.Free()
	if _, err := b.WriteAt([]byte{1}, 0); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("write to freed buffer: %v", err)
	}
	p.Close()
	if _, err := p.Call(fn(t, "greet"), 1); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("call on closed process: %v", err)
	}
	if _, err := testApp(t).Function("no_such_function"); !errors.Is(err, flexio.ErrNotFound) {
		t.Fatalf("got %v", err)
	}
}

func TestDeviceFaultIsACleanError(t *testing.T) {
	dev, bad := newProcess(t)
	good, err := dev.NewProcess(testApp(t))
	if err != nil {
		t.Fatal(err)
	}
	defer good.Close()
	b, _ := bad.Alloc(64)
	_, err = bad.Call(fn(t, "load_misaligned"), b.Addr())
	var e *flexio.Error
	if !errors.Is(err, flexio.ErrDeviceFault) || !errors.As(err, &e) || e.Fault == nil {
		t.Fatalf("got %v", err)
	}
	f := e.Fault // the library's record, not crash text
	if st := xcapi.ErrStatusGet(bad.Raw()); f.Status != 0x10 || e.Status != f.Status || uint32(st) != f.Status {
		t.Fatalf("status %#x, error's %#x, flexio_err_status_get %#x", f.Status, e.Status, st)
	}
	if !f.Stopped || !f.Faulted() || !f.HasThread {
		t.Fatalf("%+v", f)
	}
	if f.Cause != flexio.FaultMisaligned || f.Cause.String() != "misaligned access" || f.Access != flexio.AccessRead {
		t.Fatalf("cause %v (%d), access %v", f.Cause, f.Cause, f.Access)
	}
	if f.Address != b.Addr()+1 || f.PC == 0 || f.Insn == 0 || f.Instret == 0 || f.Cycles == 0 {
		t.Fatalf("%+v", f) // the 4-byte load at addr + 1
	}
	if sp, ok := f.Reg("sp"); !ok || sp != f.Regs[2] || sp == 0 || f.Regs[0] != 0 {
		t.Fatalf("registers %#x", f.Regs)
	}
	held := false
	for _, r := range f.Regs {
		held = held || r == b.Addr() || r == b.Addr()+1
	}
	if !held {
		t.Fatalf("no register holds the buffer's address: %#x", f.Regs)
	}
	line := fmt.Sprintf("status 0x10: misaligned access (read) at pc %#x, address %#x, thread %d", f.PC, f.Address,
		f.ThreadID)
	if f.String() != line || err.Error() != e.Message+" [DPA process stopped, "+line+"]" {
		t.Fatalf("%q\n%q", f, err)
	}
	if report := strings.Split(f.Report(), "\n"); len(report) != 3+8 || report[0] != line ||
		!strings.Contains(report[3], "x2  sp   0x") {
		t.Fatalf("report:\n%s", f.Report())
	}
	if again, err := bad.Fault(); err != nil || *again != *f {
		t.Fatalf("read again: %v, %v", again, err)
	}
	if !bad.Failed() {
		t.Fatal("process not failed")
	}
	if r, err := good.Call(fn(t, "weighted_sum"), 1, 1, 1, 1, 1); err != nil || r != 15 {
		t.Fatalf("other process: %d, %v", r, err)
	}
	if f, err := good.Fault(); err != nil || *f != (flexio.Fault{}) || f.String() != "running" {
		t.Fatalf("running process: %+v, %v", f, err)
	}
}

func TestUserErrorStopsTheProcessWithoutAFault(t *testing.T) {
	userError, err := testApp(t).Function("user_error")
	if err != nil {
		t.Skip("the test application has no user_error (tests/bindings/device/bind_test_device.c)")
	}
	_, p := newProcess(t)
	_, err = p.Call(userError, 200) // flexio_dev_error(200)
	var e *flexio.Error
	if !errors.Is(err, flexio.ErrDeviceFault) || !errors.As(err, &e) || e.Fault == nil {
		t.Fatalf("got %v", err)
	}
	f := e.Fault
	if st := xcapi.ErrStatusGet(p.Raw()); f.Status != 200 || e.Status != 200 || st != 200 {
		t.Fatalf("status %d, error's %d, flexio_err_status_get %d", f.Status, e.Status, st)
	}
	if !f.Stopped || f.Faulted() || f.Cause != flexio.FaultNone || f.Cause.String() != "none" ||
		f.Access != flexio.AccessNone || f.PC != 0 || f.Address != 0 || f.Regs != [32]uint64{} {
		t.Fatalf("%+v", f)
	}
	if s := f.String(); !strings.HasPrefix(s, "status 0xc8") || strings.Contains(s, "pc") || f.Report() != s {
		t.Fatalf("%q\n%s", s, f.Report())
	}
}

func TestFaultCauses(t *testing.T) {
	for c := flexio.FaultNone; c <= flexio.FaultStackOverflow; c++ {
		if c.String() == "unknown" || c.String() == "" {
			t.Fatalf("cause %d unnamed", c)
		}
	}
	if s := fmt.Sprintf("%v|%s|%v", flexio.FaultBreakpoint, flexio.FaultCause(99), flexio.AccessWrite); s !=
		"breakpoint (ebreak)|unknown|write" {
		t.Fatal(s)
	}
}

// ------------------------------------------------------------------------------------------
// Event handlers (count_invocations and activate_handler in tests/bindings/device/bind_test_device.c)

const recordSize = 80 // struct handler_record: count, thread_id, name[64]

func handlerRecord(t *testing.T, p *flexio.Process) *flexio.HeapBuffer {
	t.Helper()
	b, err := p.Alloc(recordSize)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Memset(0); err != nil {
		t.Fatal(err)
	}
	return b
}

func countOf(t *testing.T, record *flexio.HeapBuffer) uint64 {
	t.Helper()
	word := make([]byte, 8)
	if _, err := record.ReadAt(word, 0); err != nil {
		t.Fatal(err)
	}
	return binary.LittleEndian.Uint64(word)
}

// waitCount polls the handler's counter until it reaches want (10 s at most); it returns what
// it reads.
func waitCount(t *testing.T, record *flexio.HeapBuffer, want uint64) uint64 {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if n := countOf(t, record); n >= want || time.Now().After(deadline) {
			return n
		}
		time.Sleep(time.Millisecond)
	}
}

func TestEventHandlerRunsOncePerTrigger(t *testing.T) {
	_, p := newProcess(t)
	record := handlerRecord(t, p)
	activate := fn(t, "activate_handler")
	cfg := flexio.EventHandlerConfig{Arg: record.Addr(), Name: "bind_handler"}
	eh, err := p.NewEventHandler(fn(t, "count_invocations"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if eh.Name() != "bind_handler" || eh.Config() != cfg || eh.Function().Name() != "count_invocations" ||
		eh.Process() != p || eh.Closed() {
		t.Fatalf("%v: %+v", eh, eh.Config())
	}
	if eh.ID() == ^uint32(0) || eh.ActivationID() != eh.ID() || eh.ObjID() != eh.ID() ||
		xcapi.EventHandlerGetActivationId(eh.Raw()) != eh.ActivationID() || eh.Thread() == nil {
		t.Fatalf("ids %d %d %d", eh.ID(), eh.ActivationID(), eh.ObjID())
	}
	if s := eh.String(); !strings.Contains(s, `"bind_handler"`) || !strings.Contains(s, fmt.Sprintf("thread %d", eh.ID())) {
		t.Fatal(s)
	}
	if err := eh.Run(0); err != nil {
		t.Fatal(err)
	}
	if n := countOf(t, record); n != 0 {
		t.Fatalf("%d invocations before a trigger", n)
	}
	const n = 20
	for i := uint64(1); i <= n; i++ {
		if _, err := p.Call(activate, uint64(eh.ActivationID())); err != nil {
			t.Fatal(err)
		}
		if got := waitCount(t, record, i); got != i { // one invocation per trigger
			t.Fatalf("trigger %d: %d invocations", i, got)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if got := countOf(t, record); got != n { // and no more
		t.Fatalf("%d invocations after %d triggers", got, n)
	}
	rest := make([]byte, recordSize-8)
	if _, err := record.ReadAt(rest, 8); err != nil {
		t.Fatal(err)
	}
	if id := binary.LittleEndian.Uint64(rest); id != uint64(eh.ID()) { // flexio_dev_get_thread_id
		t.Fatalf("device thread id %d, handler's %d", id, eh.ID())
	}
	if name, _, _ := bytes.Cut(rest[8:], []byte{0}); string(name) != "bind_handler" { // the thread's name
		t.Fatalf("device thread name %q", name)
	}
	if err := eh.Close(); err != nil {
		t.Fatal(err)
	}
	if err := eh.Close(); err != nil { // twice: harmless
		t.Fatal(err)
	}
	if err := eh.Run(0); !errors.Is(err, flexio.ErrClosed) || !eh.Closed() || eh.Raw() != nil ||
		!strings.Contains(eh.String(), "closed") {
		t.Fatalf("run after close: %v", err)
	}
	if r, err := p.Call(fn(t, "weighted_sum"), 1, 1, 1, 1, 1); err != nil || r != 15 {
		t.Fatalf("the process: %d, %v", r, err)
	}
}

func TestEventHandlersConfigured(t *testing.T) {
	_, p := newProcess(t)
	activate := fn(t, "activate_handler")
	var records [3]*flexio.HeapBuffer
	for i := range records {
		records[i] = handlerRecord(t, p)
	}
	cfgs := []flexio.EventHandlerConfig{
		{Arg: records[0].Addr()},
		{Arg: records[1].Addr(), Continuable: true, Affinity: flexio.Affinity{Type: flexio.AffinityStrict, ID: 1}},
		{Arg: records[2].Addr(), ThreadLocalStorage: records[2].Addr(), Affinity: flexio.Affinity{Type: flexio.AffinityGroup}},
	}
	ids := map[uint32]bool{}
	for k, cfg := range cfgs {
		eh, err := p.NewEventHandler(fn(t, "count_invocations"), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer eh.Close()
		ids[eh.ID()] = true
		if err := eh.Run(7); err != nil {
			t.Fatal(err)
		}
		for i := uint64(1); i <= uint64(k+1); i++ {
			p.Call(activate, uint64(eh.ActivationID()))
			if got := waitCount(t, records[k], i); got != i {
				t.Fatalf("handler %d, trigger %d: %d invocations", k, i, got)
			}
		}
	}
	name := make([]byte, 1)
	if _, err := records[0].ReadAt(name, 16); err != nil || name[0] != 0 || len(ids) != 3 {
		t.Fatalf("name %q, ids %v, %v", name, ids, err) // no name; three threads
	}
}

func TestEventHandlerBadInput(t *testing.T) {
	_, p := newProcess(t)
	handler := fn(t, "count_invocations")
	if _, err := p.NewEventHandler(nil, flexio.EventHandlerConfig{}); !errors.Is(err, flexio.ErrFailed) {
		t.Fatalf("nil function: %v", err)
	}
	// The library's own refusals, with its line.
	var e *flexio.Error
	_, err := p.NewEventHandler(handler, flexio.EventHandlerConfig{Name: strings.Repeat("x", 300)})
	if !errors.As(err, &e) || !errors.Is(err, flexio.ErrFailed) || e.Func != "flexio_event_handler_create" ||
		!strings.HasPrefix(e.Message, "flexio ERR flexio_event_handler_create: ") ||
		!strings.Contains(e.Message, "FLEXIO_MAX_NAME_LEN") {
		t.Fatalf("long name: %v", err)
	}
	far := flexio.EventHandlerConfig{Affinity: flexio.Affinity{Type: flexio.AffinityStrict, ID: 1 << 20}}
	if _, err := p.NewEventHandler(handler, far); err == nil || !strings.Contains(err.Error(), "execution units") {
		t.Fatalf("far affinity: %v", err)
	}
	odd := flexio.EventHandlerConfig{Affinity: flexio.Affinity{Type: 9}}
	if _, err := p.NewEventHandler(handler, odd); !errors.Is(err, flexio.ErrFailed) ||
		!strings.Contains(err.Error(), "flexio ERR flexio_event_handler_create: ") {
		t.Fatalf("affinity type 9: %v", err)
	}
	if _, err := p.NewEventHandler(handler, flexio.EventHandlerConfig{Name: "a\x00b"}); !errors.Is(err, flexio.ErrFailed) {
		t.Fatalf("NUL in the name: %v", err)
	}
	// A stopped process refuses new handlers and runs: device-fault errors.
	record := handlerRecord(t, p)
	eh, err := p.NewEventHandler(handler, flexio.EventHandlerConfig{Arg: record.Addr()})
	if err != nil {
		t.Fatal(err)
	}
	p.Call(fn(t, "user_error"), 200)
	if _, err := p.NewEventHandler(handler, flexio.EventHandlerConfig{}); !errors.As(err, &e) ||
		!errors.Is(err, flexio.ErrDeviceFault) || e.Func != "flexio_event_handler_create" || e.Status != 200 {
		t.Fatalf("stopped process: %v", err)
	}
	if err := eh.Run(0); !errors.As(err, &e) || !errors.Is(err, flexio.ErrDeviceFault) ||
		e.Func != "flexio_event_handler_run" {
		t.Fatalf("run in a stopped process: %v", err)
	}
	if err := eh.Close(); err != nil { // destroying still works
		t.Fatal(err)
	}
}

func TestEventHandlerOfAClosedProcess(t *testing.T) {
	dev, p := newProcess(t)
	record := handlerRecord(t, p)
	eh, err := p.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{Arg: record.Addr()})
	if err != nil {
		t.Fatal(err)
	}
	if err := eh.Run(0); err != nil {
		t.Fatal(err)
	}
	p.Call(fn(t, "activate_handler"), uint64(eh.ActivationID()))
	if got := waitCount(t, record, 1); got != 1 {
		t.Fatalf("%d invocations", got)
	}
	p.Close() // destroys the handler with the process
	var e *flexio.Error
	if err := eh.Run(0); !errors.As(err, &e) || !errors.Is(err, flexio.ErrClosed) ||
		e.Func != "flexio_event_handler_run" || !strings.Contains(e.Message, "process is closed") || !eh.Closed() {
		t.Fatalf("run after the process closed: %v", err)
	}
	if eh.Close() != nil || eh.Close() != nil { // no-ops
		t.Fatal("close after the process closed")
	}
	if _, err := p.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{}); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("new handler in a closed process: %v", err)
	}
	// Closing the device closes its processes, and so their handlers.
	q, err := dev.NewProcess(testApp(t))
	if err != nil {
		t.Fatal(err)
	}
	eh, err = q.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	dev.Close()
	if err := eh.Run(0); !errors.Is(err, flexio.ErrClosed) || eh.Close() != nil {
		t.Fatalf("run after the device closed: %v", err)
	}
}
