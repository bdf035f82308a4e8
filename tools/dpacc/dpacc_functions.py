"""dpacc: the annotated functions of a device source, from clang's JSON AST.

dpacc defines the keywords as `__attribute__((annotate(...), used))` on clang's command line;
a function carrying such an annotation (spelled on the command line) and a body is an entry
point. Its parameters decide how each travels in its 8-byte slot (see DeviceFunction.slot_kind).
"""
import json
import re

MAX_ARGS = 16
# Parameter types by the way they travel: promoted to int (sign- or zero-extended), 64-bit.
SIGNED_SMALL = {"char", "signed char", "short", "int"}
UNSIGNED_SMALL = {"_Bool", "bool", "unsigned char", "unsigned short", "unsigned int"}
WIDE = {"long", "unsigned long", "long long", "unsigned long long"}


class SignatureError(Exception):
    """A device function the host cannot call; the message names it and its location."""


class DeviceFunction:
    def __init__(self, name, params, returns_void, location):
        self.name = name
        self.params = params  # [(type as written, desugared type)]
        self.returns_void = returns_void
        self.location = location

    def slot_kind(self, index):
        """How parameter `index` travels: signed/unsigned (int-sized or less), wide, pointer."""
        written, desugared = self.params[index]
        kind = value_kind(desugared)
        if kind is None:
            raise SignatureError(f"{self.location}: device function '{self.name}': parameter {index + 1} has type "
                                 f"'{written}', which cannot be passed from the host (integers, enums and pointers "
                                 f"as flexio_uintptr_t only; no floating point, no structs or unions by value)")
        return kind


def value_kind(type_name):
    base = re.sub(r"\b(const|volatile|restrict|__restrict)\b", "", type_name)
    base = re.sub(r"\s+", " ", base).strip()
    if "*" in base:
        return "pointer"
    if base in SIGNED_SMALL or base.startswith("enum "):
        return "signed"
    if base in UNSIGNED_SMALL:
        return "unsigned"
    if base in WIDE:
        return "wide"
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
    typedefs = {}
    state = {"file": str(source)}
    for node in json.loads(ast_json).get("inner", []):
        follow_files(node.get("loc", {}), state)
        file_at_loc = state["file"]
        follow_files({k: v for k, v in node.items() if k != "loc"}, state)
        inner = node.get("inner", [])
        if node.get("kind") == "TypedefDecl":
            # An unnamed enum's typedef desugars to its own name; its qualType says "enum".
            underlying = node["type"].get("desugaredQualType", node["type"]["qualType"])
            typedefs[node["name"]] = node["type"]["qualType"] if underlying == node["name"] else underlying
        if node.get("kind") != "FunctionDecl" or not any(map(is_keyword_annotation, inner)):
            continue
        if not any(n.get("kind") == "CompoundStmt" for n in inner):
            continue  # a declaration: the source (or library) defining it wraps it
        loc = node.get("loc", {})
        line = loc.get("line", loc.get("expansionLoc", {}).get("line", "?"))
        fn = device_function(node, inner, f"{file_at_loc}:{line}", typedefs)
        found[fn.name] = fn
    return list(found.values())


def desugar(type_name, typedefs):
    """The type behind the typedef names of the translation unit (clang gives none for results)."""
    bare = re.sub(r"\b(const|volatile)\b", "", type_name).strip()
    seen = set()
    while bare in typedefs and bare not in seen:
        seen.add(bare)
        bare = re.sub(r"\b(const|volatile)\b", "", typedefs[bare]).strip()
    return bare


def device_function(node, inner, location, typedefs):
    name = node["name"]
    # A function first declared through a function typedef (`flexio_dev_event_handler_t f;`, then
    # `__dpa_global__ void f(uint64_t a) {...}`) keeps the typedef as its written type: look through it.
    fn_type = node["type"].get("desugaredQualType", node["type"]["qualType"])
    if "(" not in fn_type:
        fn_type = desugar(fn_type, typedefs)
    if fn_type.rstrip(")").endswith("..."):
        raise SignatureError(f"{location}: device function '{name}' is variadic, which cannot be called from the host")
    params = [(p["type"]["qualType"], desugar(p["type"].get("desugaredQualType", p["type"]["qualType"]), typedefs))
              for p in inner if p.get("kind") == "ParmVarDecl"]
    if len(params) > MAX_ARGS:
        raise SignatureError(f"{location}: device function '{name}' has {len(params)} parameters; "
                             f"at most {MAX_ARGS} can be passed")
    result = fn_type.split("(")[0].strip()
    returns_void = desugar(result, typedefs) == "void"
    if not returns_void and value_kind(desugar(result, typedefs)) is None:
        raise SignatureError(f"{location}: device function '{name}' returns '{result}'; the host receives a "
                             f"uint64_t, so it must return void, an integer or a pointer")
    fn = DeviceFunction(name, params, returns_void, location)
    for i in range(len(params)):
        fn.slot_kind(i)  # rejects what cannot be passed
    return fn
