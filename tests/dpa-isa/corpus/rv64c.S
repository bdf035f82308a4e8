# RV64C: every compressed instruction valid on RV64 without F/D (c.fld and
# friends are illegal there and live in the fault tests), a few HINT
# encodings that must execute as no-ops, and a 32-bit instruction straddling
# a page boundary after a run of 16-bit ones.
#
# The 3-bit register fields only reach x8-x15, so results go through s0/s1
# and are copied to s2..s4 for reporting.
#include "isa_test.h"

# s0 = op(s0, s1) for the two-register CA forms.
.macro TEST_C_RR op, a, b, expected
    li s0, \a
    li s1, \b
    mv s2, s0
    mv s3, s1
    \op s0, s1
    CHECK \op, s2, s3, s0, \expected, 2
.endm

# s0 = op(s0, imm) for the register-immediate forms.
.macro TEST_C_RI op, a, imm, expected
    li s0, \a
    mv s2, s0
    li s3, \imm
    \op s0, \imm
    CHECK \op, s2, s3, s0, \expected, 2
.endm

    TEST_MAIN

    TEST_C_RI c.addi, 5, -32, -27
    TEST_C_RI c.addi, 0x7fffffffffffffff, 1, 0x8000000000000000
    TEST_C_RI c.addi, 0, 31, 31
    TEST_C_RI c.addiw, 0x7fffffff, 1, 0xffffffff80000000
    TEST_C_RI c.addiw, 0x1ffffffff, 0, -1
    TEST_C_RI c.addiw, 0x100000000, -1, -1
    TEST_C_RI c.slli, 1, 63, 0x8000000000000000
    TEST_C_RI c.slli, 0x1234, 32, 0x123400000000
    TEST_C_RI c.srli, -1, 63, 1
    TEST_C_RI c.srli, -1, 32, 0xffffffff
    TEST_C_RI c.srai, 0x8000000000000000, 63, -1
    TEST_C_RI c.srai, 0x8000000000000000, 1, 0xc000000000000000
    TEST_C_RI c.andi, -1, -32, 0xffffffffffffffe0
    TEST_C_RI c.andi, 0xff, 31, 0x1f
    TEST_C_RI c.andi, 0xff, 0, 0

    TEST_C_RR c.sub, 3, 5, -2
    TEST_C_RR c.xor, 0xff00, 0x0ff0, 0xf0f0
    TEST_C_RR c.or, 0xff00, 0x0ff0, 0xfff0
    TEST_C_RR c.and, 0xff00, 0x0ff0, 0x0f00
    TEST_C_RR c.subw, 0x80000000, 1, 0x7fffffff
    TEST_C_RR c.subw, 0, 1, -1
    TEST_C_RR c.addw, 0x7fffffff, 1, 0xffffffff80000000
    TEST_C_RR c.addw, 0x1234567800000001, 0x1, 2

    # c.li and c.lui sign-extend their 6-bit immediates
    c.li s4, -32
    CHECK_REG c.li_min, s4, -32
    c.li s4, 31
    CHECK_REG c.li_max, s4, 31
    c.li s4, 0
    CHECK_REG c.li_zero, s4, 0
    c.lui s4, 1
    CHECK_REG c.lui_1, s4, 0x1000
    c.lui s4, 31
    CHECK_REG c.lui_31, s4, 0x1f000
    c.lui s4, 0xfffe0
    CHECK_REG c.lui_min, s4, 0xfffffffffffe0000
    c.lui s4, 0xfffff
    CHECK_REG c.lui_minus1, s4, 0xfffffffffffff000

    # c.mv and c.add reach all 31 registers
    li t6, 0x123456789
    c.mv s4, t6
    CHECK_REG c.mv, s4, 0x123456789
    li t5, 0x100000000
    c.add s4, t5
    CHECK_REG c.add, s4, 0x223456789
    li gp, 7
    c.mv tp, gp
    c.add tp, tp
    CHECK_REG c.add_self, tp, 14

    # c.nop and HINTs (c.li/c.mv/c.add/c.slli with rd = x0, c.addi with
    # imm 0, c.nop with an immediate) change nothing
    li s4, 0x4444
    c.nop
    .2byte 0x0005   # c.nop 1
    .2byte 0x4005   # c.li x0, 1
    .2byte 0x8022   # c.mv x0, s0
    .2byte 0x9022   # c.add x0, s0
    .2byte 0x0006   # c.slli x0, 1
    .2byte 0x0a01   # c.addi s4, 0
    CHECK_REG c_hints, s4, 0x4444
    CHECK_REG c_hints_x0, zero, 0

    # Loads and stores relative to a register (x8-x15) and to sp
    la s1, compressed_data
    c.lw s0, 0(s1)
    CHECK_REG c.lw_negative, s0, 0xffffffff89abcdef
    c.lw s0, 4(s1)
    CHECK_REG c.lw_positive, s0, 0x01234567
    c.ld s0, 0(s1)
    CHECK_REG c.ld, s0, 0x0123456789abcdef
    c.ld s0, 248(s1)
    CHECK_REG c.ld_max_offset, s0, 0x1122334455667788
    c.lw s0, 124(s1)
    CHECK_REG c.lw_max_offset, s0, 0xffffffffcafef00d
    li s0, 0x7777777788888888
    c.sw s0, 8(s1)
    c.ld s0, 8(s1)
    CHECK_REG c.sw, s0, 0x0000000088888888
    li s0, -2
    c.sd s0, 16(s1)
    ld s4, 16(s1)
    CHECK_REG c.sd, s4, -2

    # Grow the stack so the sp-relative forms write into our own frame
    mv s5, sp
    c.addi16sp sp, -512
    sub s4, s5, sp
    CHECK_REG c.addi16sp_minus512, s4, 512
    c.addi16sp sp, 16
    c.addi16sp sp, -16
    sub s4, s5, sp
    CHECK_REG c.addi16sp_round_trip, s4, 512
    li s4, 0x0102030405060708
    c.sdsp s4, 504(sp)
    c.ldsp s6, 504(sp)
    CHECK_REG c.sdsp_c.ldsp, s6, 0x0102030405060708
    li s4, 0x80000001
    c.swsp s4, 252(sp)
    c.lwsp s6, 252(sp)
    CHECK_REG c.swsp_c.lwsp, s6, 0xffffffff80000001
    c.sdsp zero, 0(sp)
    c.swsp s4, 4(sp)
    c.ldsp s6, 0(sp)
    CHECK_REG c.swsp_upper_half, s6, 0x8000000100000000
    c.addi4spn s0, sp, 1020
    sub s4, s0, sp
    CHECK_REG c.addi4spn_max, s4, 1020
    c.addi4spn s1, sp, 4
    sub s4, s1, sp
    CHECK_REG c.addi4spn_min, s4, 4
    c.addi16sp sp, 496
    c.addi16sp sp, 16
    sub s4, s5, sp
    CHECK_REG c.addi16sp_restored, s4, 0

    # c.beqz/c.bnez taken and not taken, both directions
    li s0, 0
    li s4, 0
    c.beqz s0, 1f
    li s4, 99
