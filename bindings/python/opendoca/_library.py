"""Finds and loads the DOCA libraries before the extension opendoca._capi needs them.

The extension names libdoca_common.so.2 (and libdoca_dma.so.2, libdoca_dpa.so.2) and carries no rpath, as
flexio._capi names libflexio.so.1 (flexio/_library.py).  Each library is loaded first, from the
first of:

  1. DOCA_COMMON_LIBRARY / DOCA_DMA_LIBRARY / DOCA_DPA_LIBRARY: the library's path;
  2. the library directory pkg-config gives for its module (doca-common, doca-dma, doca-dpa: an install
     prefix's lib/pkgconfig on PKG_CONFIG_PATH), if it holds the library;
  3. the directory of FLEXIO_LIBRARY (an OpenFlexIO install keeps them together);
  4. the dynamic loader's own search (LD_LIBRARY_PATH, ldconfig).

The search is flexio/_library.py's, read from its file: importing the package flexio would load
libflexio, which one process cannot hold beside the DOCA libraries (see the package's text).
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from . import _api

# library -> (soname, environment variable, pkg-config module)
LIBRARIES = {
    "doca_common": ("libdoca_common.so.2", "DOCA_COMMON_LIBRARY", "doca-common"),
    "doca_dma": ("libdoca_dma.so.2", "DOCA_DMA_LIBRARY", "doca-dma"),
    "doca_dpa": ("libdoca_dpa.so.2", "DOCA_DPA_LIBRARY", "doca-dpa"),
}


def _flexio_library():
    """flexio/_library.py as a module of its own (the package flexio is not imported)."""
    spec = importlib.util.spec_from_file_location("opendoca._flexio_library",
                                                  Path(__file__).resolve().parent.parent / "flexio" / "_library.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_search = _flexio_library()


def candidates(library: str) -> list[tuple[str, str]]:
    """Where a DOCA library (doca_common, doca_dma, doca_dpa) is looked for, in order."""
    soname, variable, module = LIBRARIES[library]
    flexio = os.environ.get("FLEXIO_LIBRARY")
    beside = ((Path(flexio).parent, "FLEXIO_LIBRARY's directory"),) if flexio else ()
    return _search.search(soname, variable, module, beside)


def load():
    """Loads the libraries the generated layer calls (_api.LIBRARIES); ImportError names every attempt."""
    for library in _api.LIBRARIES:
        soname, variable, _ = LIBRARIES[library]
        _search.load_library(soname, variable, candidates(library), "opendoca")
