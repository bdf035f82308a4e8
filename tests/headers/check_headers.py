#!/usr/bin/env python3
"""Every public header compiles on its own, as C and as C++, in every configuration.

Usage: check_headers.py INCLUDE_DIR

Host headers (libflexio/, dpa_stats.h) are compiled with the host's gcc and g++;
device headers (libflexio-dev/, libflexio-libc/, dpaintrin.h) with clang for the
DPA (RV64); common/ headers with both.  Each is compiled with and without the
ALLOW_EXPERIMENTAL macros, for both API editions, with -Wall -Wextra -Werror.
Then it checks that calling an experimental function warns unless allowed.
"""
import itertools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

WARN_FLAGS = ["-Wall", "-Wextra", "-Werror"]
HOST_LANGS = {"C": ["gcc", "-x", "c", "-std=c11"], "C++": ["g++", "-x", "c++", "-std=c++17"]}
DEVICE_TARGET = ["--target=riscv64-unknown-elf", "-march=rv64imac_zba_zbb_zbs", "-mabi=lp64", "-ffreestanding"]
DEVICE_LANGS = {"C": ["clang", *DEVICE_TARGET, "-x", "c", "-std=c11"],
                "C++": ["clang++", *DEVICE_TARGET, "-x", "c++", "-std=c++17"]}
# The older edition's version equals FLEXIO_LAST_SUPPORTED_VERSION, which warns by design.
HOST_EDITIONS = {"current": [], "older": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,1,0)", "-Wno-cpp"],
                 "older-24.7": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,7,0)"]}
DEVICE_EDITIONS = {"current": [], "older": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,1,0)", "-Wno-#warnings"],
                   "older-24.7": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,7,0)"]}
HOST_ALLOW = ["-DFLEXIO_ALLOW_EXPERIMENTAL_API", "-DDPA_STATS_ALLOW_EXPERIMENTAL_API"]
DEVICE_ALLOW = ["-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"]

# One experimental function per side, and the header declaring it.
EXPERIMENTAL_USES = {
    "host": ("libflexio/flexio.h", "int main(void) { return (int)flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR); }"),
    "device": ("libflexio-dev/flexio_dev_err.h",
               "unsigned long f(struct flexio_dev_thread_ctx *t) { return flexio_dev_get_errno(t); }"),
}


def side_of(rel):
    if rel.startswith("common/"):
        return ["host", "device"]
    if rel.startswith(("libflexio-dev/", "libflexio-libc/")) or rel == "dpaintrin.h":
        return ["device"]
    return ["host"]


def compile_source(cmd, include, source, extra):
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "tu"
        src.write_text(source)
        argv = [*cmd, *WARN_FLAGS, f"-I{include}", f"-I{include}/libflexio-libc", *extra,
                "-fsyntax-only", str(src)]
        return subprocess.run(argv, capture_output=True, text=True)


def main():
    include = Path(sys.argv[1]).resolve()
    headers = sorted(str(p.relative_to(include)) for p in include.rglob("*.h"))
    failures = 0
    checked = 0
    for rel, side in ((h, s) for h in headers for s in side_of(h)):
        langs = HOST_LANGS if side == "host" else DEVICE_LANGS
        editions = HOST_EDITIONS if side == "host" else DEVICE_EDITIONS
        allow = HOST_ALLOW if side == "host" else DEVICE_ALLOW
        for (lang, cmd), (edition, ed_flags), allowed in itertools.product(langs.items(), editions.items(),
                                                                             (False, True)):
            extra = ed_flags + (allow if allowed else [])
            r = compile_source(cmd, include, f"#include <{rel}>\n", extra)
            checked += 1
            if r.returncode:
                failures += 1
                print(f"FAIL {rel} [{side} {lang} {edition}{' allow-experimental' if allowed else ''}]\n"
                      f"{r.stderr.strip()}\n")

    for side, (rel, body) in EXPERIMENTAL_USES.items():
        cmd = (HOST_LANGS if side == "host" else DEVICE_LANGS)["C"]
        allow = HOST_ALLOW if side == "host" else DEVICE_ALLOW
        source = f"#include <{rel}>\n{body}\n"
        warned = compile_source(cmd, include, source, [])
        if warned.returncode == 0 or "Symbol is defined as experimental" not in warned.stderr:
            failures += 1
            print(f"FAIL {side}: using an experimental function without ALLOW did not warn\n{warned.stderr}")
        quiet = compile_source(cmd, include, source, allow)
        if quiet.returncode:
            failures += 1
            print(f"FAIL {side}: using an experimental function with ALLOW warned\n{quiet.stderr}")
        checked += 2

    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
