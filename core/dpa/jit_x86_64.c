/*
 * The translator's x86-64 backend: one basic block of pre-decoded ops becomes one run of host
 * code with the interpreter's semantics (exec_loop.inc), instruction by instruction.
 *
 * Registers while generated code runs (all callee-saved, so helpers keep them):
 *   rbx  the hart (its regs[] come first): guest register n is [rbx + 8n]
 *   rbp  the page permissions of DPA memory, r14 the host address of DPA memory
 *   r12  budget left, r13 cycles: the interpreter's locals
 *   r15  the dpa_jit_run
 * rax, rcx, rdx, rsi, rdi are scratch. rsp stays 16-byte aligned, so helpers are plain calls.
 *
 * A block charges its instructions and static cycles on entry, as the interpreter does (its
 * first op's counts); a block that does not fit leaves to the run loop before anything. Memory
 * accesses inline the interpreter's fast path (bounds, natural alignment, one permission byte);
 * everything else goes out of line to a helper. Jumps to blocks already translated are direct;
 * others go through the per-op table of entries, leaving to the run loop when the target has no
 * translation yet.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "exec_ops.h"
#include "jit.h"
#include "jit_x86_64_emit.h"

#define REG_HART RBX
#define REG_PERMS RBP
#define REG_LEFT R12
#define REG_CYCLES R13
#define REG_RAM R14
#define REG_RUN R15

_Static_assert(offsetof(struct dpa_hart, regs) == 0, "generated code addresses guest registers from the hart");

#define GUEST(n) ((int32_t)((n) * sizeof(uint64_t)))
#define HART_FIELD(f) ((int32_t)offsetof(struct dpa_hart, f))
#define RUN_FIELD(f) ((int32_t)offsetof(struct dpa_jit_run, f))

/* The most host code one instruction becomes, stubs included (checked per block). */
#define INSN_CODE_MAX 320
#define BLOCK_CODE_EXTRA 256

/*
 * A block keeps guest registers it has read or written in r8-r11, so that dependent instructions
 * neither go through memory nor wait for a store to reach a load. Writes stay in the slot (dirty)
 * until the block leaves its code: before a jump to another block, a helper call (which reads the
 * hart; the slots are caller-saved, so they are empty after it), and in every stub that leaves or
 * calls, which writes back what was dirty where it was taken. The hart is exact wherever anyone
 * else can look at it.
 */
#define CACHE_SLOTS 4
static const int cache_regs[CACHE_SLOTS] = { R8, R9, R10, R11 };

/* An out-of-line path of one instruction, emitted after the block: its jumps, where it goes
 * back to. */
enum stub_kind {
	STUB_LOAD,
	STUB_STORE,
	STUB_FAULT_RAX, /* a fault whose address is in rax */
	STUB_BUDGET,
	STUB_ENTER, /* leave for the run loop to translate the op */
};

struct stub {
	enum stub_kind kind;
	uint32_t index;
	uint32_t cause, access; /* STUB_FAULT_RAX */
	uint8_t *jumps[3];
	unsigned njumps;
	const uint8_t *resume;
	int8_t cache[CACHE_SLOTS]; /* the register cache at resume, which the stub reloads */
	int8_t dirty[CACHE_SLOTS]; /* the guest registers dirty where it is taken, by slot, or -1 */
};

struct block {
	struct emit e;
	const struct dpa_jit_arena *arena;
	const struct dpa_image *image;
	void *_Atomic const *entries;
	uint32_t entry;
	const uint8_t *start;
	struct stub *stubs;
	unsigned nstubs;
	/* Guest registers held in host registers (write-through: the hart always has them too), by
	 * slot: the guest register or -1, and when it was last used (0: empty). */
	int8_t cache[CACHE_SLOTS];
	bool dirty[CACHE_SLOTS];
	unsigned age[CACHE_SLOTS], clock;
};

static struct stub *add_stub(struct block *b, enum stub_kind kind, uint32_t index)
{
	struct stub *s = &b->stubs[b->nstubs++];
	*s = (struct stub){ .kind = kind, .index = index };
	return s;
}

/* A jump to the stub; every jump to one stub is taken with the same cache. */
static void stub_jump(const struct block *b, struct stub *s, uint8_t *at)
{
	if (s->njumps == 0)
		for (int slot = 0; slot < CACHE_SLOTS; slot++)
			s->dirty[slot] = b->dirty[slot] ? b->cache[slot] : -1;
	s->jumps[s->njumps++] = at;
}

/* The host register that holds guest register n: its cache slot, loaded on a miss into the slot
 * used least recently (never the one the previous call returned). */
static int cached(struct block *b, unsigned n)
{
	int victim = 0;
	for (int slot = 0; slot < CACHE_SLOTS; slot++) {
		if (b->cache[slot] == (int)n) {
			b->age[slot] = ++b->clock;
			return cache_regs[slot];
		}
		if (b->age[slot] < b->age[victim])
			victim = slot;
	}
	if (b->dirty[victim])
		emit_store64(&b->e, cache_regs[victim], REG_HART, GUEST(b->cache[victim]));
	emit_load64(&b->e, cache_regs[victim], REG_HART, GUEST(n));
	b->cache[victim] = (int8_t)n;
	b->dirty[victim] = false;
	b->age[victim] = ++b->clock;
	return cache_regs[victim];
}

/* Guest register n = host register src (not a cache register), in its slot until written back.
 * x0's writes have no effect. */
static void define(struct block *b, unsigned n, int src)
{
	if (n == DPA_REG_DISCARD)
		return;
	int slot = -1, victim = 0;
	for (int i = 0; i < CACHE_SLOTS; i++) {
		if (b->cache[i] == (int)n)
			slot = i;
		if (b->age[i] < b->age[victim])
			victim = i;
	}
	if (slot < 0) {
		slot = victim;
		if (b->dirty[slot])
			emit_store64(&b->e, cache_regs[slot], REG_HART, GUEST(b->cache[slot]));
	}
	emit_mov_rr(&b->e, 1, cache_regs[slot], src);
	b->cache[slot] = (int8_t)n;
	b->dirty[slot] = true;
	b->age[slot] = ++b->clock;
}

