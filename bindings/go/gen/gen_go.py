#!/usr/bin/env python3
"""Generates the Go low-level layer (cgo) from capi/ (bindings/gen/capi_model.py):

  capi/zcapi.go                    package capi: Go mirrors of the header's types (opaque
                                   handles, enums with their C constant names, structs with
                                   compile-time layout checks against cgo's view of the C
                                   structs), integer macros, and one Go function per stable
                                   exported function and device-opening ibv call
  capi/zcapi_experimental.go       the experimental functions, only with -tags flexio_experimental
                                   (the explicit opt-in)
  internal/xcapi/zxcapi.go         the same experimental functions for the idiomatic package's
                                   own use (internal: not importable from outside the module)
  doca/capi/zcapi.go               package capi of DOCA Core, DMA and DPA (bindings/gen/doca_model.py):
                                   the same for the newest DOCA release's types and functions
  doca/capi/zcapi_experimental.go  its experimental functions, only with -tags doca_experimental

Why our own generator and not SWIG: cgo already calls C directly, so the low-level layer only
has to give C's types Go names that other packages can use (cgo's C.* types are private to the
package that imports "C") and convert at the call.  SWIG's Go backend adds a C wrapper and a
Go wrapper per call, SWIGTYPE_p_* types for every pointer, and needs its own typemaps for our
opaque handles and anonymous unions; it also knows nothing of the version script, so the
exported/experimental split would still need this model.  The variadic flexio_process_call has
no Go form (cgo cannot call variadic functions): use ProcessCallArgs (experimental).

Every generated name carries the header's Doxygen comment (capi_model's Doc: brief, details,
parameters, return values, since, notes) under its one-line summary, so `go doc` shows the C
reference; a name whose declaration has no Doxygen comment keeps the summary only.

Usage: gen_go.py [--out DIR]
"""
import argparse
import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "gen"))
import capi_model  # noqa: E402
import doca_model  # noqa: E402

GENERATOR = "bindings/go/gen/gen_go.py"
MODULE = "github.com/openflexio/openflexio/bindings/go"

GO_SCALARS = {
    "uint8_t": "uint8", "uint16_t": "uint16", "uint32_t": "uint32", "uint64_t": "uint64",
    "int8_t": "int8", "int16_t": "int16", "int32_t": "int32", "int64_t": "int64",
    "int": "int32", "unsigned int": "uint32", "long": "int64", "unsigned long": "uint64",
    "unsigned long long": "uint64",
    "size_t": "uint64", "uintptr_t": "uintptr", "bool": "bool", "_Bool": "bool", "char": "byte",
}
CGO_SCALARS = {"bool": "_Bool", "unsigned int": "uint", "unsigned long": "ulong", "unsigned long long": "ulonglong",
               "char": "char"}
GO_KEYWORDS = {"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
               "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
               "struct", "switch", "type", "var"}


def camel(s):
    return "".join(p[:1].upper() + p[1:] for p in s.split("_") if p)


def go_type_name(c, prefix="flexio_"):
    """C type name (no pointer) -> Go name in package capi (prefix: the API's, dropped)."""
    name = c.split()[-1]
    if name.startswith(prefix):
        name = name[len(prefix):]
    if name.endswith("_t") and name != "pthread_t":
        name = name[:-2]
    if name == "FILE":
        return "File"
    return camel(name)


def lower_first(s):
    return s[:1].lower() + s[1:]


DOC_WIDTH = 100
# Doxygen commands shown under a heading of their own; "Deprecated: " is also what Go's tools
# look for to mark a name deprecated.
SECTION_TITLES = {"since": "Since", "note": "Note", "warning": "Warning", "deprecated": "Deprecated",
                  "see": "See", "sa": "See", "pre": "Precondition", "post": "Postcondition"}


