#!/usr/bin/env python3
"""Drives port_tool (mlx5_sim0's port 1) through the port backends, in processes and network
namespaces, with real frames (core/net/PORTS.md):

  unix_wire     two processes joined by wire:unix=NAME (one configured by FLEXIO_SIM_PORTS_FILE):
                20 frames sent and echoed back
  tap_reflect   a TAP in a namespace: frames written on it by a raw socket are received by the
                port's RQ and sent back with their MACs swapped, byte-checked
  tap_miss      the same TAP with no receive queue: frames no rule takes go back to the kernel
                (the miss path), seen arriving on the interface
  pcap          a capture replayed into the port, echoed and captured: tcpdump -r shows the
                same frames in both files
  pcap_empty_loop  an empty capture replayed for ever (loop=0): the program ends as it would
                without it
  pcap_out_at_open  a program killed before it sends anything leaves a capture (out=) that
                tcpdump reads: its header was written when the port opened
  vxlan_sims    two simulated devices in two namespaces joined by a veth pair, over VXLAN
  vxlan_kernel  a simulated device and a Linux vxlan interface in another namespace

usage: ports_driver.py SCENARIO PORT_TOOL WORKDIR. Exits 77 (skipped) with the reason when the
machine does not allow what a scenario needs (root, namespaces, TAP, tcpdump).
"""
import os
import shutil
import socket
import subprocess
import sys
import time

SKIP = 77
ETH_P_ALL = 3
PACKET_OUTGOING = 4
ETHERTYPE = b"\x88\xb5"


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(SKIP)


def fail(reason):
    print(f"FAIL: {reason}")
    sys.exit(1)


def run(*cmd, check=True):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode:
        fail(f"{' '.join(cmd)}: {result.stderr.strip()}")
    return result


class Namespaces:
    """Network namespaces made for one scenario, deleted at the end."""

    def __init__(self):
        self.names = []

    def add(self, suffix):
        name = f"ofports{os.getpid()}{suffix}"
        result = run("ip", "netns", "add", name, check=False)
        if result.returncode:
            skip(f"cannot make a network namespace: {result.stderr.strip()}")
        self.names.append(name)
        # no IPv6 chatter (router solicitations, MLD) on the interfaces the test watches
        run("ip", "netns", "exec", name, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1",
            "net.ipv6.conf.default.disable_ipv6=1", check=False)
        run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up")
        return name

    def close(self):
        for name in self.names:
            run("ip", "netns", "del", name, check=False)


def need_privileges(tap=False):
    if os.geteuid() != 0:
        skip("needs root (network namespaces)")
    if not shutil.which("ip"):
        skip("needs iproute2's ip")
    if tap and not os.path.exists("/dev/net/tun"):
        skip("needs /dev/net/tun (TAP)")


def tool(port_tool, args, ports, ns=None, ready=None, ports_file=None):
    """Starts port_tool with FLEXIO_SIM_PORTS=ports, or FLEXIO_SIM_PORTS_FILE=ports_file (in
    namespace ns); waits for --ready."""
    env = dict(os.environ)
    for name in ("FLEXIO_SIM_PORTS", "FLEXIO_SIM_PORTS_FILE", "FLEXIO_SIM_DEVICES"):
        env.pop(name, None)
    if ports_file:
        env["FLEXIO_SIM_PORTS_FILE"] = ports_file
    else:
        env["FLEXIO_SIM_PORTS"] = ports
    cmd = ([] if ns is None else ["ip", "netns", "exec", ns]) + [port_tool] + args
    if ready:
        cmd += ["--ready", ready]
        if os.path.exists(ready):
            os.unlink(ready)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if ready:
        deadline = time.time() + 20
        while not os.path.exists(ready):
            if proc.poll() is not None or time.time() > deadline:
                out, err = proc.communicate(timeout=5) if proc.poll() is not None else ("", "")
                proc.kill()
                fail(f"port_tool {' '.join(args)} did not open its port: {out}{err}")
            time.sleep(0.02)
    return proc


def finish(proc, what, timeout=60):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail(f"{what}: did not finish")
    print(f"{what}: {out.strip()} {err.strip()}")
    if proc.returncode:
        fail(f"{what}: exit status {proc.returncode}")
    counters = {}
    for line in out.splitlines():
        if line.startswith("rx_frames="):
            counters = {k: int(v) for k, v in (item.split("=") for item in line.split())}
    return counters


def test_frame(n, length):
    """A frame the client sends: unicast between two local MACs, EtherType 0x88b5."""
    head = bytes.fromhex("02aabbccddee") + bytes.fromhex("021122334455") + ETHERTYPE
    return head + bytes((n * 7 + i) & 0xff for i in range(length - len(head)))


