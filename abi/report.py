#!/usr/bin/env python3
"""Checks built libraries against a release: the abidiff gate and abi-compliance-checker's HTML report.

Usage: report.py --release RELEASE --out DIR LIBRARY.so... [--abi-dir DIR]

For each LIBRARY (named by its SONAME file, e.g. build/lib/libflexio.so.1; a -g build, as
abi-dumper reads DWARF) whose release files abi/record.py committed:
  - abi/check_compat.py's gate against abi/baselines/<library>-RELEASE.abi (abidiff);
  - abi-dumper's dump of the build and abi-compliance-checker against
    abi/dumps/<library>-RELEASE.dump, skipping abi/skip/<library>-RELEASE.txt, which writes
    DIR/<library>/compat_report.html (and the build's dump next to it).
Prints one verdict line per library and check; exits 1 if any check finds a break, 2 if a tool
fails. --abi-dir reads the release files from elsewhere (the tests' fixture).
"""
import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_compat  # noqa: E402
import dumpers  # noqa: E402
import libraries  # noqa: E402

# abi-compliance-checker's exit statuses (its manual): 0 compatible, 1 incompatible, more: its own failure.
ACC_COMPATIBLE, ACC_INCOMPATIBLE = 0, 1


def library_name(path):
    """libflexio.so.1 -> libflexio, the stem the release files are named by."""
    return Path(path).name.split(".so")[0]


def gate(baseline, built, headers):
    status, report, errors = check_compat.abidiff(baseline, built, headers)
    change = check_compat.verdict(status, errors)  # raises when abidiff fails
    return (f"breaks it: {change} (abidiff exit {status})\n{report}" if change else None)


def compliance_report(name, release, built, old_dump, skip, out_dir, headers):
    out_dir.mkdir(parents=True, exist_ok=True)
    new_dump = out_dir / f"{name}-build.dump"
    dumpers.write_abi_dump(built, f"{release}+build", new_dump, headers)
    html = out_dir / "compat_report.html"
    r = subprocess.run(["abi-compliance-checker", "-l", name, "-old", str(old_dump), "-new", str(new_dump),
                        "-skip-symbols", str(skip), "-report-path", str(html)],
                       capture_output=True, text=True)
    if r.returncode not in (ACC_COMPATIBLE, ACC_INCOMPATIBLE):
        raise RuntimeError(f"abi-compliance-checker failed (exit {r.returncode}): {r.stderr.strip()}")
    summary = [line for line in r.stdout.splitlines() if line.startswith(("Binary compat", "Source compat",
                                                                           "Total "))]
    return html, r.returncode == ACC_INCOMPATIBLE, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("libraries", nargs="+", type=Path)
    parser.add_argument("--release", required=True)
    parser.add_argument("--out", required=True, type=Path, help="where the HTML reports go")
    parser.add_argument("--abi-dir", type=Path, default=libraries.ABI_DIR, help="holds baselines/, dumps/ and skip/")
    parser.add_argument("--headers", type=Path, default=libraries.PUBLIC_HEADERS,
                        help="the public headers (capi/include by default)")
    args = parser.parse_args()
    broken = False
    for built in args.libraries:
        name = library_name(built)
        baseline = libraries.baseline_path(args.abi_dir, name, args.release)
        old_dump = libraries.dump_path(args.abi_dir, name, args.release)
        skip = libraries.skip_list_path(args.abi_dir, name, args.release)
        with_report = libraries.has_compliance_report(name)
        missing = [str(p) for p in ((baseline, old_dump, skip) if with_report else (baseline,)) if not p.is_file()]
        if missing:
            print(f"report: {name}: release {args.release} has no {', '.join(missing)} (abi/record.py)",
                  file=sys.stderr)
            return 2
        try:
            problem = gate(baseline, built, args.headers)
            if with_report:
                html, incompatible, summary = compliance_report(name, args.release, built, old_dump, skip,
                                                                args.out / name, args.headers)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as e:  # a tool missing or failing
            print(f"report: {name}: {e}", file=sys.stderr)
            return 2
        print(f"report: {name}: abidiff gate: {'keeps' if problem is None else 'BREAKS'} the ABI of {args.release}")
        if problem:
            print(problem, file=sys.stderr)
        broken |= problem is not None
        if not with_report:
            print(f"report: {name}: abi-compliance-checker: not run (capi/include declares none of its functions)")
            continue
        broken |= incompatible
        print(f"report: {name}: abi-compliance-checker: {'INCOMPATIBLE' if incompatible else 'compatible'}"
              f" ({'; '.join(summary)}): {html}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
