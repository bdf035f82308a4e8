#include "decode.h"

#include <stddef.h>

/* Not reformatted: the table is a list of X-macro expansions. */
/* clang-format off */
static const struct {
	uint8_t class_;
	uint8_t cost;
} kind_table[DPA_KIND_COUNT] = {
#define DPA_KIND_SIMPLE(name, c) {DPA_CLASS_SIMPLE, c},
#define DPA_KIND_FLOW(name, c) {DPA_CLASS_FLOW, c},
#define DPA_KIND_TERMINAL(name, c) {DPA_CLASS_TERMINAL, c},
	DPA_SIMPLE_KINDS(DPA_KIND_SIMPLE) DPA_FLOW_KINDS(DPA_KIND_FLOW)
		DPA_TERMINAL_KINDS(DPA_KIND_TERMINAL)
#undef DPA_KIND_SIMPLE
#undef DPA_KIND_FLOW
#undef DPA_KIND_TERMINAL
	/* clang-format on */
};

enum dpa_kind_class dpa_kind_class(enum dpa_kind kind)
{
	return kind < DPA_KIND_COUNT ? (enum dpa_kind_class)kind_table[kind].class_ : DPA_CLASS_TERMINAL;
}

unsigned dpa_kind_cost(enum dpa_kind kind)
{
	return kind < DPA_KIND_COUNT ? kind_table[kind].cost : 0;
}

unsigned dpa_kind_access_size(enum dpa_kind kind)
{
	switch (kind) {
	case DPA_K_lb:
	case DPA_K_lbu:
	case DPA_K_sb:
		return 1;
	case DPA_K_lh:
	case DPA_K_lhu:
	case DPA_K_sh:
		return 2;
	case DPA_K_lw:
	case DPA_K_lwu:
	case DPA_K_sw:
		return 4;
	case DPA_K_ld:
	case DPA_K_sd:
		return 8;
	default:
		return 0;
	}
}

enum dpa_variant dpa_kind_first_variant(enum dpa_kind kind)
{
	if (kind >= DPA_KIND_COUNT)
		return DPA_V_illegal;
	if (kind < DPA_K_beq)
		return (enum dpa_variant)(kind * 4);
	if (kind < DPA_K_ebreak)
		return (enum dpa_variant)(DPA_K_beq * 4 + (kind - DPA_K_beq) * 2);
	return (enum dpa_variant)(DPA_K_beq * 4 + (DPA_K_ebreak - DPA_K_beq) * 2 + (kind - DPA_K_ebreak));
}

enum dpa_kind dpa_variant_kind(enum dpa_variant variant, bool *checks_sp)
{
	*checks_sp = variant >= DPA_V_nop_sp;
	if (variant >= DPA_VARIANT_COUNT)
		return DPA_K_illegal;
	if (variant >= DPA_V_nop_sp) {
		if (variant < DPA_V_jal_sp)
			return (enum dpa_kind)(variant - DPA_V_nop_sp);
		return variant == DPA_V_jal_sp ? DPA_K_jal : variant == DPA_V_jalr_sp ? DPA_K_jalr : DPA_K_jal_far;
	}
	if (variant < DPA_K_beq * 4)
		return (enum dpa_kind)(variant / 4);
	unsigned flow = variant - DPA_K_beq * 4;
	if (flow < (DPA_K_ebreak - DPA_K_beq) * 2)
		return (enum dpa_kind)(DPA_K_beq + flow / 2);
	return (enum dpa_kind)(DPA_K_ebreak + (flow - (DPA_K_ebreak - DPA_K_beq) * 2));
}

enum dpa_variant dpa_insn_sp_variant(const struct dpa_insn *insn)
{
	if (insn->rd != DPA_REG_SP)
		return DPA_VARIANT_COUNT;
	if (dpa_kind_class((enum dpa_kind)insn->kind) == DPA_CLASS_SIMPLE)
		return (enum dpa_variant)(DPA_V_nop_sp + insn->kind);
	switch (insn->kind) {
	case DPA_K_jal:
		return DPA_V_jal_sp;
	case DPA_K_jalr:
		return DPA_V_jalr_sp;
	case DPA_K_jal_far:
		return DPA_V_jal_far_sp;
	default:
		return DPA_VARIANT_COUNT;
	}
}

static uint8_t dest(uint32_t r)
{
	return r == 0 ? DPA_REG_DISCARD : (uint8_t)r;
}

