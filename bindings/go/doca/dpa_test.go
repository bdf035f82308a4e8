package doca_test

// DOCA DPA through package doca: contexts, DPA memory, the three-kernel pipeline chained by sync
// events, RPCs and bad input, on the DOCA DPA test application (FLEXIO_TEST_DPA_APP); and the
// notebook loop, a cell rebuilt under its name with FLEXIO_DPACC (TestNotebook*: ctest
// bindings.go.notebook).

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/doca"
)

const threads = 4

func dpaApp(t *testing.T) *flexio.App {
	t.Helper()
	path := os.Getenv("FLEXIO_TEST_DPA_APP")
	if path == "" {
		t.Skip("FLEXIO_TEST_DPA_APP (the DOCA DPA test application) is not set")
	}
	app, err := flexio.LoadApp(path, "")
	if err != nil {
		t.Fatal(err)
	}
	return app
}

func newDPA(t *testing.T, dev *doca.Device, app *flexio.App) *doca.DPA {
	t.Helper()
	dpa, err := doca.NewDPA(dev, app)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := dpa.Close(); err != nil {
			t.Error(err)
		}
	})
	return dpa
}

func event(t *testing.T, publisher, subscriber doca.Location) *doca.SyncEvent {
	t.Helper()
	e, err := doca.NewSyncEvent(publisher, subscriber)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	return e
}

// failsWith checks err is the DOCA error name of fn, with the library's line.
func failsWith(t *testing.T, err error, name, fn string) *doca.Error {
	t.Helper()
	e := docaError(t, err, name)
	if e.Func != fn || e.Message == "" {
		t.Fatalf("want %s of %s with the library's line, got %v", name, fn, e)
	}
	return e
}

// pipeline runs func1 (threads threads) -> func2 -> func3 chained by events and returns what they wrote.
func pipeline(t *testing.T, dev *doca.Device, dpa *doca.DPA) []uint64 {
	t.Helper()
	out, err := dpa.Alloc(8 * (threads + 2))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Free()
	if err := out.Memset(0); err != nil {
		t.Fatal(err)
	}
	start, e1, e2, done := event(t, dev, dpa), event(t, dpa, dpa), event(t, dpa, dpa), event(t, dpa, dev)
	// Launched last to first: each waits for its predecessor's event whatever the order.
	for _, s := range []struct {
		kernel string
		cfg    doca.LaunchConfig
		args   []uint64
	}{
		{"func3", doca.LaunchConfig{Threads: 1, Wait: e2, WaitThreshold: 1, Complete: done, CompleteValue: 1}, []uint64{out.Addr(), threads}},
		{"func2", doca.LaunchConfig{Threads: 1, Wait: e1, WaitThreshold: 1, Complete: e2, CompleteValue: 1}, []uint64{out.Addr(), threads}},
		{"func1", doca.LaunchConfig{Threads: threads, Wait: start, WaitThreshold: 1, Complete: e1, CompleteValue: 1}, []uint64{out.Addr()}},
	} {
		if err := dpa.Launch(s.kernel, s.cfg, s.args...); err != nil {
			t.Fatal(err)
		}
	}
	failsWith(t, done.WaitGT(0, 50*time.Millisecond), "DOCA_ERROR_TIME_OUT", "doca_sync_event_wait_gt")
	if err := start.UpdateSet(1); err != nil {
		t.Fatal(err)
	}
	if err := done.WaitGT(0, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	// DPA code reads an event by its handle.
	h, err := e2.DPAHandle(dpa)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := dpa.RPC("event_value", h); err != nil || v != 1 {
		t.Fatalf("event_value(e2) = %d, %v; want 1", v, err)
	}
	raw := make([]byte, out.Len())
	if _, err := out.ReadAt(raw, 0); err != nil {
		t.Fatal(err)
	}
	words := make([]uint64, threads+2)
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(raw[8*i:])
	}
	return words
}

