"""Timelines from Python: Process.trace_start/trace_stop/trace(), timeline() as a pandas
DataFrame checked against what the device code counted itself, stats(), the per-thread plot,
bad input, and the example notebook (bindings/python/examples/timeline.ipynb) run by nbclient."""
import json
import os
import time
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import flexio  # noqa: E402
import flexio.timeline  # noqa: E402
from test_queues import run_echo  # noqa: E402

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "timeline.ipynb"


def handler_record(proc):
    record = proc.alloc(80)
    record.memset(0)
    return record


def wait_count(record, n, timeout=5.0):
    deadline = time.monotonic() + timeout
    while int.from_bytes(record.read(8), "little") < n and time.monotonic() < deadline:
        time.sleep(0.001)
    return int.from_bytes(record.read(8), "little")


def test_activations_in_the_timeline(proc):
    record = handler_record(proc)
    eh = proc.event_handler("count_invocations", arg=record, name="counted")
    eh.run()
    n = 8
    with proc.trace():
        assert proc.tracing
        for i in range(1, n + 1):
            proc.call("activate_handler", eh.activation_id)
            assert wait_count(record, i) == i
        time.sleep(0.02)
    assert not proc.tracing
    df = proc.timeline()
    assert list(df.columns) == flexio.timeline.COLUMNS
    acts = df[df.kind == "activation"]
    assert len(acts) == n and set(acts.thread) == {"counted"} and set(acts.name) == {"count_invocations"}
    assert (acts.tid == eh.id).all() and (acts.end == "reschedule").all()
    assert (acts.duration_us >= 0).all() and (acts.sim_cycles > 0).all() and (acts.instructions > 0).all()
    rpcs = df[df.kind == "rpc"]
    assert len(rpcs) == n and set(rpcs.name) == {"activate_handler"} and set(rpcs.thread) == {"rpc"}
    activates = df[df.kind == "activate"]
    assert len(activates) == n and (activates.tid == eh.id).all()
    assert df.start_us.is_monotonic_increasing and df.start_us.iloc[0] == 0
    stats = proc.stats()
    row = stats.reset_index().set_index("thread").loc["counted"]
    assert row.activations == n and row.activated == n and row.busy_us > 0 and row.cycles > 0
    assert stats.reset_index().set_index("thread").loc["rpc", "rpcs"] == n
    # every session is kept: one more adds to the same timeline
    with proc.trace():
        proc.call("activate_handler", eh.activation_id)
        assert wait_count(record, n + 1) == n + 1
        time.sleep(0.02)
    assert len(proc.timeline().query("kind == 'activation'")) == n + 1
    proc.trace_clear()
    assert len(proc.timeline()) == 0
    eh.close()


def test_timeline_while_recording_and_after_close(device, app):
    proc = device.process(app)
    proc.trace_start()
    proc.call("nop")
    df = proc.timeline()                        # collects, and recording goes on
    assert proc.tracing and list(df[df.kind == "rpc"].name) == ["nop"]
    proc.call("nop")
    proc.close()                                # the destroy writes the session
    df = proc.timeline()
    assert list(df[df.kind == "rpc"].name) == ["nop", "nop"]


def test_echo_cqes_and_doorbells(proc):
    with proc.trace():
        outbox, client, server, p = run_echo(proc, 30)
        deadline = time.monotonic() + 5
        while server.progress()["sent"] < 30 and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(0.05)
    assert p["error"] == 0 and p["done"] == 1
    df = proc.timeline()
    for side, name in ((client, "echo_client"), (server, "echo_server")):
        mine = df[df.thread == name]
        assert len(mine[mine.kind == "activation"]) == side.progress()["activations"]
        assert len(mine[mine.kind == "cqe"]) >= 1
        kinds = set(mine[mine.kind == "doorbell"].name)
        assert {"doorbell send", "doorbell cq_arm"} <= kinds, kinds
    ax = flexio.timeline.plot(df)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert any("echo_client" in t for t in labels) and any("echo_server" in t for t in labels)
    assert df.flexio.stats().equals(flexio.timeline.stats(df))
    for side in (client, server):
        side.close()
    outbox.close()


def test_trace_file_and_load(proc, tmp_path):
    path = tmp_path / "t.json"
    proc.trace_start(path)
    proc.call("nop")
    assert proc.trace_stop() == os.fspath(path)
    doc = json.loads(path.read_text())
    assert any(e.get("name") == "nop" and e["ph"] == "X" for e in doc["traceEvents"])
    df = flexio.timeline.load(path)
    assert list(df.name) == ["nop"] and df.process.iloc[0].startswith(proc.name)


def test_trace_bad_input(device, app, proc, tmp_path):
    with pytest.raises(flexio.FlexioError, match="not being traced") as e:
        proc.trace_stop()
    assert e.value.function == "flexio_process_trace_stop"
    with pytest.raises(flexio.FlexioError, match="cannot write") as e:
        proc.trace_start(tmp_path / "no-such-dir" / "t.json")
    assert e.value.function == "flexio_process_trace_start" and not proc.tracing
    proc.trace_start()
    with pytest.raises(flexio.FlexioError, match="traced already"):
        proc.trace_start()
    proc.trace_stop()
    closed = device.process(app)
    closed.close()
    with pytest.raises(flexio.FlexioError, match="closed"):
        closed.trace_start()
    with pytest.raises(AttributeError, match="not a flexio timeline"):
        __import__("pandas").DataFrame({"x": [1]}).flexio.stats()


def test_reprs(proc):
    assert "timeline" in proc._repr_html_() and "not recording" in proc._repr_html_()
    with proc.trace():
        assert "recording;" in proc._repr_html_()


def test_example_notebook(tmp_path):
    """The example notebook runs top to bottom (its own asserts included, its flexio.build of the
    echo's device code) and draws its plot.  It runs in its own folder, as a user opens it."""
    import nbclient
    import nbformat

    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC (this tree's dpacc, for flexio.build) is not set")

    png = tmp_path / "timeline.png"
    nb = nbformat.read(NOTEBOOK, as_version=4)
    os.environ["FLEXIO_TIMELINE_PNG"] = str(png)
    try:
        nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    finally:
        del os.environ["FLEXIO_TIMELINE_PNG"]
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("text/html" in o.get("data", {}) and "activations" in o["data"]["text/html"] for o in outputs)
    assert png.stat().st_size > 10000
