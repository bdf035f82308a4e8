/*
 * Progress engines (doca_pe.h, 2.5 and later): contexts connect to one, tasks complete through it,
 * doca_pe_progress delivers their callbacks and the contexts' state changes on the calling
 * thread, and its notification handle wakes an epoll loop (ctx.h, "Engines"; pe_engine.c).
 */
#include <stdlib.h>
#include <string.h>

#include "doca_pe.h"

#include "ctx.h"

const struct opendoca_kind opendoca_pe_kind = { "progress engine" };

static void pe_free(struct opendoca_object *object)
{
	struct opendoca_engine *pe = (struct opendoca_engine *)object;

	opendoca_engine_fini(pe);
	free(pe);
}

/* The engine of a handle, its guard taken; NULL after a failure of func. */
static struct opendoca_engine *pe_enter(const struct doca_pe *handle, const char *func)
{
	struct opendoca_engine *pe = opendoca_handle_get(handle, &opendoca_pe_kind, func);

	if (pe && !opendoca_guard_enter(&pe->guard)) {
		opendoca_handle_put(&pe->object);
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the progress engine is in use by another thread");
		return NULL;
	}
	return pe;
}

static void pe_leave(struct opendoca_engine *pe)
{
	opendoca_guard_leave(&pe->guard);
	opendoca_handle_put(&pe->object);
}

doca_error_t doca_pe_create(struct doca_pe **out)
{
	struct opendoca_engine *pe;
	void *handle;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "pe is NULL");
	pe = aligned_alloc(64, sizeof(*pe));
	if (!pe)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a progress engine");
	memset(pe, 0, sizeof(*pe));
	opendoca_engine_init(pe);
	pe->mode = DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE;
	handle = opendoca_handle_open(&pe->object, &opendoca_pe_kind, pe_free);
	if (!handle) {
		free(pe);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for a progress engine");
	}
	*out = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_pe_destroy(struct doca_pe *handle)
{
	struct opendoca_engine *pe = pe_enter(handle, __func__);
	struct opendoca_object *object;

	if (!pe)
		return opendoca_last_error();
	if (pe->num_bindings) {
		unsigned count = pe->num_bindings;

		pe_leave(pe);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u contexts are connected: destroy them first",
				     count);
	}
	object = opendoca_handle_close(handle, &opendoca_pe_kind, __func__);
	pe_leave(pe);
	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

doca_error_t doca_pe_connect_ctx(struct doca_pe *handle, struct doca_ctx *ctx_handle)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(ctx_handle, &opendoca_ctx_kind, __func__);
	struct opendoca_engine *pe;
	doca_error_t err = DOCA_SUCCESS;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pe = pe_enter(handle, __func__);
	if (!pe) {
		opendoca_handle_put(&ctx->object);
		return opendoca_last_error();
	}
	pthread_mutex_lock(&ctx->lock);
	if (ctx->api == OPENDOCA_CTX_API_WORKQ)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
				    "the %s takes work queues (DOCA 2.2 and before)", ctx->ops->name);
	else if (ctx->pe)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
				    "the %s is connected to a progress engine already", ctx->ops->name);
	else if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_IDLE)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is not idle", ctx->ops->name);
	else if (!opendoca_engine_add(pe, &ctx->binding))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory to connect the %s", ctx->ops->name);
	else {
		ctx->pe = pe;
		ctx->binding.engine = pe;
	}
	pthread_mutex_unlock(&ctx->lock);
	pe_leave(pe);
	opendoca_handle_put(&ctx->object);
	return err;
}

uint8_t doca_pe_progress(struct doca_pe *handle)
{
	struct opendoca_engine *pe = pe_enter(handle, __func__);
	struct opendoca_task *task, *next;
	bool progress;

	if (!pe)
		return 0;
	if (pe->progressing) {
		pe_leave(pe);
		opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "called from one of the progress engine's callbacks");
		return 0;
	}
	pe->progressing = true;
	progress = opendoca_engine_collect(pe);
	/* Completions queued by the callbacks (a resubmitted task done at once) wait for the next call. */
	for (task = opendoca_engine_take_ready(pe); task; task = next) {
		next = task->next;
		opendoca_task_deliver(pe, task);
		progress = true;
	}
	if (pe->transitions && opendoca_ctx_run_pending(pe))
		progress = true;
	pe->progressing = false;
	pe_leave(pe);
	return progress;
}

doca_error_t doca_pe_get_notification_handle(const struct doca_pe *handle, doca_notification_handle_t *out)
{
	struct opendoca_engine *pe;
	doca_error_t err;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	pe = pe_enter(handle, __func__);
	if (!pe)
		return opendoca_last_error();
	err = opendoca_engine_notify_open(pe, __func__);
	if (!err)
		*out = pe->epoll_fd;
	pe_leave(pe);
	return err;
}

doca_error_t doca_pe_request_notification(struct doca_pe *handle)
{
	struct opendoca_engine *pe = pe_enter(handle, __func__);
	doca_error_t err;

	if (!pe)
		return opendoca_last_error();
	err = opendoca_engine_arm(pe, __func__);
	pe_leave(pe);
	return err;
}

doca_error_t doca_pe_clear_notification(struct doca_pe *handle, doca_notification_handle_t notification)
{
	struct opendoca_engine *pe = pe_enter(handle, __func__);
	doca_error_t err;

	/* Linux uses no handle here (NVIDIA's samples pass 0). */
	(void)notification;
	if (!pe)
		return opendoca_last_error();
	err = opendoca_engine_clear(pe, __func__);
	pe_leave(pe);
	return err;
}

doca_error_t doca_pe_get_num_inflight_tasks(const struct doca_pe *handle, size_t *num_inflight_tasks)
{
	struct opendoca_engine *pe;

	if (!num_inflight_tasks)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_inflight_tasks is NULL");
	pe = opendoca_handle_get(handle, &opendoca_pe_kind, __func__);
	if (!pe)
		return DOCA_ERROR_INVALID_VALUE;
	*num_inflight_tasks = atomic_load_explicit(&pe->inflight, memory_order_relaxed);
	opendoca_handle_put(&pe->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_pe_set_event_mode(struct doca_pe *handle, enum doca_pe_event_mode event_mode)
{
	struct opendoca_engine *pe;
	doca_error_t err = DOCA_SUCCESS;

	if (event_mode != DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE && event_mode != DOCA_PE_EVENT_MODE_PROGRESS_ALL)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not an event mode", (int)event_mode);
	pe = pe_enter(handle, __func__);
	if (!pe)
		return opendoca_last_error();
	if (pe->callbacks)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "called from one of the progress engine's callbacks");
	else
		pe->mode = event_mode;
	pe_leave(pe);
	return err;
}
