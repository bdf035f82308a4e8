/*
 * The generic DOCA context (doca_ctx.h; ctx.h has the design): its state machine, the program's
 * state callback and user data, the configuration calls of 2.5 and later, and the private API the
 * libraries' contexts are made with (private_ctx.h). doca_ctx_start and doca_ctx_stop serve every
 * release: a context of the work-queue model (1.x, 2.2) needs a device and no progress engine,
 * and stops only once its work queues are removed.
 */
#include <infiniband/verbs.h>
#include <stdlib.h>
#include <string.h>

#include "doca_ctx.h"
#include "doca_log.h"
#include "doca_pe.h"

#include "ctx.h"
#include "dev.h"
#include "mmap.h"

const struct opendoca_kind opendoca_ctx_kind = { "context" };

_Static_assert((int)OPENDOCA_CTX_IDLE == (int)DOCA_CTX_STATE_IDLE &&
		       (int)OPENDOCA_CTX_STARTING == (int)DOCA_CTX_STATE_STARTING &&
		       (int)OPENDOCA_CTX_RUNNING == (int)DOCA_CTX_STATE_RUNNING &&
		       (int)OPENDOCA_CTX_STOPPING == (int)DOCA_CTX_STATE_STOPPING,
	       "context states");

static atomic_uint live_contexts; /* doca_ctx_get_max_num_ctx's limit */

static void ctx_free(struct opendoca_object *object)
{
	struct opendoca_ctx *ctx = (struct opendoca_ctx *)object;

	pthread_mutex_destroy(&ctx->lock);
	free(ctx->conf);
	free(ctx->devs);
	free(ctx->workqs);
	free(ctx);
	atomic_fetch_sub(&live_contexts, 1);
}

doca_error_t opendoca_ctx_create(const struct opendoca_ctx_ops *ops, enum opendoca_ctx_api api, void *priv,
				 struct opendoca_ctx **out, const char *func)
{
	struct opendoca_ctx *ctx;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "ctx is NULL");
	if (!ops || !ops->start || !ops->submit)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "a context needs operations start and submit");
	if (atomic_fetch_add(&live_contexts, 1) >= OPENDOCA_MAX_CTX) {
		atomic_fetch_sub(&live_contexts, 1);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "%u contexts exist already", OPENDOCA_MAX_CTX);
	}
	ctx = calloc(1, sizeof(*ctx));
	if (ctx && ops->num_task_types)
		ctx->conf = calloc(ops->num_task_types, sizeof(*ctx->conf));
	if (!ctx || (ops->num_task_types && !ctx->conf)) {
		free(ctx);
		atomic_fetch_sub(&live_contexts, 1);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a %s", ops->name);
	}
	ctx->ops = ops;
	ctx->priv = priv;
	ctx->api = api;
	atomic_init(&ctx->state, OPENDOCA_CTX_IDLE);
	atomic_init(&ctx->inflight, 0);
	pthread_mutex_init(&ctx->lock, NULL);
	ctx->binding.ctx = ctx;
	ctx->handle = opendoca_handle_open(&ctx->object, &opendoca_ctx_kind, ctx_free);
	if (!ctx->handle) {
		pthread_mutex_destroy(&ctx->lock);
		free(ctx->conf);
		free(ctx);
		atomic_fetch_sub(&live_contexts, 1);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no handle left for a %s", ops->name);
	}
	*out = ctx;
	return DOCA_SUCCESS;
}

struct doca_ctx *opendoca_ctx_handle(struct opendoca_ctx *ctx)
{
	return ctx->handle;
}

void *opendoca_ctx_priv(struct opendoca_ctx *ctx)
{
	return ctx->priv;
}

void opendoca_ctx_count(struct opendoca_ctx *ctx, long delta)
{
	/* The progress thread's alone (2.5 tasks): a plain update other threads may read. */
	size_t now = atomic_load_explicit(&ctx->inflight, memory_order_relaxed);

	atomic_store_explicit(&ctx->inflight, now + (size_t)delta, memory_order_relaxed);
}

void opendoca_ctx_set_pending(struct opendoca_ctx *ctx, unsigned flags)
{
	if (!ctx->pending)
		ctx->pe->transitions++;
	ctx->pending |= flags;
}

static void clear_pending(struct opendoca_ctx *ctx, unsigned flags)
{
	if (!(ctx->pending & flags))
		return;
	ctx->pending &= ~flags;
	if (!ctx->pending)
		ctx->pe->transitions--;
}

