"""The idiomatic layer over flexio._capi (see flexio/__init__.py for the tour)."""
from __future__ import annotations

import contextlib
import ctypes
import enum
import hashlib
import html
import json
import operator
import os
import shutil
import tempfile
import threading
from collections import namedtuple
from dataclasses import dataclass
from pathlib import Path

from . import _api
from ._capi import ffi, lib

__all__ = ["FlexioError", "DeviceFaultError", "CallTimeoutError", "VersionError", "Fault", "FaultCause", "FaultAccess", "Device", "App",
           "Function", "Process", "HeapBuffer", "HeapInfo", "Affinity", "EventHandler", "library_version",
           "api_version"]

_MASK64 = (1 << 64) - 1
_SUCCESS = lib.FLEXIO_STATUS_SUCCESS


class FlexioError(Exception):
    """A libflexio call failed.

    function: the C function that failed; message: the line the library logged for it
    ("flexio ERR <function>: <reason>"), taken from the calling thread (flexio_last_error).
    """

    def __init__(self, function: str, message: str):
        super().__init__(message or f"{function} failed")
        self.function = function
        self.message = message


class DeviceFaultError(FlexioError):
    """The DPA process stopped on a fatal error (a fault in device code, flexio_dev_error, ...).

    fault: what stopped it, as the library records it (a Fault: flexio_process_fault_get);
    status: its error status (flexio_err_status_get), fault.status."""

    def __init__(self, function: str, message: str, fault: Fault):
        super().__init__(function, message)
        self.fault = fault

    @property
    def status(self) -> int:
        """The error status that stopped the process (fault.status, flexio_err_status_get)."""
        return self.fault.status

    def __str__(self):
        return f"{self.message} [DPA process stopped, {self.fault}]"


class CallTimeoutError(FlexioError, TimeoutError):
    """Process.call(..., timeout=s): the device function did not return in time.

    The call keeps running on the DPA (the simulator cannot interrupt a hart mid-call); until it
    returns, the process takes no other call and cannot be closed (both raise FlexioError),
    while heap reads and writes still work: device code waiting on a flag in heap memory can
    still be released.  function: the device function's name; timeout: the seconds waited."""

    def __init__(self, function: str, timeout: float):
        super().__init__(function, f"flexio_process_call: {function}() did not return within {timeout:g} s; "
                                   f"it is still running on the DPA")
        self.timeout = timeout


class VersionError(ImportError):
    """libflexio does not serve the API edition this binding was generated from."""


def _fmt_version(v: int) -> str:
    return f"{v >> 24 & 0xFF}.{v >> 16 & 0xFF}.{v & 0xFFFF}"


def _last_error() -> str:
    return ffi.string(lib.flexio_last_error()).decode(errors="replace")


def _raise(function: str):
    raise FlexioError(function, _last_error())


_NO_ID = 0xFFFFFFFF  # what the id and number getters return on error (UINT32_MAX)


def _checked_id(getter, handle, function: str) -> int:
    """getter(handle), an id or number getter of libflexio, or its failure (FlexioError)."""
    value = getter(handle)
    if value == _NO_ID:
        _raise(function)
    return value


def library_version() -> str:
    """The API version libflexio implements (its FLEXIO_CURRENT_VERSION), as 'major.minor.sub'."""
    return _fmt_version(lib.flexio_version_get(ffi.NULL))


def api_version() -> str:
    """The API edition this binding was generated from."""
    return ".".join(map(str, _api.API_VERSION))


def _handshake():
    """Announces the binding's edition to the library (flexio_version_set); fails clearly when
    the library does not serve it."""
    served = lib.flexio_version_get(ffi.NULL)
    if lib.flexio_version_set(_api.API_VERSION_VALUE) != _SUCCESS:
        raise VersionError(
            f"flexio: this binding was generated for FlexIO API {api_version()}, but the loaded libflexio "
            f"implements {_fmt_version(served)} and refuses it ({_last_error()}); rebuild the binding "
            f"against this library (bindings/python/gen/gen_cdef.py) or load a matching libflexio")


# ----------------------------------------------------------------------------------------------
# Fatal errors as a record (flexio_process_fault_get)


def _unknown_member(cls, value):
    """A value of a C enum this binding does not know (a newer library): member UNKNOWN_<value>."""
    if not isinstance(value, int):
        return None
    member = int.__new__(cls, value)
    member._name_, member._value_ = f"UNKNOWN_{value}", value
    return member


class FaultCause(enum.IntEnum):
    """Why a DPA thread stopped its process (enum flexio_fault_cause).  str() is the library's
    name for it (flexio_fault_cause_name: "misaligned access", ...).  A cause this binding does
    not know (a newer library) is a member named UNKNOWN_<value>."""

    NONE = lib.FLEXIO_FAULT_NONE                      # no thread fault: flexio_dev_error, process finish
    MISALIGNED = lib.FLEXIO_FAULT_MISALIGNED          # an N-byte access not N-byte aligned
    UNMAPPED = lib.FLEXIO_FAULT_UNMAPPED              # a data access outside the process's memory
    PERMISSION = lib.FLEXIO_FAULT_PERMISSION          # a data access against its memory's permissions
    FETCH = lib.FLEXIO_FAULT_FETCH                    # an instruction fetch outside executable memory
    ILLEGAL = lib.FLEXIO_FAULT_ILLEGAL                # an illegal or unsupported instruction
    BREAKPOINT = lib.FLEXIO_FAULT_BREAKPOINT          # ebreak
    WATCHDOG = lib.FLEXIO_FAULT_WATCHDOG              # an activation ran past its instruction budget
    BAD_SERVICE = lib.FLEXIO_FAULT_BAD_SERVICE        # an ecall nobody serves
    APERTURE = lib.FLEXIO_FAULT_APERTURE              # a window or outbox access refused
    STACK_OVERFLOW = lib.FLEXIO_FAULT_STACK_OVERFLOW  # the stack pointer left the thread's stack

    _missing_ = classmethod(_unknown_member)

    def __str__(self):
        return ffi.string(lib.flexio_fault_cause_name(int(self))).decode(errors="replace")

    def __format__(self, spec):
        return format(str(self), spec)


