/*
 * DPA threads from many host threads at once (in the ThreadSanitizer suite too): each host thread
 * makes, starts, wakes and destroys DPA threads, notification completions, completion contexts,
 * affinities and hash tables of one shared DOCA DPA context, waking its threads as DOCA programs
 * do (doca_dpa_thread_run, then device code notifying them: RPCs and kernels of every worker at
 * once), while another host thread keeps making and waking the threads of a second context that
 * the main thread destroys meanwhile.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>

#include "mem_util.h"

#define WORKERS 4
#define ROUNDS 8
#define RUNS 4

extern struct doca_dpa_app *doca_dpa_threads_app;
extern doca_dpa_func_t thread_func, kernel_notify, rpc_notify;

/* As the DPA code's (device/dpa_threads_device.c). */
struct thread_arg {
	uint64_t runs;
	uint64_t event;
	uint64_t local_storage;
	uint32_t rank, num_threads;
	uint64_t notify;
	uint64_t limit;
	uint64_t comp;
	uint64_t completions;
	uint64_t finish;
	uint64_t ls_value;
	uint64_t last_type;
	uint64_t last_user;
};

static struct doca_dev *dev;
static struct doca_dpa *dpa;

/* Calls whose failure a worker counts (cmocka's checks are the main thread's). */
#define TRY(call)                           \
	do {                                \
		if ((call) != DOCA_SUCCESS) \
			return (void *)1;   \
	} while (0)

/* One worker: ROUNDS times a DPA thread with a notification completion, a completion context, an
 * affinity and a hash table, made runnable, then notified RUNS times (by an RPC or a kernel, in
 * turn), each run waited for in DPA memory. */
static void *worker(void *arg)
{
	unsigned int eu = (unsigned int)(uintptr_t)arg;

	for (int round = 0; round < ROUNDS; round++) {
		struct thread_arg a = { 0 };
		doca_dpa_dev_uintptr_t p;
		struct doca_dpa_thread *t;
		struct doca_dpa_eu_affinity *aff;
		struct doca_dpa_notification_completion *nc;
		struct doca_dpa_completion *comp;
		struct doca_dpa_hash_table *ht;
		doca_dpa_dev_notification_completion_t h;
		uint64_t ret;

		TRY(doca_dpa_mem_alloc(dpa, sizeof(a), &p));
		TRY(doca_dpa_h2d_memcpy(dpa, p, &a, sizeof(a)));
		TRY(doca_dpa_eu_affinity_create(dpa, &aff));
		TRY(doca_dpa_eu_affinity_set(aff, eu));
		TRY(doca_dpa_thread_create(dpa, &t));
		TRY(doca_dpa_thread_set_func_arg(t, &thread_func, p));
		TRY(doca_dpa_thread_set_affinity(t, aff));
		TRY(doca_dpa_eu_affinity_destroy(aff));
		TRY(doca_dpa_thread_start(t));
		TRY(doca_dpa_notification_completion_create(dpa, t, &nc));
		TRY(doca_dpa_notification_completion_start(nc));
		TRY(doca_dpa_notification_completion_get_dpa_handle(nc, &h));
		TRY(doca_dpa_completion_create(dpa, 4, &comp));
		TRY(doca_dpa_completion_set_thread(comp, t));
		TRY(doca_dpa_completion_start(comp));
		TRY(doca_dpa_hash_table_create(dpa, 16, &ht));
		TRY(doca_dpa_thread_run(t));
		for (uint64_t i = 1; i <= RUNS; i++) {
			if (i & 1)
				TRY(doca_dpa_rpc(dpa, &rpc_notify, &ret, h));
			else
				TRY(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, NULL, 0, 1, &kernel_notify, h));
			do /* DPA memory, read through the context */
				TRY(doca_dpa_d2h_memcpy(dpa, &a, p, sizeof(a)));
			while (a.runs < i);
		}
		TRY(doca_dpa_hash_table_destroy(ht));
		TRY(doca_dpa_completion_destroy(comp));
		TRY(doca_dpa_notification_completion_destroy(nc));
		TRY(doca_dpa_thread_destroy(t));
		TRY(doca_dpa_mem_free(dpa, p));
	}
	return NULL;
}

/* A context destroyed while another host thread starts its DPA threads and wakes them (an RPC
 * notifying each). Any call from the argument's allocation on may fail: the context goes
 * meanwhile; its DPA memory goes with it. */
static void *doomed_worker(void *arg)
{
	struct doca_dpa *doomed = arg;
	struct doca_dpa_thread *t[ROUNDS];
	struct doca_dpa_notification_completion *nc[ROUNDS] = { 0 };
	doca_dpa_dev_notification_completion_t h;
	doca_dpa_dev_uintptr_t p;
	uint64_t ret;
	int made = 0;

	for (; made < ROUNDS; made++) {
		if (doca_dpa_thread_create(doomed, &t[made]) != DOCA_SUCCESS)
			break; /* the context is gone */
		if (doca_dpa_mem_alloc(doomed, sizeof(struct thread_arg), &p) == DOCA_SUCCESS &&
		    doca_dpa_memset(doomed, p, 0, sizeof(struct thread_arg)) == DOCA_SUCCESS &&
		    doca_dpa_thread_set_func_arg(t[made], &thread_func, p) == DOCA_SUCCESS &&
		    doca_dpa_thread_start(t[made]) == DOCA_SUCCESS &&
		    doca_dpa_notification_completion_create(doomed, t[made], &nc[made]) == DOCA_SUCCESS &&
		    doca_dpa_notification_completion_start(nc[made]) == DOCA_SUCCESS &&
		    doca_dpa_notification_completion_get_dpa_handle(nc[made], &h) == DOCA_SUCCESS &&
		    doca_dpa_thread_run(t[made]) == DOCA_SUCCESS)
			(void)doca_dpa_rpc(doomed, &rpc_notify, &ret, h);
	}
	for (int i = 0; i < made; i++) {
		if (nc[i])
			TRY(doca_dpa_notification_completion_destroy(nc[i]));
		TRY(doca_dpa_thread_destroy(t[i]));
	}
	return NULL;
}

static void many_host_threads(void **state)
{
	pthread_t workers[WORKERS], doomed_thread;
	struct doca_dpa *doomed;
	char *text;
	void *ret;

	(void)state;
	expect_ok(doca_dpa_create(dev, &doomed));
	expect_ok(doca_dpa_set_app(doomed, doca_dpa_threads_app));
	expect_ok(doca_dpa_start(doomed));
	for (uintptr_t i = 0; i < WORKERS; i++)
		assert_int_equal(pthread_create(&workers[i], NULL, worker, (void *)(i + 1)), 0);
	assert_int_equal(pthread_create(&doomed_thread, NULL, doomed_worker, doomed), 0);
	/* Not expect_ok: the doomed worker's refusals log meanwhile. */
	assert_int_equal(doca_dpa_destroy(doomed), DOCA_SUCCESS);
	for (int i = 0; i < WORKERS; i++) {
		assert_int_equal(pthread_join(workers[i], &ret), 0);
		assert_null(ret);
	}
	assert_int_equal(pthread_join(doomed_thread, &ret), 0);
	assert_null(ret);
	text = sdk_log_take(); /* the doomed context's refusals */
	free(text);
}

static int setup(void **state)
{
	(void)state;
	sdk_log_capture();
	dev = sim_dev_open(0);
	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_threads_app));
	expect_ok(doca_dpa_start(dpa));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	expect_ok(doca_dpa_destroy(dpa));
	sim_dev_close(dev);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(many_host_threads),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
