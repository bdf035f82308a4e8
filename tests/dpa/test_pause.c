/*
 * Pausing a live process (dpa_process_pause / dpa_process_resume): harts running on other
 * threads stop at a safe point, harts inside a blocking service count as stopped, register
 * writes, runs and new harts wait for the resume, pauses nest. While paused the registers and
 * DPA memory are read without synchronising with the harts otherwise: built with
 * -fsanitize=thread (FLEXIO_DPA_TSAN=ON, target test_dpa_pause_tsan) ThreadSanitizer checks
 * that these reads do not race.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "dpa_ecall.h"
#include "test_util.h"

#define A0 10
#define A1 11
#define A7 17
#define T0 5
#define SETTLE_NS 20000000L /* long enough for a hart that was not stopped to move on */

static void sleep_ns(long ns)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ns };
	nanosleep(&ts, NULL);
}

/* Spins until the 64-bit flag at a1 is set: a0 counts rounds, each stored at a1 + 8 + a2. */
static void emit_spin(struct prog *p)
{
	emit32(p, ADDI(A0, A0, 1)); /* 0: loop */
	emit32(p, ADD(T0, A1, 12)); /* 4 */
	emit32(p, SD(A0, T0, 8));   /* 8 */
	emit32(p, LD(T0, A1, 0));   /* 12 */
	emit32(p, BEQ(T0, 0, -16)); /* 16 */
	emit32(p, RET);             /* 20 */
}

struct runner {
	pthread_t thread;
	struct dpa_hart *hart;
	uint64_t function, args[3], result;
	unsigned nargs;
	enum dpa_stop stop;
	atomic_bool done;
};

static void *run_call(void *arg)
{
	struct runner *r = arg;
	r->stop = dpa_hart_call(r->hart, r->function, r->args, r->nargs, &r->result);
	atomic_store(&r->done, true);
	return NULL;
}

static void start(struct runner *r)
{
	atomic_init(&r->done, false);
	assert_int_equal(pthread_create(&r->thread, NULL, run_call, r), 0);
}

/* a0 of a hart read under a pause of its process. */
static uint64_t paused_a0(struct dpa_process *process, struct dpa_hart *hart)
{
	dpa_process_pause(process);
	uint64_t v = dpa_hart_reg(hart, A0);
	dpa_process_resume(process);
	return v;
}

static void wait_a0_above(struct dpa_process *process, struct dpa_hart *hart, uint64_t floor)
{
	for (int i = 0; i < 100000 && paused_a0(process, hart) <= floor; i++)
		sleep_ns(100000);
	assert_true(paused_a0(process, hart) > floor);
}

