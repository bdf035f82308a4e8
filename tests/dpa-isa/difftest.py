#!/usr/bin/env python3
"""Runs RV64 test programs under qemu-riscv64 and dpa-sim-run.

Sub-commands:
  compare      same stdout, stderr and exit status under both (the
               reference run must also exit with --expect-exit, which
               catches a broken corpus program before blaming the engine)
  fault        the engine stops the program with the expected status and a
               "dpa-sim-run: fault:" line naming the cause
  selfcheck    the engine alone runs a self-checking program to the expected
               exit status (for behaviour qemu gets wrong)
  determinism  two --stats runs report identical counters
  count        --stats reports an exact number of retired instructions
  trace        --trace lists one line per retired instruction, starting at
               the ELF entry point

Every dpa-sim-run is run twice, under the interpreter and under the
translator (FLEXIO_SIM_ENGINE), and both runs must give the same exit status,
stdout and stderr (timings aside) before either is compared with qemu: qemu
is the third reference of the engines' differential test. On a host without
a translator both runs use the interpreter.

With --reference-only only the qemu side runs, to validate programs while
the engine is not built yet.
"""

import argparse
import difflib
import os
import re
import signal
import struct
import subprocess
import sys

# The DPA core: RV64IMAC + Zba/Zbb/Zbs, no F/D and no Zbc.
QEMU_CPU = "rv64,f=false,d=false,zba=true,zbb=true,zbs=true,zbc=false"
FAULT_PREFIX = "dpa-sim-run: fault:"
MAX_DIFF_LINES = 80
# FLEXIO_SIM_ENGINE values; the last run is the one compared with qemu.
ENGINES = ("interpreter", "translator")
# --stats timings differ from run to run, and the line names the engine.
TIMING = re.compile(rb" wall [0-9.]+ s rate [0-9.]+ MIPS| engine [a-z]+")


