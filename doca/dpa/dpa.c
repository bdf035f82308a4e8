/*
 * DOCA DPA contexts (doca_dpa.h), the newest forms (2.6 on: create, set_app, start, stop,
 * destroy) and what every release's form shares (dpa_ctx.h has the design). dpa_v2_5.c holds the
 * forms of 2.5 and 2.2, whose create starts the context with its application.
 */
#include "doca_dpa.h"
#include "doca_dev.h"

#include "caps.h"
#include "dev.h"
#include "dpa_ctx.h"
#include "dpa_qp.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio_ext.h>

/* BlueField-3's DPA: 16 cores of 16 execution units, 189 of them for applications. */
#define DPA_CORES 16u
#define DPA_EUS_PER_CORE 16u
#define DPA_EUS_AVAILABLE 189u
/* Work requests the loopback endpoint has in flight: DPA threads updating events at once. */
#define DPA_LOOPBACK_LOG_DEPTH 6
/* A message stream's buffer (FlexIO: a power of two, at least 2 KiB). */
#define DPA_STREAM_BUFFER (1u << 16)

/* The device library's entry points (device/kernel_dev.c), registered by name at start. */
static const char kernel_entry_name[] = "opendoca_dpa_kernel_thread";
static const char rpc_entry_name[] = "opendoca_dpa_rpc";

/* ---- The operations libdoca_common's families use (mmap.h) ---- */

static struct dpa_context *of(struct opendoca_dpa *dpa)
{
	return (struct dpa_context *)dpa;
}

/* The process of a started context; NULL (and one line naming func) otherwise. Lock held. */
static flexio_process *process_of(struct opendoca_dpa *dpa, const char *func)
{
	if (!of(dpa)->process && func)
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DOCA DPA context %p is not started",
			      opendoca_handle_of(&dpa->object));
	return of(dpa)->process;
}

