#!/usr/bin/env python3
"""The constructor <libflexio/flexio.h> puts in each translation unit (flexio_version_announce).

Usage: check_announce.py INCLUDE_DIR

A program of C and C++ translation units, each including the header, built with -Wall -Wextra
-Wpedantic -Werror (C11, C++17; gcc/g++, and clang/clang++ when installed):
  - links and runs without libflexio (the reference is weak: nothing is called);
  - with a flexio_version_announce of its own, which records the calls: each unit announces its
    FLEXIO_VER_USED once before main (the default one FLEXIO_CURRENT_VERSION, a unit selecting
    25.1 25.1), and a unit defining FLEXIO_NO_VERSION_ANNOUNCE announces nothing.
And a non-PIE C program (-no-pie -fno-pic) linked against a stand-in library that has the
function runs on one that has not (a libflexio.so.1 older than the function): it reaches main.
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

STRICT = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"]
COMPILERS = [("gcc", "g++"), ("clang", "clang++")]

UNIT_C = """#include <libflexio/flexio.h>
int unit_c(void);
int unit_c(void) { return 1; }
"""
UNIT_CXX = """#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(25, 1, 0)
#include <libflexio/flexio.h>
extern "C" int unit_cxx(void);
extern "C" int unit_cxx(void) { return static_cast<int>(sizeof(struct flexio_wq_attr) > 0); }
"""
UNIT_QUIET = """#define FLEXIO_NO_VERSION_ANNOUNCE
#include <libflexio/flexio.h>
int unit_quiet(void);
int unit_quiet(void) { return 1; }
"""
MAIN = """#include <libflexio/flexio.h>
#include <stdio.h>
int unit_c(void);
int unit_cxx(void);
int unit_quiet(void);
#ifdef RECORD
static uint64_t seen[8];
static unsigned calls;
void flexio_version_announce(uint64_t version)
{
	if (calls < 8)
		seen[calls] = version;
	calls++;
}
#endif
int main(void)
{
	int units = unit_c() + unit_cxx() + unit_quiet();
#ifdef RECORD
	unsigned i, current = 0, v25 = 0;

	for (i = 0; i < calls && i < 8; i++) {
		current += seen[i] == FLEXIO_CURRENT_VERSION;
		v25 += seen[i] == FLEXIO_VER(25, 1, 0);
	}
	if (calls != 3 || current != 2 || v25 != 1) {
		printf("announcements: %u (%u of the current version, %u of 25.1); want 3 (2, 1)\\n", calls, current,
		       v25);
		return 1;
	}
#endif
	return units == 3 ? 0 : 1;
}
"""


def run(cmd, what):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        print(f"{what} failed ({r.returncode}): {' '.join(map(str, cmd))}\n{r.stdout}{r.stderr}")
        return False
    return True


STUB_NEW = """#include <stdint.h>
#include <stdio.h>
void flexio_version_announce(uint64_t version) { printf("announced %llx\\n", (unsigned long long)version); }
int stub_other(void) { return 0; }
"""
STUB_OLD = "int stub_other(void) { return 0; }\n"
NON_PIE_MAIN = """#include <libflexio/flexio.h>
#include <stdio.h>
int stub_other(void);
int main(void) { puts("main reached"); return stub_other(); }
"""


def non_pie_on_older_library(cc, include, tmp):
    """True when a non-PIE program built against a library with flexio_version_announce runs on one
    without it (the header's weak reference must read null there)."""
    for kind, text in (("new", STUB_NEW), ("old", STUB_OLD)):
        (tmp / kind).mkdir(exist_ok=True)
        (tmp / f"stub_{kind}.c").write_text(text)
        if not run([cc, "-shared", "-fPIC", tmp / f"stub_{kind}.c", "-Wl,-soname,libfxstub.so",
                    "-o", tmp / kind / "libfxstub.so"], f"{cc}: the {kind} stand-in library"):
            return False
    (tmp / "non_pie.c").write_text(NON_PIE_MAIN)
    exe = tmp / f"non_pie_{cc}"
    if not run([cc, "-std=c11", *STRICT, "-no-pie", "-fno-pic", f"-I{include}", tmp / "non_pie.c",
                f"-L{tmp / 'new'}", "-lfxstub", "-o", exe], f"{cc}: the non-PIE program"):
        return False
    for kind, want in (("new", "announced"), ("old", "main reached")):
        r = subprocess.run([exe], capture_output=True, text=True, env={"LD_LIBRARY_PATH": str(tmp / kind)})
        if r.returncode or want not in r.stdout:
            print(f"{cc}: a non-PIE program on the {kind} library: exit {r.returncode}, printed {r.stdout!r}, "
                  f"want {want!r}")
            return False
    return True


def main(include):
    failures, tried = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, text in (("unit_c.c", UNIT_C), ("unit_cxx.cpp", UNIT_CXX), ("unit_quiet.c", UNIT_QUIET),
                           ("main.c", MAIN)):
            (tmp / name).write_text(text)
        for cc, cxx in COMPILERS:
            if not (shutil.which(cc) and shutil.which(cxx)):
                continue
            tried += 1
            for record in (False, True):
                what = f"{cc}/{cxx}, {'own flexio_version_announce' if record else 'no libflexio'}"
                objs = []
                ok = True
                for src in ("unit_c.c", "unit_cxx.cpp", "unit_quiet.c", "main.c"):
                    comp, std = (cxx, "-std=c++17") if src.endswith(".cpp") else (cc, "-std=c11")
                    obj = tmp / f"{cc}-{record}-{src}.o"
                    defs = ["-DRECORD", "-DFLEXIO_ALLOW_EXPERIMENTAL_API"] if record and src == "main.c" else []
                    ok = ok and run([comp, std, *STRICT, *defs, f"-I{include}", "-c", tmp / src, "-o", obj],
                                    f"{what}: compiling {src}")
                    objs.append(obj)
                exe = tmp / f"{cc}-{record}"
                ok = ok and run([cxx, *objs, "-o", exe], f"{what}: linking")
                ok = ok and run([exe], f"{what}: running")
                failures += not ok
            failures += not non_pie_on_older_library(cc, include, tmp)
    if not tried:
        print("no C and C++ compiler pair found")
        return 1
    print(f"check_announce: {tried} compiler pair(s), {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