def go_doc(doc, indent=""):
    """A header's Doxygen comment (capi_model.Doc) as Go doc comment lines (paragraphs, and
    lists for parameters and return values), empty when the header has none."""
    if not doc:
        return []
    prefix = indent + "// "
    paragraphs = [doc.brief] + doc.details
    blocks = [textwrap.wrap(text, DOC_WIDTH - len(prefix)) for text in paragraphs if text]
    if doc.params:
        items = ["Parameters:"]
        for name, text in doc.params.items():
            items += textwrap.wrap(f"{name}: {text}", DOC_WIDTH - len(prefix) - 4,
                                   initial_indent="  - ", subsequent_indent="    ")
        blocks.append(items)
    if doc.returns:
        blocks.append(textwrap.wrap(f"Returns {doc.returns}", DOC_WIDTH - len(prefix)))
    retvals = doc.section("retval")
    if retvals:
        items = ["Return values:"]
        for text in retvals:
            items += textwrap.wrap(text, DOC_WIDTH - len(prefix) - 4, initial_indent="  - ", subsequent_indent="    ")
        blocks.append(items)
    for command, text in doc.sections:
        if command != "retval" and text:
            title = SECTION_TITLES.get(command, command.capitalize())
            blocks.append(textwrap.wrap(f"{title}: {text}", DOC_WIDTH - len(prefix)))
    lines = []
    for block in blocks:
        lines += [""] if lines else []
        lines += block
    return [(prefix + line).rstrip() if line else indent + "//" for line in lines]


def with_doc(summary, doc, indent=""):
    """The generated summary line, then the header's comment as further paragraphs."""
    extra = go_doc(doc, indent)
    return [summary] + ([indent + "//"] + extra if extra else [])


@dataclasses.dataclass
class Api:
    """What differs between the APIs rendered: libflexio's capi/ and DOCA's doca/."""
    name_prefix: str          # dropped from C names ("flexio_")
    macro_prefix: str         # of the layout-check macros in the preamble
    version_const: list       # Go lines declaring the version the layer was generated from
    external: dict            # outside types (capi_model.EXTERNAL_TYPES)
    preamble: str             # the cgo preamble: pkg-config module and headers
    experimental_tag: str     # the build tag of the experimental functions
    allow_experimental: str   # the C macro allowing them
    banner: object            # banner(comment, generator, model)


