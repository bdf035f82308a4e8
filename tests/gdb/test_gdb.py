#!/usr/bin/env python3
"""gdb-multiarch against live DPA threads (the simulated device's GDB stub).

Runs gdb_target with FLEXIO_SIM_GDB=0 (a free port, read from the stub's log line) and
FLEXIO_SIM_GDB_WAIT=1 (the process waits for the debugger), then gdb-multiarch in batch mode:
a breakpoint in the device function gdb_scale, continue to it, its arguments and a local,
next, stepi, the DPA threads, a read and a write watchpoint on a global (gdb_total), then
continue to the program's exit.
Then gdb_target in its spin mode with a raw remote-protocol client (gdb's batch mode cannot
interrupt a running target reliably): at most 4 watchpoints (the fifth is refused), ^C
interrupts the spinning DPA thread inside gdb_spin, a memory write ends its loop, and the
misaligned store of gdb_fault stops as SIGBUS at its pc, then the process terminates.
Then gdb_target in its destroy mode, whose process and event handlers its program destroys while
a raw client holds them: a packet with a bad checksum is refused ('-', or an error in no-ack
mode) and not acted on, a vCont naming no live thread is answered with an error, and destroying
a handler stopped at a breakpoint in its loop, a process stopped by ^C while that handler spins,
and a process whose debugger stopped reading replies each complete at once, the client seeing
the connection close.
Exit 77 (skipped) without gdb-multiarch.
"""
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time

from elftools.elf.elffile import ELFFile

GDB_SIGINT, GDB_SIGTRAP, GDB_SIGBUS = 0x02, 0x05, 0x0a  # GDB's signal numbers
SPIN_THREADS = 2000 + 1  # gdb_target spin: its idle event handlers (SPIN_IDLE_HANDLERS) and the RPC's thread


def packet(payload):
    data = payload.encode()
    return b"$%s#%02x" % (data, sum(data) & 0xff)


