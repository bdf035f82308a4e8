"""Type stubs of opendoca.capi (see capi.py): lib is the stable layer, experimental the opt-in."""
from ._capi import ExperimentalLib, StableLib
from ._capi import ffi as ffi

__all__ = ["ffi", "lib", "experimental", "RELEASE"]

RELEASE: tuple[int, int, int]
lib: StableLib
experimental: ExperimentalLib
