/*
 * Tasks (doca_pe.h, 2.5 and later) and the pools they come from (ctx.h, "Tasks"), shared with the
 * job records of 1.x/2.2 work queues.
 *
 * A program's struct doca_task * is a reference, never the task's address: an address in a range
 * reserved and never mapped (as handles are, handle.c) that encodes the pool's number in a table,
 * the task's index in it and the low bits of the task's allocation count. Looking one up reads the
 * table and the task, never the referenced address: a pointer that is no task, a task of a pool
 * destroyed since (its context idle or destroyed) and a freed task are refused, and so is a task
 * given to another allocation since, unless its count wrapped.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "doca_pe.h"

#include "ctx.h"

#define INDEX_BITS 20 /* OPENDOCA_MAX_POOL_TASKS */
#define POOL_BITS 14  /* pools at once */
#define MAX_GENERATION_BITS 2
#define STRIDE 8u /* references are 8-byte aligned, as a pointer to a task could be */

_Static_assert((1u << INDEX_BITS) == OPENDOCA_MAX_POOL_TASKS, "index bits");
_Static_assert(OPENDOCA_TASK_SUBMIT_FLUSH == DOCA_TASK_SUBMIT_FLAG_FLUSH &&
		       OPENDOCA_TASK_SUBMIT_OPTIMIZE_REPORTS == DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS,
	       "submission flags");

static struct opendoca_task_pool *_Atomic pool_table[1u << POOL_BITS];
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER; /* allocates the table's entries */
static uint32_t next_pool;                                    /* where the next search starts */

/* The reserved range; written once (range_once), read by lookups of any thread. */
static _Atomic uintptr_t range_base;
static _Atomic uint64_t range_size;
static unsigned generation_bits;
static pthread_once_t range_once = PTHREAD_ONCE_INIT;

static void reserve_range(void)
{
	for (int bits = MAX_GENERATION_BITS; bits >= 0; bits--) {
		uint64_t size = (uint64_t)STRIDE << (INDEX_BITS + POOL_BITS + bits);
		void *at = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (at != MAP_FAILED) {
			generation_bits = (unsigned)bits;
			atomic_store(&range_base, (uintptr_t)at);
			atomic_store(&range_size, size);
			return;
		}
	}
}

struct opendoca_task_pool *opendoca_task_pool_create(struct opendoca_ctx *ctx, const struct opendoca_task_type *type,
						     unsigned type_index, size_t priv_size, uint32_t count,
						     const char *func)
{
	struct opendoca_task_pool *pool;
	uint32_t id;

	pthread_once(&range_once, reserve_range);
	if (!atomic_load(&range_size)) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no address range for task references");
		return NULL;
	}
	pool = calloc(1, sizeof(*pool));
	if (!pool) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a pool of %u tasks", count);
		return NULL;
	}
	pool->ctx = ctx;
	pool->type = type;
	pool->type_index = type_index;
	pool->count = count;
	/* A cache line each at least: tasks completed by another thread share none. */
	pool->stride = (sizeof(struct opendoca_task) + priv_size + 63) & ~(size_t)63;
	pool->base = aligned_alloc(64, pool->stride * count);
	if (!pool->base) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for %u tasks of %zu bytes", count, pool->stride);
		free(pool);
		return NULL;
	}
	memset(pool->base, 0, pool->stride * count);
	for (uint32_t i = count; i-- > 0;) {
		struct opendoca_task *task = (struct opendoca_task *)(pool->base + i * pool->stride);

		task->pool = pool;
		task->index = i;
		task->state = OPENDOCA_TASK_FREE;
		task->next = pool->free;
		pool->free = task;
	}
	/* Round robin over the table, so that a number is taken again as late as possible. */
	pthread_mutex_lock(&pool_lock);
	for (id = 0; id < (1u << POOL_BITS); id++)
		if (!atomic_load_explicit(&pool_table[(next_pool + id) & ((1u << POOL_BITS) - 1)],
					  memory_order_relaxed))
			break;
	if (id < (1u << POOL_BITS)) {
		pool->id = (next_pool + id) & ((1u << POOL_BITS) - 1);
		next_pool = pool->id + 1;
		atomic_store_explicit(&pool_table[pool->id], pool, memory_order_release);
	}
	pthread_mutex_unlock(&pool_lock);
	if (id == (1u << POOL_BITS)) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "%u pools of tasks exist already", 1u << POOL_BITS);
		free(pool->base);
		free(pool);
		return NULL;
	}
	return pool;
}