class Gen:
    def __init__(self, model, api):
        self.m = model
        self.api = api
        self.enum_types = {}   # C name -> Go name
        for e in model.enums:
            goname = self.name(e.typedef or e.tag)
            if e.tag:
                self.enum_types[f"enum {e.tag}"] = goname
            if e.typedef:
                self.enum_types[e.typedef] = goname
        self.record_names = {}  # C name -> Go name (struct tag and typedef)
        for key, r in model.records.items():
            goname = self.name(r.typedef or r.tag)
            self.record_names[key] = goname
            if r.typedef:
                self.record_names[r.typedef] = goname
        for name, t in model.typedefs.items():
            if t.ptr == 0 and t.base in self.record_names:
                self.record_names[name] = self.record_names[t.base]
            if t.ptr == 0 and t.base in self.enum_types:  # typedef enum doca_error doca_error_t
                self.enum_types[name] = self.enum_types[t.base]
        # a typedef named like a record once "_t" is dropped (doca_dpa_dev_buf_arr_t, struct
        # doca_dpa_dev_buf_arr) keeps a T
        self.taken = set(self.record_names.values()) | set(self.enum_types.values())
        self.func_types = {n: self.name(n) for n in model.func_typedefs}

    taken: set = set()

    def name(self, c):
        g = go_type_name(c, self.api.name_prefix)
        if c in self.m.typedefs and self.m.typedefs[c].base not in self.m.records and g in self.taken:
            g += "T"
        return g

    # -- types ---------------------------------------------------------------------------------
    def resolve(self, base):
        """Follows scalar typedefs (flexio_uintptr_t -> uint64_t)."""
        t = self.m.typedefs.get(base)
        while t is not None and t.ptr == 0 and t.base in self.m.typedefs:
            t = self.m.typedefs[t.base]
        return t

    def go_base(self, base):
        if base in GO_SCALARS:
            return GO_SCALARS[base]
        if base in self.enum_types:
            return self.enum_types[base]
        if base in self.record_names:
            return self.record_names[base]
        if base in self.func_types:
            return self.func_types[base]
        if base in self.api.external:
            return self.name(base.replace("struct ", "").replace("union ", ""))
        if base in self.m.typedefs:
            return self.name(base)
        raise capi_model.ModelError(f"gen_go: no Go type for {base}")

    prefix = ""  # "capi." when generating for another package

    def go_type(self, t):
        if t.ptr and t.base == "void":
            return "*" * (t.ptr - 1) + "unsafe.Pointer"
        g = self.go_base(t.base)
        if g not in GO_SCALARS.values():
            g = self.prefix + g
        if t.array is not None:
            g = f"[{t.array}]{g}"
        return "*" * t.ptr + g

    def cgo_base(self, base):
        if base.startswith(("struct ", "union ", "enum ")):
            return "C." + base.replace(" ", "_")
        if base in CGO_SCALARS:
            return "C." + CGO_SCALARS[base]
        return "C." + base

    def by_value(self, t):
        """A record (union doca_data) passed or returned by value: converted through its memory."""
        return t.ptr == 0 and t.base in self.record_names and self.m.records.get(
            self.record_key(t.base), capi_model.Record("", "", None)).fields is not None

    def record_key(self, base):
        if base in self.m.records:
            return base
        return next((k for k, r in self.m.records.items() if r.typedef == base), base)

    def to_c(self, t, expr):
        """Go expression -> cgo argument of C type t."""
        if self.by_value(t):
            return f"*(*{self.cgo_base(self.record_key(t.base))})(unsafe.Pointer(&{expr}))"
        if t.ptr == 0 and t.base in self.m.fnptr_typedefs:
            return f"{self.cgo_base(t.base)}({expr})"
        if t.ptr == 0:
            return f"{self.cgo_base(t.base)}({expr})"
        if t.base == "void" and t.ptr == 1:
            return expr
        if t.base == "void":
            return f"(*{'*' * (t.ptr - 2)}unsafe.Pointer)(unsafe.Pointer({expr}))"
        pointee = "*" * (t.ptr - 1) + self.cgo_base(t.base)
        return f"(*{pointee})(unsafe.Pointer({expr}))"

    def from_c(self, t, expr):
        if self.by_value(t):
            return f"func() {self.go_type(t)} {{ r := {expr}; return *(*{self.go_type(t)})(unsafe.Pointer(&r)) }}()"
        if t.ptr == 0:
            return f"{self.go_type(t)}({expr})"
        if t.base == "void" and t.ptr == 1:
            return expr
        return f"({self.go_type(t)})(unsafe.Pointer({expr}))"

    # -- declarations --------------------------------------------------------------------------
    def types(self):
        out = ["// Opaque handles and outside types (only used through pointers)."]
        opaque = {}  # Go name -> (C name, its comment)
        for k, r in self.m.records.items():
            if r.fields is None:
                doc = r.doc or self.m.typedef_docs.get(r.typedef)
                opaque.setdefault(self.record_names[k], (r.typedef or k, doc))
        for n in self.m.func_typedefs:
            if n not in self.m.fnptr_typedefs:
                opaque.setdefault(self.func_types[n], (n, self.m.typedef_docs.get(n)))
        for name, kind in self.api.external.items():
            if kind == "opaque" and name != "va_list":
                opaque.setdefault(self.go_base(name), (name, None))
        for g, (cname, doc) in opaque.items():
            if doc:
                out += with_doc(f"// {g} is {cname}.", doc)
            out.append(f"type {g} struct{{ _ [0]byte }}")
        out.append("")
        if "pthread_t" in self.api.external:
            out += ["// PthreadT is pthread_t.", "type PthreadT = uint64", ""]
        if "union ibv_gid" in self.api.external:
            out += ["// IbvGid is rdma-core's union ibv_gid (16 bytes, 8-aligned).",
                    "type IbvGid struct {", "\t_   [0]uint64", "\tRaw [16]byte", "}", ""]
        for n in sorted(self.m.fnptr_typedefs, key=list(self.m.func_typedefs).index):
            out += with_doc(f"// {self.func_types[n]} is {n}: the address of a C function "
                            "(cgo: an exported Go function's C name).", self.m.typedef_docs.get(n))
            out += [f"type {self.func_types[n]} = unsafe.Pointer", ""]
        out.append("// Scalar typedefs.")
        for name, t in self.m.typedefs.items():
            if t.ptr == 0 and t.base in GO_SCALARS:
                doc = self.m.typedef_docs.get(name)
                if doc:
                    out += with_doc(f"// {self.name(name)} is {name}.", doc)
                out.append(f"type {self.name(name)} = {GO_SCALARS[t.base]}")
            elif t.ptr == 0 and t.base in self.m.typedefs and self.resolve(name) is not None \
                    and self.resolve(name).base in GO_SCALARS:  # a typedef of a scalar typedef
                out.append(f"type {self.name(name)} = {self.name(t.base)}")
        out.append("")
        for e in self.m.enums:
            g = self.name(e.typedef or e.tag)
            under = "int32" if any(v < 0 for _, v in e.values) else "uint32"
            out += with_doc(f"// {g} is {'enum ' + e.tag if e.tag else e.typedef}.", e.doc)
            out.append(f"type {g} {under}")
            out.append("")
            out.append("const (")
            for n, v in e.values:
                out += go_doc(e.value_docs.get(n), "\t")
                out.append(f"\t{n} {g} = {v}")
            out += [")", ""]
        out.append("// Integer macros.")
        out.append("const (")
        out += [f"\t{n} = {v:#x}" for n, v in self.m.constants]
        out += self.api.version_const(self.m) + [")", ""]
        checks = []
        for key, r in self.m.records.items():
            if r.fields is None:
                continue
            g = self.record_names[key]
            cg = self.cgo_base(key)
            out += with_doc(f"// {g} is {key}.", r.doc)
            out.append(f"type {g} struct {{")
            anon, methods = 0, []
            # a union record: one storage of its size, an accessor per member
            fields = r.fields if r.kind == "struct" else [capi_model.Field(None, None, r.fields, "union")]
            for f in fields:
                if f.members is None:
                    fname = camel(f.name)
                    out += go_doc(f.doc, "\t")
                    out.append(f"\t{fname} {self.go_type(f.type)}")
                    checks.append((g, cg, fname, f.name))
                    continue
                # anonymous union: storage of the union's size and alignment, accessors per member
                field = f"Anon{anon}"
                sizes = [(self.go_type(mb.type)) for mb in f.members]
                elem = self.union_storage(f.members)
                # as long as the largest member (constants: the Go mirrors have C's layout)
                size = "max(" + ", ".join(f"unsafe.Sizeof(*(*{gt})(nil))" for gt in sizes) + ")"
                out.append(f"\t{field} [{size} / unsafe.Sizeof({elem}(0))]{elem} "
                           f"// union {{ {'; '.join(m.name for m in f.members)} }}")
                checks.append((g, cg, field, f.members[0].name))
                for mb, gt in zip(f.members, sizes):
                    mname = camel(mb.name)
                    methods += with_doc(f"// {mname} reads the union member {mb.name}.", mb.doc)
                    methods += [f"func (s *{g}) {mname}() {gt} {{ return *(*{gt})(unsafe.Pointer(&s.{field})) }}",
                                f"// Set{mname} writes the union member {mb.name}.",
                                f"func (s *{g}) Set{mname}(v {gt}) {{ *(*{gt})(unsafe.Pointer(&s.{field})) = v }}", ""]
                anon += 1
            out += ["}", ""] + methods
            checks.append((g, cg, None, None))
        out.append("// The Go mirrors must have the C compiler's layout (sizeof, _Alignof, offsetof in the")
        out.append("// preamble): these fail to compile otherwise.")
        out.append("var (")
        self.layout_macros = []
        for g, cg, gf, cf in checks:
            ctype = cg[2:].replace("_", " ", 1)
            if gf is None:
                for what, expr, gexpr in (("SIZE", f"sizeof({ctype})", f"unsafe.Sizeof({g}{{}})"),
                                          ("ALIGN", f"_Alignof({ctype})", f"unsafe.Alignof({g}{{}})")):
                    macro = f"{self.api.macro_prefix}{what}_{g}"
                    self.layout_macros.append(f"#define {macro} {expr}")
                    out.append(f"\t_ [0]struct{{}} = [{gexpr} - C.{macro}]struct{{}}{{}}")
                    out.append(f"\t_ [0]struct{{}} = [C.{macro} - {gexpr}]struct{{}}{{}}")
            else:
                macro = f"{self.api.macro_prefix}OFFSET_{g}_{gf}"
                self.layout_macros.append(f"#define {macro} offsetof({ctype}, {cf})")
                gexpr = f"unsafe.Offsetof({g}{{}}.{gf})"
                out.append(f"\t_ [0]struct{{}} = [{gexpr} - C.{macro}]struct{{}}{{}}")
                out.append(f"\t_ [0]struct{{}} = [C.{macro} - {gexpr}]struct{{}}{{}}")
        out += [")", ""]
        return out

    def union_storage(self, members):
        """A Go array element type giving the union's alignment (uint64 for 8, ...)."""
        align = 1
        for mb in members:
            t = mb.type
            a = 8 if t.ptr else {"uint8": 1, "int8": 1, "bool": 1, "byte": 1, "uint16": 2, "int16": 2,
                                 "uint32": 4, "int32": 4}.get(self.scalar_go(t), 8)
            align = max(align, a)
        return {1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}[align]

    def scalar_go(self, t):
        base = t.base
        td = self.resolve(base)
        if td is not None:
            base = td.base
        if base in self.enum_types:
            return "uint32"
        return GO_SCALARS.get(base, "other")

    def function(self, f):
        name = self.name(f.name) if f.name.startswith(self.api.name_prefix) else camel(f.name)
        params, args = [], []
        for p in f.params:
            pn = lower_first(camel(p.name))
            if pn in GO_KEYWORDS:
                pn += "_"
            params.append(f"{pn} {self.go_type(p.type)}")
            args.append(self.to_c(p.type, pn))
        call = f"C.{f.name}({', '.join(args)})"
        doc = with_doc(f"// {name} calls {f.prototype()}", f.doc)
        if f.ret.base == "void" and f.ret.ptr == 0:
            return doc + [f"func {name}({', '.join(params)}) {{", f"\t{call}", "}", ""]
        return doc + [f"func {name}({', '.join(params)}) {self.go_type(f.ret)} {{",
                f"\treturn {self.from_c(f.ret, call)}", "}", ""]


