"""CQs, QPs, outboxes and device keys, and the loopback echo between two DPA QPs
(echo_prepare, echo_client, echo_server and echo_start in tests/bindings/device/bind_echo_device.c)."""
import struct
import time

import pytest

import flexio

LOG_DEPTH = 4                 # every ring of the echo: 16 entries
DEPTH = 1 << LOG_DEPTH
# One side's queue memory (bind_echo_device.c): receive CQ ring, send CQ ring, the QP buffer
# (RQ of 16-byte WQEs, then SQ of 64-byte WQEBBs), three 64-byte doorbell records.
RQ_CQ, SQ_CQ, QP_BUF = 0, 64 * DEPTH, 128 * DEPTH
RQ_CQ_DBR = QP_BUF + 16 * DEPTH + 64 * DEPTH
SQ_CQ_DBR, QP_DBR, QUEUES_SIZE = RQ_CQ_DBR + 64, RQ_CQ_DBR + 128, RQ_CQ_DBR + 192
# struct bind_echo: what the host writes (8 u64, 8 u32), then the device's progress.
ECHO_HOST = struct.Struct("<8Q8I")
ECHO_PROGRESS = struct.Struct("<3Q6I")
ECHO_SIZE = ECHO_HOST.size + ECHO_PROGRESS.size
assert ECHO_SIZE == 144


def echo_word(i, j):
    """Word j of message i (what the device's client sends)."""
    return (i * 0x9E3779B97F4A7C15 + j) & ((1 << 64) - 1)


class Side:
    """One QP of the echo with its handler, CQs, memory and key."""

    def __init__(self, proc, outbox, function, *, msg_size, window, messages):
        self.stride = (msg_size + 63) & ~63
        self.queues = proc.alloc(QUEUES_SIZE)
        self.bufs = proc.alloc(2 * DEPTH * self.stride)  # receive buffers, then send buffers
        self.key = proc.device_mkey(self.bufs)
        self.record = proc.alloc(ECHO_SIZE)
        self.handler = proc.event_handler(function, arg=self.record, name=function)
        q = self.queues.daddr
        self.rq_cq = proc.cq(q + RQ_CQ, q + RQ_CQ_DBR, LOG_DEPTH, handler=self.handler)  # wakes the handler
        self.sq_cq = proc.cq(q + SQ_CQ, q + SQ_CQ_DBR, LOG_DEPTH)                        # polled
        self.qp = proc.qp(self.rq_cq, self.sq_cq, q + QP_BUF, q + QP_DBR, log_rq_depth=LOG_DEPTH,
                          log_sq_depth=LOG_DEPTH)
        self.record.write(ECHO_HOST.pack(q + RQ_CQ, q + SQ_CQ, q + QP_BUF, q + RQ_CQ_DBR, q + SQ_CQ_DBR, q + QP_DBR,
                                         self.bufs.daddr, messages, self.rq_cq.number, self.sq_cq.number,
                                         self.qp.number, self.key.id, LOG_DEPTH, msg_size, outbox.id, window))

    def progress(self):
        sent, received, activations, rq_ci, sq_ci, sq_pi, rq_posted, error, done = ECHO_PROGRESS.unpack(
            self.record.read(ECHO_PROGRESS.size, offset=ECHO_HOST.size))
        return dict(sent=sent, received=received, activations=activations, error=error, done=done)

    def close(self):
        for obj in (self.qp, self.rq_cq, self.sq_cq, self.handler, self.key):
            obj.close()


def connect(a, b):
    for qp, peer in ((a.qp, b.qp), (b.qp, a.qp)):
        qp.connect(flexio.QpConnection(remote_qpn=peer.number, force_loopback=True, min_rnr_nak_timer=1))


