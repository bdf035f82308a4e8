# RV64I loads and stores at every width, with sign/zero extension, partial
# overwrites, the full 12-bit offset range, and the fence family.
#include "isa_test.h"

    .option norvc

# Loads \op at \offset from load_pattern into s4 and checks it.
.macro TEST_LOAD op, offset, expected
    la s2, load_pattern
    li s3, \offset
    \op s4, \offset(s2)
    CHECK \op, s3, s3, s4, \expected, 1
.endm

# Fills store_area[0] with a background, stores \value with \op at \offset
# and checks the whole doubleword, so bytes outside the store are covered.
.macro TEST_STORE op, offset, value, expected_doubleword
    la s2, store_area
    li s5, 0x1111111111111111
    sd s5, 0(s2)
    li s3, \value
    \op s3, \offset(s2)
    ld s4, 0(s2)
    CHECK \op, s3, s3, s4, \expected_doubleword, 1
.endm

    TEST_MAIN

    # load_pattern bytes: 81 7f 02 80 ff fe 00 80 | 7f 7f ff 7f ff ff ff 7f
    TEST_LOAD lb, 0, 0xffffffffffffff81
    TEST_LOAD lb, 1, 0x7f
    TEST_LOAD lb, 4, -1
    TEST_LOAD lbu, 0, 0x81
    TEST_LOAD lbu, 4, 0xff
    TEST_LOAD lbu, 6, 0
    TEST_LOAD lh, 0, 0x7f81
    TEST_LOAD lh, 2, 0xffffffffffff8002
    TEST_LOAD lh, 4, 0xfffffffffffffeff
    TEST_LOAD lh, 6, 0xffffffffffff8000
    TEST_LOAD lh, 10, 0x7fff
    TEST_LOAD lhu, 2, 0x8002
    TEST_LOAD lhu, 4, 0xfeff
    TEST_LOAD lhu, 8, 0x7f7f
    TEST_LOAD lw, 0, 0xffffffff80027f81
    TEST_LOAD lw, 4, 0xffffffff8000feff
    TEST_LOAD lw, 8, 0x7fff7f7f
    TEST_LOAD lw, 12, 0x7fffffff
    TEST_LOAD lwu, 0, 0x80027f81
    TEST_LOAD lwu, 4, 0x8000feff
    TEST_LOAD lwu, 12, 0x7fffffff
    TEST_LOAD ld, 0, 0x8000feff80027f81
    TEST_LOAD ld, 8, 0x7fffffff7fff7f7f

    # Negative offsets and the ends of the 12-bit offset range
    la s2, far_area_middle
    li s5, 0x0123456789abcdef
    sd s5, -2048(s2)
    ld s4, -2048(s2)
    CHECK_REG sd_ld_minus2048, s4, 0x0123456789abcdef
    la s6, far_area
    ld s4, 0(s6)
    CHECK_REG sd_minus2048_lands, s4, 0x0123456789abcdef
    li s5, 0xfedcba9876543210
    sd s5, 2040(s2)
    ld s4, 2040(s2)
    CHECK_REG sd_ld_plus2040, s4, 0xfedcba9876543210
    lb s4, 2047(s2)
    CHECK_REG lb_plus2047, s4, 0xfffffffffffffffe
    lbu s4, -2047(s2)
    CHECK_REG lbu_minus2047, s4, 0xcd

    # A load may overwrite its own base register
    la s4, load_pattern
    ld s4, 8(s4)
    CHECK_REG ld_into_base, s4, 0x7fffffff7fff7f7f

    # Stores write exactly their width and ignore the upper register bits
    TEST_STORE sb, 0, 0xaaaaaaaaaaaaaa80, 0x1111111111111180
    TEST_STORE sb, 3, 0x7f, 0x111111117f111111
    TEST_STORE sb, 7, -1, 0xff11111111111111
    TEST_STORE sh, 0, 0xaaaaaaaaaaaa8001, 0x1111111111118001
    TEST_STORE sh, 2, 0xfedc, 0x11111111fedc1111
    TEST_STORE sh, 6, 0x1234, 0x1234111111111111
    TEST_STORE sw, 0, 0xaaaaaaaa80000001, 0x1111111180000001
    TEST_STORE sw, 4, 0xdeadbeef, 0xdeadbeef11111111
    TEST_STORE sd, 0, 0x8000000000000001, 0x8000000000000001

    # A store after a load of the same address, then a load of a narrower
    # width from the middle of what was stored
    la s2, store_area
    li s5, 0x8877665544332211
    sd s5, 8(s2)
    lhu s4, 10(s2)
    CHECK_REG lhu_after_sd, s4, 0x4433
    lb s4, 15(s2)
    CHECK_REG lb_after_sd, s4, 0xffffffffffffff88

    # Stores from x0 store zero
    sd s5, 16(s2)
    sw x0, 20(s2)
    ld s4, 16(s2)
    CHECK_REG sw_x0, s4, 0x0000000044332211

    # Fences are accepted and have no architectural effect here
    li s4, 0x600d
    fence
    fence rw, rw
    fence r, r
    fence w, w
    fence iorw, iorw
    fence.tso
    fence.i
    # pause (Zihintpause) is a fence hint with pred=w, succ=0
    .insn i 0x0f, 0, x0, x0, 0x010
    CHECK_REG after_fences, s4, 0x600d

    # A load into x0 still executes but leaves x0 zero
    la s2, load_pattern
    ld x0, 0(s2)
    CHECK_REG ld_to_x0, zero, 0

    li t0, 0x5555
    la t1, load_pattern
    lw t2, 4(t1)
    lhu s0, 2(t1)
    lb s1, 0(t1)
    END_TEST

    .data
    .balign 16
load_pattern:
    .byte 0x81, 0x7f, 0x02, 0x80, 0xff, 0xfe, 0x00, 0x80
    .byte 0x7f, 0x7f, 0xff, 0x7f, 0xff, 0xff, 0xff, 0x7f

    .balign 16
store_area:
    .space 32

    .balign 16
far_area:
    .space 2048
far_area_middle:
    .space 2048
