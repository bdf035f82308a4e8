# Zbb basic bit manipulation: logic with negation, counts (with their 0 and
# all-ones edges, W forms counting within the low word), min/max, sign and
# zero extension, rotates (amounts taken modulo the width) and byte ops.
#include "isa_test.h"

    .option norvc
    TEST_MAIN

    TEST_RR andn, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0, 0x0f000f000f000f00
    TEST_RR orn, 0xff00, 0xf0f0f0f0f0f0f0f0, 0x0f0f0f0f0f0fff0f
    TEST_RR xnor, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0, 0xf00ff00ff00ff00f
    TEST_RR_SAME andn, -1, 0
    TEST_RR_SAME orn, 0, -1

    TEST_R clz, 0, 64
    TEST_R clz, 1, 63
    TEST_R clz, -1, 0
    TEST_R clz, 0x0000800000000000, 16
    TEST_R clzw, 0, 32
    TEST_R clzw, 1, 31
    TEST_R clzw, 0xffffffff00000000, 32
    TEST_R clzw, 0x80000000, 0
    TEST_R clzw, 0x8000, 16
    TEST_R ctz, 0, 64
    TEST_R ctz, 1, 0
    TEST_R ctz, 0x8000000000000000, 63
    TEST_R ctz, 0x100, 8
    TEST_R ctzw, 0, 32
    TEST_R ctzw, 0xffffffff00000000, 32
    TEST_R ctzw, 0x80000000, 31
    TEST_R ctzw, 0x100000010, 4
    TEST_R cpop, 0, 0
    TEST_R cpop, -1, 64
    TEST_R cpop, 0xf0f0, 8
    TEST_R cpop, 0x8000000000000001, 2
    TEST_R cpopw, -1, 32
    TEST_R cpopw, 0xffffffff00000000, 0
    TEST_R cpopw, 0x80000001, 2

    TEST_RR max, -1, 1, 1
    TEST_RR max, 0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff
    TEST_RR maxu, -1, 1, -1
    TEST_RR maxu, 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000
    TEST_RR min, -1, 1, -1
    TEST_RR min, 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000
    TEST_RR minu, -1, 1, 1
    TEST_RR minu, 0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff

    TEST_R sext.b, 0x80, 0xffffffffffffff80
    TEST_R sext.b, 0x7f, 0x7f
    TEST_R sext.b, 0x1234567890abcdff, -1
    TEST_R sext.h, 0x8000, 0xffffffffffff8000
    TEST_R sext.h, 0x12347fff, 0x7fff
    TEST_R zext.h, -1, 0xffff
    TEST_R zext.h, 0x12345678, 0x5678

    TEST_RR rol, 0x8000000000000001, 1, 3
    TEST_RR rol, 0x0123456789abcdef, 68, 0x123456789abcdef0
    TEST_RR rol, 0x0123456789abcdef, 0, 0x0123456789abcdef
    TEST_RR ror, 1, 1, 0x8000000000000000
    TEST_RR ror, 0x0123456789abcdef, 4, 0xf0123456789abcde
    TEST_RR ror, 0x0123456789abcdef, 64, 0x0123456789abcdef
    TEST_RI rori, 0x0123456789abcdef, 8, 0xef0123456789abcd
    TEST_RI rori, 1, 63, 2
    TEST_RI rori, 0x0123456789abcdef, 0, 0x0123456789abcdef
    TEST_RR rolw, 0x80000001, 1, 3
    TEST_RR rolw, 0xffffffff00000001, 31, 0xffffffff80000000
    TEST_RR rolw, 0x12345678, 36, 0x23456781
    TEST_RR rorw, 1, 1, 0xffffffff80000000
    TEST_RR rorw, 0x12345678, 8, 0x78123456
    TEST_RR rorw, 0x12345678, 32, 0x12345678
    TEST_RR rorw, 0xabcdef0080000000, 0, 0xffffffff80000000
    TEST_RI roriw, 0x12345678, 4, 0xffffffff81234567
    TEST_RI roriw, 0xffffffff00000002, 1, 1
    TEST_RI roriw, 0x0000000180000000, 0, 0xffffffff80000000

    TEST_R orc.b, 0x0100ff0000801000, 0xff00ff0000ffff00
    TEST_R orc.b, 0, 0
    TEST_R rev8, 0x0123456789abcdef, 0xefcdab8967452301
    TEST_R rev8, 0xff, 0xff00000000000000

    li t0, 0x0f0f
    cpop t0, t0
    li t1, -1
    clzw t1, t1
    li t2, 0x8000
    sext.h t2, t2
    li s0, 0x11223344
    rev8 s0, s0
    li s1, 5
    rori s1, s1, 1
    END_TEST
