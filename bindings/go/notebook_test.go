package flexio_test

// The notebook loop: the test application loaded again, two applications defining the same
// device function, and a cell edited and rebuilt under its name at the same path while a process
// of the earlier code goes on.  The cells are built with FLEXIO_DPACC and the two commands of
// bindings/README.md (ctest bindings.go.notebook; bindings.go leaves TestNotebook* out).

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	flexio "github.com/openflexio/openflexio/bindings/go"
)

const cellSource = `
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t x)
{
	return 3 * x + OFFSET;
}
`

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// buildCell builds the cell (triple = 3x + offset) as application name into dir/lib<name>.so.
func buildCell(t *testing.T, dir, name string, offset int) string {
	t.Helper()
	dpacc := os.Getenv("FLEXIO_DPACC")
	if dpacc == "" {
		t.Skip("FLEXIO_DPACC (this tree's dpacc) is not set")
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cell.c"), []byte(cellSource), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, dir, dpacc, "cell.c", "-o", name+".a", "--app-name="+name, "-hostcc="+cc, "-hostcc-options=-fPIC",
		fmt.Sprintf("--devicecc-options=-DOFFSET=%d", offset))
	libs, err := exec.Command("pkg-config", "--libs", "flexio").Output()
	if err != nil {
		t.Fatalf("pkg-config --libs flexio: %v", err)
	}
	so := "lib" + name + ".so"
	run(t, dir, cc, append([]string{"-shared", "-o", so, "-Wl,--whole-archive", name + ".a",
		"-Wl,--no-whole-archive"}, strings.Fields(string(libs))...)...)
	return filepath.Join(dir, so)
}

func load(t *testing.T, path string) *flexio.App {
	t.Helper()
	app, err := flexio.LoadApp(path, "")
	if err != nil {
		t.Fatal(err)
	}
	return app
}

func triple(t *testing.T, p *flexio.Process, app *flexio.App, x uint64) uint64 {
	t.Helper()
	f, err := app.Function("triple")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Call(f, x)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func process(t *testing.T, dev *flexio.Device, app *flexio.App) *flexio.Process {
	t.Helper()
	p, err := dev.NewProcess(app)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func openDevice(t *testing.T) *flexio.Device {
	t.Helper()
	dev, err := flexio.Open("mlx5_sim0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	return dev
}

func TestNotebookSameObjectLoadedAgain(t *testing.T) {
	app := testApp(t)
	path := os.Getenv("FLEXIO_TEST_APP")
	if again := load(t, path); again != app {
		t.Fatalf("loaded again: %v, first %v", again, app)
	}
	if named, err := flexio.LoadApp(path, app.Name()); err != nil || named != app {
		t.Fatalf("by name: %v, %v", named, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(t.TempDir(), "copy.so")
	if err := os.WriteFile(copied, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if same := load(t, copied); same != app {
		t.Fatalf("the same bytes elsewhere: %v", same)
	}
	_, err = flexio.LoadApp(path, "nope")
	if !errors.Is(err, flexio.ErrNotFound) || !strings.Contains(err.Error(), `registered no application named "nope" (bind_test)`) {
		t.Fatalf("got %v", err)
	}
	if _, err = flexio.LoadApp(filepath.Join(t.TempDir(), "missing.so"), ""); !errors.Is(err, flexio.ErrNotFound) {
		t.Fatalf("got %v", err)
	}
}

func TestNotebookTwoAppsDefineTheSameFunction(t *testing.T) {
	dir := t.TempDir()
	one := load(t, buildCell(t, filepath.Join(dir, "one"), "nb_one", 1))
	two := load(t, buildCell(t, filepath.Join(dir, "two"), "nb_two", 2))
	dev := openDevice(t)
	if r := triple(t, process(t, dev, one), one, 5); r != 16 {
		t.Fatalf("nb_one: triple(5) = %d", r)
	}
	if r := triple(t, process(t, dev, two), two, 5); r != 17 {
		t.Fatalf("nb_two: triple(5) = %d", r)
	}
}

func TestNotebookCellRebuiltAtTheSamePath(t *testing.T) {
	dir := t.TempDir()
	path := buildCell(t, dir, "nb_cell", 0)
	first := load(t, path)
	dev := openDevice(t)
	old := process(t, dev, first)
	if r := triple(t, old, first, 5); r != 15 {
		t.Fatalf("first build: triple(5) = %d", r)
	}

	if rebuilt := buildCell(t, dir, "nb_cell", 100); rebuilt != path {
		t.Fatalf("rebuilt at %s, not %s", rebuilt, path)
	}
	edited := load(t, path)
	if edited == first {
		t.Fatal("the rebuilt cell gave the first application")
	}
	if again := load(t, path); again != edited {
		t.Fatalf("loaded again: %v", again)
	}
	if newest, err := flexio.GetApp("nb_cell"); err != nil || newest != edited {
		t.Fatalf("GetApp: %v, %v", newest, err)
	}
	if r := triple(t, process(t, dev, edited), edited, 5); r != 115 {
		t.Fatalf("edited cell: triple(5) = %d", r)
	}
	if r := triple(t, old, first, 5); r != 15 {
		t.Fatalf("the first build's process after the rebuild: triple(5) = %d", r)
	}
}
