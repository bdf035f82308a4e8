/*
 * Stack safety: an instruction that would set sp outside the hart's stack faults precisely
 * (DPA_FAULT_STACK_OVERFLOW, sp unchanged, pc and address of the culprit), whatever kind or
 * length it has, in the fast and in the traced interpreter; sp writes inside the stack run
 * and count as before.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#define SP 2
#define T0 5
#define SUB(rd, a, b) rv_r(0x20, (b), (a), 0, (rd), 0x33)
#define C_MV_SP_SP 0x810au      /* c.mv sp, sp */
#define C_ADDI16SP_M512 0x7101u /* c.addi16sp sp, -512 */
#define C_J_BACK_2 0xbffdu      /* c.j -2 */

struct stack {
	uint64_t base, top;
};

static struct stack stack_of(const struct guest *g)
{
	uint64_t base = 0, size = 0;
	dpa_hart_stack(g->hart, &base, &size);
	return (struct stack){ base, base + size };
}

static void count_trace(void *user, struct dpa_hart *hart, uint64_t pc, uint32_t insn)
{
	(void)hart;
	(void)pc;
	(void)insn;
	++*(unsigned *)user;
}

/* A 100 KiB frame in a 64 KiB stack: the sp update faults before any store below the guard
 * page, in both interpreters. */
static void test_large_frame_faults(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LUI(T0, 100u << 10)); /* 0 */
	emit32(&p, SUB(SP, SP, T0));     /* 4: the frame */
	emit32(&p, SD(0, SP, 0));        /* never reached */
	emit32(&p, ADD(SP, SP, T0));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	for (int traced = 0; traced < 2; traced++) {
		unsigned steps = 0;
		uint64_t before = dpa_hart_instret(g.hart);
		dpa_hart_set_trace(g.hart, traced ? count_trace : NULL, &steps);
		assert_int_equal(guest_call(&g, 0, NULL, 0, NULL), DPA_STOP_FAULT);
		const struct dpa_fault *f = dpa_hart_fault(g.hart);
		assert_non_null(f);
		assert_int_equal(f->cause, DPA_FAULT_STACK_OVERFLOW);
		assert_int_equal(f->access, DPA_ACCESS_NONE);
		assert_int_equal(f->pc, CODE_BASE + 4);
		assert_int_equal(f->address, s.top - (100u << 10));
		assert_int_equal(f->insn, SUB(SP, SP, T0));
		assert_int_equal(f->regs[SP], s.top); /* the instruction did not retire */
		assert_int_equal(dpa_hart_reg(g.hart, SP), s.top);
		assert_int_equal(f->instret - before, 1);
		assert_int_equal(steps, traced ? 2 : 0); /* the trace saw the lui and the culprit */
		assert_string_equal(dpa_fault_cause_name(f->cause), "stack overflow (sp outside the thread's stack)");
	}
	guest_close(&g);
}

/* Frames grow one compressed c.addi16sp at a time: sp may reach the stack's base exactly, the
 * next step faults. The counters stay exact. */
static void test_growth_to_the_base(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit16(&p, C_ADDI16SP_M512); /* 0: loop */
	emit16(&p, C_J_BACK_2);      /* 2 */
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	uint64_t steps = (s.top - s.base) / 512;
	assert_int_equal(guest_call(&g, 0, NULL, 0, NULL), DPA_STOP_FAULT);
	const struct dpa_fault *f = dpa_hart_fault(g.hart);
	assert_int_equal(f->cause, DPA_FAULT_STACK_OVERFLOW);
	assert_int_equal(f->pc, CODE_BASE);
	assert_int_equal(f->address, s.base - 512);
	assert_int_equal(f->regs[SP], s.base);
	assert_int_equal(f->insn, C_ADDI16SP_M512);
	assert_int_equal(f->instret, 2 * steps);
	assert_int_equal(f->cycles, 2 * steps + 2 * steps /* taken jumps */);
	guest_close(&g);
}

