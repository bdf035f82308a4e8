package flexio_test

// CQs, QPs, outboxes and device keys, and the loopback echo between two DPA QPs (echo_prepare,
// echo_client, echo_server and echo_start in tests/bindings/device/bind_echo_device.c).

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
)

const (
	logDepth = 4 // every ring of the echo: 16 entries
	depth    = 1 << logDepth
	// One side's queue memory (bind_echo_device.c): receive CQ ring, send CQ ring, the QP
	// buffer (RQ of 16-byte WQEs, then SQ of 64-byte WQEBBs), three 64-byte doorbell records.
	rqCQ       = 0
	sqCQ       = 64 * depth
	qpBuf      = 128 * depth
	rqCQDBR    = qpBuf + 16*depth + 64*depth
	sqCQDBR    = rqCQDBR + 64
	qpDBR      = rqCQDBR + 128
	queuesSize = rqCQDBR + 192
	// struct bind_echo: 8 uint64 and 8 uint32 the host writes, then the device's progress.
	echoHostSize = 96
	echoSize     = 144
)

// echoWord is word j of message i (what the device's client sends).
func echoWord(i, j uint64) uint64 { return i*0x9E3779B97F4A7C15 + j }

// must(f())(t) is f's value, the test failing on its error.
func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// echoProgress is the device's progress in a record.
type echoProgress struct {
	Sent, Received, Activations uint64
	Error, Done                 uint32
}

func progressOf(t *testing.T, record *flexio.HeapBuffer) echoProgress {
	t.Helper()
	b := make([]byte, echoSize-echoHostSize)
	must(record.ReadAt(b, echoHostSize))(t)
	le := binary.LittleEndian
	return echoProgress{le.Uint64(b), le.Uint64(b[8:]), le.Uint64(b[16:]), le.Uint32(b[40:]), le.Uint32(b[44:])}
}

// echoSide is one QP of the echo with its handler, CQs, memory and key.
type echoSide struct {
	queues, bufs, record *flexio.HeapBuffer
	key                  *flexio.DeviceMkey
	handler              *flexio.EventHandler
	rqCQ, sqCQ           *flexio.CQ
	qp                   *flexio.QP
	stride               uint64
}

func newEchoSide(t *testing.T, p *flexio.Process, outbox *flexio.Outbox, function string, msgSize, window uint32,
	messages uint64) *echoSide {
	t.Helper()
	s := &echoSide{stride: (uint64(msgSize) + 63) &^ 63}
	s.queues = must(p.Alloc(queuesSize))(t)
	s.bufs = must(p.Alloc(int(2 * depth * s.stride)))(t) // receive buffers, then send buffers
	s.key = must(p.NewDeviceMkey(s.bufs, flexio.AccessLocalWrite))(t)
	s.record = must(p.Alloc(echoSize))(t)
	s.handler = must(p.NewEventHandler(fn(t, function), flexio.EventHandlerConfig{Arg: s.record.Addr(), Name: function}))(t)
	q := s.queues.Addr()
	s.rqCQ = must(p.NewCQ(flexio.CQConfig{Handler: s.handler, LogDepth: logDepth, Ring: q + rqCQ, DBR: q + rqCQDBR}))(t)
	s.sqCQ = must(p.NewCQ(flexio.CQConfig{LogDepth: logDepth, Ring: q + sqCQ, DBR: q + sqCQDBR}))(t) // polled
	s.qp = must(p.NewQP(flexio.QPConfig{RQCQ: s.rqCQ, SQCQ: s.sqCQ, LogRQDepth: logDepth, LogSQDepth: logDepth,
		Buffer: q + qpBuf, DBR: q + qpDBR}))(t)
	host := make([]byte, 0, echoHostSize)
	for _, v := range []uint64{q + rqCQ, q + sqCQ, q + qpBuf, q + rqCQDBR, q + sqCQDBR, q + qpDBR, s.bufs.Addr(), messages} {
		host = binary.LittleEndian.AppendUint64(host, v)
	}
	for _, v := range []uint32{s.rqCQ.Number(), s.sqCQ.Number(), s.qp.Number(), s.key.ID(), logDepth, msgSize,
		outbox.ID(), window} {
		host = binary.LittleEndian.AppendUint32(host, v)
	}
	must(s.record.WriteAt(host, 0))(t)
	return s
}

