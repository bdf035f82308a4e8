/*
 * Task batches of 3.0 (doca_pe.h's doca_task_batch_*) over the reference copy context
 * (copy_context.h) in its three ways of completing: a batch's configuration and allocation by the
 * library, submitted at once, one callback when its last task completes (the completion or the
 * error callback, its status the first failure's), its user data and context, try_submit's
 * checks, a context stopping with a batch allocated, and every function's bad input (one SDK line
 * each, nothing touched).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_pe.h>

#include "copy_context.h"
#include "sdk_lines.h"

#define MAX 16

static struct {
	struct doca_pe *pe;
	struct copy_ctx *cc;
	int completed, failed;
	struct doca_task_batch *last;
	uint16_t num_tasks;
	uint64_t user_data;
	doca_error_t status;
	bool free_in_callback;
} rec;

static char src[MAX][32], dst[MAX][32];
static void *dsts[MAX];
static const void *srcs[MAX];
static size_t lens[MAX];

static void batch_done(struct doca_task_batch *batch, uint16_t num_tasks, union doca_data batch_user_data,
		       union doca_data ctx_user_data, bool ok)
{
	assert_ptr_equal(ctx_user_data.ptr, &rec);
	assert_ptr_equal(doca_task_batch_get_ctx(batch), copy_ctx_as_ctx(rec.cc));
	assert_ptr_equal(doca_task_batch_get_ctx_user_data(batch).ptr, &rec);
	assert_int_equal(doca_task_batch_get_user_data(batch).u64, batch_user_data.u64);
	assert_int_equal(doca_task_batch_get_tasks_num(batch), num_tasks);
	rec.last = batch;
	rec.num_tasks = num_tasks;
	rec.user_data = batch_user_data.u64;
	rec.status = doca_task_batch_get_status(batch);
	if (ok)
		rec.completed++;
	else
		rec.failed++;
	if (rec.free_in_callback)
		doca_task_batch_free(batch);
}

static void batch_completed(struct doca_task_batch *batch, uint16_t num_tasks, union doca_data batch_user_data,
			    union doca_data ctx_user_data)
{
	batch_done(batch, num_tasks, batch_user_data, ctx_user_data, true);
}

static void batch_failed(struct doca_task_batch *batch, uint16_t num_tasks, union doca_data batch_user_data,
			 union doca_data ctx_user_data)
{
	batch_done(batch, num_tasks, batch_user_data, ctx_user_data, false);
}

static void task_cb(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	(void)task;
	(void)task_user_data;
	(void)ctx_user_data;
	fail_msg("a batch's task has no callback of its own");
}

static void setup(enum copy_mode mode, uint32_t batches)
{
	memset(&rec, 0, sizeof(rec));
	for (int i = 0; i < MAX; i++) {
		memset(src[i], 'a' + i, sizeof(src[i]));
		memset(dst[i], 0, sizeof(dst[i]));
		dsts[i] = dst[i];
		srcs[i] = src[i];
		lens[i] = sizeof(src[i]);
	}
	assert_int_equal(doca_pe_create(&rec.pe), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, mode, &rec.cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(rec.pe, copy_ctx_as_ctx(rec.cc)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_user_data(copy_ctx_as_ctx(rec.cc), (union doca_data){ .ptr = &rec }),
			 DOCA_SUCCESS);
	assert_int_equal(copy_task_set_conf(rec.cc, task_cb, task_cb, 4), DOCA_SUCCESS);
	assert_int_equal(copy_task_batch_set_conf(rec.cc, DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16, batches, batch_completed,
						  batch_failed),
			 DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(rec.cc)), DOCA_SUCCESS);
}

static void teardown(void)
{
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(rec.cc)), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_SUCCESS);
}

static void progress_until(int count)
{
	for (long spins = 0; rec.completed + rec.failed < count; spins++) {
		assert_true(spins < 50000000);
		doca_pe_progress(rec.pe);
	}
}

static void a_batch_completes_once(enum copy_mode mode)
{
	struct doca_task_batch *batch;

	setup(mode, 2);
	assert_int_equal(
		copy_task_batch_alloc_init(rec.cc, MAX, dsts, srcs, lens, (union doca_data){ .u64 = 7 }, &batch),
		DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_get_tasks_num(batch), MAX);
	assert_int_equal(doca_task_batch_get_user_data(batch).u64, 7);
	doca_task_batch_set_user_data(batch, (union doca_data){ .u64 = 8 });
	assert_int_equal(doca_task_batch_submit(batch), DOCA_SUCCESS);
	progress_until(1);
	assert_int_equal(rec.completed, 1);
	assert_ptr_equal(rec.last, batch);
	assert_int_equal(rec.num_tasks, MAX);
	assert_int_equal(rec.user_data, 8);
	assert_int_equal(rec.status, DOCA_SUCCESS);
	for (int i = 0; i < MAX; i++)
		assert_memory_equal(dst[i], src[i], sizeof(src[i]));
	/* Done, the batch is the program's again: submitted anew, it completes again. */
	memset(dst, 0, sizeof(dst));
	assert_int_equal(doca_task_batch_submit(batch), DOCA_SUCCESS);
	progress_until(2);
	assert_memory_equal(dst[MAX - 1], src[MAX - 1], sizeof(src[0]));
	doca_task_batch_free(batch);
	/* A batch of fewer tasks, freed in its callback. */
	rec.free_in_callback = true;
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 3, dsts, srcs, lens, (union doca_data){ .u64 = 9 }, &batch),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_try_submit(batch), DOCA_SUCCESS);
	progress_until(3);
	assert_int_equal(rec.num_tasks, 3);
	teardown();
}