def swapped(frame):
    return frame[6:12] + frame[0:6] + frame[12:]


def client(ifname, count, mode):
    """Run inside a namespace: sends count frames on ifname and expects each back, arriving
    (not our own outgoing copy): with its MACs swapped (mode swap) or as it was (mode same)."""
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((ifname, 0))
    s.settimeout(3)
    for n in range(count):
        frame = test_frame(n, 60 + 23 * n)
        want = swapped(frame) if mode == "swap" else frame
        s.send(frame)
        deadline = time.time() + 3
        while True:
            if time.time() > deadline:
                fail(f"frame {n} did not come back on {ifname}")
            try:
                data, addr = s.recvfrom(65536)
            except socket.timeout:
                continue
            if addr[2] == PACKET_OUTGOING or data[12:14] != ETHERTYPE:
                continue
            # the kernel pads nothing on a TAP; a vxlan interface gives the frame as sent
            if data != want:
                fail(f"frame {n} came back different: {data.hex()} instead of {want.hex()}")
            break
    print(f"client: {count} frames back on {ifname}")


def in_ns(ns, *args):
    result = subprocess.run(["ip", "netns", "exec", ns, sys.executable, os.path.abspath(__file__),
                             "_client", *args], capture_output=True, text=True)
    print(result.stdout.strip(), result.stderr.strip())
    if result.returncode:
        fail(f"client in {ns} failed")


def unix_wire(port_tool, workdir):
    ports = f"mlx5_sim0:1=wire:unix=ports-driver-{os.getpid()}"
    # the echo's end from a configuration file
    ports_file = f"{workdir}/unix_wire.ports"
    with open(ports_file, "w") as f:
        f.write(f"# the echo side of ports.unix_wire\n\n  {ports}  # its wire\n")
    echo = tool(port_tool, ["echo", "--count", "20", "--idle", "10000"], None,
                ready=f"{workdir}/unix_echo.ready", ports_file=ports_file)
    sender = tool(port_tool, ["send", "20", "200"], ports)
    sent = finish(sender, "send")
    echoed = finish(echo, "echo")
    if sent["tx_frames"] != 20 or sent["rx_to_queue"] != 20 or echoed["rx_frames"] != 20:
        fail("counters do not show 20 frames each way")


def tap_scenario(port_tool, workdir, miss):
    need_privileges(tap=True)
    spaces = Namespaces()
    try:
        ns = spaces.add("t")
        ports = "mlx5_sim0:1=tap:simtap0"
        ready = f"{workdir}/tap.ready"
        if miss:
            proc = tool(port_tool, ["idle", "4000"], ports, ns=ns, ready=ready)
        else:
            proc = tool(port_tool, ["echo", "--swap", "--idle", "3000"], ports, ns=ns, ready=ready)
        in_ns(ns, "simtap0", "10", "same" if miss else "swap")
        counters = finish(proc, "port_tool")
        if miss and counters["rx_missed"] < 10:
            fail("the port counted fewer than 10 missed frames")
        if not miss and counters["rx_to_queue"] < 10:
            fail("the port's RQ received fewer than 10 frames")
    finally:
        spaces.close()


def pcap(port_tool, workdir):
    if not shutil.which("tcpdump"):
        skip("needs tcpdump")
    source, out = f"{workdir}/replay_in.pcap", f"{workdir}/replay_out.pcap"
    run(port_tool, "mkpcap", source, "20", "300")
    proc = tool(port_tool, ["echo", "--count", "20", "--idle", "5000"],
                f"mlx5_sim0:1=pcap:in={source},out={out},delay=300")
    counters = finish(proc, "echo")
    if counters["rx_frames"] != 20 or counters["tx_frames"] != 20:
        fail("the port did not replay and send 20 frames")
    dumps = [run("tcpdump", "-r", f, "-n", "-t", "-e", "-xx").stdout for f in (source, out)]
    if dumps[0] != dumps[1] or dumps[0].count("0x88b5") != 20:
        fail(f"tcpdump shows different frames:\n{dumps[0]}\n---\n{dumps[1]}")
    print(f"tcpdump -r: the 20 frames replayed came out the same ({len(dumps[0])} bytes of dump)")


def pcap_empty_loop(port_tool, workdir):
    source = f"{workdir}/empty.pcap"
    run(port_tool, "mkpcap", source, "0", "60")
    proc = tool(port_tool, ["idle", "300"], f"mlx5_sim0:1=pcap:in={source},loop=0,delay=0")
    counters = finish(proc, "idle", timeout=20)
    if counters.get("rx_frames", -1) != 0:
        fail("frames came out of an empty capture")


