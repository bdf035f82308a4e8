"""DOCA DPA from Python: DPA code built from a notebook, a context running it, DPA memory, kernel
launches chained by sync events, and RPCs.

    app = opendoca.build([r'''
        #include <doca_dpa_dev.h>
        #include <doca_dpa_dev_sync_event.h>
        __dpa_global__ void hello(uint64_t out) { *(volatile uint64_t *)out = 42; }
        __dpa_rpc__ uint64_t twice(uint64_t x) { return 2 * x; }
    '''], name="cell")
    with opendoca.Device.open("mlx5_sim0") as dev, opendoca.Dpa(dev, app) as dpa, \\
            dpa.alloc(8) as out, opendoca.SyncEvent(publisher=dpa, subscriber=dev) as done:
        dpa.launch("hello", out, complete=(done, 1))   # one thread; done is set to 1 after it
        done.wait_gt(0, timeout=5)
        out.read()                                       # b'*\\x00\\x00\\x00\\x00\\x00\\x00\\x00'
        dpa.rpc("twice", 21)                             # 42

The DPA code is a FlexIO application (libdoca_dpa runs it in a FlexIO process): opendoca.build
is flexio.build with DOCA DPA's device library and headers, and the result is a flexio.App, as
flexio.App.load gives for an object built otherwise (dpacc ... -device-libs="-L<libdir>
-ldoca_dpa_dev").  The package flexio is imported the first time one of them is needed.
"""
from __future__ import annotations

import operator
import time
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from . import _library
from ._capi import ffi, lib
from ._core import Device, DocaError, _Handle, call, check

_MASK64 = (1 << 64) - 1


def _flexio():
    """The package flexio (its App, Function, build, and capi.ffi to read their C addresses),
    imported when first needed."""
    import flexio
    import flexio.capi  # noqa: F401
    return flexio


def _device_library_dirs() -> tuple[Path, list[Path]]:
    """Where DPA code finds DOCA DPA's device library and headers: the directory of the
    libdoca_dpa.so.2 loaded into this process (an install and the build tree keep
    libdoca_dpa_dev.a beside it) and pkg-config's include directories of doca-dpa, else the
    install's <prefix>/include/doca."""
    loaded = _library._search.loaded_path("libdoca_dpa.so")
    if loaded is None or not (loaded.parent / "libdoca_dpa_dev.a").is_file():
        raise _flexio().BuildError("dpacc", "dpacc: libdoca_dpa_dev.a (DOCA DPA's device library) is not beside "
                                   f"the libdoca_dpa loaded into this process ({loaded})")
    includes = [Path(flag[2:]) for flag in _library._search.pkg_config("--cflags-only-I", "doca-dpa").split()
                if flag.startswith("-I")]
    if not includes and (loaded.parent.parent / "include" / "doca").is_dir():
        includes = [loaded.parent.parent / "include" / "doca"]
    return loaded.parent, includes


def build(sources, name: str = "app", *, options: Sequence[str] = (), include_dirs: Sequence[Any] = ()):
    """Compiles DOCA DPA code (kernels and RPCs including doca_dpa_dev.h) into an application
    and loads it: flexio.build with the device library libdoca_dpa_dev linked in
    (-ldoca_dpa_dev), the DOCA headers on the include path and DOCA_ALLOW_EXPERIMENTAL_API
    defined (as NVIDIA's DOCA DPA samples build theirs).  Returns the flexio.App that Dpa runs;
    the application variable (dpacc --app-name) is name.

    Cached like flexio.build (by the sources, name, options, toolchain and the device library):
    running a cell again unchanged loads the same application, an edited cell built under the
    same name is a new one (contexts made from the earlier one go on with its code).
    flexio.BuildError with the compiler's messages when it does not build."""
    libdir, includes = _device_library_dirs()
    return _flexio().build(sources, name, options=["-DDOCA_ALLOW_EXPERIMENTAL_API", *options],
                           include_dirs=[*include_dirs, *includes],
                           device_libs=[f"-L{libdir}", "-ldoca_dpa_dev"])