static doca_error_t dev_alloc(flexio_process *process, size_t size, uint64_t *daddr, const char *func)
{
	if (flexio_buf_dev_alloc(process, size, daddr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no %zu bytes of DPA memory", size);
	return DOCA_SUCCESS;
}

static doca_error_t dev_write(flexio_process *process, uint64_t daddr, const void *src, size_t size, const char *func)
{
	if (flexio_host2dev_memcpy(process, (void *)src, size, daddr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing %zu bytes of DPA memory at %#llx failed", size,
				     (unsigned long long)daddr);
	return DOCA_SUCCESS;
}

/*
 * The operations take the context's lock: a map or an event may use them while another thread
 * stops the context. After a stop, what they would free went with the process.
 */
static doca_error_t mkey_create(struct opendoca_dpa *dpa, uint64_t daddr, size_t len, int access, void **mkey,
				uint32_t *key, const char *func)
{
	struct flexio_mkey_attr attr = {
		.pd = opendoca_dev_ibv_pd(dpa->dev), .daddr = daddr, .len = len, .access = access
	};
	doca_error_t err = DOCA_ERROR_BAD_STATE;
	flexio_process *process;
	flexio_mkey *made;

	pthread_mutex_lock(&of(dpa)->lock);
	process = process_of(dpa, func);
	if (process && flexio_device_mkey_create(process, &attr, &made) != FLEXIO_STATUS_SUCCESS) {
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "no memory key over DPA memory [%#llx, +%zu)",
				    (unsigned long long)daddr, len);
	} else if (process) {
		*mkey = made;
		*key = flexio_mkey_get_id(made);
		err = DOCA_SUCCESS;
	}
	pthread_mutex_unlock(&of(dpa)->lock);
	return err;
}

static void mkey_destroy(struct opendoca_dpa *dpa, void *mkey)
{
	pthread_mutex_lock(&of(dpa)->lock);
	if (process_of(dpa, NULL))
		flexio_device_mkey_destroy(mkey);
	pthread_mutex_unlock(&of(dpa)->lock);
}

static doca_error_t mem_alloc(struct opendoca_dpa *dpa, size_t size, uint64_t *daddr, const char *func)
{
	doca_error_t err = DOCA_ERROR_BAD_STATE;
	flexio_process *process;

	pthread_mutex_lock(&of(dpa)->lock);
	process = process_of(dpa, func);
	if (process)
		err = dev_alloc(process, size, daddr, func);
	pthread_mutex_unlock(&of(dpa)->lock);
	return err;
}

static doca_error_t mem_write(struct opendoca_dpa *dpa, uint64_t daddr, const void *src, size_t size, const char *func)
{
	doca_error_t err = DOCA_ERROR_BAD_STATE;
	flexio_process *process;

	pthread_mutex_lock(&of(dpa)->lock);
	process = process_of(dpa, func);
	if (process)
		err = dev_write(process, daddr, src, size, func);
	pthread_mutex_unlock(&of(dpa)->lock);
	return err;
}

static void mem_free(struct opendoca_dpa *dpa, uint64_t daddr)
{
	pthread_mutex_lock(&of(dpa)->lock);
	if (process_of(dpa, NULL))
		flexio_buf_dev_free(of(dpa)->process, daddr);
	pthread_mutex_unlock(&of(dpa)->lock);
}

static const struct opendoca_dpa_ops dpa_ops = {
	.mkey_create = mkey_create,
	.mkey_destroy = mkey_destroy,
	.mem_alloc = mem_alloc,
	.mem_write = mem_write,
	.mem_free = mem_free,
	.rdma_create = dpa_rdma_create,
	.rdma_completion_check = dpa_rdma_completion_check,
	.rdma_conn_create = dpa_rdma_conn_create,
	.rdma_conn_connect = dpa_rdma_conn_connect,
	.rdma_stop = dpa_rdma_stop,
	.rdma_destroy = dpa_rdma_destroy,
	.rdma_srq_create = dpa_rdma_srq_create,
	.rdma_srq_destroy = dpa_rdma_srq_destroy,
};

/* ---- Handles ---- */

struct dpa_context *dpa_get(const struct doca_dpa *handle, const char *func)
{
	struct opendoca_dpa *dpa = opendoca_handle_get(handle, opendoca_dpa_kind(), func);

	/* libdoca_common's tests stand up contexts of their own with this kind: only ours have our ops. */
	if (dpa && dpa->ops != &dpa_ops) {
		opendoca_handle_put(&dpa->object);
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a DOCA DPA context of libdoca_dpa", handle);
		return NULL;
	}
	return (struct dpa_context *)dpa;
}

struct dpa_context *dpa_get_started(const struct doca_dpa *handle, doca_error_t *err, const char *func)
{
	struct dpa_context *ctx = dpa_get(handle, func);

	*err = DOCA_ERROR_INVALID_VALUE;
	if (!ctx)
		return NULL;
	if (!__atomic_load_n(&ctx->started, __ATOMIC_ACQUIRE)) {
		*err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DOCA DPA context %p is not started", handle);
		dpa_put(ctx);
		return NULL;
	}
	*err = DOCA_SUCCESS;
	return ctx;
}

doca_error_t dpa_process_error(struct dpa_context *ctx, const char *func)
{
	struct flexio_process_fault fault;
	int status = (int)flexio_err_status_get(ctx->process);

	if (!status)
		return DOCA_SUCCESS;
	/* A fault: FlexIO's record, as libflexio words it for a stopped process, whatever ran (a
	 * kernel, an RPC, a DPA thread), and the thread. */
	if (flexio_process_fault_get(ctx->process, &fault) == FLEXIO_STATUS_SUCCESS && fault.cause != FLEXIO_FAULT_NONE)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "the DPA process stopped on a DPA thread fault (%s at pc 0x%llx, address 0x%llx), "
				     "status 0x%x, of DPA thread %u",
				     flexio_fault_cause_name(fault.cause), (unsigned long long)fault.pc,
				     (unsigned long long)fault.address, fault.status, fault.thread_id);
	switch (status) {
	case OPENDOCA_DPA_DEV_ERROR_HOST_ACCESS:
		return opendoca_fail(
			DOCA_ERROR_BAD_STATE, func,
			"the DPA process stopped: DPA code used a handle whose host memory it may not reach");
	case OPENDOCA_DPA_DEV_ERROR_RDMA:
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the DPA process stopped: an RDMA operation failed");
	case OPENDOCA_DPA_DEV_ERROR_BAD_RANGE:
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "the DPA process stopped: a copy or a pointer outside its buffer");
	case OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT:
		return opendoca_fail(
			DOCA_ERROR_BAD_STATE, func,
			"the DPA process stopped: a DOCA DPA device call outside a kernel, an RPC or a DPA thread");
	case OPENDOCA_DPA_DEV_ERROR_HASH_FULL:
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "the DPA process stopped: DPA code added a key to a full hash table");
	case OPENDOCA_DPA_DEV_ERROR_CONNECTION:
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "the DPA process stopped: an RDMA operation named a connection its context lacks");
	case OPENDOCA_DPA_DEV_ERROR_BAD_BUF:
		return opendoca_fail(
			DOCA_ERROR_BAD_STATE, func,
			"the DPA process stopped: doca_dpa_dev_buf_array_get_buf, doca_dpa_dev_buf_get_addr or "
			"doca_dpa_dev_buf_get_len was given a null handle or an index past the array's end");
	default:
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the DPA process stopped with status %d", status);
	}
}

