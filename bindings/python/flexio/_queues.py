"""Queues of a process (see flexio/__init__.py): CQs, RC QPs, and what device code needs to use
them: an outbox to ring doorbells through, a device memory key over its buffers.

Rings and doorbell records live in DPA heap memory the caller allocates (Process.alloc) and lays
out; device code reads and writes them (libflexio-dev's queue helpers).  Each object holds its
Process (and what it was created with: a CQ its EventHandler, a QP its CQs, a key its
HeapBuffer); close() destroys it, twice is harmless; closing the process destroys them all, and
a method of an object of a closed process raises FlexioError.
"""
from __future__ import annotations

import contextlib
import enum
import operator
from collections import namedtuple
from dataclasses import dataclass

from ._capi import ffi, lib
from ._core import _SUCCESS, EventHandler, FlexioError, HeapBuffer, _checked_id, _raise, _unknown_member

__all__ = ["Access", "CqPeriodMode", "CqModeration", "Cq", "QpState", "PathMtu", "QpConnection", "Qp", "Outbox",
           "DeviceMkey"]

class Access(enum.IntFlag):
    """Memory access flags of QPs and keys: rdma-core's IBV_ACCESS_* values."""

    NONE = 0
    LOCAL_WRITE = 1
    REMOTE_WRITE = 2
    REMOTE_READ = 4
    REMOTE_ATOMIC = 8


class CqPeriodMode(enum.IntEnum):
    """What starts a CQ's moderation period (enum flexio_cq_period_mode)."""

    EVENT = lib.FLEXIO_CQ_PERIOD_MODE_EVENT  # the last event
    CQE = lib.FLEXIO_CQ_PERIOD_MODE_CQE      # the first CQE after it


CqModeration = namedtuple("CqModeration", "max_count period mode", defaults=(CqPeriodMode.EVENT,))
CqModeration.__doc__ = ("CQ moderation: an event after max_count CQEs or period microseconds (0: not by that), "
                        "the period started as mode (CqPeriodMode) says.")


