#!/usr/bin/env python3
"""abi/ecall_abi.py passes the recorded ecall ABI and refuses a build that differs from it.

Usage: test_ecall_abi.py CHECKER CC BASELINE.json

The build cannot be changed here, so the baseline is: each case edits a copy as if the release
had recorded something else, and the check of the unchanged tree must then fail, naming it.
"""
import copy
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def renumbered(abi):
    abi["services"]["DPA_ECALL_MSG"]["number"] = "0x1022"
    return "DPA_ECALL_MSG: number 0x1022 became 0x1021"


def fewer_arguments(abi):
    abi["services"]["DPA_ECALL_WINDOW_COPY_TO_HOST"]["arguments"] = 3
    return "DPA_ECALL_WINDOW_COPY_TO_HOST: the runtime passes 4 argument(s)"


def simulator_reads_more(abi):
    abi["services"]["DPA_ECALL_FENCE"]["arguments"] = 0
    return "DPA_ECALL_FENCE: the simulator reads 1 argument(s), the ABI has 0"


def removed(abi):
    abi["services"]["DPA_ECALL_RETIRED"] = {"number": "0x10ff", "arguments": 0}
    return "DPA_ECALL_RETIRED (0x10ff): service removed"


def range_moved(abi):
    abi["range"]["DPA_ECALL_LIMIT"] = "0x1200"
    return "DPA_ECALL_LIMIT: 0x1200 in the baseline"


CASES = {"as recorded": None, "a service renumbered": renumbered, "fewer arguments recorded": fewer_arguments,
         "the simulator reads more": simulator_reads_more, "a service removed": removed,
         "the range moved": range_moved}


def main():
    checker, cc, baseline = sys.argv[1], sys.argv[2], json.loads(Path(sys.argv[3]).read_text())
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, edit in CASES.items():
            abi = copy.deepcopy(baseline)
            expected = edit(abi) if edit else None
            path = Path(tmp) / "ecall.json"
            path.write_text(json.dumps(abi))
            r = subprocess.run([sys.executable, checker, "check", "--cc", cc, str(path)], capture_output=True,
                               text=True)
            ok = r.returncode == 0 if expected is None else (r.returncode == 1 and expected in r.stderr)
            print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {r.returncode} {r.stderr.strip()}")
            failed += not ok
        # A compiler that cannot run is the checker's failure (2), not a break of the ABI (1).
        r = subprocess.run([sys.executable, checker, "check", "--cc", str(Path(tmp) / "no-cc"), sys.argv[3]],
                           capture_output=True, text=True)
        ok = r.returncode == 2 and "cannot check" in r.stderr
        print(f"{'ok  ' if ok else 'FAIL'} no compiler: exit {r.returncode} {r.stderr.strip()}")
        failed += not ok
    print(f"{len(CASES) + 1 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