/* Writes the dirty slots back to the hart (they stay cached, now clean). */
static void write_back(struct block *b)
{
	for (int slot = 0; slot < CACHE_SLOTS; slot++) {
		if (b->dirty[slot]) {
			emit_store64(&b->e, cache_regs[slot], REG_HART, GUEST(b->cache[slot]));
			b->dirty[slot] = false;
		}
	}
}

/* A stub's write-back of what was dirty where it was taken. */
static void write_back_stub(struct emit *e, const struct stub *s)
{
	for (int slot = 0; slot < CACHE_SLOTS; slot++)
		if (s->dirty[slot] >= 0)
			emit_store64(e, cache_regs[slot], REG_HART, GUEST(s->dirty[slot]));
}

/* After a call: the cache registers are the callee's. */
static void forget_all(struct block *b)
{
	for (int slot = 0; slot < CACHE_SLOTS; slot++) {
		b->cache[slot] = -1;
		b->dirty[slot] = false;
		b->age[slot] = 0;
	}
}

/* rd = rax */
static void emit_set_rd(struct block *b, const struct dpa_op *op)
{
	define(b, op->rd, RAX);
}

static void emit_get(struct block *b, int reg, unsigned guest)
{
	emit_mov_rr(&b->e, 1, reg, cached(b, guest));
}

/* the low 32 bits, zero-extended */
static void emit_get32(struct block *b, int reg, unsigned guest)
{
	emit_mov_rr(&b->e, 0, reg, cached(b, guest));
}

static uint64_t pc_of(const struct block *b, uint32_t index)
{
	return b->image->code_base + (uint64_t)index * 2;
}

static void emit_call(struct emit *e, const void *fn)
{
	emit_mov_imm(e, RAX, (uint64_t)(uintptr_t)fn);
	emit_call_reg(e, RAX);
}

/* Leaves the run with reason (and op index); the exit routine saves left and cycles. */
static void emit_exit(struct block *b, enum dpa_jit_exit reason, uint32_t index)
{
	emit_store_imm(&b->e, 0, REG_RUN, RUN_FIELD(exit_op), (int32_t)index);
	emit_store_imm(&b->e, 0, REG_RUN, RUN_FIELD(exit_reason), (int32_t)reason);
	emit_jmp_to(&b->e, b->arena->exit);
}

/* A fault of instruction index with the address in rax, inline. */
static void emit_fault_rax(struct block *b, uint32_t index, enum dpa_fault_cause cause, enum dpa_access access)
{
	emit_store64(&b->e, RAX, REG_RUN, RUN_FIELD(exit_value));
	emit_store_imm(&b->e, 0, REG_RUN, RUN_FIELD(fault_cause), (int32_t)cause);
	emit_store_imm(&b->e, 0, REG_RUN, RUN_FIELD(fault_access), (int32_t)access);
	emit_exit(b, DPA_JIT_EXIT_FAULT, index);
}

static void emit_fault_at(struct block *b, uint32_t index, enum dpa_fault_cause cause, enum dpa_access access,
			  uint64_t address)
{
	write_back(b);
	emit_mov_imm(&b->e, RAX, address);
	emit_fault_rax(b, index, cause, access);
}

/* Continues at the block that starts at op target: directly when it has code, else through the
 * entries table, else back to the run loop. */
static void emit_goto_block(struct block *b, uint32_t target)
{
	struct emit *e = &b->e;
	write_back(b);
	if (target == b->entry) {
		emit_jmp_to(e, b->start);
		return;
	}
	void *code = atomic_load_explicit(&b->entries[target], memory_order_acquire);
	if (code != NULL) {
		emit_jmp_to(e, code);
		return;
	}
	emit_load64(e, RAX, REG_RUN, RUN_FIELD(entries));
	emit_load64(e, RAX, RAX, (int32_t)(target * sizeof(void *)));
	emit_rr(e, 1, 0x85, RAX, RAX); /* test rax, rax */
	stub_jump(b, add_stub(b, STUB_ENTER, target), emit_jcc(e, CC_E));
	emit_jmp_reg(e, RAX);
}

/* Continues at the address in rax (a jump's target, cycles charged): a block of the code, or
 * outside it (the run loop decides between return and fetch fault). */
static void emit_goto_dynamic(struct block *b, uint32_t index)
{
	struct emit *e = &b->e;
	write_back(b);
	emit_mov_rr(e, 1, RCX, RAX);
	emit_alu_mem(e, 1, ALU_SUB, RCX, REG_RUN, RUN_FIELD(code_base));
	emit_alu_mem(e, 1, ALU_CMP, RCX, REG_RUN, RUN_FIELD(code_span));
	uint8_t *outside = emit_jcc(e, CC_AE);
	/* rcx: the even byte offset, so the entry is at entries + rcx * 4 */
	emit_load64(e, RDX, REG_RUN, RUN_FIELD(entries));
	emit_rm(e, 1, 0x8b, RDX, RDX, RCX, 4, 0);
	emit_rr(e, 1, 0x85, RDX, RDX);
	uint8_t *untranslated = emit_jcc(e, CC_E);
	emit_jmp_reg(e, RDX);
	patch_rel32(outside, e->p);
	emit_store64(e, RAX, REG_RUN, RUN_FIELD(exit_value));
	emit_exit(b, DPA_JIT_EXIT_OUTSIDE, index);
	patch_rel32(untranslated, e->p);
	emit_shift_imm(e, 1, SHIFT_SHR, RCX, 1);
	emit_store32(e, RCX, REG_RUN, RUN_FIELD(exit_op));
	emit_store_imm(e, 0, REG_RUN, RUN_FIELD(exit_reason), DPA_JIT_EXIT_ENTER);
	emit_jmp_to(e, b->arena->exit);
}