/* ---- Life cycle ---- */

void dpa_object_link(struct dpa_context *ctx, struct dpa_object *object)
{
	object->prev = NULL;
	object->next = ctx->objects;
	if (ctx->objects)
		ctx->objects->prev = object;
	ctx->objects = object;
}

void dpa_object_unlink(struct dpa_context *ctx, struct dpa_object *object)
{
	if (object->prev)
		object->prev->next = object->next;
	else
		ctx->objects = object->next;
	if (object->next)
		object->next->prev = object->prev;
	object->next = object->prev = NULL;
}

void dpa_object_hold(struct dpa_context *ctx, struct dpa_object *object)
{
	opendoca_handle_hold(&ctx->base.object);
	object->release = NULL;
	pthread_mutex_lock(&ctx->lock);
	dpa_object_link(ctx, object);
	pthread_mutex_unlock(&ctx->lock);
}

void dpa_object_drop(struct dpa_context *ctx, struct dpa_object *object)
{
	pthread_mutex_lock(&ctx->lock);
	dpa_object_unlink(ctx, object);
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(&ctx->base.object);
}

/* Releases the objects that go with a stop, newest first (lock held; stop refused the others).
 * A release may unlink more than its object: the walk starts over after each. */
static void objects_release(struct dpa_context *ctx)
{
	for (struct dpa_object *o = ctx->objects; o;) {
		if (o->release) {
			o->release(o);
			o = ctx->objects;
		} else {
			o = o->next;
		}
	}
	ctx->thread_entry = NULL;
}

/* DOCA_ERROR_IN_USE (one line naming func) while objects that keep the context in use live
 * (lock held). */
static doca_error_t check_unused(struct dpa_context *ctx, const char *func)
{
	unsigned int n = 0;

	for (const struct dpa_object *o = ctx->objects; o; o = o->next)
		n += !o->release;
	if (n)
		return opendoca_fail(DOCA_ERROR_IN_USE, func, "DOCA DPA context %p has %u objects made in it",
				     opendoca_handle_of(&ctx->base.object), n);
	return DOCA_SUCCESS;
}

static void context_free(struct opendoca_object *object)
{
	struct dpa_context *ctx = (struct dpa_context *)object;

	opendoca_dev_release(ctx->base.dev);
	pthread_mutex_destroy(&ctx->lock);
	free(ctx->log_path);
	free(ctx->trace_path);
	free(ctx);
}

doca_error_t dpa_create(struct doca_dev *dev, flexio_app *app, struct doca_dpa **dpa, const char *func)
{
	struct dpa_context *ctx;
	struct doca_dpa *handle;
	doca_error_t err;

	if (!dpa)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dpa is NULL");
	*dpa = NULL;
	err = opendoca_dev_hold(dev, func);
	if (err)
		return err;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a DOCA DPA context");
	}
	pthread_mutex_init(&ctx->lock, NULL);
	ctx->base.ops = &dpa_ops;
	ctx->base.dev = dev;
	ctx->log_level = DOCA_DPA_DEV_LOG_LEVEL_INFO;
	handle = opendoca_handle_open(&ctx->base.object, opendoca_dpa_kind(), context_free);
	if (!handle) {
		context_free(&ctx->base.object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no handle for a DOCA DPA context");
	}
	if (app) {
		ctx->app = app;
		err = doca_dpa_start(handle);
		if (err) {
			dpa_destroy(handle, func);
			return err;
		}
	}
	*dpa = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa)
{
	return dpa_create(dev, NULL, dpa, __func__);
}

