"""flexio.build (device code from Python, cached), per-call timeouts, HeapBuffer.to_numpy and
the buffer protocol, reprs of App and Function."""
import os
import sys
import time

import pytest

import flexio

# A flag in heap memory the host sets; wait_flag spins on it (a call that does not return by itself).
DEVICE_SOURCE = r'''
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t x)
{
	return 3 * x + OFFSET;
}

__dpa_rpc__ uint64_t wait_flag(flexio_uintptr_t flag)
{
	while (!*(volatile uint64_t *)flag)
		;
	return *(volatile uint64_t *)flag + 1;
}
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The module's application, built by dpacc every run: into a cache directory of its own."""
    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC (this tree's dpacc) is not set")
    kept = os.environ.get("FLEXIO_CACHE_DIR")
    os.environ["FLEXIO_CACHE_DIR"] = str(tmp_path_factory.mktemp("flexio-cache"))
    try:
        yield flexio.build([DEVICE_SOURCE], name="pybuild_test", options=["-DOFFSET=7"])
    finally:
        if kept is None:
            del os.environ["FLEXIO_CACHE_DIR"]
        else:
            os.environ["FLEXIO_CACHE_DIR"] = kept


def test_build_compiles_loads_and_calls(built, device):
    assert isinstance(built, flexio.App) and built.name == "pybuild_test"
    assert built.path.parent.parent == flexio.cache_dir()
    with device.process(built) as proc:
        assert proc.call("triple", 5) == 22


def test_build_is_cached_by_content(built):
    start = time.monotonic()
    again = flexio.build([DEVICE_SOURCE], name="pybuild_test", options=["-DOFFSET=7"])
    assert again.path == built.path                    # the same key: only loaded
    assert time.monotonic() - start < 5
    key = built.path.parent.name
    other = flexio.build([DEVICE_SOURCE.replace("3 * x", "4 * x")], name="pybuild_test2", options=["-DOFFSET=7"])
    assert other.path.parent.name != key


def test_build_keys_the_device_libraries_bytes(tmp_path):
    """A device library rebuilt in place (the same -L/-l, other bytes) makes another cache key:
    a cached application never keeps the old library's code."""
    from flexio import _build

    libs = [f"-L{tmp_path}", "-ldev"]
    (tmp_path / "libdev.a").write_bytes(b"one")
    first = _build._key("app", [("a.c", b"x")], libs, ["dpacc 1"], _build._archives(libs))
    (tmp_path / "libdev.a").write_bytes(b"two")
    assert _build._key("app", [("a.c", b"x")], libs, ["dpacc 1"], _build._archives(libs)) != first
    assert _build._archives([f"-L{tmp_path}", "-lmissing"]) == []


def test_build_errors_carry_the_compiler_messages(tmp_path):
    if not os.environ.get("FLEXIO_DPACC"):
        pytest.skip("FLEXIO_DPACC is not set")
    with pytest.raises(flexio.BuildError, match="undeclared|error") as e:
        flexio.build(["__dpa_rpc__ uint64_t broken(void)\n{ return nothing_here; }\n"], name="pybuild_broken")
    assert e.value.function == "dpacc"
    with pytest.raises(ValueError, match="not a C identifier"):
        flexio.build([DEVICE_SOURCE], name="not-an-identifier")
    with pytest.raises(flexio.BuildError, match="cannot read source"):
        flexio.build([tmp_path / "missing.c"], name="pybuild_missing")


def test_call_timeout_raises_and_the_late_call_can_finish(built, device):
    with device.process(built) as proc:
        flag = proc.alloc(8)
        flag.memset(0)
        with pytest.raises(flexio.CallTimeoutError, match=r"wait_flag\(\) did not return within 0.3 s") as e:
            proc.call("wait_flag", flag, timeout=0.3)
        assert isinstance(e.value, TimeoutError) and isinstance(e.value, flexio.FlexioError)
        assert e.value.function == "wait_flag" and e.value.timeout == 0.3
        with pytest.raises(flexio.FlexioError, match="still running wait_flag"):
            proc.call("triple", 1)
        with pytest.raises(flexio.FlexioError, match="cannot be closed"):
            proc.close()
        flag.write((41).to_bytes(8, "little"))             # releases the spinning call
        proc._late_call[0].join(30)
        assert proc.call("triple", 1, timeout=30) == 10   # the process serves calls again
        assert proc.call("wait_flag", flag, timeout=30) == 42


def test_negative_timeout_is_refused(proc):
    with pytest.raises(ValueError, match="timeout must be >= 0"):
        proc.call("nop", timeout=-1)


def test_to_numpy(proc):
    np = pytest.importorskip("numpy")
    values = np.arange(16, dtype=np.uint32) * 3
    buf = proc.copy_from_host(values)
    got = buf.to_numpy("uint32")
    assert got.dtype == np.uint32 and (got == values).all()
    assert (buf.to_numpy(np.uint32, count=4, offset=8) == values[2:6]).all()
    got[0] = 99                                          # a host copy: the device is unchanged
    assert buf.to_numpy("uint32")[0] == 0
    buf.write(got)
    assert buf.to_numpy("uint32")[0] == 99


@pytest.mark.skipif(sys.version_info < (3, 12), reason="PEP 688 (__buffer__) needs Python 3.12")
def test_buffer_protocol(proc):
    buf = proc.copy_from_host(b"hello")
    assert bytes(memoryview(buf)) == b"hello"
    view = memoryview(buf)
    view[0] = ord("J")
    view.release()                                       # a writable view is written back
    assert bytes(buf) == b"Jello"


def test_reprs_of_app_and_function(app):
    fn = app["weighted_sum"]
    assert repr(fn) == "<flexio.Function weighted_sum(5 arguments) of app 'bind_test'>"
    assert "weighted_sum" in repr(app) and app.name in repr(app)
    html = app._repr_html_()
    assert "<table>" in html and "weighted_sum" in html and "5 arguments" in html
    assert "weighted_sum" in fn._repr_html_()
