/*
 * DOCA memory map advice (doca_mmap_advise.h, 2.7 and later): a context with one task type, the
 * invalidation of the CPU's cache of a buffer, so that the CPU reads what a device wrote there
 * (NVIDIA's cache_invalidate sample: a DMA into host memory, then the invalidation, then reads).
 *
 * The simulated device writes host memory through the CPU (its DMA engine is host code), which
 * keeps the caches coherent: nothing is stale, and a task completes once a full fence orders the
 * program's later reads after every write the device made before it. The task is executed in
 * submit and delivered by the progress engine (doca/README.md, "Writing a context").
 */
#include <infiniband/verbs.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "doca_mmap_advise.h"

#include "buf.h"
#include "caps.h"
#include "dev.h"
#include "private_ctx.h"

struct mmap_advise {
	struct opendoca_object object;
	void *handle;
	struct doca_dev *dev; /* a user held */
	struct opendoca_ctx *ctx;
};

/* The library's part of a task. */
struct invalidate {
	struct doca_buf *buf;
};

static const struct opendoca_kind mmap_advise_kind = { "mmap advise context" };

static void invoke(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
		   union doca_data ctx_user_data)
{
	((doca_mmap_advise_task_invalidate_cache_completion_cb_t)cb)(
		(struct doca_mmap_advise_task_invalidate_cache *)task, task_user_data, ctx_user_data);
}

static doca_error_t check(struct opendoca_task *task, const char *func)
{
	struct invalidate *inv = opendoca_task_priv(task);

	return opendoca_buf_get(inv->buf, func) ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
}

static const struct opendoca_task_type invalidate_type = {
	.name = "cache invalidate task",
	.priv_size = sizeof(struct invalidate),
	.max_tasks = 1u << 16,
	.invoke = invoke,
	.check = check,
};

static doca_error_t advise_start(struct opendoca_ctx *ctx)
{
	(void)ctx;
	return DOCA_SUCCESS;
}

static doca_error_t advise_submit(struct opendoca_task *task, uint32_t flags)
{
	struct invalidate *inv = opendoca_task_priv(task);
	struct opendoca_buf *buf;

	(void)flags;
	/* a buffer released since the task was set fails the task, as a device would */
	if (opendoca_buf_check(inv->buf, &buf) != OPENDOCA_BUF_VALID) {
		opendoca_task_complete(task, DOCA_ERROR_INVALID_VALUE);
		return DOCA_SUCCESS;
	}
	atomic_thread_fence(memory_order_seq_cst);
	opendoca_task_complete(task, DOCA_SUCCESS);
	return DOCA_SUCCESS;
}

static const struct opendoca_ctx_ops advise_ops = {
	.name = "mmap advise context",
	.task_types = &invalidate_type,
	.num_task_types = 1,
	.start = advise_start,
	.submit = advise_submit,
};

static void advise_free(struct opendoca_object *object)
{
	struct mmap_advise *ma = (struct mmap_advise *)object;

	opendoca_dev_release(ma->dev);
	free(ma);
}

