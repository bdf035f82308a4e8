"""dpacc: the annotated functions of a device source, from clang's JSON AST.

dpacc defines the keywords as `__attribute__((annotate(...), used))` on clang's command line;
a function carrying such an annotation (spelled on the command line) and a body is an entry
point. Its parameters decide how each travels in the argument buffer (DeviceFunction.layout).
"""
import json
import re

from dpacc_records import RecordError, TypeIndex, plain

MAX_ARGS = 16
# The largest argument buffer flexio_func_pup_register accepts (the library's PROVIDER_ARGBUF_MAX).
ARGBUF_MAX = 4096
# Parameter types by the way they travel: promoted to int (sign- or zero-extended), 64-bit.
SIGNED_SMALL = {"char", "signed char", "short", "int"}
UNSIGNED_SMALL = {"_Bool", "bool", "unsigned char", "unsigned short", "unsigned int"}
WIDE = {"long", "unsigned long", "long long", "unsigned long long"}
# Promoted to double; stored in their own format (IEEE binary32/binary64 on both sides).
FLOATING = {"float", "double"}
WHAT_TRAVELS = ("integers, enums, pointers (DPA addresses as flexio_uintptr_t), float, double, and structs and "
                "unions of them by value")


class SignatureError(Exception):
    """A device function the host cannot call; the message names it and its location."""


class DeviceFunction:
    def __init__(self, name, params, returns_void, location, kinds, records):
        self.name = name
        self.params = params  # [(type as written, desugared type)]
        self.returns_void = returns_void
        self.location = location
        self.kinds = kinds      # per parameter: signed, unsigned, wide, pointer, float, double or record
        self.records = records  # parameter index -> dpacc_records.RecordArg
        self.offsets = []       # per parameter: its offset in the argument buffer (layout())
        self.argbuf_size = 8 * len(params)

    def slot_kind(self, index):
        """How parameter `index` travels: signed/unsigned (int-sized or less), wide, pointer,
        float, double (an 8-byte slot) or record (its own bytes)."""
        return self.kinds[index]

    def layout(self):
        """Places the parameters in the argument buffer, in order: a scalar in an 8-byte slot; a
        struct or union whole, at an offset aligned to 8 and to its alignment, its size rounded up
        to 8. Needs the records measured (dpacc_records.read_probe)."""
        offset = 0
        self.offsets = []
        for index, kind in enumerate(self.kinds):
            record = self.records.get(index)
            if record:
                align = max(8, record.align)
                offset = (offset + align - 1) // align * align
                self.offsets.append(offset)
                offset += (record.size + 7) // 8 * 8
            else:
                self.offsets.append(offset)
                offset += 8
        self.argbuf_size = offset
        if offset > ARGBUF_MAX:
            raise SignatureError(f"{self.location}: device function '{self.name}': its arguments take {offset} "
                                 f"bytes of the argument buffer; at most {ARGBUF_MAX} can be passed")
        for index, record in self.records.items():
            if record.size <= 0:
                raise SignatureError(f"{self.location}: device function '{self.name}': parameter {index + 1} has "
                                     f"type '{self.params[index][0]}', of {'no' if record.size == 0 else 'too great a'} "
                                     f"size: it cannot be passed by value")


def value_kind(type_name):
    base = plain(type_name)
    if "*" in base:
        return "pointer"
    if base in SIGNED_SMALL or base.startswith("enum "):
        return "signed"
    if base in UNSIGNED_SMALL:
        return "unsigned"
    if base in WIDE:
        return "wide"
    if base in FLOATING:
        return base
    return None


def is_keyword_annotation(attr):
    """An annotate attribute spelled by dpacc's -D keywords (so it comes from the command line)."""
    begin = attr.get("range", {}).get("begin", {})
    return attr.get("kind") == "AnnotateAttr" and \
        begin.get("spellingLoc", {}).get("presumedFile") == "<command line>"


def follow_files(value, state):
    """clang's JSON names a location's file only when it changes: replay them in document order."""
    if isinstance(value, dict):
        if "file" in value:
            state["file"] = value["file"]
        for key, item in value.items():
            if key != "includedFrom":
                follow_files(item, state)
    elif isinstance(value, list):
        for item in value:
            follow_files(item, state)


def annotated_functions(ast_json, source):
    """The __dpa_global__ / __dpa_rpc__ functions a translation unit defines (clang's JSON AST
    of `source`), with their parameters. Raises SignatureError for what cannot be called."""
    found = {}
    types = TypeIndex()
    state = {"file": str(source)}
    for node in json.loads(ast_json).get("inner", []):
        follow_files(node.get("loc", {}), state)
        file_at_loc = state["file"]
        follow_files({k: v for k, v in node.items() if k != "loc"}, state)
        inner = node.get("inner", [])
        types.add(node)
        if node.get("kind") != "FunctionDecl" or not any(map(is_keyword_annotation, inner)):
            continue
        if not any(n.get("kind") == "CompoundStmt" for n in inner):
            continue  # a declaration: the source (or library) defining it wraps it
        loc = node.get("loc", {})
        line = loc.get("line", loc.get("expansionLoc", {}).get("line", "?"))
        fn = device_function(node, inner, f"{file_at_loc}:{line}", types)
        found[fn.name] = fn
    return list(found.values())


def device_function(node, inner, location, types):
    name = node["name"]
    # A function first declared through a function typedef (`flexio_dev_event_handler_t f;`, then
    # `__dpa_global__ void f(uint64_t a) {...}`) keeps the typedef as its written type: look through it.
    fn_type = node["type"].get("desugaredQualType", node["type"]["qualType"])
    if "(" not in fn_type:
        fn_type = types.desugar(fn_type)
    if fn_type.rstrip(")").endswith("..."):
        raise SignatureError(f"{location}: device function '{name}' is variadic, which cannot be called from the host")
    params = [(p["type"]["qualType"], types.desugar(p["type"].get("desugaredQualType", p["type"]["qualType"])))
              for p in inner if p.get("kind") == "ParmVarDecl"]
    if len(params) > MAX_ARGS:
        raise SignatureError(f"{location}: device function '{name}' has {len(params)} parameters; "
                             f"at most {MAX_ARGS} can be passed")
    result = types.desugar(fn_type.split("(")[0])
    returns_void = result == "void"
    if not returns_void and value_kind(result) not in ("signed", "unsigned", "wide", "pointer"):
        raise SignatureError(f"{location}: device function '{name}' returns '{fn_type.split('(')[0].strip()}'; the "
                             f"host receives a uint64_t, so it must return void, an integer or a pointer")
    kinds, records = [], {}
    for index, (written, desugared) in enumerate(params):
        what = f"{location}: device function '{name}': parameter {index + 1} has type '{written}'"
        if types.is_record(desugared):
            try:
                records[index] = types.record_arg(written)
            except RecordError as e:
                raise SignatureError(f"{what}, which cannot be passed by value: {e}") from None
            kinds.append("record")
            continue
        kind = value_kind(desugared)
        if kind is None:
            why = "the DPA's long double is not the x86-64 host's" if plain(desugared) == "long double" else \
                f"only {WHAT_TRAVELS} can be passed from the host"
            raise SignatureError(f"{what}, which cannot be passed: {why}")
        kinds.append(kind)
    return DeviceFunction(name, params, returns_void, location, kinds, records)
