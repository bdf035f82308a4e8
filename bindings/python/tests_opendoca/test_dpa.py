"""opendoca's DOCA DPA: DPA code built from Python (opendoca.build), contexts, DPA memory, the
three-kernel pipeline chained by sync events, RPCs, bad input, and a cell rebuilt under its name.

The DPA code is tests/bindings/device/bind_dpa_pipeline_device.c, built with this tree's dpacc
(FLEXIO_DPACC) against its libdoca_dpa_dev; the example notebook examples/dpa_pipeline.ipynb runs
too."""
import os
from pathlib import Path

import pytest

import opendoca as doca
from opendoca.capi import lib

ROOT = Path(__file__).resolve().parents[3]
DEVICE_SOURCE = ROOT / "tests" / "bindings" / "device" / "bind_dpa_pipeline_device.c"
NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "dpa_pipeline.ipynb"
THREADS = 4


@pytest.fixture(scope="module")
def app():
    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC (this tree's dpacc, for opendoca.build) is not set")
    return doca.build([DEVICE_SOURCE], name="bind_dpa_pipeline")


@pytest.fixture
def dpa(dev, app):
    with doca.Dpa(dev, app) as d:
        yield d


def expect_error(name: str, function: str, fn, *args, **kwargs) -> doca.DocaError:
    """fn(*args) raises the DocaError name of function, with the library's line naming it."""
    with pytest.raises(doca.DocaError) as e:
        fn(*args, **kwargs)
    assert (e.value.name, e.value.function) == (name, function), e.value
    assert e.value.message, "no line of the library"
    return e.value


def test_build_gives_a_flexio_app_with_the_kernels(app):
    import flexio

    assert isinstance(app, flexio.App) and app.name == "bind_dpa_pipeline"
    assert (app["func1"].nargs, app["func2"].nargs, app["scale"].nargs) == (1, 2, 1)
    assert doca.build([DEVICE_SOURCE], name="bind_dpa_pipeline") is app  # cached: the same application


def test_build_error_names_the_compiler():
    import flexio

    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC is not set")
    with pytest.raises(flexio.BuildError) as e:
        doca.build(["#include <doca_dpa_dev.h>\n__dpa_global__ void broken(uint64_t x) { nope(); }\n"],
                   name="broken")
    assert e.value.function == "dpacc" and "nope" in e.value.message


def test_life_cycle(dev, app):
    dpa = doca.Dpa(dev, app, start=False)
    assert dpa.log_level == lib.DOCA_DPA_DEV_LOG_LEVEL_INFO
    dpa.log_level = lib.DOCA_DPA_DEV_LOG_LEVEL_ERROR
    expect_error("DOCA_ERROR_BAD_STATE", "doca_dpa_get_dpa_handle", lambda: dpa.handle)
    dpa.start()
    assert dpa.handle != 0 and dpa.max_threads_per_kernel == 64
    expect_error("DOCA_ERROR_BAD_STATE", "doca_dpa_start", dpa.start)
    dpa.check()
    dpa.stop()
    expect_error("DOCA_ERROR_BAD_STATE", "doca_dpa_rpc", dpa.rpc, "scale", 1)
    dpa.start()
    assert dpa.rpc("scale", 21) == 42
    assert "bind_dpa_pipeline" in repr(dpa)
    dpa.close()
    dpa.close()  # twice is harmless
    assert dpa.closed and "closed" in repr(dpa)
    expect_error("DOCA_ERROR_BAD_STATE", "doca_dpa_rpc", dpa.rpc, "scale", 1)
    with pytest.raises(TypeError, match="flexio.App of the DPA code"):
        doca.Dpa(dev, "bind_dpa_pipeline")
    # The device is in use while a context lives on it.
    with doca.Dpa(dev, app):
        expect_error("DOCA_ERROR_IN_USE", "doca_dev_close", dev.close)


def test_memory(dpa):
    with dpa.alloc(64) as mem:
        assert len(mem) == 64 and int(mem) == mem.address != 0
        mem.memset(0x5A)
        assert mem.read() == b"\x5a" * 64
        mem.write(b"hello", offset=3)
        assert mem.read(8) == b"\x5a\x5a\x5ahello"
        back = bytearray(5)
        mem.read_into(back, offset=3)
        assert back == b"hello"
        with pytest.raises(doca.DocaError) as e:
            mem.write(b"x" * 65)
        assert (e.value.function, e.value.name) == ("doca_dpa_h2d_memcpy", "DOCA_ERROR_INVALID_VALUE")
    assert mem.closed
    mem.free()  # twice is harmless
    expect_error("DOCA_ERROR_BAD_STATE", "doca_dpa_d2h_memcpy", mem.read)
    with dpa.copy_from_host(bytearray(range(16))) as copy:
        assert copy.read() == bytes(range(16))
    expect_error("DOCA_ERROR_INVALID_VALUE", "doca_dpa_mem_alloc", dpa.alloc, 0)


def test_pipeline_of_three_kernels_chained_by_events(dev, dpa):
    """func1 (THREADS threads) -> func2 -> func3, each waiting on the event the one before
    completes; the CPU starts the chain and waits on the last one's event."""
    with dpa.alloc(8 * (THREADS + 2)) as out, \
            doca.SyncEvent(publisher=dev, subscriber=dpa) as go, \
            doca.SyncEvent(publisher=dpa, subscriber=dpa) as e1, \
            doca.SyncEvent(publisher=dpa, subscriber=dpa) as e2, \
            doca.SyncEvent(publisher=dpa, subscriber=dev) as done:
        out.memset(0)
        # Launched last to first: each waits for its predecessor's event whatever the order.
        dpa.launch("func3", out, THREADS, wait=(e2, 1), complete=(done, 1))
        dpa.launch("func2", out, THREADS, wait=(e1, 1), complete=(e2, 1))
        dpa.launch("func1", out, threads=THREADS, wait=(go, 1), complete=(e1, 1))
        expect_error("DOCA_ERROR_TIME_OUT", "doca_sync_event_wait_gt", done.wait_gt, 0, timeout=0.05)
        assert done.get() == 0 and out.read() == bytes(8 * (THREADS + 2))
        go.update_set(1)
        done.wait_gt(0, timeout=30)
        words = [int.from_bytes(out.read(8, 8 * i), "little") for i in range(THREADS + 2)]
        assert words == [1, 2, 3, 4, 10, 20]
        # DPA code reads an event by its handle.
        assert dpa.rpc("event_value", e2.dpa_handle(dpa)) == 1
        # add=True adds to the completion event; the CPU adds too.
        dpa.launch("func1", out, threads=2, complete=(done, 5), add=True)
        done.wait_gt(5, timeout=30)
        assert done.get() == 6 and done.update_add(10) == 6 and done.get() == 16


def test_rpc_returns_the_value(dpa, app):
    assert dpa.rpc("scale", 21) == 42
    assert dpa.rpc(app["scale"], -1) == (2 * ((1 << 64) - 1)) & ((1 << 64) - 1)  # two's complement


def test_bad_input_names_the_function(dev, dpa, app):
    with doca.SyncEvent(publisher=dpa, subscriber=dev) as done:
        expect_error("DOCA_ERROR_INVALID_VALUE", "doca_dpa_kernel_launch_update_set", dpa.launch, "func1", 0,
                     threads=0, complete=(done, 1))
        expect_error("DOCA_ERROR_INVALID_VALUE", "doca_dpa_kernel_launch_update_add", dpa.launch, "func1", 0,
                     threads=dpa.max_threads_per_kernel + 1, complete=(done, 1), add=True)
    with pytest.raises(doca.DocaError) as e:
        dpa.launch("no_such_kernel")
    assert (e.value.function, e.value.name) == ("doca_dpa_kernel_launch_update_set", "DOCA_ERROR_INVALID_VALUE")
    with pytest.raises(TypeError, match=r"func2\(\) takes 2 arguments \(1 given\)"):
        dpa.launch("func2", 0)
    with pytest.raises(TypeError, match=r"scale\(\) takes 1 argument \(0 given\)"):
        dpa.rpc("scale")
    # A sync event configured after its start, and one closed.
    event = doca.SyncEvent(publisher=dev, subscriber=dev)
    expect_error("DOCA_ERROR_BAD_STATE", "doca_sync_event_add_publisher_location_cpu", event.add_publisher, dev)
    event.close()
    expect_error("DOCA_ERROR_BAD_STATE", "doca_sync_event_update_set", event.update_set, 1)
    expect_error("DOCA_ERROR_BAD_STATE", "doca_sync_event_wait_gt", event.wait_gt, 0, timeout=1)


def test_cell_rebuilt_under_its_name_gives_the_new_code(dev):
    """The notebook loop: a cell edited and run again under the same name is a new application;
    a context made from the earlier one goes on with its code; the cell run unchanged is the
    same application again."""
    import flexio

    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC is not set")
    cell = DEVICE_SOURCE.read_text()
    first = doca.build([cell], name="dpa_cell")
    edited = doca.build([cell.replace("#define SCALE 2", "#define SCALE 7")], name="dpa_cell")
    assert edited is not first and flexio.App.get("dpa_cell") is edited
    assert doca.build([cell], name="dpa_cell") is first
    with doca.Dpa(dev, first) as old, doca.Dpa(dev, edited) as new:
        assert (old.rpc("scale", 3), new.rpc("scale", 3)) == (6, 21)
        with doca.SyncEvent(publisher=new, subscriber=dev) as done, new.alloc(8 * (THREADS + 2)) as out:
            new.launch("func1", out, threads=THREADS)
            new.launch("func2", out, THREADS)
            new.launch("func3", out, THREADS, complete=(done, 1))
            done.wait_gt(0, timeout=30)
            assert int.from_bytes(out.read(8, 8 * (THREADS + 1)), "little") == 70
        # A function of the earlier application is refused by the new context.
        expect_error("DOCA_ERROR_INVALID_VALUE", "doca_dpa_rpc", new.rpc, first["scale"], 1)


def test_example_notebook():
    """examples/dpa_pipeline.ipynb runs top to bottom (its own asserts included)."""
    import nbclient
    import nbformat

    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC (this tree's dpacc, for opendoca.build) is not set")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "pipeline: [1, 2, 3, 4, 10, 20]" in text and "scale(21) = 42" in text and "scale(21) = 105" in text
    assert "doca_dpa_kernel_launch_update_set DOCA_ERROR_INVALID_VALUE" in text
