"""The Python binding on the simulated device: the idiomatic layer and the low-level one."""
import array
import os
from types import SimpleNamespace

import pytest

import flexio
from flexio import capi


def test_version_handshake():
    assert flexio.api_version() == "26.4.0"
    assert flexio.library_version() == "26.4.0"
    set_version = capi.ffi.new("uint64_t *")
    capi.experimental.flexio_version_get(set_version)
    assert set_version[0] == capi.lib.FLEXIO_CURRENT_VERSION  # announced at import


def test_experimental_only_by_opt_in():
    assert hasattr(capi.lib, "flexio_process_create")
    assert not hasattr(capi.lib, "flexio_version_get")
    assert hasattr(capi.experimental, "flexio_version_get")
    assert not hasattr(capi.experimental, "flexio_process_create")


def test_device_names_and_unknown_device():
    assert "mlx5_sim0" in flexio.Device.names()
    with pytest.raises(flexio.FlexioError, match="no device named 'mlx5_nope'"):
        flexio.Device.open("mlx5_nope")


def test_call_with_several_arguments(proc, app):
    fn = app["weighted_sum"]
    assert fn.nargs == 5
    # a + 2b + 3c + 4d + 5e with a negative int16 and a negative int64
    assert proc.call(fn, 1, 2, -3, 4, 5) == 1 + 4 - 9 + 16 + 25
    assert proc.call("weighted_sum", 10**12, 7, 100, 255, -2) == 10**12 + 14 + 300 + 1020 - 10
    r = proc.call(fn, 0, 0, 0, 0, -1)
    assert r == (1 << 64) - 5  # unsigned 64-bit result


def test_wrong_arity_is_type_error(proc):
    with pytest.raises(TypeError, match=r"weighted_sum\(\) takes 5 arguments \(2 given\)"):
        proc.call("weighted_sum", 1, 2)


def test_heap_write_and_read_back(proc):
    data = bytes(range(1, 201))
    buf = proc.alloc(len(data))
    buf.write(data)                                   # host -> device
    assert proc.call("sum_bytes", buf, len(buf)) == sum(data)   # the device sees it
    assert bytes(buf) == data                          # device -> host
    assert buf[10:14] == data[10:14] and buf[-1] == data[-1]
    buf[0:4] = b"\xff\xff\xff\xff"
    assert proc.call("sum_bytes", buf, 4) == 4 * 255
    # what the device writes, the host reads
    proc.call("fill_bytes", buf, 16, 0x40)
    assert buf.read(16) == bytes(0x40 + i for i in range(16))


def test_buffer_protocol(proc):
    words = array.array("I", [1, 2, 3, 0x01020304])
    buf = proc.copy_from_host(words)                   # any buffer-protocol object
    assert len(buf) == 16
    back = array.array("I", [0] * 4)
    buf.readinto(back)                                 # into any writable buffer
    assert back == words
    view_target = bytearray(4)
    buf.readinto(memoryview(view_target), offset=12)
    assert bytes(view_target) == (0x01020304).to_bytes(4, "little")
    with buf.mapped() as m:                            # a writable memoryview, written back
        m[0:4] = (7).to_bytes(4, "little")
    assert proc.call("sum_bytes", buf, 4) == 7
    buf.memset(1)
    assert proc.call("sum_bytes", buf, 16) == 16
    try:
        import numpy as np
    except ImportError:
        return
    a = np.arange(8, dtype=np.uint16)
    nb = proc.copy_from_host(a)
    assert (np.frombuffer(bytes(nb), dtype=np.uint16) == a).all()


def test_heap_info_and_free(proc):
    before = proc.heap_info().allocated
    with proc.alloc(1000) as buf:
        assert proc.heap_info().allocated > before
        assert "1000 bytes" in repr(buf)
    assert proc.heap_info().allocated == before
    assert "freed" in repr(buf)


def test_device_print_captured_as_text(proc):
    assert proc.call("greet", 3) == 3
    proc.call("greet", 4)
    assert proc.output() == "hello from the DPA, 3\nhello from the DPA, 4\n"
    assert proc.output() == ""


def test_bad_handle_is_a_clean_error(proc):
    # a freed buffer, a destroyed process: errors carrying the library's message, no crash
    buf = proc.alloc(64)
    buf.free()
    raw = capi.lib.flexio_buf_dev_free(proc._p, 0x12340)
    assert raw == capi.lib.FLEXIO_STATUS_FAILED
    assert capi.ffi.string(capi.experimental.flexio_last_error()).decode().startswith(
        "flexio ERR flexio_buf_dev_free: ")
    with pytest.raises(flexio.FlexioError) as e:
        proc.alloc(1 << 40)
    assert e.value.function == "flexio_buf_dev_alloc"
    assert e.value.message.startswith("flexio ERR flexio_buf_dev_alloc: ")
    bogus = capi.ffi.cast("flexio_process *", 0x1000)
    assert capi.lib.flexio_process_destroy(bogus) == capi.lib.FLEXIO_STATUS_FAILED
    assert "is not a live process" in capi.ffi.string(capi.experimental.flexio_last_error()).decode()


