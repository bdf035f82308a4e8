# Final register dump shared by every ISA corpus program, including those
# that provide their own _start.

    .option norelax
    .text

# Stores x1..x31 into rt_register_dump, prints them (and the optional memory
# region a program marks with rt_dump_region_start/end) and exits with the
# number of failed self-checks. Never returns.
#
# A store needs a base register, so t0 is parked just below sp first: that
# doubleword of stack is the only state this routine disturbs before dumping.
    .globl rt_dump_registers_and_exit
rt_dump_registers_and_exit:
    sd t0, -8(sp)
    la t0, rt_register_dump
    sd x1, 8(t0)
    sd x2, 16(t0)
    sd x3, 24(t0)
    sd x4, 32(t0)
    sd x6, 48(t0)
    sd x7, 56(t0)
    sd x8, 64(t0)
    sd x9, 72(t0)
    sd x10, 80(t0)
    sd x11, 88(t0)
    sd x12, 96(t0)
    sd x13, 104(t0)
    sd x14, 112(t0)
    sd x15, 120(t0)
    sd x16, 128(t0)
    sd x17, 136(t0)
    sd x18, 144(t0)
    sd x19, 152(t0)
    sd x20, 160(t0)
    sd x21, 168(t0)
    sd x22, 176(t0)
    sd x23, 184(t0)
    sd x24, 192(t0)
    sd x25, 200(t0)
    sd x26, 208(t0)
    sd x27, 216(t0)
    sd x28, 224(t0)
    sd x29, 232(t0)
    sd x30, 240(t0)
    sd x31, 248(t0)
    ld x1, -8(sp)
    sd x1, 40(t0)
    la sp, rt_dump_stack_top
    tail rt_finish_with_register_dump

    .section .bss.rt_dump_stack, "aw", @nobits
    .balign 16
    .space 8192
rt_dump_stack_top:
