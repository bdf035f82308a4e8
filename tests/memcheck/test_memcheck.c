/*
 * The memory-model checker end to end (flexio_ext.h): device code storing through a window
 * without __dpa_thread_window_writeback() and reading a value the host changed without
 * __dpa_thread_window_read_inv() is reported (thread, pc, address; one log line per rule and
 * pc; counts); the correct versions are silent; the checker off (the default) is silent;
 * FLEXIO_SIM_MEMCHECK=1 turns it on at process creation. Misaligned loads and stores are
 * performed and reported (once per pc in the log, naming the source line: the device program
 * has debug info); strict alignment
 * (flexio_process_strict_alignment_set, FLEXIO_SIM_STRICT_ALIGNMENT=1) makes them faults.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "host_test.h"

extern flexio_func_t mc_store, mc_load, mc_last_value, mc_thread_id, mc_misaligned_store, mc_misaligned_load,
	mc_misaligned_store_line;

static flexio_app *app;
static struct ibv_pd *pd;

/* The checker's log lines. */
static pthread_mutex_t lines_lock = PTHREAD_MUTEX_INITIALIZER;
static char lines[8][512];
static unsigned nlines;

static void on_log(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	(void)lvl, (void)user;
	if (strcmp(func, "flexio_memcheck"))
		return;
	pthread_mutex_lock(&lines_lock);
	if (nlines < 8)
		snprintf(lines[nlines], sizeof(lines[0]), "%s", msg);
	nlines++;
	pthread_mutex_unlock(&lines_lock);
}

static int setup(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	pd = ibv_alloc_pd(ctx);
	if (!pd || flexio_log_callback_set(on_log, NULL) != FLEXIO_STATUS_SUCCESS)
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "memcheck_test" }, &app);
}

static int teardown(void **state)
{
	(void)state;
	flexio_log_callback_set(NULL, NULL);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	sim_device_close();
	return 0;
}

#define CALL(p, f, ...)                                                                                \
	({                                                                                             \
		uint64_t r_ = 0;                                                                       \
		assert_int_equal(flexio_process_call(p, &f, &r_, __VA_ARGS__), FLEXIO_STATUS_SUCCESS); \
		r_;                                                                                    \
	})

/* A process with a window onto a registered page of host memory. */
struct fixture {
	flexio_process *p;
	flexio_window *w;
	uint64_t *data;
	struct ibv_mr *mr;
	uint32_t window;
};

static void open_fixture(struct fixture *f)
{
	nlines = 0;
	assert_int_equal(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = pd }, &f->p),
			 FLEXIO_STATUS_SUCCESS);
	f->data = aligned_alloc(4096, 4096);
	assert_non_null(f->data);
	memset(f->data, 0, 4096);
	f->mr = ibv_reg_mr(pd, f->data, 4096, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(f->mr);
	assert_int_equal(flexio_window_create(f->p, pd, &f->w), FLEXIO_STATUS_SUCCESS);
	f->window = flexio_window_get_id(f->w);
}

static void close_fixture(struct fixture *f)
{
	assert_int_equal(flexio_err_status_get(f->p), 0);
	flexio_process_destroy(f->p);
	assert_int_equal(ibv_dereg_mr(f->mr), 0);
	free(f->data);
}

static struct flexio_memcheck_info info_of(flexio_process *p)
{
	struct flexio_memcheck_info info;

	assert_int_equal(flexio_process_memcheck_get(p, &info), FLEXIO_STATUS_SUCCESS);
	return info;
}

/* The log line names the thread, the source line, function and pc (the device program has debug
 * info) and an address with the host address's page offset (an aperture maps host pages at the
 * same offsets). */
static void expect_line(unsigned i, const char *what, uint32_t thread, const char *function, uint64_t pc,
			uint64_t haddr)
{
	char head[64], where[128];

	snprintf(head, sizeof(head), "thread %u at /", thread);
	snprintf(where, sizeof(where), "/memcheck_device.c:");
	if (!strstr(lines[i], head) || !strstr(lines[i], where) || !strstr(lines[i], what))
		fail_msg("line %u lacks \"%s\", \"%s\" or \"%s\": %s", i, head, where, what, lines[i]);
	snprintf(where, sizeof(where), " in %s (pc 0x%llx), address 0x", function, (unsigned long long)pc);
	if (!strstr(lines[i], where))
		fail_msg("line %u lacks \"%s\": %s", i, where, lines[i]);
	char *at = strstr(lines[i], "address 0x") + strlen("address 0x");
	assert_int_equal(strtoull(at, NULL, 16) & 0xfff, haddr & 0xfff);
}

