# The register state a Linux process starts with: everything zero except sp
# (reported relative to itself, so 0). Built without the shared _start,
# which would clear the registers before anyone could look at them.

    .option norelax
    .option norvc

    .text
    .globl _start
_start:
    # Record the sp origin without disturbing any register: t0 is parked
    # below sp while it holds the address
    sd t0, -16(sp)
    la t0, rt_sp_origin
    sd sp, 0(t0)
    ld t0, -16(sp)
    j rt_dump_registers_and_exit