doca_error_t doca_dpa_set_app(struct doca_dpa *dpa, struct doca_dpa_app *app)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (!app)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app is NULL");
	else if (ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p is started", (void *)dpa);
	else if (!flexio_app_get_name((flexio_app *)app))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%p is not a DPA application", (void *)app);
	else
		ctx->app = (flexio_app *)app;
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_get_app(struct doca_dpa *dpa, struct doca_dpa_app **app)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (!app)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app is NULL");
	else if (!ctx->app)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p has no application",
				    (void *)dpa);
	else
		*app = (struct doca_dpa_app *)ctx->app;
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

/* A message stream of the process writing to path's file (NULL: stdout); *id is what DPA code names. */
static doca_error_t open_stream(struct dpa_context *ctx, const char *name, const char *path, FILE **file,
				flexio_msg_stream **stream, uint32_t *id, const char *func)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = DPA_STREAM_BUFFER,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .stream_name = (char *)name,
					  .level = FLEXIO_MSG_DEV_DEBUG };
	int stream_id;

	*file = NULL;
	if (path) {
		*file = fopen(path, "a");
		if (!*file)
			return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "cannot open %s: %s", path,
					     strerror(errno));
		setvbuf(*file, NULL, _IOLBF, 0);
	}
	if (flexio_msg_stream_create(ctx->process, &attr, *file ? *file : stdout, NULL, stream) !=
	    FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no message stream for DPA code's %s", name);
	stream_id = flexio_msg_stream_get_id(*stream);
	*id = stream_id < 0 ? 0 : (uint32_t)stream_id;
	return DOCA_SUCCESS;
}

/* Releases what start (or extend) made, in reverse (lock held). */
static void release_started(struct dpa_context *ctx)
{
	objects_release(ctx);
	dpa_launches_stop(ctx);
	if (ctx->dev_context)
		flexio_buf_dev_free(ctx->process, ctx->dev_context);
	ctx->dev_context = 0;
	opendoca_dpa_qp_destroy(ctx->loopback);
	ctx->loopback = NULL;
	if (ctx->trace_stream)
		flexio_msg_stream_destroy(ctx->trace_stream);
	if (ctx->log_stream)
		flexio_msg_stream_destroy(ctx->log_stream);
	ctx->trace_stream = ctx->log_stream = NULL;
	if (ctx->trace_file)
		fclose(ctx->trace_file);
	if (ctx->log_file)
		fclose(ctx->log_file);
	ctx->trace_file = ctx->log_file = NULL;
	if (ctx->window)
		flexio_window_destroy(ctx->window);
	ctx->window = NULL;
	/* An extended context's process is the one it extends, which it held until now. */
	if (ctx->extends)
		dpa_object_drop(ctx->extends, &ctx->extended_link);
	else if (ctx->process)
		flexio_process_destroy(ctx->process);
	ctx->extends = NULL;
	ctx->process = NULL;
	ctx->kernel_entry = ctx->rpc_entry = NULL;
}

/*
 * What a started context has on its own device, a context extended to another device too: a
 * window onto host memory of the device's PD, the loopback endpoint for atomics on that memory,
 * its descriptor in DPA memory (desc, its streams filled in), its kernels' queue. Lock held.
 */
static doca_error_t start_on_device(struct dpa_context *ctx, struct opendoca_dpa_dev_context *desc, const char *func)
{
	struct ibv_pd *pd = opendoca_dev_ibv_pd(ctx->base.dev);
	/* The loopback endpoint only sends (RDMA atomics of the device library on host memory). */
	const struct opendoca_dpa_qp_attr loopback_attr = { .log_sq_depth = DPA_LOOPBACK_LOG_DEPTH };
	doca_error_t err;

	if (flexio_window_create(ctx->process, pd, &ctx->window) != FLEXIO_STATUS_SUCCESS) {
		ctx->window = NULL;
		return opendoca_fail(ctx->extends ? DOCA_ERROR_NOT_SUPPORTED : DOCA_ERROR_DRIVER, func,
				     "no window onto host memory of device %s for DPA code (%s)",
				     ibv_get_device_name(opendoca_dev_ibv_context(ctx->base.dev)->device),
				     flexio_last_error());
	}
	desc->window_id = flexio_window_get_id(ctx->window);
	err = opendoca_dpa_qp_create(ctx->process, pd, &loopback_attr, func, &ctx->loopback);
	if (!err)
		err = opendoca_dpa_qp_connect_loopback(ctx->loopback, func);
	if (err)
		return err;
	desc->qp = opendoca_dpa_qp_dev_addr(ctx->loopback);
	err = dev_alloc(ctx->process, sizeof(*desc), &ctx->dev_context, func);
	if (err)
		return err;
	err = dev_write(ctx->process, ctx->dev_context, desc, sizeof(*desc), func);
	if (err)
		return err;
	return dpa_launches_start(ctx, func);
}

