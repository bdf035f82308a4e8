"""A DMA copy with OpenDOCA from Python: two memory maps over Python buffers, two buffers, a
progress engine and a DMA context; the copy is a memcpy task the device's DMA engine executes.

    python dma_copy.py [IB device name | PCI address]      # default: mlx5_sim0
"""
import sys

import opendoca as doca

where = sys.argv[1] if len(sys.argv) > 1 else "mlx5_sim0"
print("DOCA devices:", ", ".join(str(info) for info in doca.devices()))
src = bytearray(b"hello from DOCA DMA")
dst = bytearray(len(src))
with (doca.Device.open(pci=where) if ":" in where else doca.Device.open(where)) as dev, \
        doca.Mmap(src, [dev]) as msrc, doca.Mmap(dst, [dev]) as mdst, \
        doca.BufInventory(2) as inventory, doca.ProgressEngine() as pe, doca.Dma(dev, pe) as dma:
    with inventory.buf(msrc) as s, inventory.buf(mdst, data_len=0) as d:   # d: empty, the copy appends
        dma.memcpy(s, d)                                                   # submit, progress until done
        print(f"copied {d.data_len} bytes on {dev.info}")
print("destination:", dst.decode())
