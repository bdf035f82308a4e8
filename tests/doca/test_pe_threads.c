/*
 * Progress engines and work queues with threads, in the ThreadSanitizer suite too (label
 * concurrency): completions from the copy context's worker threads (pushed, or polled from a
 * queue) while the progress thread polls or sleeps on the notification handle, engines on several
 * threads at once, a stop racing the workers, a progress engine used by a second thread (refused,
 * never raced) and 2.2 work queues of several threads sharing one context (pe_threads_2_2.c).
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_pe.h>

#include "copy_context.h"
#include "pe_threads_2_2.h"
#include "private.h"

#define TASKS 32
#define LEN 64

/* One context's share of a run. */
struct lane {
	struct copy_ctx *cc;
	char src[TASKS][LEN], dst[TASKS][LEN];
	long target, completed, failed, submitted;
};

static void on_done(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data, bool ok)
{
	struct lane *lane = ctx_user_data.ptr;
	struct doca_task *t = copy_task_as_task(task);

	if (ok) {
		lane->completed++;
		assert_memory_equal(lane->dst[task_user_data.u64], lane->src[task_user_data.u64], LEN);
	} else {
		lane->failed++;
	}
	if (lane->submitted < lane->target && doca_task_submit(t) == DOCA_SUCCESS)
		lane->submitted++;
	else
		doca_task_free(t);
}

static void lane_completed(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	on_done(task, task_user_data, ctx_user_data, true);
}

static void lane_failed(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	on_done(task, task_user_data, ctx_user_data, false);
}

/* A started context of mode on pe, TASKS tasks submitted, target completions in all. */
static void lane_start(struct lane *lane, struct doca_pe *pe, enum copy_mode mode, long target)
{
	struct doca_ctx *ctx;

	memset(lane, 0, sizeof(*lane));
	lane->target = target;
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, mode, &lane->cc), DOCA_SUCCESS);
	ctx = copy_ctx_as_ctx(lane->cc);
	assert_int_equal(doca_pe_connect_ctx(pe, ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_user_data(ctx, (union doca_data){ .ptr = lane }), DOCA_SUCCESS);
	assert_int_equal(copy_task_set_conf(lane->cc, lane_completed, lane_failed, TASKS), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	for (int i = 0; i < TASKS; i++) {
		struct copy_task *task;

		memset(lane->src[i], i + 1, LEN);
		assert_int_equal(copy_task_alloc_init(lane->cc, lane->dst[i], lane->src[i], LEN,
						      (union doca_data){ .u64 = i }, &task),
				 DOCA_SUCCESS);
		assert_int_equal(doca_task_submit(copy_task_as_task(task)), DOCA_SUCCESS);
		lane->submitted++;
	}
}

static void lane_finish(struct lane *lane)
{
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(lane->cc)), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_destroy(lane->cc), DOCA_SUCCESS);
}

static bool lanes_done(struct lane *lanes, int count)
{
	for (int i = 0; i < count; i++)
		if (lanes[i].completed + lanes[i].failed < lanes[i].submitted)
			return false;
	return true;
}

static void completions_from_worker_threads(void **state)
{
	struct doca_pe *pe;
	struct lane lanes[3];
	doca_notification_handle_t handle;
	struct epoll_event event = { .events = EPOLLIN };
	int epoll_fd = epoll_create1(0);
	long rounds = 0;

	(void)state;
	assert_true(epoll_fd >= 0);
	assert_int_equal(doca_pe_create(&pe), DOCA_SUCCESS);
	assert_int_equal(doca_pe_get_notification_handle(pe, &handle), DOCA_SUCCESS);
	assert_int_equal(epoll_ctl(epoll_fd, EPOLL_CTL_ADD, handle, &event), 0);
	lane_start(&lanes[0], pe, COPY_ASYNC, 4000);
	lane_start(&lanes[1], pe, COPY_POLL, 4000);
	lane_start(&lanes[2], pe, COPY_ASYNC, 2000);
	/* Polling for a while, then sleeping on the handle for a while, and so on. */
	while (!lanes_done(lanes, 3)) {
		if ((rounds++ / 64) % 2) {
			while (doca_pe_progress(pe))
				;
			assert_int_equal(doca_pe_request_notification(pe), DOCA_SUCCESS);
			if (!lanes_done(lanes, 3))
				assert_int_equal(epoll_wait(epoll_fd, &event, 1, 10000), 1);
			assert_int_equal(doca_pe_clear_notification(pe, handle), DOCA_SUCCESS);
		} else {
			doca_pe_progress(pe);
		}
	}
	for (int i = 0; i < 3; i++) {
		assert_int_equal(lanes[i].completed, lanes[i].target);
		assert_int_equal(lanes[i].failed, 0);
		assert_int_equal(copy_ctx_executed(lanes[i].cc), lanes[i].target);
		lane_finish(&lanes[i]);
	}
	assert_int_equal(doca_pe_destroy(pe), DOCA_SUCCESS);
	close(epoll_fd);
}

