#!/usr/bin/env python3
"""abi/check_symbols.py passes a well-placed library and fails each kind of misplaced symbol.

Usage: test_check_symbols.py CHECKER INCLUDE_DIR FIXTURE_DIR
"""
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = {  # map -> text the checker must print (None: must pass)
    "good.map": None,
    "experimental_in_stable_node.map": "fixture_experimental: code in .text.experimental but not in the FLEXIO_EXPERIMENTAL node",
    "stable_in_experimental_node.map": "fixture_stable: in the FLEXIO_EXPERIMENTAL node but its code is not in .text.experimental",
    "missing_from_map.map": "fixture_stable: exported by the objects but listed in no version node",
}


def main():
    checker, include, fixtures = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "lib.o"
        subprocess.run(["cc", "-c", "-fPIC", "-fvisibility=hidden", "-DFLEXIO_ALLOW_EXPERIMENTAL_API",
                        f"-I{include}", str(fixtures / "lib.c"), "-o", str(obj)], check=True)
        for map_name, expected in CASES.items():
            lib = Path(tmp) / f"{map_name}.so"
            subprocess.run(["cc", "-shared", str(obj), "-o", str(lib),
                            f"-Wl,--version-script={fixtures / map_name}"], check=True)
            r = subprocess.run([sys.executable, checker, "--map", str(fixtures / map_name), "--library", str(lib),
                                "--objects", str(obj)], capture_output=True, text=True)
            ok = (r.returncode == 0) if expected is None else (r.returncode == 1 and expected in r.stderr)
            print(f"{'ok  ' if ok else 'FAIL'} {map_name}: exit {r.returncode} {r.stderr.strip()}")
            failed += not ok
    print(f"{len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
