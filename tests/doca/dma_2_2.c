/*
 * A 2.2 program's DMA: doca_dma_create(&dma), the device by doca_ctx_dev_add, the device's limits
 * under 2.2's names, DOCA_DMA_JOB_MEMCPY jobs (struct doca_dma_job_memcpy) submitted to a work
 * queue and retrieved as events, as NVIDIA's 2.2 DMA samples do.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dma.h>
#include <doca_mmap.h>

#include "dma_releases.h"
#include "mem_util.h"

_Static_assert(sizeof(struct doca_dma_job_memcpy) == 40, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_dma_job_memcpy, dst_buff) == 24, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_dma_job_memcpy, src_buff) == 32, "2.2's layout (the facts)");

static char src_mem[4096], dst_mem[4096];

/* Retrieves one event (fails the test after many polls). */
static void retrieve(struct doca_workq *workq, struct doca_event *event)
{
	doca_error_t err;
	long polls = 0;

	while ((err = doca_workq_progress_retrieve(workq, event, DOCA_WORKQ_RETRIEVE_FLAGS_NONE)) == DOCA_ERROR_AGAIN)
		assert_true(++polls < 100000000L);
	assert_int_equal(err, DOCA_SUCCESS);
}

void dma_2_2_jobs_on_a_work_queue(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_dma *dma;
	struct doca_ctx *ctx;
	struct doca_workq *workq;
	struct doca_mmap *smap, *dmap;
	struct doca_buf_inventory *inv;
	struct doca_buf *src, *dst;
	struct doca_event event = { 0 };
	uint64_t size = 0;
	uint32_t len = 0;
	size_t data_len;

	(void)state;
	sdk_log_capture();
	/* the limits, as 2.5's */
	expect_ok(doca_dma_job_get_supported(info, DOCA_DMA_JOB_MEMCPY));
	assert_int_equal(doca_dma_job_get_supported(info, (enum doca_dma_job_types)1), DOCA_ERROR_NOT_SUPPORTED);
	expect_fail(doca_dma_job_get_supported(NULL, DOCA_DMA_JOB_MEMCPY), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_job_get_supported");
	expect_ok(doca_dma_get_max_buf_size(info, &size));
	assert_int_equal(size, 1u << 30);
	expect_ok(doca_dma_get_max_list_buf_num_elem(info, &len));
	assert_int_equal(len, 30);
	expect_fail(doca_dma_get_max_buf_size(info, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_get_max_buf_size");
	expect_fail(doca_dma_get_max_buf_size(NULL, &size), DOCA_ERROR_INVALID_VALUE, "doca_dma_get_max_buf_size");
	expect_fail(doca_dma_get_max_list_buf_num_elem(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_get_max_list_buf_num_elem");
	expect_fail(doca_dma_get_max_list_buf_num_elem(NULL, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_get_max_list_buf_num_elem");

	/* the context: no device yet, one device, then jobs */
	expect_fail(doca_dma_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_create");
	expect_ok(doca_dma_create(&dma));
	ctx = doca_dma_as_ctx(dma);
	expect_fail(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE, "doca_ctx_start");
	expect_ok(doca_ctx_dev_add(ctx, dev));
	expect_fail(doca_ctx_dev_add(ctx, dev), DOCA_ERROR_IN_USE, "doca_ctx_dev_add");
	{
		/* one device per DMA context */
		struct doca_dev *other = sim_dev_open(1);

		expect_fail(doca_ctx_dev_add(ctx, other), DOCA_ERROR_INVALID_VALUE, "doca_ctx_dev_add");
		sim_dev_close(other);
	}
	expect_ok(doca_ctx_start(ctx));
	expect_ok(doca_workq_create(16, &workq));
	expect_ok(doca_ctx_workq_add(ctx, workq));

	memset(src_mem, 'a', sizeof(src_mem));
	memset(dst_mem, 0, sizeof(dst_mem));
	expect_ok(doca_mmap_create(NULL, &smap));
	expect_ok(doca_mmap_dev_add(smap, dev));
	expect_ok(doca_mmap_set_memrange(smap, src_mem, sizeof(src_mem)));
	expect_ok(doca_mmap_start(smap));
	expect_ok(doca_mmap_create(NULL, &dmap));
	expect_ok(doca_mmap_dev_add(dmap, dev));
	expect_ok(doca_mmap_set_memrange(dmap, dst_mem, sizeof(dst_mem)));
	expect_ok(doca_mmap_start(dmap));
	expect_ok(doca_buf_inventory_create(NULL, 4, DOCA_BUF_EXTENSION_NONE, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, smap, src_mem, 1000, &src));
	expect_ok(doca_buf_set_data(src, src_mem, 1000));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, dmap, dst_mem, sizeof(dst_mem), &dst));
	{
		struct doca_dma_job_memcpy job = { .base = { .type = DOCA_DMA_JOB_MEMCPY,
							     .flags = DOCA_JOB_FLAGS_NONE,
							     .ctx = ctx,
							     .user_data = { .u64 = 42 } },
						   .dst_buff = dst,
						   .src_buff = src };

		expect_ok(doca_workq_submit(workq, &job.base));
		retrieve(workq, &event);
		assert_int_equal(event.type, DOCA_DMA_JOB_MEMCPY);
		assert_int_equal(event.user_data.u64, 42);
		assert_int_equal(event.result.u64, DOCA_SUCCESS);
		assert_memory_equal(dst_mem, src_mem, 1000);
		assert_int_equal(dst_mem[1000], 0);
		expect_ok(doca_buf_get_data_len(dst, &data_len));
		assert_int_equal(data_len, 1000);
		/* a job of another type, or without a buffer, is refused */
		job.base.type = DOCA_DMA_JOB_MEMCPY + 1;
		expect_fail(doca_workq_submit(workq, &job.base), DOCA_ERROR_NOT_SUPPORTED, "doca_workq_submit");
		job.base.type = DOCA_DMA_JOB_MEMCPY;
		job.src_buff = NULL;
		expect_fail(doca_workq_submit(workq, &job.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
	}
	expect_ok(doca_ctx_workq_rm(ctx, workq));
	expect_ok(doca_ctx_stop(ctx));
	expect_ok(doca_ctx_dev_rm(ctx, dev));
	expect_ok(doca_dma_destroy(dma));
	expect_ok(doca_workq_destroy(workq));
	expect_ok(doca_buf_refcount_rm(src, NULL));
	expect_ok(doca_buf_refcount_rm(dst, NULL));
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	sim_dev_close(dev);
}
