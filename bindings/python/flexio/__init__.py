"""OpenFlexIO from Python: libflexio's FlexIO SDK host API on the simulated BlueField-3 DPA.

    import flexio
    app = flexio.App.load("libmy_app.so")            # a dpacc-built application in a shared object
    with flexio.Device.open("mlx5_sim0") as dev, dev.process(app) as proc:
        print(proc.call("weighted_sum", 1, 2, 3, 4, 5))
        buf = proc.copy_from_host(b"hello")           # heap buffers: buffer protocol in and out
        print(proc.call("sum_bytes", buf, len(buf)), bytes(buf))
        print(proc.output())                          # device prints, as text
        with proc.event_handler("my_handler", arg=buf, name="rx") as eh:   # a DPA thread
            eh.run()                                  # each trigger now runs it once
            proc.call("activate_it", eh.activation_id)
            rx_cq = proc.cq(ring, dbr, log_depth=4, handler=eh)   # a CQE in it runs eh
            qp = proc.qp(rx_cq, tx_cq, qp_buf, qp_dbr, log_rq_depth=4, log_sq_depth=4)
            qp.connect(flexio.QpConnection(remote_qpn=peer.number, force_loopback=True))

Failures raise FlexioError carrying the library's own log line (DeviceFaultError when the DPA
process stopped on a fatal error: its .fault is the library's record of it, a Fault with the
cause, pc, address and registers; Process.fault() reads it at any time).  The library's log lines are records of the logging logger
"flexio" (see flexio._log), not lines on stderr.  The generated low-level layer is flexio.capi
(cffi's ffi and lib; experimental functions only through flexio.capi.experimental).

libflexio.so.1 is found at import from FLEXIO_LIBRARY (its path), else pkg-config's libdir of
`flexio`, else the dynamic loader's search (LD_LIBRARY_PATH, ldconfig): see flexio._library.
Importing the package checks that the loaded libflexio serves the API edition the binding was
generated from (flexio_version_set) and raises VersionError otherwise.
"""
from . import _api, _library

_library.load()  # FLEXIO_LIBRARY, then pkg-config's libdir, then the dynamic loader (see flexio._library)
try:
    from . import _capi  # noqa: F401
except ImportError as e:  # libflexio too old to have this edition's symbols
    raise ImportError(
        f"flexio: cannot load libflexio for FlexIO API {'.'.join(map(str, _api.API_VERSION))} ({e}); "
        "install OpenFlexIO's libflexio.so.1 of this edition or newer") from e

from . import _log  # noqa: E402
from ._build import BuildError, build, cache_dir  # noqa: E402
from ._core import (Affinity, App, CallTimeoutError, Device, DeviceFaultError, EventHandler,  # noqa: E402
                    Fault, FaultAccess, FaultCause, FlexioError, Function, HeapBuffer, HeapInfo, Process,
                    VersionError, _handshake, api_version, library_version)
from ._queues import (Access, Cq, CqModeration, CqPeriodMode, DeviceMkey, Outbox, PathMtu, Qp,  # noqa: E402
                      QpConnection, QpState)

_log.install()  # first: the handshake's own failure is then a record too
_handshake()

__all__ = ["Access", "Affinity", "App", "BuildError", "CallTimeoutError", "Cq", "CqModeration", "CqPeriodMode",
           "Device", "DeviceFaultError", "DeviceMkey", "EventHandler", "Fault", "FaultAccess", "FaultCause",
           "FlexioError", "Function", "HeapBuffer", "HeapInfo", "Outbox", "PathMtu", "Process", "Qp",
           "QpConnection", "QpState", "VersionError", "api_version", "build", "cache_dir", "library_version"]
__version__ = "1.1.0"
