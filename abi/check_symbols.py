#!/usr/bin/env python3
"""Checks that libflexio's symbol sections, declarations and version nodes agree.

Usage: check_symbols.py --map FILE... --library LIB.so --objects OBJ... [--experimental-node NODE]

The rules (DPDK's discipline, applied to libflexio):
  1. a function whose code is in .text.experimental is listed in the
     FLEXIO_EXPERIMENTAL node, and every symbol of that node has its code there;
  2. every function the objects export (global, default visibility) is listed
     in exactly one node, and every listed symbol is defined;
  3. every symbol the library exports carries one of the map's versions;
  4. the library exports no variables.
Prints one line per violation and exits 1 if there is any.
"""
import argparse
import sys
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

sys.path.insert(0, str(Path(__file__).resolve().parent))
import elf_symbols  # noqa: E402  (abi/elf_symbols.py, the tree's one ELF symbol reader)
import version_script  # noqa: E402  (abi/version_script.py, shared with the binding model)

EXPERIMENTAL_NODE = "FLEXIO_EXPERIMENTAL"
EXPERIMENTAL_SECTION = ".text.experimental"


def parse_map(path):
    """Returns {node: set(global symbols)} of a GNU ld version script. Every exported function is
    listed by name: a glob in a global list would export whatever matches, unchecked."""
    script = version_script.read(path)
    for node in script.nodes:
        if node.global_globs:
            raise version_script.VersionScriptError(
                f"{path}:{node.line}: node {node.name} exports by glob ({', '.join(node.global_globs)}); "
                f"list each function by name")
    return {node.name: set(node.global_names) for node in script.nodes}


def object_functions(objects):
    """Yields (name, section, exported, place) for each defined function of the objects;
    place (object, section, value) tells aliases apart from distinct functions. A name bound
    to a version by .symver keeps its "@NODE" / "@@NODE" suffix, as the assembler wrote it."""
    for path in objects:
        with open(path, "rb") as f:
            elf = ELFFile(f)
            section_names = [section.name for section in elf.iter_sections()]
            for table in elf.iter_sections():
                if not isinstance(table, SymbolTableSection):
                    continue
                for symbol in table.iter_symbols():
                    shndx = symbol["st_shndx"]
                    if symbol["st_info"]["type"] != "STT_FUNC" or not isinstance(shndx, int):
                        continue  # not a function, or undefined / absolute / common
                    section = section_names[shndx]
                    exported = (symbol["st_info"]["bind"] in ("STB_GLOBAL", "STB_GNU_UNIQUE")
                                and symbol["st_other"]["visibility"] == "STV_DEFAULT")
                    yield symbol.name, section, exported, (path, section, symbol["st_value"])


def check(map_paths, library_path, objects, experimental_node=EXPERIMENTAL_NODE):
    nodes = {}
    for path in map_paths:
        nodes.update(parse_map(path))
    errors = []
    experimental = nodes.get(experimental_node, set())
    listed = {(sym, node) for node, symbols in nodes.items() for sym in symbols}
    for sym in sorted(experimental):
        for node, symbols in nodes.items():
            if node != experimental_node and sym in symbols:
                errors.append(f"{sym}: listed in both {node} and {experimental_node}")

    in_experimental_section = set()
    exported = {}
    versioned_places = set()
    aliases = set()
    plain = []
    for name, section, is_exported, place in object_functions(objects):
        base, _, version = name.partition("@")
        if section == EXPERIMENTAL_SECTION:
            in_experimental_section.add(base)
        if not is_exported:
            continue
        if version:
            exported[base] = version.lstrip("@")
            aliases.add((base, version.lstrip("@")))
            versioned_places.add(place)
        else:
            plain.append((base, place))
    # An exported function that only implements a versioned alias (".symver impl, name@NODE")
    # is the alias's business, not a symbol of its own.
    for base, place in plain:
        if place not in versioned_places:
            exported.setdefault(base, "")

    for sym in sorted(in_experimental_section - experimental):
        errors.append(f"{sym}: code in {EXPERIMENTAL_SECTION} but not in the {experimental_node} node "
                      f"(list it there, or drop FLEXIO_EXPERIMENTAL from its declaration)")
    for sym in sorted(experimental - in_experimental_section):
        errors.append(f"{sym}: in the {experimental_node} node but its code is not in {EXPERIMENTAL_SECTION} "
                      f"(declare it FLEXIO_EXPERIMENTAL, or move it to a release node)")
    listed_names = {sym for sym, _ in listed}
    for sym, version in sorted(exported.items()):
        if sym not in listed_names:
            errors.append(f"{sym}: exported by the objects but listed in no version node")
    for sym, version in sorted(aliases):
        if (sym, version) not in listed:
            errors.append(f"{sym}@{version}: bound to a node that does not list it")
    for sym, node in sorted(listed):
        if sym not in exported:
            errors.append(f"{sym}: listed in node {node} but no object defines it for export")

    library = {}
    for symbol in elf_symbols.dynamic_symbols(library_path):
        name, version = symbol.name, symbol.version
        if name in nodes:  # the version definitions themselves
            continue
        library.setdefault(name, set()).add(version)
        if symbol.type == "OBJECT":
            errors.append(f"{name}: the library exports a variable; export functions only")
        if version not in nodes:
            errors.append(f"{name}: exported {'with version ' + version if version else 'without a version'}"
                          f" that the map does not define")
    for sym, node in sorted(listed):
        if node not in library.get(sym, set()):
            errors.append(f"{sym}: listed in node {node} but the library does not export {sym}@{node}")
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--map", nargs="+", required=True, help="the library's version scripts")
    parser.add_argument("--library", required=True)
    parser.add_argument("--objects", nargs="+", required=True)
    parser.add_argument("--experimental-node", default=EXPERIMENTAL_NODE,
                        help="the version node of experimental functions (libflexio's by default)")
    args = parser.parse_args()
    try:
        errors = check(args.map, args.library, args.objects, args.experimental_node)
    except version_script.VersionScriptError as e:
        errors = [str(e)]
    for e in errors:
        print(f"check_symbols: {e}", file=sys.stderr)
    if errors:
        print(f"check_symbols: {len(errors)} problem(s) in {args.library}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
