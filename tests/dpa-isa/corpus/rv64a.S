# RV64A: every AMO in .w and .d form (old value returned, .w results
# sign-extended, .w leaving the other half of the doubleword alone), the
# aq/rl variants, and LR/SC pairs that succeed and that must fail.
#include "isa_test.h"

    .option norvc

# Writes \initial to the doubleword at amo_cell, applies "\op rd, \operand"
# to amo_cell + \offset, then checks the returned old value and the new
# doubleword.
.macro TEST_AMO op, offset, initial, operand, expected_old, expected_doubleword
    la s5, amo_cell
    li s2, \initial
    sd s2, 0(s5)
    addi s6, s5, \offset
    li s3, \operand
    \op s4, s3, (s6)
    CHECK \op, s2, s3, s4, \expected_old, 2
    ld s4, 0(s5)
    CHECK \op\()_memory, s2, s3, s4, \expected_doubleword, 2
.endm

    TEST_MAIN

    TEST_AMO amoswap.d, 0, 0x0123456789abcdef, -1, 0x0123456789abcdef, -1
    TEST_AMO amoadd.d, 0, 0x7fffffffffffffff, 1, 0x7fffffffffffffff, 0x8000000000000000
    TEST_AMO amoxor.d, 0, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0
    TEST_AMO amoand.d, 0, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0x0f000f000f000f00
    TEST_AMO amoor.d, 0, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xfff0fff0fff0fff0
    TEST_AMO amomin.d, 0, -5, 3, -5, -5
    TEST_AMO amomin.d, 0, 3, 0x8000000000000000, 3, 0x8000000000000000
    TEST_AMO amomax.d, 0, -5, 3, -5, 3
    TEST_AMO amomax.d, 0, 0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff
    TEST_AMO amominu.d, 0, -5, 3, -5, 3
    TEST_AMO amominu.d, 0, 2, -1, 2, 2
    TEST_AMO amomaxu.d, 0, -5, 3, -5, -5
    TEST_AMO amomaxu.d, 0, 0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000

    # .w: the low word at offset 0, the high word at offset 4
    TEST_AMO amoswap.w, 0, 0x1111111180000000, 0xaaaaaaaa00000005, 0xffffffff80000000, 0x1111111100000005
    TEST_AMO amoswap.w, 4, 0x8000000022222222, 7, 0xffffffff80000000, 0x0000000722222222
    TEST_AMO amoadd.w, 0, 0x111111117fffffff, 1, 0x7fffffff, 0x1111111180000000
    TEST_AMO amoadd.w, 0, 0x11111111ffffffff, 1, -1, 0x1111111100000000
    TEST_AMO amoadd.w, 4, 0xfffffffe22222222, 0x100000001, 0xfffffffffffffffe, 0xffffffff22222222
    TEST_AMO amoxor.w, 0, 0x11111111f0f0f0f0, 0xffffffff, 0xfffffffff0f0f0f0, 0x111111110f0f0f0f
    TEST_AMO amoand.w, 0, 0x11111111f0f0f0f0, 0x8000ffff, 0xfffffffff0f0f0f0, 0x111111118000f0f0
    TEST_AMO amoor.w, 4, 0x0000000122222222, 0x80000000, 1, 0x8000000122222222
    # .w min/max compare the 32-bit values, ignoring the operand's upper half
    TEST_AMO amomin.w, 0, 0x1111111180000000, 1, 0xffffffff80000000, 0x1111111180000000
    TEST_AMO amomin.w, 0, 0x1111111100000005, 0x00000000ffffffff, 5, 0x11111111ffffffff
    TEST_AMO amomax.w, 0, 0x1111111180000000, 1, 0xffffffff80000000, 0x1111111100000001
    TEST_AMO amomax.w, 0, 0x1111111100000005, 0x7fffffff00000003, 5, 0x1111111100000005
    TEST_AMO amominu.w, 0, 0x1111111180000000, 1, 0xffffffff80000000, 0x1111111100000001
    TEST_AMO amominu.w, 4, 0x0000000722222222, 0xffffffff00000009, 7, 0x0000000722222222
    TEST_AMO amomaxu.w, 0, 0x1111111180000000, 1, 0xffffffff80000000, 0x1111111180000000
    TEST_AMO amomaxu.w, 0, 0x1111111100000005, 0xffffffff, 5, 0x11111111ffffffff

    # Ordering annotations do not change the result
    TEST_AMO amoadd.d.aq, 0, 10, 5, 10, 15
    TEST_AMO amoadd.d.rl, 0, 10, 5, 10, 15
    TEST_AMO amoadd.d.aqrl, 0, 10, 5, 10, 15
    TEST_AMO amoswap.w.aq, 0, 0x2222222233333333, 4, 0x33333333, 0x2222222200000004
    TEST_AMO amoor.w.aqrl, 0, 0x22222222, 0x80000000, 0x22222222, 0x00000000a2222222

    # rd == rs2: the register receives the old value, memory the new one
    la s5, amo_cell
    li s2, 0x5555
    sd s2, 0(s5)
    li s4, 0x7777
    amoswap.d s4, s4, (s5)
    CHECK_REG amoswap_rd_is_rs2, s4, 0x5555
    ld s4, 0(s5)
    CHECK_REG amoswap_rd_is_rs2_memory, s4, 0x7777

    # rd == x0: memory is still updated
    li s3, 3
    amoadd.d x0, s3, (s5)
    ld s4, 0(s5)
    CHECK_REG amoadd_to_x0_memory, s4, 0x777a
    CHECK_REG amoadd_to_x0, zero, 0

    # LR/SC pair succeeds (rd = 0) and stores
    li s2, 0x0102030405060708
    sd s2, 0(s5)
    lr.d s4, (s5)
    CHECK_REG lr.d, s4, 0x0102030405060708
    li s3, 0x1122334455667788
    sc.d s4, s3, (s5)
    CHECK_REG sc.d_success, s4, 0
    ld s4, 0(s5)
    CHECK_REG sc.d_stored, s4, 0x1122334455667788

    # A second SC without a new LR has no reservation: fails with 1, no store
    li s3, 0x99
    sc.d s4, s3, (s5)
    CHECK_REG sc.d_again_fails, s4, 1
    ld s4, 0(s5)
    CHECK_REG sc.d_again_no_store, s4, 0x1122334455667788

    # lr.w sign-extends; sc.w writes only its word
    li s2, 0x3333333380000001
    sd s2, 0(s5)
    lr.w s4, (s5)
    CHECK_REG lr.w, s4, 0xffffffff80000001
    li s3, 0xffffffff00000042
    sc.w s4, s3, (s5)
    CHECK_REG sc.w_success, s4, 0
    ld s4, 0(s5)
    CHECK_REG sc.w_stored, s4, 0x3333333300000042
    addi s6, s5, 4
    lr.w s4, (s6)
    CHECK_REG lr.w_high_word, s4, 0x33333333
    sc.w s4, zero, (s6)
    CHECK_REG sc.w_high_word_success, s4, 0
    ld s4, 0(s5)
    CHECK_REG sc.w_high_word_stored, s4, 0x42

    # An SC to an address outside the reserved one (a different page) fails
    lr.d s4, (s5)
    la s6, distant_cell
    li s3, 0xabc
    sc.d s4, s3, (s6)
    CHECK_REG sc.d_other_address_fails, s4, 1
    ld s4, 0(s6)
    CHECK_REG sc.d_other_address_no_store, s4, 0

    # ... and an SC with no LR at all since the start fails
    la s6, never_reserved_cell
    sc.w s4, s3, (s6)
    CHECK_REG sc.w_unreserved_fails, s4, 1

    # Ordering annotations on LR/SC
    li s2, 17
    sd s2, 0(s5)
    lr.d.aq s4, (s5)
    addi s4, s4, 1
    sc.d.rl s7, s4, (s5)
    CHECK_REG sc.d.rl_success, s7, 0
    lr.w.aqrl s4, (s5)
    addi s4, s4, 1
    sc.w.aqrl s7, s4, (s5)
    CHECK_REG sc.w.aqrl_success, s7, 0
    ld s4, 0(s5)
    CHECK_REG lr_sc_increments, s4, 19

    # An LR/SC retry loop as compilers emit it for a compare-and-swap
    li s2, 19
    li s3, 1000
1:  lr.d s4, (s5)
    bne s4, s2, 2f
    sc.d s7, s3, (s5)
    bnez s7, 1b
2:  ld s4, 0(s5)
    CHECK_REG cas_loop, s4, 1000

    li t0, 0x1234
    END_TEST

    .data
    .balign 16
amo_cell:
    .dword 0, 0
    .balign 4096
distant_cell:
    .dword 0
never_reserved_cell:
    .dword 0