static void set(struct dpa_insn *out, enum dpa_kind kind, uint32_t rd, uint32_t rs1, uint32_t rs2, int32_t imm)
{
	out->kind = (uint16_t)kind;
	out->rd = dest(rd);
	out->rs1 = (uint8_t)rs1;
	out->rs2 = (uint8_t)rs2;
	out->imm = imm;
}

static void illegal(struct dpa_insn *out)
{
	set(out, DPA_K_illegal, 0, 0, 0, 0);
}

static int32_t sign_extend(uint32_t value, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);
	return (int32_t)((value ^ m) - m);
}

static void decode_op_imm(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, struct dpa_insn *out)
{
	int32_t imm = (int32_t)w >> 20;
	uint32_t shamt = (w >> 20) & 63, f6 = w >> 26, f12 = w >> 20;
	switch (f3) {
	case 0:
		if (rs1 == 0)
			set(out, DPA_K_li, rd, 0, 0, imm);
		else if (imm == 0)
			set(out, DPA_K_mv, rd, rs1, 0, 0);
		else
			set(out, DPA_K_addi, rd, rs1, 0, imm);
		return;
	case 2:
		set(out, DPA_K_slti, rd, rs1, 0, imm);
		return;
	case 3:
		set(out, DPA_K_sltiu, rd, rs1, 0, imm);
		return;
	case 4:
		set(out, DPA_K_xori, rd, rs1, 0, imm);
		return;
	case 6:
		set(out, DPA_K_ori, rd, rs1, 0, imm);
		return;
	case 7:
		set(out, DPA_K_andi, rd, rs1, 0, imm);
		return;
	case 1:
		switch (f6) {
		case 0x00:
			set(out, DPA_K_slli, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x0a:
			set(out, DPA_K_bseti, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x12:
			set(out, DPA_K_bclri, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x1a:
			set(out, DPA_K_binvi, rd, rs1, 0, (int32_t)shamt);
			return;
		default:
			break;
		}
		switch (f12) {
		case 0x600:
			set(out, DPA_K_clz, rd, rs1, 0, 0);
			return;
		case 0x601:
			set(out, DPA_K_ctz, rd, rs1, 0, 0);
			return;
		case 0x602:
			set(out, DPA_K_cpop, rd, rs1, 0, 0);
			return;
		case 0x604:
			set(out, DPA_K_sext_b, rd, rs1, 0, 0);
			return;
		case 0x605:
			set(out, DPA_K_sext_h, rd, rs1, 0, 0);
			return;
		default:
			illegal(out);
			return;
		}
	case 5:
		switch (f6) {
		case 0x00:
			set(out, DPA_K_srli, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x10:
			set(out, DPA_K_srai, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x12:
			set(out, DPA_K_bexti, rd, rs1, 0, (int32_t)shamt);
			return;
		case 0x18:
			set(out, DPA_K_rori, rd, rs1, 0, (int32_t)shamt);
			return;
		default:
			break;
		}
		if (f12 == 0x287)
			set(out, DPA_K_orc_b, rd, rs1, 0, 0);
		else if (f12 == 0x6b8)
			set(out, DPA_K_rev8, rd, rs1, 0, 0);
		else
			illegal(out);
		return;
	}
}

static void decode_op_imm32(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, struct dpa_insn *out)
{
	uint32_t f7 = w >> 25, shamt = (w >> 20) & 31, rs2 = (w >> 20) & 31;
	if (f3 == 0) {
		set(out, DPA_K_addiw, rd, rs1, 0, (int32_t)w >> 20);
	} else if (f3 == 1) {
		if (f7 == 0)
			set(out, DPA_K_slliw, rd, rs1, 0, (int32_t)shamt);
		else if ((w >> 26) == 0x02)
			set(out, DPA_K_slli_uw, rd, rs1, 0, (int32_t)((w >> 20) & 63));
		else if (f7 == 0x30 && rs2 == 0)
			set(out, DPA_K_clzw, rd, rs1, 0, 0);
		else if (f7 == 0x30 && rs2 == 1)
			set(out, DPA_K_ctzw, rd, rs1, 0, 0);
		else if (f7 == 0x30 && rs2 == 2)
			set(out, DPA_K_cpopw, rd, rs1, 0, 0);
		else
			illegal(out);
	} else if (f3 == 5) {
		if (f7 == 0)
			set(out, DPA_K_srliw, rd, rs1, 0, (int32_t)shamt);
		else if (f7 == 0x20)
			set(out, DPA_K_sraiw, rd, rs1, 0, (int32_t)shamt);
		else if (f7 == 0x30)
			set(out, DPA_K_roriw, rd, rs1, 0, (int32_t)shamt);
		else
			illegal(out);
	} else {
		illegal(out);
	}
}

static void decode_op(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, uint32_t rs2, struct dpa_insn *out)
{
	static const uint8_t base[8] = { DPA_K_add, DPA_K_sll, DPA_K_slt, DPA_K_sltu,
					 DPA_K_xor, DPA_K_srl, DPA_K_or,  DPA_K_and };
	static const uint8_t muldiv[8] = { DPA_K_mul, DPA_K_mulh, DPA_K_mulhsu, DPA_K_mulhu,
					   DPA_K_div, DPA_K_divu, DPA_K_rem,    DPA_K_remu };
	uint32_t f7 = w >> 25;
	int kind = -1;
	switch (f7) {
	case 0x00:
		kind = base[f3];
		break;
	case 0x01:
		kind = muldiv[f3];
		break;
	case 0x20:
		kind = f3 == 0   ? DPA_K_sub
		       : f3 == 5 ? DPA_K_sra
		       : f3 == 4 ? DPA_K_xnor
		       : f3 == 6 ? DPA_K_orn
		       : f3 == 7 ? DPA_K_andn
				 : -1;
		break;
	case 0x10:
		kind = f3 == 2 ? DPA_K_sh1add : f3 == 4 ? DPA_K_sh2add : f3 == 6 ? DPA_K_sh3add : -1;
		break;
	case 0x05:
		kind = f3 == 4 ? DPA_K_min : f3 == 5 ? DPA_K_minu : f3 == 6 ? DPA_K_max : f3 == 7 ? DPA_K_maxu : -1;
		break;
	case 0x30:
		kind = f3 == 1 ? DPA_K_rol : f3 == 5 ? DPA_K_ror : -1;
		break;
	case 0x24:
		kind = f3 == 1 ? DPA_K_bclr : f3 == 5 ? DPA_K_bext : -1;
		break;
	case 0x14:
		kind = f3 == 1 ? DPA_K_bset : -1;
		break;
	case 0x34:
		kind = f3 == 1 ? DPA_K_binv : -1;
		break;
	default:
		break;
	}
	if (kind < 0)
		illegal(out);
	else
		set(out, (enum dpa_kind)kind, rd, rs1, rs2, 0);
}

static void decode_op32(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, uint32_t rs2, struct dpa_insn *out)
{
	uint32_t f7 = w >> 25;
	int kind = -1;
	switch (f7) {
	case 0x00:
		kind = f3 == 0 ? DPA_K_addw : f3 == 1 ? DPA_K_sllw : f3 == 5 ? DPA_K_srlw : -1;
		break;
	case 0x20:
		kind = f3 == 0 ? DPA_K_subw : f3 == 5 ? DPA_K_sraw : -1;
		break;
	case 0x01:
		kind = f3 == 0   ? DPA_K_mulw
		       : f3 == 4 ? DPA_K_divw
		       : f3 == 5 ? DPA_K_divuw
		       : f3 == 6 ? DPA_K_remw
		       : f3 == 7 ? DPA_K_remuw
				 : -1;
		break;
	case 0x04:
		kind = f3 == 0 ? DPA_K_add_uw : (f3 == 4 && rs2 == 0) ? DPA_K_zext_h : -1;
		break;
	case 0x10:
		kind = f3 == 2 ? DPA_K_sh1add_uw : f3 == 4 ? DPA_K_sh2add_uw : f3 == 6 ? DPA_K_sh3add_uw : -1;
		break;
	case 0x30:
		kind = f3 == 1 ? DPA_K_rolw : f3 == 5 ? DPA_K_rorw : -1;
		break;
	default:
		break;
	}
	if (kind < 0)
		illegal(out);
	else
		set(out, (enum dpa_kind)kind, rd, rs1, rs2, 0);
}

static void decode_amo(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, uint32_t rs2, struct dpa_insn *out)
{
	static const struct {
		uint8_t funct5, word, dword;
	} amo[] = {
		{ 0x01, DPA_K_amoswap_w, DPA_K_amoswap_d }, { 0x00, DPA_K_amoadd_w, DPA_K_amoadd_d },
		{ 0x04, DPA_K_amoxor_w, DPA_K_amoxor_d },   { 0x0c, DPA_K_amoand_w, DPA_K_amoand_d },
		{ 0x08, DPA_K_amoor_w, DPA_K_amoor_d },     { 0x10, DPA_K_amomin_w, DPA_K_amomin_d },
		{ 0x14, DPA_K_amomax_w, DPA_K_amomax_d },   { 0x18, DPA_K_amominu_w, DPA_K_amominu_d },
		{ 0x1c, DPA_K_amomaxu_w, DPA_K_amomaxu_d }, { 0x02, DPA_K_lr_w, DPA_K_lr_d },
		{ 0x03, DPA_K_sc_w, DPA_K_sc_d },
	};
	uint32_t funct5 = w >> 27;
	if (f3 != 2 && f3 != 3) {
		illegal(out);
		return;
	}
	if (funct5 == 0x02 && rs2 != 0) {
		illegal(out);
		return;
	}
	for (size_t i = 0; i < sizeof(amo) / sizeof(amo[0]); i++) {
		if (amo[i].funct5 == funct5) {
			set(out, (enum dpa_kind)(f3 == 2 ? amo[i].word : amo[i].dword), rd, rs1, rs2, 0);
			return;
		}
	}
	illegal(out);
}

/* Only reads of the user counters exist: csrrs/csrrc with rs1 = x0, csrrsi/csrrci with 0. */
static void decode_system(uint32_t w, uint32_t rd, uint32_t f3, uint32_t rs1, struct dpa_insn *out)
{
	if (w == 0x00000073) {
		set(out, DPA_K_ecall, 0, 0, 0, 0);
		return;
	}
	if (w == 0x00100073) {
		set(out, DPA_K_ebreak, 0, 0, 0, 0);
		return;
	}
	if ((f3 == 2 || f3 == 3 || f3 == 6 || f3 == 7) && rs1 == 0) {
		switch (w >> 20) {
		case 0xc00:
			set(out, DPA_K_rdcycle, rd, 0, 0, 0);
			return;
		case 0xc01:
			set(out, DPA_K_rdtime, rd, 0, 0, 0);
			return;
		case 0xc02:
			set(out, DPA_K_rdinstret, rd, 0, 0, 0);
			return;
		default:
			break;
		}
	}
	illegal(out);
}

static void decode32(uint32_t w, struct dpa_insn *out)
{
	uint32_t rd = (w >> 7) & 31, f3 = (w >> 12) & 7, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
	int32_t imm_i = (int32_t)w >> 20;
	int32_t imm_s = (int32_t)(((int32_t)w >> 25) * 32) | (int32_t)rd;
	int32_t imm_b = sign_extend(
		((w >> 31) << 12) | (((w >> 7) & 1) << 11) | (((w >> 25) & 0x3f) << 5) | (((w >> 8) & 0xf) << 1), 13);
	int32_t imm_j = sign_extend(((w >> 31) << 20) | (((w >> 12) & 0xff) << 12) | (((w >> 20) & 1) << 11) |
					    (((w >> 21) & 0x3ff) << 1),
				    21);
	out->length = 4;
	switch (w & 0x7f) {
	case 0x37:
		set(out, DPA_K_li, rd, 0, 0, (int32_t)(w & 0xfffff000u));
		return;
	case 0x17:
		set(out, DPA_K_auipc, rd, 0, 0, (int32_t)(w & 0xfffff000u));
		return;
	case 0x6f:
		set(out, DPA_K_jal, rd, 0, 0, imm_j);
		return;
	case 0x67:
		if (f3 == 0)
			set(out, DPA_K_jalr, rd, rs1, 0, imm_i);
		else
			illegal(out);
		return;
	case 0x63: {
		static const int8_t branch[8] = { DPA_K_beq, DPA_K_bne, -1,         -1,
						  DPA_K_blt, DPA_K_bge, DPA_K_bltu, DPA_K_bgeu };
		if (branch[f3] < 0)
			illegal(out);
		else
			set(out, (enum dpa_kind)branch[f3], 0, rs1, rs2, imm_b);
		return;
	}
	case 0x03: {
		static const int8_t load[8] = { DPA_K_lb,  DPA_K_lh,  DPA_K_lw,  DPA_K_ld,
						DPA_K_lbu, DPA_K_lhu, DPA_K_lwu, -1 };
		if (load[f3] < 0)
			illegal(out);
		else
			set(out, (enum dpa_kind)load[f3], rd, rs1, 0, imm_i);
		return;
	}
	case 0x23: {
		static const int8_t store[8] = { DPA_K_sb, DPA_K_sh, DPA_K_sw, DPA_K_sd, -1, -1, -1, -1 };
		if (store[f3] < 0)
			illegal(out);
		else
			set(out, (enum dpa_kind)store[f3], 0, rs1, rs2, imm_s);
		return;
	}
	case 0x13:
		decode_op_imm(w, rd, f3, rs1, out);
		return;
	case 0x1b:
		decode_op_imm32(w, rd, f3, rs1, out);
		return;
	case 0x33:
		decode_op(w, rd, f3, rs1, rs2, out);
		return;
	case 0x3b:
		decode_op32(w, rd, f3, rs1, rs2, out);
		return;
	case 0x2f:
		decode_amo(w, rd, f3, rs1, rs2, out);
		return;
	case 0x0f:
		/* Code is never writable, so fence.i has nothing to invalidate: both are no-ops. */
		if (f3 == 0 || f3 == 1)
			set(out, DPA_K_nop, 0, 0, 0, 0);
		else
			illegal(out);
		return;
	case 0x73:
		decode_system(w, rd, f3, rs1, out);
		return;
	default:
		illegal(out);
		return;
	}
}

/* Register fields of the 3-bit compressed forms name x8..x15. */
static uint32_t creg(uint32_t field)
{
	return 8 + (field & 7);
}

static void decode_q0(uint32_t h, struct dpa_insn *out)
{
	uint32_t rdp = creg(h >> 2), rs1p = creg(h >> 7);
	uint32_t uimm_w = (((h >> 10) & 7) << 3) | (((h >> 6) & 1) << 2) | (((h >> 5) & 1) << 6);
	uint32_t uimm_d = (((h >> 10) & 7) << 3) | (((h >> 5) & 3) << 6);
	switch (h >> 13) {
	case 0: {
		uint32_t nzuimm =
			(((h >> 11) & 3) << 4) | (((h >> 7) & 15) << 6) | (((h >> 6) & 1) << 2) | (((h >> 5) & 1) << 3);
		if (nzuimm == 0)
			illegal(out);
		else
			set(out, DPA_K_addi, rdp, 2, 0, (int32_t)nzuimm);
		return;
	}
	case 2:
		set(out, DPA_K_lw, rdp, rs1p, 0, (int32_t)uimm_w);
		return;
	case 3:
		set(out, DPA_K_ld, rdp, rs1p, 0, (int32_t)uimm_d);
		return;
	case 6:
		set(out, DPA_K_sw, 0, rs1p, rdp, (int32_t)uimm_w);
		return;
	case 7:
		set(out, DPA_K_sd, 0, rs1p, rdp, (int32_t)uimm_d);
		return;
	default:
		illegal(out);
		return; /* c.fld, c.fsd and the reserved slot */
	}
}

static void decode_q1_arith(uint32_t h, struct dpa_insn *out)
{
	uint32_t rd = creg(h >> 7), rs2 = creg(h >> 2);
	uint32_t shamt = (((h >> 12) & 1) << 5) | ((h >> 2) & 31);
	switch ((h >> 10) & 3) {
	case 0:
		set(out, DPA_K_srli, rd, rd, 0, (int32_t)shamt);
		return;
	case 1:
		set(out, DPA_K_srai, rd, rd, 0, (int32_t)shamt);
		return;
	case 2:
		set(out, DPA_K_andi, rd, rd, 0, sign_extend(shamt, 6));
		return;
	default:
		break;
	}
	static const int8_t ops[8] = { DPA_K_sub, DPA_K_xor, DPA_K_or, DPA_K_and, DPA_K_subw, DPA_K_addw, -1, -1 };
	int kind = ops[(((h >> 12) & 1) << 2) | ((h >> 5) & 3)];
	if (kind < 0)
		illegal(out);
	else
		set(out, (enum dpa_kind)kind, rd, rd, rs2, 0);
}

static void decode_q1(uint32_t h, struct dpa_insn *out)
{
	uint32_t rd = (h >> 7) & 31;
	int32_t imm6 = sign_extend((((h >> 12) & 1) << 5) | ((h >> 2) & 31), 6);
	int32_t jimm = sign_extend((((h >> 12) & 1) << 11) | (((h >> 11) & 1) << 4) | (((h >> 9) & 3) << 8) |
					   (((h >> 8) & 1) << 10) | (((h >> 7) & 1) << 6) | (((h >> 6) & 1) << 7) |
					   (((h >> 3) & 7) << 1) | (((h >> 2) & 1) << 5),
				   12);
	int32_t bimm = sign_extend((((h >> 12) & 1) << 8) | (((h >> 10) & 3) << 3) | (((h >> 5) & 3) << 6) |
					   (((h >> 3) & 3) << 1) | (((h >> 2) & 1) << 5),
				   9);
	switch (h >> 13) {
	case 0:
		set(out, rd == 0 ? DPA_K_nop : DPA_K_addi, rd, rd, 0, imm6);
		return;
	case 1:
		if (rd == 0)
			illegal(out);
		else
			set(out, DPA_K_addiw, rd, rd, 0, imm6);
		return;
	case 2:
		set(out, DPA_K_li, rd, 0, 0, imm6);
		return;
	case 3:
		if (rd == 2) {
			int32_t nzimm =
				sign_extend((((h >> 12) & 1) << 9) | (((h >> 6) & 1) << 4) | (((h >> 5) & 1) << 6) |
						    (((h >> 3) & 3) << 7) | (((h >> 2) & 1) << 5),
					    10);
			if (nzimm == 0)
				illegal(out);
			else
				set(out, DPA_K_addi, 2, 2, 0, nzimm);
		} else if (imm6 == 0) {
			illegal(out);
		} else {
			set(out, DPA_K_li, rd, 0, 0, (int32_t)((uint32_t)imm6 << 12));
		}
		return;
	case 4:
		decode_q1_arith(h, out);
		return;
	case 5:
		set(out, DPA_K_jal, 0, 0, 0, jimm);
		return;
	case 6:
		set(out, DPA_K_beq, 0, creg(h >> 7), 0, bimm);
		return;
	default:
		set(out, DPA_K_bne, 0, creg(h >> 7), 0, bimm);
		return;
	}
}

static void decode_q2(uint32_t h, struct dpa_insn *out)
{
	uint32_t rd = (h >> 7) & 31, rs2 = (h >> 2) & 31, bit12 = (h >> 12) & 1;
	switch (h >> 13) {
	case 0:
		set(out, DPA_K_slli, rd, rd, 0, (int32_t)((bit12 << 5) | rs2));
		return;
	case 2:
		if (rd == 0)
			illegal(out);
		else
			set(out, DPA_K_lw, rd, 2, 0,
			    (int32_t)((bit12 << 5) | (((h >> 4) & 7) << 2) | (((h >> 2) & 3) << 6)));
		return;
	case 3:
		if (rd == 0)
			illegal(out);
		else
			set(out, DPA_K_ld, rd, 2, 0,
			    (int32_t)((bit12 << 5) | (((h >> 5) & 3) << 3) | (((h >> 2) & 7) << 6)));
		return;
	case 4:
		if (!bit12) {
			if (rs2 == 0 && rd == 0)
				illegal(out);
			else if (rs2 == 0)
				set(out, DPA_K_jalr, 0, rd, 0, 0);
			else
				set(out, DPA_K_mv, rd, rs2, 0, 0);
		} else {
			if (rs2 == 0 && rd == 0)
				set(out, DPA_K_ebreak, 0, 0, 0, 0);
			else if (rs2 == 0)
				set(out, DPA_K_jalr, 1, rd, 0, 0);
			else
				set(out, DPA_K_add, rd, rd, rs2, 0);
		}
		return;
	case 6:
		set(out, DPA_K_sw, 0, 2, rs2, (int32_t)((((h >> 9) & 15) << 2) | (((h >> 7) & 3) << 6)));
		return;
	case 7:
		set(out, DPA_K_sd, 0, 2, rs2, (int32_t)((((h >> 10) & 7) << 3) | (((h >> 7) & 7) << 6)));
		return;
	default:
		illegal(out);
		return; /* c.fldsp, c.fsdsp */
	}
}

void dpa_decode(uint16_t lo, uint16_t hi, int hi_valid, struct dpa_insn *out)
{
	if (out == NULL)
		return;
	if ((lo & 3) != 3) {
		out->length = 2;
		switch (lo & 3) {
		case 0:
			decode_q0(lo, out);
			break;
		case 1:
			decode_q1(lo, out);
			break;
		default:
			decode_q2(lo, out);
			break;
		}
		return;
	}
	if (!hi_valid) {
		set(out, DPA_K_fetch_fault, 0, 0, 0, 0);
		out->length = 4;
		return;
	}
	if ((lo & 0x1c) == 0x1c) { /* 48-bit and longer encodings */
		illegal(out);
		out->length = 4;
		return;
	}
	decode32((uint32_t)lo | ((uint32_t)hi << 16), out);
}
