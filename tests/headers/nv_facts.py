#!/usr/bin/env python3
"""The facts of a set of device headers, and their comparison with a release's facts.

Usage: nv_facts.py --check FACTS.tsv INCLUDE_DIR    compare INCLUDE_DIR's headers with FACTS.tsv
       nv_facts.py --write FACTS.tsv INCLUDE_DIR    record the facts of INCLUDE_DIR's headers

Facts, as tools/nv-api-check (../shared/tools) records NVIDIA 24.01's: every function's type and
experimental / deprecated marker, every struct's size, alignment, field offsets and types,
every enumerator's value, every macro (numeric value, "defined", or its arity when function-like),
every typedef — of the device headers flexio_dev.h, flexio_dev_queue_access.h and
flexio_dev_queue_types.h, compiled for the DPA (RV64 lp64) with FLEXIO_DEV_ALLOW_EXPERIMENTAL_API
defined (markers are then section attributes) and the release FLEXIO_DEV_VER(25, 1, 0) selected
(when checking, the default, newest release too: it serves the same device API).
Unnamed types are compared without their place. Facts of FACTS.tsv must all hold; more is fine.
Exits 0 when everything matches. Needs clang.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HEADERS = ["libflexio-dev/flexio_dev.h", "libflexio-dev/flexio_dev_queue_access.h",
           "libflexio-dev/flexio_dev_queue_types.h"]
FLAGS = ["--target=riscv64-unknown-elf", "-march=rv64imac", "-mabi=lp64", "-ffreestanding",
         "-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"]
# The facts are NVIDIA 25.1's; the project serves the same device API from 24.10 to the newest release.
RELEASE = "-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(25,1,0)"
CHECKED = {"25.1": [RELEASE], "default (newest)": []}


def unnamed(t):
    return re.sub(r"\((unnamed|anonymous) (struct|union|enum) at [^)]*\)", r"(\1 \2)", t)


def markers(node):
    """With FLEXIO_DEV_ALLOW_EXPERIMENTAL_API, the experimental marker is the only section
    attribute of these headers and leaves no deprecation: a section means experimental, a
    deprecation means deprecated."""
    kinds = {"SectionAttr": "experimental", "DeprecatedAttr": "deprecated"}
    found = {kinds[a.get("kind")] for a in node.get("inner", []) if a.get("kind") in kinds}
    return ",".join(sorted(found)) or "-"


def extract(inc, only=None, selection=(RELEASE,)):
    """Facts of the headers under inc; only: restrict to the files of these relative paths."""
    inc = os.path.realpath(inc)
    src = "".join(f"#include <{h}>\n" for h in HEADERS)
    base = ["clang", "-x", "c", "-std=gnu11", "-w", "-I", inc, *FLAGS, *selection]
    r = subprocess.run(base + ["-fsyntax-only", "-Xclang", "-ast-dump=json", "-"], input=src,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"nv_facts: the headers of {inc} do not compile:\n{r.stderr[:3000]}")
    paths = {os.path.realpath(os.path.join(inc, h)) for h in (only or [])}

    def mine(f):
        if not f:
            return False
        f = os.path.realpath(f)
        return f in paths if only else f.startswith(inc)

    facts, structs, enums = {}, {}, []

    def walk(n, f):
        f = n.get("loc", {}).get("file", f)
        k = n.get("kind")
        if mine(f):
            if k == "RecordDecl" and n.get("completeDefinition") and n.get("name"):
                structs[(n.get("tagUsed", "struct"), n["name"])] = [
                    (c["name"], c["type"]["qualType"]) for c in n.get("inner", [])
                    if c.get("kind") == "FieldDecl" and c.get("name")]
            elif k == "EnumConstantDecl":
                enums.append(n["name"])
            elif k == "FunctionDecl":
                facts[("func", n["name"])] = n["type"]["qualType"]
                prev = facts.get(("marker", n["name"]), "-")
                mark = markers(n)
                facts[("marker", n["name"])] = mark if mark != "-" else prev
            elif k == "TypedefDecl":
                facts[("typedef", n["name"])] = n["type"]["qualType"]
        for c in n.get("inner", []):
            f = walk(c, f)
        return f

    walk(json.loads(r.stdout), None)
    probe = [src, "#include <stddef.h>", "struct probe_row { const char *k; long long v; };",
             "const struct probe_row probe_rows[] = {"]
    for (tag, s), fields in structs.items():
        probe.append(f'{{"struct-size\\t{s}", sizeof({tag} {s})}}, {{"struct-align\\t{s}", _Alignof({tag} {s})}},')
        for fl, ty in fields:
            probe.append(f'{{"field\\t{s}.{fl}\\t{ty}", offsetof({tag} {s}, {fl})}},')
    for e in enums:
        probe.append(f'{{"enum\\t{e}", (long long){e}}},')
    probe.append("{0, 0}};")
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "p.c").write_text("\n".join(probe))
        asm = subprocess.run(base + ["-S", "-o", "-", str(Path(d) / "p.c")], capture_output=True, text=True,
                             check=True).stdout
    strings = dict(re.findall(r'^(\.L\.str(?:\.\d+)?):\s*\n\s*\.(?:asciz|string)\s+"((?:[^"\\]|\\.)*)"', asm, re.M))
    for lab, v in re.findall(r'\.quad\s+(\S+)\s*\n\s*\.quad\s+(-?\d+)', asm):
        if lab in strings:
            parts = strings[lab].encode().decode("unicode_escape").split("\t")
            if parts[0] == "field":
                facts[("field", parts[1])] = f"{v}\t{parts[2]}"
            else:
                facts[(parts[0], parts[1])] = v
    cur = None
    for line in subprocess.run(base + ["-E", "-dD", "-"], input=src, capture_output=True, text=True,
                               check=True).stdout.splitlines():
        lm = re.match(r'# \d+ "([^"]+)"', line)
        if lm:
            cur = lm.group(1)
            continue
        m = re.match(r"#define (\w+)(\([^)]*\))?\s*(.*)", line)
        if m and mine(cur) and not m.group(1).startswith("_"):
            if m.group(2):
                val = f"function-like/{len([a for a in m.group(2)[1:-1].split(',') if a.strip()])}"
            else:
                lit = re.fullmatch(r"\(?\s*(-?(?:0x[0-9a-fA-F]+|\d+))[uUlL]*\s*\)?", m.group(3).strip())
                val = str(int(lit.group(1), 0)) if lit else "defined"
            facts[("macro", m.group(1))] = val
    return {k: unnamed(v) for k, v in facts.items()}


# "struct flexio_dev_cqe64 *" and a typedef of it name the same type
norm = lambda s: re.sub(r"\s+", " ", re.sub(r"\b(struct|enum|union) |__attribute__\(\(noreturn\)\)", "", s)).replace(
    "( ", "(").strip()


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("--check", "--write"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, tsv, inc = sys.argv[1:]
    if mode == "--write":
        facts = extract(inc, only=HEADERS)
        with open(tsv, "w") as out:
            for (k, n), v in sorted(facts.items()):
                out.write(f"{k}\t{n}\t{v}\n")
        print(f"nv_facts: {len(facts)} facts written to {tsv}")
        return 0
    want = {}
    for line in Path(tsv).read_text().splitlines():
        if line and not line.startswith("#"):
            k, n, v = line.split("\t", 2)
            want[(k, n)] = v
    failed = 0
    for label, selection in CHECKED.items():
        have = extract(inc, selection=selection)
        bad = []
        for (k, n), v in sorted(want.items()):
            got = have.get((k, n))
            if got is None:
                bad.append(f"  {k} {n}: missing")
            elif k == "macro" and v == "defined":
                continue
            elif norm(got) != norm(v):
                bad.append(f"  {k} {n}: release: {v} | project: {got}")
        if bad:
            print("\n".join(bad))
        verdict = "matches" if not bad else f"{len(bad)} differences from"
        print(f"nv_facts [{label}]: {verdict} {Path(tsv).stem} ({len(want)} facts)")
        failed += len(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
