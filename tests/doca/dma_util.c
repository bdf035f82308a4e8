/* What the DMA tests share (dma_util.h). */
#include <setjmp.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dma_util.h"
#include "mem_util.h"

static void record(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data,
		   doca_error_t status)
{
	struct dma_fixture *fx = ctx_user_data.ptr;

	assert_true(fx->done < DMA_MAX_DONE);
	fx->task[fx->done] = task;
	fx->slot[fx->done] = task_user_data.u64;
	fx->status[fx->done++] = status;
	fx->failed += status != DOCA_SUCCESS;
	if (fx->free_in_callback)
		doca_task_free(doca_dma_task_memcpy_as_task(task));
}

static void completed(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	record(task, task_user_data, ctx_user_data, DOCA_SUCCESS);
}

static void failed(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	record(task, task_user_data, ctx_user_data, doca_task_get_status(doca_dma_task_memcpy_as_task(task)));
}

void dma_fixture_open(struct dma_fixture *fx, struct doca_dev *dev, uint32_t num_tasks)
{
	memset(fx, 0, sizeof(*fx));
	fx->free_in_callback = 1;
	sdk_log_capture();
	fx->own_dev = dev == NULL;
	fx->dev = dev ? dev : sim_dev_open(0);
	expect_ok(doca_pe_create(&fx->pe));
	expect_ok(doca_dma_create(fx->dev, &fx->dma));
	expect_ok(doca_dma_task_memcpy_set_conf(fx->dma, completed, failed, num_tasks));
	expect_ok(doca_ctx_set_user_data(doca_dma_as_ctx(fx->dma), (union doca_data){ .ptr = fx }));
	expect_ok(doca_pe_connect_ctx(fx->pe, doca_dma_as_ctx(fx->dma)));
	expect_ok(doca_ctx_start(doca_dma_as_ctx(fx->dma)));
	expect_ok(doca_buf_inventory_create(1024, &fx->inventory));
	expect_ok(doca_buf_inventory_start(fx->inventory));
}

void dma_wait_idle(struct dma_fixture *fx)
{
	enum doca_ctx_states state;

	for (;;) {
		expect_ok(doca_ctx_get_state(doca_dma_as_ctx(fx->dma), &state));
		if (state == DOCA_CTX_STATE_IDLE)
			return;
		doca_pe_progress(fx->pe);
	}
}

void dma_fixture_close(struct dma_fixture *fx)
{
	enum doca_ctx_states state;
	doca_error_t err;

	expect_ok(doca_ctx_get_state(doca_dma_as_ctx(fx->dma), &state));
	if (state == DOCA_CTX_STATE_RUNNING) {
		err = doca_ctx_stop(doca_dma_as_ctx(fx->dma));
		assert_true(err == DOCA_SUCCESS || err == DOCA_ERROR_IN_PROGRESS);
	}
	dma_wait_idle(fx);
	expect_ok(doca_buf_inventory_destroy(fx->inventory));
	expect_ok(doca_dma_destroy(fx->dma));
	expect_ok(doca_pe_destroy(fx->pe));
	if (fx->own_dev)
		sim_dev_close(fx->dev);
	free(sdk_log_take());
}

void dma_wait(struct dma_fixture *fx, unsigned count)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (fx->done < count) {
		doca_pe_progress(fx->pe);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 10)
			fail_msg("%u of %u completions after 10 s", fx->done, count);
	}
}

struct doca_mmap *dma_map(struct dma_fixture *fx, void *addr, size_t len)
{
	struct doca_mmap *map;

	expect_ok(doca_mmap_create(&map));
	expect_ok(doca_mmap_set_memrange(map, addr, len));
	expect_ok(doca_mmap_add_dev(map, fx->dev));
	expect_ok(doca_mmap_start(map));
	return map;
}

struct doca_buf *dma_buf(struct dma_fixture *fx, struct doca_mmap *map, void *addr, size_t len, size_t data_len)
{
	struct doca_buf *buf;

	expect_ok(doca_buf_inventory_buf_get_by_args(fx->inventory, map, addr, len, addr, data_len, &buf));
	return buf;
}

struct doca_dma_task_memcpy *dma_submit(struct dma_fixture *fx, struct doca_buf *src, struct doca_buf *dst)
{
	struct doca_dma_task_memcpy *task;

	/* submitting succeeds; a copy the device cannot make logs its line and fails in its callback */
	assert_int_equal(doca_dma_task_memcpy_alloc_init(fx->dma, src, dst, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_dma_task_memcpy_as_task(task)), DOCA_SUCCESS);
	return task;
}
