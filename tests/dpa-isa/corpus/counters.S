# Zicntr: rdcycle/rdtime/rdinstret and the equivalent read-only CSR
# instruction forms. Counter values differ between runs and between qemu and
# the simulator, so only their properties are printed.
#include "isa_test.h"

    .option norvc

# s4 = 1 if the counter read by \read_op never decreases over 300 reads and
# has advanced after them.
.macro TEST_COUNTER_MONOTONIC read_op, label
    \read_op s2
    mv s5, s2
    li s6, 300
    li s7, 0
1:  \read_op s3
    sltu s8, s3, s2
    or s7, s7, s8
    mv s2, s3
    addi s6, s6, -1
    bnez s6, 1b
    seqz s4, s7
    CHECK_REG \label\()_never_decreases, s4, 1
.endm

    TEST_MAIN

    TEST_COUNTER_MONOTONIC rdcycle, rdcycle
    sltu s4, s5, s3
    CHECK_REG rdcycle_advances, s4, 1
    TEST_COUNTER_MONOTONIC rdinstret, rdinstret
    sltu s4, s5, s3
    CHECK_REG rdinstret_advances, s4, 1
    TEST_COUNTER_MONOTONIC rdtime, rdtime

    # At least the 100 instructions in between have retired
    rdinstret s2
    .rept 100
    nop
    .endr
    rdinstret s3
    sub s3, s3, s2
    sltiu s4, s3, 100
    CHECK_REG rdinstret_counts_100, s4, 0

    # CSR instructions that read a counter without writing it are legal
    rdcycle s2
    csrrs s3, cycle, x0
    sltu s4, s3, s2
    CHECK_REG csrrs_cycle, s4, 0
    csrrsi s3, instret, 0
    csrrc s6, time, x0
    csrrci s7, cycle, 0
    sltu s4, s7, s2
    CHECK_REG csrrci_cycle, s4, 0

    # Reading into x0 still leaves x0 zero
    rdcycle x0
    CHECK_REG rdcycle_to_x0, zero, 0

    # Counter values must not reach the register dump
    li s2, 0
    li s3, 0
    li s5, 0
    li s6, 0
    li s7, 0
    li s8, 0
    END_TEST
