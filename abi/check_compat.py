#!/usr/bin/env python3
"""The abidiff gate: checks a built library against the ABI of a released version.

Usage: check_compat.py BASELINE.abi LIBRARY [HEADERS_DIR]

BASELINE.abi is libabigail's record of a released library (abi/record.py writes it the way
abi/dumpers.py says). The build may add functions; any removed or changed function or variable
of the stable ABI fails the check (experimental functions, the private node and type changes of
the rdma-core interposers are left out: suppressions.abignore). HEADERS_DIR (capi/include by
default) tells public types from private ones. Prints abidiff's report; exits 1 on a change,
2 when abidiff itself fails.

abidiff's verdict is read from its exit status, a bit field (libabigail's abidiff manual):
ABIDIFF_ERROR 1, ABIDIFF_USAGE_ERROR 2, ABIDIFF_ABI_CHANGE 4, ABIDIFF_ABI_INCOMPATIBLE_CHANGE 8.
Additions are not asked for (--no-added-syms), so any change it reports is one a program of
the release may notice: an inserted field sets only ABI_CHANGE, a removed function both bits.
"""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from libraries import ABI_DIR, PUBLIC_HEADERS  # noqa: E402

SUPPRESSIONS = ABI_DIR / "suppressions.abignore"
ABIDIFF_ERROR = 1
ABIDIFF_USAGE_ERROR = 2
ABIDIFF_ABI_CHANGE = 4
ABIDIFF_ABI_INCOMPATIBLE_CHANGE = 8


def abidiff(baseline, library, headers):
    """Runs abidiff; returns (exit status, report, error text).  OSError when it cannot run."""
    r = subprocess.run(["abidiff", "--no-added-syms", "--suppressions", str(SUPPRESSIONS),
                        "--headers-dir2", str(headers), str(baseline), str(library)],
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr.strip()


def verdict(status, errors=""):
    """What abidiff's exit status says: None for no change, else a phrase; RuntimeError (with
    errors, what abidiff printed on stderr) when abidiff failed."""
    if status & (ABIDIFF_ERROR | ABIDIFF_USAGE_ERROR):
        raise RuntimeError(f"abidiff failed (exit {status}): {errors}")
    if status & ABIDIFF_ABI_INCOMPATIBLE_CHANGE:
        return "an incompatible change (a function or variable removed, or the like)"
    if status & ABIDIFF_ABI_CHANGE:
        return "a change to a function, variable or type of the released ABI"
    return None


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    baseline, library = sys.argv[1:3]
    headers = sys.argv[3] if len(sys.argv) == 4 else PUBLIC_HEADERS
    try:
        status, report, errors = abidiff(baseline, library, headers)
        print(report, end="")
        change = verdict(status, errors)
    except (OSError, RuntimeError) as e:  # exit 2, not a traceback's 1, which would read as a break
        print(f"check_compat: {e}", file=sys.stderr)
        return 2
    if change:
        print(f"check_compat: {library} breaks the ABI of {baseline}: {change} (abidiff exit {status})",
              file=sys.stderr)
        return 1
    print(f"check_compat: {library} keeps the ABI of {baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