/* Every task completed and freed: a stopping context may turn idle. */
static bool ctx_drained(const struct opendoca_ctx *ctx)
{
	return !ctx->tasks_used && !atomic_load_explicit(&ctx->inflight, memory_order_relaxed);
}

bool opendoca_ctx_has_ready_change(const struct opendoca_ctx *ctx)
{
	return (ctx->pending & (CTX_PENDING_START | CTX_PENDING_STOP)) ||
	       ((ctx->pending & CTX_PENDING_IDLE) && ctx_drained(ctx));
}

static void destroy_pools(struct opendoca_ctx *ctx)
{
	for (unsigned t = 0; t < ctx->ops->num_task_types; t++) {
		if (ctx->conf[t].pool) {
			opendoca_task_pool_destroy(ctx->conf[t].pool);
			ctx->conf[t].pool = NULL;
		}
		if (ctx->conf[t].batches) {
			opendoca_batch_pool_destroy(ctx->conf[t].batches);
			ctx->conf[t].batches = NULL;
		}
	}
}

/* Idle again (under the lock, the engine's guard held): undoes what start did, in reverse. */
static void become_idle(struct opendoca_ctx *ctx)
{
	if (ctx->binding.bound) {
		opendoca_engine_watch(ctx->pe, &ctx->binding, false);
		if (ctx->ops->unbind)
			ctx->ops->unbind(&ctx->binding);
		ctx->binding.bound = false;
	}
	destroy_pools(ctx);
	if (ctx->ops->stopped)
		ctx->ops->stopped(ctx);
	if (ctx->pe)
		clear_pending(ctx, ctx->pending);
	atomic_store_explicit(&ctx->state, OPENDOCA_CTX_IDLE, memory_order_relaxed);
}

/*
 * The program's state callback for prev -> next, with no lock held. The context and its engine are
 * held across it: the callback may destroy both.
 */
static void notify(struct opendoca_ctx *ctx, int prev, int next)
{
	doca_ctx_state_changed_callback_t cb = (doca_ctx_state_changed_callback_t)ctx->state_cb;
	struct opendoca_engine *pe = ctx->pe;

	if (!cb)
		return;
	opendoca_handle_hold(&ctx->object);
	if (pe) {
		opendoca_handle_hold(&pe->object);
		pe->callbacks++;
	}
	cb(ctx->user_data, ctx->handle, (enum doca_ctx_states)prev, (enum doca_ctx_states)next);
	if (pe) {
		pe->callbacks--;
		opendoca_handle_put(&pe->object);
	}
	opendoca_handle_put(&ctx->object);
}

/* One pending state change of ctx, under its lock; false when none can be made now. */
static bool step(struct opendoca_ctx *ctx, int *prev, int *next)
{
	int state = atomic_load_explicit(&ctx->state, memory_order_relaxed);

	if (ctx->pending & CTX_PENDING_START) {
		clear_pending(ctx, CTX_PENDING_START);
		if (state == OPENDOCA_CTX_STARTING) {
			*prev = state;
			if (ctx->start_status == DOCA_SUCCESS)
				atomic_store_explicit(&ctx->state, OPENDOCA_CTX_RUNNING, memory_order_relaxed);
			else
				become_idle(ctx);
			*next = atomic_load_explicit(&ctx->state, memory_order_relaxed);
			return true;
		}
	}
	if (ctx->pending & CTX_PENDING_STOP) {
		clear_pending(ctx, CTX_PENDING_STOP);
		if (state == OPENDOCA_CTX_RUNNING || state == OPENDOCA_CTX_STARTING) {
			*prev = state;
			*next = OPENDOCA_CTX_STOPPING;
			atomic_store_explicit(&ctx->state, OPENDOCA_CTX_STOPPING, memory_order_relaxed);
			opendoca_ctx_set_pending(ctx, CTX_PENDING_IDLE);
			if (ctx->ops->stop)
				ctx->ops->stop(ctx);
			return true;
		}
	}
	if ((ctx->pending & CTX_PENDING_IDLE) && ctx_drained(ctx)) {
		*prev = state;
		*next = OPENDOCA_CTX_IDLE;
		become_idle(ctx);
		return true;
	}
	return false;
}

