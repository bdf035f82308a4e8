/*
 * A sync event as a context (doca_sync_event_as_ctx): 2.5's tasks on a progress engine (get,
 * notify_set, notify_add, wait_gt, and 2.7's wait_eq, 3.0's wait_neq) and 2.2's jobs on work
 * queues (sync_event_v2_2.c fills their records), through the context operations of
 * private_ctx.h. Reads and updates complete when submitted; a wait completes when the value
 * satisfies it, found by the progress operation (doca_pe_progress, doca_workq_progress_retrieve)
 * on the engine's thread: never by blocking. Each binding keeps its pending waits in a list only
 * its engine's thread touches. An update (doca_sync_event_update_*, a notify task, another
 * process, the DPA) changes the counter, which the next progress call reads; an armed
 * notification handle is woken by the updates of this process (another process's or the DPA's
 * are seen at the next progress call).
 */
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "doca_sync_event.h"

#include "ctx.h"
#include "private.h"
#include "private_ctx.h"
#include "sync_event.h"

#define INVOKE(kind)                                                                                            \
	static void invoke_##kind(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data, \
				  union doca_data ctx_user_data)                                                \
	{                                                                                                       \
		((doca_sync_event_task_##kind##_completion_cb_t)cb)((struct doca_sync_event_task_##kind *)task, \
								    task_user_data, ctx_user_data);             \
	}

INVOKE(get)
INVOKE(notify_set)
INVOKE(notify_add)
INVOKE(wait_eq)
INVOKE(wait_neq)

/* 2.5 - 2.10's wait_gt: its callback type is not declared by this release's header (the same type). */
typedef void (*wait_gt_cb)(struct doca_sync_event_task_wait_gt *task, union doca_data task_user_data,
			   union doca_data ctx_user_data);
static void invoke_wait_gt(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
			   union doca_data ctx_user_data)
{
	((wait_gt_cb)cb)((struct doca_sync_event_task_wait_gt *)task, task_user_data, ctx_user_data);
}

/* Each type: its name, part, most tasks (what a pool holds: OPENDOCA_MAX_POOL_TASKS), callback. */
#define TYPE(kind, text)                                                                         \
	{                                                                                        \
		.name = text, .priv_size = sizeof(struct opendoca_se_op), .max_tasks = 1u << 16, \
		.invoke = invoke_##kind                                                          \
	}

const struct opendoca_task_type opendoca_se_task_types[OPENDOCA_SE_NUM_TASK_TYPES] = {
	[OPENDOCA_SE_TASK_GET] = TYPE(get, "sync event get task"),
	[OPENDOCA_SE_TASK_NOTIFY_SET] = TYPE(notify_set, "sync event notify set task"),
	[OPENDOCA_SE_TASK_NOTIFY_ADD] = TYPE(notify_add, "sync event notify add task"),
	[OPENDOCA_SE_TASK_WAIT_GT] = TYPE(wait_gt, "sync event wait gt task"),
	[OPENDOCA_SE_TASK_WAIT_EQ] = TYPE(wait_eq, "sync event wait eq task"),
	[OPENDOCA_SE_TASK_WAIT_NEQ] = TYPE(wait_neq, "sync event wait neq task"),
};

static const enum opendoca_se_cmp wait_cmp[OPENDOCA_SE_NUM_TASK_TYPES] = {
	[OPENDOCA_SE_TASK_WAIT_GT] = OPENDOCA_SE_GT,
	[OPENDOCA_SE_TASK_WAIT_EQ] = OPENDOCA_SE_EQ,
	[OPENDOCA_SE_TASK_WAIT_NEQ] = OPENDOCA_SE_NEQ,
};

static struct opendoca_sync_event *se_of(struct opendoca_ctx *ctx)
{
	return opendoca_ctx_priv(ctx);
}

static doca_error_t se_ctx_start(struct opendoca_ctx *ctx)
{
	struct opendoca_sync_event *se = se_of(ctx);

	/* The notification of waits: made once, kept until the event goes (updaters may write it). */
	if (se->event_fd < 0) {
		se->event_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (se->event_fd < 0)
			return DOCA_ERROR_OPERATING_SYSTEM;
	}
	if (atomic_load(&se->started))
		return DOCA_SUCCESS;
	/* DOCA starts a sync event with its context (and stops it with it); doca_ctx_start logs the refusal. */
	if (!se->imported && (!se->publisher || !se->subscriber))
		return DOCA_ERROR_BAD_STATE;
	se->ctx_started = opendoca_se_start(se, "doca_ctx_start") == DOCA_SUCCESS;
	return se->ctx_started ? DOCA_SUCCESS : DOCA_ERROR_BAD_STATE;
}

static void se_ctx_stopped(struct opendoca_ctx *ctx)
{
	struct opendoca_sync_event *se = se_of(ctx);

	if (se->ctx_started)
		atomic_store(&se->started, false);
	se->ctx_started = false;
}

static bool satisfied(struct opendoca_sync_event *se, const struct opendoca_se_op *op)
{
	uint64_t value = __atomic_load_n(atomic_load_explicit(&se->counter, memory_order_relaxed), __ATOMIC_ACQUIRE);

	return opendoca_se_satisfied(value, wait_cmp[op->type], op->value, op->mask);
}

/* Completes the binding's waits that the value satisfies (all of them with status when flush). */
static bool complete_waits(struct opendoca_binding *binding, bool flush, doca_error_t status)
{
	struct opendoca_sync_event *se = se_of(binding->ctx);
	struct opendoca_se_op **at = (struct opendoca_se_op **)&binding->priv, *op;
	bool progress = false;

	while ((op = *at)) {
		if (!flush && !satisfied(se, op)) {
			at = &op->next;
			continue;
		}
		*at = op->next;
		atomic_fetch_sub_explicit(&se->waiters, 1, memory_order_relaxed);
		opendoca_task_complete(opendoca_task_of_priv(op), flush ? status : DOCA_SUCCESS);
		progress = true;
	}
	return progress;
}

static void se_ctx_stop(struct opendoca_ctx *ctx)
{
	/* Waits nothing satisfied are flushed (DOCA_ERROR_IO_FAILED: private_ctx.h). */
	complete_waits(&ctx->binding, true, DOCA_ERROR_IO_FAILED);
}

static doca_error_t se_ctx_submit(struct opendoca_task *task, uint32_t flags)
{
	struct opendoca_sync_event *se = se_of(task->binding->ctx);
	struct opendoca_se_op *op = opendoca_task_priv(task);
	uint64_t *counter = atomic_load_explicit(&se->counter, memory_order_relaxed), fetched;

	(void)flags;
	switch (op->type) {
	case OPENDOCA_SE_TASK_GET:
		*op->out = __atomic_load_n(counter, __ATOMIC_ACQUIRE);
		break;
	case OPENDOCA_SE_TASK_NOTIFY_SET:
		__atomic_store_n(counter, op->value, __ATOMIC_RELEASE);
		opendoca_se_updated(se);
		break;
	case OPENDOCA_SE_TASK_NOTIFY_ADD:
		fetched = __atomic_fetch_add(counter, op->value, __ATOMIC_ACQ_REL);
		if (op->out)
			*op->out = fetched;
		opendoca_se_updated(se);
		break;
	default:
		if (!satisfied(se, op)) {
			op->next = task->binding->priv;
			task->binding->priv = op;
			/* Release: an updater seeing it sees the event's fd too. */
			atomic_fetch_add_explicit(&se->waiters, 1, memory_order_release);
			return DOCA_SUCCESS;
		}
	}
	opendoca_task_complete(task, DOCA_SUCCESS);
	return DOCA_SUCCESS;
}

static bool se_ctx_progress(struct opendoca_binding *binding)
{
	return binding->priv && complete_waits(binding, false, DOCA_SUCCESS);
}

static int se_ctx_event_fd(struct opendoca_binding *binding)
{
	return se_of(binding->ctx)->event_fd;
}

static bool se_ctx_arm(struct opendoca_binding *binding)
{
	struct opendoca_sync_event *se = se_of(binding->ctx);

	/* Armed first: an update after the check below writes the fd. */
	atomic_store(&se->armed, true);
	for (struct opendoca_se_op *op = binding->priv; op; op = op->next)
		if (satisfied(se, op))
			return true;
	return false;
}

static void se_ctx_clear(struct opendoca_binding *binding)
{
	uint64_t count;

	if (read(se_of(binding->ctx)->event_fd, &count, sizeof(count)) < 0)
		return; /* EAGAIN: nothing was written since the last clear */
}

void opendoca_se_updated(struct opendoca_sync_event *se)
{
	uint64_t one = 1;

	if (atomic_load_explicit(&se->waiters, memory_order_acquire) && atomic_exchange(&se->armed, false) &&
	    write(se->event_fd, &one, sizeof(one)) < 0)
		return; /* the counter is full: the engine is notified already */
}

static const struct opendoca_ctx_ops se_ops = {
	.name = "sync event context",
	.task_types = opendoca_se_task_types,
	.num_task_types = OPENDOCA_SE_NUM_TASK_TYPES,
	.job_size = sizeof(struct opendoca_se_op),
	.start = se_ctx_start,
	.stop = se_ctx_stop,
	.stopped = se_ctx_stopped,
	.submit = se_ctx_submit,
	.progress = se_ctx_progress,
	.event_fd = se_ctx_event_fd,
	.arm = se_ctx_arm,
	.clear = se_ctx_clear,
	.job_init = opendoca_se_job_init,
};

doca_error_t opendoca_se_ctx_create(struct opendoca_sync_event *se, const char *func)
{
	/* One create function serves 2.2 and 2.5: the program's first use picks the model (private_ctx.h). */
	return opendoca_ctx_create(&se_ops, OPENDOCA_CTX_API_ANY, se, &se->ctx, func);
}

/* ---- Tasks ---- */

doca_error_t opendoca_se_task_set_conf(struct doca_sync_event *handle, unsigned type, opendoca_callback completion,
				       opendoca_callback error, uint32_t num_tasks, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_set_task_conf(se->ctx, type, completion, error, num_tasks, func);
	opendoca_se_put(se);
	return err;
}

doca_error_t opendoca_se_task_alloc(struct doca_sync_event *handle, unsigned type, uint64_t value, uint64_t mask,
				    uint64_t *out, union doca_data user_data, void **task, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	struct opendoca_task *made;
	struct opendoca_se_op *op;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!task)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "task is NULL");
	else if (type == OPENDOCA_SE_TASK_GET && !out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "ret_val_ptr is NULL");
	else
		err = opendoca_task_alloc(se->ctx, type, user_data, &made, func);
	if (!err) {
		op = opendoca_task_priv(made);
		*op = (struct opendoca_se_op){ .type = type, .value = value, .mask = mask, .out = out };
		*task = opendoca_task_ref(made);
	}
	opendoca_se_put(se);
	return err;
}

