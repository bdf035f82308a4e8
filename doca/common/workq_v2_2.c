/*
 * Work queues of 1.x and 2.2 (doca_ctx.h): a thread's interface to the contexts it is added to.
 * Jobs are submitted to a context through it and their completions retrieved from it as events, in
 * the order they complete (out of the order of submission when the contexts complete so). A work
 * queue is an engine, as a progress engine is (ctx.h, pe_engine.c): it holds up to its depth of
 * jobs in flight, in job records of its own per context it is added to (ctx_v2_2.c), and in
 * event-driven mode its event handle wakes an epoll loop.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <stdlib.h>
#include <string.h>

#include "doca_ctx.h"
#include "doca_graph.h"

#include "ctx.h"

const struct opendoca_kind opendoca_workq_kind = { "work queue" };

static void workq_free(struct opendoca_object *object)
{
	struct opendoca_engine *workq = (struct opendoca_engine *)object;

	opendoca_engine_fini(workq);
	free(workq);
}

struct opendoca_engine *opendoca_workq_enter(const struct doca_workq *handle, const char *func)
{
	struct opendoca_engine *workq = opendoca_handle_get(handle, &opendoca_workq_kind, func);

	if (workq && !opendoca_guard_enter(&workq->guard)) {
		opendoca_handle_put(&workq->object);
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the work queue is in use by another thread");
		return NULL;
	}
	return workq;
}

void opendoca_workq_leave(struct opendoca_engine *workq)
{
	opendoca_guard_leave(&workq->guard);
	opendoca_handle_put(&workq->object);
}

doca_error_t opendoca_workq_check_depth(uint32_t depth, const char *func)
{
	if (!depth || depth > OPENDOCA_MAX_POOL_TASKS)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "depth %u: a work queue holds 1 to %u jobs", depth,
				     OPENDOCA_MAX_POOL_TASKS);
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_create(uint32_t depth, struct doca_workq **out)
{
	struct opendoca_engine *workq;
	void *handle;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "workq is NULL");
	if (opendoca_workq_check_depth(depth, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	workq = aligned_alloc(64, sizeof(*workq));
	if (!workq)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a work queue");
	memset(workq, 0, sizeof(*workq));
	opendoca_engine_init(workq);
	workq->depth = depth;
	handle = opendoca_handle_open(&workq->object, &opendoca_workq_kind, workq_free);
	if (!handle) {
		free(workq);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for a work queue");
	}
	*out = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_destroy(struct doca_workq *handle)
{
	struct opendoca_engine *workq = opendoca_workq_enter(handle, __func__);
	struct opendoca_object *object;

	if (!workq)
		return opendoca_last_error();
	if (workq->num_bindings) {
		unsigned count = workq->num_bindings;

		opendoca_workq_leave(workq);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				     "the work queue is added to %u contexts: remove it first", count);
	}
	if (workq->graphs) {
		unsigned count = workq->graphs;

		opendoca_workq_leave(workq);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				     "%u graphs are added to the work queue: remove them first (doca_graph_workq_rm)",
				     count);
	}
	object = opendoca_handle_close(handle, &opendoca_workq_kind, __func__);
	opendoca_workq_leave(workq);
	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

/* The binding of ctx to workq, NULL when the work queue is not added to it. */
static struct opendoca_binding *binding_of(struct opendoca_engine *workq, struct opendoca_ctx *ctx)
{
	for (unsigned i = 0; i < workq->num_bindings; i++)
		if (workq->bindings[i]->ctx == ctx)
			return workq->bindings[i];
	return NULL;
}

bool opendoca_workq_bound(struct opendoca_engine *workq, struct opendoca_ctx *ctx)
{
	return binding_of(workq, ctx) != NULL;
}

/*
 * Submits a job through binding: its record, the library's checks, then the library's queue. run:
 * the graph instance's node it runs for (opendoca_graph_job_done gets its completion), else NULL.
 */
static doca_error_t submit(struct opendoca_engine *workq, struct opendoca_binding *binding, const struct doca_job *job,
			   struct opendoca_graph_run *run, const char *func)
{
	const struct opendoca_ctx_ops *ops = binding->ctx->ops;
	struct opendoca_task *task;
	doca_error_t err;

