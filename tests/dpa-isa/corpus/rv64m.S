# RV64M: products (low and the three high variants), division and remainder
# with the architected results for division by zero and signed overflow, and
# the sign-extended W forms.
#include "isa_test.h"

    .option norvc
    TEST_MAIN

    TEST_RR mul, 3, 7, 21
    TEST_RR mul, -3, 7, -21
    TEST_RR mul, 0x100000000, 0x100000000, 0
    TEST_RR mul, 0x7fffffffffffffff, 2, -2
    TEST_RR mul, 0x8000000000000000, -1, 0x8000000000000000
    TEST_RR mul, 0x0123456789abcdef, 0xfedcba9876543210, 0x2236d88fe5618cf0
    TEST_RR_SAME mul, 0xffffffff, 0xfffffffe00000001

    TEST_RR mulh, -1, -1, 0
    TEST_RR mulh, -1, 1, -1
    TEST_RR mulh, 0x8000000000000000, 0x8000000000000000, 0x4000000000000000
    TEST_RR mulh, 0x7fffffffffffffff, 0x7fffffffffffffff, 0x3fffffffffffffff
    TEST_RR mulh, 0x8000000000000000, 0x7fffffffffffffff, 0xc000000000000000
    TEST_RR mulh, 0x100000000, 0x100000000, 1
    TEST_RR mulh, 0x0123456789abcdef, 0xfedcba9876543210, 0xfffeb49923cc0953

    TEST_RR mulhu, -1, -1, 0xfffffffffffffffe
    TEST_RR mulhu, -1, 2, 1
    TEST_RR mulhu, 0x8000000000000000, 2, 1
    TEST_RR mulhu, 0x0123456789abcdef, 0xfedcba9876543210, 0x0121fa00ad77d742

    # mulhsu: rs1 signed, rs2 unsigned
    TEST_RR mulhsu, -1, -1, -1
    TEST_RR mulhsu, -1, 1, -1
    TEST_RR mulhsu, 1, -1, 0
    TEST_RR mulhsu, 0x8000000000000000, -1, 0x8000000000000000
    TEST_RR mulhsu, 2, 0x8000000000000000, 1
    TEST_RR mulhsu, 0x0123456789abcdef, 0xfedcba9876543210, 0x0121fa00ad77d742
    TEST_RR mulhsu, 0xfedcba9876543210, 0x0123456789abcdef, 0xfffeb49923cc0953

    TEST_RR mulw, 0x7fffffff, 2, -2
    TEST_RR mulw, 0x10000, 0x8000, 0xffffffff80000000
    TEST_RR mulw, 0x100000003, 0x100000005, 15
    TEST_RR mulw, 0x10000, 0x10000, 0
    TEST_RR mulw, -1, -1, 1

    TEST_RR div, 20, 6, 3
    TEST_RR div, -20, 6, -3
    TEST_RR div, 20, -6, -3
    TEST_RR div, -20, -6, 3
    TEST_RR div, 5, 0, -1
    TEST_RR div, -5, 0, -1
    TEST_RR div, 0, 0, -1
    TEST_RR div, 0x8000000000000000, -1, 0x8000000000000000
    TEST_RR div, 0x8000000000000000, 1, 0x8000000000000000
    TEST_RR div, 0x8000000000000000, 2, 0xc000000000000000

    TEST_RR divu, 20, 6, 3
    TEST_RR divu, -20, 6, 3074457345618258599
    TEST_RR divu, 5, 0, -1
    TEST_RR divu, 0, 0, -1
    TEST_RR divu, 0x8000000000000000, -1, 0
    TEST_RR divu, -1, -1, 1
    TEST_RR divu, -1, 1, -1

    TEST_RR rem, 20, 6, 2
    TEST_RR rem, -20, 6, -2
    TEST_RR rem, 20, -6, 2
    TEST_RR rem, -20, -6, -2
    TEST_RR rem, 5, 0, 5
    TEST_RR rem, -5, 0, -5
    TEST_RR rem, 0x8000000000000000, -1, 0
    TEST_RR rem, 0x8000000000000000, 0, 0x8000000000000000

    TEST_RR remu, 20, 6, 2
    TEST_RR remu, -20, 6, 2
    TEST_RR remu, 5, 0, 5
    TEST_RR remu, -1, 0, -1
    TEST_RR remu, 0x8000000000000000, -1, 0x8000000000000000

    # W forms divide the low 32 bits and sign-extend the 32-bit result
    TEST_RR divw, 20, 6, 3
    TEST_RR divw, -20, 6, -3
    TEST_RR divw, 0xffffffff80000000, -1, 0xffffffff80000000
    TEST_RR divw, 0x80000000, -1, 0xffffffff80000000
    TEST_RR divw, 0x80000000, 0xffffffff, 0xffffffff80000000
    TEST_RR divw, 7, 0, -1
    TEST_RR divw, 7, 0x100000000, -1
    TEST_RR divw, 0x100000014, 6, 3

    TEST_RR divuw, 0xffffffff, 1, -1
    TEST_RR divuw, 0x80000000, 1, 0xffffffff80000000
    TEST_RR divuw, 0xfffffffe, 2, 0x7fffffff
    TEST_RR divuw, 7, 0, -1
    TEST_RR divuw, 0x1ffffffff, 0x100000003, 0x55555555
    TEST_RR divuw, 0xffffffff80000000, -1, 0

    TEST_RR remw, -20, 6, -2
    TEST_RR remw, 20, -6, 2
    TEST_RR remw, 0x80000000, -1, 0
    TEST_RR remw, 7, 0, 7
    TEST_RR remw, 0x80000007, 0, 0xffffffff80000007
    TEST_RR remw, 0x123456789, 0, 0x23456789
    TEST_RR remw, 0x100000014, 0x100000006, 2

    TEST_RR remuw, 0xffffffff, 0x10, 15
    TEST_RR remuw, 0x80000007, 0, 0xffffffff80000007
    TEST_RR remuw, 0xfffffffb, 0xfffffffc, 0xfffffffffffffffb
    TEST_RR remuw, 0x123456789, 0x100000000, 0x23456789
    TEST_RR remuw, -20, 6, 2

    # Results written to x0 are discarded (the division still executes)
    li s2, 7
    li s3, 0
    div x0, s2, s3
    mul x0, s2, s2
    CHECK_REG div_to_x0, zero, 0

    li t0, 1000000007
    li t1, 998244353
    mul t2, t0, t1
    mulhu s0, t2, t2
    remu s1, t2, t0
    END_TEST
