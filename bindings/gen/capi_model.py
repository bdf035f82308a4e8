"""The C API as the binding generators see it, read from capi/ (shared by bindings/*/gen).

What a binding covers: the functions the current edition (FLEXIO_CURRENT_VERSION) of
<libflexio/flexio.h> declares AND capi/libflexio.map exports (FLEXIO_1.0, FLEXIO_1.1,
FLEXIO_EXPERIMENTAL; older-edition-only forms, and the experimental additions only the older
edition declares, are not declared by the current edition so they drop out), plus the few
rdma-core calls that open a device (DEVICE_FUNCTIONS, which libflexio exports with rdma-core's
symbol versions, core/providers/sim/verbs/libflexio_verbs.map).  Adding a function
to the header and the map and regenerating extends every binding.

How: clang reads the header (its JSON AST, bindings/gen/clang_ast.py; FLEXIO_ALLOW_EXPERIMENTAL_API
defined, so the FLEXIO_EXPERIMENTAL marker shows as section(".text.experimental")); the
declarations written in capi/include become the model, each with its comment (Doc: brief,
details, @param, @return, @since, ...) for the generators to carry into the bindings' docs.
type_decls renders the types back as C (one line each; enum constants as written).  The
version scripts are read by abi/version_script.py, the parser abi/check_symbols.py uses too.
Integer macros are evaluated by the preprocessor.  A function is experimental when its
declaration says so; the map must agree (else generation fails).
"""
from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import clang_ast
from clang_ast import Doc, doc_of

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "abi"))
import version_script  # noqa: E402

# FLEXIO_CAPI_DIR: another copy of capi/ (the regeneration self-test uses a modified one).
CAPI = Path(os.environ.get("FLEXIO_CAPI_DIR") or ROOT / "capi")
INCLUDE = CAPI / "include"
MAP = CAPI / "libflexio.map"
VERBS_MAP = ROOT / "core" / "providers" / "sim" / "verbs" / "libflexio_verbs.map"
HEADERS = [INCLUDE / "libflexio" / "flexio.h", INCLUDE / "libflexio" / "flexio_ext.h",
           INCLUDE / "libflexio" / "flexio_ver.h",
           INCLUDE / "common" / "flexio_common.h"]

# The rdma-core calls the idiomatic layers use to open a device (libflexio serves them).
DEVICE_FUNCTIONS = ["ibv_get_device_list", "ibv_free_device_list", "ibv_get_device_name",
                    "ibv_open_device", "ibv_close_device"]
# Types the API uses that capi/ does not define (rdma-core's, libc's), and what bindings need of
# them: 'opaque' (only pointers), 'integer', or 'gid' (union ibv_gid by value: 16 bytes, 8-aligned).
# A new outside type used by the API makes generation fail until it is listed here.
EXTERNAL_TYPES = {
    "struct ibv_context": "opaque", "struct ibv_pd": "opaque", "struct ibv_device": "opaque",
    "struct mlx5dv_devx_obj": "opaque",
    "union ibv_gid": "gid", "FILE": "opaque", "pthread_t": "integer", "va_list": "opaque",
}
BUILTIN_TYPES = {"void", "char", "int", "unsigned int", "long", "unsigned long", "unsigned long long", "bool",
                 "_Bool", "size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t",
                 "int64_t", "uintptr_t", "..."}
# Map nodes whose functions bindings cover (the rest of libflexio_verbs.map is rdma-core's).
FLEXIO_NODES = ("FLEXIO_1.0", "FLEXIO_1.1", "FLEXIO_EXPERIMENTAL")
# Macros of the headers that are markers or edition selection, not API constants.
NOT_CONSTANTS = {"FLEXIO_STABLE", "FLEXIO_EXPERIMENTAL", "FLEXIO_VER_USED", "FLEXIO_VER_EFFECTIVE",
                 "FLEXIO_EDITION_OLD"}


