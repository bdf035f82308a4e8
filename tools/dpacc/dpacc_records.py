"""dpacc: structs and unions passed by value to device functions.

The argument buffer carries such a parameter whole, as the DPA lays it out (riscv64 lp64). The
device unpack wrapper copies those bytes into a variable of the parameter's own type. The host
pack function cannot see that type (it is the device source's, and may come from device-only
headers), so dpacc writes a host type with the same members from clang's AST of the device
source: integers, enums (as int), pointers (as void *), float and double, arrays, nested structs
and unions, bit-fields, and the packed and aligned attributes. It has the host's layout; the
generated host code asserts (_Static_assert) that its size, alignment and member offsets are the
DPA's, which a probe compiled for the DPA measures on the parameter's real type: a struct whose
layout differs between the DPA and the host is refused when the host code is compiled. Being
built of the same kinds of members at the same offsets, the host type is also passed as the
real one is (the x86-64 and AArch64 calling conventions classify an aggregate by its members'
kinds and offsets), which is what lets the pack function read it with va_arg.
"""
import re

# What a member may be on both sides, with the same layout and representation (LP64 hosts).
INTEGERS = {"_Bool", "bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
            "long", "unsigned long", "long long", "unsigned long long", "__int128", "unsigned __int128"}
FLOATS = {"float", "double"}  # IEEE binary32/binary64 on the DPA (soft-float) and on the hosts
QUALIFIERS = re.compile(r"\b(const|volatile|restrict|__restrict)\b")
DIMENSIONS = re.compile(r"^(.*?)\s*((?:\[\d+\])+)$")
# Probes measure sizes up to this; a larger struct is refused anyway (the argument buffer is 4 KiB).
PROBE_LIMIT = 65536
PROBE_PREFIX = "__dpacc_probe_"
LAYOUT_MARK = "dpacc-layout"


class RecordError(Exception):
    """Why a record cannot travel by value (the caller adds the function and parameter)."""


def plain(type_name):
    """A type without its qualifiers (a by-value copy is a new object)."""
    return re.sub(r"\s+", " ", QUALIFIERS.sub("", type_name)).strip()


class RecordArg:
    """A struct or union parameter: its host type, the member paths whose offsets are compared,
    and (after the probe) the DPA's size, alignment and offsets."""

    def __init__(self, written, host_type, paths):
        self.written = written      # the parameter's own type, for the device wrapper and the probe
        self.host_type = host_type  # the host type's specifier ("struct { ... }")
        self.paths = paths          # offsetof designators ("in.b", "arr[0].x")
        self.size = self.align = None
        self.offsets = {}