void opendoca_task_pool_destroy(struct opendoca_task_pool *pool)
{
	atomic_store_explicit(&pool_table[pool->id], NULL, memory_order_release);
	free(pool->base);
	free(pool);
}

struct opendoca_task *opendoca_task_pool_take(struct opendoca_task_pool *pool)
{
	struct opendoca_task *task = pool->free;

	if (!task)
		return NULL;
	pool->free = task->next;
	pool->used++;
	task->next = NULL;
	task->binding = NULL;
	task->status = DOCA_SUCCESS;
	task->result.u64 = 0;
	task->state = OPENDOCA_TASK_READY;
	return task;
}

void opendoca_task_pool_give(struct opendoca_task *task)
{
	struct opendoca_task_pool *pool = task->pool;

	task->state = OPENDOCA_TASK_FREE;
	task->generation++;
	task->next = pool->free;
	pool->free = task;
	pool->used--;
}

struct doca_task *opendoca_task_ref(const struct opendoca_task *task)
{
	uint64_t value = ((uint64_t)(task->generation & ((1u << generation_bits) - 1)) << (INDEX_BITS + POOL_BITS)) |
			 ((uint64_t)task->pool->id << INDEX_BITS) | task->index;

	return (struct doca_task *)(atomic_load_explicit(&range_base, memory_order_relaxed) + value * STRIDE);
}

/* The allocated task ref names, or NULL. */
static struct opendoca_task *task_lookup(const void *ref)
{
	uintptr_t offset = (uintptr_t)ref - atomic_load_explicit(&range_base, memory_order_relaxed);
	struct opendoca_task_pool *pool;
	struct opendoca_task *task;
	uint64_t value;
	uint32_t index;

	if (offset >= atomic_load_explicit(&range_size, memory_order_relaxed) || offset % STRIDE)
		return NULL;
	value = offset / STRIDE;
	index = (uint32_t)(value & ((1u << INDEX_BITS) - 1));
	pool = atomic_load_explicit(&pool_table[(value >> INDEX_BITS) & ((1u << POOL_BITS) - 1)], memory_order_acquire);
	if (!pool || index >= pool->count)
		return NULL;
	task = (struct opendoca_task *)(pool->base + index * pool->stride);
	if (task->state == OPENDOCA_TASK_FREE ||
	    (task->generation & ((1u << generation_bits) - 1)) != (uint32_t)(value >> (INDEX_BITS + POOL_BITS)))
		return NULL;
	return task;
}

struct opendoca_task *opendoca_task_get(const void *ref, const struct opendoca_task_type *type, const char *func)
{
	struct opendoca_task *task = task_lookup(ref);

	if (!task || !task->pool->type) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not an allocated task", ref);
		return NULL;
	}
	if (type && task->pool->type != type) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is a %s, not a %s", ref, task->pool->type->name,
			      type->name);
		return NULL;
	}
	return task;
}

doca_error_t opendoca_task_alloc(struct opendoca_ctx *ctx, unsigned type, union doca_data user_data,
				 struct opendoca_task **task, const char *func)
{
	struct opendoca_task_pool *pool;
	struct opendoca_engine *pe = ctx->pe;
	doca_error_t err;

	if (!task)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "task is NULL");
	if (type >= ctx->ops->num_task_types)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s has no task type %u", ctx->ops->name,
				     type);
	if (!pe)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
	if (!opendoca_guard_enter(&pe->guard))
		return opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the progress engine is in use by another thread");
	pool = ctx->conf[type].pool;
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
	else if (!pool)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the %s's %ss were not configured before start",
				    ctx->ops->name, ctx->ops->task_types[type].name);
	else if (!(*task = opendoca_task_pool_take(pool)))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "all %u %ss of the %s are allocated", pool->count,
				    ctx->ops->task_types[type].name, ctx->ops->name);
	else {
		(*task)->user_data = user_data;
		ctx->tasks_used++;
		err = DOCA_SUCCESS;
	}
	opendoca_guard_leave(&pe->guard);
	return err;
}

