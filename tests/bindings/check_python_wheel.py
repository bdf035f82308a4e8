#!/usr/bin/env python3
"""Checks a repaired wheel of the Python bindings (bindings.python.wheel): the distribution's
name in the file name and the metadata (openflexio: PyPI's flexio is another project), the tags
(cp39-abi3, a manylinux platform), the extension (the stable ABI's file name, no
DT_RPATH/DT_RUNPATH, libflexio.so.1 needed and not bundled by auditwheel; opendoca's the same with
libdoca_common.so.2), and the typing files (py.typed, the stubs).

Usage: check_python_wheel.py WHEEL"""
import io
import re
import sys
import zipfile
from pathlib import Path

from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile

REQUIRED = ["flexio/__init__.py", "flexio/py.typed", "flexio/_capi.pyi", "flexio/capi.pyi", "flexio/_capi.abi3.so",
            "opendoca/__init__.py", "opendoca/py.typed", "opendoca/_capi.pyi", "opendoca/capi.pyi",
            "opendoca/_capi.abi3.so"]
# extension -> the library it must need (and the wheel must not bundle)
EXTENSIONS = {"flexio/_capi.abi3.so": "libflexio.so.1", "opendoca/_capi.abi3.so": "libdoca_common.so.2"}


def main(wheel: Path) -> list[str]:
    errors = []
    if not re.fullmatch(r"openflexio-[\d.]+-cp39-abi3-manylinux\w+_x86_64(\.manylinux\w+_x86_64)*\.whl", wheel.name):
        errors.append(f"{wheel.name}: not openflexio's, tagged cp39-abi3 for a manylinux platform")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        errors += [f"missing {n}" for n in REQUIRED if n not in names]
        errors += [f"bundles {n}: libflexio and the DOCA libraries must stay the system's" for n in names
                   if "libflexio" in n or "libdoca" in n]
        for extension, library in EXTENSIONS.items():
            if extension not in names:
                continue
            elf = ELFFile(io.BytesIO(z.read(extension)))
            dynamic = next(s for s in elf.iter_sections() if isinstance(s, DynamicSection))
            tags = [(t.entry.d_tag, t) for t in dynamic.iter_tags()]
            needed = [t.needed for tag, t in tags if tag == "DT_NEEDED"]
            paths = [getattr(t, "rpath", None) or getattr(t, "runpath", None) for tag, t in tags
                     if tag in ("DT_RPATH", "DT_RUNPATH")]
            if library not in needed:
                errors.append(f"{extension} does not need {library} (DT_NEEDED {needed})")
            if paths:
                errors.append(f"{extension} has an rpath/runpath: {paths}")
        dist_name = [re.findall(r"^Name: (.*)$", z.read(n).decode(), re.M) for n in names
                     if n.endswith(".dist-info/METADATA")]
        if dist_name != [["openflexio"]]:
            errors.append(f"METADATA names {dist_name}, not the distribution openflexio")
        metadata = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        wheel_tags = re.findall(r"^Tag: (.*)$", z.read(metadata).decode(), re.M)
        if not wheel_tags or any(not t.startswith("cp39-abi3-") for t in wheel_tags):
            errors.append(f"WHEEL tags {wheel_tags}: not cp39-abi3")
    return errors


if __name__ == "__main__":
    problems = main(Path(sys.argv[1]))
    for p in problems:
        print(f"FAIL: {p}")
    good = "openflexio, cp39-abi3, manylinux, no rpath, libflexio and libdoca_common not bundled, typed"
    print(f"{sys.argv[1]}: " + ("bad" if problems else good))
    sys.exit(1 if problems else 0)
