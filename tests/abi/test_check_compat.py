#!/usr/bin/env python3
"""abi/check_compat.py accepts a compatible release and refuses each kind of incompatible one.

Usage: test_check_compat.py CHECKER FIXTURE_DIR
"""
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = {0: True, 1: True, 2: False, 3: False}  # CHANGE -> compatible?
NAMES = {0: "the same library", 1: "a function added", 2: "a struct field inserted", 3: "a function removed"}


def build(fixture, change, out):
    subprocess.run(["cc", "-shared", "-fPIC", "-g", "-fvisibility=hidden", f"-DCHANGE={change}",
                    str(fixture / "lib.c"), "-o", str(out), "-Wl,-soname,libfixture.so.1"], check=True)


def main():
    checker, fixture = sys.argv[1], Path(sys.argv[2])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        base_lib, baseline = Path(tmp) / "base.so", Path(tmp) / "base.abi"
        build(fixture, 0, base_lib)
        with open(baseline, "w") as f:
            subprocess.run(["abidw", "--no-corpus-path", "--headers-dir", str(fixture), str(base_lib)], stdout=f,
                           check=True)
        for change, compatible in CASES.items():
            lib = Path(tmp) / f"v{change}.so"
            build(fixture, change, lib)
            r = subprocess.run([sys.executable, checker, str(baseline), str(lib), str(fixture)],
                               capture_output=True, text=True)
            ok = (r.returncode == 0) == compatible
            print(f"{'ok  ' if ok else 'FAIL'} {NAMES[change]}: exit {r.returncode} {r.stderr.strip()}")
            failed += not ok
    print(f"{len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
