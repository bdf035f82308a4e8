/*
 * Instruction kinds and the decoder. Every RV64 or RVC encoding maps to one kind plus operands;
 * compressed forms map to the kind of their base instruction.
 */
#ifndef OPENFLEXIO_DPA_DECODE_H
#define OPENFLEXIO_DPA_DECODE_H

#include <stdbool.h>
#include <stdint.h>

/* Extra cycles over the base cost of 1 (see dpa_hart_cycles). */
#define DPA_COST_LOAD 1
#define DPA_COST_MUL 2
#define DPA_COST_DIV 33
#define DPA_COST_ATOMIC 3
#define DPA_COST_TAKEN 2

/* Kinds that fall through to the next instruction: X(name, extra cycles). */
/* Not reformatted: instruction tables as X-macro lists, one entry per row. */
/* clang-format off */
#define DPA_SIMPLE_KINDS(X)                                                                    \
    X(nop, 0) X(li, 0) X(mv, 0) X(auipc, 0)                                                    \
    X(addi, 0) X(slti, 0) X(sltiu, 0) X(xori, 0) X(ori, 0) X(andi, 0)                          \
    X(slli, 0) X(srli, 0) X(srai, 0) X(addiw, 0) X(slliw, 0) X(srliw, 0) X(sraiw, 0)           \
    X(add, 0) X(sub, 0) X(sll, 0) X(slt, 0) X(sltu, 0) X(xor, 0) X(srl, 0) X(sra, 0)           \
    X(or, 0) X(and, 0) X(addw, 0) X(subw, 0) X(sllw, 0) X(srlw, 0) X(sraw, 0)                  \
    X(mul, DPA_COST_MUL) X(mulh, DPA_COST_MUL) X(mulhsu, DPA_COST_MUL)                         \
    X(mulhu, DPA_COST_MUL) X(mulw, DPA_COST_MUL)                                               \
    X(div, DPA_COST_DIV) X(divu, DPA_COST_DIV) X(rem, DPA_COST_DIV) X(remu, DPA_COST_DIV)      \
    X(divw, DPA_COST_DIV) X(divuw, DPA_COST_DIV) X(remw, DPA_COST_DIV) X(remuw, DPA_COST_DIV)  \
    X(sh1add, 0) X(sh2add, 0) X(sh3add, 0) X(add_uw, 0) X(sh1add_uw, 0) X(sh2add_uw, 0)        \
    X(sh3add_uw, 0) X(slli_uw, 0)                                                              \
    X(andn, 0) X(orn, 0) X(xnor, 0) X(clz, 0) X(ctz, 0) X(cpop, 0) X(clzw, 0) X(ctzw, 0)       \
    X(cpopw, 0) X(max, 0) X(maxu, 0) X(min, 0) X(minu, 0) X(sext_b, 0) X(sext_h, 0)            \
    X(zext_h, 0) X(rol, 0) X(ror, 0) X(rori, 0) X(rolw, 0) X(rorw, 0) X(roriw, 0) X(orc_b, 0)  \
    X(rev8, 0)                                                                                 \
    X(bclr, 0) X(bclri, 0) X(bext, 0) X(bexti, 0) X(binv, 0) X(binvi, 0) X(bset, 0)            \
    X(bseti, 0)                                                                                \
    X(lb, DPA_COST_LOAD) X(lh, DPA_COST_LOAD) X(lw, DPA_COST_LOAD) X(ld, DPA_COST_LOAD)        \
    X(lbu, DPA_COST_LOAD) X(lhu, DPA_COST_LOAD) X(lwu, DPA_COST_LOAD)                          \
    X(sb, 0) X(sh, 0) X(sw, 0) X(sd, 0)                                                        \
    X(lr_w, DPA_COST_ATOMIC) X(lr_d, DPA_COST_ATOMIC) X(sc_w, DPA_COST_ATOMIC)                 \
    X(sc_d, DPA_COST_ATOMIC)                                                                   \
    X(amoswap_w, DPA_COST_ATOMIC) X(amoadd_w, DPA_COST_ATOMIC) X(amoxor_w, DPA_COST_ATOMIC)    \
    X(amoand_w, DPA_COST_ATOMIC) X(amoor_w, DPA_COST_ATOMIC) X(amomin_w, DPA_COST_ATOMIC)      \
    X(amomax_w, DPA_COST_ATOMIC) X(amominu_w, DPA_COST_ATOMIC) X(amomaxu_w, DPA_COST_ATOMIC)   \
    X(amoswap_d, DPA_COST_ATOMIC) X(amoadd_d, DPA_COST_ATOMIC) X(amoxor_d, DPA_COST_ATOMIC)    \
    X(amoand_d, DPA_COST_ATOMIC) X(amoor_d, DPA_COST_ATOMIC) X(amomin_d, DPA_COST_ATOMIC)      \
    X(amomax_d, DPA_COST_ATOMIC) X(amominu_d, DPA_COST_ATOMIC) X(amomaxu_d, DPA_COST_ATOMIC)   \
    X(rdcycle, 0) X(rdtime, 0) X(rdinstret, 0)

