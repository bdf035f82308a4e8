/*
 * Debugger traps (core/dpa/debug.c): a trap calls the debugger's function before its
 * instruction and costs nothing to the counters; the function may move pc; dpa_hart_next_pc
 * follows branches and jumps; detach removes every trap; bad input. Watchpoints: each kind
 * stops before the accesses it watches (stores, loads, AMOs), overlapping ones too, costing
 * nothing to the counters; a watchpoint set in a trap of the fast interpreter is seen at once;
 * at most DPA_DEBUG_WATCHES; bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>

#include "test_util.h"

#define A0 10
#define A1 11
#define A2 12
#define T0 5
#define T2 7

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

/* With a0 = DATA_BASE: t0 = 7; sd t0, 8(a0); ld a1, 8(a0); t2 = a0 + 8; amoadd.d a2, t0, (t2);
 * ld a0, 8(a0); ret: returns 14. */
static void emit_accesses(struct prog *p)
{
	emit32(p, LI(T0, 7));             /* 0 */
	emit32(p, SD(T0, A0, 8));         /* 4: write */
	emit32(p, LD(A1, A0, 8));         /* 8: read */
	emit32(p, ADDI(T2, A0, 8));       /* 12 */
	emit32(p, AMO(0, T0, T2, 3, A2)); /* 16: read and write */
	emit32(p, LD(A0, A0, 8));         /* 20: read */
	emit32(p, RET);                   /* 24 */
}

struct watched {
	unsigned calls;
	uint64_t pcs[8], values[8], addresses[8];
	unsigned kinds[8];
	bool set_in_trap; /* the first call sets a write watchpoint on DATA_BASE + 8 */
	struct dpa_process *process;
};

static void on_watch(void *user, struct dpa_hart *hart)
{
	struct watched *w = user;
	if (w->calls < 8) {
		w->pcs[w->calls] = dpa_hart_pc(hart) - CODE_BASE;
		w->kinds[w->calls] = dpa_hart_debug_watch_hit(hart, &w->addresses[w->calls]);
		dpa_process_read(w->process, DATA_BASE + 8, &w->values[w->calls], 8);
	}
	if (w->calls++ == 0 && w->set_in_trap)
		assert_int_equal(dpa_process_debug_watch(w->process, DATA_BASE + 8, 8, DPA_WATCH_WRITE, true), 0);
}