	if (!ops->job_init)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "the %s takes no jobs", ops->name);
	if (atomic_load_explicit(&workq->inflight, memory_order_relaxed) == workq->depth)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func,
				     "the work queue is full: %u jobs are not retrieved yet", workq->depth);
	/* Never empty: the binding's records are as many as the work queue's depth. */
	task = opendoca_task_pool_take(binding->jobs);
	task->user_data = job->user_data;
	task->job_type = job->type;
	err = ops->job_init(task, job);
	if (err) {
		opendoca_task_pool_give(task);
		return opendoca_fail(err, func, "the %s refused the job of type %d: %s", ops->name, job->type,
				     opendoca_error_descr(err));
	}
	task->binding = binding;
	task->state = OPENDOCA_TASK_SUBMITTED;
	task->graph = run;
	binding->inflight++;
	opendoca_engine_count(workq, 1);
	err = ops->submit(task, OPENDOCA_TASK_SUBMIT_FLUSH); /* 2.2 has no deferred submission */
	if (err) {
		binding->inflight--;
		opendoca_engine_count(workq, -1);
		opendoca_task_pool_give(task);
		return opendoca_fail(err, func, "the %s did not take the job: %s", ops->name,
				     opendoca_error_descr(err));
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_submit(struct doca_workq *handle, const struct doca_job *job)
{
	struct opendoca_engine *workq;
	struct opendoca_ctx *ctx;
	struct opendoca_binding *binding;
	doca_error_t err;

	if (!job)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "job is NULL");
	ctx = opendoca_handle_get(job->ctx, &opendoca_ctx_kind, __func__);
	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq) {
		opendoca_handle_put(&ctx->object);
		return opendoca_last_error();
	}
	binding = binding_of(workq, ctx);
	if (atomic_load_explicit(&ctx->state, memory_order_acquire) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s is not started", ctx->ops->name);
	else if (!binding)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "the work queue is not added to the job's %s",
				    ctx->ops->name);
	else
		err = submit(workq, binding, job, NULL, __func__);
	opendoca_workq_leave(workq);
	opendoca_handle_put(&ctx->object);
	return err;
}

doca_error_t opendoca_workq_submit_job(struct opendoca_engine *workq, const struct doca_job *job,
				       struct opendoca_graph_run *run, const char *func)
{
	struct opendoca_ctx *ctx = opendoca_handle_get(job->ctx, &opendoca_ctx_kind, func);
	struct opendoca_binding *binding;
	doca_error_t err;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	binding = binding_of(workq, ctx);
	if (atomic_load_explicit(&ctx->state, memory_order_acquire) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not started", ctx->ops->name);
	else if (!binding)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "the work queue is not added to the job's %s",
				    ctx->ops->name);
	else
		err = submit(workq, binding, job, run, func);
	opendoca_handle_put(&ctx->object);
	return err;
}

doca_error_t doca_workq_progress_retrieve(struct doca_workq *handle, struct doca_event *ev, int flags)
{
	struct opendoca_engine *workq;
	struct opendoca_task *task;
	struct opendoca_binding *binding;
	const struct opendoca_ctx_ops *ops;
	struct opendoca_graph_run *run;
	struct doca_event *out;
	doca_error_t status;

	if (!ev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ev is NULL");
	if (flags != DOCA_WORKQ_RETRIEVE_FLAGS_NONE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "unknown flags %#x", (unsigned)flags);
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	if (!workq->ready_head)
		opendoca_engine_collect(workq);
	task = workq->ready_head;
	if (!task) {
		/* Nothing done yet: the answer of a polling loop, not a failure. */
		opendoca_workq_leave(workq);
		return DOCA_ERROR_AGAIN;
	}
	workq->ready_head = task->next;
	if (!workq->ready_head)
		workq->ready_tail = &workq->ready_head;
	binding = task->binding;
	ops = binding->ctx->ops;
	run = task->graph;
	out = run ? opendoca_graph_run_event(run) : ev;
	out->type = task->job_type;
	out->user_data = task->user_data;
	out->result = ops->job_result ? ops->job_result(task, out->result)
				      : (union doca_data){ .u64 = (uint64_t)task->status };
	status = task->status;
	binding->inflight--;
	opendoca_engine_count(workq, -1);
	opendoca_task_pool_give(task);
	/*
	 * A graph node's job: its event is the node's, the graph goes on; the program gets an event
	 * when the instance's run ended with it (DOCA_GRAPH_JOB), else DOCA_ERROR_AGAIN, as NVIDIA's.
	 */
	if (run) {
		union doca_data user_data;

		if (!opendoca_graph_job_done(run, status, &user_data, &status)) {
			opendoca_workq_leave(workq);
			return DOCA_ERROR_AGAIN;
		}
		*ev = (struct doca_event){ .type = DOCA_GRAPH_JOB,
					   .user_data = user_data,
					   .result.u64 = (uint64_t)status };
	}
	opendoca_workq_leave(workq);
	if (status != DOCA_SUCCESS)
		return opendoca_fail(DOCA_ERROR_IO_FAILED, __func__, "the %s of type %d failed: %s",
				     run ? "graph instance" : "job", ev->type, opendoca_error_descr(status));
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_get_depth(const struct doca_workq *handle, uint32_t *depth)
{
	struct opendoca_engine *workq;

	if (!depth)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "depth is NULL");
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	*depth = workq->depth;
	opendoca_workq_leave(workq);
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_set_event_driven_enable(struct doca_workq *handle, uint8_t enable)
{
	struct opendoca_engine *workq;
	doca_error_t err = DOCA_SUCCESS;

	if (enable > 1)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "enable is %u, not 0 or 1", enable);
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	if (workq->num_bindings && workq->event_driven != enable)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the work queue is added to %u contexts",
				    workq->num_bindings);
	else if (enable)
		err = opendoca_engine_notify_open(workq, __func__);
	if (!err)
		workq->event_driven = enable;
	opendoca_workq_leave(workq);
	return err;
}