/* rax = rs1 op rs2 (64-bit) */
static void emit_binary(struct block *b, const struct dpa_op *op, enum x86_alu alu)
{
	emit_get(b, RAX, op->rs1);
	emit_alu_rr(&b->e, 1, alu, RAX, cached(b, op->rs2));
}

/* rd = (rs1 cmp rs2 or imm) ? 1 : 0 */
static void emit_set_if(struct block *b, const struct dpa_op *op, enum x86_cc cc, bool immediate)
{
	struct emit *e = &b->e;
	int rs1 = cached(b, op->rs1);
	int rs2 = immediate ? RAX : cached(b, op->rs2);
	emit_alu_rr(e, 0, ALU_XOR, RAX, RAX);
	if (immediate)
		emit_alu_imm(e, 1, ALU_CMP, rs1, op->imm);
	else
		emit_alu_rr(e, 1, ALU_CMP, rs1, rs2);
	emit_setcc(e, cc, RAX);
}

static uint64_t helper_mulhsu(uint64_t a, uint64_t b)
{
	return mul_high_su(a, b);
}
static uint64_t helper_div(uint64_t a, uint64_t b)
{
	return div_s64(a, b);
}
static uint64_t helper_divu(uint64_t a, uint64_t b)
{
	return b ? a / b : UINT64_MAX;
}
static uint64_t helper_rem(uint64_t a, uint64_t b)
{
	return rem_s64(a, b);
}
static uint64_t helper_remu(uint64_t a, uint64_t b)
{
	return b ? a % b : a;
}
static uint64_t helper_divw(uint64_t a, uint64_t b)
{
	return div_s32(a, b);
}
static uint64_t helper_divuw(uint64_t a, uint64_t b)
{
	return (uint32_t)b ? (uint64_t)(int64_t)(int32_t)((uint32_t)a / (uint32_t)b) : UINT64_MAX;
}
static uint64_t helper_remw(uint64_t a, uint64_t b)
{
	return rem_s32(a, b);
}
static uint64_t helper_remuw(uint64_t a, uint64_t b)
{
	return (uint32_t)b ? (uint64_t)(int64_t)(int32_t)((uint32_t)a % (uint32_t)b) : (uint64_t)(int64_t)(int32_t)a;
}
static uint64_t helper_clz(uint64_t a, uint64_t b)
{
	(void)b;
	return a ? (uint64_t)__builtin_clzll(a) : 64;
}
static uint64_t helper_ctz(uint64_t a, uint64_t b)
{
	(void)b;
	return a ? (uint64_t)__builtin_ctzll(a) : 64;
}
static uint64_t helper_cpop(uint64_t a, uint64_t b)
{
	(void)b;
	return (uint64_t)__builtin_popcountll(a);
}
static uint64_t helper_clzw(uint64_t a, uint64_t b)
{
	(void)b;
	return (uint32_t)a ? (uint64_t)__builtin_clz((uint32_t)a) : 32;
}
static uint64_t helper_ctzw(uint64_t a, uint64_t b)
{
	(void)b;
	return (uint32_t)a ? (uint64_t)__builtin_ctz((uint32_t)a) : 32;
}
static uint64_t helper_cpopw(uint64_t a, uint64_t b)
{
	(void)b;
	return (uint64_t)__builtin_popcount((uint32_t)a);
}
static uint64_t helper_orc_b(uint64_t a, uint64_t b)
{
	(void)b;
	return or_combine_bytes(a);
}
static uint64_t helper_cycles_to_ns(uint64_t a, uint64_t b)
{
	(void)b;
	return dpa_cycles_to_ns(a);
}

/* rd = fn(rs1, rs2) through a C helper */
static void emit_helper2(struct block *b, const struct dpa_op *op, uint64_t (*fn)(uint64_t, uint64_t))
{
	emit_get(b, RDI, op->rs1);
	emit_get(b, RSI, op->rs2);
	write_back(b);
	emit_call(&b->e, (const void *)fn);
	forget_all(b);
	emit_set_rd(b, op);
}

/* Where a slow path goes back to, with the cache as it is there. */
static void set_resume(struct block *b, struct stub *slow)
{
	slow->resume = b->e.p;
	memcpy(slow->cache, b->cache, sizeof(slow->cache));
}

/* rax = rs1 + imm; rcx = rax - ram_base; leaves to the stub unless the access is the
 * interpreter's fast path: inside DPA memory, aligned, page permission need. */
static void emit_fast_address(struct block *b, const struct dpa_op *op, unsigned size, unsigned need, struct stub *slow)
{
	struct emit *e = &b->e;
	emit_get(b, RAX, op->rs1);
	if (op->imm != 0)
		emit_alu_imm(e, 1, ALU_ADD, RAX, op->imm);
	/* DPA memory starts at the image's lowest address in every process (dpa_jit_exec checks) */
	int64_t low = -(int64_t)b->image->low;
	if (low == (int32_t)low) {
		emit_rm(e, 1, 0x8d, RCX, RAX, NO_INDEX, 1, (int32_t)low); /* lea rcx, [rax - low] */
	} else {
		emit_mov_rr(e, 1, RCX, RAX);
		emit_alu_mem(e, 1, ALU_SUB, RCX, REG_RUN, RUN_FIELD(ram_base));
	}
	emit_alu_mem(e, 1, ALU_CMP, RCX, REG_RUN, RUN_FIELD(ram_size));
	stub_jump(b, slow, emit_jcc(e, CC_AE));
	if (size > 1) {
		emit8(e, 0xa8); /* test al, size - 1 */
		emit8(e, size - 1);
		stub_jump(b, slow, emit_jcc(e, CC_NE));
	}
	emit_mov_rr(e, 1, RDX, RCX);
	emit_shift_imm(e, 1, SHIFT_SHR, RDX, DPA_PAGE_SHIFT);
	emit_rm(e, 0, 0xf6, 0, REG_PERMS, RDX, 1, 0); /* test byte [perms + page], need */
	emit8(e, need);
	stub_jump(b, slow, emit_jcc(e, CC_E));
}

