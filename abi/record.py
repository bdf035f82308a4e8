#!/usr/bin/env python3
"""Records a release's ABI from a build: what abi/report.py and the tests check later builds against.

Usage: record.py BUILD_DIR RELEASE [--cc CC] [--force] [--abi-dir DIR]

BUILD_DIR is a -g build (CMAKE_BUILD_TYPE=Debug or RelWithDebInfo: abi-dumper reads DWARF). Writes,
for every installed shared library (abi/libraries.py) and the device ecall ABI:
  abi/baselines/<library>-RELEASE.abi   libabigail's record (abidw), the abidiff gate's baseline
  abi/dumps/<library>-RELEASE.dump      abi-dumper's dump, abi-compliance-checker's baseline
  abi/skip/<library>-RELEASE.txt        the symbols abi-compliance-checker skips (experimental
                                        functions, rdma-core interposers, the private node)
                                        (these two only for libraries capi/include declares)
  abi/baselines/ecall-RELEASE.json      service numbers and argument registers (abi/ecall_abi.py)
A release's files are never rewritten once committed: record the next release under its own name.
record.py refuses (exit 2, naming the files) when any file of RELEASE exists; --force rewrites
them (for a release not yet published). --abi-dir writes under another folder than abi/.
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import dumpers  # noqa: E402
import ecall_abi  # noqa: E402
import libraries  # noqa: E402

def release_files(abi_dir, release):
    """Every file record.py writes for release."""
    for lib in libraries.LIBRARIES:
        yield libraries.baseline_path(abi_dir, lib.name, release)
        if lib.declared_in_public_headers:
            yield libraries.dump_path(abi_dir, lib.name, release)
            yield libraries.skip_list_path(abi_dir, lib.name, release)
    yield libraries.ecall_baseline_path(abi_dir, release)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dir", type=Path)
    parser.add_argument("release")
    parser.add_argument("--cc", default="cc", help="the C compiler whose preprocessor reads the ecall header")
    parser.add_argument("--force", action="store_true", help="rewrite the release's files when they exist")
    parser.add_argument("--abi-dir", type=Path, default=libraries.ABI_DIR, help="where the files go (abi/)")
    args = parser.parse_args()
    abi_dir = args.abi_dir
    existing = [path for path in release_files(abi_dir, args.release) if path.exists()]
    if existing and not args.force:
        print(f"record: release {args.release} is recorded already ({', '.join(p.name for p in existing)}): "
              "a recorded release is never rewritten; record the next one, or --force for one never published",
              file=sys.stderr)
        return 2
    for path in release_files(abi_dir, args.release):
        path.parent.mkdir(parents=True, exist_ok=True)
    for lib in libraries.LIBRARIES:
        built = args.build_dir / "lib" / lib.file
        baseline = libraries.baseline_path(abi_dir, lib.name, args.release)
        baseline.write_text(dumpers.abixml(built))
        if not lib.declared_in_public_headers:
            print(f"record: {lib.name} {args.release}: {baseline.name}")
            continue
        dumpers.write_abi_dump(built, args.release, libraries.dump_path(abi_dir, lib.name, args.release))
        skip = libraries.skip_list_path(abi_dir, lib.name, args.release)
        skip.write_text("".join(f"{symbol}\n" for symbol in lib.skipped_symbols()))
        print(f"record: {lib.name} {args.release}: {baseline.name}, dump and skip list")
    ecall = libraries.ecall_baseline_path(abi_dir, args.release)
    ecall.write_text(json.dumps(ecall_abi.dump(args.cc, libraries.SOURCE_DIR), indent=2) + "\n")
    print(f"record: ecall ABI {args.release}: {ecall.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