doca_error_t doca_workq_get_event_driven_enable(struct doca_workq *handle, uint8_t *enabled)
{
	struct opendoca_engine *workq;

	if (!enabled)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "enabled is NULL");
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	*enabled = workq->event_driven;
	opendoca_workq_leave(workq);
	return DOCA_SUCCESS;
}

/* A work queue in event-driven mode, its guard taken; NULL after a failure of func. */
static struct opendoca_engine *event_driven(struct doca_workq *handle, const char *func)
{
	struct opendoca_engine *workq = opendoca_workq_enter(handle, func);

	if (workq && !workq->event_driven) {
		opendoca_workq_leave(workq);
		opendoca_fail(DOCA_ERROR_BAD_STATE, func,
			      "the work queue is not in event-driven mode (doca_workq_set_event_driven_enable)");
		return NULL;
	}
	return workq;
}

/*
 * NVIDIA's 2.2 header: the first call enables event-driven mode (programs of the time get the
 * handle of a work queue added to its context already, without enabling it), if every context it
 * is added to has the mode.
 */
doca_error_t doca_workq_get_event_handle(struct doca_workq *handle, doca_event_handle_t *event_handle)
{
	struct opendoca_engine *workq;
	doca_error_t err = DOCA_SUCCESS;

	if (!event_handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	for (unsigned i = 0; !workq->event_driven && !err && i < workq->num_bindings; i++)
		if (!opendoca_ctx_notifies(workq->bindings[i]->ctx->ops))
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
					    "the work queue is added to a %s, which has no event-driven mode",
					    workq->bindings[i]->ctx->ops->name);
	if (!err && !workq->event_driven)
		err = opendoca_engine_notify_open(workq, __func__);
	if (!err) {
		workq->event_driven = true;
		*event_handle = workq->epoll_fd;
	}
	opendoca_workq_leave(workq);
	return err;
}

doca_error_t doca_workq_event_handle_arm(struct doca_workq *handle)
{
	struct opendoca_engine *workq = event_driven(handle, __func__);
	doca_error_t err;

	if (!workq)
		return opendoca_last_error();
	err = opendoca_engine_arm(workq, __func__);
	opendoca_workq_leave(workq);
	return err;
}

doca_error_t doca_workq_event_handle_clear(struct doca_workq *handle, doca_event_handle_t event_handle)
{
	struct opendoca_engine *workq = event_driven(handle, __func__);
	doca_error_t err;

	/* As doca_pe_clear_notification: the work queue knows its handle. */
	(void)event_handle;
	if (!workq)
		return opendoca_last_error();
	err = opendoca_engine_clear(workq, __func__);
	opendoca_workq_leave(workq);
	return err;
}

doca_error_t doca_workq_set_event_handle(struct doca_workq *handle, doca_event_handle_t event_handle,
					 uintptr_t completion_key)
{
	struct opendoca_engine *workq = opendoca_workq_enter(handle, __func__);

	(void)event_handle;
	(void)completion_key;
	if (!workq)
		return opendoca_last_error();
	opendoca_workq_leave(workq);
	/* NVIDIA's: an I/O completion port of Windows; Linux has its own handle. */
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "Windows only: use doca_workq_get_event_handle");
}
