#!/usr/bin/env python3
"""Checks a build of libflexio against the ABI of a released version.

Usage: check_compat.py BASELINE.abi LIBRARY HEADERS_DIR

BASELINE.abi is libabigail's record (abidw) of a released libflexio.so.1. The build may add
functions and types; any removed or changed function or variable of the stable ABI fails the
check (experimental functions and the rdma-core interposers are left out: suppressions.abignore).
Prints abidiff's report and exits 1 on an incompatible change.

Record a release's baseline with:
  abidw --no-corpus-path --drop-private-types --headers-dir capi/include \\
        build/lib/libflexio.so > abi/baselines/libflexio-<version>.abi
"""
import re
import subprocess
import sys
from pathlib import Path

SUPPRESSIONS = Path(__file__).resolve().parent / "suppressions.abignore"
ABIDIFF_ERROR, ABIDIFF_USAGE_ERROR = 1, 2


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    baseline, library, headers = sys.argv[1:]
    r = subprocess.run(["abidiff", "--suppressions", str(SUPPRESSIONS), "--headers-dir2", headers,
                        baseline, library], capture_output=True, text=True)
    print(r.stdout, end="")
    if r.returncode & (ABIDIFF_ERROR | ABIDIFF_USAGE_ERROR):
        print(f"check_compat: abidiff failed (exit {r.returncode}): {r.stderr.strip()}", file=sys.stderr)
        return 1
    broken = []
    for kind, removed, changed in re.findall(r"(Functions|Variables) changes summary: (\d+) Removed, (\d+) Changed",
                                             r.stdout):
        if int(removed) or int(changed):
            broken.append(f"{kind.lower()}: {removed} removed, {changed} changed")
    if broken:
        print(f"check_compat: {library} breaks the ABI of {baseline}: {'; '.join(broken)}", file=sys.stderr)
        return 1
    print(f"check_compat: {library} keeps the ABI of {baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