bool opendoca_ctx_run_pending(struct opendoca_engine *engine)
{
	bool made = false;

	for (unsigned i = 0; engine->transitions && i < engine->num_bindings;) {
		struct opendoca_ctx *ctx = engine->bindings[i]->ctx;
		int prev = OPENDOCA_CTX_IDLE, next = OPENDOCA_CTX_IDLE;
		bool changed;

		pthread_mutex_lock(&ctx->lock);
		changed = step(ctx, &prev, &next);
		pthread_mutex_unlock(&ctx->lock);
		if (!changed) {
			i++;
			continue;
		}
		made = true;
		notify(ctx, prev, next);
		/* The callback may have connected or destroyed contexts: look again from the start. */
		i = 0;
	}
	return made;
}

/* The engine a context's control calls take the guard of (its progress engine), NULL if none. */
static struct opendoca_engine *ctx_engine(struct opendoca_ctx *ctx)
{
	struct opendoca_engine *pe;

	pthread_mutex_lock(&ctx->lock);
	pe = ctx->pe;
	pthread_mutex_unlock(&ctx->lock);
	return pe;
}

static doca_error_t enter(struct opendoca_engine *pe, const char *func)
{
	if (pe && !opendoca_guard_enter(&pe->guard))
		return opendoca_fail(DOCA_ERROR_NO_LOCK, func,
				     "the context's progress engine is in use by another thread");
	return DOCA_SUCCESS;
}

static void leave(struct opendoca_engine *pe)
{
	if (pe)
		opendoca_guard_leave(&pe->guard);
}

doca_error_t opendoca_ctx_destroy(struct opendoca_ctx *ctx, const char *func)
{
	struct opendoca_engine *pe = ctx_engine(ctx);
	struct opendoca_object *object;
	doca_error_t err = enter(pe, func);

	if (err)
		return err;
	pthread_mutex_lock(&ctx->lock);
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE) {
		pthread_mutex_unlock(&ctx->lock);
		leave(pe);
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle: stop it first", ctx->ops->name);
	}
	/* 1.x/2.2 programs are told to remove their devices first; the ones that do not get them back. */
	for (unsigned i = 0; ctx->ops->dev_rm && i < ctx->num_devs; i++)
		ctx->ops->dev_rm(ctx, ctx->devs[i]);
	ctx->num_devs = 0;
	pthread_mutex_unlock(&ctx->lock);
	if (pe)
		opendoca_engine_remove(pe, &ctx->binding);
	object = opendoca_handle_close(ctx->handle, &opendoca_ctx_kind, func);
	leave(pe);
	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	/* The close's reference and the object's own (the library's). */
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_ctx_set_task_conf(struct opendoca_ctx *ctx, unsigned type, opendoca_callback completion,
					opendoca_callback error, uint32_t num_tasks, const char *func)
{
	doca_error_t err = DOCA_SUCCESS;

	if (type >= ctx->ops->num_task_types)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s has no task type %u", ctx->ops->name,
				     type);
	if (!completion || !error)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s callback is NULL",
				     completion ? "error" : "completion");
	if (!num_tasks || num_tasks > ctx->ops->task_types[type].max_tasks)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u %ss: the %s has 1 to %u", num_tasks,
				     ctx->ops->task_types[type].name, ctx->ops->name,
				     ctx->ops->task_types[type].max_tasks);
	pthread_mutex_lock(&ctx->lock);
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle", ctx->ops->name);
	} else {
		ctx->conf[type].completion = completion;
		ctx->conf[type].error = error;
		ctx->conf[type].num_tasks = num_tasks;
	}
	pthread_mutex_unlock(&ctx->lock);
	return err;
}

doca_error_t opendoca_ctx_set_batch_conf(struct opendoca_ctx *ctx, unsigned type, uint32_t max_tasks,
					 uint32_t num_batches, opendoca_callback completion, opendoca_callback error,
					 const char *func)
{
	doca_error_t err = DOCA_SUCCESS;

	if (type >= ctx->ops->num_task_types || !ctx->ops->task_types[type].invoke_batch)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s has no batches of task type %u",
				     ctx->ops->name, type);
	if (!completion || !error)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s callback is NULL",
				     completion ? "error" : "completion");
	if (max_tasks > DOCA_TASK_BATCH_MAX_TASKS_NUMBER_128)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u is no doca_task_batch_max_tasks_number",
				     max_tasks);
	if (!num_batches || (uint64_t)num_batches * (16u << max_tasks) > ctx->ops->task_types[type].max_tasks)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u batches of %u %ss: the %s has 1 to %u tasks",
				     num_batches, 16u << max_tasks, ctx->ops->task_types[type].name, ctx->ops->name,
				     ctx->ops->task_types[type].max_tasks);
	pthread_mutex_lock(&ctx->lock);
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle", ctx->ops->name);
	} else {
		ctx->conf[type].batch_completion = completion;
		ctx->conf[type].batch_error = error;
		ctx->conf[type].num_batches = num_batches;
		ctx->conf[type].batch_max_tasks = 16u << max_tasks;
	}
	pthread_mutex_unlock(&ctx->lock);
	return err;
}

