#!/usr/bin/env python3
"""Fails when the source tree names something a user's clone does not have: a path outside the
repository (the folder next to it, its tools and facts), or one of the documents the project
was written from by its internal number instead of by its name ("the FlexIO SDK API Reference
Manual", "the DOCA Driver APIs manual", "the DPA programming guide", ...).

Usage: check_internal_refs.py SOURCE_DIR

Reads every file git tracks or would track in SOURCE_DIR (without git: every file outside build
directories); prints each offending line as FILE:LINE: TEXT. Exits 0 when there is none, 1
otherwise.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

PATTERNS = [
    # The folder next to the repository, and what it holds.
    (re.compile(r"\.\./shared\b|\bshared/(tools|spec|seeds)/"), "a path outside the repository"),
    (re.compile(r"\bspec/(nvidia|api_inventory|api_semantics|flexio_facts)\b"), "a path outside the repository"),
    # A source document by its number (the word, then three digits, in any case), or their folder.
    (re.compile(r"\bseeds?\b\W{0,3}\d{3}\b|\bseeds/", re.IGNORECASE), "a document named by its internal number"),
]


def files(root):
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], capture_output=True, check=True).stdout
        return [root / name for name in listed.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for directory, subdirs, names in os.walk(root):
            subdirs[:] = [d for d in subdirs if not d.startswith(("build", ".git"))]
            found += [Path(directory, name) for name in names]
        return found


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = Path(sys.argv[1]).resolve()
    problems = []
    checked = 0
    for path in sorted(files(root)):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary, or gone
        checked += 1
        for number, line in enumerate(text.splitlines(), 1):
            for pattern, what in PATTERNS:
                if pattern.search(line):
                    problems.append(f"{path.relative_to(root)}:{number}: {what}: {line.strip()[:160]}")
    if checked < 100:
        problems.append(f"only {checked} files read under {root}: the wrong directory?")
    for problem in problems:
        print(problem)
    print(f"internal references: {len(problems)} lines in {checked} files" if problems else
          f"internal references: none in {checked} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
