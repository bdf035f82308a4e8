#!/usr/bin/env python3
"""Checks libflexio_verbs' dynamic symbols: each rdma-core entry point it defines has the same
default version as in rdma-core (so programs linked against rdma-core bind to it), and it
exports nothing but those, its FLEXIO_VERBS_PRIVATE API and its public extension
(libflexio/flexio_sim.h, FLEXIO_SIM_1.0).

usage: check_symbol_versions.py LIBFLEXIO_VERBS RDMA_CORE_LIBRARY..."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import elf_symbols  # noqa: E402  (abi/elf_symbols.py, the tree's one ELF symbol reader)

PRIVATE = "FLEXIO_VERBS_PRIVATE"
EXTENSION = "FLEXIO_SIM_1.0"


def defined(library):
    """{name: default version} of the functions and objects a library defines."""
    return {s.name: s.version for s in elf_symbols.dynamic_symbols(library)
            if s.default and s.version and not s.absolute and s.type in ("FUNC", "OBJECT")}


def main():
    ours = defined(sys.argv[1])
    real = {}
    for library in sys.argv[2:]:
        if library.endswith(".so") or ".so." in library:
            real.update(defined(library))
    errors = []
    for name, version in sorted(ours.items()):
        if version == PRIVATE:
            if not name.startswith("flexio_verbs_"):
                errors.append(f"{name}: private symbols are named flexio_verbs_*")
        elif version == EXTENSION:
            if not name.startswith("flexio_sim_"):
                errors.append(f"{name}: the extension's symbols are named flexio_sim_*")
        elif name not in real:
            errors.append(f"{name}@{version}: not an rdma-core symbol")
        elif real[name] != version:
            errors.append(f"{name}@{version}: rdma-core has {name}@@{real[name]}")
    if not any(v == PRIVATE for v in ours.values()):
        errors.append(f"no {PRIVATE} symbols")
    for error in errors:
        print("symbol versions:", error)
    print(f"{len(ours)} symbols checked, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
