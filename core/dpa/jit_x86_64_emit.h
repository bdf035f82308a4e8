/*
 * x86-64 instruction encoders for the translator (jit_x86_64.c): just the forms it emits. Every
 * encoder appends to an emit buffer whose room the caller checked beforehand (a block's worst
 * case), so none of them checks for overflow.
 */
#ifndef OPENFLEXIO_DPA_JIT_X86_64_EMIT_H
#define OPENFLEXIO_DPA_JIT_X86_64_EMIT_H

#include <stdint.h>
#include <string.h>

struct emit {
	uint8_t *p;
};

enum x86_reg {
	RAX,
	RCX,
	RDX,
	RBX,
	RSP,
	RBP,
	RSI,
	RDI,
	R8,
	R9,
	R10,
	R11,
	R12,
	R13,
	R14,
	R15,
	NO_INDEX = -1
};

/* Condition codes (the low nibble of jcc, setcc, cmovcc). */
enum x86_cc {
	CC_B = 0x2,
	CC_AE = 0x3,
	CC_E = 0x4,
	CC_NE = 0x5,
	CC_BE = 0x6,
	CC_A = 0x7,
	CC_S = 0x8,
	CC_L = 0xc,
	CC_GE = 0xd,
	CC_G = 0xf
};

/* The /digit of the group-1 ALU instructions (81 /d, 83 /d) and their r, r/m opcodes. */
enum x86_alu {
	ALU_ADD = 0,
	ALU_OR = 1,
	ALU_AND = 4,
	ALU_SUB = 5,
	ALU_XOR = 6,
	ALU_CMP = 7
};
#define ALU_RM_OPCODE(alu) ((uint8_t)((alu)*8 + 3)) /* op r, r/m */

/* The /digit of the shift group (C1 /d ib, D3 /d). */
enum x86_shift {
	SHIFT_ROL = 0,
	SHIFT_ROR = 1,
	SHIFT_SHL = 4,
	SHIFT_SHR = 5,
	SHIFT_SAR = 7
};

static inline void emit8(struct emit *e, unsigned byte)
{
	*e->p++ = (uint8_t)byte;
}

static inline void emit32(struct emit *e, uint32_t v)
{
	memcpy(e->p, &v, 4);
	e->p += 4;
}

static inline void emit64(struct emit *e, uint64_t v)
{
	memcpy(e->p, &v, 8);
	e->p += 8;
}

static inline void emit_rex(struct emit *e, int w, int reg, int index, int base)
{
	unsigned rex = 0x40 | (unsigned)w << 3 | ((unsigned)reg >> 3 & 1) << 2 |
		       (index == NO_INDEX ? 0 : ((unsigned)index >> 3 & 1) << 1) | ((unsigned)base >> 3 & 1);
	if (rex != 0x40)
		emit8(e, rex);
}

/* Opcodes above 0xff are 0x0f-prefixed two-byte opcodes. */
static inline void emit_opcode(struct emit *e, unsigned opcode)
{
	if (opcode > 0xff)
		emit8(e, opcode >> 8);
	emit8(e, opcode & 0xff);
}

/* ModRM (+ SIB, + displacement) for reg and the memory operand [base + index * scale + disp]. */
static inline void emit_modrm_mem(struct emit *e, int reg, int base, int index, unsigned scale, int32_t disp)
{
	unsigned mod = disp == 0 && (base & 7) != RBP ? 0 : disp >= -128 && disp <= 127 ? 1 : 2;
	if (index == NO_INDEX && (base & 7) != RSP) {
		emit8(e, mod << 6 | ((unsigned)reg & 7) << 3 | ((unsigned)base & 7));
	} else {
		unsigned ss = scale == 8 ? 3 : scale == 4 ? 2 : scale == 2 ? 1 : 0;
		unsigned idx = index == NO_INDEX ? 4 : (unsigned)index & 7;
		emit8(e, mod << 6 | ((unsigned)reg & 7) << 3 | 4);
		emit8(e, ss << 6 | idx << 3 | ((unsigned)base & 7));
	}
	if (mod == 1)
		emit8(e, (uint8_t)disp);
	else if (mod == 2)
		emit32(e, (uint32_t)disp);
}

/* opcode reg, [base + index * scale + disp] (or the reverse direction, by opcode). */
static inline void emit_rm(struct emit *e, int w, unsigned opcode, int reg, int base, int index, unsigned scale,
			   int32_t disp)
{
	emit_rex(e, w, reg, index, base);
	emit_opcode(e, opcode);
	emit_modrm_mem(e, reg, base, index, scale, disp);
}

/* opcode reg, rm (register operands; the direction is the opcode's). */
static inline void emit_rr(struct emit *e, int w, unsigned opcode, int reg, int rm)
{
	emit_rex(e, w, reg, NO_INDEX, rm);
	emit_opcode(e, opcode);
	emit8(e, 0xc0 | ((unsigned)reg & 7) << 3 | ((unsigned)rm & 7));
}

/* mov r64, [base + disp] / mov [base + disp], r64 */
static inline void emit_load64(struct emit *e, int reg, int base, int32_t disp)
{
	emit_rm(e, 1, 0x8b, reg, base, NO_INDEX, 1, disp);
}

static inline void emit_store64(struct emit *e, int reg, int base, int32_t disp)
{
	emit_rm(e, 1, 0x89, reg, base, NO_INDEX, 1, disp);
}

