/*
 * Contexts, progress engines and tasks of DOCA 2.5 and later (doca_ctx.h, doca_pe.h) over the
 * reference copy context (copy_context.h) in its three ways of completing: the state machine and
 * its callbacks in order, user data, connecting, tasks with completion and error callbacks and
 * their user data and status, out-of-order completion, stopping with tasks in flight (flushed,
 * idle once freed), a context stopping itself after a failed task, asynchronous starts, the
 * notification handle in an epoll loop, and every function's bad input (one SDK line each).
 */
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
#include <doca_pe.h>

#include "copy_context.h"
#include "sdk_lines.h"

#define TASKS 16
#define LEN 64

/* What the callbacks saw. */
struct record {
	struct doca_pe *pe;
	struct copy_ctx *cc;
	int transitions[16][2];
	int num_transitions;
	int completed, failed;
	union doca_data order[4 * TASKS];
	doca_error_t statuses[4 * TASKS];
	bool free_in_callback; /* frees each task it is given */
	bool resubmit;         /* submits it again while completions < resubmit_until */
	int resubmit_until;
	int stop_after; /* calls doca_ctx_stop after this many completions (0: never) */
	doca_error_t stop_result;
	bool destroy_when_idle; /* destroys the context in the idle callback */
	bool check_nested;      /* checks what a callback may not do */
};

static struct record rec;

static void state_changed(const union doca_data user_data, struct doca_ctx *ctx, enum doca_ctx_states prev,
			  enum doca_ctx_states next)
{
	struct record *r = user_data.ptr;

	assert_ptr_equal(r, &rec);
	assert_ptr_equal(ctx, copy_ctx_as_ctx(r->cc));
	assert_true(r->num_transitions < 16);
	r->transitions[r->num_transitions][0] = prev;
	r->transitions[r->num_transitions][1] = next;
	r->num_transitions++;
	if (next == DOCA_CTX_STATE_IDLE && r->destroy_when_idle) {
		assert_int_equal(copy_ctx_destroy(r->cc), DOCA_SUCCESS);
		r->cc = NULL;
	}
}

static void on_task(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data, bool ok)
{
	struct record *r = ctx_user_data.ptr;
	struct doca_task *t = copy_task_as_task(task);
	int done = r->completed + r->failed;

	assert_ptr_equal(r, &rec);
	assert_true(done < 4 * TASKS);
	r->order[done] = task_user_data;
	r->statuses[done] = doca_task_get_status(t);
	assert_int_equal(doca_task_get_user_data(t).u64, task_user_data.u64);
	assert_ptr_equal(doca_task_get_ctx(t), copy_ctx_as_ctx(r->cc));
	if (ok)
		r->completed++;
	else
		r->failed++;
	if (r->check_nested) {
		assert_int_equal(doca_pe_progress(r->pe), 0);
		sdk_lines_expect("doca_pe_progress", 1);
		assert_int_equal(doca_pe_set_event_mode(r->pe, DOCA_PE_EVENT_MODE_PROGRESS_ALL), DOCA_ERROR_BAD_STATE);
		sdk_lines_expect("doca_pe_set_event_mode", 1);
	}
	if (r->resubmit && done + 1 < r->resubmit_until)
		assert_int_equal(doca_task_submit(t), DOCA_SUCCESS);
	else if (r->free_in_callback)
		doca_task_free(t);
	if (r->stop_after && done + 1 == r->stop_after)
		r->stop_result = doca_ctx_stop(copy_ctx_as_ctx(r->cc));
}

static void task_completed(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	on_task(task, task_user_data, ctx_user_data, true);
}

static void task_failed(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	on_task(task, task_user_data, ctx_user_data, false);
}

static char src[TASKS][LEN], dst[TASKS][LEN];

/* A pe and a copy context of mode connected to it, configured for num tasks, the record reset. */
static struct doca_ctx *setup(enum copy_mode mode, uint32_t num)
{
	struct doca_ctx *ctx;

