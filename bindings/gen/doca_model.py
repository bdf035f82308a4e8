"""DOCA Core, DOCA DMA and DOCA DPA as the binding generators see them, read from doca/ (shared
by bindings/*/gen, beside capi_model.py's libflexio).

What a binding covers: the newest release's form of the API (the headers' default selection,
DOCA_VER_USED undefined: what NVIDIA's current headers declare), i.e. the functions the DOCA Core,
DMA and DPA headers declare for that release AND libdoca_common.so.2 / libdoca_dma.so.2 /
libdoca_dpa.so.2 export (doca/common/libdoca_common.map, doca/dma/libdoca_dma.map,
doca/dpa/libdoca_dpa.map: every node but DOCA_PRIVATE).  The
older releases' forms are exported under other names (doca_mmap_create_v2_2, ...) that no
header of the newest release declares: they drop out, as they are no API a new program calls.
A function declared but not exported yet (a family still being written) drops out too, and
comes in when its library exports it and the bindings are regenerated.  Whether a function is
experimental comes from its declaration (DOCA_EXPERIMENTAL: section(".text.experimental")); the
map must agree.

The model is capi_model's Model (same reader of clang's AST, same Doc comments), so that each
generator renders DOCA with the code it renders libflexio with.  Model.version is the DOCA
release (3.3.0); there are no device functions (DOCA opens devices itself).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import capi_model
import clang_ast
from capi_model import Model, ModelError

ROOT = capi_model.ROOT
sys.path.insert(0, str(ROOT / "abi"))
import version_script  # noqa: E402

# FLEXIO_DOCA_DIR: another copy of doca/ (the regeneration self-test uses a modified one).
DOCA = Path(os.environ.get("FLEXIO_DOCA_DIR") or ROOT / "doca")
INCLUDE = DOCA / "include"
# The headers of DOCA Core, DMA and DPA (its host side), in dependency order (what a binding's
# wrapper includes).  doca_argp.h (libdoca_argp: a program's command line), 2.2's doca_bufpool.h
# and the DPA's device headers (doca_dpa_dev*.h: DPA code's, compiled by dpacc) are not bound.
HEADER_NAMES = ["doca_types.h", "doca_error.h", "doca_version.h", "doca_log.h", "doca_dev.h", "doca_mmap.h",
                "doca_buf.h", "doca_buf_inventory.h", "doca_buf_array.h", "doca_buf_pool.h", "doca_ctx.h",
                "doca_pe.h", "doca_sync_event.h", "doca_dma.h", "doca_dpa_common.h", "doca_dpa.h"]
# library -> its version script (a library not built yet has none: its functions drop out)
MAPS = {"doca_common": DOCA / "common" / "libdoca_common.map", "doca_dma": DOCA / "dma" / "libdoca_dma.map",
        "doca_dpa": DOCA / "dpa" / "libdoca_dpa.map"}
NOT_BOUND_NODES = ("DOCA_PRIVATE",)
EXPERIMENTAL_NODE = "DOCA_EXPERIMENTAL"
# Types the headers use that they do not define (libc's), as capi_model.EXTERNAL_TYPES.
EXTERNAL_TYPES = {"FILE": "opaque"}
# <linux/types.h>'s big-endian integers (doca_be16_t ...): to a binding, the unsigned integer of
# their width (the kernel's types are those, with an annotation only the sparse checker reads).
BIG_ENDIAN = {"__be16": "uint16_t", "__be32": "uint32_t", "__be64": "uint64_t"}
# Macros that are markers or release selection, not API constants.
NOT_CONSTANTS = {"DOCA_VER_USED", "DOCA_VER_LATEST", "DOCA_STABLE", "DOCA_EXPERIMENTAL", "DOCA_DEPRECATED",
                 "DOCA_EXPORTED", "DOCA_USED", "DOCA_ALLOW_EXPERIMENTAL_API"}
ALLOW_EXPERIMENTAL = "DOCA_ALLOW_EXPERIMENTAL_API"


def wrapper_source() -> str:
    """The C text including every bound header (the newest release: no DOCA_VER_USED)."""
    return "".join(f"#include <{h}>\n" for h in HEADER_NAMES)


def _in_doca(path: str) -> bool:
    return Path(path).resolve().is_relative_to(INCLUDE.resolve())


def exported() -> dict[str, tuple[str, str]]:
    """Every name the DOCA libraries export to programs: name -> (library, version node)."""
    out: dict[str, tuple[str, str]] = {}
    for lib, path in MAPS.items():
        if not path.exists():
            continue
        script = version_script.read(path)
        for node in script.names:
            if node in NOT_BOUND_NODES:
                continue
            for name in script.node(node).global_names:
                out[name] = (lib, node)
    return out


def load() -> Model:
    exports = exported()
    sources = clang_ast.Sources()
    try:
        ast = clang_ast.dump(f"#define {ALLOW_EXPERIMENTAL}\n" + wrapper_source(), ["-I", str(INCLUDE)])
    except clang_ast.AstError as e:
        raise ModelError(str(e)) from e
    reader = capi_model._Reader(sources, INCLUDE)
    reader.read(capi_model._top_level(ast, _in_doca))
    for name, t in reader.typedefs.items():
        if t.base in BIG_ENDIAN:
            reader.typedefs[name] = capi_model.CType(BIG_ENDIAN[t.base], t.ptr, t.const, t.array)
            reader.decls[reader.decls.index(f"typedef {t.c(name)};")] = f"typedef {reader.typedefs[name].c(name)};"

    functions = []
    for name, f in reader.functions.items():
        if name not in exports:
            continue  # declared, not exported (yet)
        lib, node = exports[name]
        if f.experimental != (node == EXPERIMENTAL_NODE):
            raise ModelError(f"{name}: declared {'experimental' if f.experimental else 'stable'} "
                             f"but listed in {node} of lib{lib}.map")
        f.node = node
        f.library = lib
        functions.append(f)

    headers = [INCLUDE / h for h in HEADER_NAMES] + [INCLUDE / "doca_release.h", INCLUDE / "doca_compat.h"]
    values = capi_model.integer_macros(headers, "DOCA_", NOT_CONSTANTS, wrapper_source(), include=INCLUDE)
    newest = capi_model.integer_macros([INCLUDE / "doca_release.h"], "OPENDOCA_VER_", set(),
                                       "#include <doca_release.h>\n", include=INCLUDE)["OPENDOCA_VER_NEWEST"]
    version = (newest >> 24 & 0xFF, newest >> 16 & 0xFF, newest & 0xFFFF)
    model = Model(version, functions, [], reader.records, reader.enums, reader.typedefs, reader.func_typedefs,
                  list(values.items()), reader.decls, reader.typedef_docs, reader.fnptr_typedefs)
    capi_model.check_types(model, EXTERNAL_TYPES, "doca/include")
    return model


def libraries(model: Model) -> list[str]:
    """The libraries the model's functions come from (doca_common first)."""
    return [lib for lib in MAPS if any(getattr(f, "library", None) == lib for f in model.functions)]


def banner(comment: str, generator: str, model: Model) -> str:
    a, b, c = model.version
    return (f"{comment} Code generated by {generator} from doca/ (DOCA {a}.{b}.{c}); DO NOT EDIT.\n"
            f"{comment} Regenerate: bindings/regen.sh   (checked by the ctest bindings.regen.*)\n")


if __name__ == "__main__":
    m = load()
    print("release", m.version, libraries(m))
    for f in m.functions:
        print(("X " if f.experimental else "  ") + f.node.ljust(20) + f.prototype())
    print(m.constants)
    for r in m.records.values():
        print(r.kind, r.tag, r.typedef, None if r.fields is None else [x.name for x in r.fields])
    print(m.func_typedefs.keys())