/* Every way of writing sp is checked: arithmetic above the top, a load, a move, links. */
static void test_every_kind_is_checked(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, ADDI(SP, SP, 16)); /* 0: above the top */
	emit32(&p, RET);
	emit32(&p, LD(SP, 10, 0)); /* 8: sp from memory */
	emit32(&p, RET);
	emit32(&p, ADDI(SP, 10, 0)); /* 16: mv sp, a0 */
	emit32(&p, RET);
	emit32(&p, JAL(SP, 8)); /* 24: jal sp (a link is a code address) */
	emit32(&p, RET);
	emit32(&p, RET);
	emit32(&p, JALR(SP, 1, 0)); /* 36: jalr sp, ra */
	emit32(&p, RET);
	emit32(&p, AMO(0x01, 0, 10, 3, SP)); /* 44: amoswap.d sp, zero, (a0) */
	emit32(&p, RET);
	emit32(&p, rv_u(0x40000000u, SP, 0x37)); /* 52: lui sp */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	const struct {
		uint64_t offset, a0, address;
	} cases[] = {
		{ 0, 0, s.top + 16 },         { 8, DATA_BASE, 0x1234 },  { 16, s.base - 8, s.base - 8 },
		{ 16, s.top + 1, s.top + 1 }, { 24, 0, CODE_BASE + 28 }, { 36, 0, CODE_BASE + 40 },
		{ 44, DATA_BASE, 0x1234 },    { 52, 0, 0x40000000u },
	};
	uint64_t bad = 0x1234;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(dpa_process_write(g.process, DATA_BASE, &bad, 8), 0);
		assert_int_equal(guest_call(&g, cases[i].offset, &cases[i].a0, 1, NULL), DPA_STOP_FAULT);
		const struct dpa_fault *f = dpa_hart_fault(g.hart);
		assert_int_equal(f->cause, DPA_FAULT_STACK_OVERFLOW);
		assert_int_equal(f->pc, CODE_BASE + cases[i].offset);
		assert_int_equal(f->address, cases[i].address);
		assert_int_equal(f->regs[SP], s.top);
	}
	/* Inside the stack, both ends included, sp moves as the program says. */
	uint64_t r = 0, good[] = { s.top, s.base, s.base + 8 };
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(dpa_process_write(g.process, DATA_BASE, &good[i], 8), 0);
		uint64_t a0 = DATA_BASE;
		assert_int_equal(guest_call(&g, 8, &a0, 1, &r), DPA_STOP_RETURNED);
		assert_int_equal(dpa_hart_reg(g.hart, SP), good[i]);
		assert_int_equal(guest_call(&g, 16, &good[i], 1, &r), DPA_STOP_RETURNED);
		assert_int_equal(dpa_hart_reg(g.hart, SP), good[i]);
	}
	guest_close(&g);
}

/* sp writes of both lengths inside a block longer than DPA_BLOCK_MAX (one of them ends the
 * first block): results and counts are those of any other instruction, under any budget. */
static void test_counting_across_blocks(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	unsigned n = 0;
	for (; n < 1500; n++) {
		if (n % 3 == 0)
			emit16(&p, C_MV_SP_SP);
		else
			emit32(&p, ADDI(SP, SP, (n % 3 == 1) ? -16 : 16));
	}
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	uint64_t r;
	assert_int_equal(guest_call(&g, 0, NULL, 0, &r), DPA_STOP_RETURNED);
	assert_int_equal(dpa_hart_instret(g.hart), n + 1);
	assert_int_equal(dpa_hart_reg(g.hart, SP), s.top);
	const uint64_t budgets[] = { 1, 7, 100, 1023, 1024, 1025 };
	for (size_t i = 0; i < sizeof(budgets) / sizeof(budgets[0]); i++) {
		uint64_t start = dpa_hart_instret(g.hart);
		enum dpa_stop stop;
		assert_int_equal(dpa_hart_prepare_call(g.hart, CODE_BASE, NULL, 0), 0);
		while ((stop = dpa_hart_run(g.hart, budgets[i])) == DPA_STOP_BUDGET)
			;
		assert_int_equal(stop, DPA_STOP_RETURNED);
		assert_int_equal(dpa_hart_instret(g.hart) - start, n + 1);
		assert_int_equal(dpa_hart_reg(g.hart, SP), s.top);
	}
	guest_close(&g);
}

/* An entry leaves sp to the program (dpa-sim-run's Linux programs move it into their data);
 * the next call holds it to the stack again. */
static void test_entries_leave_sp_to_the_program(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, ADDI(SP, 10, 0));   /* 0: mv sp, a0 */
	emit32(&p, ADDI(SP, SP, -16)); /* 4 */
	emit32(&p, SD(SP, SP, 0));     /* 8 */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	dpa_hart_set_reg(g.hart, 10, DATA_BASE + 64);
	dpa_hart_set_reg(g.hart, 1, DPA_RETURN_ADDRESS);
	assert_int_equal(dpa_hart_prepare_entry(g.hart, CODE_BASE), 0);
	assert_int_equal(dpa_hart_run(g.hart, 0), DPA_STOP_RETURNED);
	assert_int_equal(dpa_hart_reg(g.hart, SP), DATA_BASE + 48);
	uint64_t a0 = DATA_BASE + 64;
	assert_int_equal(guest_call(&g, 0, &a0, 1, NULL), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_STACK_OVERFLOW);
	assert_int_equal(dpa_hart_fault(g.hart)->regs[SP], s.top);
	guest_close(&g);
}

/* A hart run without any prepare (dpa_hart_set_pc, then dpa_hart_run) holds sp to its stack. */
static void test_unprepared_run_is_checked(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, ADDI(SP, SP, -16)); /* 0: inside */
	emit32(&p, ADDI(SP, SP, 32));  /* 4: above the top */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct stack s = stack_of(&g);
	dpa_hart_set_pc(g.hart, CODE_BASE);
	assert_int_equal(dpa_hart_run(g.hart, 0), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_STACK_OVERFLOW);
	assert_int_equal(dpa_hart_fault(g.hart)->pc, CODE_BASE + 4);
	assert_int_equal(dpa_hart_fault(g.hart)->address, s.top + 16);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_large_frame_faults),
		cmocka_unit_test(test_growth_to_the_base),
		cmocka_unit_test(test_every_kind_is_checked),
		cmocka_unit_test(test_counting_across_blocks),
		cmocka_unit_test(test_entries_leave_sp_to_the_program),
		cmocka_unit_test(test_unprepared_run_is_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
