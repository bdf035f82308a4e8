# RV64I integer computation: register-register, register-immediate, W forms,
# lui/auipc and writes to x0. Uncompressed encodings only (rv64c.S covers C).
#include "isa_test.h"

    .option norvc
    TEST_MAIN

    # 64-bit arithmetic wraps silently
    TEST_RR add, 1, 2, 3
    TEST_RR add, 0x7fffffffffffffff, 1, 0x8000000000000000
    TEST_RR add, -1, -1, -2
    TEST_RR add, 0xffffffff, 1, 0x100000000
    TEST_RR sub, 3, 5, -2
    TEST_RR sub, 0x8000000000000000, 1, 0x7fffffffffffffff
    TEST_RR sub, 0, 0x8000000000000000, 0x8000000000000000
    TEST_RR_SAME add, 0x4000000000000001, 0x8000000000000002
    TEST_RR_SAME sub, 0x1234, 0

    # Shift amounts use only the low 6 bits of rs2
    TEST_RR sll, 1, 63, 0x8000000000000000
    TEST_RR sll, 1, 64, 1
    TEST_RR sll, 0x123, 68, 0x1230
    TEST_RR sll, -1, 32, 0xffffffff00000000
    TEST_RR srl, 0x8000000000000000, 63, 1
    TEST_RR srl, -1, 32, 0xffffffff
    TEST_RR srl, -1, 0x7f, 1
    TEST_RR srl, 0x8000000000000000, -64, 0x8000000000000000
    TEST_RR sra, 0x8000000000000000, 63, -1
    TEST_RR sra, 0x8000000000000000, 4, 0xf800000000000000
    TEST_RR sra, 0x7000000000000000, 0x44, 0x0700000000000000

    TEST_RR slt, -1, 0, 1
    TEST_RR slt, 0, -1, 0
    TEST_RR slt, 5, 5, 0
    TEST_RR slt, 0x8000000000000000, 0x7fffffffffffffff, 1
    TEST_RR sltu, -1, 0, 0
    TEST_RR sltu, 0, -1, 1
    TEST_RR sltu, 5, 5, 0
    TEST_RR sltu, 0x7fffffffffffffff, 0x8000000000000000, 1
    TEST_RR xor, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xf0f0f0f0f0f0f0f0
    TEST_RR or, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xfff0fff0fff0fff0
    TEST_RR and, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0x0f000f000f000f00

    # W forms read the low 32 bits and sign-extend the 32-bit result
    TEST_RR addw, 0x7fffffff, 1, 0xffffffff80000000
    TEST_RR addw, 0xffffffff, 1, 0
    TEST_RR addw, 0x1234567800000005, 0xabcdef0000000003, 8
    TEST_RR subw, 0, 1, -1
    TEST_RR subw, 0x80000000, 1, 0x7fffffff
    TEST_RR subw, 0x7fffffff, -1, 0xffffffff80000000
    # W shifts use only the low 5 bits of rs2, so 32 and up wrap around
    TEST_RR sllw, 1, 31, 0xffffffff80000000
    TEST_RR sllw, 1, 32, 1
    TEST_RR sllw, 0xffffffff00000003, 33, 6
    TEST_RR sllw, 0x80000001, 63, 0xffffffff80000000
    TEST_RR srlw, 0x80000000, 31, 1
    TEST_RR srlw, 0xffffffff80000000, 0, 0xffffffff80000000
    TEST_RR srlw, 0x80000000, 32, 0xffffffff80000000
    TEST_RR srlw, -1, 4, 0x0fffffff
    TEST_RR srlw, 0x1234567800000000, 1, 0
    TEST_RR sraw, 0x80000000, 31, -1
    TEST_RR sraw, 0x80000000, 63, -1
    TEST_RR sraw, 0xf0000000, 4, 0xffffffffff000000
    TEST_RR sraw, 0xffffffff70000000, 36, 0x07000000

    # 12-bit immediates are sign-extended
    TEST_RI addi, 0, -2048, -2048
    TEST_RI addi, 0, 2047, 2047
    TEST_RI addi, 0x7fffffffffffffff, 1, 0x8000000000000000
    TEST_RI slti, -1, 0, 1
    TEST_RI slti, 0, -1, 0
    TEST_RI slti, -2049, -2048, 1
    TEST_RI sltiu, 0, -1, 1
    TEST_RI sltiu, -1, -1, 0
    TEST_RI sltiu, 0x7ff, 2047, 0
    TEST_RI sltiu, 0, 1, 1
    TEST_RI xori, 0xff, -1, 0xffffffffffffff00
    TEST_RI xori, 0x8000000000000000, 0x7ff, 0x80000000000007ff
    TEST_RI ori, 0x8000000000000000, 0x7ff, 0x80000000000007ff
    TEST_RI ori, 0, -2048, 0xfffffffffffff800
    TEST_RI andi, -1, -2048, 0xfffffffffffff800
    TEST_RI andi, 0xffffffff, 0x7f0, 0x7f0
    TEST_RI slli, 1, 63, 0x8000000000000000
    TEST_RI slli, 0xff, 36, 0xff000000000
    TEST_RI slli, 0x123, 0, 0x123
    TEST_RI srli, -1, 63, 1
    TEST_RI srli, -1, 1, 0x7fffffffffffffff
    TEST_RI srli, -1, 32, 0xffffffff
    TEST_RI srai, 0x8000000000000000, 1, 0xc000000000000000
    TEST_RI srai, 0x8000000000000000, 63, -1
    TEST_RI srai, 0x4000000000000000, 62, 1
    TEST_RI addiw, 0x7fffffff, 1, 0xffffffff80000000
    TEST_RI addiw, 0xfffffffe00000000, -1, -1
    TEST_RI addiw, 0x123456789, 0, 0x23456789
    TEST_RI addiw, 0xfffffffff, 0, -1
    TEST_RI slliw, 1, 31, 0xffffffff80000000
    TEST_RI slliw, 0xffffffff, 4, 0xfffffffffffffff0
    TEST_RI slliw, 0x1ffffffff, 0, -1
    TEST_RI srliw, 0xffffffff80000000, 31, 1
    TEST_RI srliw, 0x80000000, 0, 0xffffffff80000000
    TEST_RI srliw, 0xffffffff00000000, 1, 0
    TEST_RI sraiw, 0x80000000, 31, -1
    TEST_RI sraiw, 0x7fffffff, 30, 1
    TEST_RI sraiw, 0xfffffff0000000f0, 4, 0xf
    TEST_RI sraiw, 0x80000000, 0, 0xffffffff80000000

    # lui places imm[31:12] and sign-extends bit 31
    lui s4, 0x80000
    CHECK_REG lui_0x80000, s4, 0xffffffff80000000
    lui s4, 0xfffff
    CHECK_REG lui_0xfffff, s4, 0xfffffffffffff000
    lui s4, 0x7ffff
    CHECK_REG lui_0x7ffff, s4, 0x7ffff000
    lui s4, 0
    CHECK_REG lui_0, s4, 0

    # auipc adds the sign-extended upper immediate to its own pc