PREAMBLE = """/*
#cgo pkg-config: {module}
{defines}#include <stddef.h>
#include <stdio.h>
{headers}{macros}*/
import "C"
"""


def go_file(model, api, package, body, build_tag=None, experimental=False, imports=(), macros=()):
    lines = [api.banner("//", GENERATOR, model).rstrip("\n"), ""]
    if build_tag:
        lines = [f"//go:build {build_tag}", ""] + lines
    lines.append(f"package {package}")
    lines.append("")
    lines.append(api.preamble.format(defines=f"#define {api.allow_experimental}\n" if experimental else "",
                                     macros="".join(m + "\n" for m in macros)))
    lines.append("import (")
    lines += [f'\t"{i}"' for i in imports] + ['\t"unsafe"', ")", ""]
    lines.append("var _ unsafe.Pointer")
    lines.append("")
    return "\n".join(lines + body)


def flexio_version(model):
    a, b, c = model.version
    return [f"\t// FLEXIO_BINDINGS_API_VERSION is the API edition this layer was generated from: "
            f"FLEXIO_VER({a}, {b}, {c}).",
            f"\tFLEXIO_BINDINGS_API_VERSION = {model.version_value:#x}"]


def doca_release(model):
    a, b, c = model.version
    return [f"\t// DOCA_BINDINGS_RELEASE is the DOCA release this layer was generated from: DOCA_VER({a}, {b}, {c}).",
            f"\tDOCA_BINDINGS_RELEASE = {model.version_value:#x}"]


