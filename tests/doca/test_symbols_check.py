#!/usr/bin/env python3
"""doca-symbols-check finds misplaced symbols: it passes the library as built, then fails version
scripts changed in one way per case (a public symbol in another node, an experimental one in a
release node, a private function in a public node, a symbol no release declares).

Usage: test_symbols_check.py DOCA_TOOLS_DIR MAP LIBRARY OBJECT...
"""
import subprocess
import sys
import tempfile
from pathlib import Path

# (what, text of the map, replacement, what the report must say)
CASES = [
    ("stable symbol in another release's node", "DOCA_2.5 {\n  global:\n    doca_error_get_descr;",
     "DOCA_2.5 {\n  global:", "doca_error_get_descr: in node DOCA_2.6, but its form belongs in DOCA_2.5"),
    ("experimental symbol in a release node", "    doca_version_runtime;\n", "",
     "doca_version_runtime: code in .text.experimental but not in the DOCA_EXPERIMENTAL node"),
    ("private function in a public node", "    opendoca_fail;\n", "",
     "opendoca_fail: a private function in public node DOCA_3.1"),
    ("a symbol no release declares", "    opendoca_sdk_log;\n", "    opendoca_sdk_log;\n    doca_no_such;\n",
     "doca_no_such: in DOCA_PRIVATE, which holds opendoca_* functions only"),
]
# Where each case puts what it took out.
MOVED_TO = {"stable symbol in another release's node": ("DOCA_2.6 {\n}", "DOCA_2.6 {\n  global:\n    doca_error_get_descr;\n}"),
            "experimental symbol in a release node": ("DOCA_3.0 {\n}", "DOCA_3.0 {\n  global:\n    doca_version_runtime;\n}"),
            "private function in a public node": ("DOCA_3.1 {\n}", "DOCA_3.1 {\n  global:\n    opendoca_fail;\n}")}


def check(tools, map_path, library, objects):
    return subprocess.run([sys.executable, f"{tools}/doca-symbols-check", "--map", str(map_path), "--library", library,
                           "--objects", *objects], capture_output=True, text=True)


def main():
    tools, map_path, library, *objects = sys.argv[1:]
    failed = []
    r = check(tools, map_path, library, objects)
    if r.returncode:
        failed.append(f"the library as built fails:\n{r.stderr}")
    text = Path(map_path).read_text()
    with tempfile.TemporaryDirectory() as work:
        for what, old, new, want in CASES:
            if old not in text:
                failed.append(f"{what}: {old!r} is no longer in the map")
                continue
            changed = text.replace(old, new, 1)
            if what in MOVED_TO:
                changed = changed.replace(*MOVED_TO[what], 1)
            case = Path(work) / "case.map"
            case.write_text(changed)
            r = check(tools, case, library, objects)
            if r.returncode != 1 or want not in r.stderr:
                failed.append(f"{what}: not reported ({r.returncode}): want {want!r}\n{r.stderr}")
            else:
                print(f"test_symbols_check: {what}: reported")
    for f in failed:
        print(f"test_symbols_check: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
