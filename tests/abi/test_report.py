#!/usr/bin/env python3
"""abi/report.py passes a compatible build and catches an incompatible one in both its checks.

Usage: test_report.py REPORT FIXTURE_DIR

The fixture library (compat_fixture, see fixture.h) is recorded as a release the way
abi/record.py records one (abi/dumpers.py), then each change is built and reported on: the
abidiff gate and abi-compliance-checker must both pass the compatible ones and both flag the
incompatible ones, and the HTML report must be written either way.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import dumpers  # noqa: E402
import libraries  # noqa: E402

RELEASE = "1.0"
CASES = {0: True, 1: True, 2: False, 3: False}  # CHANGE -> compatible?
NAMES = {0: "the same library", 1: "a function added", 2: "a struct field inserted", 3: "a function removed"}


def build(fixture, change, out):
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cc", "-shared", "-fPIC", "-g", "-fvisibility=hidden", f"-DCHANGE={change}",
                    str(fixture / "lib.c"), "-o", str(out), "-Wl,-soname,libfixture.so.1"], check=True)


def record(fixture, library, abi_dir):
    baseline = libraries.baseline_path(abi_dir, "libfixture", RELEASE)
    baseline.parent.mkdir(parents=True)
    baseline.write_text(dumpers.abixml(library, headers=fixture))
    dumpers.write_abi_dump(library, RELEASE, libraries.dump_path(abi_dir, "libfixture", RELEASE), headers=fixture)
    skip = libraries.skip_list_path(abi_dir, "libfixture", RELEASE)
    skip.parent.mkdir()
    skip.write_text("")


def main():
    report, fixture = sys.argv[1], Path(sys.argv[2])
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        build(fixture, 0, tmp / "release" / "libfixture.so.1")
        record(fixture, tmp / "release" / "libfixture.so.1", tmp / "abi")
        for change, compatible in CASES.items():
            library, out = tmp / f"v{change}" / "libfixture.so.1", tmp / f"report{change}"
            build(fixture, change, library)
            r = subprocess.run([sys.executable, report, "--release", RELEASE, "--out", str(out), "--abi-dir",
                                str(tmp / "abi"), "--headers", str(fixture), str(library)],
                               capture_output=True, text=True)
            gate_ok = ("abidiff gate: keeps" if compatible else "abidiff gate: BREAKS") in r.stdout
            acc_ok = ("abi-compliance-checker: compatible" if compatible
                      else "abi-compliance-checker: INCOMPATIBLE") in r.stdout
            html = out / "libfixture" / "compat_report.html"
            ok = r.returncode == (0 if compatible else 1) and gate_ok and acc_ok and html.is_file()
            print(f"{'ok  ' if ok else 'FAIL'} {NAMES[change]}: exit {r.returncode}, gate {'ok' if gate_ok else 'WRONG'}, "
                  f"report {'ok' if acc_ok else 'WRONG'}, html {'written' if html.is_file() else 'MISSING'}")
            if not ok:
                print(r.stdout + r.stderr)
            failed += not ok
    print(f"{len(CASES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