1:  CHECK_REG c.beqz_taken, s4, 0
    li s0, 1
    c.beqz s0, 1f
    li s4, 2
1:  CHECK_REG c.beqz_not_taken, s4, 2
    c.bnez s0, 1f
    li s4, 99
1:  CHECK_REG c.bnez_taken, s4, 2
    li s0, 0
    li s4, 3
    c.bnez s0, 1f
    li s4, 4
1:  CHECK_REG c.bnez_not_taken, s4, 4
    li s0, 5
    li s4, 0
1:  c.addi s4, 2
    c.addi s0, -1
    c.bnez s0, 1b
    CHECK_REG c.bnez_loop, s4, 10
    li s1, 0x100000000
    li s4, 0
    c.beqz s1, 1f
    li s4, 1
1:  CHECK_REG c.beqz_upper_bits, s4, 1

    # c.j forward and backward
    li s4, 0
    c.j 2f
1:  li s4, 5
    c.j 3f
2:  c.j 1b
3:  CHECK_REG c.j, s4, 5

    # c.jalr links pc + 2; c.jr returns through it
    la s6, compressed_function
    li s5, 0
    c.jalr s6
compressed_return:
    la s7, compressed_return
    sub s4, ra, s7
    CHECK_REG c.jalr_link, s4, 0
    CHECK_REG c.jalr_reached, s5, 1

    # A 32-bit instruction at a 2-byte-aligned pc, then one whose halves lie
    # in two different pages
    li s4, 1
    .balign 4
    c.nop
    .option push
    .option norvc
    addi s4, s4, 1
    .option pop
    j page_straddle_run
page_straddle_done:
    CHECK_REG straddling_instructions, s4, 7

    li t0, 0x2222
    li t1, -0x2222
    END_TEST

compressed_function:
    li s5, 1
    c.jr ra

    # 2047 c.nop fill the page up to its last halfword, where the 32-bit
    # addi starts, so its second half is fetched from the next page
    .balign 4096
page_straddle_run:
    .rept 2047
    c.nop
    .endr
    .option push
    .option norvc
    addi s4, s4, 5
    .option pop
    j page_straddle_done

    .data
    .balign 8
compressed_data:
    .dword 0x0123456789abcdef
    .space 112
    .word 0, 0xcafef00d
    .space 120
    .dword 0x1122334455667788