func TestDPAPipelineChainedByEvents(t *testing.T) {
	app := dpaApp(t)
	dev := open(t)
	dpa := newDPA(t, dev, app)
	if got := fmt.Sprint(pipeline(t, dev, dpa)); got != "[1 2 3 4 10 20]" {
		t.Fatalf("pipeline wrote %s", got)
	}
	// Add: the completions add; the CPU adds too.
	out, err := dpa.Alloc(16)
	if err != nil {
		t.Fatal(err)
	}
	done := event(t, dpa, dev)
	for i := 0; i < 2; i++ {
		cfg := doca.LaunchConfig{Threads: 2, Complete: done, CompleteValue: 5, Add: true}
		if err := dpa.Launch("func1", cfg, out.Addr()); err != nil {
			t.Fatal(err)
		}
	}
	if err := done.WaitGT(9, 0); err != nil {
		t.Fatal(err)
	}
	if before, err := done.UpdateAdd(1); err != nil || before != 10 {
		t.Fatalf("UpdateAdd: %d, %v; want 10", before, err)
	}
}

func TestDPALifeCycleMemoryAndRPC(t *testing.T) {
	app := dpaApp(t)
	dev := open(t)
	dpa, err := doca.NewDPAUnstarted(dev, app)
	if err != nil {
		t.Fatal(err)
	}
	_, err = dpa.Handle()
	failsWith(t, err, "DOCA_ERROR_BAD_STATE", "doca_dpa_get_dpa_handle")
	if err := dpa.Start(); err != nil {
		t.Fatal(err)
	}
	failsWith(t, dpa.Start(), "DOCA_ERROR_BAD_STATE", "doca_dpa_start")
	if n, err := dpa.MaxThreadsPerKernel(); err != nil || n != 64 {
		t.Fatalf("MaxThreadsPerKernel = %d, %v", n, err)
	}
	if err := dpa.Check(); err != nil {
		t.Fatal(err)
	}
	if v, err := dpa.RPC("scale", 21); err != nil || v != 42 {
		t.Fatalf("scale(21) = %d, %v", v, err)
	}
	mem, err := dpa.Alloc(64)
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Memset(0x5a); err != nil {
		t.Fatal(err)
	}
	if _, err := mem.WriteAt([]byte("hello"), 3); err != nil {
		t.Fatal(err)
	}
	back := make([]byte, 8)
	if _, err := mem.ReadAt(back, 0); err != nil || string(back) != "\x5a\x5a\x5ahello" {
		t.Fatalf("read back %q, %v", back, err)
	}
	_, err = mem.WriteAt([]byte("hello"), 60)
	if e := docaError(t, err, "DOCA_ERROR_INVALID_VALUE"); e.Func != "doca_dpa_h2d_memcpy" {
		t.Fatal(e)
	}
	if err := mem.Free(); err != nil {
		t.Fatal(err)
	}
	_, err = mem.ReadAt(back, 0)
	docaError(t, err, "DOCA_ERROR_BAD_STATE")
	_, err = dpa.Alloc(0)
	failsWith(t, err, "DOCA_ERROR_INVALID_VALUE", "doca_dpa_mem_alloc")
	if err := dpa.Stop(); err != nil {
		t.Fatal(err)
	}
	_, err = dpa.RPC("scale", 1)
	failsWith(t, err, "DOCA_ERROR_BAD_STATE", "doca_dpa_rpc")
	if err := dpa.Close(); err != nil {
		t.Fatal(err)
	}
	if err := dpa.Close(); err != nil { // twice is harmless
		t.Fatal(err)
	}
	_, err = dpa.RPC("scale", 1)
	if !errors.Is(err, doca.ErrClosed) {
		t.Fatalf("a closed context: %v", err)
	}
}

