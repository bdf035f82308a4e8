#!/usr/bin/env python3
"""The device ecall ABI as data, checked against the sources a build compiles.

Usage:
  ecall_abi.py dump  --cc CC --source-dir DIR > abi/baselines/ecall-<version>.json
  ecall_abi.py check --cc CC --source-dir DIR BASELINE.json

A device program links libflexio_dev statically, so a program built against one release keeps
that release's ecalls (service number in a7, arguments in a0..a5: capi/ecall/dpa_ecall.h) and
must run on every later simulator. The baseline records, per service, its number and how many
argument registers it takes. The check reads
  - the numbers from the preprocessor (CC -dM -E over dpa_ecall.h, the header both sides build),
  - the arguments the device runtime passes (dev/runtime and the public inline helpers: the arity
    of __flexio_dev_ecallN / dev_ecallN at each call site),
  - the arguments the simulator reads (args[i] in each service handler of core/, found through
    the handler tables and dpa_process_set_service calls),
and fails (exit 1) when a recorded service is gone, has another number, or the runtime passes /
the simulator reads other arguments than recorded, or two services share a number. New services
are compatible additions and are listed.  Exits 2 when the compiler cannot be run or fails.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

# The numbers that frame the service range are part of the ABI as well.
SERVICE_MACRO = re.compile(r"^#define (DPA_ECALL_\w+) (\S+)$")
# __flexio_dev_ecall2(DPA_ECALL_X, ...) or dev_ecall4(DPA_ECALL_X, ...): the helper's arity.
FIXED_ARITY_CALL = re.compile(r"\b(?:__flexio_dev_ecall|dev_ecall)(\d)\(\s*(DPA_ECALL_\w+)")
# dev_end_invocation(DPA_ECALL_X, arg): one argument, or none when the runtime passes a literal 0.
END_INVOCATION_CALL = re.compile(r"\bdev_end_invocation\(\s*(DPA_ECALL_\w+)\s*,\s*([^;]*?)\)\s*;", re.S)
HANDLER_TABLE_ENTRY = re.compile(r"\{\s*(DPA_ECALL_\w+)\s*,\s*(\w+)\s*\}")
SET_SERVICE_CALL = re.compile(r"\bdpa_process_set_service\(\s*[^,]+,\s*(DPA_ECALL_\w+)\s*,\s*(\w+)\s*,")
HANDLER_DEFINITION = r"\b{name}\(struct dpa_hart \*\w+, void \*\w+, uint64_t (\w+)\[6\]\)\s*\{{(.*?)\n\}}"
FRAME_MACROS = ("DPA_ECALL_BASE", "DPA_ECALL_LIMIT")


def service_numbers(cc, source_dir):
    """{macro: number} of every DPA_ECALL_* constant the build's preprocessor sees."""
    header = source_dir / "capi/ecall/dpa_ecall.h"
    out = subprocess.run([cc, "-dM", "-E", "-x", "c", f"-I{source_dir / 'capi/include'}",
                          f"-I{source_dir / 'capi/ecall'}", str(header)],
                         check=True, capture_output=True, text=True).stdout
    numbers = {}
    for line in out.splitlines():
        m = SERVICE_MACRO.match(line)
        if m:
            numbers[m.group(1)] = int(m.group(2), 0)
    return numbers


def sources(source_dir, folders, suffixes=(".c", ".h")):
    for folder in folders:
        for path in sorted((source_dir / folder).rglob("*")):
            if path.suffix in suffixes and path.is_file():
                yield path, path.read_text(errors="replace")


def runtime_arguments(source_dir):
    """{service: {argument count: [call sites]}} of the device runtime's ecalls."""
    passed = {}
    for path, text in sources(source_dir, ("dev/runtime", "capi/include")):
        where = path.relative_to(source_dir)
        for m in FIXED_ARITY_CALL.finditer(text):
            passed.setdefault(m.group(2), {}).setdefault(int(m.group(1)), []).append(str(where))
        for m in END_INVOCATION_CALL.finditer(text):
            count = 0 if m.group(2).strip() == "0" else 1
            passed.setdefault(m.group(1), {}).setdefault(count, []).append(str(where))
    return passed


