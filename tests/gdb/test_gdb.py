#!/usr/bin/env python3
"""gdb-multiarch against live DPA threads (the simulated device's GDB stub).

Runs gdb_target with FLEXIO_SIM_GDB=0 (a free port, read from the stub's log line) and
FLEXIO_SIM_GDB_WAIT=1 (the process waits for the debugger), then gdb-multiarch in batch mode:
a breakpoint in the device function gdb_scale, continue to it, its arguments and a local,
next, stepi, the DPA threads, then continue to the program's exit.
Exit 77 (skipped) without gdb-multiarch.
"""
import os
import re
import shutil
import subprocess
import sys
import threading
import time


def main():
    target, workdir = sys.argv[1], sys.argv[2]
    gdb = shutil.which("gdb-multiarch")
    if not gdb:
        print("SKIPPED: gdb-multiarch is not installed (apt-get install gdb-multiarch)")
        return 77
    elf = os.path.join(workdir, "gdb_test.elf")
    env = dict(os.environ, FLEXIO_SIM_GDB="0", FLEXIO_SIM_GDB_WAIT="1")
    program = subprocess.Popen([target, elf], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, text=True)
    port = None
    stderr_lines = []
    deadline = time.monotonic() + 120
    while port is None and time.monotonic() < deadline:
        line = program.stderr.readline()
        if not line:
            break
        stderr_lines.append(line)
        m = re.search(r"GDB stub listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            port = int(m.group(1))
    if port is None:
        program.kill()
        print("the program never announced its GDB stub:\n" + "".join(stderr_lines))
        return 1
    # The rest of its stderr, read meanwhile so that it never blocks on a full pipe.
    rest = []
    reader = threading.Thread(target=lambda: rest.extend(program.stderr))
    reader.start()

    commands = [
        "set architecture riscv:rv64",
        "set pagination off",
        "set confirm off",
        f"file {elf}",
        f"target remote 127.0.0.1:{port}",
        "break gdb_scale",
        "continue",
        "print value",
        "print factor",
        "next",
        "print product",
        "stepi",
        "info registers pc",
        "backtrace",
        "info threads",
        "delete",
        "continue",
    ]
    args = [gdb, "-nx", "-batch"]
    for c in commands:
        args += ["-ex", c]
    try:
        out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=180).stdout
    except subprocess.TimeoutExpired as e:
        program.kill()
        print("gdb-multiarch timed out:\n" + (e.stdout or ""))
        return 1
    try:
        stdout, _ = program.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        program.kill()
        stdout, _ = program.communicate()
    reader.join()
    print(out)
    print("program stdout:", stdout)
    print("program stderr:", "".join(stderr_lines + rest))

    checks = [
        (r"Breakpoint 1, gdb_scale \(value=14, factor=3\) at .*gdb_test_device\.c:\d+", "stop at the breakpoint with the arguments"),
        (r"\$1 = 14\b", "print value"),
        (r"\$2 = 3\b", "print factor"),
        (r"\$3 = 42\b", "print product after next"),
        (r"uint64_t bumped = product \+ 1;", "next shows the next source line"),
        (r"pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <gdb_scale\+\d+>", "stepi stays in gdb_scale"),
        (r"#1 .* gdb_rpc \(value=14\)", "backtrace to the RPC"),
        (r"Thread \w+ \"rpc\"", "the RPC thread in info threads"),
        (r"Thread \w+ \"gdb_worker\"", "the event handler's thread by name"),
        (r"exited normally", "continue to the program's exit"),
    ]
    failed = [what for pattern, what in checks if not re.search(pattern, out)]
    if program.returncode != 0 or "result 43" not in stdout:
        failed.append(f"the program's result (exit {program.returncode})")
    if failed:
        print("FAILED: " + "; ".join(failed))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