def _u64(value) -> int:
    """A kernel or RPC argument: an int (negative: two's complement) or an object with __index__
    (DpaMemory: its DPA address)."""
    return operator.index(value) & _MASK64


class DpaMemory:
    """DPA memory of a context (doca_dpa_mem_alloc): size bytes at address (an int, what kernels
    and RPCs are given; int(mem) and passing mem as an argument give it too).

    mem.write(b"..."), mem.read(), mem.memset(0), mem.free() (or a `with` block; twice is harmless).
    Freed with its context too: its methods then raise DocaError."""

    def __init__(self, dpa: "Dpa", address: int, size: int):
        self.dpa, self.address, self.size = dpa, address, size
        self._freed = False

    def _live(self, function: str):
        if self._freed:
            raise DocaError(function, lib.DOCA_ERROR_BAD_STATE, "the DPA memory is freed")
        return self.dpa._live(function)

    def _range(self, function: str, offset: int, length: int):
        if offset < 0 or length < 0 or offset + length > self.size:
            raise DocaError(function, lib.DOCA_ERROR_INVALID_VALUE,
                            f"bytes {offset}..{offset + length} are outside the {self.size} bytes of DPA memory")

    def write(self, data, offset: int = 0):
        """Copies data (bytes, bytearray, any buffer-protocol object) to offset (doca_dpa_h2d_memcpy)."""
        view = memoryview(data).cast("B")
        self._range("doca_dpa_h2d_memcpy", offset, len(view))
        if len(view):
            call("doca_dpa_h2d_memcpy", self._live("doca_dpa_h2d_memcpy"), self.address + offset,
                 ffi.from_buffer(view), len(view))

    def read(self, length: Optional[int] = None, offset: int = 0) -> bytes:
        """length bytes from offset (to the end by default), copied to the host (doca_dpa_d2h_memcpy)."""
        if length is None:
            length = self.size - offset
        self._range("doca_dpa_d2h_memcpy", offset, length)
        out = bytearray(length)
        if length:
            call("doca_dpa_d2h_memcpy", self._live("doca_dpa_d2h_memcpy"), ffi.from_buffer(out),
                 self.address + offset, length)
        return bytes(out)

    def read_into(self, buffer, offset: int = 0):
        """Fills a writable buffer (bytearray, numpy array, ...) from offset (doca_dpa_d2h_memcpy)."""
        view = memoryview(buffer).cast("B")
        self._range("doca_dpa_d2h_memcpy", offset, len(view))
        if len(view):
            call("doca_dpa_d2h_memcpy", self._live("doca_dpa_d2h_memcpy"), ffi.from_buffer(view),
                 self.address + offset, len(view))

    def memset(self, value: int, length: Optional[int] = None, offset: int = 0):
        """Sets length bytes from offset (all by default) to value (doca_dpa_memset)."""
        if length is None:
            length = self.size - offset
        self._range("doca_dpa_memset", offset, length)
        call("doca_dpa_memset", self._live("doca_dpa_memset"), self.address + offset, value, length)

    def free(self):
        """doca_dpa_mem_free; twice (or after its context closed) is harmless."""
        if self._freed or self.dpa.closed:
            self._freed = True
            return
        call("doca_dpa_mem_free", self.dpa._live("doca_dpa_mem_free"), self.address)
        self._freed = True
        self.dpa._memory.discard(self)

    close = free

    @property
    def closed(self) -> bool:
        """Whether the memory was freed (or its context closed)."""
        return self._freed or self.dpa.closed

    def __index__(self) -> int:
        return self.address

    def __len__(self) -> int:
        return self.size

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.free()

    def __repr__(self):
        return f"<opendoca.DpaMemory {self.size} bytes at {self.address:#x}{' freed' if self.closed else ''}>"


