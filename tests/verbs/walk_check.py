#!/usr/bin/env python3
"""Walks every rdma-core entry point on the simulated device, and checks that "every" is true.

The entry points are read at test time from what is installed:
  - the exported functions of libibverbs.so.1 and libmlx5.so.1 (their dynamic symbol tables:
    each default-version function of a public version node, IBVERBS_1.x / MLX5_1.x; the
    IBVERBS_PRIVATE_* nodes are rdma-core's interface to its own providers);
  - the static inline functions of <infiniband/verbs.h> and <infiniband/mlx5dv.h>.
The walker (walk.c) must list each of them, walked or skipped with a reason, and nothing
else; then it runs, and every entry that crashed or misbehaved fails the test by name.

usage: walk_check.py WALKER INCLUDE_DIR LIBRARY...
"""
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import elf_symbols  # noqa: E402  (abi/elf_symbols.py, the tree's one ELF symbol reader)

PUBLIC = re.compile(r"^(IBVERBS|MLX5)_1\.\d+$")


def exported(library):
    """The functions a library exports by default in a public version node."""
    return {s.name for s in elf_symbols.dynamic_symbols(library)
            if s.type == "FUNC" and s.default and PUBLIC.match(s.version)}


def inline(header):
    text = re.sub(r"/\*.*?\*/", "", open(header).read(), flags=re.S)
    return set(re.findall(r"static\s+inline\b[^;{(]*?\b(\w+)\s*\(", text))


def main():
    walker, include = sys.argv[1], sys.argv[2]
    libraries = [lib for lib in sys.argv[3:] if lib.endswith(".so") or ".so." in lib]
    expected = set()
    for library in libraries:
        expected |= exported(library)
    for header in ("verbs.h", "mlx5dv.h"):
        expected |= inline(f"{include}/infiniband/{header}")

    listing = subprocess.run([walker, "--list"], check=True, capture_output=True, text=True).stdout
    listed = {}
    for line in listing.splitlines():
        name, _, status = line.partition(" ")
        listed[name] = status
    errors = [f"not walked: {name}" for name in sorted(expected - listed.keys())]
    errors += [f"walked but not an rdma-core entry point here: {name}"
               for name in sorted(listed.keys() - expected)]
    skipped = sum(1 for s in listed.values() if s.startswith("skipped"))
    print(f"{len(expected)} entry points ({len(libraries)} libraries, 2 headers); "
          f"the walker lists {len(listed)}, {skipped} skipped with a reason")
    for error in errors:
        print("coverage:", error)

    run = subprocess.run([walker], capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    sys.stdout.write(run.stderr)
    if run.returncode < 0:
        errors.append(f"the walker itself died (signal {-run.returncode})")
    elif run.returncode:
        errors.append("entry points misbehaved: " +
                      ", ".join(line.split()[1] for line in run.stdout.splitlines()
                                if line.startswith("FAIL ")))
    for error in errors:
        print("walk:", error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
