/*
 * Sync events between threads (in the ThreadSanitizer suite too): a ping-pong of waits (polling
 * and yielding, with masks) racing updates, fetch-adds of several threads adding up, a stop
 * ending a wait in flight, and wait tasks on a progress engine completed by another thread's
 * update_set, the engine asleep on its notification handle.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_pe.h>
#include <doca_sync_event.h>

#include "mem_util.h"

#define ROUNDS 2000
#define ADDERS 4
#define ADDS 5000

static struct doca_dev *dev;

static struct doca_sync_event *cpu_event(void)
{
	struct doca_sync_event *se;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	expect_ok(doca_sync_event_start(se));
	return se;
}

/* The other side of the ping-pong: answers each even value (in the low 32 bits) with the next. */
static void *pong(void *arg)
{
	struct doca_sync_event *se = arg;

	for (uint64_t i = 0; i < ROUNDS; i++) {
		/* The high bits change under the mask: the wait looks at the low ones only. */
		if (doca_sync_event_wait_eq_yield(se, 2 * i, 0xffffffffu) != DOCA_SUCCESS ||
		    doca_sync_event_update_set(se, (i << 32) | (2 * i + 1)) != DOCA_SUCCESS)
			return (void *)1;
	}
	return NULL;
}

static void waits_race_updates(void **state)
{
	struct doca_sync_event *se = cpu_event();
	pthread_t thread;
	void *result;
	uint64_t value;

	(void)state;
	assert_int_equal(pthread_create(&thread, NULL, pong, se), 0);
	for (uint64_t i = 0; i < ROUNDS; i++) {
		assert_int_equal(doca_sync_event_wait_gt(se, 2 * i, 0xffffffffu), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_get(se, &value), DOCA_SUCCESS);
		assert_int_equal(value, (i << 32) | (2 * i + 1));
		assert_int_equal(doca_sync_event_update_set(se, 2 * i + 2), DOCA_SUCCESS);
	}
	assert_int_equal(pthread_join(thread, &result), 0);
	assert_null(result);
	expect_ok(doca_sync_event_destroy(se));
}

static void *adder(void *arg)
{
	struct doca_sync_event *se = arg;
	uint64_t fetched;

	for (int i = 0; i < ADDS; i++)
		if (doca_sync_event_update_add(se, 1, &fetched) != DOCA_SUCCESS)
			return (void *)1;
	return NULL;
}

static void fetch_adds_add_up(void **state)
{
	struct doca_sync_event *se = cpu_event();
	pthread_t threads[ADDERS];
	void *result;

	(void)state;
	for (int i = 0; i < ADDERS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, adder, se), 0);
	/* Every add lands once: the total is reached, never passed. */
	expect_ok(doca_sync_event_wait_eq(se, ADDERS * ADDS, UINT64_MAX));
	for (int i = 0; i < ADDERS; i++) {
		assert_int_equal(pthread_join(threads[i], &result), 0);
		assert_null(result);
	}
	expect_ok(doca_sync_event_wait_neq_yield(se, ADDERS * ADDS + 1, UINT64_MAX));
	expect_ok(doca_sync_event_destroy(se));
}

static atomic_int waiting;

static void *waiter(void *arg)
{
	atomic_store(&waiting, 1);
	return (void *)(uintptr_t)doca_sync_event_wait_gt_yield(arg, 100, UINT64_MAX);
}

static void a_stop_ends_a_wait(void **state)
{
	struct doca_sync_event *se = cpu_event();
	pthread_t thread;
	void *result;

	(void)state;
	assert_int_equal(pthread_create(&thread, NULL, waiter, se), 0);
	while (!atomic_load(&waiting))
		sched_yield();
	usleep(10000);
	expect_ok(doca_sync_event_stop(se));
	assert_int_equal(pthread_join(thread, &result), 0);
	assert_int_equal((doca_error_t)(uintptr_t)result, DOCA_ERROR_BAD_STATE);
	free(sdk_log_take()); /* the wait's line: "stopped during the wait" */
	expect_ok(doca_sync_event_destroy(se));
}

