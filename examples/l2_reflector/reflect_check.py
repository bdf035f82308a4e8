#!/usr/bin/env python3
"""Frames sent to the L2 reflector example come back reflected: checked byte by byte.

    reflect_check.py wire REFLECTOR [--frames N]
    reflect_check.py tap  REFLECTOR [--frames N]

wire  The reflector's port is the end of a wire between processes (FLEXIO_SIM_PORTS
      "mlx5_sim0:1=wire:unix=NAME"); this script holds the other end (an abstract unix datagram
      socket, core/net/wire.c) and is the peer on the cable. No privileges needed.
tap   Real frames: a network namespace with a TAP interface in it; REFLECTOR runs inside with
      "mlx5_sim0:1=tap:IFNAME"; scapy sends the frames on the interface and a packet socket
      receives the reflected ones. Exit 77 (ctest's skip) with the reason when the machine cannot: not root, no network
      namespaces, no /dev/net/tun, no scapy.

Either way N numbered frames of 14 to 1514 bytes go to the reflector's MAC; every one must come
back, in order, with its MAC addresses swapped and every other byte as sent; then the reflector
is stopped and its counters must say it reflected N frames.
"""
import argparse
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time

SKIP = 77
REFLECTOR_MAC = bytes.fromhex("02427e7feb02")
PEER_MAC = bytes.fromhex("020000000a01")
ETHERTYPE = b"\x88\xb5"             # IEEE local experimental
SIZES = (14, 15, 60, 64, 65, 128, 255, 512, 1000, 1499, 1514)
CLONE_NEWNET = 0x40000000


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(SKIP)


def fail(reason):
    print(f"FAIL: {reason}")
    sys.exit(1)


