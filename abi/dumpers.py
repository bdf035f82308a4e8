"""How the ABI tools are run on a library: libabigail's abidw (the abidiff gate's baselines) and
abi-dumper (abi-compliance-checker's dumps), the same way when a release is recorded and when a
build is checked, so that a baseline and a build differ only by what the library changed.

Neither output holds a path of the machine that made it: abidw runs with --no-corpus-path,
--no-comp-dir-path and --short-locs (file names, no directories: abidiff still needs to know
which types come from the public headers), and the translation units' names, which abidw
writes as the compiler got them, are made relative to the source tree. abi-dumper records
headers and sources by file name only.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from libraries import PUBLIC_HEADERS, SOURCE_DIR  # noqa: E402
TRANSLATION_UNIT_PATH = re.compile(r"(<abi-instr [^>]*?path=')([^']*)(')")


def _relative_to_source(path):
    if not os.path.isabs(path):
        return path
    relative = os.path.relpath(path, SOURCE_DIR)
    # Generated sources live in a build tree, whose place is the machine's: keep their name.
    return os.path.basename(path) if relative.startswith("..") else relative


def abixml(library, headers=PUBLIC_HEADERS):
    """libabigail's record of library: the functions and variables it exports (.dynsym) and the
    types they use; types not defined under headers are private and left out."""
    out = subprocess.run(["abidw", "--no-corpus-path", "--no-comp-dir-path", "--short-locs",
                          "--drop-private-types", "--exported-interfaces-only", "--headers-dir",
                          str(headers), str(library)], check=True, capture_output=True, text=True).stdout
    return TRANSLATION_UNIT_PATH.sub(lambda m: m.group(1) + _relative_to_source(m.group(2)) + m.group(3), out)


def write_abi_dump(library, release, out, headers=PUBLIC_HEADERS):
    """abi-dumper's dump of library (which needs its DWARF: a -g build) into out, limited to
    what headers declare."""
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["abi-dumper", str(library), "-o", str(out), "-lver", release, "-public-headers",
                    str(headers), "-sort", "-quiet"], check=True, stdout=subprocess.DEVNULL)