/* ---- Wait tasks completed by another thread ---- */

#define WAITS 8

static atomic_int completed;
static uint64_t order[WAITS];

static void wait_done(struct doca_sync_event_task_wait_eq *task, union doca_data task_user_data,
		      union doca_data ctx_user_data)
{
	struct doca_task *t = doca_sync_event_task_wait_eq_as_doca_task(task);

	(void)ctx_user_data;
	assert_int_equal(doca_task_get_status(t), DOCA_SUCCESS);
	order[atomic_load(&completed)] = task_user_data.u64;
	atomic_fetch_add(&completed, 1);
	doca_task_free(t);
}

/*
 * Sets 1 ... WAITS, each once the previous one's wait completed (a wait_eq the value passed would
 * wait for ever), a moment later: the engine is asleep on its notification handle by then.
 */
static void *setter(void *arg)
{
	struct doca_sync_event *se = arg;

	for (uint64_t v = 1; v <= WAITS; v++) {
		while ((uint64_t)atomic_load(&completed) < v - 1)
			sched_yield();
		usleep(2000);
		if (doca_sync_event_update_set(se, v) != DOCA_SUCCESS)
			return (void *)1;
	}
	return NULL;
}

static void tasks_complete_from_another_thread(void **state)
{
	struct epoll_event event = { .events = EPOLLIN };
	struct doca_sync_event_task_wait_eq *task;
	doca_notification_handle_t handle;
	struct doca_sync_event *se;
	struct doca_pe *pe;
	pthread_t thread;
	void *result;
	int epoll_fd = epoll_create1(0);

	(void)state;
	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	expect_ok(doca_sync_event_task_wait_eq_set_conf(se, wait_done, wait_done, WAITS));
	expect_ok(doca_pe_connect_ctx(pe, doca_sync_event_as_ctx(se)));
	expect_ok(doca_ctx_start(doca_sync_event_as_ctx(se)));
	/* Waits for WAITS ... 1, submitted newest first: they complete in the order of the values. */
	for (uint64_t v = WAITS; v >= 1; v--) {
		expect_ok(doca_sync_event_task_wait_eq_alloc_init(se, v, UINT64_MAX, (union doca_data){ .u64 = v },
								  &task));
		expect_ok(doca_task_submit(doca_sync_event_task_wait_eq_as_doca_task(task)));
	}
	expect_ok(doca_pe_get_notification_handle(pe, &handle));
	assert_true(epoll_fd >= 0);
	assert_int_equal(epoll_ctl(epoll_fd, EPOLL_CTL_ADD, handle, &event), 0);
	assert_int_equal(pthread_create(&thread, NULL, setter, se), 0);
	while (atomic_load(&completed) < WAITS) {
		if (doca_pe_progress(pe))
			continue;
		expect_ok(doca_pe_request_notification(pe));
		/* Asleep until the setter's update wakes the engine (a missed wake-up fails the test). */
		assert_int_equal(epoll_wait(epoll_fd, &event, 1, 10000), 1);
		expect_ok(doca_pe_clear_notification(pe, handle));
	}
	assert_int_equal(pthread_join(thread, &result), 0);
	assert_null(result);
	for (int i = 0; i < WAITS; i++)
		assert_int_equal(order[i], i + 1);
	expect_ok(doca_ctx_stop(doca_sync_event_as_ctx(se)));
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_pe_destroy(pe));
	close(epoll_fd);
}

static int setup(void **state)
{
	(void)state;
	sdk_log_capture();
	dev = sim_dev_open(0);
	free(sdk_log_take());
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sim_dev_close(dev);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(waits_race_updates),
		cmocka_unit_test(fetch_adds_add_up),
		cmocka_unit_test(a_stop_ends_a_wait),
		cmocka_unit_test(tasks_complete_from_another_thread),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
