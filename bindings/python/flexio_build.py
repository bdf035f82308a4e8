"""Writes flexio._capi's C source: cffi in API mode, out of line, from the generated
flexio/_flexio_cdef.h.  CMakeLists.txt runs it at build time (python3 flexio_build.py OUT.c) and
compiles the result against libflexio into an abi3 extension (see pyproject.toml); with --doca,
opendoca._capi's from opendoca/_doca_cdef.h, compiled against libdoca_common (and
libdoca_dma).
"""
import runpy
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

# opendoca's errors carry the library's line for the failure (doca/common/private.h: libdoca_common
# keeps each thread's last failure for the bindings) beside doca_error_get_name/descr.  Its
# DMA tasks' callbacks (opendoca/_dma.py) are Python functions cffi gives C addresses.
DOCA_PRIVATE_CDEF = """
doca_error_t opendoca_last_error(void);
const char *opendoca_last_error_message(void);
"""
# The DMA task's callbacks, when the generated layer has DOCA DMA.
DOCA_DMA_CDEF = """
extern "Python" void _doca_dma_memcpy_done(struct doca_dma_task_memcpy *, union doca_data, union doca_data);
extern "Python" void _doca_dma_memcpy_failed(struct doca_dma_task_memcpy *, union doca_data, union doca_data);
"""
DOCA_PRIVATE_DECLS = """
doca_error_t opendoca_last_error(void);
const char *opendoca_last_error_message(void);
"""


def doca_builder():
    # The generated names: which headers the cdef comes from, which libraries export its functions.
    api = runpy.run_path(str(HERE / "opendoca" / "_api.py"))
    doca = FFI()
    doca.cdef((HERE / "opendoca" / "_doca_cdef.h").read_text() + DOCA_PRIVATE_CDEF
              + (DOCA_DMA_CDEF if "doca_dma" in api["LIBRARIES"] else ""))
    doca.set_source("opendoca._capi",
                    "#define DOCA_ALLOW_EXPERIMENTAL_API\n#include <stdio.h>\n"
                    + "".join(f"#include <{h}>\n" for h in api["HEADERS"]) + DOCA_PRIVATE_DECLS)
    return doca


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--doca":
        doca_builder().emit_c_code(sys.argv[2])
    elif len(sys.argv) == 2:
        ffibuilder.emit_c_code(sys.argv[1])
    else:
        sys.exit("usage: flexio_build.py [--doca] OUT.c")
