#!/usr/bin/env python3
"""Records a release's ABI from a build: what abi/report.py and the tests check later builds against.

Usage: record.py BUILD_DIR RELEASE [--cc CC]

BUILD_DIR is a -g build (CMAKE_BUILD_TYPE=Debug or RelWithDebInfo: abi-dumper reads DWARF). Writes,
for every installed shared library (abi/libraries.py) and the device ecall ABI:
  abi/baselines/<library>-RELEASE.abi   libabigail's record (abidw), the abidiff gate's baseline
  abi/dumps/<library>-RELEASE.dump      abi-dumper's dump, abi-compliance-checker's baseline
  abi/skip/<library>-RELEASE.txt        the symbols abi-compliance-checker skips (experimental
                                        functions, rdma-core interposers, the private node)
                                        (these two only for libraries capi/include declares)
  abi/baselines/ecall-RELEASE.json      service numbers and argument registers (abi/ecall_abi.py)
A release's files are never rewritten once committed: record the next release under its own name.
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import dumpers  # noqa: E402
import ecall_abi  # noqa: E402
import libraries  # noqa: E402

ABI_DIR = libraries.ABI_DIR


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dir", type=Path)
    parser.add_argument("release")
    parser.add_argument("--cc", default="cc", help="the C compiler whose preprocessor reads the ecall header")
    args = parser.parse_args()
    for lib in libraries.LIBRARIES:
        built = args.build_dir / "lib" / lib.file
        baseline = libraries.baseline_path(ABI_DIR, lib.name, args.release)
        baseline.write_text(dumpers.abixml(built))
        if not lib.declared_in_public_headers:
            print(f"record: {lib.name} {args.release}: {baseline.name}")
            continue
        dumpers.write_abi_dump(built, args.release, libraries.dump_path(ABI_DIR, lib.name, args.release))
        skip = libraries.skip_list_path(ABI_DIR, lib.name, args.release)
        skip.parent.mkdir(exist_ok=True)
        skip.write_text("".join(f"{symbol}\n" for symbol in lib.skipped_symbols()))
        print(f"record: {lib.name} {args.release}: {baseline.name}, dump and skip list")
    ecall = libraries.ecall_baseline_path(ABI_DIR, args.release)
    ecall.write_text(json.dumps(ecall_abi.dump(args.cc, libraries.SOURCE_DIR), indent=2) + "\n")
    print(f"record: ecall ABI {args.release}: {ecall.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
