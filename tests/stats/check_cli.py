#!/usr/bin/env python3
"""dpa-stats from another OS process: --enable, --json (parsed by python's json and checked), the
live view for two refreshes (and the counter states it restores), one process's --enable/--disable,
bad options.

Usage: check_cli.py DPA_STATS STATS_CHILD
"""
import json
import os
import subprocess
import sys
import tempfile
import time


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
            rpc = [t for t in doc["threads"] if t["process_id"] == pid and t["name"] == "rpc"]
            assert len(rpc) == 1 and rpc[0]["rpc_calls"] > 0, rpc

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
            assert run("-d", "not a device", "--json", check=False).returncode == 1
        finally:
            child.stdin.write("q\n")
            child.stdin.flush()
            child.wait(timeout=60)
        assert child.returncode == 0
        # The process is gone once its program exits.
        doc = json.loads(run("--json").stdout)
        assert pid not in [p["id"] for p in doc["processes"]], doc
        run("--disable")
    print("dpa-stats CLI: ok")


if __name__ == "__main__":
    main()
