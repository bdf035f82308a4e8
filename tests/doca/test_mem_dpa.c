/*
 * The memory family and the DPA, with a FlexIO process on the simulated device: maps over DPA
 * memory (3.0's doca_mmap_set_dpa_memrange), the DPA handle of a map of host memory (DPA code
 * reads the memory through a window with it), and buffer arrays for the DPA (DPA code reads the
 * table their handle names). A DOCA DPA context comes from libdoca_dpa (issue 21); until then this
 * test makes one as libdoca_dpa will: a FlexIO process on the DOCA device's context and PD, and
 * the FlexIO calls as its operations (mmap.h, struct opendoca_dpa). DOCA DMA copies into DPA
 * memory and out of it.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API

#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_array.h>
#include <doca_buf_inventory.h>
#include <doca_dev.h>
#include <doca_mmap.h>

#include "buf.h"
#include "dev.h"
#include "dma_util.h"
#include "mem_util.h"
#include "mmap.h"

extern flexio_func_t arr_field, host_load;
extern struct flexio_app *doca_mem_dpa;

#define ERR_BASE 1000000u

/* A DOCA DPA context as libdoca_dpa makes one. */
struct context {
	struct opendoca_dpa base;
	flexio_process *process;
};

static doca_error_t mkey_create(struct opendoca_dpa *dpa, uint64_t daddr, size_t len, int access, void **mkey,
				uint32_t *key, const char *func)
{
	struct context *ctx = (struct context *)dpa;
	struct flexio_mkey_attr attr = {
		.pd = opendoca_dev_ibv_pd(dpa->dev), .daddr = daddr, .len = len, .access = access
	};
	flexio_mkey *made;

	if (flexio_device_mkey_create(ctx->process, &attr, &made) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no memory key over [%#lx, +%zu)", (unsigned long)daddr,
				     len);
	*mkey = made;
	*key = flexio_mkey_get_id(made);
	return DOCA_SUCCESS;
}

static void mkey_destroy(struct opendoca_dpa *dpa, void *mkey)
{
	(void)dpa;
	assert_int_equal(flexio_device_mkey_destroy(mkey), FLEXIO_STATUS_SUCCESS);
}

static doca_error_t mem_alloc(struct opendoca_dpa *dpa, size_t size, uint64_t *daddr, const char *func)
{
	if (flexio_buf_dev_alloc(((struct context *)dpa)->process, size, daddr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no %zu bytes of DPA memory", size);
	return DOCA_SUCCESS;
}

static doca_error_t mem_write(struct opendoca_dpa *dpa, uint64_t daddr, const void *src, size_t size, const char *func)
{
	if (flexio_host2dev_memcpy(((struct context *)dpa)->process, (void *)src, size, daddr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing DPA memory failed");
	return DOCA_SUCCESS;
}

static void mem_free(struct opendoca_dpa *dpa, uint64_t daddr)
{
	assert_int_equal(flexio_buf_dev_free(((struct context *)dpa)->process, daddr), FLEXIO_STATUS_SUCCESS);
}

static const struct opendoca_dpa_ops ops = { mkey_create, mkey_destroy, mem_alloc, mem_write, mem_free };

static void context_free(struct opendoca_object *object)
{
	struct context *ctx = (struct context *)object;

	assert_int_equal(flexio_process_destroy(ctx->process), FLEXIO_STATUS_SUCCESS);
	opendoca_dev_release(ctx->base.dev);
	free(ctx);
}

static struct doca_dpa *context_create(struct doca_dev *dev, flexio_process **process)
{
	struct context *ctx = calloc(1, sizeof(*ctx));
	struct flexio_process_attr attr = { .pd = opendoca_dev_ibv_pd(dev) };
	struct doca_dpa *handle;

	assert_non_null(ctx);
	assert_int_equal(flexio_process_create(opendoca_dev_ibv_context(dev), doca_mem_dpa, &attr, &ctx->process),
			 FLEXIO_STATUS_SUCCESS);
	expect_ok(opendoca_dev_hold(dev, "test"));
	ctx->base.ops = &ops;
	ctx->base.dev = dev;
	handle = opendoca_handle_open(&ctx->base.object, opendoca_dpa_kind(), context_free);
	assert_non_null(handle);
	*process = ctx->process;
	return handle;
}

static void context_destroy(struct doca_dpa *handle)
{
	struct opendoca_object *object = opendoca_handle_close(handle, opendoca_dpa_kind(), "test");

	assert_non_null(object);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

static uint64_t call(flexio_process *process, flexio_func_t *func, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t rc = 0;

	assert_int_equal(flexio_process_call(process, func, &rc, a, b, c), FLEXIO_STATUS_SUCCESS);
	return rc;
}

struct fixture {
	struct doca_dev *dev, *other;
	struct doca_dpa *dpa;
	flexio_process *process;
	uint64_t *host;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->other = sim_dev_open(1);
	fx->dpa = context_create(fx->dev, &fx->process);
	fx->host = aligned_alloc(4096, 4096);
	assert_non_null(fx->host);
	for (int i = 0; i < 512; i++)
		fx->host[i] = 0x1000 + (uint64_t)i;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	context_destroy(fx->dpa);
	sim_dev_close(fx->dev);
	sim_dev_close(fx->other);
	free(fx->host);
	free(fx);
	return 0;
}

static struct doca_mmap *host_map(struct fixture *fx, struct doca_dev *dev)
{
	struct doca_mmap *mmap;

	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, fx->host, 4096));
	expect_ok(doca_mmap_add_dev(mmap, dev));
	expect_ok(doca_mmap_start(mmap));
	return mmap;
}

/* ---------------------------------------------------------------------------------------------- */

static void a_map_over_dpa_memory(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *imported, *outside;
	struct doca_buf_inventory *inv;
	struct doca_buf *buf;
	struct opendoca_reach reach;
	doca_dpa_dev_mmap_t handle;
	const void *desc;
	uint64_t daddr;
	size_t len;
	void *head;

	assert_int_equal(flexio_buf_dev_alloc(fx->process, 4096, &daddr), FLEXIO_STATUS_SUCCESS);
	expect_ok(doca_mmap_create(&mmap));
	expect_fail(doca_mmap_set_dpa_memrange(mmap, (struct doca_dpa *)mmap, daddr, 4096), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_set_dpa_memrange");
	expect_fail(doca_mmap_set_dpa_memrange(mmap, fx->dpa, daddr, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_set_dpa_memrange");
	expect_ok(doca_mmap_set_dpa_memrange(mmap, fx->dpa, daddr, 4096));
	expect_fail(doca_mmap_set_dpa_memrange(mmap, fx->dpa, daddr, 4096), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_set_dpa_memrange");
	/* The DPA's device is the map's only one. */
	expect_fail(doca_mmap_add_dev(mmap, fx->dev), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_add_dev");
	expect_ok(doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |
							  DOCA_ACCESS_FLAG_RDMA_WRITE));
	expect_fail(doca_mmap_dev_get_dpa_handle(mmap, fx->dev, &handle), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_dev_get_dpa_handle");
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev, &handle));
	assert_int_not_equal(handle, 0);
	expect_fail(doca_mmap_dev_get_dpa_handle(mmap, fx->other, &handle), DOCA_ERROR_NOT_FOUND,
		    "doca_mmap_dev_get_dpa_handle");
	/* Buffers address DPA memory; the DMA context reaches it by the key, not a host pointer. */
	expect_ok(doca_buf_inventory_create(2, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_get_by_addr(inv, mmap, (void *)(uintptr_t)(daddr + 64), 64, &buf));
	expect_ok(doca_buf_get_head(buf, &head));
	assert_int_equal((uintptr_t)head, daddr + 64);
	expect_ok(opendoca_mmap_reach(opendoca_buf_get(buf, "test")->mmap, fx->dev, daddr + 64, 64, &reach, "test"));
	assert_null(reach.host);
	assert_int_equal(reach.mkey, handle);
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	/* Exported for RDMA, as NVIDIA's DPA samples do: an import of this process names it by the key. */
	expect_ok(doca_mmap_export_rdma(mmap, fx->dev, &desc, &len));
	expect_ok(doca_mmap_create_from_export(NULL, desc, len, fx->dev, &imported));
	expect_ok(doca_buf_inventory_buf_get_by_addr(inv, imported, (void *)(uintptr_t)daddr, 8, &buf));
	expect_ok(opendoca_mmap_reach(opendoca_buf_get(buf, "test")->mmap, fx->dev, daddr, 8, &reach, "test"));
	assert_null(reach.host);
	assert_int_equal(reach.mkey, handle);
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	expect_ok(doca_mmap_destroy(imported));
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(mmap));
	/* Memory the process does not have: FlexIO makes no key, the map does not start. */
	expect_ok(doca_mmap_create(&outside));
	expect_ok(doca_mmap_set_dpa_memrange(outside, fx->dpa, daddr + (1ull << 40), 4096));
	expect_fail(doca_mmap_start(outside), DOCA_ERROR_DRIVER, "doca_mmap_start");
	expect_ok(doca_mmap_destroy(outside));
	assert_int_equal(flexio_buf_dev_free(fx->process, daddr), FLEXIO_STATUS_SUCCESS);
}

static void the_dpa_reads_host_memory_by_the_map_handle(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap = host_map(fx, fx->dev);
	doca_dpa_dev_mmap_t handle;
	flexio_window *window;
	uint32_t id;

	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev, &handle));
	assert_int_equal(flexio_window_create(fx->process, opendoca_dev_ibv_pd(fx->dev), &window),
			 FLEXIO_STATUS_SUCCESS);
	id = flexio_window_get_id(window);
	assert_int_equal(call(fx->process, &host_load, id, handle, (uintptr_t)&fx->host[7]), 0x1007);
	assert_int_equal(call(fx->process, &host_load, id, handle, (uintptr_t)&fx->host[511]), 0x1000 + 511);
	/* Stopped, the map's region is gone: the DPA no longer reaches the memory by that key. */
	expect_ok(doca_mmap_stop(mmap));
	assert_true(call(fx->process, &host_load, id, handle, (uintptr_t)&fx->host[7]) >= ERR_BASE);
	assert_int_equal(flexio_window_destroy(window), FLEXIO_STATUS_SUCCESS);
	expect_ok(doca_mmap_destroy(mmap));
}

static void buffer_arrays_for_the_dpa(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap = host_map(fx, fx->dev), *elsewhere = host_map(fx, fx->other);
	struct doca_buf_arr *arr;
	struct doca_gpu_buf_arr *gpu;
	doca_dpa_dev_buf_arr_t table;
	doca_dpa_dev_mmap_t key;

	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev, &key));
	expect_ok(doca_buf_arr_create(4, &arr));
	expect_ok(doca_buf_arr_set_params(arr, mmap, 256, 512));
	expect_fail(doca_buf_arr_set_target_dpa(arr, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_set_target_dpa");
	expect_ok(doca_buf_arr_set_target_dpa(arr, fx->dpa));
	expect_ok(doca_buf_arr_start(arr));
	expect_ok(doca_buf_arr_get_dpa_handle(arr, &table));
	/* The DPA reads what the host laid out. */
	assert_int_equal(call(fx->process, &arr_field, table, 0, 0), 4);
	assert_int_equal(call(fx->process, &arr_field, table, 0, 1), 256);
	for (uint64_t i = 0; i < 4; i++) {
		assert_int_equal(call(fx->process, &arr_field, table, i, 2), (uintptr_t)fx->host + 512 + i * 256);
		assert_int_equal(call(fx->process, &arr_field, table, i, 3), 256);
		assert_int_equal(call(fx->process, &arr_field, table, i, 4), key);
	}
	/* Started: configuration refused, the map kept started, no GPU handle. */
	expect_fail(doca_buf_arr_set_params(arr, mmap, 128, 0), DOCA_ERROR_BAD_STATE, "doca_buf_arr_set_params");
	expect_fail(doca_buf_arr_set_target_dpa(arr, fx->dpa), DOCA_ERROR_BAD_STATE, "doca_buf_arr_set_target_dpa");
	expect_fail(doca_buf_arr_get_gpu_handle(arr, &gpu), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_get_gpu_handle");
	expect_fail(doca_mmap_stop(mmap), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_stop");
	expect_ok(doca_buf_arr_stop(arr));
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "doca_buf_arr_start");
	expect_ok(doca_buf_arr_destroy(arr));
	/* Elements beyond the map, or a map the DPA's device does not reach: no start, nothing held. */
	expect_ok(doca_buf_arr_create(4, &arr));
	expect_ok(doca_buf_arr_set_params(arr, mmap, 1024, 1024));
	expect_ok(doca_buf_arr_set_target_dpa(arr, fx->dpa));
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_start");
	expect_ok(doca_buf_arr_set_params(arr, elsewhere, 64, 0));
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_NOT_FOUND, "doca_buf_arr_start");
	expect_ok(doca_buf_arr_destroy(arr));
	expect_ok(doca_mmap_stop(mmap));
	expect_ok(doca_mmap_stop(elsewhere));
	expect_ok(doca_mmap_destroy(mmap));
	expect_ok(doca_mmap_destroy(elsewhere));
}

/* DOCA DMA into DPA memory and back: the device's DMA engine reaches it by the map's key. */
static void dma_into_and_out_of_dpa_memory(void **state)
{
	struct fixture *fx = *state;
	struct dma_fixture dma;
	struct doca_mmap *dpa_map, *host, *back_map;
	struct doca_buf *src, *mid, *mid_src, *dst;
	uint64_t *back = calloc(512, sizeof(uint64_t));
	uint64_t daddr;

	assert_non_null(back);
	dma_fixture_open(&dma, fx->dev, 4);
	assert_int_equal(flexio_buf_dev_alloc(fx->process, 4096, &daddr), FLEXIO_STATUS_SUCCESS);
	expect_ok(doca_mmap_create(&dpa_map));
	expect_ok(doca_mmap_set_dpa_memrange(dpa_map, fx->dpa, daddr, 4096));
	expect_ok(doca_mmap_start(dpa_map));
	host = host_map(fx, dma.dev);
	back_map = dma_map(&dma, back, 4096);
	src = dma_buf(&dma, host, fx->host, 4096, 4096);
	mid = dma_buf(&dma, dpa_map, (void *)(uintptr_t)daddr, 4096, 0);
	dma_submit(&dma, src, mid); /* host -> DPA */
	dma_wait(&dma, 1);
	assert_int_equal(dma.status[0], DOCA_SUCCESS);
	mid_src = dma_buf(&dma, dpa_map, (void *)(uintptr_t)daddr, 4096, 4096);
	dst = dma_buf(&dma, back_map, back, 4096, 0);
	dma_submit(&dma, mid_src, dst); /* DPA -> host */
	dma_wait(&dma, 2);
	assert_int_equal(dma.status[1], DOCA_SUCCESS);
	assert_memory_equal(back, fx->host, 4096);
	expect_ok(doca_buf_dec_refcount(src, NULL));
	expect_ok(doca_buf_dec_refcount(mid, NULL));
	expect_ok(doca_buf_dec_refcount(mid_src, NULL));
	expect_ok(doca_buf_dec_refcount(dst, NULL));
	expect_ok(doca_mmap_destroy(dpa_map));
	expect_ok(doca_mmap_destroy(host));
	expect_ok(doca_mmap_destroy(back_map));
	dma_fixture_close(&dma);
	assert_int_equal(flexio_buf_dev_free(fx->process, daddr), FLEXIO_STATUS_SUCCESS);
	free(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(a_map_over_dpa_memory, setup, teardown),
		cmocka_unit_test_setup_teardown(the_dpa_reads_host_memory_by_the_map_handle, setup, teardown),
		cmocka_unit_test_setup_teardown(buffer_arrays_for_the_dpa, setup, teardown),
		cmocka_unit_test_setup_teardown(dma_into_and_out_of_dpa_memory, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