class Run:
    def __init__(self, label, command, timeout, env=None):
        self.label = label
        self.command = command
        try:
            completed = subprocess.run(command, stdin=subprocess.DEVNULL,
                                       capture_output=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired as expired:
            self.status = None
            self.stdout = expired.stdout or b""
            self.stderr = expired.stderr or b""
            self.timed_out = True
            return
        self.timed_out = False
        # Report deaths by signal the way a shell does, which is also how
        # dpa-sim-run encodes faults.
        code = completed.returncode
        self.status = 128 - code if code < 0 else code
        self.stdout = completed.stdout
        self.stderr = completed.stderr

    def describe_status(self):
        if self.timed_out:
            return "timed out"
        if self.status > 128:
            try:
                return "%d (signal %s)" % (self.status, signal.Signals(self.status - 128).name)
            except ValueError:
                pass
        return str(self.status)

    def show(self):
        print("--- %s: %s" % (self.label, " ".join(self.command)))
        print("    exit status %s" % self.describe_status())
        for line in self.stderr.decode(errors="replace").strip().splitlines()[-10:]:
            print("    stderr: %s" % line)


def run_reference(options):
    command = [options.qemu, "-cpu", options.qemu_cpu, options.program] + options.program_args
    return Run("qemu", command, options.timeout)


def run_engine(options, extra_options=()):
    """Runs dpa-sim-run under every engine; exits with status 1 when they
    disagree, else returns the last run."""
    command = [options.sim] + list(extra_options) + [options.program] + options.program_args
    runs = [Run("dpa-sim-run (%s)" % engine, command, options.timeout,
                dict(os.environ, FLEXIO_SIM_ENGINE=engine)) for engine in ENGINES]
    first = runs[0]
    for other in runs[1:]:
        if (first.timed_out, first.status, first.stdout, TIMING.sub(b"", first.stderr)) == \
                (other.timed_out, other.status, other.stdout, TIMING.sub(b"", other.stderr)):
            continue
        print("ENGINE MISMATCH: %s and %s differ" % (first.label, other.label))
        first.show()
        other.show()
        for name in ("stdout", "stderr"):
            print_stream_diff(name, getattr(first, name), getattr(other, name), first.label, other.label)
        sys.exit(1)
    return runs[-1]


def print_stream_diff(name, expected, actual, expected_label="qemu", actual_label="dpa-sim-run"):
    diff = list(difflib.unified_diff(
        expected.decode(errors="replace").splitlines(),
        actual.decode(errors="replace").splitlines(),
        expected_label + " " + name, actual_label + " " + name, lineterm="", n=2))
    for line in diff[:MAX_DIFF_LINES]:
        print(line)
    if len(diff) > MAX_DIFF_LINES:
        print("... %d more diff lines" % (len(diff) - MAX_DIFF_LINES))


def check_reference(reference, expected_status):
    if reference.timed_out or reference.status != expected_status:
        print("FAIL: the qemu reference run exited %s, expected %d: the program "
              "or its expectation is wrong" % (reference.describe_status(), expected_status))
        reference.show()
        sys.stdout.write(reference.stdout.decode(errors="replace")[-3000:])
        return False
    return True


def command_compare(options):
    reference = run_reference(options)
    if not check_reference(reference, options.expect_exit):
        return 1
    if options.reference_only:
        print("reference run ok (exit %d, %d bytes of stdout)"
              % (reference.status, len(reference.stdout)))
        return 0
    engine = run_engine(options, options.sim_option)
    failures = []
    if engine.timed_out or engine.status != reference.status:
        failures.append("exit status: qemu %s, dpa-sim-run %s"
                        % (reference.describe_status(), engine.describe_status()))
    if engine.stdout != reference.stdout:
        failures.append("stdout differs")
    if engine.stderr != reference.stderr:
        failures.append("stderr differs")
    if not failures:
        print("match: exit %d, %d bytes of stdout" % (engine.status, len(engine.stdout)))
        return 0
    print("MISMATCH: " + "; ".join(failures))
    engine.show()
    if engine.stdout != reference.stdout:
        print_stream_diff("stdout", reference.stdout, engine.stdout)
    if engine.stderr != reference.stderr:
        print_stream_diff("stderr", reference.stderr, engine.stderr)
    return 1


def command_fault(options):
    ok = True
    if options.reference_exit is not None:
        ok = check_reference(run_reference(options), options.reference_exit)
    if options.reference_only:
        if ok:
            print("reference run ok; engine part skipped")
        return 0 if ok else 1

    engine = run_engine(options, options.sim_option)
    stdout = engine.stdout.decode(errors="replace")
    stderr_lines = engine.stderr.decode(errors="replace").splitlines()
    fault_lines = [line for line in stderr_lines if line.startswith(FAULT_PREFIX)]
    problems = []
    if engine.timed_out or engine.status != options.expect_exit:
        problems.append("exit status %s, expected %d"
                        % (engine.describe_status(), options.expect_exit))
    if len(fault_lines) != 1:
        problems.append("%d lines start with %r, expected exactly one"
                        % (len(fault_lines), FAULT_PREFIX))
    elif not re.search(options.expect_cause, fault_lines[0], re.IGNORECASE):
        problems.append("fault line does not match %r" % options.expect_cause)
    for marker in options.expect_stdout:
        if marker not in stdout:
            problems.append("stdout lacks %r (the program stopped too early)" % marker)
    for marker in options.forbid_stdout:
        if marker in stdout:
            problems.append("stdout contains %r (the program ran past the fault)" % marker)
    if problems:
        print("FAIL: " + "; ".join(problems))
        engine.show()
        sys.stdout.write(stdout[-2000:])
        return 1
    print("faulted as expected: %s" % fault_lines[0])
    return 0 if ok else 1


def command_selfcheck(options):
    if options.reference_only:
        print("engine-only test skipped in reference-only mode")
        return 0
    engine = run_engine(options, options.sim_option)
    if engine.timed_out or engine.status != options.expect_exit:
        print("FAIL: exit status %s, expected %d"
              % (engine.describe_status(), options.expect_exit))
        engine.show()
        sys.stdout.write(engine.stdout.decode(errors="replace"))
        return 1
    print("self-checks passed: exit %d" % engine.status)
    return 0


# --stats counters, matched as "<name> <number>" or "<name>: <number>"
# anywhere in the output, whatever the line layout.
COUNTERS = {
    "instructions": r"\b(?:instructions|instret|retired)\b[^0-9\n]*?([0-9][0-9,]*)",
    "cycles": r"\bcycles?\b[^0-9\n]*?([0-9][0-9,]*)",
}


def parse_counter(stats_text, name):
    match = re.search(COUNTERS[name], stats_text, re.IGNORECASE)
    return int(match.group(1).replace(",", "")) if match else None


def stats_run(options):
    engine = run_engine(options, options.sim_option + ["--stats"])
    if engine.timed_out or engine.status != options.expect_exit:
        print("FAIL: --stats run exited %s, expected %d"
              % (engine.describe_status(), options.expect_exit))
        engine.show()
        return None, None
    return engine, engine.stderr.decode(errors="replace")


def command_determinism(options):
    if options.reference_only:
        print("engine-only test skipped in reference-only mode")
        return 0
    first, first_stats = stats_run(options)
    second, second_stats = stats_run(options)
    if first is None or second is None:
        return 1
    counters = {}
    for name in COUNTERS:
        values = (parse_counter(first_stats, name), parse_counter(second_stats, name))
        if None in values:
            print("FAIL: no %s counter found in --stats output:\n%s" % (name, first_stats))
            return 1
        counters[name] = values
    if any(first_value != second_value for first_value, second_value in counters.values()):
        print("FAIL: two identical runs disagree (first, second): %s" % counters)
        print("first run:\n%s\nsecond run:\n%s" % (first_stats, second_stats))
        return 1
    if first.stdout != second.stdout:
        print("FAIL: stdout differs between two identical runs")
        return 1
    print("deterministic: %s" % {name: values[0] for name, values in counters.items()})
    return 0


def command_count(options):
    if options.reference_only:
        print("engine-only test skipped in reference-only mode")
        return 0
    engine, stats = stats_run(options)
    if engine is None:
        return 1
    retired = parse_counter(stats, "instructions")
    allowed = [int(value) for value in options.expect_instructions.split(",")]
    if retired not in allowed:
        print("FAIL: --stats reports %s instructions retired, expected one of %s\n%s"
              % (retired, allowed, stats))
        return 1
    print("instructions retired: %d" % retired)
    return 0


def elf_entry_point(path):
    with open(path, "rb") as handle:
        header = handle.read(32)
    return struct.unpack_from("<Q", header, 24)[0]


def command_trace(options):
    if options.reference_only:
        print("engine-only test skipped in reference-only mode")
        return 0
    engine = run_engine(options, options.sim_option + ["--trace", "--stats"])
    if engine.timed_out or engine.status != options.expect_exit:
        print("FAIL: --trace run exited %s, expected %d"
              % (engine.describe_status(), options.expect_exit))
        engine.show()
        return 1
    lines = engine.stderr.decode(errors="replace").splitlines()
    own_lines = "\n".join(line for line in lines if line.startswith("dpa-sim-run:"))
    trace = [line for line in lines if not line.startswith("dpa-sim-run:")]
    retired = parse_counter(own_lines, "instructions")
    problems = []
    if retired != len(trace):
        problems.append("%d trace lines but --stats reports %s instructions" % (len(trace), retired))
    entry = elf_entry_point(options.program)
    try:
        first_pc = int(trace[0].split()[0], 16)
    except (IndexError, ValueError):
        first_pc = None
    if first_pc != entry:
        problems.append("first traced pc is %s, the ELF entry point is 0x%x"
                        % (trace[0] if trace else "missing", entry))
    if problems:
        print("FAIL: " + "; ".join(problems))
        return 1
    print("trace of %d instructions starts at the entry point 0x%x" % (len(trace), entry))
    return 0


def parse_options(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--qemu", default="qemu-riscv64")
    parser.add_argument("--qemu-cpu", default=QEMU_CPU)
    parser.add_argument("--sim", help="path to dpa-sim-run")
    parser.add_argument("--reference-only", action="store_true",
                        help="run only qemu (validates programs without the engine)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--expect-exit", type=int, default=0,
                        help="status the program must exit with: under qemu for compare, "
                             "under dpa-sim-run for the other sub-commands")
    parser.add_argument("--sim-option", action="append", default=[],
                        help="extra dpa-sim-run option (repeat), e.g. --sim-option=--watchdog")
    subcommands = parser.add_subparsers(dest="command", required=True)

    def add_program(subparser):
        subparser.add_argument("program")
        subparser.add_argument("program_args", nargs=argparse.REMAINDER)

    add_program(subcommands.add_parser("compare"))
    fault = subcommands.add_parser("fault")
    fault.add_argument("--expect-cause", required=True,
                       help="regular expression the fault line must match, e.g. 'access|permission'")
    fault.add_argument("--reference-exit", type=int,
                       help="exit status qemu must give the same program")
    fault.add_argument("--expect-stdout", action="append", default=[])
    fault.add_argument("--forbid-stdout", action="append", default=[])
    add_program(fault)
    add_program(subcommands.add_parser("selfcheck"))
    add_program(subcommands.add_parser("determinism"))
    count = subcommands.add_parser("count")
    count.add_argument("--expect-instructions", required=True,
                       help="comma-separated acceptable counts")
    add_program(count)
    add_program(subcommands.add_parser("trace"))

    options = parser.parse_args(argv)
    if not options.reference_only and not options.sim:
        parser.error("--sim is required unless --reference-only is given")
    if not os.path.exists(options.program):
        parser.error("no such program: %s" % options.program)
    return options


def main(argv):
    options = parse_options(argv)
    handlers = {"compare": command_compare, "fault": command_fault,
                "selfcheck": command_selfcheck, "determinism": command_determinism,
                "count": command_count, "trace": command_trace}
    return handlers[options.command](options)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
