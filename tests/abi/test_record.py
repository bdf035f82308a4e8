#!/usr/bin/env python3
"""abi/record.py never writes over a recorded release: with one file of a release present in an
ABI folder, it exits 2 naming it, leaves it as it was and writes nothing else.

    test_record.py RECORD_PY BUILD_DIR
"""
import subprocess
import sys
import tempfile
from pathlib import Path


def main():
    record, build = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        abi_dir = Path(tmp)
        recorded = abi_dir / "baselines" / "libflexio-9.9.9.abi"
        recorded.parent.mkdir()
        recorded.write_text("the released record\n")
        run = subprocess.run([sys.executable, record, build, "9.9.9", "--abi-dir", str(abi_dir)],
                             capture_output=True, text=True)
        print(run.stdout + run.stderr, end="")
        files = sorted(str(p.relative_to(abi_dir)) for p in abi_dir.rglob("*") if p.is_file())
        failures = []
        if run.returncode != 2:
            failures.append(f"exit {run.returncode}, expected 2")
        if "libflexio-9.9.9.abi" not in run.stderr:
            failures.append("the refusal does not name the recorded file")
        if recorded.read_text() != "the released record\n":
            failures.append("the recorded file was rewritten")
        if files != ["baselines/libflexio-9.9.9.abi"]:
            failures.append(f"files written: {files}")
    for f in failures:
        print(f"FAIL: {f}")
    if not failures:
        print("PASS: a recorded release is refused and left as it was")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