def test_closed_process_is_a_clean_error(device, app):
    p = device.process(app)
    buf = p.alloc(16)
    p.close()
    with pytest.raises(flexio.FlexioError, match="freed or its process closed"):
        buf.write(b"x")
    with pytest.raises(flexio.FlexioError, match="process 'bind_test' is closed"):
        p.call("greet", 1)
    with pytest.raises(flexio.FlexioError, match="is closed"):
        p.alloc(1)


def test_device_fault_is_a_clean_error(proc):
    buf = proc.alloc(64)
    with pytest.raises(flexio.DeviceFaultError) as e:
        proc.call("load_misaligned", buf)
    assert e.value.function == "flexio_process_call"
    f = e.value.fault                                  # the library's record, not crash text
    assert isinstance(f, flexio.Fault)
    assert f.status == e.value.status == capi.experimental.flexio_err_status_get(proc._p) == 0x10
    assert f.stopped and f.faulted and f.thread_id is not None
    assert f.cause is flexio.FaultCause.MISALIGNED and str(f.cause) == "misaligned access"
    assert f.access is flexio.FaultAccess.READ
    assert f.address == buf.daddr + 1                  # the 4-byte load at daddr + 1
    assert f.pc != 0 and f.insn != 0 and f.instret > 0 and f.cycles > 0
    assert len(f.regs) == 32 and f.regs[0] == 0 and f.reg("sp") == f.regs[2] != 0
    assert buf.daddr in f.regs or buf.daddr + 1 in f.regs  # the address was in a register
    assert str(f) == (f"status 0x10: misaligned access (read) at pc 0x{f.pc:x}, address 0x{f.address:x}, "
                      f"thread {f.thread_id}")
    assert f"misaligned access (read) at pc 0x{f.pc:x}" in str(e.value)
    assert str(e.value).startswith(e.value.message + " [DPA process stopped, status 0x10: ")
    assert repr(f) == f"<flexio.Fault {f}>"
    report = f.report().splitlines()
    assert report[0] == str(f) and len(report) == 3 + 8 and "sp   0x" in report[3]
    assert "<table>" in f._repr_html_() and "misaligned access" in f._repr_html_()
    shown = []
    f._repr_pretty_(SimpleNamespace(text=shown.append), False)  # IPython's pretty printer
    assert shown == [f.report()] and flexio.Fault.REG_NAMES[2] == "sp"
    assert proc.fault() == f                           # the same record, read again
    assert proc.failed
    assert "FAILED" in repr(proc) and "misaligned access" in proc._repr_html_()
    with pytest.raises(flexio.FlexioError, match="has stopped"):
        proc.call("greet", 1)


def test_user_error_stops_the_process_without_a_fault(proc, app):
    try:
        app["user_error"]
    except flexio.FlexioError:
        pytest.skip("the test application has no user_error (tests/bindings/device/bind_test_device.c)")
    with pytest.raises(flexio.DeviceFaultError) as e:
        proc.call("user_error", 200)                   # flexio_dev_error(200)
    f = e.value.fault
    assert f.status == e.value.status == capi.experimental.flexio_err_status_get(proc._p) == 200
    assert f.stopped and not f.faulted
    assert f.cause is flexio.FaultCause.NONE and str(f.cause) == "none"
    assert f.access is flexio.FaultAccess.NONE and f.pc == f.address == 0 and f.regs == (0,) * 32
    assert str(f).startswith("status 0xc8") and "pc" not in str(f)
    assert f.report() == str(f)


def test_fault_record_of_a_running_process(proc):
    f = proc.fault()
    assert f == flexio.Fault(status=0, stopped=False, thread_id=None, cause=flexio.FaultCause.NONE,
                             access=flexio.FaultAccess.NONE, pc=0, address=0, insn=0, regs=(0,) * 32,
                             instret=0, cycles=0)
    assert str(f) == "running" and repr(f) == "<flexio.Fault running>"


def test_fault_causes():
    assert [str(c) for c in flexio.FaultCause][:3] == ["none", "misaligned access", "access fault (unmapped address)"]
    assert flexio.FaultCause.MISALIGNED == capi.lib.FLEXIO_FAULT_MISALIGNED
    assert f"{flexio.FaultCause.BREAKPOINT:>20}" == " breakpoint (ebreak)"
    assert all(str(c) != "unknown" for c in flexio.FaultCause)  # every cause the library names
    odd = flexio.FaultCause(99)                        # a newer library's cause
    assert odd == 99 and odd.name == "UNKNOWN_99" and str(odd) == "unknown"
    assert str(flexio.FaultAccess.WRITE) == "write" and flexio.FaultAccess(7).name == "UNKNOWN_7"