/* The library's calls of the progress thread: refused (and logged) from anywhere else. */
static bool on_progress_thread(struct opendoca_ctx *ctx, const char *func)
{
	if (ctx->pe && opendoca_guard_owned(&ctx->pe->guard))
		return true;
	opendoca_fail(DOCA_ERROR_BAD_STATE, func, "called off the %s's progress thread", ctx->ops->name);
	return false;
}

void opendoca_ctx_start_done(struct opendoca_ctx *ctx, doca_error_t status)
{
	if (!on_progress_thread(ctx, __func__))
		return;
	ctx->start_status = status;
	opendoca_ctx_set_pending(ctx, CTX_PENDING_START);
}

void opendoca_ctx_request_stop(struct opendoca_ctx *ctx)
{
	/* A work queue's context stops with its work queues removed only: its jobs fail one by one. */
	if (opendoca_ctx_model(ctx) == OPENDOCA_CTX_API_PE && on_progress_thread(ctx, __func__))
		opendoca_ctx_set_pending(ctx, CTX_PENDING_STOP);
}

/* The start's work under the lock; *next is the state it reached. */
static doca_error_t start_locked(struct opendoca_ctx *ctx, struct opendoca_engine *pe, int *next, const char *func)
{
	const struct opendoca_ctx_ops *ops = ctx->ops;
	doca_error_t err;

	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle", ops->name);
	if (opendoca_ctx_model(ctx) == OPENDOCA_CTX_API_PE && !pe && !ctx->datapath)
		return opendoca_fail(DOCA_ERROR_NOT_CONNECTED, func, "the %s is not connected to a progress engine",
				     ops->name);
	if (opendoca_ctx_model(ctx) == OPENDOCA_CTX_API_WORKQ && ops->dev_add && !ctx->num_devs)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no device was added to the %s", ops->name);
	for (unsigned t = 0; t < ops->num_task_types; t++) {
		if (ctx->conf[t].num_batches && !(ctx->conf[t].batches = opendoca_batch_pool_create(ctx, t, func))) {
			destroy_pools(ctx);
			return DOCA_ERROR_NO_MEMORY;
		}
		if (!ctx->conf[t].num_tasks)
			continue;
		ctx->conf[t].pool = opendoca_task_pool_create(ctx, &ops->task_types[t], t, ops->task_types[t].priv_size,
							      ctx->conf[t].num_tasks, func);
		if (!ctx->conf[t].pool) {
			destroy_pools(ctx);
			return DOCA_ERROR_NO_MEMORY;
		}
		ctx->conf[t].pool->completion = ctx->conf[t].completion;
		ctx->conf[t].pool->error = ctx->conf[t].error;
	}
	err = ops->start(ctx);
	/* An asynchronous start needs a progress engine to finish it. */
	if (err == DOCA_ERROR_IN_PROGRESS && !pe)
		err = DOCA_ERROR_NOT_SUPPORTED;
	if (err != DOCA_SUCCESS && err != DOCA_ERROR_IN_PROGRESS) {
		destroy_pools(ctx);
		return opendoca_fail(err, func, "the %s did not start: %s", ops->name, opendoca_error_descr(err));
	}
	if (pe) {
		doca_error_t bound = ops->bind ? ops->bind(&ctx->binding) : DOCA_SUCCESS;

		if (bound) {
			if (ops->stopped)
				ops->stopped(ctx);
			destroy_pools(ctx);
			return opendoca_fail(bound, func, "the %s did not bind to its progress engine: %s", ops->name,
					     opendoca_error_descr(bound));
		}
		ctx->binding.bound = true;
		opendoca_engine_watch(pe, &ctx->binding, true);
	}
	*next = err == DOCA_SUCCESS ? OPENDOCA_CTX_RUNNING : OPENDOCA_CTX_STARTING;
	atomic_store_explicit(&ctx->state, *next, memory_order_relaxed);
	return err;
}

