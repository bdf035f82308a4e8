# RV64I control transfer: every branch taken and not taken (signed vs
# unsigned boundaries), backward loops, jal/jalr link values, jalr clearing
# bit 0 of the target, and rd == rs1 for jalr.
#include "isa_test.h"

    .option norvc

# s4 = 1 when "\op a, b" branches, 0 when it falls through.
.macro TEST_BRANCH op, a, b, taken
    li s2, \a
    li s3, \b
    \op s2, s3, 1f
    li s4, 0
    j 2f
1:  li s4, 1
2:  CHECK \op, s2, s3, s4, \taken, 2
.endm

    TEST_MAIN

    TEST_BRANCH beq, 5, 5, 1
    TEST_BRANCH beq, 5, 6, 0
    TEST_BRANCH beq, 0x100000000, 0, 0
    TEST_BRANCH bne, 5, 6, 1
    TEST_BRANCH bne, -1, -1, 0
    TEST_BRANCH bne, 0x8000000000000000, 0, 1
    TEST_BRANCH blt, -1, 0, 1
    TEST_BRANCH blt, 0, -1, 0
    TEST_BRANCH blt, 3, 3, 0
    TEST_BRANCH blt, 0x8000000000000000, 0x7fffffffffffffff, 1
    TEST_BRANCH bge, 0, -1, 1
    TEST_BRANCH bge, -1, 0, 0
    TEST_BRANCH bge, 3, 3, 1
    TEST_BRANCH bge, 0x7fffffffffffffff, 0x8000000000000000, 1
    TEST_BRANCH bltu, 0, -1, 1
    TEST_BRANCH bltu, -1, 0, 0
    TEST_BRANCH bltu, 3, 3, 0
    TEST_BRANCH bltu, 0x7fffffffffffffff, 0x8000000000000000, 1
    TEST_BRANCH bgeu, -1, 0, 1
    TEST_BRANCH bgeu, 0, -1, 0
    TEST_BRANCH bgeu, 3, 3, 1
    TEST_BRANCH bgeu, 0x8000000000000000, 0x7fffffffffffffff, 1
    # Pseudo-branches against x0 encode x0 as an operand
    TEST_BRANCH bgt, 1, 0, 1
    TEST_BRANCH ble, 1, 0, 0
    TEST_BRANCH bgtu, 1, 0, 1
    TEST_BRANCH bleu, 1, 0, 0

    # Backward branches: sum 1..10 with a bne loop and a blt loop
    li s2, 10
    li s4, 0
1:  add s4, s4, s2
    addi s2, s2, -1
    bne s2, zero, 1b
    CHECK_REG bne_loop_sum, s4, 55
    li s2, 0
    li s3, 100
    li s4, 0
1:  addi s4, s4, 3
    addi s2, s2, 1
    blt s2, s3, 1b
    CHECK_REG blt_loop_sum, s4, 300

    # jal writes the address of the following instruction
    li s5, 0
    jal s4, jal_target
jal_return:
    la s6, jal_return
    sub s4, s4, s6
    CHECK_REG jal_link, s4, 0
    CHECK_REG jal_reached, s5, 1

    # jal x0 is a plain jump
    li s5, 0
    jal x0, 1f
    li s5, 99
1:  CHECK_REG jal_x0_skips, s5, 0

    # jalr clears bit 0 of rs1 + offset
    la s2, jalr_target
    addi s2, s2, 1
    li s5, 0
    jalr s4, 0(s2)
jalr_return_odd:
    la s6, jalr_return_odd
    sub s4, s4, s6
    CHECK_REG jalr_odd_link, s4, 0
    CHECK_REG jalr_odd_reached, s5, 1

    la s2, jalr_target
    li s5, 0
    jalr s4, 1(s2)
    CHECK_REG jalr_odd_offset, s5, 1

    # Negative and positive offsets
    la s2, jalr_target + 16
    li s5, 0
    jalr s4, -16(s2)
    CHECK_REG jalr_negative_offset, s5, 1
    la s2, jalr_target - 2000
    li s5, 0
    jalr s4, 2000(s2)
    CHECK_REG jalr_positive_offset, s5, 1

    # rd == rs1: the target is computed from the old value
    la s4, jalr_target
    li s5, 0
    jalr s4, 0(s4)
jalr_return_same:
    la s6, jalr_return_same
    sub s4, s4, s6
    CHECK_REG jalr_rd_is_rs1_link, s4, 0
    CHECK_REG jalr_rd_is_rs1_reached, s5, 1

    # call/ret through ra
    li s5, 0
    call return_through_ra
    CHECK_REG call_ret, s5, 7

    # jalr x0 discards the link
    la s2, 1f
    jalr x0, 0(s2)
    li s5, 99
1:  CHECK_REG jalr_x0, zero, 0

    li t0, 0x7777
    li t1, 0x8888
    END_TEST

# Targets reached from above; each records its arrival in s5 and returns
# through the link register the caller chose.
jal_target:
    li s5, 1
    jr s4

    .balign 4
jalr_target:
    li s5, 1
    jr s4

return_through_ra:
    li s5, 7
    ret