def test_other_process_survives_a_fault(device, app):
    with device.process(app) as bad, device.process(app) as good:
        with pytest.raises(flexio.DeviceFaultError):
            bad.call("load_misaligned", bad.alloc(8))
        assert good.call("weighted_sum", 1, 1, 1, 1, 1) == 15


def test_reprs(device, app, proc):
    assert repr(device) == "<flexio.Device 'mlx5_sim0' 1 process(es)>"
    assert "running" in repr(proc) and "mlx5_sim0" in repr(proc)
    assert "<table>" in proc._repr_html_()
    assert repr(app["greet"]) == "<flexio.Function greet(1 argument) of app 'bind_test'>"
    assert os.path.basename(app.path) in repr(app)


def test_low_level_layer_alone(app):
    """The generated layer by itself: the C calls with cffi objects."""
    ffi, lib, x = capi.ffi, capi.lib, capi.experimental
    n = ffi.new("int *")
    devs = lib.ibv_get_device_list(n)
    ctx = lib.ibv_open_device(devs[0])
    lib.ibv_free_device_list(devs)
    attr = ffi.new("struct flexio_app_select_attr *", {"app_name": (name := ffi.new("char[]", b"bind_test"))})
    fapp = ffi.new("flexio_app **")
    assert lib.flexio_app_get(attr, fapp) == lib.FLEXIO_STATUS_SUCCESS
    proc = ffi.new("flexio_process **")
    assert lib.flexio_process_create(ctx, fapp[0], ffi.NULL, proc) == lib.FLEXIO_STATUS_SUCCESS
    fn = ffi.cast("flexio_func_t *", app["weighted_sum"]._f)
    ret = ffi.new("uint64_t *")
    u64 = [ffi.cast("uint64_t", v) for v in (1, 2, 3, 4, 5)]
    assert lib.flexio_process_call(proc[0], fn, ret, *u64) == lib.FLEXIO_STATUS_SUCCESS  # variadic
    assert ret[0] == 1 + 4 + 9 + 16 + 25
    assert x.flexio_process_call_args(proc[0], fn, ret, [5, 4, 3, 2, 1], 5) == lib.FLEXIO_STATUS_SUCCESS
    assert ret[0] == 5 + 8 + 9 + 8 + 5
    assert x.flexio_process_call_args(proc[0], fn, ret, [1], 1) == lib.FLEXIO_STATUS_FAILED
    assert "takes 5 arguments, 1 given" in ffi.string(x.flexio_last_error()).decode()
    assert lib.flexio_process_destroy(proc[0]) == lib.FLEXIO_STATUS_SUCCESS
    assert lib.ibv_close_device(ctx) == 0
    del name


# ----------------------------------------------------------------------------------------------
# Event handlers (count_invocations and activate_handler in tests/bindings/device/bind_test_device.c)

RECORD_SIZE = 80  # struct handler_record: count, thread_id, name[64]


def handler_record(proc):
    record = proc.alloc(RECORD_SIZE)
    record.memset(0)
    return record


def count_of(record):
    return int.from_bytes(record.read(8), "little")


def wait_count(record, want, timeout=10.0):
    """Polls the handler's counter until it reaches want; returns what it reads."""
    import time
    deadline = time.monotonic() + timeout
    while (n := count_of(record)) < want and time.monotonic() < deadline:
        time.sleep(0.001)
    return n


def test_event_handler_runs_once_per_trigger(proc):
    record = handler_record(proc)
    eh = proc.event_handler("count_invocations", arg=record, name="bind_handler")
    assert isinstance(eh, flexio.EventHandler) and not eh.closed
    assert eh.name == "bind_handler" and eh.arg == record.daddr and not eh.continuable
    assert eh.function is proc.app["count_invocations"] and eh.process is proc
    assert eh.id == eh.activation_id == eh.obj_id != 0xFFFFFFFF
    assert eh.activation_id == capi.experimental.flexio_event_handler_get_activation_id(eh._eh)
    assert f"thread {eh.id}" in repr(eh) and "'bind_handler'" in repr(eh)
    eh.run()
    assert count_of(record) == 0                       # running, not triggered yet
    n = 20
    for i in range(1, n + 1):
        proc.call("activate_handler", eh.activation_id)
        assert wait_count(record, i) == i              # one invocation per trigger
    import time
    time.sleep(0.05)
    assert count_of(record) == n                       # and no more
    assert int.from_bytes(record.read(8, offset=8), "little") == eh.id   # flexio_dev_get_thread_id
    assert record.read(64, offset=16).split(b"\0")[0] == b"bind_handler"  # the thread's name
    eh.close()
    assert eh.closed and "closed" in repr(eh)
    eh.close()                                         # twice: harmless
    with pytest.raises(flexio.FlexioError, match="the event handler is closed") as e:
        eh.run()
    assert e.value.function == "flexio_event_handler_run"
    assert eh.activation_id == eh.id                   # still readable
    assert proc.call("weighted_sum", 1, 1, 1, 1, 1) == 15  # the process runs on


