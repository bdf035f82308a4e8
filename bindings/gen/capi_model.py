"""The C API as the binding generators see it, read from capi/ (shared by bindings/*/gen).

What a binding covers: the functions the current edition (FLEXIO_CURRENT_VERSION) of
<libflexio/flexio.h> declares AND capi/libflexio.map exports (FLEXIO_1.0, FLEXIO_1.1,
FLEXIO_EXPERIMENTAL; older-edition-only forms, and the experimental additions only the older
edition declares, are not declared by the current edition so they drop out), plus the few
rdma-core calls that open a device (DEVICE_FUNCTIONS, which libflexio exports with rdma-core's
symbol versions, core/verbs/libflexio_verbs.map).  Adding a function
to the header and the map and regenerating extends every binding.

How: the header is preprocessed with `cc -E` (FLEXIO_ALLOW_EXPERIMENTAL_API defined, so the
FLEXIO_EXPERIMENTAL marker shows as section(".text.experimental")); the text that came from
capi/include is split into top-level declarations and each is parsed by a small parser for the
C the header uses (typedefs, struct/union/enum definitions with anonymous unions, prototypes).
Integer macros are evaluated by the preprocessor.  A function is experimental when its
declaration says so; the map must agree (else generation fails).
"""
from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# FLEXIO_CAPI_DIR: another copy of capi/ (the regeneration self-test uses a modified one).
CAPI = Path(os.environ.get("FLEXIO_CAPI_DIR") or ROOT / "capi")
INCLUDE = CAPI / "include"
MAP = CAPI / "libflexio.map"
VERBS_MAP = ROOT / "core" / "verbs" / "libflexio_verbs.map"
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
BUILTIN_TYPES = {"void", "char", "int", "unsigned int", "long", "unsigned long", "bool", "_Bool", "size_t",
                 "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t", "int16_t", "int32_t", "int64_t",
                 "uintptr_t", "..."}
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


@dataclasses.dataclass
class Record:
    kind: str                 # 'struct' or 'union'
    tag: str
    fields: list[Field] | None  # None: opaque (only declared)
    typedef: str | None = None


@dataclasses.dataclass
class Enum:
    tag: str | None
    values: list[tuple[str, int]]
    typedef: str | None = None


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
    header: str = ""          # which header declared it

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
# Version scripts


def parse_map(path: Path) -> dict[str, list[str]]:
    text = re.sub(r"#[^\n]*|/\*.*?\*/", "", path.read_text(), flags=re.S)
    nodes = {}
    for m in re.finditer(r"([A-Za-z_][\w.]*)\s*\{(.*?)\}\s*[\w.]*\s*;", text, re.S):
        body = m.group(2)
        glob = body.split("local:")[0].replace("global:", "")
        nodes[m.group(1)] = [s.strip() for s in glob.split(";") if s.strip()]
    return nodes


# ----------------------------------------------------------------------------------------------
# Preprocessing and splitting


def _cc() -> str:
    return os.environ.get("CC", "cc")


def preprocess(source: str, extra: list[str] | None = None) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(source)
        name = f.name
    try:
        return subprocess.run([_cc(), "-E", "-I", str(INCLUDE), *(extra or []), name], check=True,
                              capture_output=True, text=True).stdout
    finally:
        os.unlink(name)


def _origin_text(pre: str, keep) -> str:
    """The lines of cc -E output that came from files for which keep(path) is true."""
    out, current = [], ""
    for line in pre.splitlines():
        m = re.match(r'#\s*\d+\s+"([^"]*)"', line)
        if m:
            current = m.group(1)
            continue
        if line.startswith("#"):
            continue
        if keep(current):
            out.append(line)
    return "\n".join(out)


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


def _strip_attributes(decl: str) -> tuple[str, str]:
    """decl without __attribute__((...)) and __asm__(...); returns (clean, attribute text)."""
    attrs, out, i = [], [], 0
    while i < len(decl):
        m = re.match(r"(__attribute__|__asm__|__extension__)\b\s*", decl[i:])
        if m:
            j = i + m.end()
            if m.group(1) == "__extension__":
                i = j
                continue
            if decl[j] != "(":
                raise ModelError(f"cannot parse attribute in {decl}")
            depth = 0
            for k in range(j, len(decl)):
                depth += decl[k] == "("
                depth -= decl[k] == ")"
                if depth == 0:
                    break
            attrs.append(decl[i:k + 1])
            i = k + 1
            continue
        out.append(decl[i])
        i += 1
    return re.sub(r"\s+", " ", "".join(out)).strip(), " ".join(attrs)


# ----------------------------------------------------------------------------------------------
# Declarations

_QUALS = {"const", "volatile", "restrict", "__restrict", "extern", "static", "inline"}


