#!/usr/bin/env python3
"""A 2.2-built object and a 3.0-built object of the same call (doca_log) in one program against the
same libdoca_common: the 2.2 object references the 2.2 form's symbol (doca_log_v2_2), the 3.0
object NVIDIA's name; the program binds each to its version node; run, each call logs in its
release's format (2.2: the source and line; 3.0: file, line and function).

Usage: check_binding.py OBJECT_2_2 OBJECT_3_0 PROGRAM LIBRARY
"""
import re
import subprocess
import sys
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection, GNUVerSymSection
from elftools.elf.sections import SymbolTableSection

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "abi"))
import elf_symbols  # noqa: E402


def undefined(path):
    with open(path, "rb") as f:
        elf = ELFFile(f)
        return {s.name for t in elf.iter_sections() if isinstance(t, SymbolTableSection)
                for s in t.iter_symbols() if s["st_shndx"] == "SHN_UNDEF" and s.name}


def needed_versions(program):
    """{(name, version)} of the symbols a program takes from its libraries (.gnu.version_r)."""
    with open(program, "rb") as f:
        elf = ELFFile(f)
        versym = next(s for s in elf.iter_sections() if isinstance(s, GNUVerSymSection))
        verneed = next(s for s in elf.iter_sections() if isinstance(s, GNUVerNeedSection))
        names = {aux["vna_other"]: aux.name for _, auxs in verneed.iter_versions() for aux in auxs}
        dynsym = elf.get_section_by_name(".dynsym")
        return {(sym.name, names.get(versym.get_symbol(i)["ndx"], "")) for i, sym in enumerate(dynsym.iter_symbols())
                if sym["st_shndx"] == "SHN_UNDEF" and sym.name}


def main():
    obj_2_2, obj_3_0, program, library = sys.argv[1:5]
    errors = []
    u22, u30 = undefined(obj_2_2), undefined(obj_3_0)
    if "doca_log_v2_2" not in u22 or "doca_log" in u22:
        errors.append(f"the 2.2 object should call doca_log_v2_2 only: {sorted(u22)}")
    if "doca_log" not in u30 or "doca_log_v2_2" in u30:
        errors.append(f"the 3.0 object should call doca_log only: {sorted(u30)}")
    needed = {n for n in needed_versions(program) if n[0].startswith("doca_log")}
    for want in (("doca_log_v2_2", "DOCA_EXPERIMENTAL"), ("doca_log", "DOCA_EXPERIMENTAL")):
        if want not in needed:
            errors.append(f"the program does not bind {want[0]}@{want[1]}: {sorted(needed)}")
    exported = {(s.name, s.version) for s in elf_symbols.dynamic_symbols(library)}
    for want in (("doca_log_v2_2", "DOCA_EXPERIMENTAL"), ("doca_log", "DOCA_EXPERIMENTAL")):
        if want not in exported:
            errors.append(f"the library does not export {want[0]}@{want[1]}")
    out = subprocess.run([program], capture_output=True, text=True, timeout=60)
    lines = re.search(r"lines (\d+) (\d+)", out.stdout)
    if out.returncode or not lines:
        errors.append(f"the program failed ({out.returncode}): {out.stdout}{out.stderr}")
    else:
        if f"[DOCA][INF][CALLER_2_2:{lines.group(1)}]: from a 2.2 object" not in out.stdout:
            errors.append(f"no 2.2-form line from the 2.2 object:\n{out.stdout}")
        if f"[DOCA][INF][caller_3_0.c:{lines.group(2)}][caller_3_0] from a 3.0 object" not in out.stdout:
            errors.append(f"no 3.0-form line from the 3.0 object:\n{out.stdout}")
    for e in errors:
        print(f"check_binding: {e}")
    print(f"check_binding: {'each object binds its own form' if not errors else f'{len(errors)} problem(s)'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
