package doca_test

// The DOCA DPA flows as runnable examples: they run the bindings' DOCA DPA test application
// (tests/bindings/device/bind_dpa_pipeline_device.c, built with -ldoca_dpa_dev into a shared
// object named by FLEXIO_TEST_DPA_APP in the ctest bindings.go); without it they are left out
// (TestMain), and the tests needing it skip.

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/doca"
)

func TestMain(m *testing.M) {
	flag.Parse()
	if os.Getenv("FLEXIO_TEST_DPA_APP") == "" && flag.Lookup("test.run").Value.String() == "" {
		fmt.Fprintln(os.Stderr, "FLEXIO_TEST_DPA_APP is not set: the DPA examples are left out, the tests needing it skip")
		flag.Set("test.run", "^(Test|ExampleDMA)")
	}
	os.Exit(m.Run())
}

// The three-kernel pipeline func1 -> func2 -> func3, chained by sync events: the CPU starts it
// and waits on the last kernel's event, then reads the DPA memory the kernels wrote; an RPC.
func ExampleDPA_Launch() {
	app, err := flexio.LoadApp(os.Getenv("FLEXIO_TEST_DPA_APP"), "")
	if err != nil {
		log.Fatal(err)
	}
	dev, err := doca.Open("mlx5_sim0")
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	dpa, err := doca.NewDPA(dev, app)
	if err != nil {
		log.Fatal(err)
	}
	defer dpa.Close()
	const n = 4
	out, err := dpa.Alloc(8 * (n + 2))
	if err != nil {
		log.Fatal(err)
	}
	defer out.Free()
	if err := out.Memset(0); err != nil {
		log.Fatal(err)
	}
	// go: the CPU starts the chain; e1, e2: between kernels; done: the last kernel, to the CPU.
	events := make([]*doca.SyncEvent, 4)
	for i, at := range [][2]doca.Location{{dev, dpa}, {dpa, dpa}, {dpa, dpa}, {dpa, dev}} {
		if events[i], err = doca.NewSyncEvent(at[0], at[1]); err != nil {
			log.Fatal(err)
		}
		defer events[i].Close()
	}
	start, e1, e2, done := events[0], events[1], events[2], events[3]
	steps := []struct {
		kernel string
		cfg    doca.LaunchConfig
		args   []uint64
	}{
		{"func1", doca.LaunchConfig{Threads: n, Wait: start, WaitThreshold: 1, Complete: e1, CompleteValue: 1}, []uint64{out.Addr()}},
		{"func2", doca.LaunchConfig{Threads: 1, Wait: e1, WaitThreshold: 1, Complete: e2, CompleteValue: 1}, []uint64{out.Addr(), n}},
		{"func3", doca.LaunchConfig{Threads: 1, Wait: e2, WaitThreshold: 1, Complete: done, CompleteValue: 1}, []uint64{out.Addr(), n}},
	}
	for _, s := range steps {
		if err := dpa.Launch(s.kernel, s.cfg, s.args...); err != nil {
			log.Fatal(err)
		}
	}
	before, _ := done.Get()
	fmt.Println("before go: done =", before)
	if err := start.UpdateSet(1); err != nil {
		log.Fatal(err)
	}
	if err := done.WaitGT(0, 30*time.Second); err != nil {
		log.Fatal(err)
	}
	raw := make([]byte, out.Len())
	if _, err := out.ReadAt(raw, 0); err != nil {
		log.Fatal(err)
	}
	words := make([]uint64, n+2)
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(raw[8*i:])
	}
	fmt.Println("pipeline:", words)
	v, err := dpa.RPC("scale", 21)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("scale(21) =", v)
	var e *doca.Error
	if err := dpa.Launch("func1", doca.LaunchConfig{Threads: 0}, out.Addr()); errors.As(err, &e) {
		fmt.Println(e.Func, e.Name)
	}
	// Output:
	// before go: done = 0
	// pipeline: [1 2 3 4 10 20]
	// scale(21) = 42
	// doca_dpa_kernel_launch_update_set DOCA_ERROR_INVALID_VALUE
}