class Dpa(_Handle):
    """A DOCA DPA context (doca_dpa) on a device, running a DPA application.

    with opendoca.Dpa(dev, app) as dpa: ...      # created, app set, started
    dpa = opendoca.Dpa(dev, app, start=False)   # configure (log_level ...), then dpa.start()

    app: the flexio.App of the DPA code (opendoca.build, flexio.App.load of an object built with
    -ldoca_dpa_dev).  Kernels and RPCs are named (a str) or given as the app's flexio.Function.
    close() destroys the context (its DPA memory and kernels in flight go with it).
    """

    def __init__(self, dev: Device, app, *, start: bool = True):
        if not isinstance(app, _flexio().App):
            raise TypeError(f"opendoca.Dpa: app is the flexio.App of the DPA code (opendoca.build, flexio.App.load), "
                            f"not {type(app).__name__}")
        self.dev, self.app = dev, app
        self._memory: set[DpaMemory] = set()
        handle = ffi.new("struct doca_dpa **")
        call("doca_dpa_create", dev._live("doca_dpa_create"), handle)
        self._handle = handle[0]
        try:
            address = int(_flexio().capi.ffi.cast("uintptr_t", app._app))
            call("doca_dpa_set_app", self._handle, ffi.cast("struct doca_dpa_app *", address))
            if start:
                self.start()
        except BaseException:
            self.close()
            raise

    def start(self):
        """doca_dpa_start: the application's process runs; kernels and RPCs may be called."""
        call("doca_dpa_start", self._live("doca_dpa_start"))

    def stop(self):
        """doca_dpa_stop: kernels in flight end, the process goes; start() runs it again."""
        call("doca_dpa_stop", self._live("doca_dpa_stop"))

    def _get(self, function: str, ctype: str):
        out = ffi.new(ctype)
        call(function, self._live(function), out)
        return out[0]

    @property
    def handle(self) -> int:
        """The context as DPA code names it (doca_dpa_get_dpa_handle: doca_dpa_dev_t)."""
        return self._get("doca_dpa_get_dpa_handle", "doca_dpa_dev_t *")

    @property
    def max_threads_per_kernel(self) -> int:
        """doca_dpa_get_max_threads_per_kernel."""
        return self._get("doca_dpa_get_max_threads_per_kernel", "unsigned int *")

    @property
    def log_level(self) -> int:
        """The DPA code's log level (doca_dpa_get_log_level; lib.DOCA_DPA_DEV_LOG_LEVEL_*); set it
        before start (doca_dpa_set_log_level)."""
        return self._get("doca_dpa_get_log_level", "doca_dpa_dev_log_level_t *")

    @log_level.setter
    def log_level(self, level: int):
        call("doca_dpa_set_log_level", self._live("doca_dpa_set_log_level"), level)

    def check(self):
        """doca_dpa_peek_at_last_error: DocaError when a kernel faulted and stopped the context."""
        call("doca_dpa_peek_at_last_error", self._live("doca_dpa_peek_at_last_error"))

    # -- memory ------------------------------------------------------------------------------
    def alloc(self, size: int) -> DpaMemory:
        """size bytes of DPA memory (doca_dpa_mem_alloc)."""
        out = ffi.new("doca_dpa_dev_uintptr_t *")
        call("doca_dpa_mem_alloc", self._live("doca_dpa_mem_alloc"), size, out)
        mem = DpaMemory(self, out[0], size)
        self._memory.add(mem)
        return mem

    def copy_from_host(self, data) -> DpaMemory:
        """DPA memory holding a copy of data (bytes, bytearray, any buffer-protocol object)."""
        mem = self.alloc(memoryview(data).nbytes)
        try:
            mem.write(data)
        except BaseException:
            mem.free()
            raise
        return mem

    # -- kernels and RPCs --------------------------------------------------------------------
    def _function(self, fn, function: str):
        """fn (a name or a flexio.Function) as a flexio.Function and its C doca_dpa_func_t * (one of
        another application is libdoca_dpa's to refuse)."""
        if isinstance(fn, str):
            try:
                fn = self.app.function(fn)
            except Exception as e:  # flexio.FlexioError: no such symbol
                raise DocaError(function, lib.DOCA_ERROR_INVALID_VALUE,
                                f"application {self.app.name!r} has no function {fn!r}") from e
        address = int(_flexio().capi.ffi.cast("uintptr_t", fn._f))
        return fn, ffi.cast("doca_dpa_func_t *", address)

    @staticmethod
    def _args(fn, args: Sequence) -> list:
        if len(args) != fn.nargs:
            raise TypeError(f"{fn.name}() takes {fn.nargs} argument{'s' if fn.nargs != 1 else ''} "
                            f"({len(args)} given)")
        return [ffi.cast("uint64_t", _u64(a)) for a in args]

    def launch(self, kernel, *args, threads: int = 1, wait: Optional[tuple["SyncEvent", int]] = None,
               complete: Optional[tuple["SyncEvent", int]] = None, add: bool = False):
        """Launches kernel (a __dpa_global__ function: its name or flexio.Function) on threads DPA
        threads with 64-bit arguments (ints; DpaMemory passes its address):

            wait=(event, threshold)   it starts once event's value reaches threshold (>=)
            complete=(event, value)   when all its threads returned, event is set to value
                                      (add=True: value is added to it)

        (doca_dpa_kernel_launch_update_set / _add).  Returns at once; the kernel runs on the DPA."""
        function = "doca_dpa_kernel_launch_update_add" if add else "doca_dpa_kernel_launch_update_set"
        fn, func = self._function(kernel, function)
        values = self._args(fn, args)
        wait_event, threshold = wait if wait is not None else (None, 0)
        comp_event, count = complete if complete is not None else (None, 0)
        wait_handle = wait_event._live(function) if wait_event is not None else ffi.NULL
        comp_handle = comp_event._live(function) if comp_event is not None else ffi.NULL
        check(function, getattr(lib, function)(self._live(function), wait_handle, _u64(threshold), comp_handle,
                                               _u64(count), threads, func, *values))

    def rpc(self, fn, *args) -> int:
        """Calls fn (a __dpa_rpc__ function: its name or flexio.Function) with 64-bit arguments
        on the DPA and returns its 64-bit result (doca_dpa_rpc), unsigned."""
        fn, func = self._function(fn, "doca_dpa_rpc")
        values = self._args(fn, args)
        ret = ffi.new("uint64_t *")
        call("doca_dpa_rpc", self._live("doca_dpa_rpc"), func, ret, *values)
        return ret[0]

    def _destroy(self, handle):
        call("doca_dpa_destroy", handle)
        for mem in self._memory:
            mem._freed = True
        self._memory.clear()

    def __repr__(self):
        return f"<opendoca.Dpa app {self.app.name!r} on {self.dev.info}{' closed' if self.closed else ''}>"