FLEXIO = Api("flexio_", "FLEXIO_GO_", flexio_version, capi_model.EXTERNAL_TYPES,
             PREAMBLE.replace("{module}", "flexio").replace("{headers}", "#include <libflexio/flexio.h>\n"),
             "flexio_experimental", "FLEXIO_ALLOW_EXPERIMENTAL_API", capi_model.banner)
# The cgo preamble of DOCA: the newest release (no DOCA_VER_USED: pkg-config's doca-common of the
# newest release selects it too).  doca-dma's and doca-dpa's Libs only when the layer has DOCA DMA, DPA.
DOCA = Api("doca_", "OPENDOCA_GO_", doca_release, doca_model.EXTERNAL_TYPES, "", "doca_experimental",
           doca_model.ALLOW_EXPERIMENTAL, doca_model.banner)


def functions(g, fs, variadic_note):
    out = []
    for f in fs:
        if f.variadic:
            out += [f"// {f.name} is variadic: cgo cannot call it{variadic_note}.", ""]
            continue
        out += g.function(f)
    return out


def gofmt(text):
    r = subprocess.run(["gofmt"], input=text, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"gen_go: gofmt failed:\n{r.stderr}")
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE.parent)
    args = ap.parse_args()
    model = capi_model.load()
    g = Gen(model, FLEXIO)
    body = g.types()
    body.append("// rdma-core calls that open a device (libflexio serves them).")
    for f in model.device_functions:
        body += g.function(f)
    body.append("// Stable functions.")
    body += functions(g, model.stable, " (see ProcessCallArgs, experimental)")
    capi_model.write_if_changed(args.out / "capi" / "zcapi.go",
                                gofmt(go_file(model, FLEXIO, "capi", body, macros=g.layout_macros)))

    exp = ["// Experimental functions (FLEXIO_EXPERIMENTAL): built with -tags flexio_experimental only.", ""]
    for f in model.experimental:
        exp += g.function(f)
    capi_model.write_if_changed(args.out / "capi" / "zcapi_experimental.go",
                                gofmt(go_file(model, FLEXIO, "capi", exp, build_tag="flexio_experimental",
                                              experimental=True)))
    xbody = []
    g.prefix = "capi."
    for f in model.experimental:
        xbody += g.function(f)
    capi_model.write_if_changed(args.out / "internal" / "xcapi" / "zxcapi.go",
                                gofmt(go_file(model, FLEXIO, "xcapi", xbody, experimental=True,
                                              imports=(f"{MODULE}/capi",))))

    doca = doca_model.load()
    modules = " ".join(lib.replace("_", "-") for lib in doca_model.libraries(doca))
    api = dataclasses.replace(DOCA, preamble=PREAMBLE.replace("{module}", modules).replace(
        "{headers}", "".join(f"#include <{h}>\n" for h in doca_model.HEADER_NAMES)))
    g = Gen(doca, api)
    body = g.types() + ["// Stable functions."] + functions(g, doca.stable, "")
    capi_model.write_if_changed(args.out / "doca" / "capi" / "zcapi.go",
                                gofmt(go_file(doca, api, "capi", body, macros=g.layout_macros)))
    exp = ["// Experimental functions (DOCA_EXPERIMENTAL): built with -tags doca_experimental only.", ""]
    exp += functions(g, doca.experimental, "")
    capi_model.write_if_changed(args.out / "doca" / "capi" / "zcapi_experimental.go",
                                gofmt(go_file(doca, api, "capi", exp, build_tag="doca_experimental",
                                              experimental=True)))


if __name__ == "__main__":
    main()