static void emit_load(struct block *b, uint32_t index, const struct dpa_op *op, enum dpa_kind kind)
{
	struct emit *e = &b->e;
	unsigned size = dpa_kind_access_size(kind);
	struct stub *slow = add_stub(b, STUB_LOAD, index);
	emit_fast_address(b, op, size, DPA_PERM_R, slow);
	unsigned opcode;
	int w = 1;
	switch (kind) {
	case DPA_K_lb:
		opcode = 0x0fbe;
		break;
	case DPA_K_lbu:
		opcode = 0x0fb6;
		w = 0;
		break;
	case DPA_K_lh:
		opcode = 0x0fbf;
		break;
	case DPA_K_lhu:
		opcode = 0x0fb7;
		w = 0;
		break;
	case DPA_K_lw:
		opcode = 0x63;
		break;
	case DPA_K_lwu:
		opcode = 0x8b;
		w = 0;
		break;
	default:
		opcode = 0x8b;
		break;
	}
	emit_rm(e, w, opcode, RAX, REG_RAM, RCX, 1, 0);
	emit_set_rd(b, op);
	set_resume(b, slow);
}

static void emit_store(struct block *b, uint32_t index, const struct dpa_op *op, enum dpa_kind kind)
{
	struct emit *e = &b->e;
	unsigned size = dpa_kind_access_size(kind);
	struct stub *slow = add_stub(b, STUB_STORE, index);
	emit_fast_address(b, op, size, DPA_PERM_W, slow);
	emit_get(b, RSI, op->rs2);
	switch (size) {
	case 1:
		/* sil needs a REX prefix: r14 as the base brings one */
		emit_rm(e, 0, 0x88, RSI, REG_RAM, RCX, 1, 0);
		break;
	case 2:
		emit8(e, 0x66);
		emit_rm(e, 0, 0x89, RSI, REG_RAM, RCX, 1, 0);
		break;
	case 4:
		emit_rm(e, 0, 0x89, RSI, REG_RAM, RCX, 1, 0);
		break;
	default:
		emit_rm(e, 1, 0x89, RSI, REG_RAM, RCX, 1, 0);
		break;
	}
	set_resume(b, slow);
}

/* The stack check of an sp-writing instruction: its result, in the scratch slot, becomes sp only
 * inside the activation's range. */
static void emit_set_sp(struct block *b, uint32_t index)
{
	struct emit *e = &b->e;
	emit_get(b, RAX, DPA_REG_SP_SCRATCH);
	emit_mov_rr(e, 1, RCX, RAX);
	emit_alu_mem(e, 1, ALU_SUB, RCX, REG_HART, HART_FIELD(sp_low));
	emit_alu_mem(e, 1, ALU_CMP, RCX, REG_HART, HART_FIELD(sp_span));
	struct stub *s = add_stub(b, STUB_FAULT_RAX, index);
	s->cause = DPA_FAULT_STACK_OVERFLOW;
	s->access = DPA_ACCESS_NONE;
	stub_jump(b, s, emit_jcc(e, CC_A));
	define(b, DPA_REG_SP, RAX);
}

/* Calls helper(run, index), after saving left and cycles for it; leaves when it says so. */
static void emit_helper_call(struct block *b, uint32_t index, const void *helper)
{
	struct emit *e = &b->e;
	write_back(b);
	emit_store64(e, REG_LEFT, REG_RUN, RUN_FIELD(left));
	emit_store64(e, REG_CYCLES, REG_RUN, RUN_FIELD(cycles));
	emit_mov_rr(e, 1, RDI, REG_RUN);
	emit_mov_imm(e, RSI, index);
	emit_call(e, helper);
	forget_all(b);
	emit_rr(e, 0, 0x85, RAX, RAX); /* test eax, eax */
	emit_jcc_to(e, CC_NE, b->arena->exit);
}