static void missing_writeback_is_caught(void **state)
{
	struct fixture f;
	uint64_t pc, haddr;
	uint32_t thread;
	struct flexio_memcheck_info info;

	(void)state;
	open_fixture(&f);
	haddr = (uint64_t)&f.data[9];
	assert_int_equal(flexio_process_memcheck_set(f.p, 1), FLEXIO_STATUS_SUCCESS);
	thread = (uint32_t)CALL(f.p, mc_thread_id, 0);
	pc = CALL(f.p, mc_store, f.window, f.mr->lkey, haddr, 0x1234, 0);
	assert_int_not_equal(pc, 1);
	info = info_of(f.p);
	assert_int_equal(info.enabled, 1);
	assert_int_equal(info.window_not_written_back, 1);
	assert_int_equal(info.stale_window_reads + info.memory_not_written_back, 0);
	assert_int_equal(info.logged, 1);
	assert_int_equal(info.last_rule, FLEXIO_MEMCHECK_WINDOW_NOT_WRITTEN_BACK);
	assert_int_equal(info.last_thread_id, thread);
	assert_int_equal(info.last_pc, pc);
	assert_int_equal(info.last_address & 0xfff, haddr & 0xfff);
	assert_int_equal(nlines, 1);
	expect_line(0, "__dpa_thread_window_writeback() missing", thread, "mc_store", pc, haddr);
	assert_non_null(strstr(lines[0], "the end of the invocation"));
	assert_int_equal(f.data[9], 0); /* and indeed the host does not see it */

	/* Again at the same pc: counted, not logged again. */
	assert_int_equal(CALL(f.p, mc_store, f.window, f.mr->lkey, haddr, 0x5678, 0), pc);
	info = info_of(f.p);
	assert_int_equal(info.window_not_written_back, 2);
	assert_int_equal(info.logged, 1);
	assert_int_equal(nlines, 1);

	/* The correct version: silent, and the host sees the value. */
	assert_int_equal(CALL(f.p, mc_store, f.window, f.mr->lkey, haddr, 0x9abc, 1), pc);
	assert_int_equal(f.data[9], 0x9abc);
	assert_int_equal(info_of(f.p).window_not_written_back, 2);
	assert_int_equal(nlines, 1);
	close_fixture(&f);
}

static void missing_invalidation_is_caught(void **state)
{
	struct fixture f;
	uint64_t pc, haddr;
	uint32_t thread;
	struct flexio_memcheck_info info;

	(void)state;
	open_fixture(&f);
	haddr = (uint64_t)&f.data[3];
	assert_int_equal(flexio_process_memcheck_set(f.p, 1), FLEXIO_STATUS_SUCCESS);
	thread = (uint32_t)CALL(f.p, mc_thread_id, 0);
	f.data[3] = 1;
	pc = CALL(f.p, mc_load, f.window, f.mr->lkey, haddr, 1); /* fills the cache */
	assert_int_not_equal(pc, 1);
	assert_int_equal(CALL(f.p, mc_last_value, 0), 1);
	assert_int_equal(info_of(f.p).stale_window_reads, 0);
	f.data[3] = 2; /* the host changes it */
	assert_int_equal(CALL(f.p, mc_load, f.window, f.mr->lkey, haddr, 0), pc);
	assert_int_equal(CALL(f.p, mc_last_value, 0), 1); /* stale */
	info = info_of(f.p);
	assert_int_equal(info.stale_window_reads, 1);
	assert_int_equal(info.last_rule, FLEXIO_MEMCHECK_STALE_WINDOW_READ);
	assert_int_equal(info.last_thread_id, thread);
	assert_int_equal(info.last_pc, pc);
	assert_int_equal(nlines, 1);
	expect_line(0, "__dpa_thread_window_read_inv() missing", thread, "mc_load", pc, haddr);

	/* The correct version: the new value, silent. */
	assert_int_equal(CALL(f.p, mc_load, f.window, f.mr->lkey, haddr, 1), pc);
	assert_int_equal(CALL(f.p, mc_last_value, 0), 2);
	assert_int_equal(CALL(f.p, mc_load, f.window, f.mr->lkey, haddr, 0), pc); /* unchanged: fine */
	assert_int_equal(info_of(f.p).stale_window_reads, 1);
	assert_int_equal(nlines, 1);
	close_fixture(&f);
}

