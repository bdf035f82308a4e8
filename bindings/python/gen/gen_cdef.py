#!/usr/bin/env python3
"""Generates the Python binding's low-level layer from capi/ (bindings/gen/capi_model.py):

  flexio/_flexio_cdef.h   the cffi cdef: the header's types and integer constants, the covered
                          functions (stable, then experimental), the device-opening ibv calls
  flexio/_api.py          names of the stable / experimental / device functions, the API edition
  flexio/_capi.pyi        type stubs of the extension: ffi, and lib's functions and constants
                          (classes StableLib, ExperimentalLib, Lib) for mypy and editors
  flexio/capi.pyi         type stubs of flexio.capi (lib: StableLib, experimental: ExperimentalLib)

and the same four of DOCA Core, DMA and DPA from doca/ (bindings/gen/doca_model.py), for the
subpackage opendoca: opendoca/_doca_cdef.h, _api.py, _capi.pyi, capi.pyi.

Usage: gen_cdef.py [--out DIR]   (DIR defaults to bindings/python; the regeneration test
writes into a temporary directory and compares).
"""
import argparse
import keyword
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "gen"))
import capi_model  # noqa: E402
import doca_model  # noqa: E402

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


# C integer types cffi converts to and from Python ints (enums and typedefs of them resolve here).
INTEGER_TYPES = {"char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
                 "unsigned long", "long long", "unsigned long long", "size_t", "ssize_t", "pthread_t",
                 "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
                 "uintptr_t", "intptr_t"}

# What the idiomatic layer declares beside the generated cdef (flexio_build.py's LIBC_CDEF).
LIBC_STUBS = [
    "def open_memstream(ptr: FFI.CData, sizeloc: FFI.CData, /) -> FFI.CData: ...",
    "def fflush(stream: FFI.CData, /) -> int: ...",
    "def fclose(stream: FFI.CData, /) -> int: ...",
    "def flockfile(stream: FFI.CData, /) -> None: ...",
    "def funlockfile(stream: FFI.CData, /) -> None: ...",
    "def free(ptr: FFI.CData, /) -> None: ...",
]


def python_type(model, t: capi_model.CType, param: bool) -> str:
    """The Python type cffi takes (param) or gives for a C type."""
    if t.ptr or t.array is not None:
        if param and t.ptr == 1 and t.base == "char":
            return "bytes | FFI.CData"  # cffi passes bytes as const char *
        return "FFI.CData"
    base = t.base
    enum_typedefs = {e.typedef for e in model.enums if e.typedef}
    while base in model.typedefs and not model.typedefs[base].ptr and model.typedefs[base].array is None:
        base = model.typedefs[base].base
    if base == "void":
        return "None"
    if base in ("bool", "_Bool"):
        return "bool"
    if base in ("float", "double"):
        return "float"
    if base in INTEGER_TYPES or base.startswith("enum ") or base in enum_typedefs:
        return "int"
    return "FFI.CData"  # a struct by value, a function type


DOC_WIDTH = 100
SECTION_TITLES = {"since": "Since", "deprecated": "Deprecated", "note": "Note", "warning": "Warning"}


def docstring(doc, indent: str) -> str:
    """A header's Doxygen comment (capi_model.Doc) as a docstring: summary, details, parameters,
    return value and sections; empty when the header has none."""
    if not doc:
        return ""
    width = DOC_WIDTH - len(indent)
    blocks = [textwrap.wrap(text, width) for text in [doc.brief] + doc.details if text]
    if doc.params:
        items = ["Parameters:"]
        for name, text in doc.params.items():
            items += textwrap.wrap(f"{name}: {text}", width, initial_indent="  ", subsequent_indent="    ")
        blocks.append(items)
    if doc.returns:
        blocks.append(textwrap.wrap(f"Returns: {doc.returns}", width))
    retvals = doc.section("retval")
    if retvals:
        items = ["Return values:"]
        for text in retvals:
            items += textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ")
        blocks.append(items)
    for command, text in doc.sections:
        if command != "retval" and text:
            blocks.append(textwrap.wrap(f"{SECTION_TITLES.get(command, command.capitalize())}: {text}", width))
    lines = []
    for block in blocks:
        lines += [""] if lines else []
        lines += block
    text = "\n".join(indent + line if line else "" for line in lines).strip()
    return '"""' + text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"') + "\n" + indent + '"""'


def stub_function(model, f: capi_model.Function) -> str:
    params = []
    for i, p in enumerate(f.params):
        if p.name == "...":
            params.append("*args: Any")
            continue
        if p.type.base == "void" and not p.type.ptr:
            continue  # (void)
        name = p.name or f"arg{i}"
        params.append(f"{name}_" if keyword.iskeyword(name) else name)
        params[-1] += f": {python_type(model, p.type, True)}"
    if params and not params[-1].startswith("*"):
        params.append("/")  # cffi functions take no keywords
    signature = f"def {f.name}({', '.join(params)}) -> {python_type(model, f.ret, False)}:"
    doc = docstring(getattr(f, "doc", None), " " * 8)
    return f"{signature}\n        {doc}" if doc else f"{signature} ..."