/* A batch's task is delivered: the batch's callback once its last task is. */
static void deliver_batched(struct opendoca_engine *engine, struct opendoca_task *task)
{
	struct opendoca_task_batch *batch = task->batch;
	struct opendoca_batch_pool *pool = batch->pool;
	struct opendoca_ctx *ctx = pool->ctx;

	if (task->status != DOCA_SUCCESS && batch->status == DOCA_SUCCESS)
		batch->status = task->status;
	if (--batch->remaining)
		return;
	/* The batch is the program's from here: nothing of it is read after the callback. */
	engine->callbacks++;
	pool->tasks->type->invoke_batch(batch->status == DOCA_SUCCESS ? pool->completion : pool->error, batch->handle,
					batch->num_tasks, batch->user_data, ctx->user_data);
	engine->callbacks--;
}

void opendoca_task_deliver(struct opendoca_engine *engine, struct opendoca_task *task)
{
	struct opendoca_task_pool *pool = task->pool;
	struct opendoca_ctx *ctx = pool->ctx;
	opendoca_callback cb = task->status == DOCA_SUCCESS ? pool->completion : pool->error;
	struct doca_task *ref;

	opendoca_engine_count(engine, -1);
	opendoca_ctx_count(ctx, -1);
	task->state = OPENDOCA_TASK_READY;
	if (task->batch) {
		deliver_batched(engine, task);
		return;
	}
	ref = opendoca_task_ref(task);
	/* The task is the program's from here: nothing of it is read after the callback. */
	engine->callbacks++;
	if (task->graph) {
		struct opendoca_graph_run *run = task->graph;

		/* a graph's: its callbacks are not called (NVIDIA's rule), the graph goes on */
		task->graph = NULL;
		opendoca_graph_task_done(run, task->status);
	} else if (pool->type->invoke)
		pool->type->invoke(cb, ref, task->user_data, ctx->user_data);
	else
		((doca_task_completion_cb_t)cb)(ref, task->user_data, ctx->user_data);
	engine->callbacks--;
}

/* doca_task_submit, _ex and try_submit; a graph instance's node's when run is set. */
static doca_error_t task_submit(struct doca_task *ref, uint32_t flags, bool check, struct opendoca_graph_run *run,
				const char *func)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, func);
	struct opendoca_ctx *ctx;
	struct opendoca_engine *pe;
	doca_error_t err;

	if (!task)
		return DOCA_ERROR_INVALID_VALUE;
	ctx = task->pool->ctx;
	pe = ctx->pe;
	if (!opendoca_guard_enter(&pe->guard))
		return opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the progress engine is in use by another thread");
	if (task->state != OPENDOCA_TASK_READY) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "task %p is submitted already", (void *)ref);
		goto out;
	}
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
		goto out;
	}
	if (check && task->pool->type->check) {
		err = task->pool->type->check(task, func);
		if (err)
			goto out;
	}
	task->binding = &ctx->binding;
	task->state = OPENDOCA_TASK_SUBMITTED;
	task->graph = run;
	/* Counted first: the library may complete it before submit returns. */
	opendoca_ctx_count(ctx, 1);
	opendoca_engine_count(pe, 1);
	err = ctx->ops->submit(task, flags);
	if (err) {
		opendoca_ctx_count(ctx, -1);
		opendoca_engine_count(pe, -1);
		task->state = OPENDOCA_TASK_READY;
		task->graph = NULL;
		err = opendoca_fail(err, func, "the %s did not take the task: %s", ctx->ops->name,
				    opendoca_error_descr(err));
	}
out:
	opendoca_guard_leave(&pe->guard);
	return err;
}

doca_error_t doca_task_submit(struct doca_task *task)
{
	return task_submit(task, DOCA_TASK_SUBMIT_FLAG_FLUSH, false, NULL, __func__);
}

