package flexio_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

var (
	appOnce sync.Once
	app     *flexio.App
	appErr  error
)

func testApp(t *testing.T) *flexio.App {
	t.Helper()
	path := os.Getenv("FLEXIO_TEST_APP")
	if path == "" {
		t.Skip("FLEXIO_TEST_APP (the test application's shared object) is not set")
	}
	appOnce.Do(func() { app, appErr = flexio.LoadApp(path, "") })
	if appErr != nil {
		t.Fatal(appErr)
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
