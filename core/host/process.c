/*
 * DPA processes: creation from an application, destruction and getters (flexio_process_*), and
 * the life of the objects created in a process (struct process_child).
 *
 * Destroying a process closes its handle and the handles of every object created in it, newest
 * first; each object is freed once the calls other threads have in progress on it return, and
 * the process itself after the last of them (children hold a reference to their process), so
 * the device side goes down in the right order whoever drops the last reference.
 */
#include "process.h"

#include "layouts.h"
#include "log.h"
#include "provider_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

struct process *process_get(const flexio_process *handle, const char *func)
{
	return handle_get(handle, HANDLE_PROCESS, func);
}

void process_put(struct process *process)
{
	handle_put(&process->handle);
}

/* ---- children ------------------------------------------------------------------------------ */

static void child_free(struct handle_object *object)
{
	struct process_child *child = (struct process_child *)object;
	struct process *process = child->process;

	pthread_mutex_lock(&process->children_lock);
	if (child->prev)
		child->prev->next = child->next;
	else
		process->children = child->next;
	if (child->next)
		child->next->prev = child->prev;
	pthread_mutex_unlock(&process->children_lock);
	child->on_free(child);
	process_put(process);
}

void *process_child_open(struct process *process, struct process_child *child, enum handle_kind kind,
			 void (*on_close)(struct process_child *child), void (*on_free)(struct process_child *child),
			 const char *func)
{
	void *handle;

	child->process = process;
	child->on_close = on_close;
	child->on_free = on_free;
	child->prev = NULL;
	handle_hold(&process->handle);
	pthread_mutex_lock(&process->children_lock);
	handle = handle_open(&child->handle, kind, child_free);
	if (handle) {
		child->next = process->children;
		if (child->next)
			child->next->prev = child;
		process->children = child;
	}
	pthread_mutex_unlock(&process->children_lock);
	if (!handle) {
		process_put(process);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory (or of handles)");
	}
	return handle;
}

static bool id_taken_locked(struct process *process, enum handle_kind kind, size_t id_offset, uint32_t id)
{
	for (struct process_child *c = process->children; c; c = c->next) {
		uint32_t taken;

		memcpy(&taken, (const char *)c + id_offset, sizeof(taken));
		if (c->handle.kind == kind && taken == id)
			return true;
	}
	return false;
}

uint32_t process_child_free_id(struct process *process, enum handle_kind kind, size_t id_offset, uint32_t *last)
{
	uint32_t found = 0;

	pthread_mutex_lock(&process->children_lock);
	for (unsigned tries = 0; tries < UINT16_MAX && !found; tries++) {
		uint32_t id = *last % UINT16_MAX + 1;

		*last = id;
		if (!id_taken_locked(process, kind, id_offset, id))
			found = id;
	}
	pthread_mutex_unlock(&process->children_lock);
	return found;
}

/* After closing the child's handle: stop it, then drop the object's own reference. */
static void child_closed(struct process_child *child)
{
	if (child->on_close)
		child->on_close(child);
	handle_put(&child->handle);
}

flexio_status process_child_destroy(const void *handle, enum handle_kind kind, const char *func)
{
	struct process_child *child = handle_get(handle, kind, func);

	return child ? process_child_destroy_held(child, func) : FLEXIO_STATUS_FAILED;
}

flexio_status process_child_destroy_held(struct process_child *child, const char *func)
{
	if (!handle_close_object(&child->handle)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle_of(&child->handle),
			      handle_kind_name(child->handle.kind));
		handle_put(&child->handle);
		return FLEXIO_STATUS_FAILED;
	}
	child_closed(child);
	handle_put(&child->handle);
	return FLEXIO_STATUS_SUCCESS;
}

/* Closes every child still open, newest first. Children closed by other threads are theirs. */
static void close_children(struct process *process)
{
	for (;;) {
		struct process_child *child;

		pthread_mutex_lock(&process->children_lock);
		for (child = process->children; child && !handle_close_object(&child->handle); child = child->next)
			;
		pthread_mutex_unlock(&process->children_lock);
		if (!child)
			return;
		/* Closing it gave this call the object's own reference: it stays alive until dropped. */
		child_closed(child);
	}
}

bool affinity_valid(const struct flexio_affinity *affinity, const char *what, const char *func)
{
	switch (affinity->type) {
	case FLEXIO_AFFINITY_NONE:
	case FLEXIO_AFFINITY_GROUP:
		return true;
	case FLEXIO_AFFINITY_STRICT:
		if (affinity->id < DPA_EXECUTION_UNITS)
			return true;
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s.id %u: the DPA has execution units 0..%d", what,
			      affinity->id, DPA_EXECUTION_UNITS - 1);
		return false;
	}
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s.type %d is not FLEXIO_AFFINITY_NONE, _STRICT or _GROUP", what,
		      (int)affinity->type);
	return false;
}