	memset(&rec, 0, sizeof(rec));
	assert_int_equal(doca_pe_create(&rec.pe), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, mode, &rec.cc), DOCA_SUCCESS);
	ctx = copy_ctx_as_ctx(rec.cc);
	assert_int_equal(doca_pe_connect_ctx(rec.pe, ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_user_data(ctx, (union doca_data){ .ptr = &rec }), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_state_changed_cb(ctx, state_changed), DOCA_SUCCESS);
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, task_failed, num), DOCA_SUCCESS);
	for (int i = 0; i < TASKS; i++)
		memset(src[i], 'a' + i, LEN);
	memset(dst, 0, sizeof(dst));
	return ctx;
}

static void teardown_ctx(void)
{
	if (rec.cc) {
		enum doca_ctx_states state;

		assert_int_equal(doca_ctx_get_state(copy_ctx_as_ctx(rec.cc), &state), DOCA_SUCCESS);
		if (state != DOCA_CTX_STATE_IDLE)
			assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(rec.cc)), DOCA_SUCCESS);
		assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_SUCCESS);
	}
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_SUCCESS);
}

static void alloc_tasks(struct copy_task **tasks, int count)
{
	for (int i = 0; i < count; i++)
		assert_int_equal(
			copy_task_alloc_init(rec.cc, dst[i], src[i], LEN, (union doca_data){ .u64 = i + 1 }, &tasks[i]),
			DOCA_SUCCESS);
}

/* Progresses until count tasks came back (bounded: a lost completion fails the test). */
static void progress_until(int count)
{
	for (long spins = 0; rec.completed + rec.failed < count; spins++) {
		assert_true(spins < 50000000);
		doca_pe_progress(rec.pe);
	}
}

static void expect_transitions(int count, const int (*want)[2])
{
	assert_int_equal(rec.num_transitions, count);
	for (int i = 0; i < count; i++) {
		assert_int_equal(rec.transitions[i][0], want[i][0]);
		assert_int_equal(rec.transitions[i][1], want[i][1]);
	}
}

static void the_state_machine_and_its_callbacks(void **state)
{
	struct doca_ctx *ctx = setup(COPY_SYNC, TASKS);
	enum doca_ctx_states st;
	union doca_data ud;
	static const int want[][2] = {
		{ DOCA_CTX_STATE_IDLE, DOCA_CTX_STATE_RUNNING },
		{ DOCA_CTX_STATE_RUNNING, DOCA_CTX_STATE_STOPPING },
		{ DOCA_CTX_STATE_STOPPING, DOCA_CTX_STATE_IDLE },
		{ DOCA_CTX_STATE_IDLE, DOCA_CTX_STATE_RUNNING },
		{ DOCA_CTX_STATE_RUNNING, DOCA_CTX_STATE_STOPPING },
		{ DOCA_CTX_STATE_STOPPING, DOCA_CTX_STATE_IDLE },
	};

	(void)state;
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	assert_int_equal(doca_ctx_get_user_data(ctx, &ud), DOCA_SUCCESS);
	assert_ptr_equal(ud.ptr, &rec);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_RUNNING);
	/* Running: no second start, no configuration. */
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_start", 1);
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, task_failed, 4), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_task_set_conf", 1);
	assert_int_equal(doca_pe_connect_ctx(rec.pe, ctx), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_ctx_destroy", 1);
	/* Nothing allocated: the stop is synchronous, through stopping. */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	/* Stopping it again is done already (the samples' clean-up does it). */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	sdk_lines_expect("none", 0);
	/* Restarted after a reconfiguration. */
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, task_failed, 4), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	expect_transitions(6, want);
	teardown_ctx();
	sdk_lines_expect("none", 0);
}

static void connecting_and_destroying(void **state)
{
	struct doca_ctx *ctx = setup(COPY_SYNC, TASKS);
	struct doca_pe *other;
	struct copy_ctx *lone;
	struct doca_ctx *gone;

	(void)state;
	assert_int_equal(doca_pe_create(&other), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(other, ctx), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	/* A context connected keeps its engine. */
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_pe_destroy", 1);
	/* Not connected: no start. */
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &lone), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(lone)), DOCA_ERROR_NOT_CONNECTED);
	sdk_lines_expect("doca_ctx_start", 1);
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(lone)), DOCA_SUCCESS);
	sdk_lines_expect("none", 0);
	gone = copy_ctx_as_ctx(lone);
	assert_int_equal(copy_ctx_destroy(lone), DOCA_SUCCESS);
	/* A destroyed context is refused, its engine free to go. */
	assert_int_equal(doca_pe_connect_ctx(other, gone), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	assert_int_equal(doca_pe_destroy(other), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(other), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_destroy", 1);
	/* A work-queue context takes no progress engine. */
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, COPY_SYNC, &lone), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(rec.pe, copy_ctx_as_ctx(lone)), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	assert_int_equal(copy_ctx_destroy(lone), DOCA_SUCCESS);
	teardown_ctx();
}

