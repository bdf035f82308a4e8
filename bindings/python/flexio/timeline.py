"""Timelines of DPA processes as pandas DataFrames, and their per-thread plot (matplotlib).

    with proc.trace():                        # flexio_process_trace_start .. _stop
        ...                                   # run handlers, make calls
    df = proc.timeline()                      # one row per event (columns: COLUMNS)
    proc.stats()                              # one row per DPA thread: counts, busy time, cycles
    flexio.timeline.plot(df)                  # the threads' activity over time; also
    df.flexio.plot_timeline()                 #   as a DataFrame accessor (after import flexio.timeline)
    flexio.timeline.load("trace.json")        # a trace file FLEXIO_SIM_TRACE or trace_start wrote

The trace files are Chrome trace event JSON (Perfetto and chrome://tracing open them): pid is
the DPA process (its dumem id), tid the DPA thread.  Host times are CLOCK_MONOTONIC; the
simulated ones are the thread's cycles at the DPA clock (otherData.dpa_clock_hz).

pandas and matplotlib are needed here only: importing flexio does not import them.
"""
from __future__ import annotations

import json
from collections.abc import Iterable

try:
    import pandas as pd
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError("flexio.timeline needs pandas (pip install pandas; and matplotlib for plot())") from e

__all__ = ["COLUMNS", "KINDS", "load", "frame", "stats", "plot"]

#: The columns of a timeline DataFrame, one row per event:
#: pid/process, tid/thread: the DPA process and thread (names from the trace's metadata);
#: kind: one of KINDS; name: the function a span ran, or what an instant is ("doorbell send");
#: start_us/end_us/duration_us: host time in microseconds from the frame's first event (instants
#: have duration 0); sim_cycles/sim_us/instructions: what the thread ran in a span (its cycles,
#: those at the DPA clock, its instructions); sim_start_cycles: the thread's cycle counter when the
#: event began; end: how a span ended (returned, reschedule, finish, yield, fault, ...);
#: queue: a doorbell's queue, a CQE's CQ, an EQE's EQ; args: the event's arguments as recorded.
COLUMNS = ["pid", "process", "tid", "thread", "kind", "name", "start_us", "end_us", "duration_us",
           "sim_start_cycles", "sim_cycles", "sim_us", "instructions", "end", "queue", "args"]
#: Spans (activations of event handlers, RPCs, command-queue tasks), then instants.
SPANS = ("activation", "rpc", "task")
KINDS = SPANS + ("doorbell", "cqe", "eqe", "activate", "fault")
DPA_CLOCK_HZ = 1_800_000_000

_COLORS = {"activation": "tab:blue", "rpc": "tab:orange", "task": "tab:green"}
_MARKERS = {"doorbell": ("|", "tab:red"), "cqe": ("v", "tab:green"), "eqe": ("d", "tab:olive"),
            "activate": ("^", "tab:purple"), "fault": ("X", "black")}


def _docs(source) -> list[dict]:
    """Trace documents from a path, a parsed document, or an iterable of either."""
    if isinstance(source, dict):
        return [source]
    if isinstance(source, (str, bytes)) or hasattr(source, "__fspath__"):
        with open(source) as f:
            return [json.load(f)]
    out = []
    for s in source:
        out.extend(_docs(s))
    return out


def load(path) -> pd.DataFrame:
    """The timeline DataFrame of a trace file (or of several: one path or an iterable)."""
    return frame(_docs(path))


def frame(docs: Iterable[dict]) -> pd.DataFrame:
    """The timeline DataFrame of parsed trace documents ({"traceEvents": [...]}), sorted by
    start time; df.attrs has origin_us (the host time of start_us 0) and dpa_clock_hz."""
    docs = list(docs)
    pnames, tnames, rows = {}, {}, []
    clock = DPA_CLOCK_HZ
    for doc in docs:
        clock = doc.get("otherData", {}).get("dpa_clock_hz", clock)
        for ev in doc.get("traceEvents", []):
            if ev.get("ph") == "M":
                if ev.get("name") == "process_name":
                    pnames[ev["pid"]] = ev["args"]["name"]
                elif ev.get("name") == "thread_name":
                    tnames[(ev["pid"], ev["tid"])] = ev["args"]["name"]
    for doc in docs:
        for ev in doc.get("traceEvents", []):
            ph = ev.get("ph")
            if ph not in ("X", "i"):
                continue
            args = ev.get("args", {})
            span = ph == "X"
            cycles = args.get("cycles")
            sim_cycles = args["cycles_end"] - cycles if span and "cycles_end" in args else None
            rows.append({
                "pid": ev["pid"], "process": pnames.get(ev["pid"], str(ev["pid"])),
                "tid": ev["tid"], "thread": tnames.get((ev["pid"], ev["tid"]), str(ev["tid"])),
                "kind": ev.get("cat", "unknown"), "name": ev.get("name", ""),
                "ts": float(ev["ts"]), "duration_us": float(ev.get("dur", 0.0)) if span else 0.0,
                "sim_start_cycles": cycles, "sim_cycles": sim_cycles,
                "instructions": args["instret_end"] - args["instret"] if span and "instret_end" in args else None,
                "end": args.get("end"),
                "queue": next((args[k] for k in ("queue", "cqn", "eqn") if k in args), None),
                "args": args,
            })
    df = pd.DataFrame(rows, columns=["pid", "process", "tid", "thread", "kind", "name", "ts", "duration_us",
                                     "sim_start_cycles", "sim_cycles", "instructions", "end", "queue", "args"])
    origin = float(df["ts"].min()) if len(df) else 0.0
    df["start_us"] = df["ts"] - origin
    df["end_us"] = df["start_us"] + df["duration_us"]
    for col in ("sim_start_cycles", "sim_cycles", "instructions", "queue"):
        df[col] = df[col].astype("Int64")
    df["sim_us"] = df["sim_cycles"].astype("Float64") * 1e6 / clock
    df = df.sort_values(["start_us", "pid", "tid"], kind="stable").reset_index(drop=True)[COLUMNS]
    df.attrs.update(origin_us=origin, dpa_clock_hz=clock)
    return df


