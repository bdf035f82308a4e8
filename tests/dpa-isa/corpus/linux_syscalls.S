# The Linux ecalls the runner provides: write to stdout and stderr returns
# the byte count (0 for an empty write) and an ecall preserves every
# register but a0.
#include "isa_test.h"

    .option norvc

    .section .rodata
raw_bytes:
    .byte 'r', 'a', 'w', ':', 0, 1, 0x7f, 0x80, 0xc3, 0xa9, 0xff, '\n'
raw_bytes_end:
stderr_text:
    .ascii "this line goes to stderr\n"
stderr_text_end:
newline:
    .byte '\n'

    # li needs literal constants, so the lengths are spelled out and checked
#define RAW_BYTES_LENGTH 12
#define STDERR_TEXT_LENGTH 25
    .if raw_bytes_end - raw_bytes - RAW_BYTES_LENGTH
    .error "RAW_BYTES_LENGTH is wrong"
    .endif
    .if stderr_text_end - stderr_text - STDERR_TEXT_LENGTH
    .error "STDERR_TEXT_LENGTH is wrong"
    .endif

    TEST_MAIN

    # Raw bytes, including NUL and non-ASCII, must arrive unchanged
    li a0, 1
    la a1, raw_bytes
    li a2, RAW_BYTES_LENGTH
    li a7, 64
    ecall
    mv s4, a0
    CHECK_REG write_stdout_count, s4, RAW_BYTES_LENGTH

    li a0, 2
    la a1, stderr_text
    li a2, STDERR_TEXT_LENGTH
    li a7, 64
    ecall
    mv s4, a0
    CHECK_REG write_stderr_count, s4, STDERR_TEXT_LENGTH

    li a0, 1
    la a1, raw_bytes
    li a2, 0
    li a7, 64
    ecall
    mv s4, a0
    CHECK_REG write_empty_count, s4, 0

    # Every register other than a0 survives the ecall
    li ra, 0x1001
    li gp, 0x1003
    li tp, 0x1004
    li t0, 0x1005
    li t1, 0x1006
    li t2, 0x1007
    li s0, 0x1008
    li s1, 0x1009
    li a3, 0x100d
    li a4, 0x100e
    li a5, 0x100f
    li a6, 0x1010
    li s2, 0x1012
    li s3, 0x1013
    li s5, 0x1015
    li s6, 0x1016
    li s7, 0x1017
    li s8, 0x1018
    li s9, 0x1019
    li s10, 0x101a
    li s11, 0x101b
    li t3, 0x101c
    li t4, 0x101d
    li t5, 0x101e
    li t6, 0x101f
    li a0, 1
    la a1, newline
    li a2, 1
    li a7, 64
    ecall
    # Dump right away: the dump shows whether the registers survived
    END_TEST
