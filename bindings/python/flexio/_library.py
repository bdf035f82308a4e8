"""Finds and loads libflexio.so.1 before the extension flexio._capi needs it (and, with the same
search, the DOCA libraries before opendoca._capi needs them: opendoca/_library.py).

The extension names libflexio.so.1 (DT_NEEDED) and carries no rpath: a wheel cannot know where
the library is installed.  This module loads it first, from the first of:

  1. FLEXIO_LIBRARY: the library's path (e.g. /opt/openflexio/lib/libflexio.so.1);
  2. the library directory pkg-config gives for the module `flexio` (its -L; PKG_CONFIG_PATH
     finds an install prefix's lib/pkgconfig), if it holds libflexio.so.1;
  3. the dynamic loader's own search (LD_LIBRARY_PATH, the ld.so.cache of ldconfig, /usr/lib...).

It is loaded with RTLD_GLOBAL: the extension's DT_NEEDED is then served by the object already in
the process (the loader matches it by soname), and so are the applications flexio.build links.
"""
from __future__ import annotations

import ctypes
import os
import shlex
import shutil
import subprocess
from pathlib import Path

SONAME = "libflexio.so.1"


def pkg_config(option: str, module: str = "flexio") -> str:
    """What pkg-config (PKG_CONFIG, else pkg-config) prints for option of module (`flexio`);
    "" without pkg-config or the module.  flexio.build finds dpacc by it as well."""
    exe = shutil.which(os.environ.get("PKG_CONFIG", "pkg-config"))
    if not exe:
        return ""
    try:
        return subprocess.run([exe, option, module], capture_output=True, text=True, check=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def _pkg_config_libdirs(module: str) -> list[Path]:
    """pkg-config's library directories of module (its -L flags; none without pkg-config or the module)."""
    return [Path(flag[2:]) for flag in shlex.split(pkg_config("--libs-only-L", module)) if flag.startswith("-L")]


def search(soname: str, variable: str, module: str, directories: tuple[tuple[Path, str], ...] = ()
           ) -> list[tuple[str, str]]:
    """Where a library is looked for, in order: (what to dlopen, where that came from).  The
    environment variable names its path; else pkg-config's directories of module, then the given
    (directory, origin) pairs, when they hold it; else the dynamic loader's search."""
    explicit = os.environ.get(variable)
    if explicit:
        return [(explicit, variable)]
    found = [(str(d / soname), f"pkg-config {module}") for d in _pkg_config_libdirs(module) if (d / soname).exists()]
    found += [(str(d / soname), origin) for d, origin in directories if (d / soname).exists()]
    found.append((soname, "the dynamic loader's search"))
    return found


def load_library(soname: str, variable: str, places: list[tuple[str, str]], package: str) -> ctypes.CDLL:
    """Loads the first of places (search()); ImportError names every attempt."""
    failures = []
    for path, origin in places:
        try:
            return ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_GLOBAL)
        except OSError as e:
            failures.append(f"{origin}: {e}")
    raise ImportError(f"{package}: {soname} not found (" + "; ".join(failures) + f"); set {variable} to its "
                      "path, PKG_CONFIG_PATH to an install's lib/pkgconfig, or LD_LIBRARY_PATH")


def candidates() -> list[tuple[str, str]]:
    """Where libflexio is looked for, in order: (what to dlopen, where that came from)."""
    return search(SONAME, "FLEXIO_LIBRARY", "flexio")


def load() -> ctypes.CDLL:
    """Loads libflexio (see the module's text for the order); ImportError names every attempt."""
    return load_library(SONAME, "FLEXIO_LIBRARY", candidates(), "flexio")


def loaded_path(soname: str = "libflexio.so") -> Path | None:
    """The file of the library loaded into this process whose name starts with soname (libflexio,
    by default), from /proc/self/maps; None when none is."""
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                fields = line.split(maxsplit=5)
                if len(fields) == 6 and Path(fields[5].strip()).name.startswith(soname):
                    return Path(fields[5].strip())
    except OSError:
        pass
    return None
