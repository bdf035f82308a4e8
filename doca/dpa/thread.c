/*
 * DPA threads (doca_dpa_thread_*, 2.7 on; thread.h has the design), and the list of a context's
 * started objects that its stop releases.
 */
#include "thread.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio_ext.h>

#include "device/thread_dev.h"

/* The device library's entries (device/thread_dev.c), registered by name with the first thread. */
static const char thread_entry_name[] = "opendoca_dpa_thread_entry";

static const struct opendoca_kind thread_kind = { "DPA thread" };

struct dpa_thread {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while the thread lives */
	struct dpa_object link;
	/* Set before start (the context's lock): */
	doca_dpa_func_t *func;
	uint64_t arg;
	uint64_t local_storage;
	const struct doca_dpa_eu_affinity *affinity; /* as given (NULL: any execution unit) */
	unsigned int eu;                             /* its execution unit, copied when given */
	unsigned int rank, num_threads;              /* in its group (0 and 1 outside one) */
	unsigned int attached; /* completion contexts, notification completions, a group naming it */
	unsigned int users;    /* of those, the started ones */
	/* Started: */
	bool started;
	char name[FLEXIO_MAX_NAME_LEN + 1]; /* its function's: dpa-stats and traces name the thread by it */
	flexio_event_handler *handler;
	uint64_t desc; /* its descriptor in DPA memory */
	uint32_t activation_id;
};

/* ---- Handles ---- */

struct dpa_thread *dpa_thread_get(const struct doca_dpa_thread *handle, const char *func)
{
	return opendoca_handle_get(handle, &thread_kind, func);
}

void dpa_thread_put(struct dpa_thread *thread)
{
	opendoca_handle_put(&thread->object);
}

struct doca_dpa_thread *dpa_thread_handle(const struct dpa_thread *thread)
{
	return opendoca_handle_of(&thread->object);
}

struct dpa_context *dpa_thread_context(const struct dpa_thread *thread)
{
	return thread->ctx;
}

void dpa_thread_attach(struct dpa_thread *thread)
{
	thread->attached++;
}

void dpa_thread_detach(struct dpa_thread *thread)
{
	thread->attached--;
}

void dpa_thread_use(struct dpa_thread *thread, int delta)
{
	thread->users += (unsigned int)delta;
}

flexio_event_handler *dpa_thread_handler(const struct dpa_thread *thread)
{
	return thread->started ? thread->handler : NULL;
}

bool dpa_thread_started(const struct dpa_thread *thread)
{
	return thread->started;
}

uint32_t dpa_thread_activation_id(const struct dpa_thread *thread)
{
	return thread->activation_id;
}

doca_error_t dpa_thread_set_rank(struct dpa_thread *thread, unsigned int rank, unsigned int num_threads,
				 const char *func)
{
	if (thread->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DPA thread %p is started",
				     opendoca_handle_of(&thread->object));
	thread->rank = rank;
	thread->num_threads = num_threads;
	return DOCA_SUCCESS;
}

/* ---- Life cycle ---- */

static void thread_free(struct opendoca_object *object)
{
	struct dpa_thread *t = (struct dpa_thread *)object;

	dpa_put(t->ctx);
	free(t);
}

doca_error_t doca_dpa_thread_create(struct doca_dpa *dpa, struct doca_dpa_thread **dpa_thread)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_thread *handle;
	struct dpa_thread *t;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dpa_thread) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_thread is NULL");
	}
	t = calloc(1, sizeof(*t));
	if (!t) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a DPA thread");
	}
	t->ctx = ctx; /* the call's reference becomes the thread's */
	t->num_threads = 1;
	handle = opendoca_handle_open(&t->object, &thread_kind, thread_free);
	if (!handle) {
		thread_free(&t->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a DPA thread");
	}
	*dpa_thread = handle;
	return DOCA_SUCCESS;
}

/* Frees what start made (lock held; the process is alive). */
static void stop(struct dpa_thread *t)
{
	flexio_process *process = t->ctx->process;

	if (t->handler)
		flexio_event_handler_destroy(t->handler);
	if (t->desc)
		flexio_buf_dev_free(process, t->desc);
	t->handler = NULL;
	t->desc = 0;
	if (t->started)
		dpa_object_unlink(t->ctx, &t->link);
	t->started = false;
}

static void release(struct dpa_object *object)
{
	stop((struct dpa_thread *)((char *)object - offsetof(struct dpa_thread, link)));
}

doca_error_t doca_dpa_thread_destroy(struct doca_dpa_thread *dpa_thread)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	struct opendoca_object *closed = NULL;
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (t->attached) {
		err = opendoca_fail(
			DOCA_ERROR_IN_USE, __func__,
			"DPA thread %p is named by %u completion contexts, notification completions or groups",
			(void *)dpa_thread, t->attached);
	} else {
		closed = opendoca_handle_close(dpa_thread, &thread_kind, __func__);
		if (!closed)
			err = DOCA_ERROR_INVALID_VALUE;
		else if (t->started) /* NVIDIA's samples destroy started threads */
			stop(t);
	}
	pthread_mutex_unlock(&t->ctx->lock);
	if (closed) {
		opendoca_handle_put(closed);
		opendoca_handle_put(closed);
	}
	dpa_thread_put(t);
	return err;
}