static void set_flag(struct dpa_process *process, uint64_t address)
{
	uint64_t *flag = dpa_process_host_pointer(process, address, 8, true);
	assert_non_null(flag);
	__atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

/* A hart spinning on another thread stops; its registers and memory hold still and agree. */
static void test_pause_spinning_hart(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit_spin(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct runner r = { .hart = g.hart, .function = CODE_BASE, .args = { 0, DATA_BASE, 0 }, .nargs = 3 };
	start(&r);
	wait_a0_above(g.process, g.hart, 0);

	dpa_process_pause(g.process);
	uint64_t a0 = dpa_hart_reg(g.hart, A0), pc = dpa_hart_pc(g.hart), stored = 0;
	assert_int_equal(dpa_hart_reg(g.hart, A1), DATA_BASE);
	assert_true(pc >= CODE_BASE && pc < CODE_BASE + 20);
	assert_int_equal(dpa_process_read(g.process, DATA_BASE + 8, &stored, 8), 0);
	assert_int_equal(stored, a0); /* stopped between rounds, at a block boundary */
	sleep_ns(SETTLE_NS);
	assert_int_equal(dpa_hart_reg(g.hart, A0), a0);
	assert_int_equal(dpa_hart_pc(g.hart), pc);
	/* Nested: the process runs again only when both pauses are resumed. */
	dpa_process_pause(g.process);
	dpa_process_resume(g.process);
	sleep_ns(SETTLE_NS);
	assert_int_equal(dpa_hart_reg(g.hart, A0), a0);
	assert_false(atomic_load(&r.done));
	dpa_process_resume(g.process);

	wait_a0_above(g.process, g.hart, a0);
	set_flag(g.process, DATA_BASE);
	pthread_join(r.thread, NULL);
	assert_int_equal(r.stop, DPA_STOP_RETURNED);
	assert_true(r.result > a0);
	guest_close(&g);
}

struct gate {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	bool entered, released;
};

/* Blocks until the test releases it, as a synchronous message waits for the host. */
static int64_t blocking_service(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct gate *gate = user;
	(void)hart;
	pthread_mutex_lock(&gate->lock);
	gate->entered = true;
	pthread_cond_broadcast(&gate->changed);
	while (!gate->released)
		pthread_cond_wait(&gate->changed, &gate->lock);
	pthread_mutex_unlock(&gate->lock);
	return (int64_t)args[0] + 40;
}

/* A hart waiting in an ecall counts as stopped; it writes the result only after the resume. */
static void test_pause_blocked_in_service(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LUI(A7, DPA_ECALL_PRINT & ~0xfffu));    /* 0 */
	emit32(&p, ADDI(A7, A7, DPA_ECALL_PRINT & 0xfff)); /* 4 */
	emit32(&p, ECALL);                                 /* 8 */
	emit32(&p, ADDI(A0, A0, 1));                       /* 12 */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct gate gate = { .lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER };
	assert_int_equal(dpa_process_set_service(g.process, DPA_ECALL_PRINT, blocking_service, &gate), 0);
	struct runner r = { .hart = g.hart, .function = CODE_BASE, .args = { 1 }, .nargs = 1 };
	start(&r);
	pthread_mutex_lock(&gate.lock);
	while (!gate.entered)
		pthread_cond_wait(&gate.changed, &gate.lock);
	pthread_mutex_unlock(&gate.lock);

	dpa_process_pause(g.process); /* returns although the service has not */
	assert_int_equal(dpa_hart_pc(g.hart), CODE_BASE + 8);
	assert_int_equal(dpa_hart_reg(g.hart, A7), DPA_ECALL_PRINT);
	assert_int_equal(dpa_hart_reg(g.hart, A0), 1);
	pthread_mutex_lock(&gate.lock);
	gate.released = true;
	pthread_cond_broadcast(&gate.changed);
	pthread_mutex_unlock(&gate.lock);
	sleep_ns(SETTLE_NS);
	assert_false(atomic_load(&r.done));
	assert_int_equal(dpa_hart_reg(g.hart, A0), 1); /* the result waits for the resume */
	dpa_process_resume(g.process);

	pthread_join(r.thread, NULL);
	assert_int_equal(r.stop, DPA_STOP_RETURNED);
	assert_int_equal(r.result, 42);
	guest_close(&g);
}

struct writer {
	pthread_t thread;
	struct dpa_hart *hart;
	atomic_bool done;
};

static void *write_register(void *arg)
{
	struct writer *w = arg;
	dpa_hart_set_reg(w->hart, T0, 77);
	atomic_store(&w->done, true);
	return NULL;
}

/* While paused, register writes from other threads and runs of harts wait, harts created
 * meanwhile start paused; pausing an idle process returns at once. */
static void test_pause_holds_writes_runs_and_new_harts(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, ADD(A0, A0, T0));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);

	dpa_process_pause(g.process);
	struct writer w = { .hart = g.hart };
	atomic_init(&w.done, false);
	assert_int_equal(pthread_create(&w.thread, NULL, write_register, &w), 0);
	struct dpa_hart *late = dpa_hart_create(g.process, NULL);
	assert_non_null(late);
	struct runner r = { .hart = late, .function = CODE_BASE, .args = { 5 }, .nargs = 1 };
	start(&r);
	sleep_ns(SETTLE_NS);
	assert_false(atomic_load(&w.done));
	assert_false(atomic_load(&r.done));
	assert_int_equal(dpa_hart_reg(g.hart, T0), 0);
	assert_int_equal(dpa_hart_instret(late), 0);
	dpa_process_resume(g.process);

	pthread_join(w.thread, NULL);
	pthread_join(r.thread, NULL);
	assert_int_equal(r.stop, DPA_STOP_RETURNED);
	assert_int_equal(r.result, 5);
	assert_int_equal(dpa_hart_reg(g.hart, T0), 77);
	uint64_t args[1] = { 1 }, result = 0;
	assert_int_equal(guest_call(&g, 0, args, 1, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 78);
	assert_int_equal(dpa_hart_destroy(late), 0);
	guest_close(&g);
}

/* Harts served by scheduler worker threads stop too, each with its memory in step. */
static void test_pause_scheduled_harts(void **state)
{
	(void)state;
	enum {
		HARTS = 4
	};
	struct prog p = { .n = 0 };
	struct guest g;
	emit_spin(&p);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct dpa_sched_config config = { .workers = 2, .quantum = 1000 };
	struct dpa_sched *sched = dpa_sched_create(&config);
	assert_non_null(sched);
	struct dpa_hart *harts[HARTS];
	for (unsigned i = 0; i < HARTS; i++) {
		harts[i] = dpa_hart_create(g.process, NULL);
		assert_non_null(harts[i]);
		uint64_t args[3] = { 0, DATA_BASE, 16 * (i + 1) };
		assert_int_equal(dpa_hart_prepare_call(harts[i], CODE_BASE, args, 3), 0);
		assert_int_equal(dpa_sched_submit(sched, harts[i]), 0);
	}
	for (unsigned i = 0; i < HARTS; i++)
		wait_a0_above(g.process, harts[i], 0);

	uint64_t seen[HARTS];
	dpa_process_pause(g.process);
	for (unsigned i = 0; i < HARTS; i++) {
		uint64_t stored = 0;
		seen[i] = dpa_hart_reg(harts[i], A0);
		assert_int_equal(dpa_process_read(g.process, DATA_BASE + 8 + 16 * (i + 1), &stored, 8), 0);
		assert_int_equal(stored, seen[i]);
	}
	sleep_ns(SETTLE_NS);
	for (unsigned i = 0; i < HARTS; i++)
		assert_int_equal(dpa_hart_reg(harts[i], A0), seen[i]);
	dpa_process_resume(g.process);

	for (unsigned i = 0; i < HARTS; i++)
		wait_a0_above(g.process, harts[i], seen[i]);
	set_flag(g.process, DATA_BASE);
	assert_int_equal(dpa_sched_run(sched), 0);
	dpa_sched_destroy(sched);
	for (unsigned i = 0; i < HARTS; i++)
		assert_int_equal(dpa_hart_destroy(harts[i]), 0);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pause_spinning_hart),
		cmocka_unit_test(test_pause_blocked_in_service),
		cmocka_unit_test(test_pause_holds_writes_runs_and_new_harts),
		cmocka_unit_test(test_pause_scheduled_harts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
