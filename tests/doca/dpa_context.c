/* The tests' DOCA DPA contexts (dpa_context.h). */
#include "dpa_context.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "dev.h"
#include "mem_util.h"
#include "mmap.h"

/* A DOCA DPA context as libdoca_dpa will make one. */
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

/* Memory only: no DOCA RDMA datapath (doca_ctx_set_datapath_on_dpa refuses it). */
static const struct opendoca_dpa_ops ops = {
	.mkey_create = mkey_create,
	.mkey_destroy = mkey_destroy,
	.mem_alloc = mem_alloc,
	.mem_write = mem_write,
	.mem_free = mem_free,
};

static void context_free(struct opendoca_object *object)
{
	struct context *ctx = (struct context *)object;

	assert_int_equal(flexio_process_destroy(ctx->process), FLEXIO_STATUS_SUCCESS);
	opendoca_dev_release(ctx->base.dev);
	free(ctx);
}

struct doca_dpa *dpa_context_create(struct doca_dev *dev, struct flexio_app *app, flexio_process **process)
{
	struct context *ctx = calloc(1, sizeof(*ctx));
	struct flexio_process_attr attr = { .pd = opendoca_dev_ibv_pd(dev) };
	struct doca_dpa *handle;

	assert_non_null(ctx);
	assert_int_equal(flexio_process_create(opendoca_dev_ibv_context(dev), app, &attr, &ctx->process),
			 FLEXIO_STATUS_SUCCESS);
	expect_ok(opendoca_dev_hold(dev, "test"));
	ctx->base.ops = &ops;
	ctx->base.dev = dev;
	handle = opendoca_handle_open(&ctx->base.object, opendoca_dpa_kind(), context_free);
	assert_non_null(handle);
	*process = ctx->process;
	return handle;
}

void dpa_context_destroy(struct doca_dpa *handle)
{
	struct opendoca_object *object = opendoca_handle_close(handle, opendoca_dpa_kind(), "test");

	assert_non_null(object);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

uint64_t dpa_call(flexio_process *process, flexio_func_t *func, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t rc = 0;

	assert_int_equal(flexio_process_call(process, func, &rc, a, b, c), FLEXIO_STATUS_SUCCESS);
	return rc;
}