def run_echo(proc, messages, msg_size=64, window=4, timeout=30.0):
    """Sets up both sides, echoes messages; returns the sides and the client's last progress."""
    outbox = proc.outbox()
    client = Side(proc, outbox, "echo_client", msg_size=msg_size, window=window, messages=messages)
    server = Side(proc, outbox, "echo_server", msg_size=msg_size, window=window, messages=messages)
    connect(client, server)
    assert client.qp.state == server.qp.state == flexio.QpState.RTS
    for side in (client, server):
        assert proc.call("echo_prepare", side.record) == 0
        side.handler.run()
    proc.call("echo_start", client.handler.activation_id)
    deadline = time.monotonic() + timeout
    while not ((p := client.progress())["done"] or p["error"]) and time.monotonic() < deadline:
        time.sleep(0.002)
    return outbox, client, server, p


# ----------------------------------------------------------------------------------------------
# The loopback echo


def test_loopback_echo_between_two_dpa_qps(proc):
    messages, msg_size = 100, 64   # more than six passes over every 16-entry ring
    outbox, client, server, p = run_echo(proc, messages, msg_size)
    assert p["error"] == 0 and p["done"] == 1, p
    assert p["sent"] == p["received"] == messages
    s = server.progress()
    assert s["error"] == 0 and s["received"] == s["sent"] == messages
    assert p["activations"] >= 1 and s["activations"] >= 1
    # The client's receive buffer k holds the last echo numbered k modulo the ring's depth.
    for k in range(DEPTH):
        m = max(i for i in range(messages) if i % DEPTH == k)
        words = struct.unpack(f"<{msg_size // 8}Q", client.bufs.read(msg_size, offset=k * client.stride))
        assert list(words) == [echo_word(m, j) for j in range(msg_size // 8)], f"slot {k}"
    assert not proc.failed
    for side in (client, server):
        side.close()
    outbox.close()


def test_loopback_echo_again_after_closing(proc):
    """Queues destroyed and made again in the same process: the echo runs as well."""
    for _ in range(2):
        outbox, client, server, p = run_echo(proc, 20, msg_size=128, window=8)
        assert p["error"] == 0 and p["received"] == 20
        for side in (client, server):
            side.close()
        outbox.close()
    assert proc.heap_info().allocated > 0


def test_echo_refuses_a_window_that_does_not_fit(proc):
    outbox = proc.outbox()
    side = Side(proc, outbox, "echo_client", msg_size=64, window=DEPTH, messages=1)
    assert proc.call("echo_prepare", side.record) == 0x10000   # BIND_ECHO_BAD_CONFIG


# ----------------------------------------------------------------------------------------------
# CQs


def test_cqs_polled_and_for_a_handler(proc):
    mem = proc.alloc(4096)
    eh = proc.event_handler("count_invocations", arg=0)
    with proc.cq(mem, mem.daddr + 2048, 4, handler=eh) as armed, \
            proc.cq(mem.daddr + 1024, mem.daddr + 2112, 4, moderation=(8, 100, flexio.CqPeriodMode.CQE)) as polled:
        assert armed.handler is eh and not armed.polled and polled.polled
        assert armed.number != polled.number and 0xFFFFFFFF not in (armed.number, polled.number)
        assert polled.moderation == flexio.CqModeration(8, 100, flexio.CqPeriodMode.CQE)
        assert armed.moderation == (0, 0, flexio.CqPeriodMode.EVENT)
        armed.set_moderation(4, 10)
        assert armed.moderation == flexio.CqModeration(4, 10, flexio.CqPeriodMode.EVENT)
        polled.moderation = flexio.CqModeration(1, 0, flexio.CqPeriodMode.EVENT)
        assert polled.moderation.max_count == 1
        assert f"0x{armed.number:x}" in repr(armed) and "polled" in repr(polled)
    assert armed.closed and polled.closed and "closed" in repr(armed)
    armed.close()                                       # twice: harmless
    with pytest.raises(flexio.FlexioError, match="the CQ is closed") as e:
        armed.moderation
    assert e.value.function == "flexio_cq_query_moderation"
    not_armed = proc.cq(mem, mem.daddr + 2048, 4, handler=eh, armed=False)
    not_armed.close()
    eh.close()


def test_cq_bad_input(device, app, proc):
    mem = proc.alloc(4096)
    with pytest.raises(flexio.FlexioError) as e:
        proc.cq(mem, mem.daddr + 2048, 30)
    assert e.value.function == "flexio_cq_create"
    assert e.value.message.startswith("flexio ERR flexio_cq_create: ") and "log_cq_depth" in e.value.message
    with pytest.raises(flexio.FlexioError, match="not writable DPA memory"):
        proc.cq(0x1000, mem, 4)                         # a ring outside the process's memory (aligned)
    with pytest.raises(TypeError, match="device address"):
        proc.cq("ring", mem, 4)
    with pytest.raises(TypeError, match="EventHandler"):
        proc.cq(mem, mem.daddr + 2048, 4, handler="count_invocations")
    with device.process(app) as other:
        eh = other.event_handler("count_invocations", arg=0)
        with pytest.raises(flexio.FlexioError, match="another process"):
            proc.cq(mem, mem.daddr + 2048, 4, handler=eh)
    with proc.cq(mem, mem.daddr + 2048, 4) as cq:
        with pytest.raises(flexio.FlexioError) as e:
            cq.set_moderation(1, 1, 7)
        assert e.value.function == "flexio_cq_modify_moderation" and "mode 7" in e.value.message
    eh = proc.event_handler("count_invocations", arg=0)
    eh.close()
    with pytest.raises(flexio.FlexioError, match="the event handler is closed"):
        proc.cq(mem, mem.daddr + 2048, 4, handler=eh)


# ----------------------------------------------------------------------------------------------
# QPs


def make_qp(proc, mem):
    """A QP with two polled CQs over 8 KiB of heap memory."""
    d = mem.daddr
    rq_cq, sq_cq = proc.cq(d, d + 4096, 4), proc.cq(d + 1024, d + 4160, 4)
    return proc.qp(rq_cq, sq_cq, d + 2048, d + 4224, log_rq_depth=4, log_sq_depth=4)


def test_qp_states(proc):
    mem = proc.alloc(8192)
    a, b = make_qp(proc, mem), make_qp(proc, proc.alloc(8192))
    assert a.state == flexio.QpState.RST and a.number != b.number and a.sq_offset == 256
    c = flexio.QpConnection(remote_qpn=b.number, force_loopback=True, path_mtu=flexio.PathMtu.MTU_4K)
    for state in (flexio.QpState.INIT, flexio.QpState.RTR, flexio.QpState.RTS):
        a.modify(state, c)
        assert a.state == state
    assert "RTS" in repr(a) and f"0x{a.number:x}" in repr(a)
    a.modify(flexio.QpState.RTS, c, set_min_rnr_nak_timer=True, set_access=True)  # RTS->RTS: the options
    a.modify(flexio.QpState.ERR)
    assert a.state == flexio.QpState.ERR
    a.modify(flexio.QpState.RST)
    with pytest.raises(flexio.FlexioError) as e:        # RST -> RTS skips two states
        a.modify(flexio.QpState.RTS, c)
    assert e.value.function == "flexio_qp_modify" and e.value.message.startswith("flexio ERR flexio_qp_modify: ")
    assert a.state == flexio.QpState.RST               # unchanged
    b.connect(flexio.QpConnection(remote_qpn=a.number, force_loopback=True))
    assert b.state == flexio.QpState.RTS
    for qp in (a, b):
        qp.close()
        qp.close()
        with pytest.raises(flexio.FlexioError, match="the QP is closed"):
            qp.state
        qp.rq_cq.close()
        qp.sq_cq.close()


def test_a_cq_outlives_its_qps(proc):
    qp = make_qp(proc, proc.alloc(8192))
    with pytest.raises(flexio.FlexioError) as e:        # a QP reports to it: refused, kept
        qp.rq_cq.close()
    assert e.value.function == "flexio_cq_destroy"
    assert not qp.rq_cq.closed and qp.rq_cq.moderation.max_count == 0
    qp.close()
    qp.rq_cq.close()
    qp.sq_cq.close()
    assert qp.rq_cq.closed


def test_qp_bad_input(proc):
    mem = proc.alloc(8192)
    d = mem.daddr
    rq_cq, sq_cq = proc.cq(d, d + 4096, 4), proc.cq(d + 1024, d + 4160, 4)
    with pytest.raises(flexio.FlexioError) as e:
        proc.qp(rq_cq, sq_cq, d + 2048, d + 4224, log_rq_depth=16, log_sq_depth=4)
    assert e.value.function == "flexio_qp_create" and "log_rq_depth 16" in e.value.message
    with pytest.raises(flexio.FlexioError, match="flexio_qp_create"):
        proc.qp(rq_cq, sq_cq, d + 2048, d + 4224, log_rq_depth=4, log_sq_depth=4, access=0x100)
    with pytest.raises(TypeError, match="Cq"):
        proc.qp(rq_cq.number, sq_cq, d + 2048, d + 4224, log_rq_depth=4, log_sq_depth=4)
    spare = proc.cq(d + 5120, d + 4288, 4)
    spare.close()
    with pytest.raises(flexio.FlexioError, match="flexio_qp_create: the CQ is closed"):
        proc.qp(rq_cq, spare, d + 2048, d + 4224, log_rq_depth=4, log_sq_depth=4)
    qp = proc.qp(rq_cq, sq_cq, d + 2048, d + 4224, log_rq_depth=4, log_sq_depth=4)
    with pytest.raises(flexio.FlexioError, match="flexio_qp_modify"):
        qp.modify(9)                                    # a state the library does not know
    with pytest.raises(flexio.FlexioError, match="flexio_qp_modify"):
        qp.modify(flexio.QpState.INIT, flexio.QpConnection(port=7))
    assert qp.state == flexio.QpState.RST


# ----------------------------------------------------------------------------------------------
# Outboxes, keys, and what closing the process does


def test_outbox_and_device_mkey(proc):
    buf = proc.alloc(4096)
    with proc.outbox() as a, proc.outbox() as b, proc.device_mkey(buf, flexio.Access.LOCAL_WRITE) as key:
        assert a.id != b.id and key.buffer is buf and key.id not in (0, 0xFFFFFFFF)
        assert repr(a) == f"<flexio.Outbox {a.id}>" and f"0x{key.id:x}" in repr(key)
    assert a.closed and key.closed
    key.close()
    with pytest.raises(TypeError, match="HeapBuffer"):
        proc.device_mkey(buf.daddr)
    buf.free()
    with pytest.raises(flexio.FlexioError, match="freed"):
        proc.device_mkey(buf)


def test_queues_of_a_closed_process(device, app):
    p = device.process(app)
    mem = p.alloc(8192)
    eh = p.event_handler("count_invocations", arg=0)
    cq = p.cq(mem, mem.daddr + 4096, 4, handler=eh)
    qp = make_qp(p, p.alloc(8192))
    outbox, key = p.outbox(), p.device_mkey(mem)
    p.close()                                           # destroys them with the process
    with pytest.raises(flexio.FlexioError, match="process 'bind_test' is closed") as e:
        qp.state
    assert e.value.function == "flexio_qp_state_get"
    with pytest.raises(flexio.FlexioError, match="process 'bind_test' is closed"):
        cq.set_moderation(1, 1)
    for obj in (cq, qp, outbox, key):
        assert obj.closed
        obj.close()                                     # a no-op
    with pytest.raises(flexio.FlexioError, match="the CQ is closed"):
        cq.moderation
    for make in (lambda: p.cq(mem, mem.daddr + 4096, 4), p.outbox, lambda: p.device_mkey(mem)):
        with pytest.raises(flexio.FlexioError, match="is closed"):
            make()


def test_queues_of_a_stopped_process(proc):
    mem = proc.alloc(8192)
    qp = make_qp(proc, mem)
    with pytest.raises(flexio.DeviceFaultError):
        proc.call("user_error", 201)
    with pytest.raises(flexio.DeviceFaultError) as e:
        proc.cq(mem, mem.daddr + 4096, 4)
    assert e.value.function == "flexio_cq_create" and e.value.status == 201
    qp.close()                                          # destroying still works
    qp.rq_cq.close()
    qp.sq_cq.close()