doca_error_t doca_mmap_advise_create(struct doca_dev *dev, struct doca_mmap_advise **out)
{
	struct mmap_advise *ma;
	doca_error_t err;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "mmap_advise is NULL");
	err = opendoca_dev_hold(dev, __func__);
	if (err)
		return err;
	ma = calloc(1, sizeof(*ma));
	if (!ma) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an mmap advise context");
	}
	ma->dev = dev;
	err = opendoca_ctx_create(&advise_ops, OPENDOCA_CTX_API_PE, ma, &ma->ctx, __func__);
	if (err) {
		opendoca_dev_release(dev);
		free(ma);
		return err;
	}
	ma->handle = opendoca_handle_open(&ma->object, &mmap_advise_kind, advise_free);
	if (!ma->handle) {
		(void)opendoca_ctx_destroy(ma->ctx, __func__);
		opendoca_dev_release(dev);
		free(ma);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for an mmap advise context");
	}
	*out = ma->handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_mmap_advise_destroy(struct doca_mmap_advise *handle)
{
	struct mmap_advise *ma = opendoca_handle_get(handle, &mmap_advise_kind, __func__);
	struct opendoca_object *object;
	doca_error_t err;

	if (!ma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_destroy(ma->ctx, __func__);
	if (err) {
		opendoca_handle_put(&ma->object);
		return err;
	}
	object = opendoca_handle_close(handle, &mmap_advise_kind, __func__);
	opendoca_handle_put(&ma->object);
	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

struct doca_ctx *doca_mmap_advise_as_ctx(struct doca_mmap_advise *handle)
{
	struct mmap_advise *ma = opendoca_handle_get(handle, &mmap_advise_kind, __func__);
	struct doca_ctx *ctx;

	if (!ma)
		return NULL;
	ctx = opendoca_ctx_handle(ma->ctx);
	opendoca_handle_put(&ma->object);
	return ctx;
}

doca_error_t doca_mmap_advise_cap_task_cache_invalidate_is_supported(const struct doca_devinfo *devinfo)
{
	uint8_t supported;
	doca_error_t err =
		opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_MMAP_ADVISE_CACHE_INVALIDATE, &supported, __func__);

	/* DOCA_ERROR_NOT_SUPPORTED is an answer, not logged */
	return err ? err : supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

doca_error_t doca_mmap_advise_task_cache_invalidate_get_max_buf_size(const struct doca_devinfo *devinfo,
								     uint64_t *buf_size)
{
	struct ibv_device_attr attr;
	doca_error_t err;

	if (!buf_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "buf_size is NULL");
	err = opendoca_devinfo_attr(devinfo, &attr, __func__);
	if (!err)
		*buf_size = attr.max_mr_size; /* any buffer of a memory map the device registered */
	return err;
}

doca_error_t doca_mmap_advise_task_invalidate_cache_set_conf(
	struct doca_mmap_advise *handle, doca_mmap_advise_task_invalidate_cache_completion_cb_t completion_cb,
	doca_mmap_advise_task_invalidate_cache_completion_cb_t error_cb, uint32_t num_tasks)
{
	struct mmap_advise *ma = opendoca_handle_get(handle, &mmap_advise_kind, __func__);
	doca_error_t err;

	if (!ma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_set_task_conf(ma->ctx, 0, (opendoca_callback)completion_cb, (opendoca_callback)error_cb,
					 num_tasks, __func__);
	opendoca_handle_put(&ma->object);
	return err;
}

doca_error_t doca_mmap_advise_task_invalidate_cache_alloc_init(struct doca_mmap_advise *handle, struct doca_buf *buf,
							       union doca_data user_data,
							       struct doca_mmap_advise_task_invalidate_cache **out)
{
	struct mmap_advise *ma;
	struct opendoca_task *task;
	doca_error_t err;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "task is NULL");
	if (!opendoca_buf_get(buf, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	ma = opendoca_handle_get(handle, &mmap_advise_kind, __func__);
	if (!ma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_task_alloc(ma->ctx, 0, user_data, &task, __func__);
	if (!err) {
		((struct invalidate *)opendoca_task_priv(task))->buf = buf;
		*out = (struct doca_mmap_advise_task_invalidate_cache *)opendoca_task_ref(task);
	}
	opendoca_handle_put(&ma->object);
	return err;
}

struct doca_task *
doca_mmap_advise_task_invalidate_cache_as_doca_task(struct doca_mmap_advise_task_invalidate_cache *task)
{
	return opendoca_task_get(task, &invalidate_type, __func__) ? (struct doca_task *)task : NULL;
}

void doca_mmap_advise_task_invalidate_cache_set_buf(struct doca_mmap_advise_task_invalidate_cache *task,
						    struct doca_buf *buf)
{
	struct opendoca_task *t = opendoca_task_get(task, &invalidate_type, __func__);

	if (!t || !opendoca_buf_get(buf, __func__))
		return;
	if (t->state == OPENDOCA_TASK_SUBMITTED) {
		opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the task is submitted");
		return;
	}
	((struct invalidate *)opendoca_task_priv(t))->buf = buf;
}

struct doca_buf *
doca_mmap_advise_task_invalidate_cache_get_buf(const struct doca_mmap_advise_task_invalidate_cache *task)
{
	struct opendoca_task *t = opendoca_task_get(task, &invalidate_type, __func__);

	return t ? ((struct invalidate *)opendoca_task_priv(t))->buf : NULL;
}
