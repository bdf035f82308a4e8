/*
 * The context calls of 1.x and 2.2 (doca_ctx.h): devices given to an idle context, work queues
 * added to a running one (each a binding of the context with its own job records: ctx.h), and
 * the context's and the library's limits. Thread-safe, as the DOCA Core programming guide has
 * every doca_ctx operation: the context's mutex, and the work queue's guard.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <stdlib.h>

#include "doca_ctx.h"

#include "ctx.h"

doca_error_t doca_ctx_dev_add(struct doca_ctx *handle, struct doca_dev *dev)
{
	struct opendoca_ctx *ctx;
	struct doca_dev **devs;
	doca_error_t err = DOCA_SUCCESS;

	if (!dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (!ctx->ops->dev_add) {
		err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "the %s takes no device", ctx->ops->name);
		goto out;
	}
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is started", ctx->ops->name);
		goto out;
	}
	for (unsigned i = 0; i < ctx->num_devs; i++) {
		if (ctx->devs[i] == dev) {
			err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the device was added already");
			goto out;
		}
	}
	devs = realloc(ctx->devs, (ctx->num_devs + 1) * sizeof(*devs));
	if (!devs) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory to add a device");
		goto out;
	}
	ctx->devs = devs;
	/* A refusal is logged by the library (opendoca_dev_hold's line). */
	err = ctx->ops->dev_add(ctx, dev, __func__);
	if (!err)
		ctx->devs[ctx->num_devs++] = dev;
out:
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return err;
}

doca_error_t doca_ctx_dev_rm(struct doca_ctx *handle, struct doca_dev *dev)
{
	struct opendoca_ctx *ctx;
	doca_error_t err = DOCA_SUCCESS;
	unsigned i;

	if (!dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	for (i = 0; i < ctx->num_devs && ctx->devs[i] != dev; i++)
		;
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is started", ctx->ops->name);
	else if (i == ctx->num_devs)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "the device is not added to the %s",
				    ctx->ops->name);
	else {
		if (ctx->ops->dev_rm)
			ctx->ops->dev_rm(ctx, dev);
		ctx->devs[i] = ctx->devs[--ctx->num_devs];
	}
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return err;
}

/* Binds a running context to a work queue (both locked): job records, the library's binding. */
static doca_error_t workq_add_locked(struct opendoca_ctx *ctx, struct opendoca_engine *workq, const char *func)
{
	const struct opendoca_ctx_ops *ops = ctx->ops;
	struct opendoca_binding *binding, **workqs;
	doca_error_t err;

	if (opendoca_ctx_model(ctx) != OPENDOCA_CTX_API_WORKQ)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				     "the %s takes a progress engine (DOCA 2.5 and later)", ops->name);
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not started", ops->name);
	for (unsigned i = 0; i < ctx->num_workqs; i++)
		if (ctx->workqs[i]->engine == workq)
			return opendoca_fail(DOCA_ERROR_IN_USE, func, "the work queue is added to the %s already",
					     ops->name);
	if (workq->event_driven && !opendoca_ctx_notifies(ops))
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "the %s has no event-driven mode", ops->name);
	workqs = realloc(ctx->workqs, (ctx->num_workqs + 1) * sizeof(*workqs));
	if (!workqs)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory to add a work queue");
	ctx->workqs = workqs;
	binding = calloc(1, sizeof(*binding));
	if (!binding || !opendoca_engine_add(workq, binding)) {
		free(binding);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory to add a work queue");
	}
	binding->ctx = ctx;
	binding->engine = workq;
	binding->jobs = opendoca_task_pool_create(ctx, NULL, 0, ops->job_size, workq->depth, func);
	err = binding->jobs ? DOCA_SUCCESS : DOCA_ERROR_NO_MEMORY;
	if (!err && ops->bind) {
		err = ops->bind(binding);
		if (err) {
			opendoca_task_pool_destroy(binding->jobs);
			err = opendoca_fail(DOCA_ERROR_INITIALIZATION, func, "the %s did not take the work queue: %s",
					    ops->name, opendoca_error_descr(err));
		}
	}
	if (err) {
		opendoca_engine_remove(workq, binding);
		free(binding);
		return err;
	}
	binding->bound = true;
	opendoca_engine_watch(workq, binding, true);
	ctx->workqs[ctx->num_workqs++] = binding;
	return DOCA_SUCCESS;
}

/* Gets the context and the work queue of a call, the work queue's guard and the context's lock taken. */
static doca_error_t enter(struct doca_ctx *ctx_handle, struct doca_workq *workq_handle, struct opendoca_ctx **ctx,
			  struct opendoca_engine **workq, const char *func)
{
	*ctx = opendoca_handle_get(ctx_handle, &opendoca_ctx_kind, func);
	if (!*ctx)
		return DOCA_ERROR_INVALID_VALUE;
	*workq = opendoca_workq_enter(workq_handle, func);
	if (!*workq) {
		opendoca_handle_put(&(*ctx)->object);
		return opendoca_last_error();
	}
	pthread_mutex_lock(&(*ctx)->lock);
	return DOCA_SUCCESS;
}

static void leave(struct opendoca_ctx *ctx, struct opendoca_engine *workq)
{
	pthread_mutex_unlock(&ctx->lock);
	opendoca_workq_leave(workq);
	opendoca_handle_put(&ctx->object);
}

doca_error_t doca_ctx_workq_add(struct doca_ctx *ctx_handle, struct doca_workq *workq_handle)
{
	struct opendoca_ctx *ctx;
	struct opendoca_engine *workq;
	doca_error_t err = enter(ctx_handle, workq_handle, &ctx, &workq, __func__);

	if (err)
		return err;
	err = workq_add_locked(ctx, workq, __func__);
	leave(ctx, workq);
	return err;
}

doca_error_t doca_ctx_workq_rm(struct doca_ctx *ctx_handle, struct doca_workq *workq_handle)
{
	struct opendoca_ctx *ctx;
	struct opendoca_engine *workq;
	struct opendoca_binding *binding = NULL;
	doca_error_t err = enter(ctx_handle, workq_handle, &ctx, &workq, __func__);
	unsigned i;

	if (err)
		return err;
	for (i = 0; i < ctx->num_workqs && !binding; i++)
		if (ctx->workqs[i]->engine == workq)
			binding = ctx->workqs[i];
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is not started", ctx->ops->name);
	else if (!binding)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "the work queue is not added to the %s",
				    ctx->ops->name);
	else if (binding->inflight)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%zu jobs of the work queue are not retrieved yet",
				    binding->inflight);
	if (!err) {
		opendoca_engine_watch(workq, binding, false);
		opendoca_engine_remove(workq, binding);
		if (ctx->ops->unbind)
			ctx->ops->unbind(binding);
		opendoca_task_pool_destroy(binding->jobs);
		ctx->workqs[i - 1] = ctx->workqs[--ctx->num_workqs];
		free(binding);
	}
	leave(ctx, workq);
	return err;
}

doca_error_t doca_ctx_get_event_driven_supported(struct doca_ctx *handle, uint8_t *event_supported)
{
	struct opendoca_ctx *ctx;

	if (!event_supported)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "event_supported is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	*event_supported = opendoca_ctx_notifies(ctx->ops);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_ctx_get_max_num_ctx(uint32_t *max_num_ctx)
{
	if (!max_num_ctx)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_num_ctx is NULL");
	*max_num_ctx = OPENDOCA_MAX_CTX;
	return DOCA_SUCCESS;
}