def parse_type_and_name(text: str) -> tuple[CType, str | None]:
    """'const char *name' -> (CType('char', 1, const), 'name'); 'int [3]' style arrays allowed."""
    text = text.strip()
    array = None
    m = re.search(r"\[\s*(\w*)\s*\]$", text)
    if m:
        array = int(m.group(1), 0) if m.group(1) else 0
        text = text[:m.start()].strip()
    ptr = text.count("*")
    toks = text.replace("*", " ").split()
    const = "const" in toks
    toks = [t for t in toks if t not in _QUALS]
    name = None
    if toks and toks[0] in ("struct", "union", "enum"):
        base = " ".join(toks[:2])
        rest = toks[2:]
    else:
        # builtin multiword types
        multi = []
        while toks and toks[0] in ("unsigned", "signed", "long", "short", "int", "char"):
            multi.append(toks.pop(0))
        if multi:
            base, rest = " ".join(multi), toks
        else:
            base, rest = toks[0], toks[1:]
    if rest:
        if len(rest) != 1:
            raise ModelError(f"cannot parse declarator '{text}'")
        name = rest[0]
    return CType(base, ptr, const, array), name


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


def _parse_fields(body: str) -> list[Field]:
    fields = []
    for d in _split_top(body):
        d = d.rstrip(";").strip()
        m = re.match(r"^(union|struct)\s*\{(.*)\}$", d)
        if m:  # anonymous member
            fields.append(Field(None, None, _parse_fields(m.group(2)), m.group(1)))
            continue
        if "{" in d:
            raise ModelError(f"nested named record not supported: {d}")
        # 'int a, b' is not used by the header; one declarator per field
        t, name = parse_type_and_name(d)
        if not name:
            raise ModelError(f"field without a name: {d}")
        fields.append(Field(name, t))
    return fields


def _parse_enum_body(body: str, known: dict[str, int]) -> list[tuple[str, int]]:
    values, nxt = [], 0
    for item in _split_commas(body):
        if "=" in item:
            name, expr = (s.strip() for s in item.split("=", 1))
            nxt = eval_int(expr, known)
        else:
            name = item.strip()
        values.append((name, nxt))
        known[name] = nxt
        nxt += 1
    return values


def eval_int(expr: str, known: dict[str, int] | None = None) -> int:
    e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b", r"\1", expr)
    e = re.sub(r"\(\s*(unsigned|signed|int|long|char|short|\s)+\)", "", e)  # casts to int types
    for name, v in (known or {}).items():
        e = re.sub(rf"\b{name}\b", str(v), e)
    if not re.fullmatch(r"[\s0-9a-fA-FxX()+\-*/%<>|&^~]*", e):
        raise ModelError(f"not an integer constant expression: {expr}")
    return int(eval(e.replace("/", "//"), {"__builtins__": {}}))  # noqa: S307 - checked above


def _parse_decls(text: str, model_parts: dict, functions: dict, origin: str):
    records, enums, typedefs, ftypedefs, decls = (model_parts[k] for k in
                                                  ("records", "enums", "typedefs", "ftypedefs", "decls"))
    known = model_parts["enum_values"]
    for raw in _split_top(text):
        d, attrs = _strip_attributes(raw)
        d = d.rstrip(";").strip()
        if not d:
            continue
        is_typedef = d.startswith("typedef ")
        body_d = d[len("typedef "):] if is_typedef else d
        m = re.match(r"^(struct|union|enum)\s*(\w*)\s*\{(.*)\}\s*(\w*)$", body_d)
        if m:
            kind, tag, body, tdname = m.groups()
            if kind == "enum":
                e = Enum(tag or None, _parse_enum_body(body, known), tdname or None)
                enums.append(e)
            else:
                key = f"{kind} {tag}"
                records[key] = Record(kind, tag, _parse_fields(body), tdname or None)
            decls.append(d + ";")
            continue
        m = re.match(r"^(struct|union)\s+(\w+)$", body_d)
        if m and not is_typedef:  # forward declaration
            key = f"{m.group(1)} {m.group(2)}"
            records.setdefault(key, Record(m.group(1), m.group(2), None))
            decls.append(d + ";")
            continue
        if is_typedef:
            fm = re.match(r"^(.*)\(\s*(\w+)\s*\)\s*\((.*)\)$", body_d)
            if fm:  # function type: typedef void(name)(params)
                ftypedefs[fm.group(2)] = d + ";"
                decls.append(d + ";")
                continue
            t, name = parse_type_and_name(body_d)
            typedefs[name] = t
            key = t.base
            if key.startswith(("struct ", "union ")) and t.ptr == 0:
                rec = records.setdefault(key, Record(key.split()[0], key.split()[1], None))
                rec.typedef = rec.typedef or name
            decls.append(d + ";")
            continue
        fm = re.match(r"^(.*?)\b(\w+)\s*\((.*)\)$", d)
        if not fm:
            raise ModelError(f"unrecognised declaration: {d}")
        ret, _ = parse_type_and_name(fm.group(1))
        params = []
        for i, p in enumerate(_split_commas(fm.group(3))):
            if p == "void":
                continue
            if p == "...":
                params.append(Param("...", CType("...")))
                continue
            t, n = parse_type_and_name(p)
            params.append(Param(n or f"arg{i}", t))
        functions[fm.group(2)] = Function(fm.group(2), ret, params,
                                          experimental=".text.experimental" in attrs, header=origin)