/* Kinds that end a basic block and need their length (fall-through or link). branch_far and
 * jal_far have a target outside the code: their operands keep the byte offset and, for
 * branch_far, the condition (funct3) in rd. */
#define DPA_FLOW_KINDS(X)                                                                      \
    X(beq, 0) X(bne, 0) X(blt, 0) X(bge, 0) X(bltu, 0) X(bgeu, 0) X(jal, 0) X(jalr, 0)         \
    X(branch_far, 0) X(jal_far, 0) X(ecall, 0)

/* Kinds that never continue. */
#define DPA_TERMINAL_KINDS(X) X(ebreak, 0) X(illegal, 0) X(fetch_fault, 0)

enum dpa_kind {
#define DPA_KIND_ENUM(name, cost) DPA_K_##name,
    DPA_SIMPLE_KINDS(DPA_KIND_ENUM) DPA_FLOW_KINDS(DPA_KIND_ENUM)
        DPA_TERMINAL_KINDS(DPA_KIND_ENUM)
#undef DPA_KIND_ENUM
            DPA_KIND_COUNT
};

/*
 * Handler variants. A simple kind has four: length 2 or 4, each either continuing the block
 * or ending it ("split", used when a block reaches DPA_BLOCK_MAX instructions). A flow kind has
 * one per length, a terminal kind one.
 *
 * Instructions that write sp get one more variant per kind (simple kinds, jal, jalr, jal_far),
 * which checks the new sp against the hart's stack before writing it, so that the other
 * instructions pay nothing for the check. It reads the length and the block end from the op
 * instead of having four copies: sp writes are a few per call, not worth the code size.
 */
enum dpa_variant {
#define DPA_VARIANT4(name, cost) DPA_V_##name##_2, DPA_V_##name##_4, DPA_V_##name##_s2, DPA_V_##name##_s4,
#define DPA_VARIANT2(name, cost) DPA_V_##name##_2, DPA_V_##name##_4,
#define DPA_VARIANT1(name, cost) DPA_V_##name,
#define DPA_VARIANT_SP(name, cost) DPA_V_##name##_sp,
    DPA_SIMPLE_KINDS(DPA_VARIANT4) DPA_FLOW_KINDS(DPA_VARIANT2) DPA_TERMINAL_KINDS(DPA_VARIANT1)
        DPA_SIMPLE_KINDS(DPA_VARIANT_SP) DPA_V_jal_sp, DPA_V_jalr_sp, DPA_V_jal_far_sp,
#undef DPA_VARIANT4
#undef DPA_VARIANT2
#undef DPA_VARIANT1
#undef DPA_VARIANT_SP
        DPA_VARIANT_COUNT
};
/* clang-format on */

enum dpa_kind_class {
	DPA_CLASS_SIMPLE,
	DPA_CLASS_FLOW,
	DPA_CLASS_TERMINAL
};

/* One decoded instruction. rd == DPA_REG_DISCARD stands for x0 as a destination. */
struct dpa_insn {
	uint16_t kind;
	uint8_t length; /* 2 or 4 */
	uint8_t rd, rs1, rs2;
	int32_t imm;
};

#define DPA_REG_DISCARD 32
/* Where an sp-writing instruction puts its result for the checking variant to validate. */
#define DPA_REG_SP_SCRATCH 33
#define DPA_REG_SP 2

/* Decodes the instruction whose low halfword is lo; hi is the next halfword and hi_valid says
 * whether it may be fetched. Unknown, reserved and unsupported encodings give DPA_K_illegal. */
void dpa_decode(uint16_t lo, uint16_t hi, int hi_valid, struct dpa_insn *out);

enum dpa_kind_class dpa_kind_class(enum dpa_kind kind);
/* The bytes a load or store kind accesses (lb .. sd); 0 for other kinds. */
unsigned dpa_kind_access_size(enum dpa_kind kind);
unsigned dpa_kind_cost(enum dpa_kind kind);
/* The first variant of a kind (length 2, continuing); the others follow in enum order. */
enum dpa_variant dpa_kind_first_variant(enum dpa_kind kind);
/* The kind a variant belongs to (dpa_kind_first_variant's inverse); checks_sp: it is the
 * stack-checking variant. */
enum dpa_kind dpa_variant_kind(enum dpa_variant variant, bool *checks_sp);
/* The stack-checking variant of an instruction, or DPA_VARIANT_COUNT when it does not write sp
 * (its decoded rd is not sp, or the kind has no destination: branch_far keeps its condition in
 * rd, stores and nop have DPA_REG_DISCARD). */
enum dpa_variant dpa_insn_sp_variant(const struct dpa_insn *insn);

#endif
