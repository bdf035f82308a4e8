/*
 * Work queues and contexts of DOCA 2.2 (and 1.x: workq_1_4.c) over the reference copy context:
 * devices added before start, work queues added to a running context, jobs submitted and their
 * events retrieved out of order, a failed job's event, the depth, event-driven mode with an epoll
 * loop, and every function's bad input (one SDK line each). Built for 2.2.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_ctx.h>

#include "copy_context.h"
#include "sdk_lines.h"
#include "workq_1_4.h"

#define DEPTH 8
#define LEN 32

static char src[2 * DEPTH][LEN], dst[2 * DEPTH][LEN];
static int device_a, device_b; /* the copy context takes any pointer as a device */

/* A started 2.2 copy context of mode with a device. */
static struct copy_ctx *started(enum copy_mode mode)
{
	struct copy_ctx *cc;

	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, mode, &cc), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_add(copy_ctx_as_ctx(cc), (struct doca_dev *)&device_a), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	for (int i = 0; i < 2 * DEPTH; i++)
		memset(src[i], 'A' + i, LEN);
	memset(dst, 0, sizeof(dst));
	return cc;
}

static void finish(struct copy_ctx *cc)
{
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_rm(copy_ctx_as_ctx(cc), (struct doca_dev *)&device_a), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
}

static struct copy_job job_of(struct copy_ctx *cc, int i, size_t len)
{
	return (struct copy_job){ .base = { .type = COPY_JOB, .ctx = copy_ctx_as_ctx(cc), .user_data.u64 = i + 1 },
				  .dst = dst[i],
				  .src = src[i],
				  .len = len };
}

/* Retrieves one event (bounded wait: a lost completion fails the test). */
static doca_error_t retrieve(struct doca_workq *workq, struct doca_event *ev)
{
	doca_error_t err;

	for (long spins = 0;
	     (err = doca_workq_progress_retrieve(workq, ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE)) == DOCA_ERROR_AGAIN;
	     spins++)
		assert_true(spins < 50000000);
	return err;
}