/* ---- Properties (before start) ---- */

/* The thread of a handle, locked, for a setter: NULL (and *err) when it is bad or started. */
static struct dpa_thread *settable(struct doca_dpa_thread *handle, doca_error_t *err, const char *func)
{
	struct dpa_thread *t = dpa_thread_get(handle, func);

	*err = DOCA_ERROR_INVALID_VALUE;
	if (!t)
		return NULL;
	pthread_mutex_lock(&t->ctx->lock);
	if (t->started) {
		*err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DPA thread %p is started", (void *)handle);
		pthread_mutex_unlock(&t->ctx->lock);
		dpa_thread_put(t);
		return NULL;
	}
	*err = DOCA_SUCCESS;
	return t;
}

static void unlock_put(struct dpa_thread *t)
{
	pthread_mutex_unlock(&t->ctx->lock);
	dpa_thread_put(t);
}

/* The registration of func in app: its packing, addresses and name (DOCA_ERROR_INVALID_VALUE if none). */
struct registration {
	char name[FLEXIO_MAX_NAME_LEN + 1];
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr, unpack_addr;
	size_t argbuf_size;
};

static doca_error_t registration(flexio_app *app, doca_dpa_func_t *func, struct registration *r, const char *api)
{
	char unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	uint32_t pup;

	if (flexio_func_get_register_info(app, (flexio_func_t *)func, &pup, r->name, unpack_name, sizeof(r->name),
					  &r->argbuf_size, &r->pack, &r->dev_addr,
					  &r->unpack_addr) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, api,
				     "%p is no __dpa_global__ function of DPA application %s", (void *)func,
				     flexio_app_get_name(app));
	if (!pup)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, api,
				     "%s was registered without its arguments' packing (not by dpacc)", r->name);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_thread_set_func_arg(struct doca_dpa_thread *dpa_thread, doca_dpa_func_t *func, uint64_t arg)
{
	struct registration r;
	doca_error_t err;
	struct dpa_thread *t = settable(dpa_thread, &err, __func__);

	if (!t)
		return err;
	if (!func)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "func is NULL");
	else if (t->ctx->app) /* else checked at start */
		err = registration(t->ctx->app, func, &r, __func__);
	if (!err) {
		t->func = func;
		t->arg = arg;
	}
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_get_func_arg(struct doca_dpa_thread *dpa_thread, doca_dpa_func_t **func, uint64_t *arg)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!func || !arg)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", !func ? "func" : "arg");
	else if (!t->func)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p has no function",
				    (void *)dpa_thread);
	else {
		*func = t->func;
		*arg = t->arg;
	}
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_set_local_storage(struct doca_dpa_thread *dpa_thread, doca_dpa_dev_uintptr_t dev_ptr)
{
	doca_error_t err;
	struct dpa_thread *t = settable(dpa_thread, &err, __func__);

	if (!t)
		return err;
	if (!dev_ptr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev_ptr is 0");
	else
		t->local_storage = dev_ptr;
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_get_local_storage(struct doca_dpa_thread *dpa_thread, doca_dpa_dev_uintptr_t *dev_ptr)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!dev_ptr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev_ptr is NULL");
	else if (!t->local_storage)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p has no local storage",
				    (void *)dpa_thread);
	else
		*dev_ptr = t->local_storage;
	unlock_put(t);
	return err;
}

/* The affinity's execution unit is copied: the program may set the affinity anew for the next thread. */
doca_error_t doca_dpa_thread_set_affinity(struct doca_dpa_thread *dpa_thread,
					  const struct doca_dpa_eu_affinity *affinity)
{
	unsigned int eu;
	doca_error_t err;
	struct dpa_thread *t = settable(dpa_thread, &err, __func__);

	if (!t)
		return err;
	if (!affinity)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "affinity is NULL");
	else
		err = dpa_eu_affinity_eu(affinity, t->ctx, &eu, __func__);
	if (!err) {
		t->affinity = affinity;
		t->eu = eu;
	}
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_get_affinity(struct doca_dpa_thread *dpa_thread,
					  const struct doca_dpa_eu_affinity **affinity)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!affinity)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "affinity is NULL");
	else if (!t->affinity)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p has no affinity",
				    (void *)dpa_thread);
	else
		*affinity = t->affinity;
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_get_id(struct doca_dpa_thread *dpa_thread, uint32_t *dpa_thread_id)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!dpa_thread_id)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_thread_id is NULL");
	else if (!t->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p is not started", (void *)dpa_thread);
	else
		*dpa_thread_id = flexio_event_handler_get_id(t->handler);
	unlock_put(t);
	return err;
}

/* ---- Start, stop, run ---- */

