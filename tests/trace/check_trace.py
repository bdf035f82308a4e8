#!/usr/bin/env python3
"""The timeline test (ctest trace.timeline): runs test_trace, which traces DPA processes and
writes, for each trace, a line of OUT_DIR/expect.jsonl with what the device code counted itself;
then opens every trace with the json module and checks it against that line:

  - the Chrome trace format: {"traceEvents": [...]}, metadata naming the process (exactly as
    test_trace expects: "name (app, dumem N)", or "app (dumem N)" without a name) and threads,
    spans (ph X) with ts/dur, instants (ph i), integer pids and tids;
  - per thread: events in time order, spans that do not overlap, counters that only grow;
  - activations of the handler: exactly as many as it counted, named by its function, on its
    named thread, each ended the way it ended (reschedule);
  - RPCs: as many spans as calls, on the "rpc" thread; a doorbell per NOP batch (send), a CQ
    arm per activation, CQE instants between the activations and the CQEs consumed;
  - activate instants from the RPC thread; the fault with its cause and address;
  - command-queue tasks: a span each, named by the task's function, on the worker's thread.

    check_trace.py TEST_TRACE OUT_DIR
"""
import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def load(path):
    with open(path) as f:
        return json.load(f)


def structure(name, doc):
    """Checks the format; returns {tid: [events]}, thread names, process names."""
    events = doc.get("traceEvents")
    check(isinstance(events, list), f"{name}: no traceEvents list")
    check(doc.get("otherData", {}).get("dropped_events") == 0, f"{name}: events dropped")
    threads, tnames, pnames = defaultdict(list), {}, {}
    for ev in events:
        ph = ev.get("ph")
        check(isinstance(ev.get("pid"), int), f"{name}: pid not an integer: {ev}")
        if ph == "M":
            if ev["name"] == "process_name":
                pnames[ev["pid"]] = ev["args"]["name"]
            elif ev["name"] == "thread_name":
                tnames[ev["tid"]] = ev["args"]["name"]
            continue
        check(ph in ("X", "i"), f"{name}: unexpected phase {ph}")
        check(isinstance(ev.get("tid"), int) and isinstance(ev.get("ts"), (int, float)), f"{name}: bad event {ev}")
        if ph == "X":
            check(isinstance(ev.get("dur"), (int, float)) and ev["dur"] >= 0, f"{name}: bad span {ev}")
        threads[ev["tid"]].append(ev)
    for tid, evs in threads.items():
        check(tid in tnames, f"{name}: thread {tid} has no thread_name")
        ts = [e["ts"] for e in evs]
        check(ts == sorted(ts), f"{name}: thread {tid}: events out of time order")
        spans = [e for e in evs if e["ph"] == "X"]
        for a, b in zip(spans, spans[1:]):
            check(b["ts"] >= a["ts"] + a["dur"] - 0.001, f"{name}: thread {tid}: spans overlap: {a} {b}")
            check(b["args"]["cycles"] >= a["args"]["cycles_end"], f"{name}: thread {tid}: cycles went back")
        for s in spans:
            check(s["args"]["cycles_end"] >= s["args"]["cycles"] and s["args"]["instret_end"] >= s["args"]["instret"],
                  f"{name}: span counters went back: {s}")
    return threads, tnames, pnames


def by(evs, cat, name=None):
    return [e for e in evs if e.get("cat") == cat and (name is None or e["name"] == name)]


def thread_named(name, tnames, label):
    tids = [t for t, n in tnames.items() if n == label]
    check(len(tids) == 1, f"{name}: {len(tids)} threads named {label!r} ({tnames})")
    return tids[0] if tids else None