doca_error_t doca_ctx_start(struct doca_ctx *handle)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	struct opendoca_engine *pe;
	doca_error_t err;
	int next = OPENDOCA_CTX_IDLE;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pe = ctx_engine(ctx);
	err = enter(pe, __func__);
	if (!err) {
		pthread_mutex_lock(&ctx->lock);
		err = start_locked(ctx, pe, &next, __func__);
		pthread_mutex_unlock(&ctx->lock);
		if (err == DOCA_SUCCESS || err == DOCA_ERROR_IN_PROGRESS)
			notify(ctx, OPENDOCA_CTX_IDLE, next);
		leave(pe);
	}
	opendoca_handle_put(&ctx->object);
	return err;
}

doca_error_t doca_ctx_stop(struct doca_ctx *handle)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	struct opendoca_engine *pe;
	doca_error_t err;
	int prev;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pe = ctx_engine(ctx);
	err = enter(pe, __func__);
	if (err)
		goto out;
	pthread_mutex_lock(&ctx->lock);
	prev = atomic_load_explicit(&ctx->state, memory_order_relaxed);
	/*
	 * Stopping a stopped context is done already: NVIDIA documents no error for it, and its
	 * samples' clean-up stops, with their errors counted, contexts that a completion callback
	 * stopped before.
	 */
	if (prev == OPENDOCA_CTX_IDLE) {
		pthread_mutex_unlock(&ctx->lock);
		leave(pe);
		goto out;
	} else if (prev == OPENDOCA_CTX_STOPPING)
		err = DOCA_ERROR_IN_PROGRESS; /* as the first call answered: not a failure */
	else if (ctx->num_workqs)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u work queues are still added to the %s",
				    ctx->num_workqs, ctx->ops->name);
	if (err) {
		pthread_mutex_unlock(&ctx->lock);
		leave(pe);
		goto out;
	}
	atomic_store_explicit(&ctx->state, OPENDOCA_CTX_STOPPING, memory_order_relaxed);
	if (pe) {
		clear_pending(ctx, CTX_PENDING_START | CTX_PENDING_STOP);
		opendoca_ctx_set_pending(ctx, CTX_PENDING_IDLE);
	}
	if (ctx->ops->stop)
		ctx->ops->stop(ctx);
	pthread_mutex_unlock(&ctx->lock);
	notify(ctx, prev, OPENDOCA_CTX_STOPPING);
	/*
	 * Idle now if nothing is left; never inside one of the engine's callbacks (the engine turns it
	 * idle after them: a callback must not destroy a context whose completions it delivers).
	 */
	err = DOCA_ERROR_IN_PROGRESS;
	if (!pe || !pe->callbacks) {
		pthread_mutex_lock(&ctx->lock);
		if (atomic_load_explicit(&ctx->state, memory_order_relaxed) == OPENDOCA_CTX_STOPPING &&
		    ctx_drained(ctx)) {
			become_idle(ctx);
			err = DOCA_SUCCESS;
		}
		pthread_mutex_unlock(&ctx->lock);
		if (!err)
			notify(ctx, OPENDOCA_CTX_STOPPING, OPENDOCA_CTX_IDLE);
	}
	if (err)
		opendoca_sdk_log(DOCA_LOG_LEVEL_DEBUG, __func__, "the %s stops once its tasks are completed and freed",
				 ctx->ops->name);
	leave(pe);
out:
	opendoca_handle_put(&ctx->object);
	return err;
}

/* ---- 2.5 and later ---- */