static void off_is_silent(void **state)
{
	struct fixture f;
	uint64_t haddr;
	struct flexio_memcheck_info info;

	(void)state;
	open_fixture(&f);
	haddr = (uint64_t)&f.data[5];
	CALL(f.p, mc_store, f.window, f.mr->lkey, haddr, 7, 0);
	f.data[6] = 1;
	CALL(f.p, mc_load, f.window, f.mr->lkey, haddr + 8, 1);
	f.data[6] = 2;
	CALL(f.p, mc_load, f.window, f.mr->lkey, haddr + 8, 0);
	info = info_of(f.p);
	assert_int_equal(info.enabled, 0);
	assert_int_equal(info.window_not_written_back + info.stale_window_reads + info.memory_not_written_back, 0);
	/* On, then off again. */
	assert_int_equal(flexio_process_memcheck_set(f.p, 1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_memcheck_set(f.p, 0), FLEXIO_STATUS_SUCCESS);
	CALL(f.p, mc_store, f.window, f.mr->lkey, haddr, 8, 0);
	info = info_of(f.p);
	assert_int_equal(info.enabled, 0);
	assert_int_equal(info.window_not_written_back, 0);
	assert_int_equal(nlines, 0);
	close_fixture(&f);
}

static void environment_turns_it_on(void **state)
{
	struct fixture f;

	(void)state;
	setenv("FLEXIO_SIM_MEMCHECK", "1", 1);
	open_fixture(&f);
	unsetenv("FLEXIO_SIM_MEMCHECK");
	assert_int_equal(info_of(f.p).enabled, 1);
	CALL(f.p, mc_store, f.window, f.mr->lkey, (uint64_t)f.data, 7, 0);
	assert_int_equal(info_of(f.p).window_not_written_back, 1);
	assert_int_equal(nlines, 1);
	close_fixture(&f);
}

static void misaligned_access_is_reported(void **state)
{
	struct fixture f;
	uint64_t pc;
	uint32_t thread;
	struct flexio_memcheck_info info;
	char where[160];

	(void)state;
	open_fixture(&f);
	/* Off: performed, not reported. */
	pc = CALL(f.p, mc_misaligned_store, 0x1122334455667788ull);
	assert_int_equal(CALL(f.p, mc_misaligned_load, 0), 0x1122334455667788ull);
	assert_int_equal(info_of(f.p).misaligned_accesses, 0);
	assert_int_equal(flexio_process_memcheck_set(f.p, 1), FLEXIO_STATUS_SUCCESS);
	thread = (uint32_t)CALL(f.p, mc_thread_id, 0);
	assert_int_equal(CALL(f.p, mc_misaligned_store, 0x0102030405060708ull), pc);
	info = info_of(f.p);
	assert_int_equal(info.misaligned_accesses, 1);
	assert_int_equal(info.logged, 1);
	assert_int_equal(info.last_rule, FLEXIO_MEMCHECK_MISALIGNED_ACCESS);
	assert_int_equal(info.last_thread_id, thread);
	assert_int_equal(info.last_pc, pc);
	assert_int_equal(info.last_address & 7, 1);
	assert_int_equal(nlines, 1);
	/* The store's source line, from the ELF's DWARF line table. */
	snprintf(where, sizeof(where), "/memcheck_device.c:%llu in mc_misaligned_store (pc 0x%llx), address 0x",
		 (unsigned long long)CALL(f.p, mc_misaligned_store_line, 0), (unsigned long long)pc);
	if (!strstr(lines[0], where))
		fail_msg("the line lacks \"%s\": %s", where, lines[0]);
	expect_line(0, "a misaligned 8-byte access", thread, "mc_misaligned_store", pc, info.last_address);
	/* Again at the same pc: counted, not logged again; the load is another pc. */
	CALL(f.p, mc_misaligned_store, 0x0102030405060708ull);
	assert_int_equal(CALL(f.p, mc_misaligned_load, 0), 0x0102030405060708ull);
	info = info_of(f.p);
	assert_int_equal(info.misaligned_accesses, 3);
	assert_int_equal(info.logged, 2);
	assert_int_equal(nlines, 2);
	assert_non_null(strstr(lines[1], " in mc_misaligned_load (pc 0x"));
	close_fixture(&f);
}

/* The fault strict alignment makes of a misaligned store. */
static void expect_strict_fault(flexio_process *p)
{
	struct flexio_process_fault fault;
	uint64_t r = 0;

	assert_int_equal(flexio_process_call(p, &mc_misaligned_store, &r, 7ull), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_process_fault_get(p, &fault), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(fault.cause, FLEXIO_FAULT_MISALIGNED);
	assert_int_equal(fault.address & 7, 1);
}

static void strict_alignment_faults(void **state)
{
	flexio_process *p;
	struct flexio_process_attr attr = { .pd = pd };

	(void)state;
	assert_int_equal(flexio_process_create(ctx, app, &attr, &p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_strict_alignment_set(p, 2), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_process_strict_alignment_set(NULL, 1), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_process_strict_alignment_set(p, 1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_strict_alignment_set(p, 0), FLEXIO_STATUS_SUCCESS);
	CALL(p, mc_misaligned_store, 1);
	assert_int_equal(flexio_process_strict_alignment_set(p, 1), FLEXIO_STATUS_SUCCESS);
	expect_strict_fault(p);
	flexio_process_destroy(p);

	setenv("FLEXIO_SIM_STRICT_ALIGNMENT", "1", 1);
	assert_int_equal(flexio_process_create(ctx, app, &attr, &p), FLEXIO_STATUS_SUCCESS);
	unsetenv("FLEXIO_SIM_STRICT_ALIGNMENT");
	expect_strict_fault(p);
	flexio_process_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(missing_writeback_is_caught),
		cmocka_unit_test(missing_invalidation_is_caught),
		cmocka_unit_test(off_is_silent),
		cmocka_unit_test(environment_turns_it_on),
		cmocka_unit_test(misaligned_access_is_reported),
		cmocka_unit_test(strict_alignment_faults),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