/* Tasks of mode: every one completes once with its data copied, callbacks with their user data. */
static void tasks_complete(enum copy_mode mode)
{
	struct doca_ctx *ctx = setup(mode, TASKS);
	struct copy_task *tasks[TASKS], *extra;
	size_t inflight;
	bool seen[TASKS + 1] = { false };

	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, TASKS);
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[0], src[0], LEN, (union doca_data){ 0 }, &extra),
			 DOCA_ERROR_NO_MEMORY);
	sdk_lines_expect("copy_task_alloc_init", 1);
	assert_ptr_equal(copy_task_get_dst(tasks[3]), dst[3]);
	rec.free_in_callback = true;
	for (int i = 0; i < TASKS; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	assert_int_equal(doca_pe_get_num_inflight_tasks(rec.pe, &inflight), DOCA_SUCCESS);
	assert_true(inflight <= TASKS);
	progress_until(TASKS);
	assert_int_equal(rec.completed, TASKS);
	for (int i = 0; i < TASKS; i++) {
		assert_false(seen[rec.order[i].u64]);
		seen[rec.order[i].u64] = true;
		assert_int_equal(rec.statuses[i], DOCA_SUCCESS);
		assert_memory_equal(dst[i], src[i], LEN);
	}
	assert_int_equal(doca_pe_get_num_inflight_tasks(rec.pe, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 0);
	assert_int_equal(doca_ctx_get_num_inflight_tasks(ctx, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 0);
	/* Freed in their callbacks: the pool is whole again, the references dead. */
	assert_null(copy_task_get_dst(tasks[0]));
	sdk_lines_expect("copy_task_get_dst", 1);
	alloc_tasks(tasks, TASKS);
	for (int i = 0; i < TASKS; i++)
		doca_task_free(copy_task_as_task(tasks[i]));
	assert_int_equal(doca_pe_progress(rec.pe), 0);
	teardown_ctx();
	sdk_lines_expect("none", 0);
}

static void tasks_complete_in_submit(void **state)
{
	(void)state;
	tasks_complete(COPY_SYNC);
}

static void tasks_complete_from_another_thread(void **state)
{
	(void)state;
	tasks_complete(COPY_ASYNC);
}

static void tasks_complete_through_a_polled_queue(void **state)
{
	(void)state;
	tasks_complete(COPY_POLL);
}

static void tasks_resubmitted_from_callbacks(void **state)
{
	struct doca_ctx *ctx = setup(COPY_ASYNC, TASKS);
	struct copy_task *tasks[2];

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, 2);
	rec.resubmit = true;
	rec.resubmit_until = 40;
	rec.free_in_callback = true;
	for (int i = 0; i < 2; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	progress_until(41);
	assert_int_equal(rec.completed, 41);
	assert_int_equal(copy_ctx_executed(rec.cc), 41);
	teardown_ctx();
}

static void completions_come_out_of_order(void **state)
{
	struct doca_ctx *ctx = setup(COPY_ASYNC, TASKS);
	struct copy_task *tasks[8];

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, 8);
	rec.free_in_callback = true;
	copy_ctx_hold(rec.cc, true);
	for (int i = 0; i < 8; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	copy_ctx_hold(rec.cc, false);
	progress_until(8);
	/* The worker executes what it took newest first. */
	for (int i = 0; i < 8; i++)
		assert_int_equal(rec.order[i].u64, 8 - i);
	teardown_ctx();
}

static void task_errors_and_bad_use(void **state)
{
	struct doca_ctx *ctx = setup(COPY_ASYNC, TASKS);
	struct copy_task *tasks[3], *early;
	char not_a_task[8];

	(void)state;
	/* Not running: no task. */
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[0], src[0], LEN, (union doca_data){ 0 }, &early),
			 DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_task_alloc_init", 1);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, 3);
	/* A failing copy: its error callback, its status. */
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[3], src[3], 0, (union doca_data){ .u64 = 99 }, &early),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(copy_task_as_task(early)), DOCA_SUCCESS);
	progress_until(1);
	assert_int_equal(rec.failed, 1);
	assert_int_equal(rec.order[0].u64, 99);
	assert_int_equal(rec.statuses[0], DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_task_get_status(copy_task_as_task(early)), DOCA_ERROR_INVALID_VALUE);
	doca_task_free(copy_task_as_task(early));
	/* try_submit validates: a copy without a source stays the program's. */
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[3], NULL, LEN, (union doca_data){ 0 }, &early), DOCA_SUCCESS);
	assert_int_equal(doca_task_try_submit(copy_task_as_task(early)), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_try_submit", 1);
	doca_task_free(copy_task_as_task(early));
	assert_int_equal(doca_task_try_submit(copy_task_as_task(tasks[0])), DOCA_SUCCESS);
	/* Submitted: not again, not freed, until it completes. */
	copy_ctx_hold(rec.cc, true);
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[1])), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[1])), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_task_submit", 1);
	doca_task_free(copy_task_as_task(tasks[1]));
	sdk_lines_expect("doca_task_free", 1);
	copy_ctx_hold(rec.cc, false);
	progress_until(3);
	/* submit_ex: its flags only. */
	assert_int_equal(doca_task_submit_ex(copy_task_as_task(tasks[2]), 4), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_submit_ex", 1);
	assert_int_equal(doca_task_submit_ex(copy_task_as_task(tasks[2]), DOCA_TASK_SUBMIT_FLAG_NONE), DOCA_SUCCESS);
	doca_ctx_flush_tasks(ctx);
	progress_until(4);
	/* Freed: every use refused, a second free too. */
	for (int i = 0; i < 3; i++)
		doca_task_free(copy_task_as_task(tasks[i]));
	doca_task_free(copy_task_as_task(tasks[0]));
	sdk_lines_expect("doca_task_free", 1);
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[0])), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_submit", 1);
	assert_int_equal(doca_task_get_status(copy_task_as_task(tasks[0])), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_get_status", 1);
	assert_int_equal(doca_task_get_user_data(copy_task_as_task(tasks[0])).u64, 0);
	sdk_lines_expect("doca_task_get_user_data", 1);
	doca_task_set_user_data(copy_task_as_task(tasks[0]), (union doca_data){ .u64 = 1 });
	sdk_lines_expect("doca_task_set_user_data", 1);
	assert_null(doca_task_get_ctx(copy_task_as_task(tasks[0])));
	sdk_lines_expect("doca_task_get_ctx", 1);
	/* What is no task at all. */
	assert_int_equal(doca_task_submit(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_submit", 1);
	assert_int_equal(doca_task_try_submit((struct doca_task *)not_a_task), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_try_submit", 1);
	doca_task_free((struct doca_task *)ctx);
	sdk_lines_expect("doca_task_free", 1);
	teardown_ctx();
}

/* Completions of another thread's kind, pushed from this one between progress calls. */
static void completions_pushed_outside_the_engine(void **state)
{
	struct doca_ctx *ctx = setup(COPY_ASYNC, TASKS);
	struct copy_task *tasks[TASKS];

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, TASKS);
	rec.resubmit = true;
	rec.resubmit_until = 3 * TASKS;
	rec.free_in_callback = true;
	copy_ctx_hold(rec.cc, true);
	for (int i = 0; i < TASKS; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	while (rec.completed < 3 * TASKS + TASKS - 1) {
		copy_ctx_drain(rec.cc);
		assert_int_equal(doca_pe_progress(rec.pe), 1);
	}
	assert_int_equal(copy_ctx_executed(rec.cc), 4 * TASKS - 1);
	copy_ctx_hold(rec.cc, false);
	teardown_ctx();
}

static void a_stop_flushes_tasks_in_flight(void **state)
{
	struct doca_ctx *ctx = setup(COPY_ASYNC, TASKS);
	struct copy_task *tasks[8];
	enum doca_ctx_states st;
	size_t inflight;
	static const int want[][2] = {
		{ DOCA_CTX_STATE_IDLE, DOCA_CTX_STATE_RUNNING },
		{ DOCA_CTX_STATE_RUNNING, DOCA_CTX_STATE_STOPPING },
		{ DOCA_CTX_STATE_STOPPING, DOCA_CTX_STATE_IDLE },
	};

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, 8);
	rec.free_in_callback = true;
	copy_ctx_hold(rec.cc, true);
	for (int i = 0; i < 8; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_get_num_inflight_tasks(ctx, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 8);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_PROGRESS);
	sdk_lines_expect("doca_ctx_stop", 0);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_STOPPING);
	/* Stopping: nothing new. */
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[0])), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_task_submit", 1);
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_ctx_destroy", 1);
	progress_until(8);
	assert_int_equal(rec.failed, 8);
	for (int i = 0; i < 8; i++)
		assert_int_equal(rec.statuses[i], DOCA_ERROR_IO_FAILED);
	assert_int_equal(copy_ctx_flushed(rec.cc), 8);
	/* Delivered and freed in this progress call: idle in it, or the next. */
	doca_pe_progress(rec.pe);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	expect_transitions(3, want);
	teardown_ctx();
}