/* ---- state and fatal errors ------------------------------------------------------------------ */

static int64_t on_message(void *user, int stream_id, int level, const char *text, size_t len)
{
	return msg_stream_deliver(user, stream_id, level, text, len);
}

void process_describe_pc(const struct process *process, uint64_t pc, char *text, size_t size)
{
	struct provider_code_location where = { 0 };
	unsigned long long at = pc;

	process->provider->code_location(process->device, pc, &where);
	if (where.file && where.function)
		snprintf(text, size, "at %s:%u in %s (pc 0x%llx)", where.file, where.line, where.function, at);
	else if (where.file)
		snprintf(text, size, "at %s:%u (pc 0x%llx)", where.file, where.line, at);
	else if (where.function)
		snprintf(text, size, "in %s+0x%llx (pc 0x%llx)", where.function, (unsigned long long)where.offset, at);
	else
		snprintf(text, size, "at pc 0x%llx", at);
}

void process_describe_stop(const struct process *process, char *text, size_t size)
{
	const struct provider_fault *f = &process->stop.fault;

	if (process->stop.has_fault)
		snprintf(text, size, "a DPA thread fault (%s at pc 0x%llx, address 0x%llx), status 0x%x",
			 flexio_fault_cause_name(f->cause), (unsigned long long)f->pc, (unsigned long long)f->address,
			 process->stop.status);
	else if (process->stop.status == DPA_STATUS_PROCESS_FINISH)
		snprintf(text, size, "flexio_dev_process_finish, status 0x%x", process->stop.status);
	else
		snprintf(text, size, "flexio_dev_error, status 0x%x", process->stop.status);
}

void process_log_stopped(const struct process *process, const char *func)
{
	char why[256];

	process_describe_stop(process, why, sizeof(why));
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" has stopped on %s", process->name, why);
}

bool process_stopped(const struct process *process, const char *func)
{
	if (!atomic_load(&process->error))
		return false;
	process_log_stopped(process, func);
	return true;
}

/* The process stopped for good. The calls that meet the stopped process report it; this
 * event itself is logged at INFO, from whichever thread observed it. The status and fault are
 * written before error is set, and read only after it is seen set. */
static void on_fatal(void *user, const struct provider_stop *stop)
{
	struct process *process = user;
	char why[256];
	uint64_t one = 1;

	process->stop = *stop;
	process_describe_stop(process, why, sizeof(why));
	flexio_log_at(FLEXIO_LOG_LVL_INFO, "flexio_process", "process \"%s\" stopped: %s", process->name, why);
	atomic_store(&process->error, 1);
	if (write(process->error_fd, &one, sizeof(one)) < 0)
		flexio_err("process \"%s\": cannot signal its error fd: %s", process->name, strerror(errno));
}

/* ---- creation and destruction ---------------------------------------------------------------- */

/* Frees what creation made, in reverse; also the end of a process whose last reference went. */
static void process_free(struct process *process)
{
	int rc;

	process_objects_fini(process); /* dumps recoverable buffers */
	if (process->device)
		process->provider->process_destroy(process->device);
	memcheck_free(process);
	heap_fini(&process->heap);
	if (process->pd_held)
		process->provider->pd_release(process->pd);
	if (process->own_pd && process->pd && (rc = process->provider->pd_dealloc(process->pd)))
		flexio_warn("process \"%s\": cannot free its protection domain: %s", process->name, strerror(-rc));
	if (process->error_fd >= 0)
		close(process->error_fd);
	pthread_mutex_destroy(&process->children_lock);
	app_put(process->app);
	free(process);
}

static void process_free_handle(struct handle_object *object)
{
	process_free((struct process *)object);
}

/* Checks what flexio_process_create reaches through its arguments; logs as func. */
static const struct flexio_provider_ops *check_device(struct ibv_context *ibv_ctx, const struct process_args *attr,
						      const char *func)
{
	const struct flexio_provider_ops *provider;

	provider = provider_for_arg(ibv_ctx, "ibv_ctx", func);
	if (!provider)
		return NULL;
	if (attr->name && strnlen(attr->name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process name is longer than FLEXIO_MAX_NAME_LEN (%d)",
			      FLEXIO_MAX_NAME_LEN);
		return NULL;
	}
	return provider;
}

