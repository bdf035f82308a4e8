#!/usr/bin/env python3
"""dpa-stats from another OS process: --enable, --json (parsed by python's json and checked), the
live view for two refreshes (and the counter states it restores), one process's --enable/--disable,
the live view into a pipe (plain text, no screen escapes) and on a terminal (escapes), one process
watched while it exits, bad options (a NaN interval, a process that is not there), and the state
of processes made later kept while no program holds the registry.

Usage: check_cli.py DPA_STATS STATS_CHILD
"""
import json
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time


def on_terminal(args, env):
    """What a command writes to a terminal (a pseudo-terminal as its standard output)."""
    controller, terminal = pty.openpty()
    program = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=terminal,
                               stderr=subprocess.PIPE)
    os.close(terminal)
    out = b""
    while True:
        ready, _, _ = select.select([controller], [], [], 60)
        if not ready:
            program.kill()
            break
        try:
            data = os.read(controller, 65536)
        except OSError:  # EIO: the program closed the terminal
            break
        if not data:
            break
        out += data
    program.wait(timeout=60)
    os.close(controller)
    return program.returncode, out.decode(errors="replace"), program.stderr.read().decode()


def main():
    dpa_stats, child_path = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="dpa-stats-cli-") as stats_dir:
        env = dict(os.environ, FLEXIO_SIM_STATS_DIR=stats_dir)

        def run(*args, check=True):
            r = subprocess.run([dpa_stats, *args], env=env, capture_output=True, text=True, timeout=120)
            if check and r.returncode != 0:
                sys.exit(f"dpa-stats {' '.join(args)}: exit {r.returncode}\n{r.stderr}")
            return r

        child = subprocess.Popen([child_path, "cli_proc"], env=env, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
        try:
            ready = child.stdout.readline().split()
            assert ready[0] == "ready", ready
            pid, thread_a, thread_b = (int(x) for x in ready[1:4])

            run("--enable")
            time.sleep(0.3)
            doc = json.loads(run("--json", "-i", "0.3").stdout)
            assert doc["device"] == "mlx5_sim0", doc
            procs = {p["id"]: p for p in doc["processes"]}
            assert pid in procs, doc["processes"]
            assert procs[pid]["name"] == "cli_proc" and procs[pid]["threads"] == 3, procs[pid]
            assert procs[pid]["counters"] == "active" and procs[pid]["sample_type"] == "cumulative"
            threads = {(t["process_id"], t["thread_id"]): t for t in doc["threads"]}
            a, b = threads[(pid, thread_a)], threads[(pid, thread_b)]
            assert a["name"] == "worker_a" and b["name"] == "stats_spin", (a, b)
            for t in (a, b):
                assert t["executions"] > 0 and t["instructions"] >= 1000 * t["executions"], t
                assert t["cycles"] > t["instructions"] and t["time_ns"] > 0, t
                assert t["activations"] > 0 and t["wakeups"] > 0 and t["executions_per_s"] > 0, t
                # one misaligned store per invocation; the events (activations, misaligned) are
                # read after the counters (executions), while invocations go on, so the count lies
                # between the executions and the activations read with it (1 of slack for a read
                # between an invocation's two adds)
                assert t["executions"] - 1 <= t["misaligned"] <= t["activations"] + 1 and t["misaligned"] > 0, t
            rpc = [t for t in doc["threads"] if t["process_id"] == pid and t["name"] == "rpc"]
            assert len(rpc) == 1 and rpc[0]["rpc_calls"] > 0 and rpc[0]["misaligned"] == 0, rpc

            one = json.loads(run("--json", "-p", str(pid)).stdout)
            assert [p["id"] for p in one["processes"]] == [pid], one["processes"]
            assert {t["process_id"] for t in one["threads"]} == {pid}, one["threads"]

            # One process's counters on, another's and the default off: the live view turns every
            # process's on while it runs and puts each back as it was on exit.
            other = subprocess.Popen([child_path, "cli_other"], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
            try:
                ready = other.stdout.readline().split()
                assert ready[0] == "ready", ready
                other_pid = int(ready[1])

                def counters():
                    doc = json.loads(run("--json").stdout)
                    return {p["id"]: p["counters"] for p in doc["processes"] if p["id"] in (pid, other_pid)}

                run("--disable")
                run("--enable", "-p", str(pid))
                assert counters() == {pid: "active", other_pid: "inactive"}, counters()
                live = run("-n", "2", "-i", "0.2", "-s", "EXEC").stdout
                assert "worker_a" in live and "stats_spin" in live and "cli_proc" in live, live
                # Into a pipe: plain refreshes one after the other, no screen escapes, no keys.
                assert "\033" not in live and live.count("dpa-stats — mlx5_sim0") == 2, live
                assert "keys:" not in live and "sorted by EXEC" in live, live
                # On a terminal: the screen redrawn, the keys shown; --batch there: plain.
                rc, screen, err = on_terminal([dpa_stats, "-n", "2", "-i", "0.2"], env)
                assert rc == 0 and screen.count("\033[H\033[2J") == 2 and "keys:" in screen, (rc, screen, err)
                rc, screen, err = on_terminal([dpa_stats, "-n", "2", "-i", "0.2", "--batch"], env)
                assert rc == 0 and "\033" not in screen and "cli_proc" in screen, (rc, screen, err)
                assert counters() == {pid: "active", other_pid: "inactive"}, counters()
                run("--disable", "-p", str(pid))
                assert counters() == {pid: "inactive", other_pid: "inactive"}, counters()
            finally:
                other.stdin.write("q\n")
                other.stdin.flush()
                other.wait(timeout=60)
            assert other.returncode == 0

            assert run("--bogus", check=False).returncode == 2
            assert run("-s", "NOPE", check=False).returncode == 2
            for interval in ("nan", "-nan", "inf", "0", "", "1x"):
                r = run("-i", interval, "-n", "1", check=False)
                assert r.returncode == 2 and "bad interval" in r.stderr, (interval, r.returncode, r.stderr)
            for process in ("-1", "4294967295", "99999999999", "x"):
                r = run("-p", process, "-n", "1", check=False)
                assert r.returncode == 2 and "bad process id" in r.stderr, (process, r.returncode, r.stderr)
            # A process that is not there: said so (it was an empty table sorted from NULL, which
            # UBSan stops on).
            for args in (("-p", "4000000000", "-n", "1"), ("--json", "-p", "4000000000")):
                r = run(*args, check=False)
                assert r.returncode == 1 and "no DPA process 4000000000" in r.stderr, (args, r.returncode, r.stderr)
                assert "runtime error" not in r.stderr, r.stderr
            assert run("-d", "not a device", "--json", check=False).returncode == 1
            # Watched while it exits: the table empties, the view goes on (until SIGINT).
            watch = subprocess.Popen([dpa_stats, "-p", str(pid), "-i", "0.2"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            first = watch.stdout.readline()
            assert first.startswith("dpa-stats — mlx5_sim0: "), first
        finally:
            child.stdin.write("q\n")
            child.stdin.flush()
            child.wait(timeout=60)
        assert child.returncode == 0
        time.sleep(1)
        watch.send_signal(signal.SIGINT)
        rest, err = watch.communicate(timeout=60)
        assert watch.returncode == 0 and "runtime error" not in err, (watch.returncode, err)
        assert rest.rstrip().endswith("MISAL"), rest  # the last refresh: the header, no thread
        # The process is gone once its program exits.
        doc = json.loads(run("--json").stdout)
        assert pid not in [p["id"] for p in doc["processes"]], doc
        # No program holds the registry now: the state of processes made later outlives it.
        run("--enable")
        later = subprocess.Popen([child_path, "cli_later"], env=env, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
        try:
            later_pid = int(later.stdout.readline().split()[1])
            doc = json.loads(run("--json", "-p", str(later_pid)).stdout)
            assert [p["counters"] for p in doc["processes"]] == ["active"], doc["processes"]
        finally:
            later.stdin.write("q\n")
            later.stdin.flush()
            later.wait(timeout=60)
        run("--disable")
    print("dpa-stats CLI: ok")


if __name__ == "__main__":
    main()
