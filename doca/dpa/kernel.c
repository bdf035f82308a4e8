/*
 * Kernel launches (doca_dpa_kernel_launch_update_add / _set) and RPCs (doca_dpa_rpc).
 *
 * A launch is a descriptor in DPA memory (device/dev_context.h: the kernel, its unpack wrapper, the
 * events, the packed arguments) and one task per thread on the context's FlexIO command queue,
 * whose workers run the device library's opendoca_dpa_kernel_thread (device/kernel_dev.c). The
 * tasks are added as the kernel's (flexio_cmdq_task_add_as): timelines, dpa_stats and the GDB
 * stub show the kernel's function, not the entry that runs it. The
 * arguments are packed by the kernel's own pack function (dpacc's, from its registration: the
 * DPA's layout, structs by value included), from the caller's va_list. The queue starts tasks in
 * the order they were added and has a worker per possible kernel thread, so a kernel waiting on
 * an event that an earlier launch updates always finds its threads running.
 *
 * Descriptors are freed once their kernel is done: the last thread marks them, and every launch
 * (and the stop) first frees the done ones from the oldest on, reading their state word.
 */
#include "doca_dpa.h"

#include "dpa_ctx.h"
#include "sync_event.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio_ext.h>

struct dpa_launch_record {
	uint64_t base;   /* what flexio_buf_dev_alloc gave */
	uint64_t launch; /* the descriptor: base aligned up to OPENDOCA_DPA_LAUNCH_ALIGN */
};

struct dpa_launches {
	flexio_cmdq *cmdq;
	struct dpa_launch_record *ring; /* kernels not known to be done, oldest first */
	size_t head, count, cap;
};

doca_error_t dpa_launches_start(struct dpa_context *ctx, const char *func)
{
	struct flexio_cmdq_attr attr = { .workers = (int)OPENDOCA_DPA_MAX_THREADS_PER_KERNEL,
					 .batch_size = 1,
					 .state = FLEXIO_CMDQ_STATE_RUNNING };
	struct dpa_launches *l = calloc(1, sizeof(*l));

	if (!l)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for kernel launches");
	if (flexio_cmdq_create(ctx->process, &attr, &l->cmdq) != FLEXIO_STATUS_SUCCESS) {
		free(l);
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no DPA threads for kernels");
	}
	ctx->launches = l;
	return DOCA_SUCCESS;
}

/* The kernels' threads stop with their queue; their descriptors go with the process after. */
void dpa_launches_stop(struct dpa_context *ctx)
{
	struct dpa_launches *l = ctx->launches;

	if (!l)
		return;
	flexio_cmdq_destroy(l->cmdq);
	for (; l->count; l->count--, l->head = (l->head + 1) % l->cap)
		flexio_buf_dev_free(ctx->process, l->ring[l->head].base);
	free(l->ring);
	free(l);
	ctx->launches = NULL;
}

/* Frees the descriptors of the oldest kernels that are done (lock held). */
static void reap(struct dpa_context *ctx)
{
	struct dpa_launches *l = ctx->launches;

	while (l->count) {
		struct dpa_launch_record *r = &l->ring[l->head];
		uint32_t state = OPENDOCA_DPA_LAUNCH_RUNNING;

		if (flexio_dev2host_memcpy(ctx->process, &state, sizeof(state),
					   r->launch + offsetof(struct opendoca_dpa_launch, state)) !=
			    FLEXIO_STATUS_SUCCESS ||
		    state != OPENDOCA_DPA_LAUNCH_DONE)
			return;
		flexio_buf_dev_free(ctx->process, r->base);
		l->head = (l->head + 1) % l->cap;
		l->count--;
	}
}

static bool record(struct dpa_launches *l, struct dpa_launch_record r)
{
	if (l->count == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct dpa_launch_record *ring = malloc(cap * sizeof(*ring));

		if (!ring)
			return false;
		for (size_t i = 0; i < l->count; i++)
			ring[i] = l->ring[(l->head + i) % l->cap];
		free(l->ring);
		l->ring = ring;
		l->cap = cap;
		l->head = 0;
	}
	l->ring[(l->head + l->count++) % l->cap] = r;
	return true;
}

