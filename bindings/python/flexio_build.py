"""Builds flexio._capi: cffi in API mode, out of line, from the generated flexio/_flexio_cdef.h.

libflexio is found with pkg-config (`flexio`; set PKG_CONFIG_PATH to an install prefix's
lib/pkgconfig or to the build tree's bindings/pkgconfig), or with FLEXIO_INCLUDE_DIR and
FLEXIO_LIBRARY_DIR.  The library directory is also recorded as the extension's rpath.
"""
import os
import shlex
import subprocess
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args, "flexio"], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"flexio: pkg-config cannot find libflexio ({e}); set PKG_CONFIG_PATH or "
                         "FLEXIO_INCLUDE_DIR/FLEXIO_LIBRARY_DIR") from None
    return shlex.split(out)


if os.environ.get("FLEXIO_INCLUDE_DIR"):
    include_dirs = [os.environ["FLEXIO_INCLUDE_DIR"]]
    library_dirs = [os.environ["FLEXIO_LIBRARY_DIR"]]
else:
    include_dirs = [a[2:] for a in pkg_config("--cflags-only-I")]
    library_dirs = [a[2:] for a in pkg_config("--libs-only-L")]

# What the idiomatic layer uses from libc: capturing device prints in memory.
LIBC_CDEF = """
FILE *open_memstream(char **ptr, size_t *sizeloc);
int fflush(FILE *stream);
int fclose(FILE *stream);
void flockfile(FILE *stream);
void funlockfile(FILE *stream);
void free(void *ptr);
"""

# The binding's own log callback (flexio/_log.py): the library's lines become logging records.
LOG_CDEF = """
extern "Python" void _flexio_log_cb(enum flexio_log_lvl, const char *, const char *, void *);
"""

ffibuilder = FFI()
ffibuilder.cdef((HERE / "flexio" / "_flexio_cdef.h").read_text() + LIBC_CDEF + LOG_CDEF)
ffibuilder.set_source(
    "flexio._capi",
    "#define FLEXIO_ALLOW_EXPERIMENTAL_API\n#include <stdio.h>\n#include <stdlib.h>\n"
    "#include <libflexio/flexio.h>\n",
    include_dirs=include_dirs,
    library_dirs=library_dirs,
    runtime_library_dirs=library_dirs,
    libraries=["flexio"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
