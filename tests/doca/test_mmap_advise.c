/*
 * DOCA memory map advice (doca_mmap_advise.h): cache invalidation tasks of a buffer through a
 * progress engine, as NVIDIA's cache_invalidate sample runs them, and every function with bad input
 * (one SDK line naming it).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_mmap.h>
#include <doca_mmap_advise.h>
#include <doca_pe.h>

#include "mem_util.h"

#define MEM_SIZE 4096

static char memory[MEM_SIZE];
static int completed, failed;
static struct doca_mmap_advise_task_invalidate_cache *last;

static void done(struct doca_mmap_advise_task_invalidate_cache *task, union doca_data task_user_data,
		 union doca_data ctx_user_data)
{
	assert_int_equal(task_user_data.u64, 7);
	assert_int_equal(ctx_user_data.u64, 9);
	last = task;
	completed++;
}

static void error(struct doca_mmap_advise_task_invalidate_cache *task, union doca_data task_user_data,
		  union doca_data ctx_user_data)
{
	(void)task_user_data;
	(void)ctx_user_data;
	last = task;
	failed++;
}

struct fixture {
	struct doca_dev *dev;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	struct doca_buf *buf, *other;
	struct doca_pe *pe;
	struct doca_mmap_advise *advise;
	struct doca_ctx *ctx;
};

static void setup(struct fixture *fx)
{
	sdk_log_capture();
	fx->dev = sim_dev_open(0);
	expect_ok(doca_mmap_create(&fx->mmap));
	expect_ok(doca_mmap_set_memrange(fx->mmap, memory, MEM_SIZE));
	expect_ok(doca_mmap_add_dev(fx->mmap, fx->dev));
	expect_ok(doca_mmap_start(fx->mmap));
	expect_ok(doca_buf_inventory_create(2, &fx->inv));
	expect_ok(doca_buf_inventory_start(fx->inv));
	expect_ok(doca_buf_inventory_buf_get_by_data(fx->inv, fx->mmap, memory, 64, &fx->buf));
	expect_ok(doca_buf_inventory_buf_get_by_data(fx->inv, fx->mmap, memory + 64, 64, &fx->other));
	expect_ok(doca_pe_create(&fx->pe));
	expect_ok(doca_mmap_advise_create(fx->dev, &fx->advise));
	fx->ctx = doca_mmap_advise_as_ctx(fx->advise);
	assert_non_null(fx->ctx);
	expect_ok(doca_pe_connect_ctx(fx->pe, fx->ctx));
	expect_ok(doca_ctx_set_user_data(fx->ctx, (union doca_data){ .u64 = 9 }));
	completed = failed = 0;
}

static void teardown(struct fixture *fx)
{
	expect_ok(doca_ctx_stop(fx->ctx));
	expect_ok(doca_mmap_advise_destroy(fx->advise));
	expect_ok(doca_pe_destroy(fx->pe));
	expect_ok(doca_buf_dec_refcount(fx->buf, NULL));
	expect_ok(doca_buf_dec_refcount(fx->other, NULL));
	expect_ok(doca_buf_inventory_destroy(fx->inv));
	expect_ok(doca_mmap_stop(fx->mmap));
	expect_ok(doca_mmap_destroy(fx->mmap));
	sim_dev_close(fx->dev);
}

static void invalidates_through_the_progress_engine(void **state)
{
	struct doca_mmap_advise_task_invalidate_cache *task;
	struct fixture fx;
	uint64_t max;

	(void)state;
	setup(&fx);
	expect_ok(doca_mmap_advise_cap_task_cache_invalidate_is_supported(doca_dev_as_devinfo(fx.dev)));
	expect_ok(doca_mmap_advise_task_cache_invalidate_get_max_buf_size(doca_dev_as_devinfo(fx.dev), &max));
	assert_true(max >= MEM_SIZE);
	expect_ok(doca_mmap_advise_task_invalidate_cache_set_conf(fx.advise, done, error, 4));
	expect_ok(doca_ctx_start(fx.ctx));
	expect_ok(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, fx.buf, (union doca_data){ .u64 = 7 },
								    &task));
	assert_ptr_equal(doca_mmap_advise_task_invalidate_cache_get_buf(task), fx.buf);
	doca_mmap_advise_task_invalidate_cache_set_buf(task, fx.other);
	expect_ok(0);
	assert_ptr_equal(doca_mmap_advise_task_invalidate_cache_get_buf(task), fx.other);
	expect_ok(doca_task_submit(doca_mmap_advise_task_invalidate_cache_as_doca_task(task)));
	/* delivered by the progress engine, not in submit */
	assert_int_equal(completed, 0);
	for (int i = 0; i < 100 && !completed; i++)
		doca_pe_progress(fx.pe);
	assert_int_equal(completed, 1);
	assert_ptr_equal(last, task);
	/* again */
	expect_ok(doca_task_submit(doca_mmap_advise_task_invalidate_cache_as_doca_task(task)));
	for (int i = 0; i < 100 && completed < 2; i++)
		doca_pe_progress(fx.pe);
	assert_int_equal(completed, 2);
	assert_int_equal(failed, 0);
	doca_task_free(doca_mmap_advise_task_invalidate_cache_as_doca_task(task));
	expect_ok(0);
	teardown(&fx);
}