static void work_queues_come_and_go(void **state)
{
	struct doca_workq *workq;
	uint32_t depth;

	(void)state;
	assert_int_equal(doca_workq_create(DEPTH, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_create", 1);
	assert_int_equal(doca_workq_create(0, &workq), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_create", 1);
	assert_int_equal(doca_workq_create((1u << 20) + 1, &workq), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_create", 1);
	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_get_depth(workq, &depth), DOCA_SUCCESS);
	assert_int_equal(depth, DEPTH);
	assert_int_equal(doca_workq_get_depth(workq, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_get_depth", 1);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_destroy", 1);
	assert_int_equal(doca_workq_get_depth(workq, &depth), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_get_depth", 1);
	assert_int_equal(doca_workq_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_destroy", 1);
}

static void devices_before_start(void **state)
{
	struct copy_ctx *cc;
	struct doca_ctx *ctx;
	uint32_t max;
	uint8_t supported;

	(void)state;
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, COPY_SYNC, &cc), DOCA_SUCCESS);
	ctx = copy_ctx_as_ctx(cc);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_start", 1);
	assert_int_equal(doca_ctx_dev_add(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_dev_add", 1);
	assert_int_equal(doca_ctx_dev_add(NULL, (struct doca_dev *)&device_a), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_dev_add", 1);
	assert_int_equal(doca_ctx_dev_add(ctx, (struct doca_dev *)&device_a), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_add(ctx, (struct doca_dev *)&device_a), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_ctx_dev_add", 1);
	assert_int_equal(doca_ctx_dev_add(ctx, (struct doca_dev *)&device_b), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_devices(cc), 2);
	assert_int_equal(doca_ctx_dev_rm(ctx, (struct doca_dev *)&device_b), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_rm(ctx, (struct doca_dev *)&device_b), DOCA_ERROR_NOT_FOUND);
	sdk_lines_expect("doca_ctx_dev_rm", 1);
	assert_int_equal(doca_ctx_dev_rm(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_dev_rm", 1);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_add(ctx, (struct doca_dev *)&device_b), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_dev_add", 1);
	assert_int_equal(doca_ctx_dev_rm(ctx, (struct doca_dev *)&device_a), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_dev_rm", 1);
	assert_int_equal(doca_ctx_get_event_driven_supported(ctx, &supported), DOCA_SUCCESS);
	assert_int_equal(supported, 1);
	assert_int_equal(doca_ctx_get_event_driven_supported(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_event_driven_supported", 1);
	assert_int_equal(doca_ctx_get_event_driven_supported(NULL, &supported), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_event_driven_supported", 1);
	assert_int_equal(doca_ctx_get_max_num_ctx(&max), DOCA_SUCCESS);
	assert_int_equal(max, 4096);
	assert_int_equal(doca_ctx_get_max_num_ctx(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_max_num_ctx", 1);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	/* A device left added is given back when the context goes. */
	assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
	sdk_lines_expect("none", 0);
}

static void jobs_complete_out_of_order(enum copy_mode mode)
{
	struct copy_ctx *cc = started(mode);
	struct doca_workq *workq;
	struct doca_event ev;
	struct copy_job job;

	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_progress_retrieve(workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE), DOCA_ERROR_AGAIN);
	sdk_lines_expect("doca_workq_progress_retrieve", 0);
	copy_ctx_hold(cc, true);
	for (int i = 0; i < DEPTH; i++) {
		job = job_of(cc, i, LEN);
		assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	}
	/* Full: its depth in flight. */
	job = job_of(cc, DEPTH, LEN);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_ERROR_NO_MEMORY);
	sdk_lines_expect("doca_workq_submit", 1);
	copy_ctx_hold(cc, false);
	for (int i = 0; i < DEPTH; i++) {
		assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
		assert_int_equal(ev.type, COPY_JOB);
		/* Executed newest first by the worker. */
		assert_int_equal(ev.user_data.u64, (mode == COPY_SYNC ? i : DEPTH - 1 - i) + 1);
		assert_int_equal(ev.result.u64, DOCA_SUCCESS);
	}
	assert_memory_equal(dst, src, DEPTH * LEN);
	/* A failed job: its event comes back with its status. */
	job = job_of(cc, DEPTH, 0);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	memset(&ev, 0, sizeof(ev));
	assert_int_equal(retrieve(workq, &ev), DOCA_ERROR_IO_FAILED);
	sdk_lines_expect("doca_workq_progress_retrieve", 1);
	assert_int_equal(ev.type, COPY_JOB);
	assert_int_equal(ev.user_data.u64, DEPTH + 1);
	assert_int_equal(ev.result.u64, DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_ctx_workq_rm(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	finish(cc);
	sdk_lines_expect("none", 0);
}

static void jobs_complete_in_submit(void **state)
{
	(void)state;
	jobs_complete_out_of_order(COPY_SYNC);
}

static void jobs_complete_from_another_thread(void **state)
{
	(void)state;
	jobs_complete_out_of_order(COPY_ASYNC);
}

static void jobs_complete_through_a_polled_queue(void **state)
{
	(void)state;
	jobs_complete_out_of_order(COPY_POLL);
}

static void work_queue_rules(void **state)
{
	struct copy_ctx *cc, *other;
	struct doca_ctx *ctx;
	struct doca_workq *workq, *second;
	struct doca_event ev;
	struct copy_job job;

	(void)state;
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, COPY_ASYNC, &cc), DOCA_SUCCESS);
	ctx = copy_ctx_as_ctx(cc);
	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	/* Not started: no work queue. */
	assert_int_equal(doca_ctx_workq_add(ctx, workq), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_workq_add", 1);
	assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
	cc = started(COPY_ASYNC);
	ctx = copy_ctx_as_ctx(cc);
	other = started(COPY_ASYNC);
	assert_int_equal(doca_ctx_workq_add(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_workq_add", 1);
	assert_int_equal(doca_ctx_workq_add(NULL, workq), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_workq_add", 1);
	assert_int_equal(doca_ctx_workq_add(ctx, workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(ctx, workq), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_ctx_workq_add", 1);
	/* Submission checks. */
	job = job_of(other, 0, LEN);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_ERROR_NOT_FOUND);
	sdk_lines_expect("doca_workq_submit", 1);
	job = job_of(cc, 0, LEN);
	job.base.type = COPY_JOB + 1;
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_ERROR_NOT_SUPPORTED);
	sdk_lines_expect("doca_workq_submit", 1);
	job.base.type = COPY_JOB;
	job.base.ctx = NULL;
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_submit", 1);
	assert_int_equal(doca_workq_submit(workq, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_submit", 1);
	job = job_of(cc, 0, LEN);
	assert_int_equal(doca_workq_submit(NULL, &job.base), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_submit", 1);
	assert_int_equal(doca_workq_progress_retrieve(workq, NULL, 0), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_progress_retrieve", 1);
	assert_int_equal(doca_workq_progress_retrieve(workq, &ev, 1), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_progress_retrieve", 1);
	assert_int_equal(doca_workq_progress_retrieve(NULL, &ev, 0), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_progress_retrieve", 1);
	/* A job in flight (its event not retrieved) keeps the work queue, the work queue the context. */
	copy_ctx_hold(cc, true);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_rm(ctx, workq), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_ctx_workq_rm", 1);
	assert_int_equal(doca_workq_destroy(workq), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_workq_destroy", 1);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_ctx_stop", 1);
	copy_ctx_hold(cc, false);
	assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
	/* One work queue for two contexts, two for one: each event where its job went. */
	assert_int_equal(doca_workq_create(DEPTH, &second), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(copy_ctx_as_ctx(other), workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(ctx, second), DOCA_SUCCESS);
	job = job_of(other, 1, LEN);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	job = job_of(cc, 2, LEN);
	assert_int_equal(doca_workq_submit(second, &job.base), DOCA_SUCCESS);
	job = job_of(cc, 3, LEN);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	assert_int_equal(retrieve(second, &ev), DOCA_SUCCESS);
	assert_int_equal(ev.user_data.u64, 3);
	for (int i = 0, seen = 0; i < 2; i++) {
		assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
		seen |= 1 << ev.user_data.u64;
		if (i == 1)
			assert_int_equal(seen, (1 << 2) | (1 << 4));
	}
	assert_int_equal(doca_workq_progress_retrieve(second, &ev, 0), DOCA_ERROR_AGAIN);
	assert_int_equal(doca_ctx_workq_rm(ctx, workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_rm(ctx, workq), DOCA_ERROR_NOT_FOUND);
	sdk_lines_expect("doca_ctx_workq_rm", 1);
	assert_int_equal(doca_ctx_workq_rm(ctx, second), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_rm(copy_ctx_as_ctx(other), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(second), DOCA_SUCCESS);
	/* Stopped: nothing. */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_rm(ctx, workq), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_workq_rm", 1);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_workq_submit", 1);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	finish(cc);
	finish(other);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	sdk_lines_expect("none", 0);
}

static bool wait_readable(int epoll_fd, int timeout_ms)
{
	struct epoll_event event;

	return epoll_wait(epoll_fd, &event, 1, timeout_ms) == 1;
}

/* The 2.2 flow: enable, get the handle, arm, wait, clear, retrieve until one, arm again. */
static void event_driven(enum copy_mode mode)
{
	struct copy_ctx *cc = started(mode);
	struct doca_workq *workq;
	struct doca_event ev;
	struct copy_job job;
	doca_event_handle_t handle;
	uint8_t enabled;
	struct epoll_event event = { .events = EPOLLIN };
	int epoll_fd = epoll_create1(0), retrieved = 0;

	assert_true(epoll_fd >= 0);
	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_get_event_driven_enable(workq, &enabled), DOCA_SUCCESS);
	assert_int_equal(enabled, 0);
	assert_int_equal(doca_workq_event_handle_arm(workq), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_workq_event_handle_arm", 1);
	assert_int_equal(doca_workq_event_handle_clear(workq, 0), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_workq_event_handle_clear", 1);
	assert_int_equal(doca_workq_set_event_driven_enable(workq, 2), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_set_event_driven_enable", 1);
	assert_int_equal(doca_workq_set_event_driven_enable(workq, 1), DOCA_SUCCESS);
	assert_int_equal(doca_workq_get_event_driven_enable(workq, &enabled), DOCA_SUCCESS);
	assert_int_equal(enabled, 1);
	assert_int_equal(doca_workq_get_event_handle(workq, &handle), DOCA_SUCCESS);
	assert_int_equal(epoll_ctl(epoll_fd, EPOLL_CTL_ADD, handle, &event), 0);
	assert_int_equal(doca_ctx_workq_add(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	/* Added: the mode stays. */
	assert_int_equal(doca_workq_set_event_driven_enable(workq, 1), DOCA_SUCCESS);
	assert_int_equal(doca_workq_set_event_driven_enable(workq, 0), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_workq_set_event_driven_enable", 1);
	assert_int_equal(doca_workq_set_event_handle(workq, handle, 0), DOCA_ERROR_NOT_SUPPORTED);
	sdk_lines_expect("doca_workq_set_event_handle", 1);
	assert_int_equal(doca_workq_event_handle_arm(workq), DOCA_SUCCESS);
	assert_false(wait_readable(epoll_fd, 20));
	copy_ctx_hold(cc, true);
	for (int i = 0; i < DEPTH; i++) {
		job = job_of(cc, i, LEN);
		assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	}
	if (mode != COPY_SYNC)
		assert_false(wait_readable(epoll_fd, 20));
	copy_ctx_hold(cc, false);
	for (int wakes = 0; retrieved < DEPTH; wakes++) {
		assert_true(wakes <= DEPTH);
		assert_true(wait_readable(epoll_fd, 5000));
		assert_int_equal(doca_workq_event_handle_clear(workq, handle), DOCA_SUCCESS);
		while (doca_workq_progress_retrieve(workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE) == DOCA_SUCCESS)
			retrieved++;
		assert_int_equal(doca_workq_event_handle_arm(workq), DOCA_SUCCESS);
	}
	assert_int_equal(doca_workq_get_event_driven_enable(workq, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_get_event_driven_enable", 1);
	assert_int_equal(doca_workq_get_event_handle(workq, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_get_event_handle", 1);
	assert_int_equal(doca_workq_event_handle_arm(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_event_handle_arm", 1);
	assert_int_equal(doca_ctx_workq_rm(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	close(epoll_fd);
	finish(cc);
}

/* A 2.2 program of the time: the handle of a work queue added already, never enabled. */
static void the_first_handle_enables_event_driven_mode(void **state)
{
	struct copy_ctx *cc = started(COPY_POLL);
	struct doca_workq *workq;
	struct doca_event ev;
	struct copy_job job = job_of(cc, 0, LEN);
	doca_event_handle_t handle, again;
	struct epoll_event event = { .events = EPOLLIN };
	uint8_t enabled;
	int epoll_fd = epoll_create1(0);

	(void)state;
	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_get_event_handle(workq, &handle), DOCA_SUCCESS);
	assert_int_equal(doca_workq_get_event_handle(workq, &again), DOCA_SUCCESS);
	assert_int_equal(handle, again);
	assert_int_equal(doca_workq_get_event_driven_enable(workq, &enabled), DOCA_SUCCESS);
	assert_int_equal(enabled, 1);
	assert_int_equal(epoll_ctl(epoll_fd, EPOLL_CTL_ADD, handle, &event), 0);
	assert_int_equal(doca_workq_event_handle_arm(workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_submit(workq, &job.base), DOCA_SUCCESS);
	assert_true(wait_readable(epoll_fd, 5000));
	assert_int_equal(doca_workq_event_handle_clear(workq, handle), DOCA_SUCCESS);
	assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_rm(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	close(epoll_fd);
	finish(cc);
	sdk_lines_expect("none", 0);
}

static void event_driven_from_another_thread(void **state)
{
	(void)state;
	event_driven(COPY_ASYNC);
}

static void event_driven_polled_queue(void **state)
{
	(void)state;
	event_driven(COPY_POLL);
}

static void event_driven_in_submit(void **state)
{
	(void)state;
	event_driven(COPY_SYNC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(work_queues_come_and_go),
		cmocka_unit_test(devices_before_start),
		cmocka_unit_test(jobs_complete_in_submit),
		cmocka_unit_test(jobs_complete_from_another_thread),
		cmocka_unit_test(jobs_complete_through_a_polled_queue),
		cmocka_unit_test(work_queue_rules),
		cmocka_unit_test(event_driven_from_another_thread),
		cmocka_unit_test(event_driven_polled_queue),
		cmocka_unit_test(event_driven_in_submit),
		cmocka_unit_test(the_first_handle_enables_event_driven_mode),
		cmocka_unit_test(work_queue_properties_1_4),
	};

	sdk_lines_open();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
