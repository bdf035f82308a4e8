#!/usr/bin/env python3
"""The DOCA DPA headers as programs of each release use them: dpa_headers_device.c compiled for the
DPA (clang, riscv64, picolibc) and dpa_headers_host.c for the host (cc; doca_dpa.h also as C++),
once per release line, -Wall -Wextra -Werror. Then:
  - the device object's undefined symbols are exactly the device library's link names the facts
    plan for the release (the source calls every non-inline device function of the release:
    doca_dpa_dev_memcpy_nb_v2_2 in 2.2 ...), the inline ones needing none;
  - the host object's are forms the facts plan for the release (doca_dpa_create_v2_2 ...);
  - device code that uses experimental functions compiles with NVIDIA's sample flags
    (-Wno-deprecated-declarations) and without them is warned ("Symbol is defined as experimental").

Usage: test_dpa_headers.py DOCA_TOOLS_DIR INCLUDE_DIR DPA_CLANG PICOLIBC_INCLUDE_DIR HOST_CC HOST_CXX
"""
import subprocess
import sys
import tempfile
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

HERE = Path(__file__).resolve().parent
# selection -> (DOCA_VER arguments or None for the default, API line)
RELEASES = {"2.2": ("2, 2, 80", 22), "2.5": ("2, 5, 108", 25), "2.6": ("2, 6, 58", 26), "2.9": ("2, 9, 72", 27),
            "3.0": ("3, 0, 58", 30), "3.3": ("3, 3, 0", 31), "default": (None, 31)}
# As dpacc compiles device code (tools/dpacc/dpacc.py: device_flags, KEYWORDS).
DEVICE_FLAGS = ["--target=riscv64-unknown-elf", "-march=rv64imac", "-mabi=lp64", "-mcmodel=medany", "-mno-relax",
                "-ffreestanding", "-fno-common", "-O2",
                '-D__dpa_global__=__attribute__((annotate("dpa_global"), used))',
                '-D__dpa_rpc__=__attribute__((annotate("dpa_rpc"), used))']
WARNINGS = ["-Wall", "-Wextra", "-Werror"]


def undefined(obj):
    with open(obj, "rb") as f:
        return {s.name for t in ELFFile(f).iter_sections() if isinstance(t, SymbolTableSection)
                for s in t.iter_symbols() if s.name and s["st_shndx"] == "SHN_UNDEF"}


def compile_c(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stderr


def main():
    tools, include, clang, libc, cc, cxx = sys.argv[1:7]
    sys.path.insert(0, tools)
    import doca_facts  # noqa: E402  (the tools' own reading of the facts)
    facts = Path(tools).parent / "facts"
    device_links = doca_facts.symbols(facts, "dev-func")
    host_links = doca_facts.symbols(facts)
    failed = []
    with tempfile.TemporaryDirectory() as work:
        for rel, (ver, line) in RELEASES.items():
            select = [f"-DDOCA_VER_USED=DOCA_VER({ver})"] if ver else []
            dev_obj, host_obj = f"{work}/device-{rel}.o", f"{work}/host-{rel}.o"
            device = [clang, *DEVICE_FLAGS, "-isystem", libc, "-I", include, *select, "-c",
                      str(HERE / "dpa_headers_device.c")]
            code, err = compile_c(device + [*WARNINGS, "-DDOCA_ALLOW_EXPERIMENTAL_API", "-o", dev_obj])
            if code:
                failed.append(f"{rel}: the device source does not compile:\n{err}")
            else:
                want = {link for link, s in device_links.items() if line in s["lines"]}
                have = undefined(dev_obj)
                if have != want:
                    failed.append(f"{rel}: device symbols differ from the plan: undefined but not planned "
                                  f"{sorted(have - want)}, planned but not called {sorted(want - have)}")
            code, err = compile_c(device + [*WARNINGS, "-Wno-deprecated-declarations", "-o", dev_obj])
            if code:
                failed.append(f"{rel}: the device source does not compile with NVIDIA's sample flags:\n{err}")
            code, err = compile_c(device + ["-Wall", "-o", dev_obj])
            if "Symbol is defined as experimental" not in err:
                failed.append(f"{rel}: an experimental device function is used without a warning:\n{err}")
            code, err = compile_c([cc, "-I", include, *select, *WARNINGS, "-DDOCA_ALLOW_EXPERIMENTAL_API", "-c",
                                   str(HERE / "dpa_headers_host.c"), "-o", host_obj])
            if code:
                failed.append(f"{rel}: the host source does not compile:\n{err}")
            else:
                planned = {link for link, s in host_links.items() if line in s["lines"]}
                stray = {name for name in undefined(host_obj) if name.startswith("doca_")} - planned
                if stray:
                    failed.append(f"{rel}: host calls bound to symbols the release does not plan: {sorted(stray)}")
            code, err = compile_c([cxx, "-x", "c++", "-fsyntax-only", "-I", include, *select, *WARNINGS, "-"] +
                                  ["-include", "doca_dpa.h", "/dev/null"])
            if code:
                failed.append(f"{rel}: doca_dpa.h does not compile as C++:\n{err}")
            if not failed:
                print(f"test_dpa_headers: {rel}: device and host sources compile, their symbols as planned")
    for f in failed:
        print(f"test_dpa_headers: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