Location = Union[Device, Dpa]


class SyncEvent(_Handle):
    """A DOCA sync event (doca_sync_event): a 64-bit counter that the CPU and DPA code update
    and wait on.

    done = opendoca.SyncEvent(publisher=dpa, subscriber=dev)   # DPA code sets it, the CPU waits
    go = opendoca.SyncEvent(publisher=dev, subscriber=dpa)     # the CPU sets it, kernels wait
    done.wait_gt(0, timeout=5); go.update_set(1); done.get()

    The publisher (who updates it) and the subscriber (who waits on it) are each a Device (the
    CPU: doca_sync_event_add_*_location_cpu) or a Dpa (its DPA code: _location_dpa); with either
    given the event is started.  Else configure it with add_publisher / add_subscriber and
    start().  dpa_handle(dpa) is what DPA code is given.
    """

    def __init__(self, publisher: Optional[Location] = None, subscriber: Optional[Location] = None, *,
                 start: Optional[bool] = None):
        self._locations: list[Location] = []
        handle = ffi.new("struct doca_sync_event **")
        call("doca_sync_event_create", handle)
        self._handle = handle[0]
        try:
            if publisher is not None:
                self.add_publisher(publisher)
            if subscriber is not None:
                self.add_subscriber(subscriber)
            if start if start is not None else (publisher is not None or subscriber is not None):
                self.start()
        except BaseException:
            self.close()
            raise

    def _add(self, role: str, where: Location):
        kind = "dpa" if isinstance(where, Dpa) else "cpu"
        function = f"doca_sync_event_add_{role}_location_{kind}"
        call(function, self._live(function), where._live(function))
        self._locations.append(where)

    def add_publisher(self, where: Location):
        """Who updates the event: a Device (the CPU) or a Dpa (its DPA code), before start."""
        self._add("publisher", where)

    def add_subscriber(self, where: Location):
        """Who waits on the event: a Device (the CPU) or a Dpa (its DPA code), before start."""
        self._add("subscriber", where)

    def start(self):
        """doca_sync_event_start."""
        call("doca_sync_event_start", self._live("doca_sync_event_start"))

    def dpa_handle(self, dpa: Dpa) -> int:
        """The event as dpa's DPA code names it (doca_sync_event_get_dpa_handle:
        doca_dpa_dev_sync_event_t), to pass to its kernels and RPCs."""
        out = ffi.new("doca_dpa_dev_sync_event_t *")
        call("doca_sync_event_get_dpa_handle", self._live("doca_sync_event_get_dpa_handle"),
             dpa._live("doca_sync_event_get_dpa_handle"), out)
        return out[0]

    def get(self) -> int:
        """The event's value (doca_sync_event_get)."""
        out = ffi.new("uint64_t *")
        call("doca_sync_event_get", self._live("doca_sync_event_get"), out)
        return out[0]

    def update_set(self, value: int):
        """Sets the value (doca_sync_event_update_set)."""
        call("doca_sync_event_update_set", self._live("doca_sync_event_update_set"), _u64(value))

    def update_add(self, value: int) -> int:
        """Adds value (doca_sync_event_update_add); returns the value before."""
        fetched = ffi.new("uint64_t *")
        call("doca_sync_event_update_add", self._live("doca_sync_event_update_add"), _u64(value), fetched)
        return fetched[0]

    def wait_gt(self, value: int, mask: int = _MASK64, timeout: Optional[float] = None):
        """Waits until (the event's value & mask) > value.  timeout None: as long as it takes
        (doca_sync_event_wait_gt); else DocaError DOCA_ERROR_TIME_OUT after timeout seconds
        (polling doca_sync_event_get)."""
        handle = self._live("doca_sync_event_wait_gt")
        if timeout is None:
            call("doca_sync_event_wait_gt", handle, _u64(value), _u64(mask))
            return
        deadline = time.monotonic() + timeout
        while self.get() & mask <= value:
            if time.monotonic() > deadline:
                raise DocaError("doca_sync_event_wait_gt", lib.DOCA_ERROR_TIME_OUT,
                                f"the value stayed {self.get() & mask:#x} (masked), not above {value:#x}, "
                                f"for {timeout:g} s")
            time.sleep(0.0005)

    def _destroy(self, handle):
        call("doca_sync_event_destroy", handle)
        self._locations = []

    def __repr__(self):
        if self.closed:
            return "<opendoca.SyncEvent closed>"
        value = ffi.new("uint64_t *")
        if lib.doca_sync_event_get(self._handle, value) != lib.DOCA_SUCCESS:
            return "<opendoca.SyncEvent not started>"
        return f"<opendoca.SyncEvent value={value[0]}>"