func (s *echoSide) close(t *testing.T) {
	t.Helper()
	for _, c := range []interface{ Close() error }{s.qp, s.rqCQ, s.sqCQ, s.handler, s.key} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// runEcho sets up both sides, connects, prepares and runs them; returns them and the client's
// last progress.
func runEcho(t *testing.T, p *flexio.Process, messages uint64, msgSize, window uint32) (*flexio.Outbox, *echoSide,
	*echoSide, echoProgress) {
	t.Helper()
	outbox := must(p.NewOutbox())(t)
	client := newEchoSide(t, p, outbox, "echo_client", msgSize, window, messages)
	server := newEchoSide(t, p, outbox, "echo_server", msgSize, window, messages)
	for _, pair := range [][2]*echoSide{{client, server}, {server, client}} {
		c := flexio.QPConnection{RemoteQPN: pair[1].qp.Number(), ForceLoopback: true, MinRNRNakTimer: 1, RetryCount: 7}
		if err := pair[0].qp.Connect(c); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []*echoSide{client, server} {
		if st := must(s.qp.State())(t); st != flexio.QPStateRTS {
			t.Fatalf("QP %#x in %v after Connect", s.qp.Number(), st)
		}
		if r := must(p.Call(fn(t, "echo_prepare"), s.record.Addr()))(t); r != 0 {
			t.Fatalf("echo_prepare: %#x", r)
		}
		if err := s.handler.Run(0); err != nil {
			t.Fatal(err)
		}
	}
	must(p.Call(fn(t, "echo_start"), uint64(client.handler.ActivationID())))(t)
	deadline := time.Now().Add(30 * time.Second)
	pr := progressOf(t, client.record)
	for pr.Done == 0 && pr.Error == 0 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
		pr = progressOf(t, client.record)
	}
	return outbox, client, server, pr
}

func TestLoopbackEchoBetweenTwoDPAQPs(t *testing.T) {
	_, p := newProcess(t)
	const messages, msgSize = 100, 64 // more than six passes over every 16-entry ring
	outbox, client, server, pr := runEcho(t, p, messages, msgSize, 4)
	if pr.Error != 0 || pr.Done != 1 || pr.Sent != messages || pr.Received != messages {
		t.Fatalf("client: %+v", pr)
	}
	if s := progressOf(t, server.record); s.Error != 0 || s.Received != messages || s.Sent != messages {
		t.Fatalf("server: %+v", s)
	}
	// The client's receive buffer k holds the last echo numbered k modulo the ring's depth.
	bufs := must(client.bufs.Bytes())(t)
	for k := uint64(0); k < depth; k++ {
		m := k + (messages-1-k)/depth*depth
		for j := uint64(0); j < msgSize/8; j++ {
			if got := binary.LittleEndian.Uint64(bufs[k*client.stride+8*j:]); got != echoWord(m, j) {
				t.Fatalf("slot %d word %d: %#x, want %#x (message %d)", k, j, got, echoWord(m, j), m)
			}
		}
	}
	if p.Failed() {
		t.Fatal("the process failed")
	}
	client.close(t)
	server.close(t)
	outbox.Close()
	// Everything was closed: the same process echoes again.
	_, _, _, again := runEcho(t, p, 20, 128, 8)
	if again.Error != 0 || again.Received != 20 {
		t.Fatalf("second echo: %+v", again)
	}
}

func TestCQsPolledAndForAHandler(t *testing.T) {
	_, p := newProcess(t)
	mem := must(p.Alloc(4096))(t)
	eh := must(p.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{}))(t)
	d := mem.Addr()
	armed := must(p.NewCQ(flexio.CQConfig{Handler: eh, LogDepth: 4, Ring: d, DBR: d + 2048}))(t)
	mod := flexio.CQModeration{MaxCount: 8, Period: 100, Mode: flexio.CQPeriodCQE}
	polled := must(p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: d + 1024, DBR: d + 2112, Moderation: mod}))(t)
	if armed.Polled() || !polled.Polled() || armed.Number() == polled.Number() {
		t.Fatalf("%v %v", armed, polled)
	}
	if m := must(polled.Moderation())(t); m != mod {
		t.Fatalf("moderation %+v, want %+v", m, mod)
	}
	if m := must(armed.Moderation())(t); m != (flexio.CQModeration{}) {
		t.Fatalf("moderation %+v, want none", m)
	}
	changed := flexio.CQModeration{MaxCount: 4, Period: 10, Mode: flexio.CQPeriodEvent}
	if err := armed.SetModeration(changed); err != nil {
		t.Fatal(err)
	}
	if m := must(armed.Moderation())(t); m != changed {
		t.Fatalf("moderation %+v, want %+v", m, changed)
	}
	if s := armed.String(); !strings.Contains(s, fmt.Sprintf("%#x", armed.Number())) || !strings.Contains(polled.String(), "polled") {
		t.Fatal(s)
	}
	for _, c := range []*flexio.CQ{armed, polled, armed} { // twice: harmless
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	_, err := armed.Moderation()
	if !errors.Is(err, flexio.ErrClosed) || !strings.Contains(err.Error(), "the CQ is closed") {
		t.Fatalf("Moderation of a closed CQ: %v", err)
	}
	notArmed := must(p.NewCQ(flexio.CQConfig{Handler: eh, LogDepth: 4, Ring: d, DBR: d + 2048, NoArm: true}))(t)
	if err := notArmed.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestCQBadInput(t *testing.T) {
	dev, p := newProcess(t)
	mem := must(p.Alloc(4096))(t)
	d := mem.Addr()
	var e *flexio.Error
	_, err := p.NewCQ(flexio.CQConfig{LogDepth: 30, Ring: d, DBR: d + 2048})
	if !errors.As(err, &e) || e.Func != "flexio_cq_create" || !errors.Is(err, flexio.ErrFailed) ||
		!strings.HasPrefix(e.Message, "flexio ERR flexio_cq_create: ") || !strings.Contains(e.Message, "log_cq_depth") {
		t.Fatalf("log_cq_depth 30: %v", err)
	}
	if _, err := p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: 0x1000, DBR: d}); err == nil ||
		!strings.Contains(err.Error(), "not writable DPA memory") {
		t.Fatalf("a ring outside the process: %v", err)
	}
	other := must(dev.NewProcess(testApp(t)))(t)
	defer other.Close()
	eh := must(other.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{}))(t)
	if _, err := p.NewCQ(flexio.CQConfig{Handler: eh, LogDepth: 4, Ring: d, DBR: d + 2048}); err == nil ||
		!strings.Contains(err.Error(), "another process") {
		t.Fatalf("another process's handler: %v", err)
	}
	cq := must(p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: d, DBR: d + 2048}))(t)
	if err := cq.SetModeration(flexio.CQModeration{Mode: 7}); !errors.As(err, &e) ||
		e.Func != "flexio_cq_modify_moderation" || !strings.Contains(e.Message, "mode 7") {
		t.Fatalf("mode 7: %v", err)
	}
	mine := must(p.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{}))(t)
	mine.Close()
	if _, err := p.NewCQ(flexio.CQConfig{Handler: mine, LogDepth: 4, Ring: d, DBR: d + 2048}); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("a closed handler: %v", err)
	}
}

