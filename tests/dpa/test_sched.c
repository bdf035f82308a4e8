/* Scheduler: deterministic round robin gives identical runs; workers complete every hart, whether
 * idle workers spin before sleeping or not. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "test_util.h"

#define HARTS 16

struct outcome {
	unsigned order[HARTS];
	unsigned stopped;
	uint64_t instret[HARTS], cycles[HARTS], result[HARTS];
	enum dpa_stop stops[HARTS];
};

static void on_stop(void *user, struct dpa_hart *hart, enum dpa_stop stop)
{
	struct outcome *o = user;
	unsigned i = __atomic_fetch_add(&o->stopped, 1, __ATOMIC_SEQ_CST);
	o->order[i] = dpa_hart_id(hart);
	o->stops[dpa_hart_id(hart)] = stop;
}

/* Each hart adds 1 to a shared counter a0 times, then returns the counter it saw last, so the
 * interleaving shows in the results. */
static void build(struct prog *p)
{
	p->n = 0;
	emit32(p, LI(12, 1));
	emit32(p, AMO(0x00, 12, 11, 3, 13)); /* loop: amoadd.d a3, a2, (a1) */
	emit32(p, ADDI(10, 10, -1));
	emit32(p, BNE(10, 0, -8));
	emit32(p, ADDI(10, 13, 0));
	emit32(p, RET);
}

static void run(struct outcome *o, const struct dpa_sched_config *base_config)
{
	struct prog p;
	struct guest g;
	build(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct dpa_hart *harts[HARTS];
	struct dpa_sched_config config = *base_config;
	config.on_stop = on_stop;
	config.user = o;
	struct dpa_sched *sched = dpa_sched_create(&config);
	assert_non_null(sched);
	memset(o, 0, sizeof(*o));
	for (unsigned i = 0; i < HARTS; i++) {
		harts[i] = i == 0 ? g.hart : dpa_hart_create(g.process, NULL);
		assert_non_null(harts[i]);
		uint64_t args[2] = { 20000 + 1000 * i, DATA_BASE };
		assert_int_equal(dpa_hart_prepare_call(harts[i], CODE_BASE, args, 2), 0);
		assert_int_equal(dpa_sched_submit(sched, harts[i]), 0);
	}
	if (config.deterministic) { /* nothing runs before dpa_sched_run */
		assert_int_equal(dpa_sched_submit(sched, harts[0]), -EBUSY);
		assert_int_equal(dpa_hart_destroy(harts[1]), -EBUSY);
	}
	assert_int_equal(dpa_sched_run(sched), 0);
	assert_int_equal(o->stopped, HARTS);
	uint64_t total = 0;
	for (unsigned i = 0; i < HARTS; i++) {
		assert_int_equal(o->stops[i], DPA_STOP_RETURNED);
		o->instret[i] = dpa_hart_instret(harts[i]);
		o->cycles[i] = dpa_hart_cycles(harts[i]);
		o->result[i] = dpa_hart_reg(harts[i], 10);
		assert_int_equal(o->instret[i], 1 + 3 * (20000 + 1000 * i) + 2);
		total += 20000 + 1000 * i;
	}
	uint64_t counter = 0;
	dpa_process_read(g.process, DATA_BASE, &counter, 8);
	assert_int_equal(counter, total);
	dpa_sched_destroy(sched);
	for (unsigned i = 1; i < HARTS; i++)
		assert_int_equal(dpa_hart_destroy(harts[i]), 0);
	guest_close(&g);
}

static void test_deterministic(void **state)
{
	(void)state;
	static struct outcome a, b;
	struct dpa_sched_config config = { .deterministic = true, .quantum = 777 };
	run(&a, &config);
	run(&b, &config);
	assert_memory_equal(&a, &b, sizeof(a));
	/* harts really interleaved: the last value seen by hart 0 is far above its own count */
	assert_true(a.result[0] > 20000 * 2);
}

static void test_workers(void **state)
{
	(void)state;
	static struct outcome o;
	struct dpa_sched_config config = { .workers = 2, .quantum = 1000 };
	run(&o, &config);
	struct dpa_sched_config bad = { .workers = 0 };
	assert_null(dpa_sched_create(&bad));
	assert_null(dpa_sched_create(NULL));
}

/* Idle workers spinning: every hart completes as without spinning, submitted all at once or one
 * at a time with gaps shorter and longer than the spin (which the spin adapts to); destroying a
 * scheduler whose worker spins ends the spin. Out-of-range spins are refused. */
static void test_workers_spinning(void **state)
{
	(void)state;
	static struct outcome o;
	static const unsigned spins[] = { 0, 1, 200, DPA_SCHED_SPIN_US_MAX };
	for (size_t s = 0; s < sizeof(spins) / sizeof(spins[0]); s++) {
		struct dpa_sched_config config = { .workers = 2, .quantum = 1000, .spin_us = spins[s] };
		run(&o, &config);

		struct prog p;
		struct guest g;
		build(&p);
		assert_int_equal(guest_open(&g, &p, 0), 0);
		config.on_stop = on_stop;
		config.user = &o;
		struct dpa_sched *sched = dpa_sched_create(&config);
		assert_non_null(sched);
		for (unsigned i = 0; i < 40; i++) {
			uint64_t args[2] = { 100, DATA_BASE };
			memset(&o, 0, sizeof(o));
			assert_int_equal(dpa_hart_prepare_call(g.hart, CODE_BASE, args, 2), 0);
			assert_int_equal(dpa_sched_submit(sched, g.hart), 0);
			assert_int_equal(dpa_sched_run(sched), 0);
			assert_int_equal(o.stopped, 1);
			assert_int_equal(o.stops[dpa_hart_id(g.hart)], DPA_STOP_RETURNED);
			nanosleep(&(struct timespec){ .tv_nsec = (i % 4) * 150000 }, NULL);
		}
		uint64_t counter = 0;
		dpa_process_read(g.process, DATA_BASE, &counter, 8);
		assert_int_equal(counter, 40 * 100);
		dpa_sched_destroy(sched);
		guest_close(&g);
	}
	struct dpa_sched_config too_long = { .workers = 1, .spin_us = DPA_SCHED_SPIN_US_MAX + 1 };
	assert_null(dpa_sched_create(&too_long));
	too_long.deterministic = true;
	assert_null(dpa_sched_create(&too_long));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_workers),
		cmocka_unit_test(test_workers_spinning),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
