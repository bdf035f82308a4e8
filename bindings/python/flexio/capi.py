"""The low-level layer: libflexio's C API as cffi sees it (generated from capi/).

    from flexio.capi import ffi, lib          # stable functions, device-opening ibv calls,
                                              # enum values and integer macros
    from flexio.capi import experimental      # experimental functions: the explicit opt-in,
                                              # as FLEXIO_ALLOW_EXPERIMENTAL_API is in C

Every name is the C name; calls are cffi calls (pass ffi.new(...) out-parameters, check the
returned flexio_status yourself).  `lib` does not expose experimental functions.
"""
from types import SimpleNamespace

from . import _api
from ._capi import ffi, lib as _lib

__all__ = ["ffi", "lib", "experimental", "API_VERSION"]

API_VERSION = _api.API_VERSION


def _namespace(names, doc):
    ns = SimpleNamespace(**{n: getattr(_lib, n) for n in names})
    ns.__doc__ = doc
    return ns


lib = _namespace(_api.STABLE_FUNCTIONS + _api.DEVICE_FUNCTIONS + _api.CONSTANTS + _api.ENUMS,
                 "libflexio's stable functions, enum values and integer macros (C names).")
experimental = _namespace(_api.EXPERIMENTAL_FUNCTIONS,
                          "libflexio's experimental functions (FLEXIO_EXPERIMENTAL): may change between releases.")
