#!/usr/bin/env python3
"""abi/check_compat.py accepts a compatible release and refuses each kind of incompatible one.

Usage: test_check_compat.py CHECKER FIXTURE_DIR

The fixture's baseline is recorded as abi/record.py records a release (abi/dumpers.py), so the
flags that keep machine paths out of a baseline are shown not to hide a change.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import dumpers  # noqa: E402  (how abi/record.py runs abidw)

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
        baseline.write_text(dumpers.abixml(base_lib, headers=fixture))
        for change, compatible in CASES.items():
            lib = Path(tmp) / f"v{change}.so"
            build(fixture, change, lib)
            r = subprocess.run([sys.executable, checker, str(baseline), str(lib), str(fixture)],
                               capture_output=True, text=True)
            ok = r.returncode == (0 if compatible else 1)
            print(f"{'ok  ' if ok else 'FAIL'} {NAMES[change]}: exit {r.returncode} {r.stderr.strip()}")
            failed += not ok
        # abidiff failing (a baseline that is not one) is the checker's failure: 2, not a break.
        bogus = Path(tmp) / "bogus.abi"
        bogus.write_text("not an ABI record\n")
        r = subprocess.run([sys.executable, checker, str(bogus), str(base_lib), str(fixture)],
                           capture_output=True, text=True)
        ok = r.returncode == 2 and "abidiff failed" in r.stderr
        print(f"{'ok  ' if ok else 'FAIL'} a baseline abidiff cannot read: exit {r.returncode} {r.stderr.strip()}")
        failed += not ok
    print(f"{len(CASES) + 1 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