doca_error_t doca_task_try_submit(struct doca_task *task)
{
	return task_submit(task, DOCA_TASK_SUBMIT_FLAG_FLUSH, true, NULL, __func__);
}

doca_error_t opendoca_task_submit_graph(struct doca_task *ref, struct opendoca_graph_run *run, const char *func)
{
	/* checked as doca_task_try_submit does: a graph's task is submitted where the program cannot see it */
	return task_submit(ref, DOCA_TASK_SUBMIT_FLAG_FLUSH, true, run, func);
}

doca_error_t doca_task_submit_ex(struct doca_task *task, uint32_t flags)
{
	if (flags & ~(uint32_t)(DOCA_TASK_SUBMIT_FLAG_FLUSH | DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "unknown flags %#x", flags);
	return task_submit(task, flags, false, NULL, __func__);
}

void doca_task_free(struct doca_task *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, __func__);
	struct opendoca_ctx *ctx;

	if (!task)
		return;
	ctx = task->pool->ctx;
	if (!opendoca_guard_enter(&ctx->pe->guard)) {
		opendoca_fail(DOCA_ERROR_NO_LOCK, __func__, "the progress engine is in use by another thread");
		return;
	}
	if (task->state == OPENDOCA_TASK_SUBMITTED)
		opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "task %p is submitted: DOCA owns it until it completes",
			      (void *)ref);
	else {
		opendoca_task_pool_give(task);
		ctx->tasks_used--;
	}
	opendoca_guard_leave(&ctx->pe->guard);
}

struct doca_ctx *doca_task_get_ctx(const struct doca_task *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, __func__);

	return task ? opendoca_ctx_handle(task->pool->ctx) : NULL;
}

doca_error_t doca_task_get_status(const struct doca_task *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, __func__);

	return task ? task->status : DOCA_ERROR_INVALID_VALUE;
}

union doca_data doca_task_get_user_data(const struct doca_task *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, __func__);

	return task ? task->user_data : (union doca_data){ .u64 = 0 };
}

void doca_task_set_user_data(struct doca_task *ref, union doca_data user_data)
{
	struct opendoca_task *task = opendoca_task_get(ref, NULL, __func__);

	if (task)
		task->user_data = user_data;
}

/* ---------------------------------------------------------------------------------------------- */
/* Task batches (3.0)                                                                             */
/* ---------------------------------------------------------------------------------------------- */

static const struct opendoca_kind batch_kind = { "task batch" };

static void batch_free(struct opendoca_object *object)
{
	free(object);
}

struct opendoca_batch_pool *opendoca_batch_pool_create(struct opendoca_ctx *ctx, unsigned type, const char *func)
{
	const struct opendoca_task_conf *conf = &ctx->conf[type];
	const struct opendoca_task_type *task_type = &ctx->ops->task_types[type];
	struct opendoca_batch_pool *pool = calloc(1, sizeof(*pool));

	if (!pool || !(pool->all = calloc(conf->num_batches, sizeof(*pool->all)))) {
		free(pool);
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for %u task batches", conf->num_batches);
		return NULL;
	}
	pool->ctx = ctx;
	pool->completion = conf->batch_completion;
	pool->error = conf->batch_error;
	pool->max_tasks = (uint16_t)conf->batch_max_tasks;
	pool->tasks = opendoca_task_pool_create(ctx, task_type, type, task_type->priv_size,
						conf->num_batches * conf->batch_max_tasks, func);
	if (!pool->tasks) {
		opendoca_batch_pool_destroy(pool);
		return NULL;
	}
	for (; pool->count < conf->num_batches; pool->count++) {
		struct opendoca_task_batch *batch =
			calloc(1, sizeof(*batch) + pool->max_tasks * sizeof(batch->tasks[0]));

		if (batch)
			batch->handle = opendoca_handle_open(&batch->object, &batch_kind, batch_free);
		if (!batch || !batch->handle) {
			free(batch);
			opendoca_batch_pool_destroy(pool);
			opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for %u task batches", conf->num_batches);
			return NULL;
		}
		batch->pool = pool;
		batch->next = pool->free;
		pool->free = batch;
		pool->all[pool->count] = batch;
	}
	return pool;
}