auipc_zero:
    auipc s4, 0
    la s5, auipc_zero
    sub s4, s4, s5
    CHECK_REG auipc_0, s4, 0
auipc_one:
    auipc s4, 1
    la s5, auipc_one
    sub s4, s4, s5
    CHECK_REG auipc_1, s4, 0x1000
auipc_negative:
    auipc s4, 0x80000
    la s5, auipc_negative
    sub s4, s4, s5
    CHECK_REG auipc_0x80000, s4, 0xffffffff80000000
auipc_all_ones:
    auipc s4, 0xfffff
    la s5, auipc_all_ones
    sub s4, s4, s5
    CHECK_REG auipc_0xfffff, s4, -4096

    # x0 ignores writes of every kind and always reads zero
    li s2, 0x1234
    add x0, s2, s2
    CHECK_REG add_to_x0, zero, 0
    addi x0, x0, 5
    CHECK_REG addi_to_x0, zero, 0
    lui x0, 0x12345
    CHECK_REG lui_to_x0, zero, 0
    auipc x0, 1
    CHECK_REG auipc_to_x0, zero, 0
    slli x0, s2, 3
    CHECK_REG slli_to_x0, zero, 0
    addw x0, s2, s2
    CHECK_REG addw_to_x0, zero, 0
    add s4, x0, s2
    CHECK_REG add_from_x0, s4, 0x1234
    sub s4, x0, s2
    CHECK_REG sub_from_x0, s4, -0x1234

    # Leave distinctive values in most registers for the final dump
    li ra, 0x1111
    li gp, -3
    li tp, 0x7fffffff
    addiw tp, tp, 1
    li t0, 5
    sllw t0, t0, t0
    li t1, -1
    srli t1, t1, 1
    li t2, -1
    srliw t2, t2, 1
    li s0, 0x8000000000000000
    srai s0, s0, 7
    li s1, 0x123
    xori s1, s1, -1
    END_TEST