static void batches_sync(void **state)
{
	(void)state;
	a_batch_completes_once(COPY_SYNC);
}

static void batches_async(void **state)
{
	(void)state;
	a_batch_completes_once(COPY_ASYNC);
}

static void batches_poll(void **state)
{
	(void)state;
	a_batch_completes_once(COPY_POLL);
}

static void a_failed_task_fails_its_batch(void **state)
{
	struct doca_task_batch *batch;

	(void)state;
	setup(COPY_ASYNC, 1);
	lens[5] = 0; /* the copy context fails an empty copy */
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 8, dsts, srcs, lens, (union doca_data){ .u64 = 1 }, &batch),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_submit(batch), DOCA_SUCCESS);
	progress_until(1);
	assert_int_equal(rec.failed, 1);
	assert_int_equal(rec.status, DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_task_batch_get_status(batch), DOCA_ERROR_INVALID_VALUE);
	/* The others were copied all the same. */
	assert_memory_equal(dst[7], src[7], sizeof(src[7]));
	doca_task_batch_free(batch);
	teardown();
}

static void bad_input(void **state)
{
	struct doca_task_batch *batch, *other;
	size_t none[MAX] = { 0 };
	void *no_dst[MAX] = { 0 };

	(void)state;
	sdk_lines_open();
	/* Configuration. */
	memset(&rec, 0, sizeof(rec));
	assert_int_equal(doca_pe_create(&rec.pe), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &rec.cc), DOCA_SUCCESS);
	assert_int_equal(copy_task_batch_set_conf(rec.cc, 4, 1, batch_completed, batch_failed),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_batch_set_conf", 1);
	assert_int_equal(copy_task_batch_set_conf(rec.cc, 0, 0, batch_completed, batch_failed),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_batch_set_conf", 1);
	assert_int_equal(copy_task_batch_set_conf(rec.cc, 0, 1, NULL, batch_failed), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_batch_set_conf", 1);
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 1, dsts, srcs, lens, (union doca_data){ 0 }, &batch),
			 DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_task_batch_alloc_init", 1);
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_SUCCESS);

	setup(COPY_SYNC, 1);
	assert_int_equal(copy_task_batch_set_conf(rec.cc, 0, 1, batch_completed, batch_failed), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("copy_task_batch_set_conf", 1);
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 0, dsts, srcs, lens, (union doca_data){ 0 }, &batch),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_batch_alloc_init", 1);
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, MAX + 1, dsts, srcs, lens, (union doca_data){ 0 }, &batch),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("copy_task_batch_alloc_init", 1);
	/* try_submit checks each task; submit does not (the failed copy fails the batch). */
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 2, no_dst, srcs, none, (union doca_data){ 0 }, &batch),
			 DOCA_SUCCESS);
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 1, dsts, srcs, lens, (union doca_data){ 0 }, &other),
			 DOCA_ERROR_NO_MEMORY);
	sdk_lines_expect("copy_task_batch_alloc_init", 1);
	assert_int_equal(doca_task_batch_try_submit(batch), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_batch_try_submit", 1);
	assert_int_equal(rec.completed + rec.failed, 0);
	/* Stopping waits for the batch to be freed. */
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(rec.cc)), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(doca_task_batch_submit(batch), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_task_batch_submit", 1);
	doca_task_batch_free(batch);
	sdk_lines_expect("doca_task_batch_free", 0);
	doca_pe_progress(rec.pe);
	/* Freed (and its context idle since): every call refuses it. */
	doca_task_batch_free(batch);
	sdk_lines_expect("doca_task_batch_free", 1);
	assert_int_equal(doca_task_batch_submit(batch), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_batch_submit", 1);
	assert_int_equal(doca_task_batch_get_tasks_num(batch), 0);
	sdk_lines_expect("doca_task_batch_get_tasks_num", 1);
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_SUCCESS);

	/* NULL everywhere. */
	assert_int_equal(doca_task_batch_submit(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_batch_submit", 1);
	assert_int_equal(doca_task_batch_try_submit(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_batch_try_submit", 1);
	doca_task_batch_free(NULL);
	sdk_lines_expect("doca_task_batch_free", 1);
	assert_null(doca_task_batch_get_ctx(NULL));
	sdk_lines_expect("doca_task_batch_get_ctx", 1);
	assert_int_equal(doca_task_batch_get_ctx_user_data(NULL).u64, 0);
	sdk_lines_expect("doca_task_batch_get_ctx_user_data", 1);
	assert_int_equal(doca_task_batch_get_status(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_task_batch_get_status", 1);
	assert_int_equal(doca_task_batch_get_tasks_num(NULL), 0);
	sdk_lines_expect("doca_task_batch_get_tasks_num", 1);
	assert_int_equal(doca_task_batch_get_user_data(NULL).u64, 0);
	sdk_lines_expect("doca_task_batch_get_user_data", 1);
	doca_task_batch_set_user_data(NULL, (union doca_data){ .u64 = 1 });
	sdk_lines_expect("doca_task_batch_set_user_data", 1);
}

static void a_stop_flushes_a_submitted_batch(void **state)
{
	struct doca_task_batch *batch;

	(void)state;
	setup(COPY_ASYNC, 1);
	copy_ctx_hold(rec.cc, true);
	assert_int_equal(copy_task_batch_alloc_init(rec.cc, 4, dsts, srcs, lens, (union doca_data){ .u64 = 3 }, &batch),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_submit(batch), DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_submit(batch), DOCA_ERROR_BAD_STATE);
	doca_task_batch_free(batch); /* submitted: refused */
	rec.free_in_callback = true;
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(rec.cc)), DOCA_ERROR_IN_PROGRESS);
	progress_until(1);
	assert_int_equal(rec.failed, 1);
	assert_int_equal(rec.status, DOCA_ERROR_IO_FAILED);
	while (doca_pe_progress(rec.pe))
		;
	assert_int_equal(copy_ctx_destroy(rec.cc), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(rec.pe), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(batches_sync), cmocka_unit_test(batches_async),
		cmocka_unit_test(batches_poll), cmocka_unit_test(a_failed_task_fails_its_batch),
		cmocka_unit_test(bad_input),    cmocka_unit_test(a_stop_flushes_a_submitted_batch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