// newQP makes a QP with two polled CQs over 8 KiB of heap memory.
func newQP(t *testing.T, p *flexio.Process) *flexio.QP {
	t.Helper()
	d := must(p.Alloc(8192))(t).Addr()
	rq := must(p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: d, DBR: d + 4096}))(t)
	sq := must(p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: d + 1024, DBR: d + 4160}))(t)
	return must(p.NewQP(flexio.QPConfig{RQCQ: rq, SQCQ: sq, LogRQDepth: 4, LogSQDepth: 4, Buffer: d + 2048,
		DBR: d + 4224}))(t)
}

func TestQPStates(t *testing.T) {
	_, p := newProcess(t)
	a, b := newQP(t, p), newQP(t, p)
	if s := must(a.State())(t); s != flexio.QPStateRST || a.Number() == b.Number() || a.SQOffset() != 256 {
		t.Fatalf("%v %v", a, b)
	}
	c := flexio.QPConnection{RemoteQPN: b.Number(), ForceLoopback: true, PathMTU: flexio.PathMTU4096, RetryCount: 7}
	for _, s := range []flexio.QPState{flexio.QPStateINIT, flexio.QPStateRTR, flexio.QPStateRTS} {
		if err := a.Modify(s, c); err != nil {
			t.Fatal(err)
		}
		if got := must(a.State())(t); got != s {
			t.Fatalf("state %v, want %v", got, s)
		}
	}
	if !strings.Contains(a.String(), "RTS") {
		t.Fatal(a)
	}
	if err := a.ModifyWith(flexio.QPStateRTS, c, flexio.QPOptional{Access: true, MinRNRNakTimer: true}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []flexio.QPState{flexio.QPStateERR, flexio.QPStateRST} {
		if err := a.Modify(s, c); err != nil {
			t.Fatal(err)
		}
	}
	var e *flexio.Error
	if err := a.Modify(flexio.QPStateRTS, c); !errors.As(err, &e) || e.Func != "flexio_qp_modify" ||
		!strings.HasPrefix(e.Message, "flexio ERR flexio_qp_modify: ") { // RST -> RTS skips two states
		t.Fatalf("RST -> RTS: %v", err)
	}
	if s := must(a.State())(t); s != flexio.QPStateRST {
		t.Fatalf("state %v after a refused transition", s)
	}
	if a.Modify(flexio.QPState(9), c) == nil || a.Modify(flexio.QPStateINIT, flexio.QPConnection{Port: 7}) == nil {
		t.Fatal("a bad state or port accepted")
	}
	if err := b.Connect(flexio.QPConnection{RemoteQPN: a.Number(), ForceLoopback: true}); err != nil {
		t.Fatal(err)
	}
	// A CQ a QP reports to is not destroyed, and stays open.
	if err := a.Config().RQCQ.Close(); err == nil || a.Config().RQCQ.Closed() {
		t.Fatalf("closing a CQ of a QP: %v", err)
	}
	for _, q := range []*flexio.QP{a, b} {
		if err := q.Close(); err != nil {
			t.Fatal(err)
		}
		q.Close()
		if _, err := q.State(); !errors.Is(err, flexio.ErrClosed) || !strings.Contains(err.Error(), "the QP is closed") {
			t.Fatalf("State of a closed QP: %v", err)
		}
		for _, cq := range []*flexio.CQ{q.Config().RQCQ, q.Config().SQCQ} {
			if err := cq.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestQPBadInput(t *testing.T) {
	dev, p := newProcess(t)
	q := newQP(t, p)
	cfg := q.Config()
	var e *flexio.Error
	bad := cfg
	bad.LogRQDepth = 16
	if _, err := p.NewQP(bad); !errors.As(err, &e) || e.Func != "flexio_qp_create" || !strings.Contains(e.Message, "log_rq_depth 16") {
		t.Fatalf("log_rq_depth 16: %v", err)
	}
	bad = cfg
	bad.Access = 0x100
	if _, err := p.NewQP(bad); err == nil {
		t.Fatal("access 0x100 accepted")
	}
	bad = cfg
	bad.SQCQ = nil
	if _, err := p.NewQP(bad); err == nil || !strings.Contains(err.Error(), "CQs of the process") {
		t.Fatalf("no SQ CQ: %v", err)
	}
	other := must(dev.NewProcess(testApp(t)))(t)
	defer other.Close()
	bad = cfg
	bad.RQCQ = newQP(t, other).Config().RQCQ
	if _, err := p.NewQP(bad); err == nil || !strings.Contains(err.Error(), "CQs of the process") {
		t.Fatalf("another process's CQ: %v", err)
	}
}

func TestOutboxAndDeviceMkey(t *testing.T) {
	_, p := newProcess(t)
	buf := must(p.Alloc(4096))(t)
	a, b := must(p.NewOutbox())(t), must(p.NewOutbox())(t)
	if a.ID() == b.ID() || a.String() != fmt.Sprintf("flexio.Outbox(%d)", a.ID()) {
		t.Fatalf("%v %v", a, b)
	}
	key := must(p.NewDeviceMkey(buf, flexio.AccessLocalWrite|flexio.AccessRemoteRead))(t)
	if key.ID() == 0 || key.ID() == ^uint32(0) || key.Buffer() != buf || key.Access() != 5 {
		t.Fatal(key)
	}
	for _, c := range []interface{ Close() error }{key, a, b, key} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if !key.Closed() || !a.Closed() {
		t.Fatal("not closed")
	}
	buf.Free()
	if _, err := p.NewDeviceMkey(buf, flexio.AccessLocalWrite); err == nil || !strings.Contains(err.Error(), "freed") {
		t.Fatalf("a freed buffer: %v", err)
	}
}

func TestQueuesOfAClosedProcess(t *testing.T) {
	a := testApp(t)
	dev := must(flexio.Open("mlx5_sim0"))(t)
	defer dev.Close()
	p := must(dev.NewProcess(a))(t)
	mem := must(p.Alloc(8192))(t)
	eh := must(p.NewEventHandler(fn(t, "count_invocations"), flexio.EventHandlerConfig{}))(t)
	cq := must(p.NewCQ(flexio.CQConfig{Handler: eh, LogDepth: 4, Ring: mem.Addr(), DBR: mem.Addr() + 4096}))(t)
	qp := newQP(t, p)
	outbox := must(p.NewOutbox())(t)
	key := must(p.NewDeviceMkey(mem, flexio.AccessLocalWrite))(t)
	p.Close() // destroys them with the process
	if _, err := qp.State(); !errors.Is(err, flexio.ErrClosed) || !strings.Contains(err.Error(), "process is closed") {
		t.Fatalf("State: %v", err)
	}
	if err := cq.SetModeration(flexio.CQModeration{}); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("SetModeration: %v", err)
	}
	for _, c := range []interface {
		Close() error
		Closed() bool
	}{cq, qp, outbox, key} {
		if !c.Closed() || c.Close() != nil {
			t.Fatalf("%v after its process closed", c)
		}
	}
	if _, err := p.NewCQ(flexio.CQConfig{LogDepth: 4}); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("NewCQ: %v", err)
	}
	if _, err := p.NewOutbox(); !errors.Is(err, flexio.ErrClosed) {
		t.Fatalf("NewOutbox: %v", err)
	}
}

func TestQueuesOfAStoppedProcess(t *testing.T) {
	_, p := newProcess(t)
	q := newQP(t, p)
	if _, err := p.Call(fn(t, "user_error"), 203); !errors.Is(err, flexio.ErrDeviceFault) {
		t.Fatalf("user_error: %v", err)
	}
	var e *flexio.Error
	_, err := p.NewCQ(flexio.CQConfig{LogDepth: 4, Ring: q.Config().Buffer, DBR: q.Config().DBR})
	if !errors.As(err, &e) || !errors.Is(err, flexio.ErrDeviceFault) || e.Func != "flexio_cq_create" || e.Status != 203 {
		t.Fatalf("NewCQ in a stopped process: %v", err)
	}
	if err := q.Close(); err != nil { // destroying still works
		t.Fatal(err)
	}
}
