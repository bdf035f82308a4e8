/*
 * A 1.x program's DMA (the DOCA Core programming guide, 5.5 "Context Life Cycle"): the device's
 * capability by doca_dma_devinfo_caps_get, doca_dma_create(&dma), doca_ctx_dev_add, start, a
 * work queue, a memcpy job retrieved as an event, then the life cycle backwards.
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)
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

static char memory[8192] __attribute__((aligned(4096)));

void dma_1_4_jobs_on_a_work_queue(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_dma *dma;
	struct doca_ctx *ctx;
	struct doca_workq *workq;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	struct doca_buf *src, *dst;
	struct doca_event event = { 0 };
	struct doca_devinfo *info;
	uint32_t caps = 0;
	doca_error_t err;

	(void)state;
	sdk_log_capture();
	expect_ok(doca_dev_as_devinfo(dev, &info));
	expect_ok(doca_dma_devinfo_caps_get(info, &caps));
	assert_int_equal(caps, DOCA_DMA_CAP_HW_OFFLOAD);
	expect_fail(doca_dma_devinfo_caps_get(NULL, &caps), DOCA_ERROR_INVALID_VALUE, "doca_dma_devinfo_caps_get");
	expect_fail(doca_dma_devinfo_caps_get(info, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_devinfo_caps_get");

	expect_ok(doca_dma_create(&dma));
	ctx = doca_dma_as_ctx(dma);
	expect_ok(doca_ctx_dev_add(ctx, dev));
	expect_ok(doca_ctx_start(ctx));
	expect_ok(doca_workq_create(8, &workq));
	expect_ok(doca_ctx_workq_add(ctx, workq));

	memset(memory, 'z', 4096);
	memset(memory + 4096, 0, 4096);
	expect_ok(doca_mmap_create("dma", &mmap));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_dev_add(mmap, dev));
	expect_ok(doca_mmap_populate(mmap, memory, sizeof(memory), 4096, NULL, NULL));
	expect_ok(doca_buf_inventory_create("inventory", 2, DOCA_BUF_EXTENSION_NONE, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, mmap, memory, 4096, &src));
	expect_ok(doca_buf_set_data(src, memory, 4096));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, mmap, memory + 4096, 4096, &dst));
	{
		struct doca_dma_job_memcpy job = {
			.base = { .type = DOCA_DMA_JOB_MEMCPY, .ctx = ctx, .user_data = { .u64 = 14 } },
			.dst_buff = dst,
			.src_buff = src,
		};

		expect_ok(doca_workq_submit(workq, &job.base));
		while ((err = doca_workq_progress_retrieve(workq, &event, DOCA_WORKQ_RETRIEVE_FLAGS_NONE)) ==
		       DOCA_ERROR_AGAIN)
			;
		expect_ok(err);
		assert_int_equal(event.user_data.u64, 14);
		assert_int_equal(event.result.u64, DOCA_SUCCESS);
		assert_memory_equal(memory + 4096, memory, 4096);
	}
	/* the guide's order backwards: work queue, stop, device, destroy */
	expect_ok(doca_ctx_workq_rm(ctx, workq));
	expect_ok(doca_ctx_stop(ctx));
	expect_ok(doca_ctx_dev_rm(ctx, dev));
	expect_ok(doca_dma_destroy(dma));
	expect_ok(doca_workq_destroy(workq));
	expect_ok(doca_buf_refcount_rm(src, NULL));
	expect_ok(doca_buf_refcount_rm(dst, NULL));
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(mmap));
	sim_dev_close(dev);
}