class FaultAccess(enum.IntEnum):
    """The kind of memory access that faulted (enum flexio_fault_access); str() is "read", ..."""

    NONE = lib.FLEXIO_FAULT_ACCESS_NONE
    READ = lib.FLEXIO_FAULT_ACCESS_READ
    WRITE = lib.FLEXIO_FAULT_ACCESS_WRITE
    EXECUTE = lib.FLEXIO_FAULT_ACCESS_EXECUTE

    _missing_ = classmethod(_unknown_member)

    def __str__(self):
        return self.name.lower()

    def __format__(self, spec):
        return format(str(self), spec)


# The RISC-V ABI names of x0..x31.
REG_NAMES = ("zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
             "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6")


@dataclass(frozen=True, repr=False)
class Fault:
    """What stopped a DPA process (struct flexio_process_fault, from flexio_process_fault_get).

    status: the error status (flexio_err_status_get: 0 while it runs, the code of
    flexio_dev_error, the DPA OS's status for a fault); stopped: whether it stopped for good;
    thread_id: the thread whose error stopped it (None when not known); cause (FaultCause,
    NONE unless a thread faulted), access (FaultAccess), pc, address, insn (the instruction
    word at pc, 0 if unreadable), regs (x0..x31, named in Fault.REG_NAMES), instret and cycles:
    the fault.

    str() is one line ("status 0x10: misaligned access (read) at pc 0x..., address 0x...,
    thread 0"), report() the whole record with the registers (also how IPython shows it)."""

    REG_NAMES = REG_NAMES  # the ABI names of regs' entries (not a field)

    status: int
    stopped: bool
    thread_id: int | None
    cause: FaultCause
    access: FaultAccess
    pc: int
    address: int
    insn: int
    regs: tuple[int, ...]
    instret: int
    cycles: int

    @classmethod
    def _from_c(cls, f) -> Fault:
        return cls(status=f.status, stopped=bool(f.stopped), thread_id=f.thread_id if f.has_thread else None,
                   cause=FaultCause(f.cause), access=FaultAccess(f.access), pc=f.pc, address=f.address,
                   insn=f.insn, regs=tuple(ffi.unpack(f.regs, 32)), instret=f.instret, cycles=f.cycles)

    @property
    def faulted(self) -> bool:
        """Whether a thread faulted (cause is not NONE): pc, address, insn, regs... are set."""
        return self.cause != FaultCause.NONE

    def reg(self, name: str) -> int:
        """A register at the fault by ABI name ("sp", "a0") or as "x<n>"."""
        if name.startswith("x") and name[1:].isdigit() and int(name[1:]) < 32:
            return self.regs[int(name[1:])]
        return self.regs[REG_NAMES.index(name)]

    def __str__(self):
        if not self.stopped:
            return "running"
        text = f"status 0x{self.status:x}"
        if self.faulted:
            text += f": {self.cause}"
            if self.access != FaultAccess.NONE:
                text += f" ({self.access})"
            text += f" at pc 0x{self.pc:x}, address 0x{self.address:x}"
        if self.thread_id is not None:
            text += f", thread {self.thread_id}"
        return text

    def __repr__(self):
        return f"<flexio.Fault {self}>"

    def report(self) -> str:
        """The record as text: the summary line, then the fault's details and registers."""
        lines = [str(self)]
        if self.faulted:
            lines += [f"pc 0x{self.pc:016x}  address 0x{self.address:016x}  insn 0x{self.insn:08x}",
                      f"instret {self.instret}  cycles {self.cycles}"]
            lines += ["  ".join(f"x{i:<2} {REG_NAMES[i]:<4} 0x{self.regs[i]:016x}" for i in range(row, row + 4))
                      for row in range(0, 32, 4)]
        return "\n".join(lines)

    def _repr_pretty_(self, p, cycle):  # IPython
        p.text(repr(self) if cycle else self.report())

    def _repr_html_(self):
        rows = [("status", f"0x{self.status:x}" + ("" if self.stopped else " (running)")),
                ("thread", "unknown" if self.thread_id is None else str(self.thread_id)),
                ("cause", str(self.cause))]
        if self.faulted:
            rows += [("access", str(self.access)), ("pc", f"0x{self.pc:x}"), ("address", f"0x{self.address:x}"),
                     ("instruction", f"0x{self.insn:08x}"), ("retired", f"{self.instret} instructions, "
                                                                          f"{self.cycles} cycles")]
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
        regs = ""
        if self.faulted:
            regs = "<pre>" + "\n".join("  ".join(f"{REG_NAMES[i]:<4} 0x{self.regs[i]:016x}" for i in range(r, r + 4))
                                        for r in range(0, 32, 4)) + "</pre>"
        return f"<b>flexio.Fault</b><table>{body}</table>{regs}"


# ----------------------------------------------------------------------------------------------
# Devices


class Device:
    """An RDMA device with a DPA, opened through libflexio's ibverbs (mlx5_sim0, ...).

    with flexio.Device.open("mlx5_sim0") as dev: ...
    """

    def __init__(self, ctx, name: str):
        self._ctx = ctx
        self.name = name
        self._processes: list[Process] = []

    @staticmethod
    @contextlib.contextmanager
    def _list():
        """(rdma-core's device list or NULL, the devices' names), the list freed after the block."""
        n = ffi.new("int *")
        devs = lib.ibv_get_device_list(n)
        if devs == ffi.NULL:
            yield devs, []
            return
        try:
            yield devs, [ffi.string(lib.ibv_get_device_name(devs[i])).decode() for i in range(n[0])]
        finally:
            lib.ibv_free_device_list(devs)

    @staticmethod
    def names() -> list[str]:
        """Names of the devices libflexio serves."""
        with Device._list() as (_, names):
            return names

    @classmethod
    def open(cls, name: str = "mlx5_sim0") -> "Device":
        """Opens the device called name (Device.names() lists them); FlexioError when there is none."""
        with cls._list() as (devs, names):
            if devs == ffi.NULL:
                raise FlexioError("ibv_get_device_list", "ibv_get_device_list: no RDMA devices")
            if name not in names:
                raise FlexioError("ibv_open_device", f"ibv_open_device: no device named {name!r} "
                                  f"(devices: {', '.join(names) or 'none'})")
            ctx = lib.ibv_open_device(devs[names.index(name)])
        if ctx == ffi.NULL:
            raise FlexioError("ibv_open_device", f"ibv_open_device: cannot open {name!r}")
        return cls(ctx, name)

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._ctx is None

    def process(self, app: "App", name: str | None = None, capture_output: bool = True,
                output_bsize: int = 1 << 16) -> "Process":
        """Loads app into a new DPA process on this device (see Process)."""
        return Process(self, app, name=name, capture_output=capture_output, output_bsize=output_bsize)

    def close(self):
        """Closes the device, after closing the processes still open on it."""
        if self._ctx is None:
            return
        for p in list(self._processes):
            p.close()
        lib.ibv_close_device(self._ctx)
        self._ctx = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        with contextlib.suppress(Exception):
            self.close()

    def __repr__(self):
        state = "closed" if self.closed else f"{len(self._processes)} process(es)"
        return f"<flexio.Device {self.name!r} {state}>"

    def _repr_html_(self):
        return f"<b>flexio.Device</b> <code>{self.name}</code> — {'closed' if self.closed else 'open'}, " \
               f"{len(self._processes)} process(es)"


