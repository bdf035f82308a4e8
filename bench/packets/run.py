#!/usr/bin/env python3
"""The L2 reflector's packet rate, through a wire and through TAP, and where the time goes.

    run.py BUILD_DIR [--seconds S] [--no-perf]

BUILD_DIR is a Release tree (build-rel-*). Every measurement runs flexio-packets-bench (two
reflectors bouncing frames, packets_bench.c) with FLEXIO_SIM_EVENT_WORKERS=1, so both handlers
run on one scheduler worker per reflector:

  wire  mlx5_sim0 and mlx5_sim1 joined by an in-process wire ("mlx5_sim0:1=wire:mlx5_sim1:1");
  tap   each device's port a TAP, both TAPs on a Linux bridge in a network namespace made here
        (needs root; skipped with the reason otherwise).

Each reflector is a DPA process of its own, so each has its own scheduler with one worker: two
workers in all, each running one reflector's handler. Rates are reflections per second of both
reflectors together (per reflector: half) for windows of 1 (one frame: every reflection wakes a handler)
to 128 frames in flight. Then, with perf (unless --no-perf), one run of each path at window 64 is
profiled and its samples are split by layer, each symbol by the object file of BUILD_DIR that
defines it: DPA engine (core/dpa: interpreter, scheduler; core/providers/sim: the glue running doorbells
and activations), NIC (core/nic's queues, and core/providers/sim/verbs' NIC environment: memory and key
look-ups), port (core/net: the ports' attachments and backends; core/nic's frame parser and
steering), kernel (syscalls of the backends, wake-ups), libc
(locks, memcpy: called from every layer), other. The shares are of the same run, as ratios.
"""
import argparse
import collections
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "abi"))
import elf_symbols  # noqa: E402  (abi/elf_symbols.py, the tree's one ELF symbol reader)

WINDOWS = (1, 32, 64, 128)
FRAME = 64
NIC_PORT_FILES = ("frame.c", "flow.c")
NIC_ENV_FILES = ("nic.c", "table.c", "space_key.c", "mr.c", "umem.c", "devx_obj.c")


def bench(build, seconds, window, ports, netns=None, frame=FRAME, perf_data=None):
    env = dict(os.environ, FLEXIO_SIM_EVENT_WORKERS="1", FLEXIO_SIM_DEVICES="2", FLEXIO_SIM_PORTS=ports)
    cmd = [os.path.join(build, "bin", "flexio-packets-bench"), str(seconds), str(window), str(frame)]
    if perf_data:
        cmd = ["perf", "record", "-q", "-F", "1999", "-o", perf_data, "--"] + cmd
    if netns:
        cmd = ["ip", "netns", "exec", netns] + cmd
    out = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = next((l for l in out.stdout.splitlines() if l.startswith("RATE ")), None)
    if out.returncode or not line:
        sys.exit(f"flexio-packets-bench failed:\n{out.stdout}")
    _, rate, cpu, wall, state = line.split()
    # Frames a port took in but no rule wanted, or dropped: said, they cost the rate.
    for port in (l.split() for l in out.stdout.splitlines() if l.startswith("PORT ")):
        counts = dict(zip(port[2::2], map(int, port[3::2])))
        if counts["missed"] or counts["dropped"] or counts["tx_dropped"]:
            state += f" ({port[1]}: missed {counts['missed']}, dropped {counts['dropped']}, " \
                     f"tx_dropped {counts['tx_dropped']})"
    return float(rate), float(cpu) / float(wall), state


def layer_of_object(path):
    rel = path.split("/core/", 1)[1] if "/core/" in path else ""
    name = os.path.basename(path)[:-2]  # x.c.o -> x.c
    if rel.startswith("providers/sim/verbs/"):
        return "NIC" if name in NIC_ENV_FILES else "other"
    if rel.startswith(("dpa/", "providers/sim/")):
        return "DPA engine"
    if rel.startswith("net/"):
        return "port"
    if rel.startswith("nic/"):
        return "port" if name in NIC_PORT_FILES else "NIC"
    return "other"


def symbol_layers(build):
    """Each function symbol of the tree's core objects -> its layer (ambiguous names: other)."""
    layers = collections.defaultdict(set)
    objects = glob.glob(os.path.join(build, "core", "*", "CMakeFiles", "*.dir", "*.o"))
    objects += glob.glob(os.path.join(build, "core", "providers", "*", "CMakeFiles", "*.dir", "*.o"))
    objects += glob.glob(os.path.join(build, "core", "providers", "*", "*", "CMakeFiles", "*.dir", "*.o"))
    for obj in objects:
        for function in elf_symbols.defined_functions(obj):
            layers[function].add(layer_of_object(obj))
    return {sym: (s.pop() if len(s) == 1 else "other") for sym, s in layers.items()}


