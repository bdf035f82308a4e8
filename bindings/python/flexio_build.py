"""Writes flexio._capi's C source: cffi in API mode, out of line, from the generated
flexio/_flexio_cdef.h.  CMakeLists.txt runs it at build time (python3 flexio_build.py OUT.c) and
compiles the result against libflexio into an abi3 extension (see pyproject.toml).
"""
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent

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
    "#include <libflexio/flexio.h>\n")

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: flexio_build.py OUT.c")
    ffibuilder.emit_c_code(sys.argv[1])