/* The simple kinds (fall through). Returns false for a kind it does not know. */
static bool emit_simple(struct block *b, uint32_t index, const struct dpa_op *op, enum dpa_kind kind)
{
	struct emit *e = &b->e;
	bool discard = op->rd == DPA_REG_DISCARD;
	switch (kind) {
	case DPA_K_lb:
	case DPA_K_lh:
	case DPA_K_lw:
	case DPA_K_ld:
	case DPA_K_lbu:
	case DPA_K_lhu:
	case DPA_K_lwu:
		emit_load(b, index, op, kind);
		return true;
	case DPA_K_sb:
	case DPA_K_sh:
	case DPA_K_sw:
	case DPA_K_sd:
		emit_store(b, index, op, kind);
		return true;
	case DPA_K_lr_w:
	case DPA_K_lr_d:
	case DPA_K_sc_w:
	case DPA_K_sc_d:
	case DPA_K_amoswap_w:
	case DPA_K_amoadd_w:
	case DPA_K_amoxor_w:
	case DPA_K_amoand_w:
	case DPA_K_amoor_w:
	case DPA_K_amomin_w:
	case DPA_K_amomax_w:
	case DPA_K_amominu_w:
	case DPA_K_amomaxu_w:
	case DPA_K_amoswap_d:
	case DPA_K_amoadd_d:
	case DPA_K_amoxor_d:
	case DPA_K_amoand_d:
	case DPA_K_amoor_d:
	case DPA_K_amomin_d:
	case DPA_K_amomax_d:
	case DPA_K_amominu_d:
	case DPA_K_amomaxu_d:
		emit_helper_call(b, index, (const void *)dpa_jit_atomic);
		return true;
	default:
		break;
	}
	if (discard)
		return kind < DPA_K_beq; /* nothing else has an effect without a destination */
	switch (kind) {
	case DPA_K_nop:
		break;
	case DPA_K_li:
		emit_mov_imm(e, RAX, (uint64_t)(int64_t)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_mv:
		emit_get(b, RAX, op->rs1);
		emit_set_rd(b, op);
		break;
	case DPA_K_auipc:
		emit_mov_imm(e, RAX, pc_of(b, index) + (uint64_t)(int64_t)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_addi:
	case DPA_K_xori:
	case DPA_K_ori:
	case DPA_K_andi: {
		static const enum x86_alu alu[] = { [DPA_K_addi - DPA_K_addi] = ALU_ADD,
						    [DPA_K_xori - DPA_K_addi] = ALU_XOR,
						    [DPA_K_ori - DPA_K_addi] = ALU_OR,
						    [DPA_K_andi - DPA_K_addi] = ALU_AND };
		emit_get(b, RAX, op->rs1);
		emit_alu_imm(e, 1, alu[kind - DPA_K_addi], RAX, op->imm);
		emit_set_rd(b, op);
		break;
	}
	case DPA_K_slti:
		emit_set_if(b, op, CC_L, true);
		emit_set_rd(b, op);
		break;
	case DPA_K_sltiu:
		emit_set_if(b, op, CC_B, true);
		emit_set_rd(b, op);
		break;
	case DPA_K_slli:
	case DPA_K_srli:
	case DPA_K_srai:
		emit_get(b, RAX, op->rs1);
		emit_shift_imm(e, 1,
			       kind == DPA_K_slli   ? SHIFT_SHL
			       : kind == DPA_K_srli ? SHIFT_SHR
						    : SHIFT_SAR,
			       RAX, (unsigned)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_addiw:
		emit_get32(b, RAX, op->rs1);
		emit_alu_imm(e, 0, ALU_ADD, RAX, op->imm);
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_slliw:
	case DPA_K_srliw:
	case DPA_K_sraiw:
		emit_get32(b, RAX, op->rs1);
		emit_shift_imm(e, 0,
			       kind == DPA_K_slliw   ? SHIFT_SHL
			       : kind == DPA_K_srliw ? SHIFT_SHR
						     : SHIFT_SAR,
			       RAX, (unsigned)op->imm);
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_add:
		emit_binary(b, op, ALU_ADD);
		emit_set_rd(b, op);
		break;
	case DPA_K_sub:
		emit_binary(b, op, ALU_SUB);
		emit_set_rd(b, op);
		break;
	case DPA_K_xor:
		emit_binary(b, op, ALU_XOR);
		emit_set_rd(b, op);
		break;
	case DPA_K_or:
		emit_binary(b, op, ALU_OR);
		emit_set_rd(b, op);
		break;
	case DPA_K_and:
		emit_binary(b, op, ALU_AND);
		emit_set_rd(b, op);
		break;
	case DPA_K_slt:
		emit_set_if(b, op, CC_L, false);
		emit_set_rd(b, op);
		break;
	case DPA_K_sltu:
		emit_set_if(b, op, CC_B, false);
		emit_set_rd(b, op);
		break;
	case DPA_K_sll:
	case DPA_K_srl:
	case DPA_K_sra:
	case DPA_K_rol:
	case DPA_K_ror:
		/* x86 masks a 64-bit shift or rotate count to 6 bits, as RISC-V does */
		emit_get(b, RCX, op->rs2);
		emit_get(b, RAX, op->rs1);
		emit_shift_cl(e, 1,
			      kind == DPA_K_sll   ? SHIFT_SHL
			      : kind == DPA_K_srl ? SHIFT_SHR
			      : kind == DPA_K_sra ? SHIFT_SAR
			      : kind == DPA_K_rol ? SHIFT_ROL
						  : SHIFT_ROR,
			      RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_addw:
	case DPA_K_subw:
		emit_get32(b, RAX, op->rs1);
		emit_alu_rr(e, 0, kind == DPA_K_addw ? ALU_ADD : ALU_SUB, RAX, cached(b, op->rs2));
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_sllw:
	case DPA_K_srlw:
	case DPA_K_sraw:
	case DPA_K_rolw:
	case DPA_K_rorw:
		/* and a 32-bit one to 5 bits */
		emit_get(b, RCX, op->rs2);
		emit_get32(b, RAX, op->rs1);
		emit_shift_cl(e, 0,
			      kind == DPA_K_sllw   ? SHIFT_SHL
			      : kind == DPA_K_srlw ? SHIFT_SHR
			      : kind == DPA_K_sraw ? SHIFT_SAR
			      : kind == DPA_K_rolw ? SHIFT_ROL
						   : SHIFT_ROR,
			      RAX);
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_mul:
		emit_get(b, RAX, op->rs1);
		emit_rr(e, 1, 0x0faf, RAX, cached(b, op->rs2));
		emit_set_rd(b, op);
		break;
	case DPA_K_mulw:
		emit_get32(b, RAX, op->rs1);
		emit_rr(e, 0, 0x0faf, RAX, cached(b, op->rs2));
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_mulh:
	case DPA_K_mulhu:
		/* imul / mul r/m64: rdx:rax = rax * operand */
		emit_get(b, RAX, op->rs1);
		emit_rr(e, 1, 0xf7, kind == DPA_K_mulh ? 5 : 4, cached(b, op->rs2));
		define(b, op->rd, RDX);
		break;
	case DPA_K_mulhsu:
		emit_helper2(b, op, helper_mulhsu);
		break;
	case DPA_K_div:
		emit_helper2(b, op, helper_div);
		break;
	case DPA_K_divu:
		emit_helper2(b, op, helper_divu);
		break;
	case DPA_K_rem:
		emit_helper2(b, op, helper_rem);
		break;
	case DPA_K_remu:
		emit_helper2(b, op, helper_remu);
		break;
	case DPA_K_divw:
		emit_helper2(b, op, helper_divw);
		break;
	case DPA_K_divuw:
		emit_helper2(b, op, helper_divuw);
		break;
	case DPA_K_remw:
		emit_helper2(b, op, helper_remw);
		break;
	case DPA_K_remuw:
		emit_helper2(b, op, helper_remuw);
		break;
	case DPA_K_sh1add:
	case DPA_K_sh2add:
	case DPA_K_sh3add:
		emit_get(b, RAX, op->rs1);
		emit_shift_imm(e, 1, SHIFT_SHL, RAX, (unsigned)(kind - DPA_K_sh1add + 1));
		emit_alu_rr(e, 1, ALU_ADD, RAX, cached(b, op->rs2));
		emit_set_rd(b, op);
		break;
	case DPA_K_add_uw:
	case DPA_K_sh1add_uw:
	case DPA_K_sh2add_uw:
	case DPA_K_sh3add_uw:
		emit_get32(b, RAX, op->rs1);
		if (kind != DPA_K_add_uw)
			emit_shift_imm(e, 1, SHIFT_SHL, RAX, (unsigned)(kind - DPA_K_sh1add_uw + 1));
		emit_alu_rr(e, 1, ALU_ADD, RAX, cached(b, op->rs2));
		emit_set_rd(b, op);
		break;
	case DPA_K_slli_uw:
		emit_get32(b, RAX, op->rs1);
		emit_shift_imm(e, 1, SHIFT_SHL, RAX, (unsigned)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_andn:
	case DPA_K_orn:
		emit_get(b, RAX, op->rs2);
		emit_rr(e, 1, 0xf7, 2, RAX); /* not rax */
		emit_alu_rr(e, 1, kind == DPA_K_andn ? ALU_AND : ALU_OR, RAX, cached(b, op->rs1));
		emit_set_rd(b, op);
		break;
	case DPA_K_xnor:
		emit_binary(b, op, ALU_XOR);
		emit_rr(e, 1, 0xf7, 2, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_clz:
		emit_helper2(b, op, helper_clz);
		break;
	case DPA_K_ctz:
		emit_helper2(b, op, helper_ctz);
		break;
	case DPA_K_cpop:
		emit_helper2(b, op, helper_cpop);
		break;
	case DPA_K_clzw:
		emit_helper2(b, op, helper_clzw);
		break;
	case DPA_K_ctzw:
		emit_helper2(b, op, helper_ctzw);
		break;
	case DPA_K_cpopw:
		emit_helper2(b, op, helper_cpopw);
		break;
	case DPA_K_orc_b:
		emit_helper2(b, op, helper_orc_b);
		break;
	case DPA_K_max:
	case DPA_K_maxu:
	case DPA_K_min:
	case DPA_K_minu: {
		/* rax = rs1; take rs2 where rs1 is not the one kept */
		static const enum x86_cc take_rs2[] = { [DPA_K_max - DPA_K_max] = CC_L,
							[DPA_K_maxu - DPA_K_max] = CC_B,
							[DPA_K_min - DPA_K_max] = CC_G,
							[DPA_K_minu - DPA_K_max] = CC_A };
		emit_get(b, RAX, op->rs1);
		emit_get(b, RCX, op->rs2);
		emit_alu_rr(e, 1, ALU_CMP, RAX, RCX);
		emit_cmov(e, take_rs2[kind - DPA_K_max], RAX, RCX);
		emit_set_rd(b, op);
		break;
	}
	case DPA_K_sext_b:
		emit_rr(e, 1, 0x0fbe, RAX, cached(b, op->rs1));
		emit_set_rd(b, op);
		break;
	case DPA_K_sext_h:
		emit_rr(e, 1, 0x0fbf, RAX, cached(b, op->rs1));
		emit_set_rd(b, op);
		break;
	case DPA_K_zext_h:
		emit_rr(e, 0, 0x0fb7, RAX, cached(b, op->rs1));
		emit_set_rd(b, op);
		break;
	case DPA_K_rori:
		emit_get(b, RAX, op->rs1);
		emit_shift_imm(e, 1, SHIFT_ROR, RAX, (unsigned)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_roriw:
		emit_get32(b, RAX, op->rs1);
		emit_shift_imm(e, 0, SHIFT_ROR, RAX, (unsigned)op->imm);
		emit_sext32(e, RAX, RAX);
		emit_set_rd(b, op);
		break;
	case DPA_K_rev8:
		emit_get(b, RAX, op->rs1);
		emit_rex(e, 1, 0, NO_INDEX, RAX);
		emit8(e, 0x0f);
		emit8(e, 0xc8); /* bswap rax */
		emit_set_rd(b, op);
		break;
	case DPA_K_bclr:
	case DPA_K_binv:
	case DPA_K_bset:
	case DPA_K_bext:
		/* bt* with a register bit offset on a register masks it to 6 bits */
		emit_get(b, RCX, op->rs2);
		emit_get(b, RAX, op->rs1);
		emit_rr(e, 1,
			kind == DPA_K_bclr   ? 0x0fb3
			: kind == DPA_K_binv ? 0x0fbb
			: kind == DPA_K_bset ? 0x0fab
					     : 0x0fa3,
			RCX, RAX);
		if (kind == DPA_K_bext) {
			emit_mov_imm(e, RAX, 0); /* mov leaves CF as bt set it */
			emit_setcc(e, CC_B, RAX);
		}
		emit_set_rd(b, op);
		break;
	case DPA_K_bclri:
	case DPA_K_binvi:
	case DPA_K_bseti:
		emit_get(b, RAX, op->rs1);
		emit_rr(e, 1, 0x0fba, kind == DPA_K_bclri ? 6 : kind == DPA_K_binvi ? 7 : 5, RAX);
		emit8(e, (unsigned)op->imm);
		emit_set_rd(b, op);
		break;
	case DPA_K_bexti:
		emit_get(b, RAX, op->rs1);
		emit_shift_imm(e, 1, SHIFT_SHR, RAX, (unsigned)op->imm);
		emit_alu_imm(e, 0, ALU_AND, RAX, 1);
		emit_set_rd(b, op);
		break;
	/* Counters before this instruction: the block was charged whole on entry. */
	case DPA_K_rdcycle:
		emit_mov_rr(e, 1, RAX, REG_CYCLES);
		emit_alu_imm(e, 1, ALU_SUB, RAX, op->cycles);
		emit_set_rd(b, op);
		break;
	case DPA_K_rdtime:
		emit_mov_rr(e, 1, RDI, REG_CYCLES);
		emit_alu_imm(e, 1, ALU_SUB, RDI, op->cycles);
		write_back(b);
		emit_call(e, (const void *)helper_cycles_to_ns);
		forget_all(b);
		emit_set_rd(b, op);
		break;
	case DPA_K_rdinstret:
		emit_load64(e, RAX, REG_RUN, RUN_FIELD(instret_end));
		emit_alu_rr(e, 1, ALU_SUB, RAX, REG_LEFT);
		emit_alu_imm(e, 1, ALU_SUB, RAX, op->block);
		emit_set_rd(b, op);
		break;
	default:
		return false;
	}
	return true;
}

/* A conditional branch: flags from cmp rs1, rs2; taken is the condition. */
static enum x86_cc branch_condition(enum dpa_kind kind)
{
	switch (kind) {
	case DPA_K_beq:
		return CC_E;
	case DPA_K_bne:
		return CC_NE;
	case DPA_K_blt:
		return CC_L;
	case DPA_K_bge:
		return CC_GE;
	case DPA_K_bltu:
		return CC_B;
	default:
		return CC_AE;
	}
}

static void emit_compare(struct block *b, const struct dpa_op *op)
{
	int rs1 = cached(b, op->rs1);
	emit_alu_rr(&b->e, 1, ALU_CMP, rs1, cached(b, op->rs2));
}

/* rd = pc + length (the link of jal and jalr) */
static void emit_link(struct block *b, uint32_t index, const struct dpa_op *op)
{
	emit_mov_imm(&b->e, RDX, pc_of(b, index) + op->length);
	define(b, op->rd, RDX);
}

/* The instruction that ends the block: flow and terminal kinds. Returns false if unknown. */
static bool emit_flow(struct block *b, uint32_t index, const struct dpa_op *op, enum dpa_kind kind, bool checks_sp)
{
	struct emit *e = &b->e;
	uint32_t next = index + op->length / 2;
	switch (kind) {
	case DPA_K_beq:
	case DPA_K_bne:
	case DPA_K_blt:
	case DPA_K_bge:
	case DPA_K_bltu:
	case DPA_K_bgeu: {
		emit_compare(b, op);
		write_back(b); /* mov leaves the flags */
		uint8_t *taken = emit_jcc(e, branch_condition(kind));
		emit_goto_block(b, next);
		patch_rel32(taken, e->p);
		emit_alu_imm(e, 1, ALU_ADD, REG_CYCLES, DPA_COST_TAKEN);
		emit_goto_block(b, (uint32_t)((int64_t)index + op->imm));
		return true;
	}
	case DPA_K_branch_far: {
		emit_compare(b, op);
		write_back(b);
		uint8_t *taken = emit_jcc(e, branch_condition((enum dpa_kind)(DPA_K_beq + op->rd)));
		emit_goto_block(b, next);
		patch_rel32(taken, e->p);
		emit_alu_imm(e, 1, ALU_ADD, REG_CYCLES, DPA_COST_TAKEN);
		emit_mov_imm(e, RAX, pc_of(b, index) + (uint64_t)(int64_t)op->imm);
		emit_store64(e, RAX, REG_RUN, RUN_FIELD(exit_value));
		emit_exit(b, DPA_JIT_EXIT_OUTSIDE, index);
		return true;
	}
	case DPA_K_jal:
		emit_link(b, index, op);
		if (checks_sp)
			emit_set_sp(b, index);
		emit_alu_imm(e, 1, ALU_ADD, REG_CYCLES, DPA_COST_TAKEN);
		emit_goto_block(b, (uint32_t)((int64_t)index + op->imm));
		return true;
	case DPA_K_jal_far:
		emit_link(b, index, op);
		if (checks_sp)
			emit_set_sp(b, index);
		write_back(b);
		emit_alu_imm(e, 1, ALU_ADD, REG_CYCLES, DPA_COST_TAKEN);
		emit_mov_imm(e, RAX, pc_of(b, index) + (uint64_t)(int64_t)op->imm);
		emit_store64(e, RAX, REG_RUN, RUN_FIELD(exit_value));
		emit_exit(b, DPA_JIT_EXIT_OUTSIDE, index);
		return true;
	case DPA_K_jalr:
		/* the target first: rd may be rs1 */
		emit_get(b, RSI, op->rs1);
		if (op->imm != 0)
			emit_alu_imm(e, 1, ALU_ADD, RSI, op->imm);
		emit_alu_imm(e, 1, ALU_AND, RSI, -2);
		emit_link(b, index, op);
		if (checks_sp)
			emit_set_sp(b, index);
		emit_mov_rr(e, 1, RAX, RSI);
		emit_alu_imm(e, 1, ALU_ADD, REG_CYCLES, DPA_COST_TAKEN);
		emit_goto_dynamic(b, index);
		return true;
	case DPA_K_ecall:
		emit_helper_call(b, index, (const void *)dpa_jit_ecall);
		emit_goto_block(b, next);
		return true;
	case DPA_K_ebreak:
		emit_fault_at(b, index, DPA_FAULT_BREAKPOINT, DPA_ACCESS_NONE, pc_of(b, index));
		return true;
	case DPA_K_illegal:
		emit_fault_at(b, index, DPA_FAULT_ILLEGAL, DPA_ACCESS_NONE, pc_of(b, index));
		return true;
	case DPA_K_fetch_fault:
		emit_fault_at(b, index, DPA_FAULT_FETCH, DPA_ACCESS_EXECUTE, pc_of(b, index));
		return true;
	default:
		return false;
	}
}

static void emit_stubs(struct block *b)
{
	struct emit *e = &b->e;
	for (unsigned i = 0; i < b->nstubs; i++) {
		const struct stub *s = &b->stubs[i];
		for (unsigned j = 0; j < s->njumps; j++)
			patch_rel32(s->jumps[j], e->p);
		switch (s->kind) {
		case STUB_LOAD:
		case STUB_STORE:
			/* rax: the address */
			write_back_stub(e, s);
			emit_store64(e, REG_LEFT, REG_RUN, RUN_FIELD(left));
			emit_store64(e, REG_CYCLES, REG_RUN, RUN_FIELD(cycles));
			emit_mov_rr(e, 1, RDI, REG_RUN);
			emit_mov_imm(e, RSI, s->index);
			emit_mov_rr(e, 1, RDX, RAX);
			emit_call(e, s->kind == STUB_LOAD ? (const void *)dpa_jit_load : (const void *)dpa_jit_store);
			emit_rr(e, 0, 0x85, RAX, RAX);
			emit_jcc_to(e, CC_NE, b->arena->exit);
			for (int slot = 0; slot < CACHE_SLOTS; slot++)
				if (s->cache[slot] >= 0)
					emit_load64(e, cache_regs[slot], REG_HART, GUEST(s->cache[slot]));
			emit_jmp_to(e, s->resume);
			break;
		case STUB_FAULT_RAX:
			write_back_stub(e, s);
			emit_fault_rax(b, s->index, (enum dpa_fault_cause)s->cause, (enum dpa_access)s->access);
			break;
		case STUB_BUDGET:
			emit_alu_imm(e, 1, ALU_ADD, REG_LEFT, b->image->ops[s->index].block);
			emit_exit(b, DPA_JIT_EXIT_BUDGET, s->index);
			break;
		case STUB_ENTER:
			emit_exit(b, DPA_JIT_EXIT_ENTER, s->index);
			break;
		}
	}
}

void *dpa_jit_backend_compile(struct dpa_jit_arena *arena, const struct dpa_image *image, uint32_t entry,
			      void *_Atomic const *entries)
{
	const struct dpa_op *ops = image->ops;
	unsigned count = ops[entry].block;
	size_t worst = (size_t)count * INSN_CODE_MAX + BLOCK_CODE_EXTRA;
	if (arena->size - arena->used < worst)
		return NULL;
	/* at most two stubs per instruction (a slow path and an sp fault), and the budget's */
	struct stub *stubs = malloc(((size_t)count * 2 + 2) * sizeof(*stubs));
	if (stubs == NULL)
		return NULL;
	struct block b = { .e = { arena->base + arena->used },
			   .arena = arena,
			   .image = image,
			   .entries = entries,
			   .entry = entry,
			   .stubs = stubs };
	forget_all(&b);
	b.start = b.e.p;
	emit_alu_imm(&b.e, 1, ALU_SUB, REG_LEFT, (int32_t)count);
	stub_jump(&b, add_stub(&b, STUB_BUDGET, entry), emit_jcc(&b.e, CC_S));
	emit_alu_imm(&b.e, 1, ALU_ADD, REG_CYCLES, ops[entry].cycles);
	uint32_t index = entry;
	bool ok = true;
	for (unsigned n = 0; n < count && ok; n++) {
		const struct dpa_op *op = &ops[index];
		bool checks_sp;
		enum dpa_kind kind = dpa_variant_kind((enum dpa_variant)image->variants[index], &checks_sp);
		uint32_t next = index + op->length / 2;
		if (dpa_kind_class(kind) != DPA_CLASS_SIMPLE) {
			ok = n + 1 == count && emit_flow(&b, index, op, kind, checks_sp);
			break;
		}
		ok = emit_simple(&b, index, op, kind);
		if (ok && checks_sp)
			emit_set_sp(&b, index);
		if (ok && op->block == 1) /* the block was cut here: go on with the next one */
			emit_goto_block(&b, next);
		index = next;
	}
	void *code = NULL;
	if (ok) {
		emit_stubs(&b);
		code = (void *)b.start;
		arena->used = (size_t)(b.e.p - arena->base);
	}
	free(stubs);
	return code;
}

bool dpa_jit_backend_init(struct dpa_jit_arena *arena)
{
	if (arena->size - arena->used < BLOCK_CODE_EXTRA)
		return false;
	struct emit e = { arena->base + arena->used };
	/* enter(run = rdi, code = rsi): save the callee-saved registers, load the state, go */
	arena->enter = (void (*)(struct dpa_jit_run *, const void *))(void *)e.p;
	static const int saved[] = { RBX, RBP, R12, R13, R14, R15 };
	for (unsigned i = 0; i < 6; i++)
		emit_push(&e, saved[i]);
	emit_alu_imm(&e, 1, ALU_SUB, RSP, 8); /* 6 pushes and the return address: align to 16 */
	emit_mov_rr(&e, 1, REG_RUN, RDI);
	emit_load64(&e, REG_HART, REG_RUN, RUN_FIELD(hart));
	emit_load64(&e, REG_PERMS, REG_RUN, RUN_FIELD(perms));
	emit_load64(&e, REG_RAM, REG_RUN, RUN_FIELD(ram));
	emit_load64(&e, REG_LEFT, REG_RUN, RUN_FIELD(left));
	emit_load64(&e, REG_CYCLES, REG_RUN, RUN_FIELD(cycles));
	emit_jmp_reg(&e, RSI);
	/* exit: save left and cycles, restore, return to enter's caller */
	arena->exit = e.p;
	emit_store64(&e, REG_LEFT, REG_RUN, RUN_FIELD(left));
	emit_store64(&e, REG_CYCLES, REG_RUN, RUN_FIELD(cycles));
	emit_alu_imm(&e, 1, ALU_ADD, RSP, 8);
	for (unsigned i = 6; i-- > 0;)
		emit_pop(&e, saved[i]);
	emit8(&e, 0xc3);
	arena->used = (size_t)(e.p - arena->base);
	return true;
}
