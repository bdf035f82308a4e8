"""dpacc: the symbols a linked device ELF defines, read with pyelftools.

Device libraries (ar archives) are read by llvm-nm instead (dpacc.library_entry_points):
their members may be LLVM bitcode (device code compiled with -flto), which is not ELF.
"""
from pathlib import Path

try:
    from elftools.common.exceptions import ELFError
    from elftools.construct import ConstructError
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection
except ImportError:  # dpacc names the package to install instead of a traceback
    ELFFile = None


class ElfReadError(Exception):
    """An ELF file dpacc cannot read symbols from; the message names it."""


def defined_symbols(path):
    """The names of the symbols an ELF file defines (in any of its symbol tables)."""
    if ELFFile is None:
        raise ElfReadError("the Python module 'elftools' is missing: install the Debian package "
                           "python3-pyelftools (or `pip install pyelftools` for this python3)")
    try:
        with Path(path).open("rb") as stream:
            names = set()
            for section in ELFFile(stream).iter_sections():
                if isinstance(section, SymbolTableSection):
                    names.update(symbol.name for symbol in section.iter_symbols()
                                 if symbol.name and symbol["st_shndx"] != "SHN_UNDEF")
            return names
    except (ELFError, ConstructError) as e:  # a damaged or truncated file
        raise ElfReadError(f"{path}: not a readable ELF file ({e})") from None