static void *own_engine(void *arg)
{
	struct doca_pe *pe;
	struct lane *lane = arg;

	assert_int_equal(doca_pe_create(&pe), DOCA_SUCCESS);
	for (int round = 0; round < 3; round++) {
		lane_start(lane, pe, round % 2 ? COPY_POLL : COPY_ASYNC, 500);
		while (!lanes_done(lane, 1))
			doca_pe_progress(pe);
		assert_int_equal(lane->completed, 500);
		lane_finish(lane);
	}
	assert_int_equal(doca_pe_destroy(pe), DOCA_SUCCESS);
	return NULL;
}

static void engines_on_many_threads(void **state)
{
	pthread_t threads[4];
	static struct lane lanes[4];

	(void)state;
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, own_engine, &lanes[i]), 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
}

static void a_stop_races_the_workers(void **state)
{
	struct doca_pe *pe;
	struct lane lane;

	(void)state;
	assert_int_equal(doca_pe_create(&pe), DOCA_SUCCESS);
	for (int round = 0; round < 20; round++) {
		enum doca_ctx_states st;
		doca_error_t err;

		lane_start(&lane, pe, round % 2 ? COPY_POLL : COPY_ASYNC, 1000000);
		for (int i = 0; i < round * 7; i++)
			doca_pe_progress(pe);
		/* Tasks in flight: some executed, the rest flushed; every one back exactly once. */
		err = doca_ctx_stop(copy_ctx_as_ctx(lane.cc));
		assert_true(err == DOCA_ERROR_IN_PROGRESS || err == DOCA_SUCCESS);
		for (long spins = 0;
		     doca_ctx_get_state(copy_ctx_as_ctx(lane.cc), &st) == DOCA_SUCCESS && st != DOCA_CTX_STATE_IDLE;
		     spins++) {
			assert_true(spins < 50000000);
			doca_pe_progress(pe);
		}
		assert_int_equal(lane.completed + lane.failed, lane.submitted);
		assert_int_equal(copy_ctx_executed(lane.cc) + copy_ctx_flushed(lane.cc), lane.submitted);
		assert_int_equal(copy_ctx_destroy(lane.cc), DOCA_SUCCESS);
	}
	assert_int_equal(doca_pe_destroy(pe), DOCA_SUCCESS);
}

/* The second thread's view of a progress engine its owner is inside. */
struct shared_pe {
	struct doca_pe *pe;
	struct copy_task *task;
	atomic_bool inside, refused;
};

static struct shared_pe shared;

static void hold_the_engine(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	(void)task_user_data;
	(void)ctx_user_data;
	atomic_store(&shared.inside, true);
	while (!atomic_load(&shared.refused))
		sched_yield();
	doca_task_free(copy_task_as_task(task));
}

static void *intruder(void *arg)
{
	(void)arg;
	while (!atomic_load(&shared.inside))
		sched_yield();
	assert_int_equal(doca_pe_progress(shared.pe), 0);
	assert_int_equal(opendoca_last_error(), DOCA_ERROR_NO_LOCK);
	assert_int_equal(doca_pe_request_notification(shared.pe), DOCA_ERROR_NO_LOCK);
	assert_int_equal(doca_task_submit(copy_task_as_task(shared.task)), DOCA_ERROR_NO_LOCK);
	atomic_store(&shared.refused, true);
	return NULL;
}

static void a_second_thread_is_refused(void **state)
{
	struct copy_ctx *cc;
	struct copy_task *task;
	pthread_t thread;
	char src[LEN] = { 1 }, dst[LEN];

	(void)state;
	assert_int_equal(doca_pe_create(&shared.pe), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_ASYNC, &cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(shared.pe, copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(copy_task_set_conf(cc, hold_the_engine, hold_the_engine, 2), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(cc, dst, src, LEN, (union doca_data){ 0 }, &task), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(cc, dst, src, LEN, (union doca_data){ 0 }, &shared.task), DOCA_SUCCESS);
	assert_int_equal(pthread_create(&thread, NULL, intruder, NULL), 0);
	assert_int_equal(doca_task_submit(copy_task_as_task(task)), DOCA_SUCCESS);
	while (!atomic_load(&shared.refused))
		doca_pe_progress(shared.pe);
	assert_int_equal(pthread_join(thread, NULL), 0);
	doca_task_free(copy_task_as_task(shared.task));
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(shared.pe), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(completions_from_worker_threads), cmocka_unit_test(engines_on_many_threads),
		cmocka_unit_test(a_stop_races_the_workers),        cmocka_unit_test(a_second_thread_is_refused),
		cmocka_unit_test(work_queues_of_many_threads_2_2),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