static void idle_only_once_every_task_is_freed(void **state)
{
	struct doca_ctx *ctx = setup(COPY_SYNC, TASKS);
	struct copy_task *tasks[4];
	enum doca_ctx_states st;

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	progress_until(4);
	/* Completed, kept by the program. */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_PROGRESS);
	for (int i = 0; i < 3; i++)
		assert_int_equal(doca_pe_progress(rec.pe), 0);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_STOPPING);
	for (int i = 0; i < 4; i++)
		doca_task_free(copy_task_as_task(tasks[i]));
	assert_int_equal(doca_pe_progress(rec.pe), 1);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	assert_int_equal(rec.num_transitions, 3);
	teardown_ctx();
}

/* NVIDIA's pe_async_stop and pe_reactive: stopped from a completion callback, destroyed when idle. */
static void stopped_in_a_callback_and_destroyed_when_idle(void **state)
{
	struct doca_ctx *ctx = setup(COPY_SYNC, TASKS);
	struct copy_task *tasks[TASKS];

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, TASKS);
	rec.free_in_callback = true;
	rec.stop_after = TASKS;
	rec.destroy_when_idle = true;
	rec.check_nested = true;
	for (int i = 0; i < TASKS; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	progress_until(TASKS);
	/* Nothing left, yet inside a callback: the engine turns it idle, after the callbacks. */
	assert_int_equal(rec.stop_result, DOCA_ERROR_IN_PROGRESS);
	assert_null(rec.cc);
	assert_int_equal(rec.num_transitions, 3);
	assert_int_equal(rec.transitions[2][1], DOCA_CTX_STATE_IDLE);
	assert_int_equal(doca_pe_progress(rec.pe), 0);
	teardown_ctx();
}