/* mov r32, [base + disp] (zero-extends) / mov [base + disp], r32 */
static inline void emit_load32(struct emit *e, int reg, int base, int32_t disp)
{
	emit_rm(e, 0, 0x8b, reg, base, NO_INDEX, 1, disp);
}

static inline void emit_store32(struct emit *e, int reg, int base, int32_t disp)
{
	emit_rm(e, 0, 0x89, reg, base, NO_INDEX, 1, disp);
}

/* mov qword/dword [base + disp], imm32 (the qword form sign-extends) */
static inline void emit_store_imm(struct emit *e, int w, int base, int32_t disp, int32_t imm)
{
	emit_rm(e, w, 0xc7, 0, base, NO_INDEX, 1, disp);
	emit32(e, (uint32_t)imm);
}

static inline void emit_mov_rr(struct emit *e, int w, int dst, int src)
{
	emit_rr(e, w, 0x89, src, dst);
}

static inline void emit_mov_imm(struct emit *e, int reg, uint64_t imm)
{
	if (imm <= UINT32_MAX) { /* mov r32, imm32 zero-extends */
		emit_rex(e, 0, 0, NO_INDEX, reg);
		emit8(e, 0xb8 + ((unsigned)reg & 7));
		emit32(e, (uint32_t)imm);
	} else if ((int64_t)imm == (int32_t)imm) {
		emit_rr(e, 1, 0xc7, 0, reg);
		emit32(e, (uint32_t)imm);
	} else {
		emit_rex(e, 1, 0, NO_INDEX, reg);
		emit8(e, 0xb8 + ((unsigned)reg & 7));
		emit64(e, imm);
	}
}

/* alu reg, imm32 (sign-extended; the short form for imm8) */
static inline void emit_alu_imm(struct emit *e, int w, enum x86_alu alu, int reg, int32_t imm)
{
	if (imm >= -128 && imm <= 127) {
		emit_rr(e, w, 0x83, (int)alu, reg);
		emit8(e, (uint8_t)imm);
	} else {
		emit_rr(e, w, 0x81, (int)alu, reg);
		emit32(e, (uint32_t)imm);
	}
}

/* alu reg, [base + disp] */
static inline void emit_alu_mem(struct emit *e, int w, enum x86_alu alu, int reg, int base, int32_t disp)
{
	emit_rm(e, w, ALU_RM_OPCODE(alu), reg, base, NO_INDEX, 1, disp);
}

static inline void emit_alu_rr(struct emit *e, int w, enum x86_alu alu, int dst, int src)
{
	emit_rr(e, w, ALU_RM_OPCODE(alu), dst, src);
}

static inline void emit_shift_imm(struct emit *e, int w, enum x86_shift shift, int reg, unsigned amount)
{
	emit_rr(e, w, 0xc1, (int)shift, reg);
	emit8(e, amount);
}

/* shift reg, cl */
static inline void emit_shift_cl(struct emit *e, int w, enum x86_shift shift, int reg)
{
	emit_rr(e, w, 0xd3, (int)shift, reg);
}

/* movsxd r64, r32 */
static inline void emit_sext32(struct emit *e, int dst, int src)
{
	emit_rr(e, 1, 0x63, dst, src);
}

/* setcc r8 (al, cl, dl, bl: no REX needed) */
static inline void emit_setcc(struct emit *e, enum x86_cc cc, int reg)
{
	emit_rr(e, 0, 0x0f90 + cc, 0, reg);
}

static inline void emit_cmov(struct emit *e, enum x86_cc cc, int dst, int src)
{
	emit_rr(e, 1, 0x0f40 + cc, dst, src);
}

/* Jumps with a rel32 to patch: they return where the rel32 is. */
static inline uint8_t *emit_jcc(struct emit *e, enum x86_cc cc)
{
	emit8(e, 0x0f);
	emit8(e, 0x80 + cc);
	uint8_t *at = e->p;
	emit32(e, 0);
	return at;
}

static inline uint8_t *emit_jmp(struct emit *e)
{
	emit8(e, 0xe9);
	uint8_t *at = e->p;
	emit32(e, 0);
	return at;
}

static inline void patch_rel32(uint8_t *at, const void *target)
{
	int32_t rel = (int32_t)((const uint8_t *)target - (at + 4));
	memcpy(at, &rel, 4);
}

static inline void emit_jmp_to(struct emit *e, const void *target)
{
	patch_rel32(emit_jmp(e), target);
}

static inline void emit_jcc_to(struct emit *e, enum x86_cc cc, const void *target)
{
	patch_rel32(emit_jcc(e, cc), target);
}

/* jmp reg / call reg */
static inline void emit_jmp_reg(struct emit *e, int reg)
{
	emit_rr(e, 0, 0xff, 4, reg);
}

static inline void emit_call_reg(struct emit *e, int reg)
{
	emit_rr(e, 0, 0xff, 2, reg);
}

static inline void emit_push(struct emit *e, int reg)
{
	emit_rex(e, 0, 0, NO_INDEX, reg);
	emit8(e, 0x50 + ((unsigned)reg & 7));
}

static inline void emit_pop(struct emit *e, int reg)
{
	emit_rex(e, 0, 0, NO_INDEX, reg);
	emit8(e, 0x58 + ((unsigned)reg & 7));
}

#endif