def pcap_out_at_open(port_tool, workdir):
    if not shutil.which("tcpdump"):
        skip("needs tcpdump")
    out, ready = f"{workdir}/killed_out.pcap", f"{workdir}/killed.ready"
    if os.path.exists(out):
        os.unlink(out)
    proc = tool(port_tool, ["idle", "20000"], f"mlx5_sim0:1=pcap:out={out}", ready=ready)
    proc.kill()  # SIGKILL: no exit handler runs
    proc.communicate(timeout=20)
    size = os.path.getsize(out) if os.path.exists(out) else -1
    magic = b""
    if size > 0:
        with open(out, "rb") as f:
            magic = f.read(4)
    if size != 24 or magic not in (b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4"):
        fail(f"the capture of a killed program is {size} bytes, magic {magic.hex()}: no pcap header")
    result = run("tcpdump", "-r", out, "-n", check=False)
    if result.returncode:
        fail(f"tcpdump -r cannot read it: {result.stderr.strip()}")
    print(f"{out}: a pcap header (24 bytes) that tcpdump reads, no frame")


def veth_pair(spaces):
    a, b = spaces.add("a"), spaces.add("b")
    run("ip", "link", "add", f"ofv{os.getpid()}a", "netns", a, "type", "veth", "peer", "name",
        f"ofv{os.getpid()}b", "netns", b)
    for ns, dev, addr in ((a, f"ofv{os.getpid()}a", "10.77.0.1/24"), (b, f"ofv{os.getpid()}b", "10.77.0.2/24")):
        run("ip", "netns", "exec", ns, "ip", "addr", "add", addr, "dev", dev)
        run("ip", "netns", "exec", ns, "ip", "link", "set", dev, "up")
    return a, b


def vxlan_sims(port_tool, workdir):
    need_privileges()
    spaces = Namespaces()
    try:
        a, b = veth_pair(spaces)
        echo = tool(port_tool, ["echo", "--count", "20", "--idle", "10000"],
                    "mlx5_sim0:1=vxlan:remote=10.77.0.2,vni=4242,local=10.77.0.1", ns=a,
                    ready=f"{workdir}/vxlan_echo.ready")
        sender = tool(port_tool, ["send", "20", "500"], "mlx5_sim0:1=vxlan:remote=10.77.0.1,vni=4242", ns=b)
        sent = finish(sender, "send")
        echoed = finish(echo, "echo")
        if sent["rx_to_queue"] != 20 or echoed["tx_frames"] != 20:
            fail("counters do not show 20 frames each way")
    finally:
        spaces.close()


def vxlan_kernel(port_tool, workdir):
    need_privileges()
    spaces = Namespaces()
    try:
        a, b = veth_pair(spaces)
        result = run("ip", "netns", "exec", b, "ip", "link", "add", "vx0", "type", "vxlan", "id", "4242",
                     "remote", "10.77.0.1", "local", "10.77.0.2", "dstport", "4789", check=False)
        if result.returncode:
            skip(f"cannot make a vxlan interface: {result.stderr.strip()}")
        run("ip", "netns", "exec", b, "ip", "link", "set", "vx0", "up")
        echo = tool(port_tool, ["echo", "--swap", "--idle", "3000"],
                    "mlx5_sim0:1=vxlan:remote=10.77.0.2,vni=4242", ns=a, ready=f"{workdir}/vxk.ready")
        in_ns(b, "vx0", "10", "swap")
        counters = finish(echo, "echo")
        if counters["rx_to_queue"] < 10:
            fail("the port's RQ received fewer than 10 frames")
    finally:
        spaces.close()


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "_client":
        client(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return
    scenario, port_tool, workdir = sys.argv[1:4]
    {
        "unix_wire": lambda: unix_wire(port_tool, workdir),
        "tap_reflect": lambda: tap_scenario(port_tool, workdir, miss=False),
        "tap_miss": lambda: tap_scenario(port_tool, workdir, miss=True),
        "pcap": lambda: pcap(port_tool, workdir),
        "pcap_empty_loop": lambda: pcap_empty_loop(port_tool, workdir),
        "pcap_out_at_open": lambda: pcap_out_at_open(port_tool, workdir),
        "vxlan_sims": lambda: vxlan_sims(port_tool, workdir),
        "vxlan_kernel": lambda: vxlan_kernel(port_tool, workdir),
    }[scenario]()
    print(f"{scenario}: OK")


if __name__ == "__main__":
    main()