FLEXIO_STABLE flexio_status flexio_process_create(struct ibv_context *ibv_ctx, flexio_app *app_handle,
						  const struct flexio_process_attr *process_attr,
						  flexio_process **process_ptr)
{
	struct provider_process_config config = { .heap_size = 0 }; /* the device's default heap */
	struct provider_events events = {
		.message = on_message, .fatal = on_fatal, .doorbell = outbox_on_doorbell, .memcheck = memcheck_on_report
	};
	struct process_args attr;
	const struct flexio_provider_ops *provider;
	struct process *process;
	struct app *app;
	char err[PROVIDER_ERROR_MAX];
	uint64_t heap_base, heap_size;
	void *handle;
	int rc;

	if (!process_ptr) {
		flexio_err("process_ptr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*process_ptr = NULL;
	layouts_process_attr(process_attr, &attr);
	provider = check_device(ibv_ctx, &attr, __func__);
	if (!provider)
		return FLEXIO_STATUS_FAILED;
	app = app_get(app_handle, __func__);
	if (!app)
		return FLEXIO_STATUS_FAILED;

	process = calloc(1, sizeof(*process));
	if (!process) {
		flexio_err("out of memory");
		app_put(app);
		return FLEXIO_STATUS_FAILED;
	}
	process->app = app; /* the reference app_get took is the process's */
	process->ibv_ctx = ibv_ctx;
	process->provider = provider;
	process->error_fd = -1;
	pthread_mutex_init(&process->children_lock, NULL);
	heap_init(&process->heap, 0, 0);
	snprintf(process->name, sizeof(process->name), "%s", attr.name ? attr.name : app->name);
	process->pd = attr.pd;
	if (!process->pd) {
		process->pd = provider->pd_alloc(ibv_ctx);
		process->own_pd = true;
		if (!process->pd) {
			flexio_err("cannot allocate a protection domain: %s", strerror(errno));
			goto fail;
		}
	}
	/* Holding the PD checks it: a live PD of ibv_ctx, which cannot be deallocated while held. */
	rc = provider->pd_hold(ibv_ctx, process->pd);
	if (rc) {
		flexio_err("process_attr->pd %p is not a live protection domain of ibv_ctx", (void *)process->pd);
		goto fail;
	}
	process->pd_held = true;
	process->error_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (process->error_fd < 0) {
		flexio_err("cannot create the error fd: %s", strerror(errno));
		goto fail;
	}
	events.user = process;
	config.name = process->name;
	config.app_name = app->name;
	process->device =
		provider->process_create(ibv_ctx, app_image(app, provider), &config, &events, err, sizeof(err));
	if (!process->device) {
		flexio_err("cannot load application \"%s\": %s", app->name, err);
		goto fail;
	}
	memcheck_from_env(process);
	provider->heap_range(process->device, &heap_base, &heap_size);
	heap_fini(&process->heap);
	heap_init(&process->heap, heap_base, heap_size);
	handle = handle_open(&process->handle, HANDLE_PROCESS, process_free_handle);
	if (!handle) {
		flexio_err("out of memory (or of handles)");
		goto fail;
	}
	/* The process UAR is its first child, so it needs the handle. */
	if (process_objects_init(process)) {
		flexio_process_destroy(handle);
		return FLEXIO_STATUS_FAILED;
	}
	*process_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
fail:
	process_free(process);
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_process_destroy(flexio_process *handle)
{
	struct process *process;

	if (!handle)
		return FLEXIO_STATUS_SUCCESS;
	process = handle_close(handle, HANDLE_PROCESS, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	close_children(process);
	process_put(process); /* the process's own reference */
	process_put(process); /* this call's */
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL struct ibv_pd *flexio_process_get_pd(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	struct ibv_pd *pd;

	if (!process)
		return NULL;
	pd = process->pd;
	process_put(process);
	return pd;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_process_get_dumem_id(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	uint32_t id;

	if (!process)
		return UINT32_MAX;
	id = process->provider->dumem_id(process->device);
	process_put(process);
	return id;
}

/* The simulator has no user-debug interface to hand a token for: access is not allowed. */
FLEXIO_EXPERIMENTAL uint64_t flexio_process_udbg_token_get(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);

	if (!process)
		return 0;
	flexio_dbg("process \"%s\": user debug access is not available on the simulated device", process->name);
	process_put(process);
	return 0;
}

FLEXIO_STABLE flexio_status flexio_process_mem_info_get(const flexio_process *handle, struct flexio_heap_mem_info *info)
{
	struct process *process = process_get(handle, __func__);

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!info) {
		flexio_err("info is NULL");
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&process->heap.lock);
	info->base_addr = process->heap.base;
	info->size = process->heap.size;
	info->requested = process->heap.requested;
	info->allocated = process->heap.allocated;
	pthread_mutex_unlock(&process->heap.lock);
	process_put(process);
	return FLEXIO_STATUS_SUCCESS;
}