def shares(perf_data, layers):
    out = subprocess.run(["perf", "report", "-i", perf_data, "--stdio", "--no-children", "--sort", "dso,sym", "-q"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    total = collections.Counter()
    top = collections.defaultdict(list)
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 4 or not parts[0].endswith("%"):
            continue
        pct, dso, sym = float(parts[0][:-1]), parts[1], parts[3]
        if dso == "[kernel.kallsyms]":
            layer = "kernel"
        elif dso.startswith("libc"):
            layer = "libc"
        else:
            layer = layers.get(sym.split(".")[0], "other")
        total[layer] += pct
        top[layer].append((pct, sym))
    return total, top


def print_shares(title, total, top):
    print(f"\n{title}: share of CPU samples by layer (self time, this run)")
    order = ("DPA engine", "NIC", "port", "kernel", "libc", "other")
    for layer in order:
        syms = ", ".join(f"{s} {p:.1f}%" for p, s in sorted(top[layer], reverse=True)[:4])
        print(f"  {layer:11s} {total[layer]:5.1f}%   {syms}")
    eng, nic, port = total["DPA engine"], total["NIC"], total["port"]
    if nic and port:
        print(f"  ratios: engine : NIC : port = {eng / nic:.2f} : 1 : {port / nic:.2f}")


def make_bridge(ns):
    cmds = [["ip", "netns", "add", ns], ["ip", "-n", ns, "link", "add", "br0", "type", "bridge"]]
    for tap in ("l2rb0", "l2rb1"):
        cmds += [["ip", "netns", "exec", ns, "ip", "tuntap", "add", "dev", tap, "mode", "tap"],
                 ["ip", "-n", ns, "link", "set", tap, "master", "br0"],
                 ["ip", "netns", "exec", ns, "sysctl", "-qw", f"net.ipv6.conf.{tap}.disable_ipv6=1"],
                 ["ip", "-n", ns, "link", "set", tap, "up"]]
    # The bridge forwards the reflectors' two MACs only, each to its TAP, and floods nothing:
    # a TAP port hands the frames no rule takes to the kernel behind it (core/net/PORTS.md),
    # which here is the bridge, so a flooded frame (a multicast, an unknown address) would go
    # round between the two ports for ever.
    for tap, mac in (("l2rb0", "02:42:7e:7f:eb:0a"), ("l2rb1", "02:42:7e:7f:eb:0b")):
        cmds += [["ip", "netns", "exec", ns, "bridge", "link", "set", "dev", tap, "flood", "off",
                  "mcast_flood", "off", "bcast_flood", "off", "learning", "off"],
                 ["ip", "netns", "exec", ns, "bridge", "fdb", "add", mac, "dev", tap, "master", "static"]]
    cmds += [["ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.br0.disable_ipv6=1"],
             ["ip", "-n", ns, "link", "set", "br0", "up"]]
    for c in cmds:
        r = subprocess.run(c, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            return f"{' '.join(c)}: {r.stdout.strip()}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--no-perf", action="store_true")
    args = parser.parse_args()
    perf = not args.no_perf and subprocess.run(["perf", "--version"], stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL).returncode == 0
    with open("/proc/loadavg") as f:
        print(f"load average before: {f.read().split()[0]} (2 CPUs shared with other processes)")

    wire_ports = "mlx5_sim0:1=wire:mlx5_sim1:1"
    print(f"\nwire (in process), one worker, {FRAME}-byte frames: reflections/s (CPUs used)")
    for w in WINDOWS:
        rate, cpus, state = bench(args.build, args.seconds, w, wire_ports)
        print(f"  window {w:3d}: {rate / 1e6:6.3f} M/s  ({cpus:.2f} CPUs) {state}")
    rate, cpus, state = bench(args.build, args.seconds, 64, wire_ports, frame=1514)
    print(f"  window  64, 1514-byte frames: {rate / 1e6:6.3f} M/s  ({cpus:.2f} CPUs) {state}")

    ns = f"l2rbench{os.getpid()}"
    tap_ports = "mlx5_sim0:1=tap:l2rb0;mlx5_sim1:1=tap:l2rb1"
    why = "not root" if os.geteuid() else make_bridge(ns)
    try:
        if why:
            print(f"\nTAP: skipped ({why})")
        else:
            print(f"\nTAP (two TAPs on a Linux bridge), one worker, {FRAME}-byte frames: reflections/s (CPUs used)")
            for w in WINDOWS:
                rate, cpus, state = bench(args.build, args.seconds, w, tap_ports, netns=ns)
                print(f"  window {w:3d}: {rate / 1e6:6.3f} M/s  ({cpus:.2f} CPUs) {state}")
        if perf:
            layers = symbol_layers(args.build)
            with tempfile.TemporaryDirectory() as tmp:
                data = os.path.join(tmp, "wire.data")
                rate, _, _ = bench(args.build, args.seconds, 64, wire_ports, perf_data=data)
                print_shares(f"wire, window 64 ({rate / 1e6:.3f} M/s under perf)", *shares(data, layers))
                if not why:
                    data = os.path.join(tmp, "tap.data")
                    rate, _, _ = bench(args.build, args.seconds, 64, tap_ports, netns=ns, perf_data=data)
                    print_shares(f"TAP, window 64 ({rate / 1e6:.3f} M/s under perf)", *shares(data, layers))
    finally:
        if not why:
            subprocess.run(["ip", "netns", "del", ns])


if __name__ == "__main__":
    main()