func TestDPABadInputNamesTheFunction(t *testing.T) {
	app := dpaApp(t)
	dev := open(t)
	dpa := newDPA(t, dev, app)
	done := event(t, dpa, dev)
	failsWith(t, dpa.Launch("func1", doca.LaunchConfig{Threads: 0, Complete: done, CompleteValue: 1}, 0),
		"DOCA_ERROR_INVALID_VALUE", "doca_dpa_kernel_launch_update_set")
	failsWith(t, dpa.Launch("func1", doca.LaunchConfig{Threads: 65, Complete: done, CompleteValue: 1, Add: true}, 0),
		"DOCA_ERROR_INVALID_VALUE", "doca_dpa_kernel_launch_update_add")
	e := failsWith(t, dpa.Launch("no_such_kernel", doca.LaunchConfig{Threads: 1}),
		"DOCA_ERROR_INVALID_VALUE", "doca_dpa_kernel_launch_update_set")
	if !strings.Contains(e.Message, "no_such_kernel") {
		t.Fatal(e)
	}
	_, err := dpa.RPC("func2", 1)
	e = failsWith(t, err, "DOCA_ERROR_INVALID_VALUE", "doca_dpa_rpc")
	if !strings.Contains(e.Message, "func2() takes 2 arguments (1 given)") {
		t.Fatal(e)
	}
	// An event configured after its start, and one closed.
	ev, err := doca.NewSyncEvent(dev, dev)
	if err != nil {
		t.Fatal(err)
	}
	failsWith(t, ev.AddPublisher(dev), "DOCA_ERROR_BAD_STATE", "doca_sync_event_add_publisher_location_cpu")
	if err := ev.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ev.UpdateSet(1); !errors.Is(err, doca.ErrClosed) {
		t.Fatalf("a closed event: %v", err)
	}
}

func pkgConfig(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("pkg-config", args...).Output()
	if err != nil {
		t.Fatalf("pkg-config %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

func runIn(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// buildDPACell builds the pipeline's DPA code with SCALE set to scale as application name into
// dir/lib<name>.so: dpacc with DOCA DPA's device library and headers (pkg-config doca-dpa), then
// the host compiler.
func buildDPACell(t *testing.T, dir, name string, scale int) string {
	t.Helper()
	dpacc := os.Getenv("FLEXIO_DPACC")
	if dpacc == "" {
		t.Skip("FLEXIO_DPACC (this tree's dpacc) is not set")
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	src, err := os.ReadFile("../../../tests/bindings/device/bind_dpa_pipeline_device.c")
	if err != nil {
		t.Fatal(err)
	}
	cell := strings.Replace(string(src), "#define SCALE 2", fmt.Sprintf("#define SCALE %d", scale), 1)
	if err := os.WriteFile(filepath.Join(dir, "cell.c"), []byte(cell), 0o644); err != nil {
		t.Fatal(err)
	}
	includes := strings.ReplaceAll(pkgConfig(t, "--cflags-only-I", "doca-dpa"), " ", ",")
	runIn(t, dir, dpacc, "cell.c", "-o", name+".a", "--app-name="+name, "-hostcc="+cc, "-hostcc-options=-fPIC",
		"--devicecc-options="+includes+",-DDOCA_ALLOW_EXPERIMENTAL_API",
		"--device-libs=-L"+pkgConfig(t, "--variable=libdir", "doca-dpa")+" -ldoca_dpa_dev")
	so := "lib" + name + ".so"
	runIn(t, dir, cc, append([]string{"-shared", "-o", so, "-Wl,--whole-archive", name + ".a",
		"-Wl,--no-whole-archive"}, strings.Fields(pkgConfig(t, "--libs", "flexio"))...)...)
	return filepath.Join(dir, so)
}

// The notebook loop: the cell edited and built again at the same path under the same name is the
// new code; a context of the earlier one goes on with its code.
func TestNotebookDPACellRebuiltUnderItsName(t *testing.T) {
	dir := t.TempDir()
	first, err := flexio.LoadApp(buildDPACell(t, dir, "dpa_cell", 2), "")
	if err != nil {
		t.Fatal(err)
	}
	edited, err := flexio.LoadApp(buildDPACell(t, dir, "dpa_cell", 7), "")
	if err != nil {
		t.Fatal(err)
	}
	if newest, err := flexio.GetApp("dpa_cell"); err != nil || newest.Raw() != edited.Raw() {
		t.Fatalf("GetApp(dpa_cell) is not the edited cell: %v", err)
	}
	dev := open(t)
	old, cur := newDPA(t, dev, first), newDPA(t, dev, edited)
	a, err1 := old.RPC("scale", 3)
	b, err2 := cur.RPC("scale", 3)
	if err1 != nil || err2 != nil || a != 6 || b != 21 {
		t.Fatalf("scale(3): old %d (%v), new %d (%v); want 6, 21", a, err1, b, err2)
	}
	if got := fmt.Sprint(pipeline(t, dev, cur)); got != "[1 2 3 4 10 70]" {
		t.Fatalf("the new cell's pipeline wrote %s", got)
	}
}