def load() -> Model:
    nodes = parse_map(MAP)
    verbs_nodes = parse_map(VERBS_MAP)
    exported: dict[str, str] = {}
    for node in FLEXIO_NODES:
        for name in nodes.get(node, []):
            exported[name] = node
    for name in DEVICE_FUNCTIONS:
        if not any(name in syms for n, syms in verbs_nodes.items() if n.startswith("IBVERBS_")):
            raise ModelError(f"{name} is not exported by libflexio ({VERBS_MAP.name})")

    pre = preprocess("#define FLEXIO_ALLOW_EXPERIMENTAL_API\n#include <libflexio/flexio.h>\n")
    include_dir = str(INCLUDE)
    parts = {"records": {}, "enums": [], "typedefs": {}, "ftypedefs": {}, "decls": [], "enum_values": {}}
    declared: dict[str, Function] = {}
    _parse_decls(_origin_text(pre, lambda p: p.startswith(include_dir)), parts, declared, "flexio.h")

    # rdma-core's device calls, parsed the same way from verbs.h
    verbs_text = _origin_text(pre, lambda p: p.endswith("infiniband/verbs.h"))
    vdecls = {}
    for raw in _split_top(verbs_text):
        d, _ = _strip_attributes(raw)
        for name in DEVICE_FUNCTIONS:
            if re.match(rf"^[\w\s\*]*\b{name}\s*\(", d):
                vdecls[name] = d
    device_functions = []
    for name in DEVICE_FUNCTIONS:
        if name not in vdecls:
            raise ModelError(f"{name} is not declared by infiniband/verbs.h")
        tmp = {}
        _parse_decls(vdecls[name], {"records": {}, "enums": [], "typedefs": {}, "ftypedefs": {}, "decls": [],
                                    "enum_values": {}}, tmp, "infiniband/verbs.h")
        f = tmp[name]
        f.node = "IBVERBS"
        device_functions.append(f)

    functions = []
    for name, f in declared.items():
        if name not in exported:
            continue  # declared, not implemented yet
        node = exported[name]
        if f.experimental != (node == "FLEXIO_EXPERIMENTAL"):
            raise ModelError(f"{name}: declared {'experimental' if f.experimental else 'stable'} "
                             f"but listed in {node} of {MAP.name}")
        f.node = node
        functions.append(f)
    missing = sorted(set(exported) - set(declared))
    # Exported but not declared by the current edition: the older edition's own forms (FLEXIO_1.0),
    # and OpenFlexIO's experimental additions for what only that edition has (flexio_ext.h's
    # emulated devices), which the older edition declares experimental.
    older: dict[str, Function] = {}
    if any(exported[name] != "FLEXIO_1.0" for name in missing):
        old_pre = preprocess("#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)\n"
                             "#define FLEXIO_ALLOW_EXPERIMENTAL_API\n#include <libflexio/flexio.h>\n")
        _parse_decls(_origin_text(old_pre, lambda p: p.startswith(include_dir)),
                     {"records": {}, "enums": [], "typedefs": {}, "ftypedefs": {}, "decls": [], "enum_values": {}},
                     older, "flexio.h")
    for name in missing:
        if exported[name] == "FLEXIO_1.0":
            continue
        if exported[name] == "FLEXIO_EXPERIMENTAL" and name in older and older[name].experimental:
            continue
        raise ModelError(f"{name} is exported in {exported[name]} but not declared by flexio.h")

    # Integer macros of the public headers, evaluated by the preprocessor.
    names = []
    for h in HEADERS:
        for m in re.finditer(r"^\s*#\s*define\s+(FLEXIO_\w+)(?!\()\s+\S", h.read_text(), re.M):
            if m.group(1) not in NOT_CONSTANTS and m.group(1) not in names:
                names.append(m.group(1))
    probe = "#include <libflexio/flexio.h>\n" + "".join(f'"@@{n}" {n}\n' for n in names)
    values = {}
    for line in preprocess(probe).splitlines():
        m = re.match(r'"@@(\w+)" (.*)$', line)
        if m and m.group(2).strip() != m.group(1):
            try:
                values[m.group(1)] = eval_int(m.group(2))
            except ModelError:
                pass  # not an integer (none today)
    constants = [(n, values[n]) for n in names if n in values]
    cv = values["FLEXIO_CURRENT_VERSION"]
    version = (cv >> 24 & 0xFF, cv >> 16 & 0xFF, cv & 0xFFFF)

    model = Model(version, functions, device_functions, parts["records"], parts["enums"], parts["typedefs"],
                 parts["ftypedefs"], constants, parts["decls"])
    known = (set(model.records) | set(model.typedefs) | set(model.func_typedefs) | BUILTIN_TYPES
             | {f"enum {e.tag}" for e in model.enums if e.tag} | {e.typedef for e in model.enums if e.typedef}
             | {r.typedef for r in model.records.values() if r.typedef})
    for t in model.used_types():
        if t not in known and t not in EXTERNAL_TYPES:
            raise ModelError(f"the API uses '{t}', defined outside capi/: add it to EXTERNAL_TYPES")
    return model


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