def check_trace(exp):
    name = exp["test"] + ": " + os.path.basename(exp["trace"])
    doc = load(exp["trace"])
    threads, tnames, pnames = structure(name, doc)
    # Named as the program names it (process and application), never by a number alone.
    for label in (exp["process"], exp.get("also")):
        check(label is None or label in pnames.values(), f"{name}: no process named {label!r}: {pnames}")
    every = [e for evs in threads.values() for e in evs]
    if exp["test"] == "empty":
        check(not every, f"{name}: {len(every)} events where none happened")
        return
    if exp["test"] == "tasks":
        spans = by(every, "task")
        check(len(spans) == exp["tasks"] and all(s["name"] == exp["task"] for s in spans),
              f"{name}: {len(spans)} task spans of {exp['task']}, expected {exp['tasks']}")
        check(len({s["tid"] for s in spans}) == 1 and tnames.get(spans[0]["tid"], "").startswith("cmdq worker"),
              f"{name}: tasks not on the worker's thread")
        return f"{len(every)} events, threads {sorted(tnames.values())}"
    rpc_tid = thread_named(name, tnames, "rpc")
    rpc = threads.get(rpc_tid, [])
    calls = by(rpc, "rpc", exp["rpc"])
    check(len(calls) == exp["rpcs"], f"{name}: {len(calls)} RPC spans of {exp['rpc']}, expected {exp['rpcs']}")
    if "handler" in exp:
        tid = thread_named(name, tnames, exp["thread_name"])
        mine = threads.get(tid, [])
        acts = by(mine, "activation")
        check(len(acts) == exp["activations"],
              f"{name}: {len(acts)} activations, the handler counted {exp['activations']}")
        check(all(a["name"] == exp["handler"] for a in acts), f"{name}: activations not named {exp['handler']}")
        check(all(a["args"]["end"] == "reschedule" for a in acts), f"{name}: an activation ended otherwise")
        check(not by(every, "activation", exp["handler"]) or len(by(every, "activation")) == len(acts),
              f"{name}: activations on another thread")
    if exp["test"] == "cqes_and_doorbells":
        sends = [e for e in by(rpc, "doorbell") if e["args"]["kind"] == "send"]
        check(len(sends) == exp["rpcs"], f"{name}: {len(sends)} send doorbells, expected one per call")
        arms = [e for e in by(mine, "doorbell") if e["args"]["kind"] == "cq_arm"]
        check(len(arms) == exp["activations"], f"{name}: {len(arms)} CQ arms, expected one per activation")
        cqes = by(mine, "cqe")
        check(exp["activations"] <= len(cqes) <= exp["cqes"],
              f"{name}: {len(cqes)} CQE instants, not between {exp['activations']} and {exp['cqes']}")
        # every activation follows a CQE for it
        first_cqe = min(e["ts"] for e in cqes) if cqes else None
        check(cqes and all(a["ts"] >= first_cqe - 0.001 for a in acts), f"{name}: an activation before any CQE")
        for d in sends + arms:
            check(d["args"]["cycles"] > 0 and d["args"]["instret"] > 0, f"{name}: doorbell without counters {d}")
    if exp["test"] in ("activations", "environment"):
        acts_in = by(mine, "activate")
        check(len(acts_in) == exp["activates"], f"{name}: {len(acts_in)} activate instants, expected {exp['activates']}")
        check(all(e["args"]["from_thread"] == rpc_tid for e in acts_in), f"{name}: activations not from the RPC thread")
    if exp["test"] == "fault":
        faults = by(rpc, "fault")
        check(len(faults) == 1, f"{name}: {len(faults)} faults on the RPC thread")
        if faults:
            check(faults[0]["args"]["cause"] == exp["fault_cause"] and faults[0]["args"]["address"] == exp["fault_address"],
                  f"{name}: fault {faults[0]}")
        check(calls and calls[0]["args"]["end"] == "failed", f"{name}: the faulting call did not end failed")
    return f"{len(every)} events, threads {sorted(tnames.values())}"


def main():
    test_trace, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    run = subprocess.run([test_trace, out])
    check(run.returncode == 0, f"test_trace exited {run.returncode}")
    with open(os.path.join(out, "expect.jsonl")) as f:
        expectations = [json.loads(line) for line in f if line.strip()]
    check(len(expectations) == 8, f"{len(expectations)} traces written, expected 8")
    passed = 0
    for exp in expectations:
        before = len(failures)
        try:
            summary = check_trace(exp)
        except (OSError, ValueError, KeyError, TypeError) as e:
            failures.append(f"{exp['test']}: {exp['trace']}: {e!r}")
        if len(failures) == before:
            passed += 1
            print(f"ok {exp['test']}: {os.path.basename(exp['trace'])}: {summary or 'no events'}")
    for f in failures:
        print("FAIL", f)
    print(f"{passed} passed, {len(expectations) - passed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