static void refuses_bad_input(void **state)
{
	struct doca_mmap_advise_task_invalidate_cache *task;
	struct doca_mmap_advise *advise;
	struct fixture fx;
	uint64_t max;

	(void)state;
	setup(&fx);
	expect_fail(doca_mmap_advise_create(NULL, &advise), DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_create");
	expect_fail(doca_mmap_advise_create(fx.dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_create");
	assert_null(doca_mmap_advise_as_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_as_ctx");
	expect_fail(doca_mmap_advise_cap_task_cache_invalidate_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_cap_task_cache_invalidate_is_supported");
	expect_fail(doca_mmap_advise_task_cache_invalidate_get_max_buf_size(doca_dev_as_devinfo(fx.dev), NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_cache_invalidate_get_max_buf_size");
	expect_fail(doca_mmap_advise_task_cache_invalidate_get_max_buf_size(NULL, &max), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_task_cache_invalidate_get_max_buf_size");
	expect_fail(doca_mmap_advise_task_invalidate_cache_set_conf(NULL, done, error, 4), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_task_invalidate_cache_set_conf");
	expect_fail(doca_mmap_advise_task_invalidate_cache_set_conf(fx.advise, NULL, error, 4),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_invalidate_cache_set_conf");
	expect_fail(doca_mmap_advise_task_invalidate_cache_set_conf(fx.advise, done, error, 0),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_invalidate_cache_set_conf");
	expect_ok(doca_mmap_advise_task_invalidate_cache_set_conf(fx.advise, done, error, 1));
	/* tasks of a running context only */
	expect_fail(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, fx.buf, (union doca_data){ .u64 = 7 },
								      &task),
		    DOCA_ERROR_BAD_STATE, "doca_mmap_advise_task_invalidate_cache_alloc_init");
	expect_ok(doca_ctx_start(fx.ctx));
	/* configured while running: refused */
	expect_fail(doca_mmap_advise_task_invalidate_cache_set_conf(fx.advise, done, error, 2), DOCA_ERROR_BAD_STATE,
		    "doca_mmap_advise_task_invalidate_cache_set_conf");
	expect_fail(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, NULL, (union doca_data){ .u64 = 7 },
								      &task),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_invalidate_cache_alloc_init");
	expect_fail(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, fx.buf, (union doca_data){ .u64 = 7 },
								      NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_invalidate_cache_alloc_init");
	expect_fail(
		doca_mmap_advise_task_invalidate_cache_alloc_init(NULL, fx.buf, (union doca_data){ .u64 = 7 }, &task),
		DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_task_invalidate_cache_alloc_init");
	expect_ok(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, fx.buf, (union doca_data){ .u64 = 7 },
								    &task));
	/* the pool of one is empty */
	{
		struct doca_mmap_advise_task_invalidate_cache *second;

		expect_fail(doca_mmap_advise_task_invalidate_cache_alloc_init(fx.advise, fx.buf,
									      (union doca_data){ .u64 = 7 }, &second),
			    DOCA_ERROR_NO_MEMORY, "doca_mmap_advise_task_invalidate_cache_alloc_init");
	}
	assert_null(doca_mmap_advise_task_invalidate_cache_as_doca_task(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_task_invalidate_cache_as_doca_task");
	assert_null(doca_mmap_advise_task_invalidate_cache_get_buf(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_task_invalidate_cache_get_buf");
	doca_mmap_advise_task_invalidate_cache_set_buf(task, NULL);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_advise_task_invalidate_cache_set_buf");
	assert_ptr_equal(doca_mmap_advise_task_invalidate_cache_get_buf(task), fx.buf); /* untouched */
	/* a submitted task keeps its buffer */
	expect_ok(doca_task_submit(doca_mmap_advise_task_invalidate_cache_as_doca_task(task)));
	doca_mmap_advise_task_invalidate_cache_set_buf(task, fx.other);
	expect_fail(DOCA_ERROR_BAD_STATE, DOCA_ERROR_BAD_STATE, "doca_mmap_advise_task_invalidate_cache_set_buf");
	for (int i = 0; i < 100 && !completed; i++)
		doca_pe_progress(fx.pe);
	assert_int_equal(completed, 1);
	/* running: not destroyed */
	expect_fail(doca_mmap_advise_destroy(fx.advise), DOCA_ERROR_BAD_STATE, "doca_mmap_advise_destroy");
	doca_task_free(doca_mmap_advise_task_invalidate_cache_as_doca_task(task));
	expect_ok(0);
	teardown(&fx);
	/* destroyed: refused */
	expect_fail(doca_mmap_advise_destroy(fx.advise), DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_destroy");
	expect_fail(doca_mmap_advise_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_advise_destroy");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(invalidates_through_the_progress_engine),
		cmocka_unit_test(refuses_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
