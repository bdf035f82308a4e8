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

void opendoca_task_deliver(struct opendoca_engine *engine, struct opendoca_task *task)
{
	struct opendoca_task_pool *pool = task->pool;
	struct opendoca_ctx *ctx = pool->ctx;
	opendoca_callback cb = task->status == DOCA_SUCCESS ? pool->completion : pool->error;
	struct doca_task *ref;

	opendoca_engine_count(engine, -1);
	opendoca_ctx_count(ctx, -1);
	task->state = OPENDOCA_TASK_READY;
	ref = opendoca_task_ref(task);
	/* The task is the program's from here: nothing of it is read after the callback. */
	engine->callbacks++;
	if (pool->type->invoke)
		pool->type->invoke(cb, ref, task->user_data, ctx->user_data);
	else
		((doca_task_completion_cb_t)cb)(ref, task->user_data, ctx->user_data);
	engine->callbacks--;
}

/* doca_task_submit, _ex and try_submit. */
static doca_error_t task_submit(struct doca_task *ref, uint32_t flags, bool check, const char *func)
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
	/* Counted first: the library may complete it before submit returns. */
	opendoca_ctx_count(ctx, 1);
	opendoca_engine_count(pe, 1);
	err = ctx->ops->submit(task, flags);
	if (err) {
		opendoca_ctx_count(ctx, -1);
		opendoca_engine_count(pe, -1);
		task->state = OPENDOCA_TASK_READY;
		err = opendoca_fail(err, func, "the %s did not take the task: %s", ctx->ops->name,
				    opendoca_error_descr(err));
	}
out:
	opendoca_guard_leave(&pe->guard);
	return err;
}

doca_error_t doca_task_submit(struct doca_task *task)
{
	return task_submit(task, DOCA_TASK_SUBMIT_FLAG_FLUSH, false, __func__);
}

doca_error_t doca_task_try_submit(struct doca_task *task)
{
	return task_submit(task, DOCA_TASK_SUBMIT_FLAG_FLUSH, true, __func__);
}

doca_error_t doca_task_submit_ex(struct doca_task *task, uint32_t flags)
{
	if (flags & ~(uint32_t)(DOCA_TASK_SUBMIT_FLAG_FLUSH | DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "unknown flags %#x", flags);
	return task_submit(task, flags, false, __func__);
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