static doca_error_t start(struct dpa_context *ctx, const char *func)
{
	struct flexio_process_attr attr = { .pd = opendoca_dev_ibv_pd(ctx->base.dev) };
	struct opendoca_dpa_dev_context desc = { .log_level = ctx->log_level };
	doca_error_t err;

	if (flexio_process_create(opendoca_dev_ibv_context(ctx->base.dev), ctx->app, &attr, &ctx->process) !=
	    FLEXIO_STATUS_SUCCESS) {
		ctx->process = NULL;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the DPA process of application %s was not created",
				     flexio_app_get_name(ctx->app));
	}
	/* Registering by name makes a new handle each start: the application keeps them until it goes. */
	if (flexio_func_register(ctx->app, kernel_entry_name, &ctx->kernel_entry) != FLEXIO_STATUS_SUCCESS ||
	    flexio_func_register(ctx->app, rpc_entry_name, &ctx->rpc_entry) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func,
				     "DPA application %s has no DOCA DPA device library (link its device code with "
				     "-ldoca_dpa_dev)",
				     flexio_app_get_name(ctx->app));
	err = open_stream(ctx, "doca_dpa_log", ctx->log_path, &ctx->log_file, &ctx->log_stream, &desc.stream_id, func);
	if (err)
		return err;
	desc.trace_stream_id = desc.stream_id;
	if (ctx->trace_path) {
		err = open_stream(ctx, "doca_dpa_trace", ctx->trace_path, &ctx->trace_file, &ctx->trace_stream,
				  &desc.trace_stream_id, func);
		if (err)
			return err;
	}
	return start_on_device(ctx, &desc, func);
}

doca_error_t doca_dpa_start(struct doca_dpa *dpa)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	doca_error_t err;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (ctx->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p is started", (void *)dpa);
	} else if (!ctx->app) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "DOCA DPA context %p has no application (doca_dpa_set_app)", (void *)dpa);
	} else {
		err = start(ctx, __func__);
		if (err)
			release_started(ctx);
		else
			__atomic_store_n(&ctx->started, true, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

/* Stops a started context: its kernels and the process go (lock held). */
static void stop(struct dpa_context *ctx)
{
	__atomic_store_n(&ctx->started, false, __ATOMIC_RELEASE);
	release_started(ctx);
}

doca_error_t doca_dpa_stop(struct doca_dpa *dpa)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (!ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p is not started", (void *)dpa);
	else if (ctx->extends)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
				    "DOCA DPA context %p extends another to its device: it is destroyed, not stopped",
				    (void *)dpa);
	else if (!(err = check_unused(ctx, __func__)))
		stop(ctx);
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

doca_error_t dpa_destroy(struct doca_dpa *dpa, const char *func)
{
	struct dpa_context *ctx = dpa_get(dpa, func);
	struct opendoca_object *object;
	doca_error_t err;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	err = check_unused(ctx, func);
	pthread_mutex_unlock(&ctx->lock);
	if (err) {
		dpa_put(ctx);
		return err;
	}
	/* Maps, buffer arrays and sync events hold the context while they name it. */
	object = opendoca_handle_close(dpa, opendoca_dpa_kind(), func);
	if (!object) {
		dpa_put(ctx);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&ctx->lock);
	if (ctx->started)
		stop(ctx);
	pthread_mutex_unlock(&ctx->lock);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	dpa_put(ctx);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_destroy(struct doca_dpa *dpa)
{
	return dpa_destroy(dpa, __func__);
}

/* What the extended context ext shares of base (base's lock held): desc gets its streams. */
static doca_error_t share(struct dpa_context *base, struct dpa_context *ext, struct opendoca_dpa_dev_context *desc,
			  const char *func)
{
	int id;

	if (!base->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DOCA DPA context %p was stopped",
				     opendoca_handle_of(&base->base.object));
	id = flexio_msg_stream_get_id(base->log_stream);
	desc->log_level = base->log_level;
	desc->stream_id = id < 0 ? 0 : (uint32_t)id;
	id = base->trace_stream ? flexio_msg_stream_get_id(base->trace_stream) : id;
	desc->trace_stream_id = id < 0 ? 0 : (uint32_t)id;
	ext->app = base->app;
	ext->log_level = base->log_level;
	ext->process = base->process;
	ext->kernel_entry = base->kernel_entry;
	ext->rpc_entry = base->rpc_entry;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa, struct doca_dev *other_dev, struct doca_dpa **extended_dpa)
{
	doca_error_t err;
	struct dpa_context *base = dpa_get_started(dpa, &err, __func__), *ext;
	struct opendoca_dpa_dev_context desc = { 0 };
	struct doca_dpa *handle;

	if (!base)
		return err;
	if (!other_dev || !extended_dpa)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL",
				    other_dev ? "extended_dpa" : "other_dev");
	else if (other_dev == base->base.dev)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "other_dev is the device of DOCA DPA context %p itself", (void *)dpa);
	else if (base->extends)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "DOCA DPA context %p is an extended one: extend the context it extends",
				    (void *)dpa);
	if (err)
		goto out;
	err = dpa_create(other_dev, NULL, &handle, __func__);
	if (err)
		goto out;
	ext = dpa_get(handle, __func__);
	/* The base stays started, and refuses stop and destruction, while ext uses its process. */
	dpa_object_hold(base, &ext->extended_link);
	ext->extends = base;
	pthread_mutex_lock(&base->lock);
	err = share(base, ext, &desc, __func__);
	pthread_mutex_unlock(&base->lock);
	pthread_mutex_lock(&ext->lock);
	if (!err)
		err = start_on_device(ext, &desc, __func__);
	if (err)
		release_started(ext);
	else
		__atomic_store_n(&ext->started, true, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&ext->lock);
	dpa_put(ext);
	if (err)
		dpa_destroy(handle, __func__);
	else
		*extended_dpa = handle;
out:
	dpa_put(base);
	return err;
}

