#!/usr/bin/env python3
"""flexio-info's command line (ctest tools.flexio_info): with no argument it describes the
library and exits 0; --help and -h print the usage on stdout and exit 0 without the
description; an unknown option or an argument exits 2 with the usage on stderr.

    check_flexio_info.py FLEXIO_INFO
"""
import subprocess
import sys

failures = []


def run(tool, *args):
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)


def expect(tool, args, rc, out_start, err_has):
    r = run(tool, *args)
    what = f"flexio-info {' '.join(args)}".rstrip()
    if r.returncode != rc:
        failures.append(f"{what}: exit {r.returncode}, expected {rc} (stderr: {r.stderr.strip()!r})")
    if not r.stdout.startswith(out_start):
        failures.append(f"{what}: stdout {r.stdout[:80]!r} does not start with {out_start!r}")
    if err_has not in r.stderr or (not err_has and r.stderr):
        wanted = repr(err_has) if err_has else "nothing"
        failures.append(f"{what}: stderr {r.stderr.strip()!r}, expected {wanted}")
    return r


def main():
    tool = sys.argv[1]
    r = expect(tool, [], 0, "OpenFlexIO libflexio.so.1", "")
    for line in ("API version (FLEXIO_CURRENT_VERSION): ", "API releases served", "This program uses: "):
        if line not in r.stdout:
            failures.append(f"flexio-info: no {line!r} in {r.stdout!r}")
    for args in (["--help"], ["-h"]):
        r = expect(tool, args, 0, "usage: flexio-info", "")
        if "API releases served" in r.stdout:
            failures.append(f"flexio-info {args[0]}: described the library instead of only the usage")
    for args in (["--bogus"], ["-x"], ["--help=1"], ["extra"]):
        expect(tool, args, 2, "", "usage: flexio-info")
    for f in failures:
        print("FAIL", f)
    print("flexio-info:", "FAILED" if failures else "OK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
