"""OpenDOCA from Python: DOCA Core, DOCA DMA and DOCA DPA (OpenFlexIO's libdoca_common,
libdoca_dma and libdoca_dpa).

    import opendoca as doca
    print(doca.devices())                                   # DeviceInfo: PCI address, IB name, ...
    src, dst = bytearray(b"hello DOCA"), bytearray(10)
    with doca.Device.open("mlx5_sim0") as dev, \\
         doca.Mmap(src, [dev]) as msrc, doca.Mmap(dst, [dev]) as mdst, \\
         doca.BufInventory(2) as inv, doca.ProgressEngine() as pe, doca.Dma(dev, pe) as dma:
        with inv.buf(msrc) as s, inv.buf(mdst, data_len=0) as d:
            dma.memcpy(s, d)                                # submit, progress until done
    print(dst)                                              # bytearray(b'hello DOCA')

DPA code from a notebook cell, a kernel and an RPC (help(opendoca.Dpa), help(opendoca.SyncEvent)):

    app = doca.build([cell_source], name="cell")            # dpacc, -ldoca_dpa_dev: a flexio.App
    with doca.Device.open("mlx5_sim0") as dev, doca.Dpa(dev, app) as dpa, \\
         doca.SyncEvent(publisher=dpa, subscriber=dev) as done:
        dpa.launch("kernel", dpa.alloc(8), threads=4, complete=(done, 1))
        done.wait_gt(0, timeout=5)
        dpa.rpc("twice", 21)

Failures raise DocaError (function, error, name and description as doca_error_get_name/_descr
give them, and the library's line for the failure).  The generated low-level layer is
opendoca.capi (cffi's ffi and lib with the C names of the newest DOCA release; experimental
functions only through opendoca.capi.experimental).

libdoca_common.so.2, libdoca_dma.so.2 and libdoca_dpa.so.2 are found at import from
DOCA_COMMON_LIBRARY / DOCA_DMA_LIBRARY / DOCA_DPA_LIBRARY (their paths), else pkg-config's libdir
of `doca-common` / `doca-dma` / `doca-dpa`, else the
directory of FLEXIO_LIBRARY, else the dynamic loader's search: see opendoca._library.

A package of its own beside flexio (same distribution, openflexio): DOCA programs need no
FlexIO handle, and `import opendoca` loads only the DOCA libraries (libdoca_dpa brings
libflexio, whose package flexio opendoca.build and Dpa import when first used). Both packages
may be imported in one process, in either order.
"""
from . import _api, _library

_library.load()
try:
    from . import _capi  # noqa: F401
except ImportError as e:  # a libdoca_common without this release's symbols
    raise ImportError(f"opendoca: cannot load the DOCA libraries for DOCA {'.'.join(map(str, _api.RELEASE))} "
                      f"({e}); install OpenFlexIO's DOCA libraries of this release or newer") from e

from ._core import (Access, Buf, BufInventory, Device, DeviceInfo, DocaError, ErrorCode, Mmap,  # noqa: E402
                    ProgressEngine, devices)
from ._dma import Dma, DmaTask  # noqa: E402
from ._dpa import Dpa, DpaMemory, SyncEvent, build  # noqa: E402

__all__ = ["Access", "Buf", "BufInventory", "Device", "DeviceInfo", "DocaError", "Dma", "DmaTask", "Dpa",
           "DpaMemory", "ErrorCode", "Mmap", "ProgressEngine", "RELEASE", "SyncEvent", "build", "devices"]
RELEASE = _api.RELEASE
"""The DOCA release the binding was generated from (its headers' newest)."""
