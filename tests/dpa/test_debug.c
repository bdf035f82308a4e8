/*
 * Debugger traps (core/dpa/debug.c): a trap calls the debugger's function before its
 * instruction and costs nothing to the counters; the function may move pc; dpa_hart_next_pc
 * follows branches and jumps; detach removes every trap; bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>

#include "test_util.h"

#define A0 10
#define T0 5

/* a0 = 0; t0 = 5; loop: a0 += 1; t0 -= 1; bne t0, 0, loop; ret */
static void emit_loop(struct prog *p)
{
	emit32(p, LI(A0, 0));        /* 0 */
	emit32(p, LI(T0, 5));        /* 4 */
	emit32(p, ADDI(A0, A0, 1));  /* 8: loop */
	emit32(p, ADDI(T0, T0, -1)); /* 12 */
	emit32(p, BNE(T0, 0, -8));   /* 16 */
	emit32(p, RET);              /* 20 */
}

struct seen {
	unsigned calls;
	uint64_t pcs[16], next[16];
	uint64_t move_to; /* nonzero: the function sets pc there */
};

static void on_trap(void *user, struct dpa_hart *hart)
{
	struct seen *s = user;
	if (s->calls < 16) {
		s->pcs[s->calls] = dpa_hart_pc(hart);
		s->next[s->calls] = dpa_hart_next_pc(hart);
	}
	s->calls++;
	if (s->move_to)
		dpa_hart_debug_set_reg(hart, 32, s->move_to);
}

static void traps_cost_nothing(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct seen s = { 0 };
	uint64_t result = 0, plain_instret, plain_cycles;
	emit_loop(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	plain_instret = dpa_hart_instret(g.hart);
	plain_cycles = dpa_hart_cycles(g.hart);

	assert_int_equal(dpa_process_debug_attach(g.process, on_trap, &s), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 8, true), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 16, true), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 5);
	assert_int_equal(s.calls, 10); /* 5 times each */
	for (unsigned i = 0; i < 10; i += 2) {
		assert_int_equal(s.pcs[i], CODE_BASE + 8);
		assert_int_equal(s.next[i], CODE_BASE + 12);
		assert_int_equal(s.pcs[i + 1], CODE_BASE + 16);
		/* t0 is 4, 3, 2, 1, 0 after the decrement: taken back to the loop, then through */
		assert_int_equal(s.next[i + 1], i + 2 < 10 ? CODE_BASE + 8 : CODE_BASE + 20);
	}
	assert_int_equal(dpa_hart_instret(g.hart) - plain_instret, plain_instret);
	assert_int_equal(dpa_hart_cycles(g.hart) - plain_cycles, plain_cycles);

	/* Detached: no trap any more. */
	dpa_process_debug_detach(g.process);
	s.calls = 0;
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	assert_int_equal(s.calls, 0);
	assert_int_equal(result, 5);
	guest_close(&g);
}

static void function_moves_pc(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct seen s = { .move_to = CODE_BASE + 20 };
	uint64_t result = 0;
	emit_loop(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(dpa_process_debug_attach(g.process, on_trap, &s), 0);
	/* At the loop's first instruction the debugger jumps to the ret: a0 stays 0. */
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 8, true), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 0);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.next[0], CODE_BASE + 12);
	/* Cleared: the loop runs whole. */
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 8, false), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 5);
	assert_int_equal(s.calls, 1);
	guest_close(&g);
}

static void next_pc_of_a_return(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct seen s = { 0 };
	uint64_t result = 0;
	emit_loop(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(dpa_process_debug_attach(g.process, on_trap, &s), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 20, true), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, &result), DPA_STOP_RETURNED);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.next[0], DPA_RETURN_ADDRESS); /* ret: ra */
	guest_close(&g);
}

static void bad_input(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct seen s = { 0 };
	emit_loop(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE, true), -EPERM); /* no attach */
	assert_int_equal(dpa_process_debug_attach(NULL, on_trap, &s), -EINVAL);
	assert_int_equal(dpa_process_debug_attach(g.process, NULL, &s), -EINVAL);
	assert_int_equal(dpa_process_debug_trap(NULL, CODE_BASE, true), -EINVAL);
	assert_int_equal(dpa_process_debug_attach(g.process, on_trap, &s), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 1, true), -EINVAL); /* odd */
	assert_int_equal(dpa_process_debug_trap(g.process, DATA_BASE, true), -EINVAL);     /* data */
	assert_int_equal(dpa_process_debug_trap(g.process, 0, true), -EINVAL);
	assert_int_equal(dpa_hart_next_pc(NULL), 0);
	dpa_hart_debug_set_reg(NULL, 1, 0);    /* ignored */
	dpa_hart_debug_set_reg(g.hart, 0, 7);  /* x0 stays 0 */
	dpa_hart_debug_set_reg(g.hart, 33, 7); /* no such register: ignored */
	assert_int_equal(dpa_hart_reg(g.hart, 0), 0);
	dpa_hart_debug_hold(NULL, true);
	dpa_process_debug_detach(NULL);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(traps_cost_nothing),
		cmocka_unit_test(function_moves_pc),
		cmocka_unit_test(next_pc_of_a_return),
		cmocka_unit_test(bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