/* What a call runs: a kernel of the context's application and its packed arguments. */
struct dpa_call {
	struct opendoca_dpa_launch desc;
	unsigned char *image; /* desc then the arguments, as DPA memory gets them */
	size_t size;
};

/* Looks func up in the application and packs the arguments after the descriptor. */
static doca_error_t prepare(struct dpa_context *ctx, doca_dpa_func_t *func, va_list ap, struct dpa_call *call,
			    const char *func_name)
{
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr, unpack_addr;
	size_t argbuf_size;
	uint32_t pup;

	if (!func)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func_name, "func is NULL");
	if (flexio_func_get_register_info(ctx->app, (flexio_func_t *)func, &pup, name, unpack_name, sizeof(name),
					  &argbuf_size, &pack, &dev_addr, &unpack_addr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func_name,
				     "%p is no __dpa_global__ function of DPA application %s", (void *)func,
				     flexio_app_get_name(ctx->app));
	if (!pup)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func_name,
				     "%s was registered without its arguments' packing (not by dpacc)", name);
	call->size = sizeof(call->desc) + argbuf_size;
	call->image = calloc(1, call->size);
	if (!call->image)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func_name, "no memory for the arguments of %s", name);
	pack(call->image + sizeof(call->desc), ap);
	call->desc.context = ctx->dev_context;
	call->desc.func = dev_addr;
	call->desc.unpack = unpack_addr;
	call->desc.argbuf_size = argbuf_size;
	return DOCA_SUCCESS;
}

/* Writes the call into new DPA memory aligned for the task arguments (lock held). */
static doca_error_t place(struct dpa_context *ctx, struct dpa_call *call, struct dpa_launch_record *r, const char *func)
{
	memcpy(call->image, &call->desc, sizeof(call->desc));
	if (flexio_buf_dev_alloc(ctx->process, call->size + OPENDOCA_DPA_LAUNCH_ALIGN - 1, &r->base) !=
	    FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no DPA memory for a launch of %zu bytes", call->size);
	r->launch = (r->base + OPENDOCA_DPA_LAUNCH_ALIGN - 1) & ~(uint64_t)(OPENDOCA_DPA_LAUNCH_ALIGN - 1);
	if (flexio_host2dev_memcpy(ctx->process, call->image, call->size, r->launch) != FLEXIO_STATUS_SUCCESS) {
		flexio_buf_dev_free(ctx->process, r->base);
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a launch into DPA memory failed");
	}
	return DOCA_SUCCESS;
}

/* The DPA handle of an event a kernel waits on or updates (0 for none). */
static doca_error_t event_handle(struct doca_sync_event *event, struct doca_dpa *dpa, uint64_t *handle,
				 const char *func)
{
	*handle = 0;
	return event ? opendoca_se_dpa_handle(event, false, dpa, handle, func) : DOCA_SUCCESS;
}

static doca_error_t launch(struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
			   struct doca_sync_event *comp_event, uint64_t comp_count, enum opendoca_dpa_comp_op op,
			   unsigned int num_threads, doca_dpa_func_t *func, va_list ap, const char *func_name)
{
	struct dpa_call call = { 0 };
	struct dpa_launch_record r;
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, func_name);

	if (!ctx)
		return err;
	if (num_threads < 1 || num_threads > OPENDOCA_DPA_MAX_THREADS_PER_KERNEL) {
		err = opendoca_fail(
			DOCA_ERROR_INVALID_VALUE, func_name,
			"num_threads %u: a kernel runs 1 to %u threads (doca_dpa_get_max_threads_per_kernel)",
			num_threads, OPENDOCA_DPA_MAX_THREADS_PER_KERNEL);
		goto out;
	}
	/* Before the context's lock: a first DPA handle allocates DPA memory through the context. */
	err = event_handle(wait_event, dpa, &call.desc.wait_event, func_name);
	if (!err)
		err = event_handle(comp_event, dpa, &call.desc.comp_event, func_name);
	if (!err)
		err = prepare(ctx, func, ap, &call, func_name);
	if (err)
		goto out;
	call.desc.wait_threshold = wait_threshold;
	call.desc.comp_count = comp_count;
	call.desc.comp_op = comp_event ? (uint32_t)op : OPENDOCA_DPA_COMP_NONE;
	call.desc.num_threads = num_threads;
	pthread_mutex_lock(&ctx->lock);
	if (!ctx->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func_name, "DOCA DPA context %p was stopped", (void *)dpa);
	} else if (!(err = dpa_process_error(ctx, func_name))) {
		reap(ctx);
		err = place(ctx, &call, &r, func_name);
		if (!err && !record(ctx->launches, r)) {
			flexio_buf_dev_free(ctx->process, r.base);
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func_name, "no memory to track a launch");
		}
		for (unsigned int rank = 0; !err && rank < num_threads; rank++)
			if (flexio_cmdq_task_add_as(ctx->launches->cmdq, ctx->kernel_entry, r.launch | rank,
						    (flexio_func_t *)func) != FLEXIO_STATUS_SUCCESS)
				/* Threads already queued run; the kernel never completes its event. */
				err = opendoca_fail(DOCA_ERROR_DRIVER, func_name,
						    "thread %u of the kernel was not queued", rank);
	}
	pthread_mutex_unlock(&ctx->lock);