# ----------------------------------------------------------------------------------------------
# Applications and device functions


def _registered_apps() -> list:
    """The live applications (handles), oldest first."""
    lst, n = ffi.new("flexio_app ***"), ffi.new("uint32_t *")
    if lib.flexio_app_get_list(lst, n) != _SUCCESS:
        _raise("flexio_app_get_list")
    try:
        return [lst[0][i] for i in range(n[0])]
    finally:
        lib.flexio_app_list_free(lst[0])


def _app_name(handle) -> str:
    return ffi.string(lib.flexio_app_get_name(handle)).decode()


# What App.load loaded, by the SHA-256 of the object's bytes: the applications each object
# registered (App, in registration order).  Loading the same bytes again finds them here.
_loaded: dict[str, list] = {}
_load_lock = threading.Lock()


class Function:
    """A device function of an application (the handle dpacc generated), with its arity."""

    __slots__ = ("app", "name", "nargs", "_f")

    def __init__(self, app: "App", name: str, handle, nargs: int):
        self.app, self.name, self.nargs, self._f = app, name, nargs, handle

    def __repr__(self):
        return f"<flexio.Function {self.name}({self.nargs} argument{'s' if self.nargs != 1 else ''}) " \
               f"of app {self.app.name!r}>"

    def _repr_pretty_(self, p, cycle):  # IPython
        p.text(repr(self))

    def _repr_html_(self):
        return (f"<b>flexio.Function</b> <code>{html.escape(self.name)}</code>: {self.nargs} "
                f"argument{'s' if self.nargs != 1 else ''}, application <code>{html.escape(self.app.name)}</code>")


