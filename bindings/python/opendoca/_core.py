"""DOCA Core from Python: errors, devices, memory maps, buffers and progress engines.

Every object wraps one DOCA handle and closes it with close(), a `with` block, or when the
garbage collector finds it unreachable (a safety net: close explicitly).  An object holds the
objects it was made with (a map its devices, a buffer its map and inventory), so they outlive it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import enum
from typing import Any, Iterator, Optional, Union

from ._capi import ffi, lib

Buffer = Any  # any object of the buffer protocol: bytes, bytearray, memoryview, numpy arrays, ...


# ----------------------------------------------------------------------------------------------
# Errors


class DocaError(Exception):
    """A DOCA call failed.

    function: the C function that failed; error: its doca_error_t (an ErrorCode); name and
    description: doca_error_get_name / doca_error_get_descr of it ("DOCA_ERROR_INVALID_VALUE",
    "Invalid input"); message: the line the library logged for the failure, when it logged one
    (the calling thread's last failure), else "".
    """

    def __init__(self, function: str, error: int, message: str = ""):
        self.function = function
        self.error = ErrorCode.of(error)
        self.name = ffi.string(lib.doca_error_get_name(error)).decode()
        self.description = ffi.string(lib.doca_error_get_descr(error)).decode()
        self.message = message
        super().__init__(f"{function}: {self.name} ({self.description})" + (f": {message}" if message else ""))


ErrorCode = enum.IntEnum("ErrorCode", {name: getattr(lib, name) for name in dir(lib)
                                       if name == "DOCA_SUCCESS" or name.startswith("DOCA_ERROR_")},
                         module=__name__)
ErrorCode.__doc__ = "doca_error_t: DOCA_SUCCESS and the DOCA_ERROR_* codes (their C names)."


def _of(cls, value: int):
    """A member, or the plain int for a code this binding does not know (a newer library)."""
    try:
        return cls(value)
    except ValueError:
        return value


ErrorCode.of = classmethod(_of)  # type: ignore[attr-defined]


def check(function: str, error: int):
    """Raises DocaError when error (a doca_error_t function returned) is not DOCA_SUCCESS."""
    if error != lib.DOCA_SUCCESS:
        message = ""
        if lib.opendoca_last_error() == error:
            message = ffi.string(lib.opendoca_last_error_message()).decode(errors="replace")
        raise DocaError(function, error, message)


def call(function: str, *args):
    """Calls the DOCA function named function, DocaError unless it returns DOCA_SUCCESS."""
    check(function, getattr(lib, function)(*args))


class _Handle:
    """A DOCA object: close() destroys it once; `with` and the garbage collector close it too."""

    _handle: Any = None

    @property
    def closed(self) -> bool:
        """Whether close() was called (or the object was never made)."""
        return self._handle is None

    def _destroy(self, handle):  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def close(self):
        """Destroys the object (DocaError when DOCA refuses: it stays open); twice is harmless."""
        if self._handle is None:
            return
        self._destroy(self._handle)
        self._handle = None

    def _live(self, what: str):
        if self._handle is None:
            raise DocaError(what, lib.DOCA_ERROR_BAD_STATE, f"the {type(self).__name__} is closed")
        return self._handle

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        with contextlib.suppress(Exception):
            self.close()


# ----------------------------------------------------------------------------------------------
# Devices


@dataclasses.dataclass(frozen=True)
class DeviceInfo:
    """A DOCA device's properties (doca_devinfo_get_*), read when the device was listed."""

    pci_addr: str          # "0000:08:00.0"
    ibdev_name: str        # "mlx5_sim0"
    iface_name: str        # the network interface, "" when it has none
    mac_addr: Optional[bytes]   # 6 bytes, None when it has none
    ipv4_addr: Optional[bytes]  # 4 bytes, None when it has none

    def __str__(self):
        return f"{self.ibdev_name} ({self.pci_addr})"


def _string(getter: str, devinfo, size: int, *sized) -> str:
    buf = ffi.new("char[]", size)
    call(getter, devinfo, buf, *sized)
    return ffi.string(buf).decode()


def _optional_bytes(getter: str, devinfo, size: int) -> Optional[bytes]:
    buf = ffi.new("uint8_t[]", size)
    error = getattr(lib, getter)(devinfo, buf, size)
    if error == lib.DOCA_ERROR_NOT_FOUND:
        return None
    check(getter, error)
    return bytes(ffi.buffer(buf, size))


def _info(devinfo) -> DeviceInfo:
    iface = ffi.new("char[]", lib.DOCA_DEVINFO_IFACE_NAME_SIZE)
    error = lib.doca_devinfo_get_iface_name(devinfo, iface, lib.DOCA_DEVINFO_IFACE_NAME_SIZE)
    if error not in (lib.DOCA_SUCCESS, lib.DOCA_ERROR_NOT_FOUND):
        check("doca_devinfo_get_iface_name", error)
    return DeviceInfo(
        pci_addr=_string("doca_devinfo_get_pci_addr_str", devinfo, lib.DOCA_DEVINFO_PCI_ADDR_SIZE),
        ibdev_name=_string("doca_devinfo_get_ibdev_name", devinfo, lib.DOCA_DEVINFO_IBDEV_NAME_SIZE,
                           lib.DOCA_DEVINFO_IBDEV_NAME_SIZE),
        iface_name=ffi.string(iface).decode() if error == lib.DOCA_SUCCESS else "",
        mac_addr=_optional_bytes("doca_devinfo_get_mac_addr", devinfo, lib.DOCA_DEVINFO_MAC_ADDR_SIZE),
        ipv4_addr=_optional_bytes("doca_devinfo_get_ipv4_addr", devinfo, lib.DOCA_DEVINFO_IPV4_ADDR_SIZE))


@contextlib.contextmanager
def _devinfo_list() -> Iterator[list]:
    """The devinfo handles of DOCA's device list, destroyed after the block."""
    out = ffi.new("struct doca_devinfo ***")
    n = ffi.new("uint32_t *")
    call("doca_devinfo_create_list", out, n)
    try:
        yield [out[0][i] for i in range(n[0])]
    finally:
        lib.doca_devinfo_destroy_list(out[0])


def devices() -> list[DeviceInfo]:
    """The DOCA devices (doca_devinfo_create_list), with their properties."""
    with _devinfo_list() as infos:
        return [_info(i) for i in infos]


class Device(_Handle):
    """An open DOCA device (doca_dev_open): what memory maps and contexts use.

    with opendoca.Device.open("mlx5_sim0") as dev: ...      # by IB device name
    dev = opendoca.Device.open(pci="0000:08:00.0")          # or by PCI address
    """

    def __init__(self, handle, info: DeviceInfo):
        self._handle = handle
        self.info = info

    @classmethod
    def open(cls, ibdev_name: Optional[str] = None, *, pci: Optional[str] = None) -> "Device":
        """Opens the device named ibdev_name, or the one at PCI address pci ("0000:08:00.0" or
        "08:00.0"); with neither, the first device.  DocaError DOCA_ERROR_NOT_FOUND when none
        matches, DOCA_ERROR_INVALID_VALUE for a PCI address DOCA cannot read."""
        if ibdev_name is not None and pci is not None:
            raise ValueError("opendoca.Device.open: give an IB device name or a PCI address, not both")
        with _devinfo_list() as infos:
            for devinfo in infos:
                if pci is not None:
                    equal = ffi.new("uint8_t *")
                    call("doca_devinfo_is_equal_pci_addr", devinfo, pci.encode(), equal)
                    if not equal[0]:
                        continue
                elif ibdev_name is not None and _string("doca_devinfo_get_ibdev_name", devinfo,
                                                        lib.DOCA_DEVINFO_IBDEV_NAME_SIZE,
                                                        lib.DOCA_DEVINFO_IBDEV_NAME_SIZE) != ibdev_name:
                    continue
                info = _info(devinfo)
                dev = ffi.new("struct doca_dev **")
                call("doca_dev_open", devinfo, dev)
                return cls(dev[0], info)
        wanted = f"at PCI address {pci}" if pci is not None else f"named {ibdev_name!r}"
        raise DocaError("doca_dev_open", lib.DOCA_ERROR_NOT_FOUND, f"no DOCA device {wanted}")

    def _destroy(self, handle):
        call("doca_dev_close", handle)

    @property
    def devinfo(self):
        """The device's struct doca_devinfo * (doca_dev_as_devinfo), for the low-level layer."""
        return lib.doca_dev_as_devinfo(self._live("doca_dev_as_devinfo"))

    def __repr__(self):
        return f"<opendoca.Device {self.info}{' closed' if self.closed else ''}>"


# ----------------------------------------------------------------------------------------------
# Memory maps and buffers


class Access(enum.IntFlag):
    """enum doca_access_flag: what a memory map lets devices and peers do with its memory."""

    LOCAL_READ_ONLY = lib.DOCA_ACCESS_FLAG_LOCAL_READ_ONLY
    LOCAL_READ_WRITE = lib.DOCA_ACCESS_FLAG_LOCAL_READ_WRITE
    RDMA_READ = lib.DOCA_ACCESS_FLAG_RDMA_READ
    RDMA_WRITE = lib.DOCA_ACCESS_FLAG_RDMA_WRITE
    RDMA_ATOMIC = lib.DOCA_ACCESS_FLAG_RDMA_ATOMIC
    PCI_READ_ONLY = lib.DOCA_ACCESS_FLAG_PCI_READ_ONLY
    PCI_READ_WRITE = lib.DOCA_ACCESS_FLAG_PCI_READ_WRITE
    PCI_RELAXED_ORDERING = lib.DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING


class Mmap(_Handle):
    """A DOCA memory map over the memory of a Python buffer (bytearray, numpy array, ...).

    with opendoca.Mmap(buf, [dev]) as m: ...            # started: its memory registered
    m = opendoca.Mmap(buf, start=False)                  # configure, then:
    m.add_device(dev); m.set_permissions(Access.LOCAL_READ_WRITE | Access.PCI_READ_WRITE); m.start()

    The map holds the buffer (and its devices) until closed.  A read-only buffer (bytes) maps
    read-only.  Closing is refused (DocaError DOCA_ERROR_NOT_PERMITTED) while buffers point into it.
    """

    def __init__(self, memory: Buffer, devices: tuple["Device", ...] | list["Device"] = (),
                 permissions: Union[Access, int, None] = None, *, start: bool = True):
        view = memoryview(memory)
        writable = not view.readonly
        self._memory = ffi.from_buffer(memory, require_writable=False)
        self.size = len(self._memory)
        self._devices: list[Device] = []
        handle = ffi.new("struct doca_mmap **")
        call("doca_mmap_create", handle)
        self._handle = handle[0]
        try:
            call("doca_mmap_set_memrange", self._handle, self._memory, self.size)
            self.set_permissions(permissions if permissions is not None else
                                 Access.LOCAL_READ_WRITE if writable else Access.LOCAL_READ_ONLY)
            for dev in devices:
                self.add_device(dev)
            if start:
                self.start()
        except BaseException:
            self.close()
            raise

    @classmethod
    def _wrap(cls, handle, dev: "Device", size: int) -> "Mmap":
        m = cls.__new__(cls)
        m._handle, m._memory, m._devices, m.size = handle, None, [dev], size
        return m

    @classmethod
    def from_export(cls, descriptor: bytes, dev: "Device") -> "Mmap":
        """A map of another map's memory (doca_mmap_create_from_export), from the descriptor its
        export_pci / export_rdma gave (in this process or another of this machine)."""
        handle = ffi.new("struct doca_mmap **")
        call("doca_mmap_create_from_export", ffi.NULL, descriptor, len(descriptor), dev._live("doca_mmap_create_from_export"),
             handle)
        addr, length = ffi.new("void **"), ffi.new("size_t *")
        m = cls._wrap(handle[0], dev, 0)
        call("doca_mmap_get_memrange", handle[0], addr, length)
        m.size = length[0]
        return m

    def set_permissions(self, permissions: Union[Access, int]):
        """doca_mmap_set_permissions (before start)."""
        call("doca_mmap_set_permissions", self._live("doca_mmap_set_permissions"), int(permissions))

    def add_device(self, dev: "Device"):
        """doca_mmap_add_dev (before start): the device may reach the memory once started."""
        call("doca_mmap_add_dev", self._live("doca_mmap_add_dev"), dev._live("doca_mmap_add_dev"))
        self._devices.append(dev)

    def start(self):
        """doca_mmap_start: registers the memory with the map's devices."""
        call("doca_mmap_start", self._live("doca_mmap_start"))

    def stop(self):
        """doca_mmap_stop: no buffer may be made from the map any more (DOCA_ERROR_BAD_STATE)."""
        call("doca_mmap_stop", self._live("doca_mmap_stop"))

    def export_pci(self, dev: "Device") -> bytes:
        """doca_mmap_export_pci: a descriptor another process (on the host or the DPU side of the
        PCI device) makes a map of this memory from (Mmap.from_export)."""
        return self._export("doca_mmap_export_pci", dev)

    def export_rdma(self, dev: "Device") -> bytes:
        """doca_mmap_export_rdma: a descriptor for an RDMA peer (Mmap.from_export)."""
        return self._export("doca_mmap_export_rdma", dev)

    def _export(self, function: str, dev: "Device") -> bytes:
        desc, length = ffi.new("void **"), ffi.new("size_t *")
        call(function, self._live(function), dev._live(function), ffi.cast("const void **", desc), length)
        return bytes(ffi.buffer(desc[0], length[0]))

    @property
    def num_bufs(self) -> int:
        """How many buffers point into the map (doca_mmap_get_num_bufs)."""
        n = ffi.new("uint32_t *")
        call("doca_mmap_get_num_bufs", self._live("doca_mmap_get_num_bufs"), n)
        return n[0]

    def address(self, offset: int = 0):
        """The address of the byte at offset of the mapped memory (a void *)."""
        addr, length = ffi.new("void **"), ffi.new("size_t *")
        call("doca_mmap_get_memrange", self._live("doca_mmap_get_memrange"), addr, length)
        return ffi.cast("char *", addr[0]) + offset

    def _destroy(self, handle):
        call("doca_mmap_destroy", handle)
        self._memory = None
        self._devices = []

    def __repr__(self):
        return f"<opendoca.Mmap {self.size} bytes{' closed' if self.closed else ''}>"


class BufInventory(_Handle):
    """A DOCA buffer inventory (doca_buf_inventory): the buffer descriptors, num_elements of them.

    with opendoca.BufInventory(16) as inv:
        buf = inv.buf(mmap, offset=0, length=64)     # data: the whole range; data_len=0: empty
    """

    def __init__(self, num_elements: int):
        handle = ffi.new("struct doca_buf_inventory **")
        call("doca_buf_inventory_create", num_elements, handle)
        self._handle = handle[0]
        try:
            call("doca_buf_inventory_start", self._handle)
        except BaseException:
            self.close()
            raise

    def buf(self, mmap: Mmap, offset: int = 0, length: Optional[int] = None, *, data_offset: int = 0,
            data_len: Optional[int] = None) -> "Buf":
        """A buffer over length bytes of mmap from offset (to the map's end by default), its data
        data_len bytes from data_offset within it (all of it by default).  DocaError
        DOCA_ERROR_INVALID_VALUE for a range outside the map, DOCA_ERROR_BAD_STATE for a map
        not started (or stopped), DOCA_ERROR_NO_MEMORY when the inventory is used up."""
        if length is None:
            length = mmap.size - offset
        if data_len is None:
            data_len = length - data_offset
        if min(offset, length, data_offset, data_len) < 0:
            raise ValueError("opendoca.BufInventory.buf: offsets and lengths are >= 0")
        head = mmap.address(offset)
        out = ffi.new("struct doca_buf **")
        call("doca_buf_inventory_buf_get_by_args", self._live("doca_buf_inventory_buf_get_by_args"),
             mmap._live("doca_buf_inventory_buf_get_by_args"), head, length, head + data_offset, data_len, out)
        return Buf(out[0], mmap, self)

    @property
    def num_free(self) -> int:
        """Descriptors not in use (doca_buf_inventory_get_num_free_elements)."""
        n = ffi.new("uint32_t *")
        call("doca_buf_inventory_get_num_free_elements", self._live("doca_buf_inventory_get_num_free_elements"), n)
        return n[0]

    def _destroy(self, handle):
        call("doca_buf_inventory_stop", handle)
        call("doca_buf_inventory_destroy", handle)


class Buf(_Handle):
    """A DOCA buffer (doca_buf): a range of a memory map (head, len) and the data in it (data,
    data_len).  close() releases it (doca_buf_dec_refcount)."""

    def __init__(self, handle, mmap: Mmap, inventory: BufInventory):
        self._handle = handle
        self.mmap = mmap
        self.inventory = inventory

    def _get(self, function: str, ctype: str):
        out = ffi.new(ctype)
        call(function, self._live(function), out)
        return out[0]

    @property
    def len(self) -> int:
        """The buffer's length (doca_buf_get_len)."""
        return self._get("doca_buf_get_len", "size_t *")

    @property
    def data_len(self) -> int:
        """The length of its data (doca_buf_get_data_len)."""
        return self._get("doca_buf_get_data_len", "size_t *")

    @property
    def data_offset(self) -> int:
        """Where its data starts, from its head."""
        return int(ffi.cast("uintptr_t", self._get("doca_buf_get_data", "void **"))) - \
            int(ffi.cast("uintptr_t", self._get("doca_buf_get_head", "void **")))

    @property
    def data(self) -> bytes:
        """A copy of its data."""
        return bytes(ffi.buffer(self._get("doca_buf_get_data", "void **"), self.data_len))

    def set_data(self, offset: int, length: int):
        """doca_buf_set_data: the data is length bytes from offset of the buffer's head."""
        head = ffi.cast("char *", self._get("doca_buf_get_head", "void **"))
        call("doca_buf_set_data", self._live("doca_buf_set_data"), head + offset, length)

    @property
    def refcount(self) -> int:
        """doca_buf_get_refcount."""
        return self._get("doca_buf_get_refcount", "uint16_t *")

    def _destroy(self, handle):
        call("doca_buf_dec_refcount", handle, ffi.NULL)

    def __repr__(self):
        if self.closed:
            return "<opendoca.Buf closed>"
        return f"<opendoca.Buf len={self.len} data_offset={self.data_offset} data_len={self.data_len}>"


# ----------------------------------------------------------------------------------------------
# Progress engines


class ProgressEngine(_Handle):
    """A DOCA progress engine (doca_pe): contexts connect to it, their tasks complete through it.

    Completion callbacks run inside progress(), on the calling thread.  One thread at a time
    (DOCA's contract; another thread is refused with DOCA_ERROR_NO_LOCK).
    """

    def __init__(self):
        handle = ffi.new("struct doca_pe **")
        call("doca_pe_create", handle)
        self._handle = handle[0]

    def progress(self) -> bool:
        """doca_pe_progress: delivers what completed; whether anything did."""
        return bool(lib.doca_pe_progress(self._live("doca_pe_progress")))

    @property
    def inflight(self) -> int:
        """Tasks submitted and not completed yet (doca_pe_get_num_inflight_tasks)."""
        n = ffi.new("size_t *")
        call("doca_pe_get_num_inflight_tasks", self._live("doca_pe_get_num_inflight_tasks"), n)
        return n[0]

    def _destroy(self, handle):
        call("doca_pe_destroy", handle)
