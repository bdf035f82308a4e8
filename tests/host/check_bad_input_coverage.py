#!/usr/bin/env python3
"""Fails when a flexio_* function libflexio exports has no bad-input case.

    check_bad_input_coverage.py LIBFLEXIO_MAP CURRENT_TEST OLDER_EDITION_TEST

LIBFLEXIO_MAP is capi/libflexio.map; its version nodes (FLEXIO_1.0, FLEXIO_1.1,
FLEXIO_EXPERIMENTAL and any node added later) list the exported names. Every flexio_*
name there (the rdma-core interposers ibv_* and mlx5dv_* are not this test's business)
needs a case in the bad-input tests: a call written inside the arguments of one of the
check macros of tests/host/bad_input_check.h (EXPECT_ERR, EXPECT_SILENT, EXPECT_BAD_HANDLES,
...), in CURRENT_TEST (tests/host/test_bad_input.c) or OLDER_EDITION_TEST
(tests/host/test_bad_input_older_edition.c). Comments, string literals and #define bodies do
not count.

A function listed in more than one node has one form per edition (FLEXIO_1.0 holds the older
edition's, a later node the current one's: flexio_app_create, flexio_outbox_create, ...):
it needs a case in each file, the older form being reachable only from the older edition.

Prints every function without a case and exits 1; exits 0 when all have one.
"""
import re
import sys
from pathlib import Path

# The one version-script parser of the tree (abi/version_script.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import version_script  # noqa: E402

# The check macros whose arguments hold test cases (bad_input_check.h).
CHECK_MACROS = {
    "EXPECT_ERR",
    "EXPECT_ERR_VOID",
    "EXPECT_SILENT",
    "EXPECT_SILENT_STR",
    "EXPECT_BAD_HANDLES",
    "EXPECT_BAD_NONNULL_HANDLES",
    "EXPECT_BAD_HANDLES_VOID",
}


def strip_code(text):
    """C source without comments, string/char literals and preprocessor directives."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif c in "\"'":
            i += 1
            while i < n and text[i] != c:
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""' if c == '"' else "0")
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    # Directives (with their continuation lines): macro bodies are not cases.
    code = re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", code)
    return code


def covered(path):
    """The flexio_* functions called inside check macros' arguments in the file at path."""
    with open(path, encoding="utf-8") as f:
        code = strip_code(f.read())
    names = set()
    for m in re.finditer(r"\b([A-Z_][A-Z0-9_]*)\s*\(", code):
        if m.group(1) not in CHECK_MACROS:
            continue
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            i += 1
        names.update(re.findall(r"\b(flexio_\w+)\s*\(", code[m.end():i]))
    return names


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    map_path, current_path, older_path = argv[1:]
    exported = {}
    for node in version_script.read(map_path).nodes:
        for name in node.global_names:
            if name.startswith("flexio_"):
                exported.setdefault(name, []).append(node.name)
    if not exported:
        print(f"{map_path}: no exported flexio_* function found", file=sys.stderr)
        return 1
    current, older = covered(current_path), covered(older_path)
    missing = []
    for name in sorted(exported):
        if len(exported[name]) > 1:
            if name not in current:
                missing.append(f"{name} (current form, {exported[name][-1]}): no case in {current_path}")
            if name not in older:
                missing.append(f"{name} (older form, {exported[name][0]}): no case in {older_path}")
        elif name not in current and name not in older:
            missing.append(f"{name} ({exported[name][0]}): no case in either test")
    for line in missing:
        print(f"no bad-input case: {line}")
    two = sum(len(nodes) > 1 for nodes in exported.values())
    print(f"{len(exported)} exported flexio_* functions ({two} with two forms): "
          f"{len(exported) - len({m.split()[0] for m in missing})} covered, "
          f"{len({m.split()[0] for m in missing})} not")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
