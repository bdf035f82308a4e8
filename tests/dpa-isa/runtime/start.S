# Entry point shared by the ISA corpus programs.
#
# Programs are freestanding static RV64 ELFs that must behave identically
# under qemu-riscv64 and dpa-sim-run, so this runtime only relies on the
# Linux ecalls write/exit/exit_group and on the Linux initial stack layout.

    .option norelax

    .section .text.rt_start, "ax", @progbits
    .globl _start
_start:
    # Stack addresses differ between qemu and the simulator, so the dump
    # reports sp relative to this origin instead of as an absolute value.
    la t0, rt_sp_origin
    sd sp, 0(t0)

    ld a0, 0(sp)
    addi a1, sp, 8

    # Start every test from the same register state: the dump of a register
    # the test never writes must not depend on what the loader left behind
    # (initial_state.S checks the loader's state on its own).
    li ra, 0
    li gp, 0
    li tp, 0
    li t0, 0
    li t1, 0
    li t2, 0
    li s0, 0
    li s1, 0
    li a2, 0
    li a3, 0
    li a4, 0
    li a5, 0
    li a6, 0
    li a7, 0
    li s2, 0
    li s3, 0
    li s4, 0
    li s5, 0
    li s6, 0
    li s7, 0
    li s8, 0
    li s9, 0
    li s10, 0
    li s11, 0
    li t3, 0
    li t4, 0
    li t5, 0
    li t6, 0
    call test_main

    # Only C tests return here. Compiled code leaves arbitrary values, often
    # stack addresses, in caller-saved registers; clear them so the dump
    # shows the state the calling convention defines (callee-saved registers
    # restored, a0 the status).
    la t0, rt_main_status
    sw a0, 0(t0)
    li t0, 0
    li t1, 0
    li t2, 0
    li a1, 0
    li a2, 0
    li a3, 0
    li a4, 0
    li a5, 0
    li a6, 0
    li a7, 0
    li t3, 0
    li t4, 0
    li t5, 0
    li t6, 0
    j rt_dump_registers_and_exit
