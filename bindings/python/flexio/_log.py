"""libflexio's log lines as records of the logging logger "flexio" (installed at import).

Every line the library logs at or above its level (FLEXIO_LOG_LEVEL, default WARN; or
flexio.capi.experimental.flexio_log_lvl_set) becomes one record instead of a line on stderr:
level ERR -> ERROR, WARN -> WARNING, INFO -> INFO, DBG -> DEBUG; the message is
"<function>: <reason>" and funcName is the C function (a FlexIO call, or an rdma-core call
the simulated device answered).  The logger has only a NullHandler, as a library's should:
the application decides where records go, and failures are not printed besides the
FlexioError that carries the same line.
"""
import atexit
import logging

from ._capi import ffi, lib

logger = logging.getLogger("flexio")
logger.addHandler(logging.NullHandler())

_LEVELS = {
    lib.FLEXIO_LOG_LVL_ERR: logging.ERROR,
    lib.FLEXIO_LOG_LVL_WARN: logging.WARNING,
    lib.FLEXIO_LOG_LVL_INFO: logging.INFO,
    lib.FLEXIO_LOG_LVL_DBG: logging.DEBUG,
}


# Declared as extern "Python" in flexio_build.py.  Runs on the thread that logged, which may be
# one of the library's own (cffi takes the GIL; the library calls that wait for it release it).
@ffi.def_extern()
def _flexio_log_cb(lvl, func, msg, user):
    level = _LEVELS.get(lvl, logging.ERROR)
    if not logger.isEnabledFor(level):
        return
    function = ffi.string(func).decode(errors="replace")
    reason = ffi.string(msg).decode(errors="replace")
    logger.handle(logger.makeRecord(logger.name, level, "libflexio", 0, "%s: %s", (function, reason), None,
                                    func=function))


def install():
    """Routes the library's log to the "flexio" logger until the interpreter exits (then the
    library's own threads, which may outlive Python's, write to stderr again)."""
    lib.flexio_log_callback_set(lib._flexio_log_cb, ffi.NULL)
    atexit.register(lib.flexio_log_callback_set, ffi.NULL, ffi.NULL)
