"""The low-level layer of OpenDOCA: DOCA Core and DMA's C API as cffi sees it (generated from doca/).

    from opendoca.capi import ffi, lib           # stable functions, enum values and integer macros
    from opendoca.capi import experimental       # DOCA_EXPERIMENTAL functions: the explicit opt-in,
                                                 # as DOCA_ALLOW_EXPERIMENTAL_API is in C

Every name is the C name of the newest DOCA release (RELEASE); calls are cffi calls (pass
ffi.new(...) out-parameters, check the returned doca_error_t yourself).  `lib` does not expose
experimental functions.
"""
from types import SimpleNamespace

from . import _api
from ._capi import ffi, lib as _lib

__all__ = ["ffi", "lib", "experimental", "RELEASE"]

RELEASE = _api.RELEASE


def _namespace(names, doc):
    ns = SimpleNamespace(**{n: getattr(_lib, n) for n in names})
    ns.__doc__ = doc
    return ns


lib = _namespace(_api.STABLE_FUNCTIONS + _api.CONSTANTS + _api.ENUMS,
                 "DOCA's stable functions, enum values and integer macros (C names).")
experimental = _namespace(_api.EXPERIMENTAL_FUNCTIONS,
                          "DOCA's experimental functions (DOCA_EXPERIMENTAL): may change between releases.")
