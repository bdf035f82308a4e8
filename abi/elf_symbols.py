"""Symbols of ELF files, read with pyelftools: the one reader the tree's Python tools share
(abi/check_symbols.py, tools/dpacc, tests/docs, tests/verbs, bench/packets) instead of each scraping
objdump, readelf or nm.

    for s in elf_symbols.dynamic_symbols("libflexio.so.1"):
        s.name, s.version, s.default, s.type     # "flexio_version_get", "FLEXIO_1.1", True, "FUNC"
    elf_symbols.defined_functions("x.o")         # {"f", "g"}: functions an object defines
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerSymSection
from elftools.elf.sections import SymbolTableSection

_HIDDEN_VERSION = 0x8000  # .gnu.version: the symbol's version is not its default ("name@V")


@dataclasses.dataclass(frozen=True)
class DynamicSymbol:
    """A symbol a shared library defines for others (.dynsym: defined, not local, default
    visibility). version: its symbol version ("" when unversioned); default: whether a program
    linking by name binds to it ("name@@V"), not only by version ("name@V"); type: ELF's symbol
    type without STT_ (FUNC, OBJECT, ...); absolute: SHN_ABS, as the symbols naming the version
    definitions themselves are."""
    name: str
    version: str
    default: bool
    type: str
    absolute: bool


def dynamic_symbols(library: str) -> Iterator[DynamicSymbol]:
    """The symbols the shared library exports, with their versions (.gnu.version through
    .gnu.version_d)."""
    with open(library, "rb") as f:
        elf = ELFFile(f)
        dynsym = elf.get_section_by_name(".dynsym")
        if dynsym is None:
            return
        versym = next((s for s in elf.iter_sections() if isinstance(s, GNUVerSymSection)), None)
        verdef = elf.get_section_by_name(".gnu.version_d")
        version_names = {}
        if verdef is not None:
            for definition, names in verdef.iter_versions():
                version_names[definition["vd_ndx"]] = next(iter(names)).name
        for index, symbol in enumerate(dynsym.iter_symbols()):
            if (symbol["st_shndx"] == "SHN_UNDEF" or symbol["st_info"]["bind"] == "STB_LOCAL"
                    or symbol["st_other"]["visibility"] != "STV_DEFAULT" or not symbol.name):
                continue
            version, default = "", True
            if versym is not None:
                ndx = versym.get_symbol(index)["ndx"]
                if isinstance(ndx, int):  # else VER_NDX_LOCAL / VER_NDX_GLOBAL: unversioned
                    version = version_names.get(ndx & ~_HIDDEN_VERSION, "")
                    default = not ndx & _HIDDEN_VERSION
            yield DynamicSymbol(symbol.name, version, default, symbol["st_info"]["type"].removeprefix("STT_"),
                                symbol["st_shndx"] == "SHN_ABS")


def defined_functions(path: str) -> set[str]:
    """The functions an object file, executable or library defines in its symbol tables
    (local ones included)."""
    names = set()
    with open(path, "rb") as f:
        for table in ELFFile(f).iter_sections():
            if not isinstance(table, SymbolTableSection):
                continue
            for symbol in table.iter_symbols():
                if symbol["st_info"]["type"] == "STT_FUNC" and isinstance(symbol["st_shndx"], int):
                    names.add(symbol.name)
    return names