def stubs(model) -> str:
    def cls(name, doc, lines):
        body = [f"    @staticmethod\n    {line}" if line.startswith("def ") else f"    {line}" for line in lines]
        return f"class {name}:\n    \"\"\"{doc}\"\"\"\n\n" + "\n".join(body) + "\n"

    constants = [f"{n}: int" for n, _ in model.constants] + [f"{n}: int" for e in model.enums for n, _ in e.values]
    return (capi_model.banner("#", GENERATOR, model)
            + '"""Type stubs of the extension flexio._capi (cffi, API mode): C names, cffi\'s Python types."""\n'
            + "from typing import Any\n\nfrom cffi import FFI\n\nffi: FFI\n\n\n"
            + cls("StableLib", "libflexio's stable functions, the device-opening ibv calls, enum values and macros.",
                  [stub_function(model, f) for f in model.stable + model.device_functions] + constants)
            + "\n\n"
            + cls("ExperimentalLib", "libflexio's experimental functions (FLEXIO_EXPERIMENTAL).",
                  [stub_function(model, f) for f in model.experimental])
            + "\n\n"
            + cls("Lib(StableLib, ExperimentalLib)", "Everything the extension holds, with the libc calls the "
                  "binding uses.", LIBC_STUBS)
            + "\n\nlib: Lib\n")


CAPI_STUB = '''"""Type stubs of flexio.capi (see capi.py): lib is the stable layer, experimental the opt-in."""
from ._capi import ExperimentalLib, StableLib
from ._capi import ffi as ffi

__all__ = ["ffi", "lib", "experimental", "API_VERSION"]

API_VERSION: tuple[int, int, int]
lib: StableLib
experimental: ExperimentalLib
'''


def doca_cdef(model) -> str:
    out = [doca_model.banner("//", GENERATOR, model).rstrip("\n"), "", "// Integer macros"]
    out += [f"#define {n} {v:#x}" if v > 9 else f"#define {n} {v}" for n, v in model.constants]
    out += ["", "// Types of DOCA Core, DMA and DPA (the newest release)"]
    out += [capi_model.pretty(d) for d in model.type_decls]
    out += ["", "// Stable functions"]
    out += [f.prototype() for f in model.stable]
    out += ["", "// Experimental functions (opendoca.capi.experimental)"]
    out += [f.prototype() for f in model.experimental]
    return "\n".join(out) + "\n"


def doca_api(model) -> str:
    def names(fs):
        return "(\n" + "".join(f"    {f.name!r},\n" for f in fs) + ")"
    a, b, c = model.version
    return (doca_model.banner("#", GENERATOR, model) + '"""Names of the generated low-level layer of DOCA."""\n\n'
            f"RELEASE = ({a}, {b}, {c})\n"
            f"HEADERS = {tuple(doca_model.HEADER_NAMES)!r}\n"
            f"LIBRARIES = {tuple(doca_model.libraries(model))!r}\n\n"
            f"STABLE_FUNCTIONS = {names(model.stable)}\n\n"
            f"EXPERIMENTAL_FUNCTIONS = {names(model.experimental)}\n\n"
            "CONSTANTS = (\n" + "".join(f"    {n!r},\n" for n, _ in model.constants) + ")\n\n"
            "ENUMS = (\n" + "".join(f"    {n!r},\n" for e in model.enums for n, _ in e.values) + ")\n")


def doca_stubs(model) -> str:
    def cls(name, doc, lines):
        body = [f"    @staticmethod\n    {line}" if line.startswith("def ") else f"    {line}" for line in lines]
        return f"class {name}:\n    \"\"\"{doc}\"\"\"\n\n" + "\n".join(body) + "\n"

    constants = [f"{n}: int" for n, _ in model.constants] + [f"{n}: int" for e in model.enums for n, _ in e.values]
    return (doca_model.banner("#", GENERATOR, model)
            + '"""Type stubs of the extension opendoca._capi (cffi, API mode): C names, cffi\'s Python types."""\n'
            + "from typing import Any\n\nfrom cffi import FFI\n\nffi: FFI\n\n\n"
            + cls("StableLib", "DOCA's stable functions, enum values and macros.",
                  [stub_function(model, f) for f in model.stable] + constants)
            + "\n\n"
            + cls("ExperimentalLib", "DOCA's experimental functions (DOCA_EXPERIMENTAL).",
                  [stub_function(model, f) for f in model.experimental])
            + "\n\n"
            + cls("Lib(StableLib, ExperimentalLib)", "Everything the extension holds, with the entry the "
                  "binding uses for its errors.", DOCA_PRIVATE_STUBS)
            + "\n\nlib: Lib\n")


# What opendoca declares beside the generated cdef (flexio_build.py's DOCA_PRIVATE_CDEF).
DOCA_PRIVATE_STUBS = ["def opendoca_last_error_message() -> FFI.CData: ..."]

DOCA_CAPI_STUB = '''"""Type stubs of opendoca.capi (see capi.py): lib is the stable layer, experimental the opt-in."""
from ._capi import ExperimentalLib, StableLib
from ._capi import ffi as ffi

__all__ = ["ffi", "lib", "experimental", "RELEASE"]

RELEASE: tuple[int, int, int]
lib: StableLib
experimental: ExperimentalLib
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE.parent)
    args = ap.parse_args()
    model = capi_model.load()
    capi_model.write_if_changed(args.out / "flexio" / "_flexio_cdef.h", cdef(model))
    capi_model.write_if_changed(args.out / "flexio" / "_api.py", api(model))
    capi_model.write_if_changed(args.out / "flexio" / "_capi.pyi", stubs(model))
    capi_model.write_if_changed(args.out / "flexio" / "capi.pyi", CAPI_STUB)
    doca = doca_model.load()
    capi_model.write_if_changed(args.out / "opendoca" / "_doca_cdef.h", doca_cdef(doca))
    capi_model.write_if_changed(args.out / "opendoca" / "_api.py", doca_api(doca))
    capi_model.write_if_changed(args.out / "opendoca" / "_capi.pyi", doca_stubs(doca))
    capi_model.write_if_changed(args.out / "opendoca" / "capi.pyi", DOCA_CAPI_STUB)


if __name__ == "__main__":
    main()