void opendoca_batch_pool_destroy(struct opendoca_batch_pool *pool)
{
	for (uint32_t i = 0; i < pool->count; i++) {
		struct opendoca_object *object =
			opendoca_handle_close(pool->all[i]->handle, &batch_kind, "doca_ctx_stop");

		opendoca_handle_put(object);
		opendoca_handle_put(object);
	}
	if (pool->tasks)
		opendoca_task_pool_destroy(pool->tasks);
	free(pool->all);
	free(pool);
}

doca_error_t opendoca_task_batch_alloc(struct opendoca_ctx *ctx, unsigned type, uint16_t num_tasks,
				       union doca_data user_data, struct doca_task_batch **out,
				       struct opendoca_task ***tasks, const char *func)
{
	struct opendoca_engine *pe = ctx->pe;
	struct opendoca_batch_pool *pool;
	struct opendoca_task_batch *batch;
	doca_error_t err = DOCA_SUCCESS;

	if (!out || !tasks)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "task_batch is NULL");
	if (type >= ctx->ops->num_task_types)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s has no task type %u", ctx->ops->name,
				     type);
	if (!pe)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
	if (!opendoca_guard_enter(&pe->guard))
		return opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the progress engine is in use by another thread");
	pool = ctx->conf[type].batches;
	if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
	else if (!pool)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the %s's batches were not configured before start",
				    ctx->ops->name);
	else if (!num_tasks || num_tasks > pool->max_tasks)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u tasks: a batch has 1 to %u", num_tasks,
				    pool->max_tasks);
	else if (!(batch = pool->free))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "all %u task batches of the %s are allocated",
				    pool->count, ctx->ops->name);
	if (!err) {
		pool->free = batch->next;
		pool->used++;
		for (uint16_t i = 0; i < num_tasks; i++) {
			/* The pool holds max_tasks tasks per batch: never empty here. */
			batch->tasks[i] = opendoca_task_pool_take(pool->tasks);
			batch->tasks[i]->batch = batch;
		}
		batch->num_tasks = num_tasks;
		batch->user_data = user_data;
		batch->status = DOCA_SUCCESS;
		batch->allocated = true;
		ctx->tasks_used++;
		*out = batch->handle;
		*tasks = batch->tasks;
	}
	opendoca_guard_leave(&pe->guard);
	return err;
}

/* The allocated batch of a program's pointer, with the engine's guard taken; NULL after a failure of func. */
static struct opendoca_task_batch *batch_enter(const struct doca_task_batch *handle, const char *func)
{
	struct opendoca_task_batch *batch = opendoca_handle_get(handle, &batch_kind, func);
	struct opendoca_engine *pe;

	if (!batch)
		return NULL;
	pe = batch->pool->ctx->pe;
	if (!opendoca_guard_enter(&pe->guard)) {
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the progress engine is in use by another thread");
	} else if (!batch->allocated) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "task batch %p is not allocated", (const void *)handle);
		opendoca_guard_leave(&pe->guard);
	} else {
		return batch;
	}
	opendoca_handle_put(&batch->object);
	return NULL;
}

static void batch_leave(struct opendoca_task_batch *batch)
{
	opendoca_guard_leave(&batch->pool->ctx->pe->guard);
	opendoca_handle_put(&batch->object);
}

