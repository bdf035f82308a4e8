# Retires a known number of instructions and exits 0, for exact --stats
# counts and for watchdog budgets just above and below its length.
# Standalone (no runtime) so the count does not depend on compiled code:
#   li t0, 200000     2 (lui + addiw)
#   loop              2 x 200000
#   exit              3 (li a0, li a7, ecall)
# = 400004 instructions before the ecall, 400005 with it.

    .option norelax
    .option norvc
    .text
    .globl _start
_start:
    li t0, 200000
1:  addi t0, t0, -1
    bnez t0, 1b
    li a0, 0
    li a7, 93
    ecall