/* The context's own stop (DMA's after a failed task): the rest is flushed. */
static void a_failed_task_stops_the_context(void **state)
{
	struct doca_ctx *ctx = setup(COPY_POLL, TASKS);
	struct copy_task *tasks[TASKS];
	enum doca_ctx_states st;

	(void)state;
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, TASKS);
	rec.free_in_callback = true;
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[0])), DOCA_SUCCESS);
	progress_until(1);
	/* The failing copy among held ones: executed first (newest first), the context then stops. */
	copy_ctx_hold(rec.cc, true);
	for (int i = 1; i < 8; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(tasks[8]));
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[8], src[8], 0, (union doca_data){ .u64 = 100 }, &tasks[8]),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[8])), DOCA_SUCCESS);
	copy_ctx_hold(rec.cc, false);
	for (int i = 9; i < TASKS; i++)
		doca_task_free(copy_task_as_task(tasks[i]));
	progress_until(9);
	for (long spins = 0; doca_ctx_get_state(ctx, &st) == DOCA_SUCCESS && st != DOCA_CTX_STATE_IDLE; spins++) {
		assert_true(spins < 50000000);
		doca_pe_progress(rec.pe);
	}
	assert_int_equal(rec.failed, 1);
	assert_int_equal(rec.order[1].u64, 100);
	assert_int_equal(rec.num_transitions, 3);
	assert_int_equal(rec.transitions[1][1], DOCA_CTX_STATE_STOPPING);
	teardown_ctx();
}