/* ---- Properties ---- */

doca_error_t doca_dpa_get_dpa_handle(struct doca_dpa *dpa, doca_dpa_dev_t *handle)
{
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else
		*handle = ctx->dev_context;
	dpa_put(ctx);
	return err;
}

/* The unsigned value a getter answers, after checking dpa (not started is fine) and out. */
static doca_error_t get_value(const struct doca_dpa *dpa, unsigned int *out, unsigned int value, const char *func)
{
	struct dpa_context *ctx = dpa_get(dpa, func);

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	dpa_put(ctx);
	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output pointer is NULL");
	*out = value;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa, unsigned int *value)
{
	return get_value(dpa, value, OPENDOCA_DPA_MAX_THREADS_PER_KERNEL, __func__);
}

doca_error_t doca_dpa_get_core_num(struct doca_dpa *dpa, unsigned int *num_cores)
{
	return get_value(dpa, num_cores, DPA_CORES, __func__);
}

doca_error_t doca_dpa_get_num_eus_per_core(struct doca_dpa *dpa, unsigned int *eus_per_core)
{
	return get_value(dpa, eus_per_core, DPA_EUS_PER_CORE, __func__);
}

doca_error_t doca_dpa_get_total_num_eus_available(struct doca_dpa *dpa, unsigned int *total_num_eus)
{
	return get_value(dpa, total_num_eus, DPA_EUS_AVAILABLE, __func__);
}

/* The simulated DPA bounds no kernel's run time: the largest value says so. */
doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa, unsigned long long *value)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	dpa_put(ctx);
	if (!value)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	*value = ULLONG_MAX;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_get_uar_id(const struct doca_dpa *dpa, uint32_t *uar_id)
{
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	if (!uar_id)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "uar_id is NULL");
	else
		*uar_id = flexio_uar_get_id(flexio_process_get_uar(ctx->process));
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa)
{
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	err = dpa_process_error(ctx, __func__);
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_cap_is_supported(const struct doca_devinfo *devinfo)
{
	uint8_t supported = 0;
	doca_error_t err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_DPA, &supported, __func__);

	if (err)
		return err;
	return supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- Device logging and tracing ---- */

doca_error_t doca_dpa_set_log_level(struct doca_dpa *dpa, doca_dpa_dev_log_level_t log_level)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (log_level < DOCA_DPA_DEV_LOG_LEVEL_DISABLE || log_level > DOCA_DPA_DEV_LOG_LEVEL_DEBUG || log_level % 10)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "log level %d is none of DOCA_DPA_DEV_LOG_LEVEL_*", (int)log_level);
	else if (ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p is started", (void *)dpa);
	else
		ctx->log_level = (uint32_t)log_level;
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_get_log_level(struct doca_dpa *dpa, doca_dpa_dev_log_level_t *log_level)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	dpa_put(ctx);
	if (!log_level)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "log_level is NULL");
	*log_level = (doca_dpa_dev_log_level_t)__atomic_load_n(&ctx->log_level, __ATOMIC_RELAXED);
	return DOCA_SUCCESS;
}

