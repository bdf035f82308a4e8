# Zbs single-bit operations; the register forms use only the low 6 bits of
# the index.
#include "isa_test.h"

    .option norvc
    TEST_MAIN

    TEST_RR bclr, -1, 0, -2
    TEST_RR bclr, -1, 63, 0x7fffffffffffffff
    TEST_RR bclr, -1, 69, 0xffffffffffffffdf
    TEST_RR bclr, 0, 5, 0
    TEST_RI bclri, -1, 63, 0x7fffffffffffffff
    TEST_RI bclri, 0xff, 3, 0xf7
    TEST_RI bclri, 0x100000000, 32, 0

    TEST_RR bext, 0x8000000000000000, 63, 1
    TEST_RR bext, 0x10, 4, 1
    TEST_RR bext, 0x10, 3, 0
    TEST_RR bext, 0x10, 68, 1
    TEST_RI bexti, 0x8000000000000000, 63, 1
    TEST_RI bexti, 5, 1, 0
    TEST_RI bexti, 0x100000000, 32, 1

    TEST_RR binv, 0, 63, 0x8000000000000000
    TEST_RR binv, 1, 0, 0
    TEST_RR binv, 0, 65, 2
    TEST_RI binvi, 0, 32, 0x100000000
    TEST_RI binvi, -1, 0, -2
    TEST_RI binvi, 0x8000000000000000, 63, 0

    TEST_RR bset, 0, 63, 0x8000000000000000
    TEST_RR bset, 0, 70, 0x40
    TEST_RR bset, 1, 0, 1
    TEST_RI bseti, 0, 31, 0x80000000
    TEST_RI bseti, 1, 1, 3
    TEST_RI bseti, 0, 63, 0x8000000000000000

    li t0, 0
    bseti t0, t0, 40
    li t1, -1
    bclri t1, t1, 7
    li t2, 12
    binv t2, t2, t2
    END_TEST
