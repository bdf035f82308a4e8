"""opendoca.Dma: memcpy tasks through a progress engine, executed by the device's DMA engine."""
import subprocess
import sys
from pathlib import Path

import pytest

import opendoca as doca


def test_dma_copy(dev, inventory):
    src, dst = bytearray(b"hello DOCA DMA"), bytearray(14)
    with doca.Mmap(src, [dev]) as msrc, doca.Mmap(dst, [dev]) as mdst, \
            doca.ProgressEngine() as pe, doca.Dma(dev, pe) as dma:
        with inventory.buf(msrc) as s, inventory.buf(mdst, data_len=0) as d:
            dma.memcpy(s, d, timeout=10)
            assert d.data_len == len(src)
        assert pe.inflight == 0
    assert dst == src
    assert doca.Dma.max_buf_size(dev) >= len(src)


def test_dma_tasks_in_flight(dev, inventory):
    src = bytearray(range(256)) * 16
    dst = bytearray(len(src))
    with doca.Mmap(src, [dev]) as msrc, doca.Mmap(dst, [dev]) as mdst, \
            doca.ProgressEngine() as pe, doca.Dma(dev, pe, num_tasks=4) as dma:
        bufs = [(inventory.buf(msrc, i * 1024, 1024), inventory.buf(mdst, i * 1024, 1024, data_len=0))
                for i in range(4)]
        tasks = [dma.submit(s, d) for s, d in bufs]
        for task in tasks:
            task.wait(timeout=10)
            assert task.done
        for s, d in bufs:
            s.close()
            d.close()
    assert dst == src


def test_dma_into_a_too_small_buffer_fails_with_the_doca_error(dev, inventory):
    with doca.Mmap(bytearray(64), [dev]) as msrc, doca.Mmap(bytearray(8), [dev]) as mdst, \
            doca.ProgressEngine() as pe, doca.Dma(dev, pe) as dma, \
            inventory.buf(msrc) as s, inventory.buf(mdst, data_len=0) as d:
        with pytest.raises(doca.DocaError) as e:
            dma.memcpy(s, d, timeout=10)
        assert e.value.function == "doca_dma_task_memcpy" and e.value.name.startswith("DOCA_ERROR_")
    # the context stopped itself after the failed task: closing it (the with above) still worked
    assert dma.closed and pe.closed


def test_dma_on_a_closed_engine_is_refused(dev):
    pe = doca.ProgressEngine()
    pe.close()
    with pytest.raises(doca.DocaError) as e:
        doca.Dma(dev, pe)
    assert e.value.name == "DOCA_ERROR_BAD_STATE"


def test_dma_copy_example():
    example = Path(__file__).resolve().parents[1] / "examples" / "dma_copy.py"
    r = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    sim0 = next(i for i in doca.devices() if i.ibdev_name == "mlx5_sim0")
    assert r.stdout.splitlines()[-2:] == ["copied 19 bytes on " + str(sim0),
                                          "destination: hello from DOCA DMA"]