doca_error_t doca_ctx_get_num_inflight_tasks(const struct doca_ctx *handle, size_t *num_inflight_tasks)
{
	struct opendoca_ctx *ctx;

	if (!num_inflight_tasks)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_inflight_tasks is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	*num_inflight_tasks = atomic_load_explicit(&ctx->inflight, memory_order_relaxed);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_ctx_get_state(const struct doca_ctx *handle, enum doca_ctx_states *state)
{
	struct opendoca_ctx *ctx;

	if (!state)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "state is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	*state = (enum doca_ctx_states)atomic_load_explicit(&ctx->state, memory_order_relaxed);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_ctx_get_user_data(const struct doca_ctx *handle, union doca_data *user_data)
{
	struct opendoca_ctx *ctx;

	if (!user_data)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	*user_data = ctx->user_data;
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_ctx_set_user_data(struct doca_ctx *handle, union doca_data user_data)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	ctx->user_data = user_data;
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_ctx_set_state_changed_cb(struct doca_ctx *handle, doca_ctx_state_changed_callback_t cb)
{
	struct opendoca_ctx *ctx;

	if (!cb)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "cb is NULL");
	ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	ctx->state_cb = (opendoca_callback)cb;
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return DOCA_SUCCESS;
}

/* The optional configuration calls of a context (NULL operations: DOCA_ERROR_NOT_SUPPORTED). */
enum setting {
	DATAPATH_ON_DPA,
	DATAPATH_ON_GPU,
	COMPLETION_VECTOR,
};

/* A configuration call while idle; a context with its datapath on a DPA or GPU runs without a progress engine. */
static doca_error_t configure(struct doca_ctx *handle, enum setting setting, void *device, uint32_t value,
			      const char *func)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, func);
	const struct opendoca_ctx_ops *ops;
	doca_error_t err = DOCA_ERROR_NOT_SUPPORTED;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	ops = ctx->ops;
	pthread_mutex_lock(&ctx->lock);
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle", ops->name);
		goto out;
	}
	if (setting == DATAPATH_ON_DPA && ops->set_datapath_on_dpa) {
		struct opendoca_dpa *dpa = opendoca_handle_get(device, opendoca_dpa_kind(), func);

		if (!dpa) {
			err = DOCA_ERROR_INVALID_VALUE;
			goto out;
		}
		err = ops->set_datapath_on_dpa(ctx, dpa);
		opendoca_handle_put(&dpa->object);
	} else if (setting == DATAPATH_ON_GPU && ops->set_datapath_on_gpu)
		err = ops->set_datapath_on_gpu(ctx, device);
	else if (setting == COMPLETION_VECTOR && ops->set_completion_vector)
		err = ops->set_completion_vector(ctx, value);
	if (err)
		err = opendoca_fail(err, func, "the %s refused: %s", ops->name, opendoca_error_descr(err));
	else if (setting != COMPLETION_VECTOR)
		ctx->datapath = true;
out:
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->object);
	return err;
}

doca_error_t doca_ctx_set_datapath_on_dpa(struct doca_ctx *ctx, struct doca_dpa *dpa_dev)
{
	if (!dpa_dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_dev is NULL");
	return configure(ctx, DATAPATH_ON_DPA, dpa_dev, 0, __func__);
}

doca_error_t doca_ctx_set_datapath_on_gpu(struct doca_ctx *ctx, struct doca_gpu *gpu_dev)
{
	if (!gpu_dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "gpu_dev is NULL");
	return configure(ctx, DATAPATH_ON_GPU, gpu_dev, 0, __func__);
}

doca_error_t doca_ctx_set_completion_vector(struct doca_ctx *ctx, uint32_t comp_vector)
{
	return configure(ctx, COMPLETION_VECTOR, NULL, comp_vector, __func__);
}

/*
 * The completion vectors a context of the device may choose from: one. The simulated NIC's verbs
 * context has one (num_comp_vectors), and no context of the project takes another
 * (doca_ctx_set_completion_vector: DOCA_ERROR_NOT_SUPPORTED without the operation).
 */
#define COMPLETION_VECTORS 1u

doca_error_t doca_ctx_cap_get_num_completion_vectors(const struct doca_devinfo *devinfo, uint32_t *num_comp_vectors)
{
	struct ibv_device_attr attr;
	doca_error_t err = opendoca_devinfo_attr(devinfo, &attr, __func__);

	if (err)
		return err;
	if (!num_comp_vectors)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_comp_vectors is NULL");
	*num_comp_vectors = COMPLETION_VECTORS;
	return DOCA_SUCCESS;
}

void doca_ctx_flush_tasks(struct doca_ctx *handle)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(handle, &opendoca_ctx_kind, __func__);
	struct opendoca_engine *pe;

	if (!ctx)
		return;
	pe = ctx_engine(ctx);
	if (!enter(pe, __func__)) {
		if (atomic_load_explicit(&ctx->state, memory_order_relaxed) == OPENDOCA_CTX_IDLE)
			opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is idle", ctx->ops->name);
		else if (ctx->ops->flush)
			ctx->ops->flush(ctx);
		leave(pe);
	}
	opendoca_handle_put(&ctx->object);
}