def simulator_arguments(source_dir):
    """{service: highest argument count any of its handlers reads} over the simulator's sources."""
    files = dict((path, text) for path, text in sources(source_dir, ("core", "tools/dpa-sim-run"), (".c",)))
    read = {}
    for path, text in files.items():
        bindings = HANDLER_TABLE_ENTRY.findall(text) + SET_SERVICE_CALL.findall(text)
        for service, handler in bindings:
            m = re.search(HANDLER_DEFINITION.format(name=re.escape(handler)), text, re.S)
            if not m:
                continue
            indices = [int(i) for i in re.findall(rf"\b{re.escape(m.group(1))}\[(\d)\]", m.group(2))]
            read[service] = max(read.get(service, 0), max(indices, default=-1) + 1)
    return read


def dump(cc, source_dir):
    numbers = service_numbers(cc, source_dir)
    passed = runtime_arguments(source_dir)
    read = simulator_arguments(source_dir)
    services = {}
    for name, number in sorted(numbers.items(), key=lambda item: (item[1], item[0])):
        if name in FRAME_MACROS:
            continue
        counts = set(passed.get(name, {})) | ({read[name]} if name in read else set())
        services[name] = {"number": f"{number:#x}", "arguments": max(counts, default=0)}
    frame = {name: f"{numbers[name]:#x}" for name in FRAME_MACROS}
    return {"convention": "service number in a7, arguments in a0..a5, result in a0",
            "range": frame, "services": services}


def check(cc, source_dir, baseline):
    numbers = service_numbers(cc, source_dir)
    passed = runtime_arguments(source_dir)
    read = simulator_arguments(source_dir)
    errors, added = [], []
    for name, value in baseline["range"].items():
        built = numbers.get(name)
        if built != int(value, 0):
            errors.append(f"{name}: {value} in the baseline, {'none' if built is None else f'{built:#x}'} in the build")
    recorded = baseline["services"]
    for name, entry in recorded.items():
        number, arguments = int(entry["number"], 0), entry["arguments"]
        if name not in numbers:
            errors.append(f"{name} ({entry['number']}): service removed")
            continue
        if numbers[name] != number:
            errors.append(f"{name}: number {entry['number']} became {numbers[name]:#x}")
        for count, sites in sorted(passed.get(name, {}).items()):
            if count != arguments:
                errors.append(f"{name}: the runtime passes {count} argument(s) ({', '.join(sorted(set(sites)))}),"
                              f" the ABI has {arguments}")
        if read.get(name, 0) > arguments:
            errors.append(f"{name}: the simulator reads {read[name]} argument(s), the ABI has {arguments}")
    by_number = {}
    for name, number in numbers.items():
        if name not in FRAME_MACROS and (name in recorded or name in passed or name in read):
            by_number.setdefault(number, []).append(name)
    for number, names in sorted(by_number.items()):
        if len(names) > 1:
            errors.append(f"{', '.join(sorted(names))}: one number {number:#x}")
    for name in sorted(set(passed) | set(read)):
        if name not in recorded and name in numbers:
            added.append(f"{name} ({numbers[name]:#x})")
    return errors, added


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("dump", "check"))
    parser.add_argument("baseline", nargs="?", help="the recorded ecall ABI (check)")
    parser.add_argument("--cc", default="cc", help="the C compiler whose preprocessor reads the header")
    parser.add_argument("--source-dir", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_intermixed_args()
    if args.command == "dump":
        json.dump(dump(args.cc, args.source_dir), sys.stdout, indent=2)
        print()
        return 0
    if not args.baseline:
        parser.error("check needs the baseline")
    try:
        errors, added = check(args.cc, args.source_dir, json.loads(Path(args.baseline).read_text()))
    except (OSError, subprocess.CalledProcessError, ValueError) as e:  # not a traceback's 1: no break
        detail = (getattr(e, "stderr", None) or "").strip()
        print(f"ecall_abi: cannot check {args.baseline}: {e}{': ' + detail if detail else ''}", file=sys.stderr)
        return 2
    for name in added:
        print(f"ecall_abi: added {name}")
    for e in errors:
        print(f"ecall_abi: {e}", file=sys.stderr)
    if errors:
        print(f"ecall_abi: the build breaks the ecall ABI of {args.baseline}", file=sys.stderr)
        return 1
    print(f"ecall_abi: the build keeps the ecall ABI of {args.baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