struct opendoca_se_op *opendoca_se_task_op(const void *task, unsigned type, const char *func)
{
	struct opendoca_task *t = opendoca_task_get(task, &opendoca_se_task_types[type], func);

	return t ? opendoca_task_priv(t) : NULL;
}

struct doca_task *opendoca_se_task_as_task(const void *task, unsigned type, const char *func)
{
	return opendoca_se_task_op(task, type, func) ? (struct doca_task *)task : NULL;
}

SET_CONF(get, OPENDOCA_SE_TASK_GET)
AS_TASK(get, OPENDOCA_SE_TASK_GET)
FIELD(get, OPENDOCA_SE_TASK_GET, ret_val_ptr, out, uint64_t *)

doca_error_t doca_sync_event_task_get_alloc_init(struct doca_sync_event *event, uint64_t *ret_val_ptr,
						 union doca_data user_data, struct doca_sync_event_task_get **task)
{
	return opendoca_se_task_alloc(event, OPENDOCA_SE_TASK_GET, 0, 0, ret_val_ptr, user_data, (void **)task,
				      __func__);
}

SET_CONF(notify_set, OPENDOCA_SE_TASK_NOTIFY_SET)
AS_TASK(notify_set, OPENDOCA_SE_TASK_NOTIFY_SET)
FIELD(notify_set, OPENDOCA_SE_TASK_NOTIFY_SET, set_val, value, uint64_t)

