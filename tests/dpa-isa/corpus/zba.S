# Zba address generation: shift-and-add, the .uw forms that zero-extend the
# low word of rs1 first, and slli.uw.
#include "isa_test.h"

    .option norvc
    TEST_MAIN

    TEST_RR add.uw, 0xffffffff80000000, 1, 0x80000001
    TEST_RR add.uw, -1, 0, 0xffffffff
    TEST_RR add.uw, 1, -1, 0
    TEST_RR add.uw, 0x123456789, 0x1000000000, 0x1023456789
    TEST_R zext.w, 0xfedcba9876543210, 0x76543210

    TEST_RR sh1add, 3, 100, 106
    TEST_RR sh1add, 0x8000000000000000, 5, 5
    TEST_RR sh1add, -1, 0, -2
    TEST_RR sh2add, 3, 100, 112
    TEST_RR sh2add, -1, 0, -4
    TEST_RR sh2add, 0x4000000000000001, 1, 5
    TEST_RR sh3add, 3, 100, 124
    TEST_RR sh3add, 0x2000000000000000, 1, 1
    TEST_RR sh3add, 0x1fffffffffffffff, 8, 0

    TEST_RR sh1add.uw, 0xffffffff80000000, 0, 0x100000000
    TEST_RR sh1add.uw, -1, 1, 0x1ffffffff
    TEST_RR sh2add.uw, -1, 0, 0x3fffffffc
    TEST_RR sh2add.uw, 0xabcdef0000000001, -4, 0
    TEST_RR sh3add.uw, 0x1234567880000001, 8, 0x400000010
    TEST_RR sh3add.uw, -1, 0xfffffff800000000, 0xfffffffffffffff8

    TEST_RI slli.uw, 0xffffffff80000000, 0, 0x80000000
    TEST_RI slli.uw, -1, 32, 0xffffffff00000000
    TEST_RI slli.uw, -1, 63, 0x8000000000000000
    TEST_RI slli.uw, 0xabcdef0012345678, 4, 0x123456780

    sh3add t0, zero, zero
    li t1, 0x80000000
    add.uw t2, t1, t1
    sh2add.uw s0, t1, zero
    END_TEST
