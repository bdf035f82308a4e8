"""Finds and loads libflexio.so.1 before the extension flexio._capi needs it.

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


def pkg_config(option: str) -> str:
    """What pkg-config (PKG_CONFIG, else pkg-config) prints for option of the module `flexio`;
    "" without pkg-config or the module.  flexio.build finds dpacc by it as well."""
    exe = shutil.which(os.environ.get("PKG_CONFIG", "pkg-config"))
    if not exe:
        return ""
    try:
        return subprocess.run([exe, option, "flexio"], capture_output=True, text=True, check=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def _pkg_config_libdirs() -> list[Path]:
    """pkg-config's library directories of `flexio` (its -L flags; none without pkg-config or the module)."""
    return [Path(flag[2:]) for flag in shlex.split(pkg_config("--libs-only-L")) if flag.startswith("-L")]


def candidates() -> list[tuple[str, str]]:
    """Where the library is looked for, in order: (what to dlopen, where that came from)."""
    explicit = os.environ.get("FLEXIO_LIBRARY")
    if explicit:
        return [(explicit, "FLEXIO_LIBRARY")]
    found = []
    found += [(str(d / SONAME), "pkg-config flexio") for d in _pkg_config_libdirs() if (d / SONAME).exists()]
    found.append((SONAME, "the dynamic loader's search"))
    return found


def load() -> ctypes.CDLL:
    """Loads libflexio (see the module's text for the order); ImportError names every attempt."""
    failures = []
    for path, origin in candidates():
        try:
            return ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_GLOBAL)
        except OSError as e:
            failures.append(f"{origin}: {e}")
    raise ImportError("flexio: libflexio.so.1 not found (" + "; ".join(failures) + "); set FLEXIO_LIBRARY to its "
                      "path, PKG_CONFIG_PATH to an install's lib/pkgconfig, or LD_LIBRARY_PATH")


def loaded_path() -> Path | None:
    """The file of the libflexio loaded into this process (from /proc/self/maps), or None."""
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                fields = line.split(maxsplit=5)
                if len(fields) == 6 and Path(fields[5].strip()).name.startswith("libflexio.so"):
                    return Path(fields[5].strip())
    except OSError:
        pass
    return None