/* Runs emit_accesses with one watchpoint; returns the calls seen (pcs and values). */
static void run_watched(struct guest *g, struct watched *w, uint64_t address, uint64_t length, enum dpa_watch_kind kind)
{
	uint64_t arg = DATA_BASE, result = 0, zero = 0;
	assert_int_equal(dpa_process_write(g->process, DATA_BASE + 8, &zero, 8), 0);
	*w = (struct watched){ .process = g->process };
	assert_int_equal(dpa_process_debug_watch(g->process, address, length, kind, true), 0);
	assert_int_equal(guest_call(g, 0, &arg, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 14);
	assert_int_equal(dpa_process_debug_watch(g->process, address, length, kind, false), 0);
}

static void watchpoints(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct watched w;
	uint64_t arg = DATA_BASE, result = 0, plain_instret, plain_cycles, zero = 0;
	emit_accesses(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(guest_call(&g, 0, &arg, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 14);
	plain_instret = dpa_hart_instret(g.hart);
	plain_cycles = dpa_hart_cycles(g.hart);
	assert_int_equal(dpa_process_debug_attach(g.process, on_watch, &w), 0);

	/* Write: before the store (memory still 0) and before the AMO (7). */
	run_watched(&g, &w, DATA_BASE + 8, 8, DPA_WATCH_WRITE);
	assert_int_equal(w.calls, 2);
	assert_int_equal(w.pcs[0], 4);
	assert_int_equal(w.values[0], 0);
	assert_int_equal(w.kinds[0], DPA_WATCH_WRITE);
	assert_int_equal(w.addresses[0], DATA_BASE + 8);
	assert_int_equal(w.pcs[1], 16);
	assert_int_equal(w.values[1], 7);
	/* Stops cost nothing: the same counts as without them. */
	assert_int_equal(dpa_hart_instret(g.hart) - plain_instret, plain_instret);
	assert_int_equal(dpa_hart_cycles(g.hart) - plain_cycles, plain_cycles);

	/* Read: the loads and the AMO. */
	run_watched(&g, &w, DATA_BASE + 8, 8, DPA_WATCH_READ);
	assert_int_equal(w.calls, 3);
	assert_int_equal(w.pcs[0], 8);
	assert_int_equal(w.pcs[1], 16);
	assert_int_equal(w.pcs[2], 20);
	assert_int_equal(w.values[2], 14);
	assert_int_equal(w.kinds[2], DPA_WATCH_READ);

	/* Access, on one byte inside the doubleword: every access. */
	run_watched(&g, &w, DATA_BASE + 12, 1, DPA_WATCH_ACCESS);
	assert_int_equal(w.calls, 4);
	assert_int_equal(w.pcs[0], 4);
	assert_int_equal(w.pcs[3], 20);
	assert_int_equal(w.kinds[0], DPA_WATCH_ACCESS);
	assert_int_equal(w.addresses[0], DATA_BASE + 12);

	/* Next to it: nothing. */
	run_watched(&g, &w, DATA_BASE + 16, 8, DPA_WATCH_ACCESS);
	assert_int_equal(w.calls, 0);
	run_watched(&g, &w, DATA_BASE, 8, DPA_WATCH_ACCESS);
	assert_int_equal(w.calls, 0);

	/* Set in a trap (the fast interpreter's): the store right after it stops; the trap's
	 * instruction runs once, its trap fires once. */
	assert_int_equal(dpa_process_write(g.process, DATA_BASE + 8, &zero, 8), 0);
	w = (struct watched){ .process = g.process, .set_in_trap = true };
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE, true), 0);
	assert_int_equal(guest_call(&g, 0, &arg, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 14);
	assert_int_equal(w.calls, 3);
	assert_int_equal(w.pcs[0], 0);
	assert_int_equal(w.kinds[0], 0); /* the trap */
	assert_int_equal(w.pcs[1], 4);
	assert_int_equal(w.kinds[1], DPA_WATCH_WRITE);
	assert_int_equal(w.pcs[2], 16);
	/* Traps fire in the slow interpreter too (the watchpoint is still set). */
	w = (struct watched){ .process = g.process };
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE, false), 0);
	assert_int_equal(dpa_process_debug_trap(g.process, CODE_BASE + 8, true), 0);
	assert_int_equal(guest_call(&g, 0, &arg, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(w.calls, 3);
	assert_int_equal(w.pcs[1], 8);
	assert_int_equal(w.kinds[1], 0);

	/* Detaching clears them. */
	dpa_process_debug_detach(g.process);
	assert_int_equal(dpa_process_debug_attach(g.process, on_watch, &w), 0);
	w = (struct watched){ .process = g.process };
	assert_int_equal(guest_call(&g, 0, &arg, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(w.calls, 0);
	guest_close(&g);
}

static void watchpoints_bad_input(void **state)
{
	(void)state;
	struct prog p = { 0 };
	struct guest g;
	struct watched w = { 0 };
	emit_accesses(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, DPA_WATCH_WRITE, true), -EPERM);
	assert_int_equal(dpa_process_debug_attach(g.process, on_watch, &w), 0);
	assert_int_equal(dpa_process_debug_watch(NULL, DATA_BASE, 8, DPA_WATCH_WRITE, true), -EINVAL);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 0, DPA_WATCH_WRITE, true), -EINVAL);
	assert_int_equal(dpa_process_debug_watch(g.process, UINT64_MAX, 2, DPA_WATCH_WRITE, true), -EINVAL);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, (enum dpa_watch_kind)0, true), -EINVAL);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, (enum dpa_watch_kind)4, true), -EINVAL);
	for (unsigned i = 0; i < DPA_DEBUG_WATCHES; i++)
		assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE + 8 * i, 8, DPA_WATCH_WRITE, true), 0);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, DPA_WATCH_WRITE, true), 0); /* already */
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE + 64, 8, DPA_WATCH_WRITE, true), -ENOSPC);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, DPA_WATCH_READ, false), -ENOENT);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 4, DPA_WATCH_WRITE, false), -ENOENT);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE, 8, DPA_WATCH_WRITE, false), 0);
	assert_int_equal(dpa_process_debug_watch(g.process, DATA_BASE + 64, 8, DPA_WATCH_WRITE, true), 0);
	assert_int_equal(dpa_hart_debug_watch_hit(NULL, NULL), 0);
	assert_int_equal(dpa_hart_debug_watch_hit(g.hart, NULL), 0); /* not stopped */
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
		cmocka_unit_test(traps_cost_nothing),  cmocka_unit_test(function_moves_pc),
		cmocka_unit_test(next_pc_of_a_return), cmocka_unit_test(bad_input),
		cmocka_unit_test(watchpoints),         cmocka_unit_test(watchpoints_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