def run(*cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def mac_text(mac):
    return ":".join(f"{b:02x}" for b in mac)


def frame(i):
    """Frame i: to the reflector, numbered, with a payload that is symmetric nowhere."""
    size = SIZES[i % len(SIZES)]
    body = bytes(((i * 7 + j * 13) & 0xFF) for j in range(size - 14))
    if len(body) >= 4:
        body = i.to_bytes(4, "big") + body[4:]
    return REFLECTOR_MAC + PEER_MAC + ETHERTYPE + body


def reflected(raw):
    """What the reflector must send back for raw: the two MAC addresses swapped."""
    return raw[6:12] + raw[0:6] + raw[12:]


def start_reflector(reflector, ports):
    """Runs the reflector with FLEXIO_SIM_PORTS=ports until it says "ready"."""
    env = dict(os.environ, FLEXIO_SIM_PORTS=ports)
    proc = subprocess.Popen([reflector, "-m", mac_text(REFLECTOR_MAC), "-t", "120"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.strip() == "ready":
            return proc, lines
    proc.kill()
    fail("the reflector did not start:\n" + "".join(lines) + proc.communicate()[0])


def stop_reflector(proc, lines):
    proc.send_signal(signal.SIGTERM)
    report = "".join(lines) + proc.communicate(timeout=60)[0]
    print(report, end="")
    return report


def check(sent, got, report, proc, how):
    bad = 0
    for i, (tx, rx) in enumerate(zip(sent, got)):
        want = reflected(tx)
        if want != rx:
            bad += 1
            if bad <= 5:
                print(f"frame {i} ({len(want)} bytes) came back as {len(rx)} bytes:\n"
                      f"  sent      {tx.hex()}\n  expected  {want.hex()}\n  got       {rx.hex()}")
    if len(got) != len(sent):
        fail(f"{len(got)} frames came back for {len(sent)} sent")
    if bad:
        fail(f"{bad} of {len(sent)} reflected frames differ from what was sent")
    if proc.returncode != 0:
        fail(f"the reflector exited with {proc.returncode}")
    if f"reflected:  {len(sent)} frames" not in report:
        fail("the reflector's counters do not say every frame was reflected")
    print(f"PASS: {len(sent)} frames of {min(SIZES)}..{max(SIZES)} bytes {how} came back reflected, "
          "byte for byte and in order")


def exchange(sent, window, send, receive):
    """Sends the frames at most WINDOW ahead of the ones that came back; returns those (fewer
    when receive times out)."""
    got = []
    try:
        for i, f in enumerate(sent):
            send(f)
            while i + 1 - len(got) >= window or (i + 1 == len(sent) and len(got) < len(sent)):
                got.append(receive())
    except socket.timeout:
        pass
    return got


def wire(reflector, count):
    name = f"l2r-check-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    # This end binds first and so is end 0; the reflector's port takes end 1.
    sock.bind(f"\0openflexio-wire/{name}/0")
    proc, lines = start_reflector(reflector, f"mlx5_sim0:1=wire:unix={name}")
    sent = [frame(i) for i in range(count)]
    sock.settimeout(10)
    # At most 8 frames on the cable: a unix datagram socket queues net.unix.max_dgram_qlen
    # datagrams (10 by default) and the wire drops what finds its peer's queue full, as a
    # cable with no one listening would.
    got = exchange(sent, 8, lambda f: sock.sendto(f, f"\0openflexio-wire/{name}/1"),
                   lambda: sock.recv(65536))
    check(sent, got, stop_reflector(proc, lines), proc, "sent through a wire between processes")


def enter_netns(name):
    """Moves this process (and what it starts afterwards) into the named network namespace."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open(f"/run/netns/{name}", os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            fail(f"setns into {name}: {os.strerror(ctypes.get_errno())}")
    finally:
        os.close(fd)


SOL_PACKET = 263                     # linux/socket.h (Python's socket module lacks these)
PACKET_IGNORE_OUTGOING = 23          # linux/if_packet.h: a packet socket skips what this host sends
ETH_P_ALL = 0x0003
SO_RCVBUFFORCE = 33                  # asm-generic/socket.h


def reflected_frame_receiver(ifname):
    """A packet socket on IFNAME with a large buffer, and a function returning the next frame
    from the reflector's MAC. Not scapy's sniffer: in Python under a loaded CI machine it drops
    frames."""
    rx = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    rx.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 8 << 20)
    rx.setsockopt(SOL_PACKET, PACKET_IGNORE_OUTGOING, 1)
    rx.bind((ifname, 0))
    rx.settimeout(10)

    def receive():
        while True:
            raw = rx.recv(65536)
            if raw[6:12] == REFLECTOR_MAC:
                return raw
    return rx, receive


def tap(reflector, count):
    if os.geteuid() != 0:
        skip("network namespaces and TAP interfaces need root")
    if not os.path.exists("/dev/net/tun"):
        skip("no /dev/net/tun (TAP interfaces)")
    try:
        from scapy.all import Ether, conf  # noqa: F401  (checked before anything is made)
    except ImportError:
        skip(f"scapy is not installed for {sys.executable} (Debian: python3-scapy)")
    ns, ifname = f"l2r{os.getpid()}", "l2rtap0"
    made = run("ip", "netns", "add", ns)
    if made.returncode:
        skip(f"cannot make a network namespace: {made.stdout.strip()}")
    proc = None
    try:
        enter_netns(ns)
        made = run("ip", "tuntap", "add", "dev", ifname, "mode", "tap")
        if made.returncode:
            skip(f"cannot make a TAP interface in a namespace: {made.stdout.strip()}")
        run("sysctl", "-qw", f"net.ipv6.conf.{ifname}.disable_ipv6=1")  # no IPv6 chatter
        run("ip", "link", "set", ifname, "up")
        proc, lines = start_reflector(reflector, f"mlx5_sim0:1=tap:{ifname}")
        from scapy.all import Ether, conf
        sent = [frame(i) for i in range(count)]
        rx, receive = reflected_frame_receiver(ifname)
        sender = conf.L2socket(iface=ifname)
        try:
            # A window, as on the wire: a TAP queues only txqueuelen (1000) frames for its reader.
            got = exchange(sent, 64, lambda f: sender.send(Ether(f)), receive)
        finally:
            sender.close()
            rx.close()
        check(sent, got, stop_reflector(proc, lines), proc, f"sent by scapy on TAP {ifname}")
    finally:
        if proc and proc.poll() is None:
            proc.kill()
            proc.wait()
        run("ip", "netns", "del", ns)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("wire", "tap"))
    parser.add_argument("reflector")
    parser.add_argument("--frames", type=int, default=1100)
    args = parser.parse_args()
    (wire if args.mode == "wire" else tap)(args.reflector, args.frames)


if __name__ == "__main__":
    main()