/* The device library's entries, registered once per start of the context (lock held). */
static doca_error_t entries(struct dpa_context *ctx, const char *func)
{
	if (ctx->thread_entry)
		return DOCA_SUCCESS;
	if (flexio_func_register(ctx->app, thread_entry_name, &ctx->thread_entry) != FLEXIO_STATUS_SUCCESS) {
		ctx->thread_entry = NULL;
		return opendoca_fail(
			DOCA_ERROR_NOT_FOUND, func,
			"DPA application %s has no DOCA DPA device library with DPA threads (link its device "
			"code with -ldoca_dpa_dev)",
			flexio_app_get_name(ctx->app));
	}
	return DOCA_SUCCESS;
}

/* pack's va_list, made of the one argument a thread function takes. */
static void pack_arg(flexio_func_arg_pack_fn_t *pack, void *argbuf, ...)
{
	va_list ap;

	va_start(ap, argbuf);
	pack(argbuf, ap);
	va_end(ap);
}

/* Writes the descriptor and its packed argument into DPA memory (lock held). */
static doca_error_t write_desc(struct dpa_thread *t, const struct registration *r, const char *func)
{
	struct opendoca_dpa_thread_desc d = { .context = t->ctx->dev_context,
					      .func = r->dev_addr,
					      .unpack = r->unpack_addr,
					      .local_storage = t->local_storage,
					      .rank = t->rank,
					      .num_threads = t->num_threads,
					      .argbuf_size = r->argbuf_size };
	size_t size = sizeof(d) + r->argbuf_size;
	unsigned char *image = calloc(1, size);
	doca_error_t err = DOCA_SUCCESS;

	if (!image)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for the descriptor of a DPA thread");
	memcpy(image, &d, sizeof(d));
	pack_arg(r->pack, image + sizeof(d), t->arg);
	if (flexio_buf_dev_alloc(t->ctx->process, size, &t->desc) != FLEXIO_STATUS_SUCCESS) {
		t->desc = 0;
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no DPA memory for the descriptor of a DPA thread");
	} else if (flexio_host2dev_memcpy(t->ctx->process, image, size, t->desc) != FLEXIO_STATUS_SUCCESS) {
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a DPA thread's descriptor failed");
	}
	free(image);
	return err;
}

static doca_error_t start(struct dpa_thread *t, const char *func)
{
	struct dpa_context *ctx = t->ctx;
	struct flexio_event_handler_attr attr = { 0 };
	struct registration r;
	doca_error_t err;

	if (!ctx->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "its DOCA DPA context is not started");
	if (t->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DPA thread %p is started",
				     opendoca_handle_of(&t->object));
	if (!t->func)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "DPA thread %p has no function (doca_dpa_thread_set_func_arg)",
				     opendoca_handle_of(&t->object));
	err = entries(ctx, func);
	if (!err)
		err = registration(ctx->app, t->func, &r, func);
	if (!err)
		err = write_desc(t, &r, func);
	if (err)
		goto fail;
	memcpy(t->name, r.name, sizeof(t->name));
	attr.host_stub_func = ctx->thread_entry;
	attr.arg = t->desc;
	attr.affinity = t->affinity ? (struct flexio_affinity){ .type = FLEXIO_AFFINITY_STRICT, .id = t->eu }
				    : (struct flexio_affinity){ .type = FLEXIO_AFFINITY_NONE };
#if !FLEXIO_LAYOUTS_2401
	attr.name = t->name;
#endif
	if (flexio_event_handler_create(ctx->process, &attr, &t->handler) != FLEXIO_STATUS_SUCCESS) {
		t->handler = NULL;
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "no DPA thread for %s%s", t->name,
				    t->affinity ? " on its execution unit" : "");
		goto fail;
	}
	if (flexio_event_handler_run(t->handler, 0) != FLEXIO_STATUS_SUCCESS) {
		err = dpa_process_error(ctx, func)
			      ?: opendoca_fail(DOCA_ERROR_DRIVER, func, "the DPA thread did not start");
		goto fail;
	}
	t->activation_id = flexio_event_handler_get_activation_id(t->handler);
	t->link.release = release;
	dpa_object_link(ctx, &t->link);
	t->started = true;
	return DOCA_SUCCESS;
fail:
	stop(t);
	return err;
}

doca_error_t doca_dpa_thread_start(struct doca_dpa_thread *dpa_thread)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	err = start(t, __func__);
	unlock_put(t);
	return err;
}

doca_error_t doca_dpa_thread_stop(struct doca_dpa_thread *dpa_thread)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!t->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p is not started", (void *)dpa_thread);
	else if (t->users)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				    "DPA thread %p has %u started completion contexts or notification completions",
				    (void *)dpa_thread, t->users);
	else
		stop(t);
	unlock_put(t);
	return err;
}

/*
 * DOCA's "runnable" state: from now on the thread runs whenever what is attached to it reports (a
 * completion context's CQE, a notification). A started thread's event handler already is where
 * those reports land (its completion contexts' CQs are armed when started), so the call checks
 * the state and starts nothing: the thread does not run now (NVIDIA's samples call it before they
 * write the thread's arguments).
 */
doca_error_t doca_dpa_thread_run(struct doca_dpa_thread *dpa_thread)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!t->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread %p is not started", (void *)dpa_thread);
	else if (!t->ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "its DOCA DPA context is not started");
	pthread_mutex_unlock(&t->ctx->lock);
	dpa_thread_put(t);
	return err;
}
