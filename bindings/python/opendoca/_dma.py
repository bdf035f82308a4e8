"""DOCA DMA from Python: a DMA context on a device, connected to a progress engine, copying
between buffers with memcpy tasks executed by the device's DMA engine."""
from __future__ import annotations

import itertools
import time
from typing import Optional

from ._capi import ffi, lib
from ._core import Buf, Device, DocaError, ProgressEngine, _Handle, call, check

# Tasks in flight, by the id their user data carries (the callbacks find them by it).
_tasks: dict[int, "DmaTask"] = {}
_ids = itertools.count(1)


class DmaTask:
    """A memcpy task submitted by Dma.submit: done once its engine delivered the completion."""

    def __init__(self, dma: "Dma", src: Buf, dst: Buf):
        self.dma, self.src, self.dst = dma, src, dst  # held until completed
        self.status: Optional[int] = None              # the task's doca_error_t once completed

    @property
    def done(self) -> bool:
        """Whether the engine delivered the completion (in a progress() call)."""
        return self.status is not None

    def wait(self, timeout: Optional[float] = None):
        """Progresses the engine until the task completed; DocaError with the task's status when
        it failed, DOCA_ERROR_TIME_OUT when timeout seconds passed first (it stays in flight)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.status is None:
            if not self.dma.pe.progress():
                if deadline is not None and time.monotonic() > deadline:
                    raise DocaError("doca_pe_progress", lib.DOCA_ERROR_TIME_OUT,
                                    f"the DMA memcpy task did not complete within {timeout:g} s")
                time.sleep(0)
        check("doca_dma_task_memcpy", self.status)


def _completed(task, task_user_data, status: int):
    dma_task = _tasks.pop(task_user_data.u64, None)
    lib.doca_task_free(lib.doca_dma_task_memcpy_as_task(task))
    if dma_task is not None:
        dma_task.status = status
        dma_task.src = dma_task.dst = None


@ffi.def_extern()
def _doca_dma_memcpy_done(task, task_user_data, ctx_user_data):
    _completed(task, task_user_data, lib.DOCA_SUCCESS)


@ffi.def_extern()
def _doca_dma_memcpy_failed(task, task_user_data, ctx_user_data):
    _completed(task, task_user_data, lib.doca_task_get_status(lib.doca_dma_task_memcpy_as_task(task)))


class Dma(_Handle):
    """A DOCA DMA context (doca_dma) on a device, started on a progress engine.

    with opendoca.ProgressEngine() as pe, opendoca.Dma(dev, pe) as dma:
        dma.memcpy(src_buf, dst_buf)              # submit, progress until done
        task = dma.submit(src_buf, dst_buf)       # or: in flight, task.wait() later

    num_tasks: how many memcpy tasks may be in flight at once.  close() stops the context
    (progressing the engine until the tasks in flight completed) and destroys it.
    """

    def __init__(self, dev: Device, pe: ProgressEngine, num_tasks: int = 16):
        self.dev, self.pe = dev, pe
        handle = ffi.new("struct doca_dma **")
        call("doca_dma_create", dev._live("doca_dma_create"), handle)
        self._handle = handle[0]
        try:
            call("doca_dma_task_memcpy_set_conf", self._handle, lib._doca_dma_memcpy_done,
                 lib._doca_dma_memcpy_failed, num_tasks)
            self._ctx = lib.doca_dma_as_ctx(self._handle)
            call("doca_pe_connect_ctx", pe._live("doca_pe_connect_ctx"), self._ctx)
            call("doca_ctx_start", self._ctx)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def max_buf_size(dev: Device) -> int:
        """The largest buffer a memcpy task takes on dev (doca_dma_cap_task_memcpy_get_max_buf_size)."""
        size = ffi.new("uint64_t *")
        call("doca_dma_cap_task_memcpy_get_max_buf_size", dev.devinfo, size)
        return size[0]

    def submit(self, src: Buf, dst: Buf) -> DmaTask:
        """Submits a copy of src's data to dst (after dst's data; dst's data length grows by
        it); the task completes in a later progress of the engine (DmaTask.wait)."""
        task_id = next(_ids)
        user_data = ffi.new("union doca_data *")
        user_data.u64 = task_id
        out = ffi.new("struct doca_dma_task_memcpy **")
        call("doca_dma_task_memcpy_alloc_init", self._live("doca_dma_task_memcpy_alloc_init"),
             src._live("doca_dma_task_memcpy_alloc_init"), dst._live("doca_dma_task_memcpy_alloc_init"),
             user_data[0], out)
        task = lib.doca_dma_task_memcpy_as_task(out[0])
        dma_task = DmaTask(self, src, dst)
        _tasks[task_id] = dma_task
        error = lib.doca_task_submit(task)
        if error != lib.DOCA_SUCCESS:
            del _tasks[task_id]
            lib.doca_task_free(task)
            check("doca_task_submit", error)
        return dma_task

    def memcpy(self, src: Buf, dst: Buf, timeout: Optional[float] = None):
        """Copies src's data to dst (submit, then wait): DocaError when the copy failed."""
        self.submit(src, dst).wait(timeout)

    def _destroy(self, handle):
        # Stopped (a running context: doca_ctx_stop; one that stopped itself after a failed task
        # is stopping already), then idle once its tasks completed through the engine.
        state = ffi.new("enum doca_ctx_states *")
        while True:
            call("doca_ctx_get_state", self._ctx, state)
            if state[0] == lib.DOCA_CTX_STATE_IDLE:
                break
            if state[0] in (lib.DOCA_CTX_STATE_STARTING, lib.DOCA_CTX_STATE_RUNNING):
                error = lib.doca_ctx_stop(self._ctx)
                if error != lib.DOCA_ERROR_IN_PROGRESS:  # tasks in flight: they complete first
                    check("doca_ctx_stop", error)
            else:
                self.pe.progress()
        call("doca_dma_destroy", handle)
