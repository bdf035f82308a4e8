package flexio_test

// The package's main flows as runnable examples (go test runs them and compares their output).
// They run the test application tests/bindings/device (built by dpacc into a shared object,
// named by FLEXIO_TEST_APP in the ctest bindings.go); without it they are left out (TestMain).

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
)

// loadApp loads the test application (loading it again gives the same *App).
func loadApp() (*flexio.App, error) {
	return flexio.LoadApp(os.Getenv("FLEXIO_TEST_APP"), "") // "": the one application the file registers
}

func TestMain(m *testing.M) {
	flag.Parse()
	if os.Getenv("FLEXIO_TEST_APP") == "" && flag.Lookup("test.run").Value.String() == "" {
		fmt.Fprintln(os.Stderr, "FLEXIO_TEST_APP is not set: the examples are left out, the tests needing it skip")
		flag.Set("test.run", "^Test")
	}
	os.Exit(m.Run())
}

// Open a device, start a process of an application on it and call a device function.
func Example() {
	app, err := loadApp()
	if err != nil {
		fmt.Println(err)
		return
	}
	dev, err := flexio.Open("mlx5_sim0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	proc, err := dev.NewProcess(app)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer proc.Close()
	sum, err := app.Function("weighted_sum") // a + 2b + 3c + 4d + 5e
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := proc.Call(sum, 1, 2, 3, 4, 5)
	fmt.Println(sum, r, err)
	// Output: flexio.Function(weighted_sum, 5 args) 55 <nil>
}

// Device functions print with flexio_dev_print; the process captures it as text.
func ExampleProcess_Output() {
	app, _ := loadApp()
	dev, _ := flexio.Open("mlx5_sim0")
	defer dev.Close()
	proc, _ := dev.NewProcess(app)
	defer proc.Close()
	greet, _ := app.Function("greet")
	proc.Call(greet, 7)
	out, err := proc.Output()
	fmt.Printf("%q %v\n", out, err)
	// Output: "hello from the DPA, 7\n" <nil>
}

// Heap buffers are DPA memory the host reads and writes (io.ReaderAt, io.WriterAt) and device
// functions take by address.
func ExampleHeapBuffer() {
	app, _ := loadApp()
	dev, _ := flexio.Open("mlx5_sim0")
	defer dev.Close()
	proc, _ := dev.NewProcess(app)
	defer proc.Close()

	buf, err := proc.CopyFromHost([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer buf.Free()
	sumBytes, _ := app.Function("sum_bytes")   // the sum of n bytes at an address
	fillBytes, _ := app.Function("fill_bytes") // n bytes from a value on, counting up
	sum, _ := proc.Call(sumBytes, buf.Addr(), uint64(buf.Len()))
	proc.Call(fillBytes, buf.Addr()+4, 4, 0x40)
	back, err := buf.Bytes()
	fmt.Println(sum, back, err)
	// Output: 36 [1 2 3 4 64 65 66 67] <nil>
}

// An event handler is a DPA thread running a device function once per activation (here by
// another device function, as a CQ's completion would).
func ExampleProcess_NewEventHandler() {
	app, _ := loadApp()
	dev, _ := flexio.Open("mlx5_sim0")
	defer dev.Close()
	proc, _ := dev.NewProcess(app)
	defer proc.Close()

	record, _ := proc.Alloc(80) // what count_invocations writes: a count, its thread id and name
	record.Memset(0)
	handler, _ := app.Function("count_invocations")
	eh, err := proc.NewEventHandler(handler, flexio.EventHandlerConfig{Arg: record.Addr(), Name: "counter"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer eh.Close()
	if err := eh.Run(0); err != nil {
		fmt.Println(err)
		return
	}
	activate, _ := app.Function("activate_handler")
	count := make([]byte, 8)
	for i := uint64(1); i <= 3; i++ {
		// An activation while the handler is still pending is the same activation: wait for its run.
		proc.Call(activate, uint64(eh.ActivationID()))
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if record.ReadAt(count, 0); binary.LittleEndian.Uint64(count) == i {
				break
			}
		}
	}
	fmt.Println(eh.Name(), "ran", binary.LittleEndian.Uint64(count), "times")
	// Output: counter ran 3 times
}

// A loopback echo between two DPA QPs of one process, set up from the host: each side a QP
// with a receive CQ run by an event handler and a polled send CQ in heap memory the program
// lays out (the layout and the device code are the test's: queues_test.go,
// tests/bindings/device/bind_echo_device.c); the client's device code sends 20 messages, the
// server's echoes them.
func ExampleProcess_NewQP() {
	app, _ := loadApp()
	dev, _ := flexio.Open("mlx5_sim0")
	defer dev.Close()
	proc, _ := dev.NewProcess(app)
	defer proc.Close() // destroys the queues, handlers and buffers too
	fail := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(r)
		}
	}()

	const messages, msgSize, window = 20, 64, 4
	outbox, err := proc.NewOutbox() // the device code rings its doorbells through it
	fail(err)
	type side struct {
		record *flexio.HeapBuffer // the device code's parameters and progress
		eh     *flexio.EventHandler
		qp     *flexio.QP
	}
	newSide := func(function string) side {
		queues, err := proc.Alloc(queuesSize)
		fail(err)
		bufs, err := proc.Alloc(2 * depth * msgSize) // receive buffers, then send buffers
		fail(err)
		key, err := proc.NewDeviceMkey(bufs, flexio.AccessLocalWrite)
		fail(err)
		record, err := proc.Alloc(echoSize)
		fail(err)
		f, err := app.Function(function)
		fail(err)
		eh, err := proc.NewEventHandler(f, flexio.EventHandlerConfig{Arg: record.Addr(), Name: function})
		fail(err)
		q := queues.Addr()
		rq, err := proc.NewCQ(flexio.CQConfig{Handler: eh, LogDepth: logDepth, Ring: q + rqCQ, DBR: q + rqCQDBR})
		fail(err)
		sq, err := proc.NewCQ(flexio.CQConfig{LogDepth: logDepth, Ring: q + sqCQ, DBR: q + sqCQDBR}) // polled
		fail(err)
		qp, err := proc.NewQP(flexio.QPConfig{RQCQ: rq, SQCQ: sq, LogRQDepth: logDepth, LogSQDepth: logDepth,
			Buffer: q + qpBuf, DBR: q + qpDBR})
		fail(err)
		params := make([]byte, 0, echoHostSize)
		for _, v := range []uint64{q + rqCQ, q + sqCQ, q + qpBuf, q + rqCQDBR, q + sqCQDBR, q + qpDBR, bufs.Addr(), messages} {
			params = binary.LittleEndian.AppendUint64(params, v)
		}
		for _, v := range []uint32{rq.Number(), sq.Number(), qp.Number(), key.ID(), logDepth, msgSize, outbox.ID(), window} {
			params = binary.LittleEndian.AppendUint32(params, v)
		}
		_, err = record.WriteAt(params, 0)
		fail(err)
		return side{record, eh, qp}
	}
	client, server := newSide("echo_client"), newSide("echo_server")
	fail(client.qp.Connect(flexio.QPConnection{RemoteQPN: server.qp.Number(), ForceLoopback: true, MinRNRNakTimer: 1, RetryCount: 7}))
	fail(server.qp.Connect(flexio.QPConnection{RemoteQPN: client.qp.Number(), ForceLoopback: true, MinRNRNakTimer: 1, RetryCount: 7}))
	prepare, _ := app.Function("echo_prepare")
	for _, s := range []side{client, server} {
		_, err := proc.Call(prepare, s.record.Addr())
		fail(err)
		fail(s.eh.Run(0))
	}
	start, _ := app.Function("echo_start")
	_, err = proc.Call(start, uint64(client.eh.ActivationID()))
	fail(err)

	progress := make([]byte, echoSize-echoHostSize) // sent, received, activations, ..., error, done
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		_, err := client.record.ReadAt(progress, echoHostSize)
		fail(err)
		if binary.LittleEndian.Uint32(progress[40:]) != 0 || binary.LittleEndian.Uint32(progress[44:]) != 0 {
			break
		}
	}
	state, _ := client.qp.State()
	fmt.Println("QP", state, "sent", binary.LittleEndian.Uint64(progress), "received",
		binary.LittleEndian.Uint64(progress[8:]), "error", binary.LittleEndian.Uint32(progress[40:]))
	// Output: QP RTS sent 20 received 20 error 0
}