out:
	free(call.image);
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func,
					       ...)
{
	doca_error_t err;
	va_list ap;

	va_start(ap, func);
	err = launch(dpa, wait_event, wait_threshold, comp_event, comp_count, OPENDOCA_DPA_COMP_ADD, num_threads, func,
		     ap, __func__);
	va_end(ap);
	return err;
}

doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func,
					       ...)
{
	doca_error_t err;
	va_list ap;

	va_start(ap, func);
	err = launch(dpa, wait_event, wait_threshold, comp_event, comp_count, OPENDOCA_DPA_COMP_SET, num_threads, func,
		     ap, __func__);
	va_end(ap);
	return err;
}

doca_error_t doca_dpa_rpc(struct doca_dpa *dpa, doca_dpa_func_t *func, uint64_t *retval, ...)
{
	struct dpa_call call = { 0 };
	struct dpa_launch_record r;
	flexio_process *process;
	flexio_func_t *entry;
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);
	va_list ap;

	if (!ctx)
		return err;
	if (!retval) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "retval is NULL");
		goto out;
	}
	va_start(ap, retval);
	err = prepare(ctx, func, ap, &call, __func__);
	va_end(ap);
	if (err)
		goto out;
	call.desc.num_threads = 1;
	pthread_mutex_lock(&ctx->lock);
	process = ctx->process;
	entry = ctx->rpc_entry;
	err = ctx->started
		      ? place(ctx, &call, &r, __func__)
		      : opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p was stopped", (void *)dpa);
	pthread_mutex_unlock(&ctx->lock);
	if (err)
		goto out;
	/* The call runs without the lock: other threads launch and call meanwhile. A stop in between
	 * destroys the process, which refuses the call. */
	if (flexio_process_call(process, entry, retval, r.launch) != FLEXIO_STATUS_SUCCESS)
		err = DOCA_ERROR_DRIVER;
	pthread_mutex_lock(&ctx->lock);
	if (ctx->process != process)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p was stopped", (void *)dpa);
	else if (err)
		err = dpa_process_error(ctx, __func__) ?: opendoca_fail(DOCA_ERROR_DRIVER, __func__, "the RPC failed");
	if (ctx->process == process)
		flexio_buf_dev_free(process, r.base);
	pthread_mutex_unlock(&ctx->lock);
out:
	free(call.image);
	dpa_put(ctx);
	return err;
}
