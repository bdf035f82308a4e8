#!/usr/bin/env python3
"""The facts of a set of public headers, and their comparison with one of NVIDIA's releases.

Usage: nv_facts.py --check FACTS.tsv INCLUDE_DIR    compare INCLUDE_DIR's headers with FACTS.tsv
       nv_facts.py --write FACTS.tsv INCLUDE_DIR    record the facts of INCLUDE_DIR's headers

INCLUDE_DIR is capi/include or an install prefix's include/. The facts, one per line: every
function's type (and, where recorded, its experimental / deprecated marker), every struct's size,
alignment, field offsets and types, every enumerator's value, every macro (numeric value,
"defined", or its arity when function-like), every typedef. FACTS.tsv's name says which headers
they are of, for which target and with which release selected (FACT_SETS below):

  nvidia-24.01-host   NVIDIA's public FlexIO 24.01 host header flexio.h (x86-64)
  nvidia-24.01-dpa    its device headers and the DPA libc subset (RV64 lp64)
  nvidia-25.1-dpa     NVIDIA's public FlexIO 25.1 device headers (RV64 lp64, experimental allowed;
                      checked with 25.1 and with the default, newest release selected: the
                      project serves the same device API from 24.10 on)

Unnamed types are compared without their place. Facts of FACTS.tsv must all hold (rows starting
with '#' are not checked: the reason follows them); what the project has beyond them is fine.
Exits 0 when everything matches, 1 when something differs or is missing. Needs clang.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DPA_TARGET = ["--target=riscv64-unknown-elf", "-march=rv64imac", "-mabi=lp64", "-ffreestanding"]
SELECT_2401 = ["-DFLEXIO_VER_USED=FLEXIO_VER(24,1,0)", "-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,1,0)"]
# Each set of facts: the headers they are of (the translation unit includes them in this order),
# the compiler flags, and the release selections to check them under (the first is the one
# --write records).
FACT_SETS = {
    "nvidia-24.01-host": {
        "headers": ["libflexio/flexio.h"],
        "flags": [],
        "selections": {"24.01": SELECT_2401},
    },
    "nvidia-24.01-dpa": {
        "headers": ["libflexio-dev/flexio_dev.h", "libflexio-dev/flexio_dev_queue_access.h",
                    "libflexio-dev/flexio_dev_queue_types.h", "libflexio-dev/flexio_dev_err.h",
                    "libflexio-dev/flexio_dev_dpa_arch.h", "libflexio-dev/flexio_dev_endianity.h",
                    "libflexio-dev/flexio_dev_debug.h", "libflexio-libc/stdio.h", "libflexio-libc/string.h",
                    "libflexio-libc/inttypes.h"],
        "flags": DPA_TARGET,
        "selections": {"24.01": SELECT_2401},
    },
    "nvidia-25.1-dpa": {
        "headers": ["libflexio-dev/flexio_dev.h", "libflexio-dev/flexio_dev_queue_access.h",
                    "libflexio-dev/flexio_dev_queue_types.h"],
        # Markers are then section attributes (markers() below).
        "flags": DPA_TARGET + ["-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"],
        "selections": {"25.1": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(25,1,0)"], "default (newest)": []},
    },
}


def unnamed(t):
    return re.sub(r"\((unnamed|anonymous) (struct|union|enum) at [^)]*\)", r"(\1 \2)", t)


def markers(node):
    """With FLEXIO_DEV_ALLOW_EXPERIMENTAL_API, the experimental marker is the only section
    attribute of these headers and leaves no deprecation: a section means experimental, a
    deprecation means deprecated."""
    kinds = {"SectionAttr": "experimental", "DeprecatedAttr": "deprecated"}
    found = {kinds[a.get("kind")] for a in node.get("inner", []) if a.get("kind") in kinds}
    return ",".join(sorted(found)) or "-"


def extract(inc, fact_set, selection, only=None):
    """Facts of fact_set's headers under inc with a release selected; only: restrict to the files
    of these relative paths."""
    inc = os.path.realpath(inc)
    src = "".join(f"#include <{h}>\n" for h in fact_set["headers"])
    base = ["clang", "-x", "c", "-std=gnu11", "-w", "-I", inc, *fact_set["flags"], *selection]
    r = subprocess.run(base + ["-fsyntax-only", "-Xclang", "-ast-dump=json", "-"], input=src,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"nv_facts: the headers of {inc} do not compile:\n{r.stderr[:3000]}")
    paths = {os.path.realpath(os.path.join(inc, h)) for h in (only or [])}

    def mine(f):
        if not f:
            return False
        f = os.path.realpath(f)
        return f in paths if only else f.startswith(inc + os.sep)

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
    name = Path(tsv).name.removesuffix(".tsv")
    if name not in FACT_SETS:
        print(f"nv_facts: {tsv}: not a known set of facts ({', '.join(FACT_SETS)})", file=sys.stderr)
        return 2
    fact_set = FACT_SETS[name]
    selections = fact_set["selections"]
    if mode == "--write":
        facts = extract(inc, fact_set, next(iter(selections.values())), only=fact_set["headers"])
        with open(tsv, "w") as out:
            for (k, n), v in sorted(facts.items()):
                out.write(f"{k}\t{n}\t{v}\n")
        print(f"nv_facts: {len(facts)} facts written to {tsv}")
        return 0
    want = {}
    for line in Path(tsv).read_text().splitlines():
        if line and not line.startswith("#"):
            k, n, v = line.split("\t", 2)
            want[(k, n)] = unnamed(v)
    failed = 0
    for label, selection in selections.items():
        have = extract(inc, fact_set, selection)
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
        print(f"nv_facts [{label}]: {verdict} {name} ({len(want)} facts)")
        failed += len(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