def stats(df: pd.DataFrame) -> pd.DataFrame:
    """Per-thread aggregates of a timeline: invocations (activations, RPCs, tasks), their busy
    and mean/max time in microseconds, cycles and instructions run, the share of the timeline's
    window the thread was busy, and its doorbells, CQEs, activations by others and faults."""
    keys = ["pid", "process", "tid", "thread"]
    out = []
    window = float(df["end_us"].max() - df["start_us"].min()) if len(df) else 0.0
    for key, g in df.groupby(keys, sort=True):
        spans = g[g["kind"].isin(SPANS)]
        acts = g[g["kind"] == "activation"]
        busy = float(spans["duration_us"].sum())
        row = dict(zip(keys, key))
        row.update({
            "activations": len(acts),
            "rpcs": int((g["kind"] == "rpc").sum()),
            "tasks": int((g["kind"] == "task").sum()),
            "busy_us": busy,
            "mean_us": float(spans["duration_us"].mean()) if len(spans) else 0.0,
            "max_us": float(spans["duration_us"].max()) if len(spans) else 0.0,
            "cycles": int(spans["sim_cycles"].fillna(0).sum()),
            "instructions": int(spans["instructions"].fillna(0).sum()),
            "busy_share": busy / window if window else 0.0,
            "doorbells": int((g["kind"] == "doorbell").sum()),
            "cqes": int((g["kind"] == "cqe").sum()),
            "activated": int((g["kind"] == "activate").sum()),
            "faults": int((g["kind"] == "fault").sum()),
        })
        out.append(row)
    cols = keys + ["activations", "rpcs", "tasks", "busy_us", "mean_us", "max_us", "cycles", "instructions",
                   "busy_share", "doorbells", "cqes", "activated", "faults"]
    return pd.DataFrame(out, columns=cols).set_index(["pid", "tid"])


def plot(df: pd.DataFrame, ax=None, title: str | None = None):
    """Draws one row per DPA thread: its spans as bars (activations, RPCs, tasks) and its
    instants as markers (doorbells, CQEs, EQEs, activations by others, faults) over host time.
    Returns the matplotlib Axes (a new figure's unless ax is given)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch
    from matplotlib.lines import Line2D

    threads = df[["pid", "tid", "process", "thread"]].drop_duplicates().sort_values(["pid", "tid"])
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 1.2 + 0.6 * max(len(threads), 1)))
    several = threads["pid"].nunique() > 1
    labels, handles = [], {}
    for y, (_, t) in enumerate(threads.iterrows()):
        labels.append(f"{t['process']}: {t['thread']}" if several else f"{t['thread']} ({t['tid']})")
        rows = df[(df["pid"] == t["pid"]) & (df["tid"] == t["tid"])]
        for kind in SPANS:
            spans = rows[rows["kind"] == kind]
            if len(spans):
                # a span shorter than the axis can show still gets a visible sliver
                ax.broken_barh(list(zip(spans["start_us"], spans["duration_us"].clip(lower=1e-3))),
                               (y - 0.35, 0.7), facecolors=_COLORS[kind], edgecolor=_COLORS[kind], linewidth=0.5)
                handles[kind] = Patch(color=_COLORS[kind], label=kind)
        for kind, (marker, color) in _MARKERS.items():
            inst = rows[rows["kind"] == kind]
            if len(inst):
                ax.scatter(inst["start_us"], [y + 0.45] * len(inst), marker=marker, color=color, s=36, zorder=3)
                handles[kind] = Line2D([], [], marker=marker, color=color, linestyle="", label=kind)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(-0.7, max(len(labels), 1) - 0.2)
    ax.invert_yaxis()
    ax.set_xlabel("host time (µs from the first event)")
    ax.grid(axis="x", alpha=0.3)
    if handles:
        ax.legend(handles=list(handles.values()), loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    if title:
        ax.set_title(title)
    return ax


@pd.api.extensions.register_dataframe_accessor("flexio")
class _TimelineAccessor:
    """df.flexio.plot_timeline(...) and df.flexio.stats() on a timeline DataFrame."""

    def __init__(self, df: pd.DataFrame):
        missing = set(COLUMNS) - set(df.columns)
        if missing:
            raise AttributeError(f"not a flexio timeline (no columns {sorted(missing)})")
        self._df = df

    def plot_timeline(self, ax=None, title: str | None = None):
        return plot(self._df, ax=ax, title=title)

    def stats(self) -> pd.DataFrame:
        return stats(self._df)