def test_event_handlers_as_context_managers(proc, app):
    records = [handler_record(proc) for _ in range(3)]
    with proc.event_handler(app["count_invocations"], records[0]) as a, \
            proc.event_handler("count_invocations", arg=records[1], continuable=True,
                               affinity=flexio.Affinity.STRICT, affinity_id=1) as b, \
            proc.event_handler("count_invocations", arg=records[2], thread_local_storage=records[2],
                               affinity=flexio.Affinity.GROUP) as c:
        assert a.name is None and b.continuable and len({a.id, b.id, c.id}) == 3
        for h in (a, b, c):
            h.run(user_arg=7)
        for k, h in enumerate((a, b, c)):
            for i in range(1, k + 2):
                proc.call("activate_handler", h.activation_id)
                wait_count(records[k], i)
        assert [count_of(r) for r in records] == [1, 2, 3]
        assert records[0].read(1, offset=16) == b"\0"  # no name
    assert a.closed and b.closed and c.closed


def test_event_handler_bad_input(proc, app):
    with pytest.raises(flexio.FlexioError) as e:
        proc.event_handler("no_such_handler")
    assert e.value.function == "dlsym"
    with pytest.raises(TypeError, match="not int"):
        proc.event_handler(42)
    # A handle the application did not register: the library refuses it, with its line.
    bogus = flexio.Function(app, "bogus", capi.ffi.cast("flexio_func_t *", 0x1234), 1)
    with pytest.raises(flexio.FlexioError) as e:
        proc.event_handler(bogus)
    assert e.value.function == "flexio_event_handler_create"
    assert e.value.message.startswith("flexio ERR flexio_event_handler_create: ")
    with pytest.raises(flexio.FlexioError, match="FLEXIO_MAX_NAME_LEN"):
        proc.event_handler("count_invocations", name="x" * 300)
    with pytest.raises(flexio.FlexioError, match="execution units"):
        proc.event_handler("count_invocations", affinity=flexio.Affinity.STRICT, affinity_id=1 << 20)
    with pytest.raises(ValueError):
        proc.event_handler("count_invocations", name="a\0b")
    with pytest.raises(ValueError):
        proc.event_handler("count_invocations", affinity=9)


def test_event_handler_of_a_closed_process(device, app):
    p = device.process(app)
    record = handler_record(p)
    eh = p.event_handler("count_invocations", arg=record)
    eh.run()
    p.call("activate_handler", eh.activation_id)
    assert wait_count(record, 1) == 1
    p.close()                                          # destroys the handler with the process
    assert eh.closed
    with pytest.raises(flexio.FlexioError, match="process 'bind_test' is closed") as e:
        eh.run()
    assert e.value.function == "flexio_event_handler_run"
    eh.close()                                         # a no-op
    eh.close()
    with pytest.raises(flexio.FlexioError, match="is closed") as e:
        p.event_handler("count_invocations")
    assert e.value.function == "flexio_event_handler_create"


def test_event_handler_closed_with_its_device(app):
    dev = flexio.Device.open("mlx5_sim0")
    eh = dev.process(app).event_handler("count_invocations", arg=0)  # holds its process
    assert not eh.closed and not eh.process.closed
    dev.close()                                        # closes the process, and so the handler
    assert eh.closed and eh.process.closed
    with pytest.raises(flexio.FlexioError, match="is closed"):
        eh.run()
    eh.close()


def test_event_handler_of_a_stopped_process(proc):
    record = handler_record(proc)
    eh = proc.event_handler("count_invocations", arg=record)
    with pytest.raises(flexio.DeviceFaultError):
        proc.call("user_error", 200)
    with pytest.raises(flexio.DeviceFaultError) as e:
        proc.event_handler("count_invocations", arg=record)
    assert e.value.function == "flexio_event_handler_create" and e.value.status == 200
    with pytest.raises(flexio.DeviceFaultError) as e:
        eh.run()
    assert e.value.function == "flexio_event_handler_run"
    eh.close()                                         # destroying still works
    assert eh.closed
