package flexio_test

import (
	"runtime"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
)

// A device and a process dropped without Close are destroyed by their cleanups (the safety
// net behind Close): the process first, then the context, whichever cleanup runs first.
func TestDroppedDeviceAndProcessAreReleased(t *testing.T) {
	app := testApp(t)
	state := func() func() (int, bool) {
		dev, err := flexio.Open("mlx5_sim0")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if _, err := dev.NewProcess(app); err != nil {
				t.Fatal(err)
			}
		}
		return flexio.ContextState(dev)
	}()
	if n, closed := state(); n != 2 || closed {
		t.Fatalf("before: %d processes, closed %v", n, closed)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		n, closed := state()
		if n == 0 && closed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after dropping: %d processes, closed %v", n, closed)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Close releases at once, and the cleanups then do nothing more.
func TestCloseReleasesAtOnce(t *testing.T) {
	dev, p := newProcess(t)
	state := flexio.ContextState(dev)
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if n, closed := state(); n != 0 || closed {
		t.Fatalf("process closed: %d processes, closed %v", n, closed)
	}
	if err := dev.Close(); err != nil {
		t.Fatal(err)
	}
	if n, closed := state(); n != 0 || !closed {
		t.Fatalf("device closed: %d processes, closed %v", n, closed)
	}
	runtime.GC()
	runtime.GC()
	if n, closed := state(); n != 0 || !closed {
		t.Fatalf("after GC: %d processes, closed %v", n, closed)
	}
}