static doca_error_t batch_submit(struct doca_task_batch *handle, bool check, const char *func)
{
	struct opendoca_task_batch *batch = batch_enter(handle, func);
	struct opendoca_ctx *ctx;
	struct opendoca_engine *pe;
	doca_error_t err = DOCA_SUCCESS;

	if (!batch)
		return opendoca_last_error();
	ctx = batch->pool->ctx;
	pe = ctx->pe;
	if (batch->remaining)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "task batch %p is submitted already", (void *)handle);
	else if (atomic_load_explicit(&ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not running", ctx->ops->name);
	for (uint16_t i = 0; !err && check && batch->pool->tasks->type->check && i < batch->num_tasks; i++)
		err = batch->pool->tasks->type->check(batch->tasks[i], func);
	if (err) {
		batch_leave(batch);
		return err;
	}
	batch->status = DOCA_SUCCESS;
	batch->remaining = batch->num_tasks;
	for (uint16_t i = 0; i < batch->num_tasks; i++) {
		struct opendoca_task *task = batch->tasks[i];

		task->binding = &ctx->binding;
		task->state = OPENDOCA_TASK_SUBMITTED;
		opendoca_ctx_count(ctx, 1);
		opendoca_engine_count(pe, 1);
		/* Held back until the last: the library flushes them together. */
		err = ctx->ops->submit(task, i + 1 == batch->num_tasks ? OPENDOCA_TASK_SUBMIT_FLUSH : 0);
		if (!err)
			continue;
		if (!i) {
			/* Nothing was taken: the program keeps the batch. */
			opendoca_ctx_count(ctx, -1);
			opendoca_engine_count(pe, -1);
			task->state = OPENDOCA_TASK_READY;
			batch->remaining = 0;
			err = opendoca_fail(err, func, "the %s did not take the batch: %s", ctx->ops->name,
					    opendoca_error_descr(err));
			break;
		}
		/* Some were taken: the rest fail with the library's error, and the batch with them. */
		for (uint16_t j = i; j < batch->num_tasks; j++)
			opendoca_task_complete(batch->tasks[j], err);
		if (ctx->ops->flush)
			ctx->ops->flush(ctx);
		err = DOCA_SUCCESS;
		break;
	}
	batch_leave(batch);
	return err;
}

doca_error_t doca_task_batch_submit(struct doca_task_batch *task_batch)
{
	return batch_submit(task_batch, false, __func__);
}

doca_error_t doca_task_batch_try_submit(struct doca_task_batch *task_batch)
{
	return batch_submit(task_batch, true, __func__);
}

void doca_task_batch_free(struct doca_task_batch *task_batch)
{
	struct opendoca_task_batch *batch = batch_enter(task_batch, __func__);
	struct opendoca_batch_pool *pool;

	if (!batch)
		return;
	pool = batch->pool;
	if (batch->remaining) {
		opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
			      "task batch %p is submitted: DOCA owns it until it completes", (void *)task_batch);
	} else {
		for (uint16_t i = 0; i < batch->num_tasks; i++) {
			batch->tasks[i]->batch = NULL;
			opendoca_task_pool_give(batch->tasks[i]);
		}
		batch->allocated = false;
		batch->next = pool->free;
		pool->free = batch;
		pool->used--;
		pool->ctx->tasks_used--;
	}
	batch_leave(batch);
}

/* A field of an allocated batch; a bad batch is logged (the getter answers bad). */
#define BATCH_GET(type, name, bad, expr)                                               \
	type doca_task_batch_get_##name(const struct doca_task_batch *task_batch)      \
	{                                                                              \
		struct opendoca_task_batch *batch = batch_enter(task_batch, __func__); \
		type value;                                                            \
                                                                                       \
		if (!batch)                                                            \
			return bad;                                                    \
		value = (expr);                                                        \
		batch_leave(batch);                                                    \
		return value;                                                          \
	}

BATCH_GET(struct doca_ctx *, ctx, NULL, opendoca_ctx_handle(batch->pool->ctx))
BATCH_GET(union doca_data, ctx_user_data, (union doca_data){ 0 }, batch->pool->ctx->user_data)
BATCH_GET(doca_error_t, status, DOCA_ERROR_INVALID_VALUE, batch->status)
BATCH_GET(union doca_data, user_data, (union doca_data){ 0 }, batch->user_data)

uint16_t doca_task_batch_get_tasks_num(struct doca_task_batch *task_batch)
{
	struct opendoca_task_batch *batch = batch_enter(task_batch, __func__);
	uint16_t num;

	if (!batch)
		return 0;
	num = batch->num_tasks;
	batch_leave(batch);
	return num;
}

void doca_task_batch_set_user_data(struct doca_task_batch *task_batch, union doca_data user_data)
{
	struct opendoca_task_batch *batch = batch_enter(task_batch, __func__);

	if (!batch)
		return;
	batch->user_data = user_data;
	batch_leave(batch);
}