class ModelError(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# Types


@dataclasses.dataclass(frozen=True)
class CType:
    """base: 'uint32_t', 'struct flexio_qmem', 'flexio_process', 'void', ... ; ptr: pointer depth
    (pointee qualifiers kept in const); array: element count or None."""
    base: str
    ptr: int = 0
    const: bool = False
    array: int | None = None

    def c(self, name: str = "") -> str:
        s = ("const " if self.const else "") + self.base + " " + "*" * self.ptr + name
        if self.array is not None:
            s += f"[{self.array}]"
        return re.sub(r"\s+", " ", s).replace(" *", " *").strip()


@dataclasses.dataclass
class Field:
    name: str | None          # None: an anonymous union/struct
    type: CType | None
    members: list["Field"] | None = None  # anonymous union members
    kind: str = ""                         # 'union' or 'struct' for anonymous members
    doc: Doc = dataclasses.field(default_factory=Doc)


@dataclasses.dataclass
class Record:
    kind: str                 # 'struct' or 'union'
    tag: str
    fields: list[Field] | None  # None: opaque (only declared)
    typedef: str | None = None
    doc: Doc = dataclasses.field(default_factory=Doc)


@dataclasses.dataclass
class Enum:
    tag: str | None
    values: list[tuple[str, int]]
    typedef: str | None = None
    doc: Doc = dataclasses.field(default_factory=Doc)
    value_docs: dict[str, Doc] = dataclasses.field(default_factory=dict)  # constant name -> its comment


@dataclasses.dataclass
class Param:
    name: str
    type: CType


@dataclasses.dataclass
class Function:
    name: str
    ret: CType
    params: list[Param]
    experimental: bool
    node: str = ""            # version node (the newest one that lists it)
    header: str = ""          # which header declared it (relative to capi/include)
    doc: Doc = dataclasses.field(default_factory=Doc)  # @param texts in doc.params by parameter name

    @property
    def variadic(self) -> bool:
        return bool(self.params) and self.params[-1].name == "..."

    def prototype(self) -> str:
        ps = ", ".join("..." if p.name == "..." else p.type.c(p.name) for p in self.params) or "void"
        return f"{self.ret.c(self.name)}({ps});"


@dataclasses.dataclass
class Model:
    version: tuple[int, int, int]          # FLEXIO_CURRENT_VERSION of the headers
    functions: list[Function]              # exported flexio functions, declaration order
    device_functions: list[Function]       # DEVICE_FUNCTIONS
    records: dict[str, Record]             # by tag ("struct flexio_app_attr")
    enums: list[Enum]
    typedefs: dict[str, CType]             # name -> aliased type (non-record, non-enum)
    func_typedefs: dict[str, str]          # function-type typedefs: name -> C text
    constants: list[tuple[str, int]]       # integer macros
    type_decls: list[str]                  # every type declaration as clean C, in order
    typedef_docs: dict[str, Doc]           # typedef name (typedefs, func_typedefs) -> its comment
    # the func_typedefs that are pointers to a function type ('typedef void (*name)(...)'), DOCA's
    # callbacks: values of these types are function addresses, not opaque objects
    fnptr_typedefs: set[str] = dataclasses.field(default_factory=set)

    @property
    def version_value(self) -> int:
        a, b, c = self.version
        return (a << 24) | (b << 16) | c

    def used_types(self):
        """Base names of every type used by fields, typedefs and the covered functions."""
        out = set()

        def fields(fs):
            for f in fs:
                if f.members is not None:
                    fields(f.members)
                else:
                    out.add(f.type.base)
        for r in self.records.values():
            if r.fields:
                fields(r.fields)
        for t in self.typedefs.values():
            out.add(t.base)
        for f in self.functions + self.device_functions:
            out.add(f.ret.base)
            out.update(p.type.base for p in f.params)
        for text in self.func_typedefs.values():
            out.update(w for w in ("va_list",) if w in text)
        return out

    @property
    def stable(self):
        return [f for f in self.functions if not f.experimental]

    @property
    def experimental(self):
        return [f for f in self.functions if f.experimental]


# ----------------------------------------------------------------------------------------------
# Integer macros (the preprocessor expands them; the AST does not hold macros)


def _cc() -> str:
    return os.environ.get("CC", "cc")


def preprocess(source: str, extra: list[str] | None = None, include: Path | None = None) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(source)
        name = f.name
    try:
        return subprocess.run([_cc(), "-E", "-I", str(include or INCLUDE), *(extra or []), name], check=True,
                              capture_output=True, text=True).stdout
    finally:
        os.unlink(name)


def eval_int(expr: str, known: dict[str, int] | None = None) -> int:
    e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b", r"\1", expr)
    e = re.sub(r"\(\s*(unsigned|signed|int|long|char|short|\s)+\)", "", e)  # casts to int types
    for name, v in (known or {}).items():
        e = re.sub(rf"\b{name}\b", str(v), e)
    if not re.fullmatch(r"[\s0-9a-fA-FxX()+\-*/%<>|&^~]*", e):
        raise ModelError(f"not an integer constant expression: {expr}")
    return int(eval(e.replace("/", "//"), {"__builtins__": {}}))  # noqa: S307 - checked above


# ----------------------------------------------------------------------------------------------
# The headers, through clang


def _ast(defines: str) -> dict:
    try:
        return clang_ast.dump(defines + "#include <libflexio/flexio.h>\n", ["-I", str(INCLUDE)])
    except clang_ast.AstError as e:
        raise ModelError(str(e)) from e


def _top_level(ast: dict, keep) -> list[dict]:
    """The top-level declarations written in files for which keep(path) is true."""
    return [n for n in ast.get("inner", [])
            if not n.get("isImplicit") and n.get("loc", {}).get("_file") and keep(n["loc"]["_file"])]


_QUALS = {"const", "volatile", "restrict", "__restrict", "extern", "static", "inline"}


def ctype(spelling: str) -> CType:
    """A type as clang spells it ('const char *', 'uint64_t [32]', 'struct flexio_qp **')."""
    text = spelling.strip()
    array = None
    m = re.search(r"\[\s*(\d*)\s*\]$", text)
    if m:
        array = int(m.group(1)) if m.group(1) else 0
        text = text[:m.start()].strip()
    if "(" in text:
        raise ModelError(f"function pointer types need a typedef in the header: {spelling}")
    ptr = text.count("*")
    words = text.replace("*", " ").split()
    const = "const" in words
    # clang spells _Bool "bool" once <stdbool.h> defined the macro; the model keeps C's own name.
    words = ["_Bool" if w == "bool" else w for w in words if w not in _QUALS]
    if not words or (words[0] in ("struct", "union", "enum") and len(words) != 2):
        raise ModelError(f"cannot read the type '{spelling}'")
    return CType(" ".join(words), ptr, const, array)


def _contains(outer: dict, inner: dict) -> bool:
    """Whether inner's source range lies within outer's (same file)."""
    ob, oe = (clang_ast.expansion(outer["range"][k]) for k in ("begin", "end"))
    ib, ie = (clang_ast.expansion(inner["range"][k]) for k in ("begin", "end"))
    return (ob.get("_file") == ib.get("_file") and ob["offset"] <= ib["offset"]
            and ie["offset"] <= oe["offset"])


# Declarations that are no part of a binding: file-scope asm (.symver of the older forms), static asserts.
_NOT_API = {"FileScopeAsmDecl", "StaticAssertDecl"}


class _Reader:
    """Builds the model's types and functions from top-level declaration nodes, in order."""

    def __init__(self, sources: clang_ast.Sources, include: Path | None = None):
        self.sources = sources
        self.include = include or INCLUDE  # Function.header is relative to it
        self.records: dict[str, Record] = {}
        self.enums: list[Enum] = []
        self.typedefs: dict[str, CType] = {}
        self.func_typedefs: dict[str, str] = {}
        self.typedef_docs: dict[str, Doc] = {}
        self.fnptr_typedefs: set[str] = set()
        self.decls: list[str] = []
        self.functions: dict[str, Function] = {}

    def read(self, nodes: list[dict]):
        for i, node in enumerate(nodes):
            following = nodes[i + 1] if i + 1 < len(nodes) else None
            # 'typedef struct tag { ... } name;': the tag's node, then the typedef's, which holds it
            owner = following if (following is not None and following["kind"] == "TypedefDecl"
                                  and _contains(following, node)) else None
            kind = node["kind"]
            if kind == "RecordDecl":
                self.record(node, owner)
            elif kind == "EnumDecl":
                self.enum(node, owner)
            elif kind == "TypedefDecl":
                previous = nodes[i - 1] if i else None
                defines_tag = (previous is not None and previous["kind"] in ("RecordDecl", "EnumDecl")
                               and _contains(node, previous)
                               and (previous["kind"] == "EnumDecl" or previous.get("completeDefinition")))
                if not defines_tag:
                    self.typedef(node)
            elif kind == "FunctionDecl":
                f = self.function(node)
                self.functions[f.name] = f
            elif kind not in _NOT_API:
                raise ModelError(f"{node.get('name')}: the header declares a {kind}, which bindings do not cover")

    def record(self, node: dict, owner: dict | None):
        kind, tag = node["tagUsed"], node.get("name", "")
        key = f"{kind} {tag}"
        if not node.get("completeDefinition"):
            if owner is None:  # 'struct tag;'
                self.records.setdefault(key, Record(kind, tag, None, doc=doc_of(node)))
                self.decls.append(f"{key};")
            return  # 'typedef struct tag name;' is the typedef's
        typedef = owner["name"] if owner else None
        fields = self.fields(node)
        self.records[key] = Record(kind, tag, fields, typedef, doc_of(node) or (doc_of(owner) if owner else Doc()))
        text = f"{key} {{ {_render_fields(fields)} }}"
        self.decls.append(f"typedef {text} {typedef};" if typedef else f"{text};")

    def fields(self, node: dict) -> list[Field]:
        fields = []
        members = [n for n in node.get("inner", []) if n["kind"] in ("FieldDecl", "RecordDecl")]
        for i, m in enumerate(members):
            if m["kind"] == "RecordDecl":
                if not m.get("name"):  # an anonymous union/struct (its implicit FieldDecl follows)
                    fields.append(Field(None, None, self.fields(m), m["tagUsed"], doc_of(m)))
                elif m.get("completeDefinition"):
                    raise ModelError(f"{m['tagUsed']} {m['name']}: records defined inside records are not supported")
                continue
            if m.get("isImplicit"):
                continue
            if "name" not in m:
                raise ModelError(f"{node.get('name')}: a field without a name")
            if m.get("isBitfield"):
                raise ModelError(f"{node.get('name')}.{m['name']}: bit-fields are not supported")
            fields.append(Field(m["name"], ctype(m["type"]["qualType"]), doc=doc_of(m)))
        return fields

    def enum(self, node: dict, owner: dict | None):
        values, docs, items = [], {}, []
        constants = [n for n in node.get("inner", []) if n["kind"] == "EnumConstantDecl"]
        following = -1
        for c in constants:
            init = next((n for n in c.get("inner", []) if n["kind"] == "ConstantExpr"), None)
            if init is None:
                following += 1
                items.append(c["name"])
            else:
                following = int(init["value"])
                items.append(f"{c['name']} = {clang_ast.c_text(self.sources.range_text(init))}")
            values.append((c["name"], following))
            if doc_of(c):
                docs[c["name"]] = doc_of(c)
        typedef = owner["name"] if owner else None
        self.enums.append(Enum(node.get("name"), values, typedef, doc_of(node) or (doc_of(owner) if owner else Doc()),
                               docs))
        # The list as written: with or without a comma after the last constant.
        tail = self.sources.text(clang_ast.expansion(constants[-1]["range"]["end"]),
                                 clang_ast.expansion(node["range"]["end"])) if constants else ""
        body = ", ".join(items) + ("," if "," in clang_ast.c_text(tail) else "")
        head = f"enum {node['name']}" if node.get("name") else "enum"
        text = f"{head} {{ {body} }}"
        self.decls.append(f"typedef {text} {typedef};" if typedef else f"{text};")

    def typedef(self, node: dict):
        name = node["name"]
        self.typedef_docs[name] = doc_of(node) or clang_ast.trailing_doc(self.sources, node)
        aliased = node["inner"][0]
        while aliased["kind"] == "ParenType":
            aliased = aliased["inner"][0]
        pointee = aliased
        if aliased["kind"] == "PointerType":
            pointee = aliased["inner"][0]
            while pointee["kind"] == "ParenType":
                pointee = pointee["inner"][0]
        # 'typedef void(name)(params)', 'typedef void (*name)(params)': kept as written
        if pointee["kind"] == "FunctionProtoType":
            text = clang_ast.c_text(self.sources.range_text(node)) + ";"
            self.func_typedefs[name] = text
            if pointee is not aliased:
                self.fnptr_typedefs.add(name)
            self.decls.append(text)
            return
        t = ctype(node["type"]["qualType"])
        self.typedefs[name] = t
        if t.base.startswith(("struct ", "union ")) and t.ptr == 0:
            kind, tag = t.base.split()
            rec = self.records.setdefault(t.base, Record(kind, tag, None))
            rec.typedef = rec.typedef or name
        self.decls.append(f"typedef {t.c(name)};")

    def function(self, node: dict) -> Function:
        m = re.match(r"^([^()]*)\((.*)\)$", node["type"]["qualType"])
        if not m:
            raise ModelError(f"{node['name']}: cannot read its type {node['type']['qualType']}")
        params = [Param(p.get("name") or f"arg{i}", ctype(p["type"]["qualType"]))
                  for i, p in enumerate(n for n in node.get("inner", []) if n["kind"] == "ParmVarDecl")]
        if m.group(2).endswith("..."):
            params.append(Param("...", CType("...")))
        experimental = any(a["kind"] == "SectionAttr" and ".text.experimental" in self.sources.text(
            clang_ast.spelling(a["range"]["begin"]), clang_ast.spelling(a["range"]["end"]))
            for a in node.get("inner", []))
        path = Path(node["loc"]["_file"])
        header = str(path.relative_to(self.include)) if path.is_relative_to(self.include) else path.name
        return Function(node["name"], ctype(m.group(1)), params, experimental, header=header, doc=doc_of(node))


def _render_fields(fields: list[Field]) -> str:
    return " ".join(f"{f.kind} {{ {_render_fields(f.members)} }};" if f.members is not None else f"{f.type.c(f.name)};"
                    for f in fields)


def _in_capi(path: str) -> bool:
    return Path(path).resolve().is_relative_to(INCLUDE.resolve())


def load() -> Model:
    script = version_script.read(MAP)
    verbs_script = version_script.read(VERBS_MAP)
    exported: dict[str, str] = {}
    for node in FLEXIO_NODES:
        if node in script:
            for name in script.node(node).global_names:
                exported[name] = node
    for name in DEVICE_FUNCTIONS:
        found = verbs_script.node_of(name)
        if found is None or found[1] != version_script.GLOBAL or not found[0].name.startswith("IBVERBS_"):
            raise ModelError(f"{name} is not exported by libflexio ({VERBS_MAP.name})")

    sources = clang_ast.Sources()
    ast = _ast("#define FLEXIO_ALLOW_EXPERIMENTAL_API\n")
    reader = _Reader(sources)
    reader.read(_top_level(ast, _in_capi))

    # rdma-core's device calls, from verbs.h
    verbs = {n["name"]: n for n in _top_level(ast, lambda p: p.endswith("infiniband/verbs.h"))
             if n["kind"] == "FunctionDecl"}
    device_functions = []
    for name in DEVICE_FUNCTIONS:
        if name not in verbs:
            raise ModelError(f"{name} is not declared by infiniband/verbs.h")
        f = _Reader(sources).function(verbs[name])
        f.header = "infiniband/verbs.h"
        f.node = "IBVERBS"
        device_functions.append(f)

    functions = []
    for name, f in reader.functions.items():
        if name not in exported:
            continue  # declared, not implemented yet
        node = exported[name]
        if f.experimental != (node == "FLEXIO_EXPERIMENTAL"):
            raise ModelError(f"{name}: declared {'experimental' if f.experimental else 'stable'} "
                             f"but listed in {node} of {MAP.name}")
        f.node = node
        functions.append(f)
    missing = sorted(set(exported) - set(reader.functions))
    # Exported but not declared by the current edition: the older edition's own forms (FLEXIO_1.0),
    # and OpenFlexIO's experimental additions for what only that edition has (flexio_ext.h's
    # emulated devices), which the older edition declares experimental.
    older: dict[str, Function] = {}
    if any(exported[name] != "FLEXIO_1.0" for name in missing):
        old_reader = _Reader(sources)
        old_reader.read(_top_level(_ast("#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)\n"
                                        "#define FLEXIO_ALLOW_EXPERIMENTAL_API\n"), _in_capi))
        older = old_reader.functions
    for name in missing:
        if exported[name] == "FLEXIO_1.0":
            continue
        if exported[name] == "FLEXIO_EXPERIMENTAL" and name in older and older[name].experimental:
            continue
        raise ModelError(f"{name} is exported in {exported[name]} but not declared by flexio.h")

    values = integer_macros(HEADERS, "FLEXIO_", NOT_CONSTANTS, "#include <libflexio/flexio.h>\n")
    constants = list(values.items())
    cv = values["FLEXIO_CURRENT_VERSION"]
    version = (cv >> 24 & 0xFF, cv >> 16 & 0xFF, cv & 0xFFFF)

    model = Model(version, functions, device_functions, reader.records, reader.enums, reader.typedefs,
                  reader.func_typedefs, constants, reader.decls, reader.typedef_docs)
    check_types(model, EXTERNAL_TYPES, "capi/")
    return model


def integer_macros(headers: list[Path], prefix: str, not_constants: set[str], source: str,
                   include: Path | None = None) -> dict[str, int]:
    """The integer macros named prefix* that headers define (not function-like, not in
    not_constants), evaluated by the preprocessor after source (which includes the headers), in
    the order the headers define them; macros that are not integer constants are left out."""
    names = []
    for h in headers:
        for m in re.finditer(rf"^\s*#\s*define\s+({prefix}\w+)(?!\()\s+\S", h.read_text(), re.M):
            if m.group(1) not in not_constants and m.group(1) not in names:
                names.append(m.group(1))
    probe = source + "".join(f'"@@{n}" {n}\n' for n in names)
    values = {}
    for line in preprocess(probe, include=include).splitlines():
        m = re.match(r'"@@(\w+)" (.*)$', line)
        if m and m.group(2).strip() != m.group(1):
            try:
                values[m.group(1)] = eval_int(m.group(2))
            except ModelError:
                pass  # not an integer
    return {n: values[n] for n in names if n in values}


def check_types(model: Model, external: dict[str, str], where: str):
    """Every type the covered API uses is defined by its headers or listed in external."""
    known = (set(model.records) | set(model.typedefs) | set(model.func_typedefs) | BUILTIN_TYPES
             | {f"enum {e.tag}" for e in model.enums if e.tag} | {e.typedef for e in model.enums if e.typedef}
             | {r.typedef for r in model.records.values() if r.typedef})
    for t in model.used_types():
        if t not in known and t not in external:
            raise ModelError(f"the API uses '{t}', defined outside {where}: add it to EXTERNAL_TYPES")


# ----------------------------------------------------------------------------------------------
# Output helpers


def _split_top(text: str) -> list[str]:
    """Top-level declarations; function definitions (static inline in system headers) are
    returned whole, ending at their closing brace."""
    decls, depth, cur, fn_def = [], 0, [], False
    for ch in text:
        cur.append(ch)
        if ch in "({[":
            if ch == "{" and depth == 0:
                fn_def = "".join(cur[:-1]).rstrip().endswith(")")
            depth += 1
        elif ch in ")}]":
            depth -= 1
            if ch == "}" and depth == 0 and fn_def:
                decls.append(re.sub(r"\s+", " ", "".join(cur)).strip())
                cur, fn_def = [], False
        elif ch == ";" and depth == 0:
            d = re.sub(r"\s+", " ", "".join(cur)).strip()
            if d != ";":
                decls.append(d)
            cur = []
    rest = "".join(cur).strip()
    if rest:
        raise ModelError(f"unterminated declaration: {rest[:80]}")
    return decls


def _split_commas(text: str) -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def pretty(decl: str, indent: str = "") -> str:
    """A one-line record or enum declaration laid out one member per line."""
    m = re.match(r"^([^{]*)\{(.*)\}([^}]*)$", decl)
    if not m:
        return indent + decl
    head, body, tail = m.groups()
    if head.strip().startswith("typedef enum") or head.strip().startswith("enum"):
        items = [indent + "\t" + i + "," for i in _split_commas(body)]
    else:
        items = [pretty(i.strip(), indent + "\t") for i in _split_top(body)]
    return f"{indent}{head.strip()} {{\n" + "\n".join(items) + f"\n{indent}}}{tail}"


def banner(comment: str, generator: str, model: Model) -> str:
    a, b, c = model.version
    return (f"{comment} Code generated by {generator} from capi/ (API edition {a}.{b}.{c}); DO NOT EDIT.\n"
            f"{comment} Regenerate: python3 {generator}   (checked by the ctest bindings.regen.*)\n")


def write_if_changed(path: Path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


if __name__ == "__main__":
    m = load()
    print("edition", m.version)
    for f in m.functions:
        print(("X " if f.experimental else "  ") + f.node.ljust(20) + f.prototype())
    for f in m.device_functions:
        print("D " + f.prototype())
    print(m.constants)
    for r in m.records.values():
        print(r.kind, r.tag, r.typedef, None if r.fields is None else [x.name for x in r.fields])