static void an_asynchronous_start(void **state)
{
	struct doca_ctx *ctx = setup(COPY_POLL, TASKS);
	struct copy_task *task;
	enum doca_ctx_states st;
	static const int want[][2] = {
		{ DOCA_CTX_STATE_IDLE, DOCA_CTX_STATE_STARTING },
		{ DOCA_CTX_STATE_STARTING, DOCA_CTX_STATE_RUNNING },
		{ DOCA_CTX_STATE_RUNNING, DOCA_CTX_STATE_STOPPING },
		{ DOCA_CTX_STATE_STOPPING, DOCA_CTX_STATE_IDLE },
		{ DOCA_CTX_STATE_IDLE, DOCA_CTX_STATE_STARTING },
		{ DOCA_CTX_STATE_STARTING, DOCA_CTX_STATE_IDLE },
	};

	(void)state;
	copy_ctx_set_async_start(rec.cc, 3, DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_IN_PROGRESS);
	sdk_lines_expect("doca_ctx_start", 0);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_STARTING);
	assert_int_equal(copy_task_alloc_init(rec.cc, dst[0], src[0], LEN, (union doca_data){ 0 }, &task),
			 DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_task_alloc_init", 1);
	assert_int_equal(doca_pe_progress(rec.pe), 1);
	assert_int_equal(doca_pe_progress(rec.pe), 1);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_STARTING);
	assert_int_equal(doca_pe_progress(rec.pe), 1);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_RUNNING);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	/* A start that fails comes back to idle. */
	copy_ctx_set_async_start(rec.cc, 1, DOCA_ERROR_DRIVER);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(doca_pe_progress(rec.pe), 1);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	expect_transitions(6, want);
	copy_ctx_set_async_start(rec.cc, 0, DOCA_SUCCESS);
	teardown_ctx();
}

/* Waits on an epoll set holding the notification handle; whether it turned readable. */
static bool wait_readable(int epoll_fd, int timeout_ms)
{
	struct epoll_event event;

	return epoll_wait(epoll_fd, &event, 1, timeout_ms) == 1;
}

/* NVIDIA's pe_event: progress until nothing, arm, wait, clear, again. */
static void notifications(enum copy_mode mode)
{
	struct doca_ctx *ctx = setup(mode, TASKS);
	struct copy_task *tasks[TASKS];
	doca_notification_handle_t handle;
	struct epoll_event event = { .events = EPOLLIN };
	int epoll_fd = epoll_create1(0);

	assert_true(epoll_fd >= 0);
	assert_int_equal(doca_pe_get_notification_handle(rec.pe, &handle), DOCA_SUCCESS);
	assert_int_equal(epoll_ctl(epoll_fd, EPOLL_CTL_ADD, handle, &event), 0);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	alloc_tasks(tasks, TASKS);
	rec.free_in_callback = true;
	/* Not armed: completions do not wake. */
	assert_int_equal(doca_task_submit(copy_task_as_task(tasks[0])), DOCA_SUCCESS);
	for (long spins = 0; copy_ctx_executed(rec.cc) < 1; spins++)
		assert_true(spins < 50000000);
	assert_false(wait_readable(epoll_fd, 50));
	/* Armed with a completion waiting: readable at once. */
	assert_int_equal(doca_pe_request_notification(rec.pe), DOCA_SUCCESS);
	assert_true(wait_readable(epoll_fd, 5000));
	assert_int_equal(doca_pe_clear_notification(rec.pe, 0), DOCA_SUCCESS);
	assert_false(wait_readable(epoll_fd, 0));
	progress_until(1);
	/* The loop: each wake-up brings completions, until all are back. */
	copy_ctx_hold(rec.cc, true);
	for (int i = 1; i < TASKS; i++)
		assert_int_equal(doca_task_submit(copy_task_as_task(tasks[i])), DOCA_SUCCESS);
	while (doca_pe_progress(rec.pe))
		;
	assert_int_equal(doca_pe_request_notification(rec.pe), DOCA_SUCCESS);
	assert_false(wait_readable(epoll_fd, 20));
	copy_ctx_hold(rec.cc, false);
	for (int wakes = 0; rec.completed < TASKS; wakes++) {
		assert_true(wakes < TASKS);
		assert_true(wait_readable(epoll_fd, 5000));
		assert_int_equal(doca_pe_clear_notification(rec.pe, handle), DOCA_SUCCESS);
		while (doca_pe_progress(rec.pe))
			;
		assert_int_equal(doca_pe_request_notification(rec.pe), DOCA_SUCCESS);
	}
	assert_int_equal(doca_pe_clear_notification(rec.pe, handle), DOCA_SUCCESS);
	/* 3.0's mode where arming clears: readable only for new work. */
	assert_int_equal(doca_pe_set_event_mode(rec.pe, DOCA_PE_EVENT_MODE_PROGRESS_ALL), DOCA_SUCCESS);
	assert_int_equal(doca_pe_request_notification(rec.pe), DOCA_SUCCESS);
	assert_false(wait_readable(epoll_fd, 20));
	close(epoll_fd);
	teardown_ctx();
	sdk_lines_expect("none", 0);
}

