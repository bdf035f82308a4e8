"""The installed shared libraries whose ABI the checks guard, and what each leaves out.

One table for abi/record.py (which records a release's baselines) and abi/report.py (which
checks a build against them), so both agree on the libraries, their version scripts and the
symbols abi-compliance-checker skips.
"""
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import version_script  # noqa: E402

ABI_DIR = Path(__file__).resolve().parent  # holds baselines/, dumps/ and skip/
SOURCE_DIR = ABI_DIR.parent
PUBLIC_HEADERS = SOURCE_DIR / "capi" / "include"  # what tells public types from private ones
# rdma-core's entry points, which libflexio_verbs defines for the simulated device (and which
# libflexio links in): they keep rdma-core's ABI, described by rdma-core's headers, not ours.
INTERPOSER_NODE_PREFIXES = ("IBVERBS_", "MLX5_")
# Between OpenFlexIO's own libraries only: no program may call it.
PRIVATE_NODES = ("FLEXIO_VERBS_PRIVATE",)


@dataclasses.dataclass(frozen=True)
class Library:
    name: str                  # the file stem of its baselines: abi/baselines/<name>-<release>.abi
    file: str                  # its SONAME, as installed in lib/
    maps: tuple                # its version scripts, relative to the source tree
    experimental_node: str     # functions there may change between releases
    # Whether capi/include declares any of its functions: libflexio_verbs exports only rdma-core's
    # entry points and the private node, so abi-compliance-checker would have nothing to compare
    # (and, given an empty dump, does not finish); the abidiff gate still sees an entry point go.
    declared_in_public_headers: bool = True

    def script_nodes(self):
        for path in self.maps:
            yield from version_script.read(SOURCE_DIR / path).nodes

    def skipped_symbols(self):
        """What abi-compliance-checker leaves out: experimental functions, rdma-core
        interposers and the private node, sorted."""
        skipped = set()
        for node in self.script_nodes():
            if (node.name == self.experimental_node or node.name in PRIVATE_NODES
                    or node.name.startswith(INTERPOSER_NODE_PREFIXES)):
                skipped.update(node.global_names)
        return sorted(skipped)


LIBRARIES = (
    Library("libflexio", "libflexio.so.1", ("capi/libflexio.map", "core/providers/sim/verbs/libflexio_verbs.map"),
            "FLEXIO_EXPERIMENTAL"),
    Library("libdpa_stats", "libdpa_stats.so.1", ("capi/dpa_stats.map",), "DPA_STATS_EXPERIMENTAL"),
    Library("libflexio_verbs", "libflexio_verbs.so.1", ("core/providers/sim/verbs/libflexio_verbs.map",), "",
            declared_in_public_headers=False),
)


def library(name):
    for lib in LIBRARIES:
        if lib.name == name:
            return lib
    raise KeyError(f"no library {name} (known: {', '.join(lib.name for lib in LIBRARIES)})")


def has_compliance_report(name):
    """Whether abi-compliance-checker runs on the library called name: not for those capi/include
    declares none of (see Library.declared_in_public_headers); a library not in the table (the
    tests' fixture) has one."""
    return all(lib.declared_in_public_headers for lib in LIBRARIES if lib.name == name)


def baseline_path(abi_dir, name, release):
    return Path(abi_dir) / "baselines" / f"{name}-{release}.abi"


def dump_path(abi_dir, name, release):
    return Path(abi_dir) / "dumps" / f"{name}-{release}.dump"


def skip_list_path(abi_dir, name, release):
    return Path(abi_dir) / "skip" / f"{name}-{release}.txt"


def ecall_baseline_path(abi_dir, release):
    return Path(abi_dir) / "baselines" / f"ecall-{release}.json"