class TypeIndex:
    """The records and typedefs of a translation unit, from clang's JSON AST, in declaration order."""

    def __init__(self):
        self.records = {}          # RecordDecl id -> node (complete definitions)
        self.tags = {}             # "struct NAME" / "union NAME" -> node
        self.typedef_records = {}  # typedef name -> RecordDecl id
        self.typedefs = {}         # typedef name -> underlying type

    def add(self, node):
        kind = node.get("kind")
        if kind == "RecordDecl":
            self._add_record(node)
        elif kind == "TypedefDecl":
            underlying = node["type"].get("desugaredQualType", node["type"]["qualType"])
            # An unnamed enum's or struct's typedef desugars to its own name; its qualType says "enum".
            self.typedefs[node["name"]] = node["type"]["qualType"] if underlying == node["name"] else underlying
            if re.fullmatch(r"(struct|union) [^*\[\]()]*|[A-Za-z_]\w*", plain(node["type"]["qualType"])):
                record = _record_type_id(node.get("inner", []))
                if record:
                    self.typedef_records[node["name"]] = record

    def _add_record(self, node):
        if node.get("completeDefinition"):
            self.records[node["id"]] = node
            if node.get("name"):
                self.tags[f"{node['tagUsed']} {node['name']}"] = node
        for child in node.get("inner", []):
            if child.get("kind") == "RecordDecl":
                self._add_record(child)

    def desugar(self, type_name):
        """The type behind the typedef names (clang gives none for results and array elements);
        a typedef of a struct or union stays (record_of resolves it)."""
        bare = plain(type_name)
        seen = set()
        while bare in self.typedefs and bare not in self.typedef_records and bare not in seen:
            seen.add(bare)
            bare = plain(self.typedefs[bare])
        return bare

    def record_of(self, type_name):
        """The record node a type names, or None if it names no complete struct or union."""
        name = self.desugar(type_name)
        if name in self.typedef_records:
            return self.records.get(self.typedef_records[name])
        return self.tags.get(name)

    def is_record(self, type_name):
        name = self.desugar(type_name)
        return name in self.typedef_records or bool(re.fullmatch(r"(struct|union) [^*\[\]]+", name))

    def record_arg(self, written):
        """The RecordArg of a parameter of type `written`; RecordError says why it cannot be one."""
        node = self.record_of(written)
        if node is None:
            raise RecordError("it is not a complete struct or union type")
        members, paths = self._members(node, "")
        return RecordArg(plain(written), self._specifier(node, members), paths)

    # ---- the host type ----------------------------------------------------------------------

    @staticmethod
    def _specifier(node, members):
        attributes = _attributes(node)
        attribute = f" __attribute__(({', '.join(attributes)}))" if attributes else ""
        return f"{node['tagUsed']}{attribute} {{ {' '.join(members)} }}"

    def _members(self, node, prefix):
        """The host declarations of a record's members, and the offsetof paths of its members
        (prefix: the path of the record itself, "" or "in." or "arr[0].")."""
        members, paths = [], []
        last_record = None  # an unnamed struct is declared just before the member of its type
        for child in node.get("inner", []):
            if child.get("kind") == "RecordDecl":
                last_record = child
            elif child.get("kind") == "FieldDecl":
                declaration, member_paths = self._member(child, last_record, prefix)
                members.append(declaration)
                paths += member_paths
        if not members:
            raise RecordError(f"{f'member {prefix[:-1]!r}' if prefix else 'it'} has no members")
        return members, paths

    def _member(self, field, last_record, prefix):
        """(declaration, offsetof paths) of one member of a record at prefix."""
        name = field.get("name", "")
        path = prefix + name
        label = f"member '{path}'" if name else f"an anonymous member{f' of {prefix[:-1]!r}' if prefix else ''}"
        written = field["type"].get("desugaredQualType", field["type"]["qualType"])
        if "_Atomic" in written:
            raise RecordError(f"{label} is atomic ('{written}')")
        if re.search(r"\(\*+\s*\[", written):
            raise RecordError(f"{label} is an array of pointers to functions or arrays ('{written}')")
        base, dims = plain(written), ""
        while True:
            if "(*" in base:
                base = "void *"  # a pointer to a function or to an array: a pointer
            match = DIMENSIONS.match(base)
            if match:
                base, dims = match.group(1), dims + match.group(2)
            if base.endswith("]"):
                raise RecordError(f"{label} is a flexible array, which a copy does not carry")
            desugared = self.desugar(base)
            if desugared == base or base.endswith("*"):
                break
            base = desugared
        bits = f" : {_constant(field)}" if field.get("isBitfield") else ""
        attributes = _attributes(field)
        suffix = f" __attribute__(({', '.join(attributes)}))" if attributes else ""
        own = [path] if name and not bits else []  # offsetof takes no bit-field
        if base.endswith("*"):
            return f"void *{name}{dims}{bits}{suffix};", own
        if base in INTEGERS or base in FLOATS:
            return f"{base} {name}{dims}{bits}{suffix};", own
        if base.startswith("enum "):
            return f"int {name}{dims}{bits}{suffix};", own
        record = last_record if "(unnamed" in base or "(anonymous" in base else self.record_of(base)
        if record is None:
            why = "is long double, whose format differs between the DPA and x86-64 hosts" if base == "long double" \
                else f"has type '{written}', which cannot be copied between the host and the DPA"
            raise RecordError(f"{label} {why}")
        element = "[0]" * dims.count("[")
        members, paths = self._members(record, f"{path}{element}." if name else prefix)
        return f"{self._specifier(record, members)} {name}{dims}{suffix};", own + paths