class Rsp:
    """A minimal GDB remote serial protocol client (acknowledged mode until no_ack is set)."""

    def __init__(self, port, receive_buffer=None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:  # (before connecting: the window is agreed then)
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        self.buf = b""
        self.no_ack = False

    def _byte(self):
        while not self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise EOFError("the stub closed the connection")
            self.buf += data
        b, self.buf = self.buf[:1], self.buf[1:]
        return b

    def send(self, payload):
        self.sock.sendall(packet(payload))
        if not self.no_ack and self._byte() != b"+":
            raise RuntimeError(f"no ack for {payload}")

    def reply(self):
        while self._byte() != b"$":
            pass
        out = b""
        while (c := self._byte()) != b"#":
            out += c
        self._byte(), self._byte()
        if not self.no_ack:
            self.sock.sendall(b"+")
        return out.decode()

    def ask(self, payload):
        self.send(payload)
        return self.reply()


def segments(elf):
    with open(elf, "rb") as f:
        return [dict(s.header) for s in ELFFile(f).iter_segments()]


def symbols(elf):
    with open(elf, "rb") as f:
        table = ELFFile(f).get_section_by_name(".symtab")
        return {s.name: (s["st_value"], s["st_size"]) for s in table.iter_symbols() if s.name}


def start(target, args):
    """Starts the program; returns it, the stub's port (None if never announced) and its stderr
    lines (the rest read by a thread, so that it never blocks on a full pipe)."""
    env = dict(os.environ, FLEXIO_SIM_GDB="0", FLEXIO_SIM_GDB_WAIT="1")
    program = subprocess.Popen([target] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, text=True)
    port = None
    lines = []
    deadline = time.monotonic() + 120
    while port is None and time.monotonic() < deadline:
        line = program.stderr.readline()
        if not line:
            break
        lines.append(line)
        m = re.search(r"GDB stub listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            port = int(m.group(1))
    reader = threading.Thread(target=lambda: lines.extend(program.stderr))
    reader.start()
    return program, port, lines, reader


def finish(program, reader):
    try:
        stdout, _ = program.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        program.kill()
        stdout, _ = program.communicate()
    reader.join()
    return stdout


def stop_reply(text):
    """(signal, {key: value}) of a T stop reply."""
    m = re.fullmatch(r"T([0-9a-f]{2})(.*)", text)
    if not m:
        return None, {}
    fields = dict(f.split(":", 1) for f in m.group(2).split(";") if ":" in f)
    return int(m.group(1), 16), fields


def spin_session(target, elf):
    """The raw-protocol session on gdb_target's spin mode; returns the failures."""
    syms = symbols(elf)
    program, port, lines, reader = start(target, [elf, "spin"])
    if port is None:
        program.kill()
        finish(program, reader)
        return ["the spin program never announced its GDB stub:\n" + "".join(lines)]
    failed = []
    log = []
    try:
        rsp = Rsp(port)

        def ask(payload):
            answer = rsp.ask(payload)
            log.append(f"{payload!r} -> {answer!r}")
            return answer

        ask("?")
        total = syms["gdb_total"][0]
        answers = [ask(f"Z2,{total + 8 * i:x},8") for i in range(5)]
        if answers[:4] != ["OK"] * 4 or not answers[4].startswith("E"):
            failed.append(f"4 watchpoints, the fifth refused: {answers}")
        if [ask(f"z2,{total + 8 * i:x},8") for i in range(4)] != ["OK"] * 4:
            failed.append("removing the watchpoints")
        # ^C while the program's RPC spins: the stop names the spinning thread. The host makes
        # its idle handlers first (slow under sanitizers): until gdb_spin runs, a ^C finds every
        # thread idle, and the test continues and interrupts again.
        spin, spin_size = syms["gdb_spin"]
        for attempt in range(40):
            rsp.send("vCont;c")
            time.sleep(0.5)
            rsp.sock.sendall(b"\x03")
            answer = rsp.reply()
            log.append(f"^C -> {answer!r}")
            signal, fields = stop_reply(answer)
            if signal != GDB_SIGINT or "thread" not in fields:
                failed.append(f"^C stops with SIGINT: {answer}")
                break
            ask(f"Hg{fields['thread']}")
            pc = int.from_bytes(bytes.fromhex(ask("p20")), "little")
            if spin <= pc < spin + spin_size:
                break
        else:
            failed.append(f"the interrupted thread is in gdb_spin (pc {pc:#x})")
        # Every thread listed, a packet at a time (qfThreadInfo, then qsThreadInfo until "l"),
        # and in the qXfer:threads document read in pieces: the idle handlers (made before the
        # spin) and the RPC's.
        listed, answer = [], rsp.ask("qfThreadInfo")
        while answer.startswith("m") and len(listed) < 10 * SPIN_THREADS:
            listed += answer[1:].split(",")
            answer = rsp.ask("qsThreadInfo")
        document, offset = "", 0
        while offset < 1 << 24:
            piece = rsp.ask(f"qXfer:threads:read::{offset:x},1000")
            document += piece[1:]
            offset += len(piece) - 1
            if not piece.startswith("m"):
                break
        log.append(f"qfThreadInfo/qsThreadInfo -> {len(listed)} threads; qXfer:threads -> "
                   f"{document.count('<thread ')} threads")
        if answer != "l" or len(listed) != SPIN_THREADS or len(set(listed)) != SPIN_THREADS:
            failed.append(f"{len(listed)} threads listed ({len(set(listed))} distinct), {SPIN_THREADS} expected")
        if document.count("<thread ") != SPIN_THREADS or not document.endswith("</threads>\n"):
            failed.append(f"the threads document names {document.count('<thread ')} threads")
        # Hg on an idle handler: a ^C still names the thread it interrupted (the spinning one).
        spinner = fields.get("thread")
        idle = next((t for t in listed if t != spinner), None)
        if spinner and idle:
            ask(f"Hg{idle}")
            rsp.send("vCont;c")
            time.sleep(0.2)
            rsp.sock.sendall(b"\x03")
            answer = rsp.reply()
            log.append(f"^C with Hg{idle} -> {answer!r}")
            if stop_reply(answer)[1].get("thread") != spinner:
                failed.append(f"^C names the spinning thread {spinner}, not Hg's idle one: {answer}")
        stop = syms["gdb_spin_stop"][0]
        if ask(f"M{stop:x},4:01000000") != "OK":
            failed.append("writing gdb_spin_stop")
        rsp.send("vCont;c")
        answer = rsp.reply()
        log.append(f"continue -> {answer!r}")
        signal, fields = stop_reply(answer)
        fault, fault_size = syms["gdb_fault"]
        if signal != GDB_SIGBUS or "thread" not in fields:
            failed.append(f"the misaligned store stops as SIGBUS: {answer}")
        else:
            ask(f"Hg{fields['thread']}")
            pc = int.from_bytes(bytes.fromhex(ask("p20")), "little")
            if not fault <= pc < fault + fault_size:
                failed.append(f"the fault's pc is in gdb_fault (pc {pc:#x})")
        rsp.send("vCont;c")
        answer = rsp.reply()
        log.append(f"continue -> {answer!r}")
        if answer != f"X{GDB_SIGBUS:02x}":
            failed.append(f"the process terminates with the fault's signal: {answer}")
        rsp.sock.close()
    except (OSError, EOFError, RuntimeError) as e:
        failed.append(f"the remote protocol session: {e}")
        program.kill()
    stdout = finish(program, reader)
    print("spin session:\n  " + "\n  ".join(log))
    print("spin program stdout:", stdout)
    print("spin program stderr:", "".join(lines))
    if program.returncode != 0 or "spun" not in stdout or "fault" not in stdout:
        failed.append(f"the spin program's result (exit {program.returncode})")
    return failed


class Obeying:
    """gdb_target in its destroy mode: commands on its stdin, its stdout lines read by a thread."""

    def __init__(self, target, elf):
        self.program, self.port, self.stderr, self.stderr_reader = start(target, [elf, "destroy"])
        self.lines = queue.Queue()
        self.stdout = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.program.stdout:
            self.stdout.append(line)
            self.lines.put(line.strip())
        self.lines.put(None)

    def command(self, text):
        self.program.stdin.write(text + "\n")
        self.program.stdin.flush()

    def said(self, want, timeout):
        """Whether the program prints the line want within timeout seconds."""
        try:
            return self.lines.get(timeout=timeout) == want
        except queue.Empty:
            return False

    def end(self):
        """Waits for the program (killed if it still runs after a while); its exit status."""
        try:
            self.program.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.program.kill()
            self.program.wait()
        self.stderr_reader.join()
        return self.program.returncode


def closed_by_stub(rsp, timeout):
    """Whether the stub closes the connection within timeout seconds (what it still had to send,
    read and dropped)."""
    rsp.sock.settimeout(timeout)
    try:
        while rsp.sock.recv(1 << 16):
            pass
        return True
    except ConnectionResetError:
        return True
    except OSError:  # the timeout
        return False


def destroy_session(target, elf, scenario):
    """One run of gdb_target's destroy mode; returns the failures."""
    syms = symbols(elf)
    obeying = Obeying(target, elf)
    failed, log = [], []
    if obeying.port is None:
        obeying.program.kill()
        obeying.end()
        return [f"{scenario}: the program never announced its GDB stub:\n" + "".join(obeying.stderr)]
    try:
        rsp = Rsp(obeying.port, receive_buffer=4096 if scenario == "not reading" else None)

        def ask(payload):
            answer = rsp.ask(payload)
            log.append(f"{payload!r} -> {answer!r}")
            return answer

        ask("?")
        rsp.send("vCont;c")  # the process starts (it waited for the debugger)
        if not obeying.said("ready", 120):
            raise RuntimeError("the program did not get ready")
        rsp.sock.sendall(b"\x03")
        log.append(f"^C -> {rsp.reply()!r}")
        stop = syms["gdb_spin_handler_stop"][0]
        if scenario == "protocol":
            # A packet whose checksum is wrong: refused ('-') and not acted on.
            corrupted = packet(f"M{stop:x},4:01000000")[:-2] + b"00"
            rsp.sock.sendall(corrupted)
            nak = rsp._byte()
            log.append(f"{corrupted!r} -> {nak!r}")
            if nak != b"-":
                failed.append(f"a bad checksum is answered with '-': {nak!r}")
                rsp.reply()
            if ask(f"m{stop:x},4") != "00000000":
                failed.append("a packet with a bad checksum wrote memory")
            # vCont naming a thread that does not exist: an error at once, nothing resumed.
            rsp.sock.settimeout(10)
            if not ask("vCont;c:7ffffff").startswith("E"):
                failed.append("vCont naming no live thread is an error")
            rsp.sock.settimeout(30)
            # No-ack mode: the checksum still counts, refused with an error reply.
            if ask("QStartNoAckMode") != "OK":
                failed.append("QStartNoAckMode")
            rsp.no_ack = True
            rsp.sock.sendall(corrupted)
            answer = rsp.reply()
            log.append(f"{corrupted!r} (no-ack) -> {answer!r}")
            if not answer.startswith("E") or ask(f"m{stop:x},4") != "00000000":
                failed.append(f"a bad checksum in no-ack mode is an error, not a write: {answer!r}")
            if ask(f"M{stop:x},4:00000000") != "OK":
                failed.append("a good M packet in no-ack mode")
        if scenario in ("breakpoint", "spinning"):
            # The spinner runs its endless loop when the debugger stops the process.
            rsp.send("vCont;c")
            obeying.command("spin")
            if not obeying.said("activated", 60):
                raise RuntimeError("the spinner was not activated")
            time.sleep(0.3)
            rsp.sock.sendall(b"\x03")
            answer = rsp.reply()
            log.append(f"^C while the spinner spins -> {answer!r}")
            spinner = stop_reply(answer)[1].get("thread")
            time.sleep(0.5)  # (its scheduler has taken it up again: it waits for the pause to end)
        if scenario == "breakpoint":
            # A breakpoint in its loop: it stops there, and its program destroys it there.
            ask(f"Hg{spinner}")
            pc = int.from_bytes(bytes.fromhex(ask("p20")), "little")
            if ask(f"Z0,{pc:x},4") != "OK":
                failed.append(f"the breakpoint at {pc:#x}")
            rsp.send("vCont;c")
            answer = rsp.reply()
            log.append(f"continue -> {answer!r}")
            signal, fields = stop_reply(answer)
            if signal != GDB_SIGTRAP or "swbreak" not in fields or fields.get("thread") != spinner:
                failed.append(f"the spinner stops at the breakpoint: {answer!r}")
            obeying.command("destroy spinner")
            if not obeying.said("handler destroyed", 30):
                failed.append("destroying the handler stopped at a breakpoint returns")
        elif scenario == "not reading":
            # Replies of 16 KiB asked for and never read: the stub cannot send them all.
            data = next(s["p_vaddr"] for s in segments(elf) if s["p_type"] == "PT_LOAD" and s["p_flags"] & 2)
            rsp.sock.sendall(b"".join(packet(f"m{data:x},2000") for _ in range(2000)))
            time.sleep(1)
        obeying.command("exit")
        if not obeying.said("destroyed", 30):
            failed.append("destroying the process returns")
        elif not closed_by_stub(rsp, 30):
            failed.append("the debugger sees the connection close")
        rsp.sock.close()
    except (OSError, EOFError, RuntimeError) as e:
        failed.append(f"the remote protocol session: {e}")
    status = obeying.end()
    print(f"destroy session ({scenario}):\n  " + "\n  ".join(log))
    print("  program stdout:", "".join(obeying.stdout))
    print("  program stderr:", "".join(obeying.stderr))
    if status != 0:
        failed.append(f"the program's exit status {status}")
    return [f"{scenario}: {f}" for f in failed]


def main():
    target, workdir = sys.argv[1], sys.argv[2]
    gdb = shutil.which("gdb-multiarch")
    if not gdb:
        print("SKIPPED: gdb-multiarch is not installed (apt-get install gdb-multiarch)")
        return 77
    elf = os.path.join(workdir, "gdb_test.elf")
    program, port, stderr_lines, reader = start(target, [elf])
    if port is None:
        program.kill()
        finish(program, reader)
        print("the program never announced its GDB stub:\n" + "".join(stderr_lines))
        return 1

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
        # gdb_rpc's gdb_total += result: the load, then the store (of 0 + 43)
        "watch gdb_total",
        "rwatch gdb_total",
        "continue",
        "continue",
        "info registers pc",
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
    stdout = finish(program, reader)
    print(out)
    print("program stdout:", stdout)
    print("program stderr:", "".join(stderr_lines))

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
        (r"Hardware read watchpoint 3: gdb_total\s+Value = 0\b", "the read watchpoint stops at the load"),
        (r"Hardware watchpoint 2: gdb_total\s+Old value = 0\s+New value = 43\b",
         "the write watchpoint stops at the store with old and new value"),
        (r"pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <gdb_rpc\+\d+>", "the write watchpoint's stop is in gdb_rpc"),
        (r"exited normally", "continue to the program's exit"),
    ]
    failed = [what for pattern, what in checks if not re.search(pattern, out)]
    if program.returncode != 0 or "result 43" not in stdout:
        failed.append(f"the program's result (exit {program.returncode})")
    failed += spin_session(target, elf)
    for scenario in ("protocol", "breakpoint", "spinning", "not reading"):
        failed += destroy_session(target, elf, scenario)
    if failed:
        print("FAILED: " + "; ".join(failed))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