static void notifications_of_completions_from_another_thread(void **state)
{
	(void)state;
	notifications(COPY_ASYNC);
}

static void notifications_of_a_polled_queue(void **state)
{
	(void)state;
	notifications(COPY_POLL);
}

static void bad_input(void **state)
{
	struct doca_ctx *ctx = setup(COPY_SYNC, TASKS);
	struct doca_pe *stale;
	size_t n;
	enum doca_ctx_states st;
	union doca_data ud;
	doca_notification_handle_t handle;
	int local;

	(void)state;
	assert_int_equal(doca_pe_create(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_create", 1);
	assert_int_equal(doca_pe_create(&stale), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(stale), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_destroy", 1);
	assert_int_equal(doca_pe_progress(stale), 0);
	sdk_lines_expect("doca_pe_progress", 1);
	assert_int_equal(doca_pe_connect_ctx(stale, ctx), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	assert_int_equal(doca_pe_connect_ctx(rec.pe, (struct doca_ctx *)&local), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_connect_ctx", 1);
	assert_int_equal(doca_pe_get_num_inflight_tasks(rec.pe, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_get_num_inflight_tasks", 1);
	assert_int_equal(doca_pe_get_num_inflight_tasks(stale, &n), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_get_num_inflight_tasks", 1);
	assert_int_equal(doca_pe_get_notification_handle(rec.pe, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_get_notification_handle", 1);
	assert_int_equal(doca_pe_get_notification_handle(stale, &handle), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_get_notification_handle", 1);
	assert_int_equal(doca_pe_request_notification(stale), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_request_notification", 1);
	assert_int_equal(doca_pe_clear_notification(stale, 0), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_clear_notification", 1);
	assert_int_equal(doca_pe_set_event_mode(rec.pe, (enum doca_pe_event_mode)7), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_set_event_mode", 1);
	assert_int_equal(doca_pe_set_event_mode(stale, DOCA_PE_EVENT_MODE_PROGRESS_ALL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_pe_set_event_mode", 1);
	/* Never armed: clearing is nothing. */
	assert_int_equal(doca_pe_clear_notification(rec.pe, 0), DOCA_SUCCESS);

	assert_int_equal(doca_ctx_start(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_start", 1);
	assert_int_equal(doca_ctx_stop((struct doca_ctx *)rec.pe), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_stop", 1);
	assert_int_equal(doca_ctx_get_state(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_state", 1);
	assert_int_equal(doca_ctx_get_state(NULL, &st), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_state", 1);
	assert_int_equal(doca_ctx_get_user_data(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_user_data", 1);
	assert_int_equal(doca_ctx_get_user_data(NULL, &ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_user_data", 1);
	assert_int_equal(doca_ctx_set_user_data(NULL, ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_user_data", 1);
	assert_int_equal(doca_ctx_set_state_changed_cb(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_state_changed_cb", 1);
	assert_int_equal(doca_ctx_set_state_changed_cb(NULL, state_changed), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_state_changed_cb", 1);
	assert_int_equal(doca_ctx_get_num_inflight_tasks(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_num_inflight_tasks", 1);
	assert_int_equal(doca_ctx_get_num_inflight_tasks(NULL, &n), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_get_num_inflight_tasks", 1);
	doca_ctx_flush_tasks(NULL);
	sdk_lines_expect("doca_ctx_flush_tasks", 1);
	doca_ctx_flush_tasks(ctx);
	sdk_lines_expect("doca_ctx_flush_tasks", 1);
	/* The configuration the copy context lacks, or an idle context refuses. */
	assert_int_equal(doca_ctx_set_datapath_on_dpa(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_datapath_on_dpa", 1);
	assert_int_equal(doca_ctx_set_datapath_on_dpa(ctx, (struct doca_dpa *)&local), DOCA_ERROR_NOT_SUPPORTED);
	sdk_lines_expect("doca_ctx_set_datapath_on_dpa", 1);
	assert_int_equal(doca_ctx_set_datapath_on_gpu(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_datapath_on_gpu", 1);
	assert_int_equal(doca_ctx_set_datapath_on_gpu(ctx, (struct doca_gpu *)&local), DOCA_ERROR_NOT_SUPPORTED);
	sdk_lines_expect("doca_ctx_set_datapath_on_gpu", 1);
	assert_int_equal(doca_ctx_set_completion_vector(ctx, 0), DOCA_ERROR_NOT_SUPPORTED);
	sdk_lines_expect("doca_ctx_set_completion_vector", 1);
	assert_int_equal(doca_ctx_set_completion_vector(NULL, 0), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_ctx_set_completion_vector", 1);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_completion_vector(ctx, 0), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_set_completion_vector", 1);
	assert_int_equal(doca_ctx_set_datapath_on_gpu(ctx, (struct doca_gpu *)&local), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_ctx_set_datapath_on_gpu", 1);
	doca_ctx_flush_tasks(ctx);
	/* The task configuration's checks. */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	assert_int_equal(copy_task_set_conf(rec.cc, NULL, task_failed, 4), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_set_conf", 1);
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, NULL, 4), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_set_conf", 1);
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, task_failed, 0), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_set_conf", 1);
	assert_int_equal(copy_task_set_conf(rec.cc, task_completed, task_failed, (1u << 16) + 1),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_set_conf", 1);
	teardown_ctx();
}

/* doca_ctx_get_max_num_ctx's limit (2.2 reports it) holds for every release's contexts. */
static void at_most_the_maximum_of_contexts(void **state)
{
	static struct copy_ctx *many[4096];
	struct copy_ctx *one_more;

	(void)state;
	for (int i = 0; i < 4096; i++)
		assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &many[i]), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &one_more), DOCA_ERROR_NO_MEMORY);
	sdk_lines_expect("copy_ctx_create", 1);
	assert_null(one_more);
	assert_int_equal(copy_ctx_destroy(many[0]), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &many[0]), DOCA_SUCCESS);
	for (int i = 0; i < 4096; i++)
		assert_int_equal(copy_ctx_destroy(many[i]), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_state_machine_and_its_callbacks),
		cmocka_unit_test(connecting_and_destroying),
		cmocka_unit_test(tasks_complete_in_submit),
		cmocka_unit_test(tasks_complete_from_another_thread),
		cmocka_unit_test(tasks_complete_through_a_polled_queue),
		cmocka_unit_test(tasks_resubmitted_from_callbacks),
		cmocka_unit_test(completions_come_out_of_order),
		cmocka_unit_test(completions_pushed_outside_the_engine),
		cmocka_unit_test(task_errors_and_bad_use),
		cmocka_unit_test(a_stop_flushes_tasks_in_flight),
		cmocka_unit_test(idle_only_once_every_task_is_freed),
		cmocka_unit_test(stopped_in_a_callback_and_destroyed_when_idle),
		cmocka_unit_test(a_failed_task_stops_the_context),
		cmocka_unit_test(an_asynchronous_start),
		cmocka_unit_test(notifications_of_completions_from_another_thread),
		cmocka_unit_test(notifications_of_a_polled_queue),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(at_most_the_maximum_of_contexts),
	};

	sdk_lines_open();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
