// Queues of a process: CQs, RC QPs, and what device code needs to use them (an Outbox to ring
// doorbells through, a DeviceMkey over its buffers).
//
// Rings and doorbell records live in DPA heap memory the caller allocates (Process.Alloc) and
// lays out; device code reads and writes them (libflexio-dev's queue helpers).  Each object
// keeps what it was made with (a CQ its EventHandler, a QP its CQs, a key its HeapBuffer).
// Close destroys it, twice is harmless; closing the process destroys them all: their methods
// then return an error wrapping ErrClosed and Close does nothing.  Like a process's, their
// methods may be called from any goroutine, one call at a time.

package flexio

/*
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/capi"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

// Access is a set of memory access flags of QPs and keys: rdma-core's IBV_ACCESS_* values.
type Access uint32

// The access flags.
const (
	AccessLocalWrite   Access = 1
	AccessRemoteWrite  Access = 2
	AccessRemoteRead   Access = 4
	AccessRemoteAtomic Access = 8
)

// queueChild is what the objects of this file share: a C handle of a process, destroyed once.
type queueChild struct {
	p    *Process
	kind string // "CQ", "QP", ... in error messages
}

func (c *queueChild) closedErr(fn string, closed bool) error {
	if closed {
		return &Error{Func: fn, Message: fmt.Sprintf("%s: the %s is closed", fn, c.kind), kind: ErrClosed}
	}
	if c.p.p == nil {
		return &Error{Func: fn, Message: fmt.Sprintf("%s: the %s's process is closed", fn, c.kind), kind: ErrClosed}
	}
	return nil
}

// calloc is zeroed C memory for an attribute structure (C may not get Go memory holding pointers).
func calloc[T any]() *T {
	var zero T
	return (*T)(C.calloc(1, C.size_t(unsafe.Sizeof(zero))))
}

// number reads a number or id (UINT32_MAX on error); the caller holds LockOSThread.
func number(value uint32, fn string) (uint32, error) {
	if value == noID {
		return 0, lastError(fn)
	}
	return value, nil
}

// uarID is the id of the process's UAR, which its queues ring through; the caller holds
// LockOSThread.
func (p *Process) uarID() (uint32, error) {
	uar := xcapi.ProcessGetUar(p.p)
	if uar == nil {
		return 0, lastError("flexio_process_get_uar")
	}
	return number(xcapi.UarGetId(uar), "flexio_uar_get_id")
}

// pd is the process's protection domain, which its queues and keys are in; the caller holds
// LockOSThread.
func (p *Process) pd() (*capi.IbvPd, error) {
	pd := xcapi.ProcessGetPd(p.p)
	if pd == nil {
		return nil, lastError("flexio_process_get_pd")
	}
	return pd, nil
}

func dpaQmem(q *capi.Qmem, daddr uint64) {
	q.Memtype = capi.FLEXIO_MEMTYPE_DPA
	q.SetDaddr(capi.Uintptr(daddr))
}

// ------------------------------------------------------------------------------------------
// Completion queues

// CQPeriodMode is what starts a CQ's moderation period (enum flexio_cq_period_mode).
type CQPeriodMode uint16

// The period modes.
const (
	CQPeriodEvent = CQPeriodMode(capi.FLEXIO_CQ_PERIOD_MODE_EVENT) // the last event
	CQPeriodCQE   = CQPeriodMode(capi.FLEXIO_CQ_PERIOD_MODE_CQE)   // the first CQE after it
)

// CQModeration is a CQ's moderation: an event after MaxCount CQEs or Period microseconds (0:
// not by that); the zero value is none.
type CQModeration struct {
	MaxCount uint16
	Period   uint16
	Mode     CQPeriodMode
}

// CQConfig is how NewCQ creates a CQ: 2^LogDepth 64-byte CQEs in DPA memory at Ring, its
// doorbell record at DBR.
type CQConfig struct {
	Handler    *EventHandler // the handler whose thread a CQE runs; nil: a polled CQ
	LogDepth   uint8
	Ring       uint64 // device addresses (HeapBuffer.Addr and an offset)
	DBR        uint64
	NoArm      bool // with a Handler: not armed at creation (device code arms it: flexio_dev_cq_arm)
	Moderation CQModeration
}

// CQ is a completion queue of a process, reporting to an event handler's thread (a CQE in an
// armed CQ runs it) or polled (FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ).  Destroying it while QPs
// report to it fails, the CQ staying open.
type CQ struct {
	queueChild
	cq     *capi.Cq
	cfg    CQConfig
	number uint32
}

// NewCQ creates a CQ as cfg says.
func (p *Process) NewCQ(cfg CQConfig) (*CQ, error) {
	const fn = "flexio_cq_create"
	if p.p == nil {
		return nil, p.closedErr(fn)
	}
	attr := calloc[capi.CqAttr]()
	defer C.free(unsafe.Pointer(attr))
	attr.LogCqDepth = cfg.LogDepth
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if h := cfg.Handler; h != nil {
		if h.p != p {
			return nil, &Error{Func: fn, Message: fn + ": the event handler is of another process", kind: ErrFailed}
		}
		if err := h.closedErr(fn); err != nil {
			return nil, err
		}
		attr.ElementType = uint8(capi.FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD)
		attr.SetThread(xcapi.EventHandlerGetThread(h.eh))
		attr.NoArm = cfg.NoArm
	} else {
		attr.ElementType = uint8(capi.FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ)
		attr.NoArm = true
	}
	uar, err := p.uarID()
	if err != nil {
		return nil, err
	}
	attr.UarId = uar
	attr.CqMaxCount = cfg.Moderation.MaxCount
	attr.CqPeriod = cfg.Moderation.Period
	attr.CqPeriodMode = capi.CqPeriodMode(cfg.Moderation.Mode)
	dpaQmem(&attr.CqRingQmem, cfg.Ring)
	attr.CqDbrDaddr = capi.Uintptr(cfg.DBR)
	var cq *capi.Cq
	if capi.CqCreate(p.p, nil, attr, &cq) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed(fn)
	}
	n, err := number(xcapi.CqGetCqNum(cq), "flexio_cq_get_cq_num")
	if err != nil {
		capi.CqDestroy(cq)
		return nil, err
	}
	return &CQ{queueChild: queueChild{p: p, kind: "CQ"}, cq: cq, cfg: cfg, number: n}, nil
}

// Number is the CQ number (what QPs and device code name it by).
func (c *CQ) Number() uint32 { return c.number }

// Polled tells whether no event handler is attached.
func (c *CQ) Polled() bool { return c.cfg.Handler == nil }

// Config is what the CQ was created with.
func (c *CQ) Config() CQConfig { return c.cfg }

// Process is the process the CQ belongs to.
func (c *CQ) Process() *Process { return c.p }

// Closed tells whether the CQ or its process was closed.
func (c *CQ) Closed() bool { return c.cq == nil || c.p.p == nil }

// Raw is the CQ's handle for package capi (nil once closed).
func (c *CQ) Raw() *capi.Cq {
	if c.Closed() {
		return nil
	}
	return c.cq
}

// Moderation is the CQ's moderation now (flexio_cq_query_moderation).
func (c *CQ) Moderation() (CQModeration, error) {
	const fn = "flexio_cq_query_moderation"
	if err := c.closedErr(fn, c.cq == nil); err != nil {
		return CQModeration{}, err
	}
	out := (*[3]uint16)(C.calloc(3, 2)) // max_count, period, mode
	defer C.free(unsafe.Pointer(out))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.CqQueryModeration(c.cq, &out[0], &out[1], &out[2]) != capi.FLEXIO_STATUS_SUCCESS {
		return CQModeration{}, c.p.failed(fn)
	}
	return CQModeration{MaxCount: out[0], Period: out[1], Mode: CQPeriodMode(out[2])}, nil
}

// SetModeration changes the CQ's moderation (flexio_cq_modify_moderation).
func (c *CQ) SetModeration(m CQModeration) error {
	const fn = "flexio_cq_modify_moderation"
	if err := c.closedErr(fn, c.cq == nil); err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.CqModifyModeration(c.cq, m.MaxCount, m.Period, uint16(m.Mode)) != capi.FLEXIO_STATUS_SUCCESS {
		return c.p.failed(fn)
	}
	return nil
}

func (c *CQ) String() string {
	if c.Closed() {
		return "flexio.CQ(closed)"
	}
	to := "polled"
	if c.cfg.Handler != nil {
		to = "handler " + c.cfg.Handler.fn.name
	}
	return fmt.Sprintf("flexio.CQ(%#x, %d CQEs, %s)", c.number, 1<<c.cfg.LogDepth, to)
}

// Close destroys the CQ (flexio_cq_destroy); it fails while QPs report to it (close them
// first), the CQ staying open.  A no-op once closed or after its process closed.
func (c *CQ) Close() error {
	if c.cq == nil || c.p.p == nil {
		c.cq = nil
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.CqDestroy(c.cq) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_cq_destroy")
	}
	c.cq = nil
	return nil
}

// ------------------------------------------------------------------------------------------
// Queue pairs

// QPState is a QP's state (enum flexio_qp_state; SQD is the QPC's value, which the enum does
// not name).
type QPState uint32

// The QP states.
const (
	QPStateRST  = QPState(capi.FLEXIO_QP_STATE_RST)
	QPStateINIT = QPState(capi.FLEXIO_QP_STATE_INIT)
	QPStateRTR  = QPState(capi.FLEXIO_QP_STATE_RTR)
	QPStateRTS  = QPState(capi.FLEXIO_QP_STATE_RTS)
	QPStateSQD  = QPState(4)
	QPStateERR  = QPState(capi.FLEXIO_QP_STATE_ERR)
)

func (s QPState) String() string {
	switch s {
	case QPStateRST:
		return "RST"
	case QPStateINIT:
		return "INIT"
	case QPStateRTR:
		return "RTR"
	case QPStateRTS:
		return "RTS"
	case QPStateSQD:
		return "SQD"
	case QPStateERR:
		return "ERR"
	}
	return fmt.Sprintf("QPState(%d)", uint32(s))
}

// PathMTU is a QP's path MTU (enum flexio_qp_qpc_mtu); 0 means PathMTU1024.
type PathMTU uint32

// The path MTUs.
const (
	PathMTU256  = PathMTU(capi.FLEXIO_QP_QPC_MTU_BYTES_256)
	PathMTU512  = PathMTU(capi.FLEXIO_QP_QPC_MTU_BYTES_512)
	PathMTU1024 = PathMTU(capi.FLEXIO_QP_QPC_MTU_BYTES_1K)
	PathMTU2048 = PathMTU(capi.FLEXIO_QP_QPC_MTU_BYTES_2K)
	PathMTU4096 = PathMTU(capi.FLEXIO_QP_QPC_MTU_BYTES_4K)
)

// QPConfig is how NewQP creates an RC QP: its receive ring (2^LogRQDepth 16-byte WQEs) then
// its send ring (2^LogSQDepth 64-byte WQEBBs) in DPA memory at Buffer, its doorbell record at
// DBR, its completions to RQCQ and SQCQ (CQs of the same process).  The QP is in the process's
// protection domain and rings through its UAR.
type QPConfig struct {
	RQCQ, SQCQ *CQ
	LogRQDepth uint8
	LogSQDepth uint8
	Buffer     uint64
	DBR        uint64
	Access     Access // what its peer may do to its memory (remote flags)
	UserIndex  uint32 // reported in its CQEs
}

// QPConnection is what moving a QP to INIT, RTR and RTS takes (the modification part of
// struct flexio_qp_attr): the peer QP, whether it is on this device (ForceLoopback: no address
// is then needed), the path MTU, RNR and retry settings, the first PSNs, the access granted
// to the peer.
type QPConnection struct {
	RemoteQPN      uint32
	ForceLoopback  bool
	PathMTU        PathMTU // 0: PathMTU1024
	MinRNRNakTimer uint32
	RetryCount     uint8
	Port           uint8 // 0: port 1
	RQPSN, SQPSN   uint32
	Access         Access
}

// QPOptional names the optional attributes a transition also changes (struct
// flexio_qp_attr_opt_param_mask).
type QPOptional struct {
	Access         bool
	MinRNRNakTimer bool
}

// QP is an RC queue pair of a process, created in RST.
type QP struct {
	queueChild
	qp     *capi.Qp
	cfg    QPConfig
	number uint32
}

// NewQP creates an RC QP as cfg says.
func (p *Process) NewQP(cfg QPConfig) (*QP, error) {
	const fn = "flexio_qp_create"
	if p.p == nil {
		return nil, p.closedErr(fn)
	}
	for _, cq := range []*CQ{cfg.RQCQ, cfg.SQCQ} {
		if cq == nil || cq.p != p {
			return nil, &Error{Func: fn, Message: fn + ": RQCQ and SQCQ are CQs of the process", kind: ErrFailed}
		}
		if err := cq.closedErr(fn, cq.cq == nil); err != nil {
			return nil, err
		}
	}
	attr := calloc[capi.QpAttr]()
	defer C.free(unsafe.Pointer(attr))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	uar, err := p.uarID()
	if err != nil {
		return nil, err
	}
	pd, err := p.pd()
	if err != nil {
		return nil, err
	}
	attr.TransportType = uint32(capi.FLEXIO_QPC_ST_RC)
	attr.UarId = uar
	attr.UserIndex = cfg.UserIndex
	attr.QpAccessMask = int32(cfg.Access)
	attr.Pd = pd
	attr.LogSqDepth, attr.LogRqDepth = int32(cfg.LogSQDepth), int32(cfg.LogRQDepth)
	attr.RqType = int32(capi.FLEXIO_QP_QPC_RQ_TYPE_REGULAR)
	attr.RqCqn, attr.SqCqn = cfg.RQCQ.number, cfg.SQCQ.number
	dpaQmem(&attr.QpWqBuffQmem, cfg.Buffer)
	dpaQmem(&attr.QpWqDbrQmem, cfg.DBR)
	var qp *capi.Qp
	if capi.QpCreate(p.p, nil, attr, &qp) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed(fn)
	}
	n, err := number(xcapi.QpGetQpNum(qp), "flexio_qp_get_qp_num")
	if err != nil {
		capi.QpDestroy(qp)
		return nil, err
	}
	return &QP{queueChild: queueChild{p: p, kind: "QP"}, qp: qp, cfg: cfg, number: n}, nil
}

// Number is the QP number.
func (q *QP) Number() uint32 { return q.number }

// Config is what the QP was created with.
func (q *QP) Config() QPConfig { return q.cfg }

// SQOffset is where the send ring starts in the QP buffer (after the receive ring).
func (q *QP) SQOffset() uint64 { return 16 << q.cfg.LogRQDepth }

// Process is the process the QP belongs to.
func (q *QP) Process() *Process { return q.p }

// Closed tells whether the QP or its process was closed.
func (q *QP) Closed() bool { return q.qp == nil || q.p.p == nil }

// Raw is the QP's handle for package capi (nil once closed).
func (q *QP) Raw() *capi.Qp {
	if q.Closed() {
		return nil
	}
	return q.qp
}

// State is the QP's state (flexio_qp_state_get).
func (q *QP) State() (QPState, error) {
	if err := q.closedErr("flexio_qp_state_get", q.qp == nil); err != nil {
		return QPStateERR, err
	}
	return QPState(capi.QpStateGet(q.qp)), nil
}

// Modify moves the QP to state (flexio_qp_modify) with what the transition takes from c (IB's
// RC state machine: RST->INIT the access and port, INIT->RTR the peer, MTU, receive PSN and
// RNR timer, RTR->RTS the send PSN and retry count, ->ERR and ->RST nothing).  The QP is
// unchanged when it fails.
func (q *QP) Modify(state QPState, c QPConnection) error {
	return q.ModifyWith(state, c, QPOptional{})
}

// ModifyWith is Modify, also changing the optional attributes opt names.
func (q *QP) ModifyWith(state QPState, c QPConnection, opt QPOptional) error {
	const fn = "flexio_qp_modify"
	if err := q.closedErr(fn, q.qp == nil); err != nil {
		return err
	}
	attr := calloc[capi.QpAttr]()
	defer C.free(unsafe.Pointer(attr))
	mask := calloc[capi.QpAttrOptParamMask]()
	defer C.free(unsafe.Pointer(mask))
	attr.NextState = capi.QpState(state)
	attr.QpAccessMask = int32(c.Access)
	attr.RemoteQpNum = c.RemoteQPN
	if c.ForceLoopback {
		attr.Fl = 1
	}
	attr.PathMtu = capi.QpQpcMtu(c.PathMTU)
	if c.PathMTU == 0 {
		attr.PathMtu = capi.FLEXIO_QP_QPC_MTU_BYTES_1K
	}
	attr.MinRnrNakTimer = c.MinRNRNakTimer
	attr.RetryCount = c.RetryCount
	attr.VhcaPortNum = c.Port
	if c.Port == 0 {
		attr.VhcaPortNum = 1
	}
	attr.NextRcvPsn, attr.NextSendPsn = c.RQPSN, c.SQPSN
	mask.QpAccessMask, mask.MinRnrNakTimer = opt.Access, opt.MinRNRNakTimer
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.QpModify(q.qp, attr, mask) != capi.FLEXIO_STATUS_SUCCESS {
		return q.p.failed(fn)
	}
	return nil
}

// Connect moves the QP RST -> INIT -> RTR -> RTS with c: it then sends to and receives from
// its peer.
func (q *QP) Connect(c QPConnection) error {
	for _, s := range []QPState{QPStateINIT, QPStateRTR, QPStateRTS} {
		if err := q.Modify(s, c); err != nil {
			return err
		}
	}
	return nil
}

func (q *QP) String() string {
	if q.Closed() {
		return "flexio.QP(closed)"
	}
	s, _ := q.State()
	return fmt.Sprintf("flexio.QP(%#x, %v, RQ %d -> CQ %#x, SQ %d -> CQ %#x)", q.number, s, 1<<q.cfg.LogRQDepth,
		q.cfg.RQCQ.number, 1<<q.cfg.LogSQDepth, q.cfg.SQCQ.number)
}

// Close destroys the QP (flexio_qp_destroy); a no-op once closed or after its process closed.
func (q *QP) Close() error {
	qp := q.qp
	q.qp = nil
	if qp == nil || q.p.p == nil {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.QpDestroy(qp) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_qp_destroy")
	}
	return nil
}

// ------------------------------------------------------------------------------------------
// Outboxes and device memory keys

// Outbox is an outbox of a process (flexio_outbox_create): the doorbell page through which DPA
// threads ring its queues' doorbells and arm its CQs, once device code selects it by ID
// (flexio_dev_outbox_config).
type Outbox struct {
	queueChild
	outbox *capi.Outbox
	id     uint32
}

// NewOutbox creates an outbox.
func (p *Process) NewOutbox() (*Outbox, error) {
	const fn = "flexio_outbox_create"
	if p.p == nil {
		return nil, p.closedErr(fn)
	}
	attr := calloc[capi.OutboxAttr]()
	defer C.free(unsafe.Pointer(attr))
	var outbox *capi.Outbox
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.OutboxCreate(p.p, attr, &outbox) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed(fn)
	}
	id, err := number(xcapi.OutboxGetId(outbox), "flexio_outbox_get_id")
	if err != nil {
		capi.OutboxDestroy(outbox)
		return nil, err
	}
	return &Outbox{queueChild: queueChild{p: p, kind: "outbox"}, outbox: outbox, id: id}, nil
}

// ID is what device code selects the outbox by.
func (o *Outbox) ID() uint32 { return o.id }

// Closed tells whether the outbox or its process was closed.
func (o *Outbox) Closed() bool { return o.outbox == nil || o.p.p == nil }

func (o *Outbox) String() string {
	if o.Closed() {
		return "flexio.Outbox(closed)"
	}
	return fmt.Sprintf("flexio.Outbox(%d)", o.id)
}

// Close destroys the outbox (flexio_outbox_destroy); a no-op once closed or after its
// process closed.
func (o *Outbox) Close() error {
	outbox := o.outbox
	o.outbox = nil
	if outbox == nil || o.p.p == nil {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.OutboxDestroy(outbox) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_outbox_destroy")
	}
	return nil
}

// DeviceMkey is a memory key over a heap buffer (flexio_device_mkey_create), in the process's
// protection domain: what WQEs name the memory by (ID, the lkey).
type DeviceMkey struct {
	queueChild
	mkey   *capi.Mkey
	buf    *HeapBuffer
	access Access
	id     uint32
}

// NewDeviceMkey creates a memory key over buf (a buffer of the process) with access.
func (p *Process) NewDeviceMkey(buf *HeapBuffer, access Access) (*DeviceMkey, error) {
	const fn = "flexio_device_mkey_create"
	if p.p == nil {
		return nil, p.closedErr(fn)
	}
	if buf == nil || buf.p != p || buf.addr == 0 {
		return nil, &Error{Func: fn, Message: fn + ": the buffer is freed or of another process", kind: ErrFailed}
	}
	attr := calloc[capi.MkeyAttr]()
	defer C.free(unsafe.Pointer(attr))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pd, err := p.pd()
	if err != nil {
		return nil, err
	}
	attr.Pd, attr.Daddr, attr.Len, attr.Access = pd, capi.Uintptr(buf.addr), uint64(buf.size), int32(access)
	var mkey *capi.Mkey
	if capi.DeviceMkeyCreate(p.p, attr, &mkey) != capi.FLEXIO_STATUS_SUCCESS {
		return nil, p.failed(fn)
	}
	id, err := number(xcapi.MkeyGetId(mkey), "flexio_mkey_get_id")
	if err != nil {
		capi.DeviceMkeyDestroy(mkey)
		return nil, err
	}
	return &DeviceMkey{queueChild: queueChild{p: p, kind: "memory key"}, mkey: mkey, buf: buf, access: access, id: id}, nil
}

// ID is the key (the lkey WQEs name the memory by).
func (k *DeviceMkey) ID() uint32 { return k.id }

// Buffer is the heap buffer the key covers.
func (k *DeviceMkey) Buffer() *HeapBuffer { return k.buf }

// Access is what the key allows.
func (k *DeviceMkey) Access() Access { return k.access }

// Closed tells whether the key or its process was closed.
func (k *DeviceMkey) Closed() bool { return k.mkey == nil || k.p.p == nil }

func (k *DeviceMkey) String() string {
	if k.Closed() {
		return "flexio.DeviceMkey(closed)"
	}
	return fmt.Sprintf("flexio.DeviceMkey(%#x over %v)", k.id, k.buf)
}

// Close destroys the key (flexio_device_mkey_destroy); a no-op once closed or after its
// process closed.
func (k *DeviceMkey) Close() error {
	mkey := k.mkey
	k.mkey = nil
	if mkey == nil || k.p.p == nil {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if capi.DeviceMkeyDestroy(mkey) != capi.FLEXIO_STATUS_SUCCESS {
		return lastError("flexio_device_mkey_destroy")
	}
	return nil
}