def _daddr(value, what: str) -> int:
    """A device address: an int or a HeapBuffer (its start)."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} is a device address (an int or a HeapBuffer), not {type(value).__name__}") from None


class _Child:
    """What the objects of this module share: a C handle of a process, destroyed once."""

    _kind = "object"

    def __init__(self, process):
        self._h = None
        self.process = process

    def _live(self, function):
        if self._h is None:
            raise FlexioError(function, f"{function}: the {self._kind} is closed")
        self.process._live(function)
        return self._h

    @property
    def closed(self) -> bool:
        return self._h is None or self.process.closed

    def _destroy(self, destroy, function):
        """Destroys the handle; a failure (the library keeps the object, still in use) leaves
        it open, for a later close()."""
        h = self._h
        if h is None or self.process.closed:
            self._h = None
            return
        if destroy(h) != _SUCCESS:
            _raise(function)
        self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        with contextlib.suppress(Exception):
            self.close()


# ----------------------------------------------------------------------------------------------
# Completion queues


class Cq(_Child):
    """A completion queue of a process: 2^log_depth 64-byte CQEs in DPA memory at ring, its
    doorbell record at dbr (both the caller's, e.g. HeapBuffers of the process).

    cq = proc.cq(ring, dbr, log_depth=4, handler=eh)   # armed for eh's thread: a CQE runs it
    cq = proc.cq(ring, dbr, log_depth=4)               # polled (FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ)
    cq.number                                          # what QPs and device code name it by
    cq.moderation = flexio.CqModeration(max_count=8, period=100)   # or cq.set_moderation(...)

    With a handler the CQ is armed at creation unless armed=False (device code re-arms it:
    flexio_dev_cq_arm).  It holds its handler; destroying it while QPs report to it fails,
    the CQ staying open."""

    _kind = "CQ"

    def __init__(self, process, ring, dbr, log_depth: int, handler: EventHandler | None = None, *,
                 armed: bool = True, moderation: CqModeration | None = None):
        super().__init__(process)
        p = process._live("flexio_cq_create")
        attr = ffi.new("struct flexio_cq_attr *")
        attr.log_cq_depth = log_depth
        if handler is None:
            attr.element_type = lib.FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ
            attr.no_arm = True
        else:
            if not isinstance(handler, EventHandler):
                raise TypeError(f"a CQ reports to an EventHandler (or None: polled), not {type(handler).__name__}")
            if handler.process is not process:
                raise FlexioError("flexio_cq_create", "flexio_cq_create: the event handler is of another process")
            attr.element_type = lib.FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD
            attr.thread = lib.flexio_event_handler_get_thread(handler._live("flexio_cq_create"))
            attr.no_arm = not armed
        attr.uar_id = process._uar_id()
        if moderation is not None:
            m = CqModeration(*moderation)
            attr.cq_max_count, attr.cq_period, attr.cq_period_mode = m.max_count, m.period, CqPeriodMode(m.mode)
        attr.cq_ring_qmem.memtype = lib.FLEXIO_MEMTYPE_DPA
        attr.cq_ring_qmem.daddr = _daddr(ring, "ring")
        attr.cq_dbr_daddr = _daddr(dbr, "dbr")
        out = ffi.new("flexio_cq **")
        if lib.flexio_cq_create(p, ffi.NULL, attr, out) != _SUCCESS:
            process._failed("flexio_cq_create")
        self._h = out[0]
        self.handler, self.log_depth = handler, log_depth
        try:
            self.number = _checked_id(lib.flexio_cq_get_cq_num, self._h, "flexio_cq_get_cq_num")
        except BaseException:
            self.close()
            raise

    @property
    def polled(self) -> bool:
        """Whether no event handler is attached (the CQ is polled)."""
        return self.handler is None

    @property
    def moderation(self) -> CqModeration:
        """The CQ's moderation (flexio_cq_query_moderation)."""
        values = ffi.new("uint16_t[3]")
        if lib.flexio_cq_query_moderation(self._live("flexio_cq_query_moderation"), values, values + 1,
                                          values + 2) != _SUCCESS:
            self.process._failed("flexio_cq_query_moderation")
        return CqModeration(values[0], values[1], CqPeriodMode(values[2]))

    @moderation.setter
    def moderation(self, value: CqModeration):
        self.set_moderation(*value)

    def set_moderation(self, max_count: int, period: int, mode: CqPeriodMode = CqPeriodMode.EVENT):
        """Changes the moderation (flexio_cq_modify_moderation): an event after max_count CQEs or
        period microseconds (0: not by that)."""
        if lib.flexio_cq_modify_moderation(self._live("flexio_cq_modify_moderation"), max_count, period,
                                           int(mode)) != _SUCCESS:
            self.process._failed("flexio_cq_modify_moderation")

    def close(self):
        """Destroys the CQ (flexio_cq_destroy); fails while QPs report to it (close them first)."""
        self._destroy(lib.flexio_cq_destroy, "flexio_cq_destroy")

    def __repr__(self):
        if self.closed:
            return "<flexio.Cq closed>"
        to = "polled" if self.handler is None else f"handler {self.handler.name or self.handler.function.name!r}"
        return f"<flexio.Cq 0x{self.number:x} {1 << self.log_depth} CQEs, {to}>"


# ----------------------------------------------------------------------------------------------
# Queue pairs


class QpState(enum.IntEnum):
    """A QP's state (enum flexio_qp_state; SQD is the QPC's value, which the enum does not name)."""

    RST = lib.FLEXIO_QP_STATE_RST
    INIT = lib.FLEXIO_QP_STATE_INIT
    RTR = lib.FLEXIO_QP_STATE_RTR
    RTS = lib.FLEXIO_QP_STATE_RTS
    SQD = 4
    ERR = lib.FLEXIO_QP_STATE_ERR

    _missing_ = classmethod(_unknown_member)


class PathMtu(enum.IntEnum):
    """A QP's path MTU (enum flexio_qp_qpc_mtu)."""

    MTU_256 = lib.FLEXIO_QP_QPC_MTU_BYTES_256
    MTU_512 = lib.FLEXIO_QP_QPC_MTU_BYTES_512
    MTU_1K = lib.FLEXIO_QP_QPC_MTU_BYTES_1K
    MTU_2K = lib.FLEXIO_QP_QPC_MTU_BYTES_2K
    MTU_4K = lib.FLEXIO_QP_QPC_MTU_BYTES_4K


@dataclass
class QpConnection:
    """What moving a QP to INIT, RTR and RTS takes (the modification part of struct
    flexio_qp_attr): the peer QP's number, whether the peer is on this device (force_loopback:
    no address is then needed), the path MTU, the RNR and retry settings, the first PSNs, the
    access the QP grants its peer."""

    remote_qpn: int = 0
    force_loopback: bool = False
    path_mtu: PathMtu = PathMtu.MTU_1K
    min_rnr_nak_timer: int = 0
    retry_count: int = 7
    port: int = 1
    rq_psn: int = 0
    sq_psn: int = 0
    access: Access = Access.LOCAL_WRITE


class Qp(_Child):
    """An RC queue pair of a process: its receive ring (2^log_rq_depth 16-byte WQEs) then its send
    ring (2^log_sq_depth 64-byte WQEBBs) in DPA memory at buffer, its doorbell record at dbr; its
    receive and send completions go to rq_cq and sq_cq (Cq objects of the same process).

    qp = proc.qp(rq_cq, sq_cq, buffer, dbr, log_rq_depth=4, log_sq_depth=4)
    qp.connect(flexio.QpConnection(remote_qpn=peer.number, force_loopback=True))  # RST->INIT->RTR->RTS
    qp.modify(flexio.QpState.ERR)                  # one transition (flexio_qp_modify)
    qp.state, qp.number

    It holds its CQs (they cannot be destroyed before it); it is created in RST in the
    process's protection domain, ringing through the process's UAR."""

    _kind = "QP"

    def __init__(self, process, rq_cq: Cq, sq_cq: Cq, buffer, dbr, *, log_rq_depth: int, log_sq_depth: int,
                 access: Access = Access.LOCAL_WRITE, user_index: int = 0):
        super().__init__(process)
        p = process._live("flexio_qp_create")
        for cq in (rq_cq, sq_cq):
            if not isinstance(cq, Cq):
                raise TypeError(f"a QP reports to Cq objects, not {type(cq).__name__}")
            if cq.process is not process:
                raise FlexioError("flexio_qp_create", "flexio_qp_create: a CQ is of another process")
        attr = ffi.new("struct flexio_qp_attr *")
        attr.transport_type = lib.FLEXIO_QPC_ST_RC
        attr.uar_id = process._uar_id()
        attr.user_index = user_index
        attr.qp_access_mask = int(access)
        attr.pd = process._pd()
        attr.log_sq_depth, attr.log_rq_depth = log_sq_depth, log_rq_depth
        attr.rq_type = lib.FLEXIO_QP_QPC_RQ_TYPE_REGULAR
        rq_cq._live("flexio_qp_create")
        sq_cq._live("flexio_qp_create")
        attr.rq_cqn, attr.sq_cqn = rq_cq.number, sq_cq.number
        attr.qp_wq_buff_qmem.memtype = lib.FLEXIO_MEMTYPE_DPA
        attr.qp_wq_buff_qmem.daddr = _daddr(buffer, "buffer")
        attr.qp_wq_dbr_qmem.memtype = lib.FLEXIO_MEMTYPE_DPA
        attr.qp_wq_dbr_qmem.daddr = _daddr(dbr, "dbr")
        out = ffi.new("flexio_qp **")
        if lib.flexio_qp_create(p, ffi.NULL, attr, out) != _SUCCESS:
            process._failed("flexio_qp_create")
        self._h = out[0]
        self.rq_cq, self.sq_cq = rq_cq, sq_cq
        self.log_rq_depth, self.log_sq_depth = log_rq_depth, log_sq_depth
        try:
            self.number = _checked_id(lib.flexio_qp_get_qp_num, self._h, "flexio_qp_get_qp_num")
        except BaseException:
            self.close()
            raise

    @property
    def sq_offset(self) -> int:
        """Where the send ring starts in the QP buffer (after the receive ring)."""
        return 16 << self.log_rq_depth

    @property
    def state(self) -> QpState:
        """The QP's state (flexio_qp_state_get)."""
        return QpState(lib.flexio_qp_state_get(self._live("flexio_qp_state_get")))

    def modify(self, state: QpState, connection: QpConnection | None = None, *, set_access: bool = False,
               set_min_rnr_nak_timer: bool = False):
        """Moves the QP to state (flexio_qp_modify) with what the transition takes from connection
        (IB's RC state machine: RST->INIT takes the access and port, INIT->RTR the peer, MTU,
        receive PSN and RNR timer, RTR->RTS the send PSN and retry count; any->ERR and any->RST
        nothing).  set_access / set_min_rnr_nak_timer also change those where optional (the
        attribute mask).  The QP is unchanged when it fails."""
        c = connection or QpConnection()
        attr = ffi.new("struct flexio_qp_attr *")
        attr.next_state = int(QpState(state))
        attr.qp_access_mask = int(c.access)
        attr.remote_qp_num = c.remote_qpn
        attr.fl = 1 if c.force_loopback else 0
        attr.path_mtu = int(PathMtu(c.path_mtu))
        attr.min_rnr_nak_timer = c.min_rnr_nak_timer
        attr.retry_count = c.retry_count
        attr.vhca_port_num = c.port
        attr.next_rcv_psn, attr.next_send_psn = c.rq_psn, c.sq_psn
        mask = ffi.NULL
        if set_access or set_min_rnr_nak_timer:
            mask = ffi.new("struct flexio_qp_attr_opt_param_mask *")
            mask.qp_access_mask, mask.min_rnr_nak_timer = set_access, set_min_rnr_nak_timer
        if lib.flexio_qp_modify(self._live("flexio_qp_modify"), attr, mask) != _SUCCESS:
            self.process._failed("flexio_qp_modify")

    def connect(self, connection: QpConnection):
        """RST -> INIT -> RTR -> RTS with connection: the QP then sends to and receives from its
        peer (which must reach RTR before this QP's first send arrives)."""
        for state in (QpState.INIT, QpState.RTR, QpState.RTS):
            self.modify(state, connection)

    def close(self):
        """Destroys the QP (flexio_qp_destroy)."""
        self._destroy(lib.flexio_qp_destroy, "flexio_qp_destroy")

    def __repr__(self):
        if self.closed:
            return "<flexio.Qp closed>"
        return (f"<flexio.Qp 0x{self.number:x} {self.state.name}, RQ {1 << self.log_rq_depth} -> CQ "
                f"0x{self.rq_cq.number:x}, SQ {1 << self.log_sq_depth} -> CQ 0x{self.sq_cq.number:x}>")


# ----------------------------------------------------------------------------------------------
# Outboxes and device memory keys


class Outbox(_Child):
    """An outbox of a process (flexio_outbox_create): the doorbell page through which DPA threads
    ring its queues' doorbells and arm its CQs, once device code selects it by id
    (flexio_dev_outbox_config)."""

    _kind = "outbox"

    def __init__(self, process):
        super().__init__(process)
        p = process._live("flexio_outbox_create")
        attr = ffi.new("struct flexio_outbox_attr *")
        out = ffi.new("flexio_outbox **")
        if lib.flexio_outbox_create(p, attr, out) != _SUCCESS:
            process._failed("flexio_outbox_create")
        self._h = out[0]
        try:
            self.id = _checked_id(lib.flexio_outbox_get_id, self._h, "flexio_outbox_get_id")
        except BaseException:
            self.close()
            raise

    def close(self):
        """Destroys the outbox (flexio_outbox_destroy)."""
        self._destroy(lib.flexio_outbox_destroy, "flexio_outbox_destroy")

    def __repr__(self):
        return "<flexio.Outbox closed>" if self.closed else f"<flexio.Outbox {self.id}>"


class DeviceMkey(_Child):
    """A memory key over DPA heap memory (flexio_device_mkey_create), in the process's protection
    domain: what WQEs name the memory by (id, the lkey) for the NIC.  It holds its HeapBuffer."""

    _kind = "memory key"

    def __init__(self, process, buffer: HeapBuffer, access: Access = Access.LOCAL_WRITE):
        super().__init__(process)
        p = process._live("flexio_device_mkey_create")
        if not isinstance(buffer, HeapBuffer):
            raise TypeError(f"a device memory key covers a HeapBuffer, not {type(buffer).__name__}")
        if buffer.process is not process or buffer.daddr is None:
            raise FlexioError("flexio_device_mkey_create",
                              "flexio_device_mkey_create: the buffer is freed or of another process")
        attr = ffi.new("struct flexio_mkey_attr *")
        attr.pd = process._pd()
        attr.daddr, attr.len, attr.access = buffer.daddr, buffer.size, int(access)
        out = ffi.new("flexio_mkey **")
        if lib.flexio_device_mkey_create(p, attr, out) != _SUCCESS:
            process._failed("flexio_device_mkey_create")
        self._h = out[0]
        self.buffer, self.access = buffer, Access(access)
        try:
            self.id = _checked_id(lib.flexio_mkey_get_id, self._h, "flexio_mkey_get_id")
        except BaseException:
            self.close()
            raise

    def close(self):
        """Destroys the key (flexio_device_mkey_destroy)."""
        self._destroy(lib.flexio_device_mkey_destroy, "flexio_device_mkey_destroy")

    def __repr__(self):
        if self.closed:
            return "<flexio.DeviceMkey closed>"
        return f"<flexio.DeviceMkey 0x{self.id:x} over 0x{self.buffer.daddr:x} +{self.buffer.size}>"