doca_error_t doca_sync_event_task_notify_set_alloc_init(struct doca_sync_event *event, uint64_t set_val,
							union doca_data user_data,
							struct doca_sync_event_task_notify_set **task)
{
	return opendoca_se_task_alloc(event, OPENDOCA_SE_TASK_NOTIFY_SET, set_val, 0, NULL, user_data, (void **)task,
				      __func__);
}

SET_CONF(notify_add, OPENDOCA_SE_TASK_NOTIFY_ADD)
AS_TASK(notify_add, OPENDOCA_SE_TASK_NOTIFY_ADD)
FIELD(notify_add, OPENDOCA_SE_TASK_NOTIFY_ADD, inc_val, value, uint64_t)
FIELD(notify_add, OPENDOCA_SE_TASK_NOTIFY_ADD, fetched_val_ptr, out, uint64_t *)

doca_error_t doca_sync_event_task_notify_add_alloc_init(struct doca_sync_event *event, uint64_t inc_val,
							uint64_t *fetched_val_ptr, union doca_data user_data,
							struct doca_sync_event_task_notify_add **task)
{
	return opendoca_se_task_alloc(event, OPENDOCA_SE_TASK_NOTIFY_ADD, inc_val, 0, fetched_val_ptr, user_data,
				      (void **)task, __func__);
}

WAIT_TYPE(wait_eq, OPENDOCA_SE_TASK_WAIT_EQ)
WAIT_TYPE(wait_neq, OPENDOCA_SE_TASK_WAIT_NEQ)
