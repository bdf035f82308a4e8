#!/usr/bin/env python3
"""The host headers against where NVIDIA's releases draw the API's boundaries.

Usage: check_releases.py FACTS.tsv INCLUDE_DIR

FACTS.tsv (tests/headers/facts/nvidia-host-releases.tsv) holds one fact a row: a release, a kind
(member TYPE.FIELD, enumerator, enum tag, struct tag, function, marker), a name, what the release
has (present / absent; experimental / stable for markers) and its source. Each row is checked by
compiling a probe with gcc against INCLUDE_DIR's <libflexio/flexio.h>, the release selected with
FLEXIO_VER_USED, under -Wall -Wextra -Werror: with FLEXIO_ALLOW_EXPERIMENTAL_API for presence,
without it for markers (an experimental function's use fails with "Symbol is defined as
experimental", a stable one's compiles). Exits 0 when every fact holds.
"""
import re
import subprocess
import sys
from pathlib import Path

PROBES = {
    "member": lambda name: "#include <stddef.h>\nsize_t probe = offsetof({}, {});\n".format(*name.split(".", 1)),
    "enumerator": lambda name: f"long long probe = (long long){name};\n",
    "enum": lambda name: f"unsigned long probe = sizeof(enum {name});\n",
    "struct": lambda name: f"unsigned long probe = sizeof(struct {name});\n",
    "function": lambda name: f"void probe(void);\nvoid probe(void) {{ (void)&{name}; }}\n",
    "marker": lambda name: f"void probe(void);\nvoid probe(void) {{ (void)&{name}; }}\n",
}
EXPECTED = {"marker": ("experimental", "stable")}


def compile_probe(include, release, kind, name):
    major, minor = release.split(".")
    source = "#include <libflexio/flexio.h>\n" + PROBES[kind](name)
    flags = ["-Wall", "-Wextra", "-Werror", f"-I{include}", f"-DFLEXIO_VER_USED=FLEXIO_VER({major},{minor},0)"]
    if kind != "marker":
        flags.append("-DFLEXIO_ALLOW_EXPERIMENTAL_API")
    return subprocess.run(["gcc", "-x", "c", "-std=c11", *flags, "-fsyntax-only", "-"], input=source,
                          capture_output=True, text=True)


def observed(r, kind):
    if kind != "marker":
        return "present" if r.returncode == 0 else "absent"
    if r.returncode == 0:
        return "stable"
    return "experimental" if "Symbol is defined as experimental" in r.stderr else f"does not compile: {r.stderr}"


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    facts, include = Path(sys.argv[1]), Path(sys.argv[2]).resolve()
    failures = checked = 0
    for number, line in enumerate(facts.read_text().splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        release, kind, name, expected, source = line.split("\t", 4)
        if (kind not in PROBES or not re.fullmatch(r"\d+\.\d+", release)
                or expected not in EXPECTED.get(kind, ("present", "absent"))):
            print(f"{facts}:{number}: not a fact row: {line}")
            return 2
        got = observed(compile_probe(include, release, kind, name), kind)
        checked += 1
        if got != expected:
            failures += 1
            print(f"FAIL {release} {kind} {name}: NVIDIA's release has it {expected} ({source}); "
                  f"the headers: {got}")
    print(f"check_releases: {checked - failures} of {checked} facts hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
