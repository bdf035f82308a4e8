#!/usr/bin/env python3
"""A capture replayed into the L2 reflector, and what it sends captured: compared with tcpdump.

    pcap_reflect.py REFLECTOR WORKDIR

Writes in.pcap with scapy (frames to the reflector's MAC, numbered, 14 to 1514 bytes, with
frames to other MACs between them), runs REFLECTOR with its port a pcap backend
(FLEXIO_SIM_PORTS "mlx5_sim0:1=pcap:in=in.pcap,out=out.pcap"), and checks that
`tcpdump -r out.pcap` shows exactly what `tcpdump -r expected.pcap` shows, expected.pcap being
the frames to the reflector's MAC with their MAC addresses swapped, in order (the others are
missed: no rule takes them, no kernel is behind a pcap port). Exit 77 when scapy or tcpdump is
missing.
"""
import os
import shutil
import subprocess
import sys

SKIP = 77
REFLECTOR_MAC = bytes.fromhex("02427e7feb02")
OTHER_MAC = bytes.fromhex("02427e7feb99")
PEER_MAC = bytes.fromhex("020000000a01")
SIZES = (14, 60, 64, 128, 333, 1000, 1514)
COUNT = 300


def frame(i, dmac):
    size = SIZES[i % len(SIZES)]
    body = bytes(((i * 7 + j * 13) & 0xFF) for j in range(size - 14))
    if len(body) >= 4:
        body = i.to_bytes(4, "big") + body[4:]
    return dmac + PEER_MAC + b"\x88\xb5" + body


def tcpdump(path):
    """tcpdump's reading of a capture: link-level headers and every byte, no timestamps."""
    out = subprocess.run(["tcpdump", "-r", path, "-t", "-nn", "-e", "-xx"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode:
        print(f"FAIL: tcpdump -r {path}: {out.stderr.strip()}")
        sys.exit(1)
    return out.stdout


def main():
    reflector, workdir = sys.argv[1], sys.argv[2]
    try:
        from scapy.all import Ether, wrpcap
    except ImportError:
        print(f"SKIP: scapy is not installed for {sys.executable} (Debian: python3-scapy)")
        sys.exit(SKIP)
    if not shutil.which("tcpdump"):
        print("SKIP: tcpdump is not installed")
        sys.exit(SKIP)
    os.makedirs(workdir, exist_ok=True)
    paths = {name: os.path.join(workdir, f"reflect_{name}.pcap") for name in ("in", "out", "expected")}
    if os.path.exists(paths["out"]):
        os.unlink(paths["out"])
    replay, expected = [], []
    for i in range(COUNT):
        f = frame(i, REFLECTOR_MAC)
        replay.append(Ether(f))
        expected.append(Ether(f[6:12] + f[0:6] + f[12:]))
        if i % 10 == 5:
            replay.append(Ether(frame(i, OTHER_MAC)))
    wrpcap(paths["in"], replay)
    wrpcap(paths["expected"], expected)

    # The replay starts once a frame would reach the reflector's RQ (start=rq): its rule in place,
    # its receive WQEs posted. The reflector says nothing when it is ready; no delay is guessed.
    env = dict(os.environ, FLEXIO_SIM_PORTS=f"mlx5_sim0:1=pcap:in={paths['in']},out={paths['out']},start=rq")
    # The replay is back to back, faster than the handler: an RQ deeper than the capture takes
    # it all (a 256-deep one would drop some, counted, as a NIC does).
    run = subprocess.run([reflector, "-q", "10", "-n", str(COUNT), "-t", "60"], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    print(run.stdout, end="")
    if run.returncode:
        print(f"FAIL: the reflector exited with {run.returncode}")
        sys.exit(1)
    want, got = tcpdump(paths["expected"]), tcpdump(paths["out"])
    if want != got:
        w, g = want.splitlines(), got.splitlines()
        first = next((i for i in range(min(len(w), len(g))) if w[i] != g[i]), min(len(w), len(g)))
        print(f"FAIL: tcpdump -r {paths['out']} differs from the expected reflection at line {first + 1}:")
        print("  expected: " + (w[first] if first < len(w) else "(end)"))
        print("  got:      " + (g[first] if first < len(g) else "(end)"))
        sys.exit(1)
    print(f"PASS: {COUNT} frames replayed from a capture came back reflected; tcpdump -r shows the capture "
          f"of the port ({len(got.splitlines())} lines) exactly as the expected reflection")


if __name__ == "__main__":
    main()
