# flexio and opendoca in one Python process, loaded in either order: libflexio.so.1 and the DOCA
# libraries' libflexio_verbs.so.1 both come in by dlopen, so each must fit in the little static TLS
# glibc keeps for that (their last-error lines once took 1 KiB each: the second failed to load).
# A fresh interpreter per order: this pytest process has loaded opendoca already.
import os
import subprocess
import sys

import pytest

SCRIPT = """
import {first}, {second}
import flexio, opendoca
with flexio.Device.open("mlx5_sim0"):
    pass
with opendoca.Device.open("mlx5_sim0") as dev:
    src, dst = bytearray(b"one process"), bytearray(11)
    with opendoca.Mmap(src, [dev]) as msrc, opendoca.Mmap(dst, [dev]) as mdst, \\
            opendoca.BufInventory(2) as inv, opendoca.ProgressEngine() as pe, opendoca.Dma(dev, pe) as dma:
        with inv.buf(msrc) as s, inv.buf(mdst, data_len=0) as d:
            dma.memcpy(s, d)
print(dst.decode())
"""


@pytest.mark.parametrize("first, second", [("flexio", "opendoca"), ("opendoca", "flexio")])
def test_flexio_and_opendoca_in_one_process(first, second):
    run = subprocess.run([sys.executable, "-c", SCRIPT.format(first=first, second=second)],
                         capture_output=True, text=True, env=os.environ, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "one process"