def _record_type_id(types):
    """The RecordDecl a typedef's type nodes end in (ElaboratedType, TypedefType ... RecordType)."""
    for node in types:
        if node.get("kind") == "RecordType":
            return node.get("decl", {}).get("id")
        if node.get("kind") in ("ElaboratedType", "TypedefType", "QualType", "ParenType"):
            found = _record_type_id(node.get("inner", []))
            if found:
                return found
    return None


def _constant(node):
    """The value of the constant expression among a node's children (a bit-field's width, an alignment)."""
    for child in node.get("inner", []):
        if "value" in child:
            return int(child["value"])
        found = _constant(child)
        if found is not None:
            return found
    return None


def _attributes(node):
    """The layout attributes of a record or member, as GNU attributes; refuses the others that
    change a layout or a calling convention."""
    out = []
    for child in node.get("inner", []):
        kind = child.get("kind", "")
        if kind == "PackedAttr":
            out.append("packed")
        elif kind == "AlignedAttr":
            value = _constant(child)
            out.append(f"aligned({value})" if value is not None else "aligned")
        elif kind == "MaxFieldAlignmentAttr":
            raise RecordError("it is laid out under #pragma pack; use __attribute__((packed, aligned(N))) instead")
        elif kind in ("TransparentUnionAttr", "MSStructAttr"):
            raise RecordError(f"it has the {kind[:-4]} attribute, which changes how it is passed")
    return out


def probe_source(source, functions):
    """A translation unit that includes the device source and measures, for the DPA, every
    by-value parameter's size, alignment and member offsets (enum constants clang's AST shows)."""
    lines = [f'#include "{source}"', "", "enum {"]
    n = 0
    for fn in functions:
        for _, record in sorted(fn.records.items()):
            t = record.written
            guard = f"sizeof({t}) > {PROBE_LIMIT}"
            lines.append(f"\t{PROBE_PREFIX}{n} = {guard} ? -1 : (int)sizeof({t}),")
            lines.append(f"\t{PROBE_PREFIX}{n + 1} = (int)_Alignof({t}),")
            for k, path in enumerate(record.paths):
                lines.append(f"\t{PROBE_PREFIX}{n + 2 + k} = {guard} ? 0 : (int)__builtin_offsetof({t}, {path}),")
            n += 2 + len(record.paths)
    lines += ["};", ""]
    return "\n".join(lines)


def read_probe(ast_json_nodes, functions):
    """Fills the RecordArgs of functions from the probe's AST (its top-level nodes)."""
    values = {}
    for node in ast_json_nodes:
        if node.get("kind") != "EnumDecl":
            continue
        for constant in node.get("inner", []):
            name = constant.get("name", "")
            if name.startswith(PROBE_PREFIX):
                values[int(name[len(PROBE_PREFIX):])] = _constant(constant)
    n = 0
    for fn in functions:
        for _, record in sorted(fn.records.items()):
            record.size, record.align = values[n], values[n + 1]
            record.offsets = {path: values[n + 2 + k] for k, path in enumerate(record.paths)}
            n += 2 + len(record.paths)


def host_layout_asserts(type_name, fn_name, index, record):
    """_Static_asserts that the host type has the DPA's layout; each message names what differs
    (LAYOUT_MARK, function, parameter, what) for dpacc to report."""
    mark = f"{LAYOUT_MARK} {fn_name} {index + 1}"
    out = [f'_Static_assert(sizeof({type_name}) == {record.size}, "{mark} size is {record.size} bytes");',
           f'_Static_assert(_Alignof({type_name}) == {record.align}, "{mark} alignment is {record.align}");']
    out += [f'_Static_assert(offsetof({type_name}, {path}) == {offset}, "{mark} member {path} is at offset {offset}");'
            for path, offset in record.offsets.items()]
    return out
