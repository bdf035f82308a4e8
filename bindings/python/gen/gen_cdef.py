#!/usr/bin/env python3
"""Generates the Python binding's low-level layer from capi/ (bindings/gen/capi_model.py):

  flexio/_flexio_cdef.h   the cffi cdef: the header's types and integer constants, the covered
                          functions (stable, then experimental), the device-opening ibv calls
  flexio/_api.py          names of the stable / experimental / device functions, the API edition

Usage: gen_cdef.py [--out DIR]   (DIR defaults to bindings/python; the regeneration test
writes into a temporary directory and compares).
"""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "gen"))
import capi_model  # noqa: E402

GENERATOR = "bindings/python/gen/gen_cdef.py"


def cdef(model) -> str:
    out = [capi_model.banner("//", GENERATOR, model).rstrip("\n"), "",
           "// Types from outside capi/ (rdma-core, libc): only what the API needs of them."]
    for name, kind in capi_model.EXTERNAL_TYPES.items():
        if name == "FILE":
            continue  # cffi knows FILE
        if name == "va_list":
            continue  # only in pack-function types, which are opaque here (below)
        if kind == "opaque":
            out.append(f"typedef ... {name};" if " " not in name else f"{name};")
        elif kind == "integer":
            out.append(f"typedef int... {name};")
        elif kind == "gid":
            out.append(f"{name} {{ uint8_t raw[16]; ...; }};")
    out += ["", "// Integer macros"]
    out += [f"#define {n} {v:#x}" if v > 9 else f"#define {n} {v}" for n, v in model.constants]
    out += ["", "// Types of <libflexio/flexio.h>"]
    for d in model.type_decls:
        # cffi cannot spell va_list: a function type using it is opaque (pointers to it pass through)
        ft = [n for n, text in model.func_typedefs.items() if text == d and "va_list" in d]
        out.append(f"typedef ... {ft[0]};  // {d}" if ft else capi_model.pretty(d))
    out += ["", "// rdma-core calls that open a device (libflexio serves them)"]
    out += [f.prototype() for f in model.device_functions]
    out += ["", "// Stable functions"]
    out += [f.prototype() for f in model.stable]
    out += ["", "// Experimental functions (flexio.capi.experimental)"]
    out += [f.prototype() for f in model.experimental]
    return "\n".join(out) + "\n"


def api(model) -> str:
    def names(fs):
        return "(\n" + "".join(f"    {f.name!r},\n" for f in fs) + ")"
    a, b, c = model.version
    return (capi_model.banner("#", GENERATOR, model) + '"""Names of the generated low-level layer."""\n\n'
            f"API_VERSION = ({a}, {b}, {c})\n"
            f"API_VERSION_VALUE = {model.version_value:#x}  # FLEXIO_VER({a}, {b}, {c})\n\n"
            f"STABLE_FUNCTIONS = {names(model.stable)}\n\n"
            f"EXPERIMENTAL_FUNCTIONS = {names(model.experimental)}\n\n"
            f"DEVICE_FUNCTIONS = {names(model.device_functions)}\n\n"
            "CONSTANTS = (\n" + "".join(f"    {n!r},\n" for n, _ in model.constants) + ")\n\n"
            "ENUMS = (\n" + "".join(f"    {n!r},\n" for e in model.enums for n, _ in e.values) + ")\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE.parent)
    args = ap.parse_args()
    model = capi_model.load()
    capi_model.write_if_changed(args.out / "flexio" / "_flexio_cdef.h", cdef(model))
    capi_model.write_if_changed(args.out / "flexio" / "_api.py", api(model))


if __name__ == "__main__":
    main()