class App:
    """A DPA application registered with libflexio (built by dpacc).

    App.load(path) loads a dpacc-built application from a shared object: the host archive dpacc
    made, linked into a .so (gcc -shared -Wl,--whole-archive APP.a -Wl,--no-whole-archive
    -lflexio).  Its constructor registers the application; its device functions are the
    symbols named like them.  App.get(name) finds an application already registered in the
    process (linked into the interpreter or loaded otherwise)."""

    def __init__(self, handle, name: str, dl=None, path=None):
        self._app, self.name, self._dl, self.path = handle, name, dl, path
        self._functions: dict[str, Function] = {}

    @classmethod
    def load(cls, path, name: str | None = None) -> "App":
        """Loads a dpacc-built application from the shared object at path and returns the one it
        registered, or the one called name when it registers several.  flexio.build makes such an
        object from device sources.

        Applications are independent of each other, however their functions and files are named:
        the object is loaded (dlopen, RTLD_LOCAL) from a private copy, named by its content and
        removed once loaded.  Loading the same bytes again returns the same App; an object rebuilt
        at the same path (a notebook cell edited and built again) is loaded anew, as another
        application, which App.get(name) then finds; processes of the earlier one go on with its
        code.  Objects stay loaded."""
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise FlexioError("dlopen", f"dlopen: {path}: {e.strerror}") from None
        key = hashlib.sha256(data).hexdigest()
        with _load_lock:
            apps = _loaded.get(key)
            if apps is None:
                apps = _loaded[key] = cls._load_copy(path, data, key)
        names = ", ".join(a.name for a in apps) or "none"
        if name is None:
            if len(apps) != 1:
                raise FlexioError("flexio_app_get", f"flexio_app_get: {path.name} registered {len(apps)} "
                                  f"applications ({names}): name one")
            return apps[0]
        for app in reversed(apps):
            if app.name == name:
                return app
        raise FlexioError("flexio_app_get", f"flexio_app_get: {path.name} registered no application named "
                          f"{name!r} ({names})")

    @classmethod
    def _load_copy(cls, path, data, key) -> list:
        """Loads the private copy of the object at path (its bytes data, their hash key): the
        applications its constructors registered."""
        private = Path(tempfile.mkdtemp(prefix="flexio-app-"))
        copy = private / f"{key[:32]}-{path.name}"
        try:
            copy.write_bytes(data)
            before = {int(ffi.cast("uintptr_t", a)) for a in _registered_apps()}
            try:
                dl = ctypes.CDLL(str(copy), mode=os.RTLD_NOW | os.RTLD_LOCAL)
            except OSError as e:
                raise FlexioError("dlopen", f"dlopen: {str(e).replace(str(copy), str(path))}") from None
        finally:
            shutil.rmtree(private, ignore_errors=True)
        return [cls(a, _app_name(a), dl, path) for a in _registered_apps()
                if int(ffi.cast("uintptr_t", a)) not in before]

    @classmethod
    def get(cls, name: str) -> "App":
        """The application called name registered in the process (linked into the program or
        loaded otherwise); of several, the newest (the one loaded last)."""
        attr = ffi.new("struct flexio_app_select_attr *")
        cname = ffi.new("char[]", name.encode())
        attr.app_name = cname
        out = ffi.new("flexio_app **")
        if lib.flexio_app_get(attr, out) != _SUCCESS:
            _raise("flexio_app_get")
        with _load_lock:
            loaded = [app for apps in _loaded.values() for app in apps if app._app == out[0]]
        # One App.load made: its App (functions are its object's symbols).
        return loaded[0] if loaded else cls(out[0], name, ctypes.CDLL(None), None)

    @property
    def elf_size(self) -> int:
        """The size in bytes of the application's device ELF (flexio_app_get_elf_size)."""
        return lib.flexio_app_get_elf_size(self._app)

    def function(self, name: str) -> Function:
        """The device function name (its handle is the shared object's symbol of that name)."""
        f = self._functions.get(name)
        if f is not None:
            return f
        try:
            addr = ctypes.cast(getattr(self._dl, name), ctypes.c_void_p).value
        except AttributeError:
            raise FlexioError("dlsym", f"dlsym: application {self.name!r} has no function {name!r}") from None
        handle = ffi.cast("flexio_func_t *", addr)
        pup, argbuf = ffi.new("uint32_t *"), ffi.new("size_t *")
        size = lib.FLEXIO_MAX_NAME_LEN + 1
        names = ffi.new("char[]", 2 * size)
        pack, addrs = ffi.new("flexio_func_arg_pack_fn_t **"), ffi.new("flexio_uintptr_t[2]")
        if lib.flexio_func_get_register_info(self._app, handle, pup, names, names + size, size, argbuf, pack,
                                             addrs, addrs + 1) != _SUCCESS:
            _raise("flexio_func_get_register_info")
        f = Function(self, name, handle, argbuf[0] // 8 if pup[0] else 1)
        self._functions[name] = f
        return f

    __getitem__ = function

    def __repr__(self):
        where = f" from {self.path.name}" if self.path else ""
        known = f", functions {', '.join(sorted(self._functions))}" if self._functions else ""
        return f"<flexio.App {self.name!r}{where}, ELF {self.elf_size} bytes{known}>"

    def _repr_pretty_(self, p, cycle):  # IPython
        p.text(repr(self))

    def _repr_html_(self):
        rows = [("shared object", html.escape(str(self.path)) if self.path else "linked into the process"),
                ("device ELF", f"{self.elf_size} bytes")]
        rows += [(html.escape(f.name), f"{f.nargs} argument{'s' if f.nargs != 1 else ''}")
                 for f in sorted(self._functions.values(), key=lambda f: f.name)]
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{v}</td></tr>" for k, v in rows)
        return f"<b>flexio.App</b> <code>{html.escape(self.name)}</code><table>{body}</table>"


# ----------------------------------------------------------------------------------------------
# Processes

HeapInfo = namedtuple("HeapInfo", "base_addr size requested allocated")
HeapInfo.__doc__ = "The DPA heap of a process: device address, size, bytes requested and allocated."
_mem_info_get, _call_args, _unpack = lib.flexio_process_mem_info_get, lib.flexio_process_call_args, ffi.unpack
_tuple_new = tuple.__new__  # builds a HeapInfo from a list in C, without namedtuple's Python-level __new__
assert ffi.sizeof("struct flexio_heap_mem_info") == 32 and ffi.offsetof("struct flexio_heap_mem_info", "allocated") == 24


class Process:
    """A DPA process running an application on a device.

    with dev.process(app) as proc:
        proc.call(app["weighted_sum"], 1, 2, 3, 4, 5)   # or proc.call("weighted_sum", ...)
        print(proc.output())                            # what the device printed, as text

    Device prints are captured into memory (a message stream on an open_memstream FILE) unless
    capture_output=False; output() returns the text printed since the previous output().
    Closing the process destroys everything created in it (buffers, streams).
    """

    def __init__(self, device: Device, app: App, name: str | None = None, capture_output: bool = True,
                 output_bsize: int = 1 << 16):
        if device.closed:
            raise FlexioError("flexio_process_create", "flexio_process_create: the device is closed")
        self.device, self.app = device, app
        attr = ffi.new("struct flexio_process_attr *")
        self._keep = []
        if name is not None:
            self._keep.append(ffi.new("char[]", name.encode()))
            attr.name = self._keep[-1]
        out = ffi.new("flexio_process **")
        if lib.flexio_process_create(device._ctx, app._app, attr, out) != _SUCCESS:
            _raise("flexio_process_create")
        self._p = out[0]
        self.name = name or app.name
        self._tls = threading.local()  # per-thread out-parameters, allocated once
        self._stream = self._file = self._final_output = self._uar = None
        self._trace_path = self._trace_dir = None  # the file of the session recording, their folder
        self._trace_docs = []                      # the sessions recorded (parsed trace files)
        self._trace_files = 0
        self._out_pos = 0
        self._late_call = None  # (thread, function name) of a call that timed out and still runs
        device._processes.append(self)
        if capture_output:
            try:
                self._capture(output_bsize)
            except BaseException:
                self.close()
                raise

    # -- device prints -----------------------------------------------------------------------
    def _capture(self, bsize):
        self._mbuf, self._msize = ffi.new("char **"), ffi.new("size_t *")
        self._file = lib.open_memstream(self._mbuf, self._msize)
        if self._file == ffi.NULL:
            raise OSError("open_memstream failed")
        attr = ffi.new("flexio_msg_stream_attr_t *")
        attr.data_bsize = bsize
        attr.sync_mode = lib.FLEXIO_LOG_DEV_SYNC_MODE_SYNC
        attr.level = lib.FLEXIO_MSG_DEV_DEBUG
        out = ffi.new("flexio_msg_stream **")
        if lib.flexio_msg_stream_create(self._p, attr, self._file, ffi.NULL, out) != _SUCCESS:
            _raise("flexio_msg_stream_create")
        self._stream = out[0]

    def output(self) -> str:
        """The text device code printed since the previous call (flexio_dev_print, printf)."""
        if self._p is None and self._final_output is not None:
            text, self._final_output = self._final_output, ""
            return text
        if self._stream is None:
            raise FlexioError("flexio_msg_stream_flush", "output is not captured (capture_output=False)")
        if self._p is not None and lib.flexio_msg_stream_flush(self._stream) != _SUCCESS:
            _raise("flexio_msg_stream_flush")
        return self._take_output()

    def _take_output(self) -> str:
        lib.flockfile(self._file)  # the stream's host thread writes under the same lock
        try:
            lib.fflush(self._file)
            n = self._msize[0]
            data = ffi.buffer(self._mbuf[0], n)[self._out_pos:n] if n else b""
        finally:
            lib.funlockfile(self._file)
        self._out_pos = n
        return data.decode(errors="replace")

    # -- calls -------------------------------------------------------------------------------
    def call(self, fn, *args, timeout: float | None = None) -> int:
        """Runs device function fn (a Function or its name) with integer arguments (HeapBuffers
        pass their device address; negative values go as two's complement) and returns its
        64-bit result, unsigned.

        timeout: seconds to wait for the result (None: as long as it takes); when they pass,
        CallTimeoutError is raised and the call goes on running on the DPA (see there)."""
        if self._p is None:
            self._live("flexio_process_call")
        if fn.__class__ is not Function:
            fn = self.app.function(fn)
        if len(args) != fn.nargs:
            raise TypeError(f"{fn.name}() takes {fn.nargs} argument{'s' if fn.nargs != 1 else ''} "
                            f"({len(args)} given)")
        try:
            values = [a & _MASK64 for a in args]
        except TypeError:  # HeapBuffer and other __index__ objects
            values = [operator.index(a) & _MASK64 for a in args]
        if self._late_call is not None:
            self._check_late_call("flexio_process_call")
        if timeout is not None:
            return self._call_with_timeout(fn, values, timeout)
        try:
            ret = self._tls.ret
        except AttributeError:
            ret = self._tls.ret = ffi.new("uint64_t *")
        if _call_args(self._p, fn._f, ret, values, len(values)):
            self._failed("flexio_process_call")
        return ret[0]

    def _call_with_timeout(self, fn, values, timeout):
        """The call on a thread of its own (cffi lets go of the GIL in it), waited for timeout s."""
        if timeout < 0:
            raise ValueError(f"timeout must be >= 0 seconds ({timeout} given)")
        ret, outcome = ffi.new("uint64_t *"), []
        worker = threading.Thread(target=lambda: outcome.append(_call_args(self._p, fn._f, ret, values,
                                                                           len(values))),
                                  name=f"flexio call {fn.name}", daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            self._late_call = (worker, fn.name)
            raise CallTimeoutError(fn.name, timeout)
        if outcome[0]:
            self._failed("flexio_process_call")
        return ret[0]

    def _check_late_call(self, function):
        """Raises while a call that timed out still runs (the DPA serves one call at a time)."""
        worker, name = self._late_call
        if worker.is_alive():
            raise FlexioError(function, f"{function}: process {self.name!r} is still running {name}(), "
                                        f"which timed out; it takes no call and cannot be closed until it returns")
        self._late_call = None

    def _failed(self, function):
        message = _last_error()  # first: flexio_process_fault_get may log a line of its own
        if self._p is not None and lib.flexio_err_status_get(self._p):
            f = ffi.new("struct flexio_process_fault *")
            if lib.flexio_process_fault_get(self._p, f) == _SUCCESS:
                raise DeviceFaultError(function, message, Fault._from_c(f))
        raise FlexioError(function, message)

    @property
    def failed(self) -> bool:
        """Whether the process stopped on a fatal error."""
        return bool(self._p is not None and lib.flexio_err_status_get(self._p))

    def fault(self) -> Fault:
        """What stopped the process (flexio_process_fault_get): a Fault, status 0 while it runs."""
        f = ffi.new("struct flexio_process_fault *")
        if lib.flexio_process_fault_get(self._live("flexio_process_fault_get"), f) != _SUCCESS:
            _raise("flexio_process_fault_get")
        return Fault._from_c(f)

    # -- memory ------------------------------------------------------------------------------
    def _live(self, function):
        """The process's handle for function, or FlexioError once it is closed."""
        if self._p is None:
            raise FlexioError(function, f"{function}: process {self.name!r} is closed")
        return self._p

    def alloc(self, size: int) -> "HeapBuffer":
        """Allocates size bytes of DPA heap."""
        out = ffi.new("flexio_uintptr_t *")
        if lib.flexio_buf_dev_alloc(self._live("flexio_buf_dev_alloc"), size, out) != _SUCCESS:
            self._failed("flexio_buf_dev_alloc")
        return HeapBuffer(self, out[0], size)

    def copy_from_host(self, data) -> "HeapBuffer":
        """A new heap buffer holding a copy of data (bytes, bytearray, memoryview, array, numpy...)."""
        src = ffi.from_buffer(data)
        out = ffi.new("flexio_uintptr_t *")
        if lib.flexio_copy_from_host(self._live("flexio_copy_from_host"), src, len(src), out) != _SUCCESS:
            self._failed("flexio_copy_from_host")
        return HeapBuffer(self, out[0], len(src))

    def heap_info(self) -> HeapInfo:
        """The DPA heap figures (flexio_process_mem_info_get)."""
        p = self._p
        if p is None:
            self._live("flexio_process_mem_info_get")
        try:
            info, words = self._tls.info
        except AttributeError:
            info = ffi.new("struct flexio_heap_mem_info *")
            self._tls.info = info, ffi.cast("uint64_t *", info)  # four 8-byte fields
            info, words = self._tls.info
        if _mem_info_get(p, info):
            self._failed("flexio_process_mem_info_get")
        return _tuple_new(HeapInfo, _unpack(words, 4))

    # -- event handlers ----------------------------------------------------------------------
    def event_handler(self, fn, arg=0, *, name: str | None = None, continuable: bool = False,
                      thread_local_storage=0, affinity: Affinity = None, affinity_id: int = 0) -> "EventHandler":
        """A new event handler: a DPA thread running device function fn (a Function or its name;
        void fn(uint64_t arg), __dpa_global__) once per trigger, with arg (an int or a
        HeapBuffer).  See EventHandler."""
        return EventHandler(self, fn, arg, name=name, continuable=continuable,
                            thread_local_storage=thread_local_storage, affinity=affinity, affinity_id=affinity_id)

    # -- queues ------------------------------------------------------------------------------
    def cq(self, ring, dbr, log_depth: int, handler: "EventHandler | None" = None, *, armed: bool = True,
           moderation=None):
        """A new CQ (flexio.Cq) of 2^log_depth CQEs, its ring and doorbell record at the device
        addresses ring and dbr (ints or HeapBuffers): reporting to handler's thread, or polled
        (handler None)."""
        from ._queues import Cq
        return Cq(self, ring, dbr, log_depth, handler, armed=armed, moderation=moderation)

    def qp(self, rq_cq, sq_cq, buffer, dbr, *, log_rq_depth: int, log_sq_depth: int, access=None,
           user_index: int = 0):
        """A new RC QP (flexio.Qp) in RST: its rings in the QP buffer at device address buffer, its
        doorbell record at dbr, its completions to rq_cq and sq_cq."""
        from ._queues import Access, Qp
        return Qp(self, rq_cq, sq_cq, buffer, dbr, log_rq_depth=log_rq_depth, log_sq_depth=log_sq_depth,
                  access=Access.LOCAL_WRITE if access is None else access, user_index=user_index)

    def outbox(self):
        """A new outbox (flexio.Outbox): device code rings doorbells through it."""
        from ._queues import Outbox
        return Outbox(self)

    def device_mkey(self, buffer: "HeapBuffer", access=None):
        """A new memory key over a heap buffer (flexio.DeviceMkey), for WQEs to name it by."""
        from ._queues import Access, DeviceMkey
        return DeviceMkey(self, buffer, Access.LOCAL_WRITE if access is None else access)

    def _uar_id(self) -> int:
        """The id of the process's UAR, which its queues ring through (read once)."""
        if self._uar is None:
            uar = lib.flexio_process_get_uar(self._live("flexio_process_get_uar"))
            if uar == ffi.NULL:
                _raise("flexio_process_get_uar")
            self._uar = _checked_id(lib.flexio_uar_get_id, uar, "flexio_uar_get_id")
        return self._uar

    def _pd(self):
        """The process's protection domain, which its queues and keys are in."""
        pd = lib.flexio_process_get_pd(self._live("flexio_process_get_pd"))
        if pd == ffi.NULL:
            _raise("flexio_process_get_pd")
        return pd

    # -- timelines --------------------------------------------------------------------------
    def trace_start(self, path=None):
        """Starts recording what the process's DPA threads do (flexio_process_trace_start):
        activations, RPCs, doorbells, CQEs, EQEs, faults.  path: the Chrome trace file
        trace_stop writes (Perfetto and chrome://tracing open it); None: a temporary one."""
        p = self._live("flexio_process_trace_start")
        if path is None:
            if self._trace_dir is None:
                self._trace_dir = tempfile.mkdtemp(prefix="flexio-trace-")
            self._trace_files += 1
            path = os.path.join(self._trace_dir, f"trace-{self._trace_files}.json")
        if lib.flexio_process_trace_start(p, os.fsencode(path)) != _SUCCESS:
            _raise("flexio_process_trace_start")
        self._trace_path = os.fspath(path)

    def trace_stop(self) -> str:
        """Stops recording, writes the trace (flexio_process_trace_stop) and keeps its events for
        timeline(); returns the file's path."""
        p = self._live("flexio_process_trace_stop")
        if lib.flexio_process_trace_stop(p) != _SUCCESS:
            _raise("flexio_process_trace_stop")
        path, self._trace_path = self._trace_path, None
        self._trace_keep(path)
        return path

    def _trace_keep(self, path):
        with open(path) as f:
            self._trace_docs.append(json.load(f))

    @property
    def tracing(self) -> bool:
        """Whether trace_start is recording."""
        return self._trace_path is not None

    @contextlib.contextmanager
    def trace(self, path=None):
        """with proc.trace(): ... records what runs inside (trace_start, then trace_stop)."""
        self.trace_start(path)
        try:
            yield self
        finally:
            if self.tracing and not self.closed:
                self.trace_stop()

    def timeline(self):
        """Every event recorded so far (every session of trace_start; a session still recording
        is written and goes on in a new one) as a pandas DataFrame, one row per event: see
        flexio.timeline.COLUMNS.  flexio.timeline.plot(df) draws it per thread."""
        from . import timeline
        if self.tracing and not self.closed:
            path = self._trace_path
            self.trace_stop()
            # the next session's file: a temporary one, or the caller's with a suffix
            self.trace_start(None if self._trace_dir and path.startswith(self._trace_dir) else f"{path}.next")
        df = timeline.frame(self._trace_docs)
        df.attrs["process"] = self.name
        return df

    def stats(self):
        """Per-thread aggregates of timeline() (flexio.timeline.stats): activations, RPCs, busy
        time, cycles, instructions, doorbells, CQEs, faults."""
        from . import timeline
        return timeline.stats(self.timeline())

    def trace_clear(self):
        """Forgets the sessions recorded so far (timeline() starts empty again)."""
        self._trace_docs.clear()

    # -- lifetime ----------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        """Whether the process was closed (close(), the end of its with block, its device closed)."""
        return self._p is None

    def close(self):
        """Destroys the process and everything created in it (buffers, streams, event handlers,
        queues, outboxes, keys);
        keeps the captured output readable."""
        if self._p is None:
            return
        if self._late_call is not None:  # destroying it would free what the running call uses
            self._check_late_call("flexio_process_destroy")
        if self._stream is not None:
            lib.flexio_msg_stream_flush(self._stream)
        if lib.flexio_process_destroy(self._p) != _SUCCESS:
            _raise("flexio_process_destroy")
        self._p = None
        if self._trace_path is not None:  # the destroy wrote the session's trace
            path, self._trace_path = self._trace_path, None
            with contextlib.suppress(OSError, ValueError):
                self._trace_keep(path)
        if self._trace_dir is not None:
            shutil.rmtree(self._trace_dir, ignore_errors=True)
            self._trace_dir = None
        if self._file is not None:
            self._final_output = self._take_output()
            lib.fclose(self._file)
            lib.free(self._mbuf[0])
            self._file = None
            self._stream = None
        with contextlib.suppress(ValueError):
            self.device._processes.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        with contextlib.suppress(Exception):
            self.close()

    def __repr__(self):
        if self.closed:
            return f"<flexio.Process {self.name!r} closed>"
        h = self.heap_info()
        state = "FAILED" if self.failed else "running"
        return (f"<flexio.Process {self.name!r} app={self.app.name!r} device={self.device.name!r} "
                f"heap={h.allocated}/{h.size} bytes {state}>")

    def _trace_summary(self) -> str:
        events = sum(1 for d in self._trace_docs for e in d.get("traceEvents", []) if e.get("ph") != "M")
        state = "recording" if self.tracing else "not recording"
        return f"{state}; {events} events in {len(self._trace_docs)} sessions kept (timeline(), stats())"

    def _repr_html_(self):
        if self.closed:
            return f"<b>flexio.Process</b> <code>{self.name}</code> — closed"
        h = self.heap_info()
        rows = [("application", self.app.name), ("device", self.device.name),
                ("state", f"failed: {html.escape(str(self.fault()))}" if self.failed else "running"),
                ("heap", f"{h.allocated} of {h.size} bytes in use, base 0x{h.base_addr:x}"),
                ("timeline", self._trace_summary())]
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{v}</td></tr>" for k, v in rows)
        return f"<b>flexio.Process</b> <code>{self.name}</code><table>{body}</table>"


# ----------------------------------------------------------------------------------------------
# Heap buffers


class HeapBuffer:
    """A buffer in a DPA process's heap.

    Writes take any object with the buffer protocol (bytes, bytearray, memoryview, array,
    numpy arrays): buf.write(data), buf[4:8] = b"abcd".  Reads return bytes or fill a writable
    buffer: buf.read(), bytes(buf), buf[0:4], buf.readinto(array), buf.to_numpy("uint32").
    buf.mapped() gives a writable memoryview of a host copy that is written back when the
    block ends; on Python >= 3.12 the buffer protocol does the same (memoryview(buf),
    numpy.asarray(buf)).  Passed to Process.call, a buffer is its device address (int(buf)).

    process, daddr (None once freed) and size are the buffer's process, device address and
    length."""

    def __init__(self, process: Process, daddr: int, size: int):
        self.process, self.daddr, self.size = process, daddr, size
        self._exported: dict[int, tuple[bytearray, bytes]] = {}  # views given by __buffer__, as given

    def __index__(self):
        return self.daddr

    def __len__(self):
        return self.size

    def _check(self, offset, n):
        if self.daddr is None or self.process.closed:
            raise FlexioError("flexio_buf_dev_free", "the buffer was freed or its process closed")
        if offset < 0 or n < 0 or offset + n > self.size:
            raise IndexError(f"[{offset}, {offset + n}) is outside the buffer's {self.size} bytes")

    def write(self, data, offset: int = 0) -> int:
        """Copies data to the buffer at offset (flexio_host2dev_memcpy); returns the bytes written."""
        src = ffi.from_buffer(data)
        self._check(offset, len(src))
        if len(src) and lib.flexio_host2dev_memcpy(self.process._p, src, len(src),
                                                   self.daddr + offset) != _SUCCESS:
            self.process._failed("flexio_host2dev_memcpy")
        return len(src)

    def readinto(self, target, offset: int = 0) -> int:
        """Fills a writable buffer-protocol object from the buffer at offset; returns the bytes read."""
        dst = ffi.from_buffer(target, require_writable=True)
        self._check(offset, len(dst))
        if len(dst) and lib.flexio_dev2host_memcpy(self.process._p, dst, len(dst),
                                                   self.daddr + offset) != _SUCCESS:
            self.process._failed("flexio_dev2host_memcpy")
        return len(dst)

    def read(self, size: int | None = None, offset: int = 0) -> bytes:
        """size bytes (default: to the end) from offset, as bytes."""
        n = self.size - offset if size is None else size
        out = bytearray(n)
        self.readinto(out, offset)
        return bytes(out)

    def __bytes__(self):
        return self.read()

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop, step = key.indices(self.size)
            if step != 1:
                return self.read()[key]
            return self.read(max(0, stop - start), start)
        i = key + self.size if key < 0 else key
        return self.read(1, i)[0]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            start, stop, step = key.indices(self.size)
            src = memoryview(value).cast("B")
            if step != 1 or stop - start != len(src):
                raise ValueError("a heap buffer slice is assigned a contiguous object of the same length")
            self.write(src, start)
        else:
            self.write(bytes([value]), key + self.size if key < 0 else key)

    def memset(self, value: int, size: int | None = None, offset: int = 0):
        """Sets size bytes (default: to the end) from offset to value (flexio_buf_dev_memset)."""
        n = self.size - offset if size is None else size
        self._check(offset, n)
        if lib.flexio_buf_dev_memset(self.process._p, value, n, self.daddr + offset) != _SUCCESS:
            self.process._failed("flexio_buf_dev_memset")

    @contextlib.contextmanager
    def mapped(self):
        """A writable memoryview of a host copy of the buffer, written back when the block ends."""
        host = bytearray(self.read())
        view = memoryview(host)
        try:
            yield view
        finally:
            view.release()
        self.write(host)

    def to_numpy(self, dtype="uint8", count: int = -1, offset: int = 0):
        """The buffer's bytes from offset as a new numpy array of dtype (count items; -1: as many
        as fit).  A host copy: change it and write it back with buf.write(array, offset)."""
        import numpy  # an optional dependency (pip install openflexio[numpy])

        dtype = numpy.dtype(dtype)
        n = (self.size - offset) // dtype.itemsize if count < 0 else count
        out = numpy.empty(n, dtype)
        self.readinto(out, offset)
        return out

    # PEP 688 (Python >= 3.12): memoryview(buf), numpy.asarray(buf), bytes(buf) read the buffer
    # through a host copy, written back when the view is released if it was changed (memoryview()
    # asks for a read-only buffer and still writes when the exporter's memory is writable: the
    # request's flags cannot tell).  Before 3.12 a Python class cannot export a buffer:
    # buf.mapped() gives the same writable memoryview.
    def __buffer__(self, flags: int) -> memoryview:
        """A writable memoryview of a host copy of the buffer (the buffer protocol, PEP 688)."""
        host = bytearray(self.read())
        view = memoryview(host)
        self._exported[id(view)] = (host, bytes(host))
        return view

    def __release_buffer__(self, view: memoryview):
        """Writes a view from __buffer__ back to the heap when it was changed."""
        host, original = self._exported.pop(id(view), (None, None))
        view.release()
        if host is not None and host != original and self.daddr is not None and not self.process.closed:
            self.write(host)

    def free(self):
        """Frees the buffer's heap memory (flexio_buf_dev_free); twice, or after the process
        closed, does nothing."""
        if self.daddr is None or self.process.closed:
            self.daddr = None
            return
        if lib.flexio_buf_dev_free(self.process._p, self.daddr) != _SUCCESS:
            _raise("flexio_buf_dev_free")
        self.daddr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.free()

    def __repr__(self):
        if self.daddr is None or self.process.closed:
            return f"<flexio.HeapBuffer {self.size} bytes, freed>"
        return f"<flexio.HeapBuffer 0x{self.daddr:x} {self.size} bytes in process {self.process.name!r}>"

    def _repr_html_(self):
        if self.daddr is None or self.process.closed:
            return "<b>flexio.HeapBuffer</b> freed"
        data = self.read(min(self.size, 64))
        lines = [f"{i:04x}  {data[i:i + 16].hex(' ')}" for i in range(0, len(data), 16)]
        more = " …" if self.size > 64 else ""
        return (f"<b>flexio.HeapBuffer</b> <code>0x{self.daddr:x}</code>, {self.size} bytes"
                f"<pre>{chr(10).join(lines)}{more}</pre>")


# ----------------------------------------------------------------------------------------------
# Event handlers


class Affinity(enum.IntEnum):
    """Where an event handler's thread runs (enum flexio_affinity_type); with affinity_id."""

    NONE = lib.FLEXIO_AFFINITY_NONE      # anywhere
    STRICT = lib.FLEXIO_AFFINITY_STRICT  # on execution unit affinity_id
    GROUP = lib.FLEXIO_AFFINITY_GROUP    # on execution unit group affinity_id


class EventHandler:
    """An event handler of a process: a DPA thread that runs its device function (void
    handler(uint64_t arg), __dpa_global__) once per trigger, from when it is run.

    with proc.event_handler("count_invocations", arg=record, name="rx") as eh:
        eh.run()                                        # flexio_event_handler_run(eh, user_arg=0)
        proc.call("activate_handler", eh.activation_id) # device code triggers it by this id

    Device code triggers a handler of its own process with
    flexio_dev_event_handler_activate(activation_id); triggers that come while it runs are
    latched into one more invocation.  arg, name (None: no name), continuable, activation_id,
    id and obj_id (the thread's, as device code sees it: flexio_dev_get_thread_id) are read at
    creation and stay readable.  The handler holds its Process; closing the process destroys
    its handlers, and a handler of a closed process refuses run() (close() is then a no-op).
    close() cuts a running invocation at its next scheduling point; closing twice is harmless."""

    def __init__(self, process: Process, fn, arg=0, *, name: str | None = None, continuable: bool = False,
                 thread_local_storage=0, affinity: Affinity = None, affinity_id: int = 0):
        self._eh = None
        self.process = process
        p = process._live("flexio_event_handler_create")
        if fn.__class__ is not Function:
            if not isinstance(fn, str):
                raise TypeError(f"an event handler runs a device function (a flexio.Function or its name), "
                                f"not {type(fn).__name__}")
            fn = process.app.function(fn)
        attr = ffi.new("struct flexio_event_handler_attr *")
        attr.host_stub_func = fn._f
        attr.continuable = 1 if continuable else 0
        attr.arg = operator.index(arg) & _MASK64
        attr.thread_local_storage_daddr = operator.index(thread_local_storage) & _MASK64
        attr.affinity.type = Affinity.NONE if affinity is None else Affinity(affinity)
        attr.affinity.id = affinity_id
        if name is not None:
            encoded = name.encode()
            if b"\0" in encoded:
                raise ValueError("an event handler's name has no NUL character")
            cname = ffi.new("char[]", encoded)  # the library copies it
            attr.name = cname
        out = ffi.new("flexio_event_handler **")
        if lib.flexio_event_handler_create(p, attr, out) != _SUCCESS:
            process._failed("flexio_event_handler_create")
        self._eh = out[0]
        self.function, self.arg, self.name, self.continuable = fn, attr.arg, name, bool(continuable)
        try:
            self.activation_id = _checked_id(lib.flexio_event_handler_get_activation_id, self._eh,
                                             "flexio_event_handler_get_activation_id")
            self.id = _checked_id(lib.flexio_event_handler_get_id, self._eh, "flexio_event_handler_get_id")
            self.obj_id = _checked_id(lib.flexio_event_handler_get_obj_id, self._eh,
                                      "flexio_event_handler_get_obj_id")
        except BaseException:
            self.close()
            raise

    def _live(self, function):
        if self._eh is None:
            raise FlexioError(function, f"{function}: the event handler is closed")
        if self.process.closed:
            raise FlexioError(function, f"{function}: the event handler's process {self.process.name!r} is closed")
        return self._eh

    def run(self, user_arg: int = 0):
        """Starts the handler (flexio_event_handler_run): from now on each trigger runs it once.
        user_arg reaches its thread (the thread context's metadata)."""
        if lib.flexio_event_handler_run(self._live("flexio_event_handler_run"), user_arg & _MASK64) != _SUCCESS:
            self.process._failed("flexio_event_handler_run")

    @property
    def closed(self) -> bool:
        """Whether the handler was destroyed (close(), the end of its with block, its process closed)."""
        return self._eh is None or self.process.closed

    def close(self):
        """Destroys the handler (flexio_event_handler_destroy); a no-op once closed or after its
        process closed."""
        eh, self._eh = self._eh, None
        if eh is None or self.process.closed:
            return
        if lib.flexio_event_handler_destroy(eh) != _SUCCESS:
            _raise("flexio_event_handler_destroy")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        with contextlib.suppress(Exception):
            self.close()

    def __repr__(self):
        label = f" {self.name!r}" if getattr(self, "name", None) is not None else ""
        fn = getattr(self, "function", None)
        if self.closed:
            return f"<flexio.EventHandler{label} closed>"
        return (f"<flexio.EventHandler{label} {fn.name}(0x{self.arg:x}) thread {self.id} "
                f"activation {self.activation_id} in process {self.process.name!r}>")