/* Which path a set/get call names. */
enum path_kind {
	PATH_LOG,
	PATH_TRACE
};

static char **path_of(struct dpa_context *ctx, enum path_kind kind)
{
	return kind == PATH_LOG ? &ctx->log_path : &ctx->trace_path;
}

static doca_error_t path_set(struct doca_dpa *dpa, enum path_kind kind, const char *file_path, const char *func)
{
	struct dpa_context *ctx = dpa_get(dpa, func);
	doca_error_t err = DOCA_SUCCESS;
	char *copy;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	if (!file_path || !*file_path || strlen(file_path) >= PATH_MAX) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "file_path is %s",
				    !file_path    ? "NULL"
				    : !*file_path ? "empty"
						  : "longer than PATH_MAX");
	} else if (ctx->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DOCA DPA context %p is started", (void *)dpa);
	} else if (!(copy = strdup(file_path))) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for the path");
	} else {
		free(*path_of(ctx, kind));
		*path_of(ctx, kind) = copy;
	}
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

static doca_error_t path_get(struct doca_dpa *dpa, enum path_kind kind, char *file_path, uint32_t *file_path_len,
			     const char *func)
{
	struct dpa_context *ctx = dpa_get(dpa, func);
	doca_error_t err = DOCA_SUCCESS;
	const char *path;
	size_t len;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&ctx->lock);
	path = *path_of(ctx, kind);
	len = path ? strlen(path) + 1 : 0;
	if (!file_path || !file_path_len)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				    !file_path ? "file_path" : "file_path_len");
	else if (!path)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "DOCA DPA context %p has no such path set",
				    (void *)dpa);
	else if (*file_path_len < len)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "*file_path_len %u cannot hold the path (%zu bytes)", *file_path_len, len);
	if (!err) {
		memcpy(file_path, path, len);
		*file_path_len = (uint32_t)len;
	}
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
	return err;
}

doca_error_t doca_dpa_log_file_set_path(struct doca_dpa *dpa, const char *file_path)
{
	return path_set(dpa, PATH_LOG, file_path, __func__);
}

doca_error_t doca_dpa_log_file_get_path(struct doca_dpa *dpa, char *file_path, uint32_t *file_path_len)
{
	return path_get(dpa, PATH_LOG, file_path, file_path_len, __func__);
}

doca_error_t doca_dpa_trace_file_set_path(struct doca_dpa *dpa, const char *file_path)
{
	return path_set(dpa, PATH_TRACE, file_path, __func__);
}

doca_error_t doca_dpa_trace_file_get_path(struct doca_dpa *dpa, char *file_path, uint32_t *file_path_len)
{
	return path_get(dpa, PATH_TRACE, file_path, file_path_len, __func__);
}

/* ---- Applications ---- */

doca_error_t dpa_app_name(flexio_app *app, char *name, size_t *len, const char *func)
{
	const char *app_name;
	size_t need;

	if (!app || !name || !len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				     !app    ? "app"
				     : !name ? "app_name"
					     : "app_name_len");
	app_name = flexio_app_get_name(app);
	if (!app_name)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a DPA application", (void *)app);
	need = strlen(app_name) + 1;
	if (*len < need)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the name (%zu bytes) does not fit in %zu", need,
				     *len);
	memcpy(name, app_name, need);
	*len = need;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_app_get_name(struct doca_dpa_app *app, char *app_name, uint32_t *app_name_len)
{
	size_t len;
	doca_error_t err;

	if (!app_name_len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app_name_len is NULL");
	len = *app_name_len;
	err = dpa_app_name((flexio_app *)app, app_name, &len, __func__);
	if (!err)
		*app_name_len = (uint32_t)len;
	return err;
}
