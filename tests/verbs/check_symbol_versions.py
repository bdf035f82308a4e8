#!/usr/bin/env python3
"""Checks libflexio_verbs' dynamic symbols: each rdma-core entry point it defines has the same
default version as in rdma-core (so programs linked against rdma-core bind to it), and it
exports nothing but those and its FLEXIO_VERBS_PRIVATE API.

usage: check_symbol_versions.py LIBFLEXIO_VERBS RDMA_CORE_LIBRARY..."""
import re
import subprocess
import sys

PRIVATE = "FLEXIO_VERBS_PRIVATE"
# objdump -T: "... DF .text  <size>  <version> <name>"; a non-default version is in parentheses
LINE = re.compile(r"\s(DF|DO)\s+(\S+)\s+[0-9a-f]+\s+(\(?)([A-Za-z0-9_.]+)\)?\s+(\S+)$")


def defined(library):
    """{name: default version} of the functions and objects a library defines."""
    out = subprocess.run(["objdump", "-T", library], check=True, capture_output=True, text=True)
    symbols = {}
    for line in out.stdout.splitlines():
        m = LINE.search(line)
        if m and m.group(2) not in ("*UND*", "*ABS*") and not m.group(3):
            symbols[m.group(5)] = m.group(4)
    return symbols


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
