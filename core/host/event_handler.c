/*
 * Event handlers (flexio_event_handler_*): DPA threads that run a device function
 * (flexio_dev_event_handler_t, void handler(uint64_t arg)) each time they are triggered — by a
 * CQE on a CQ armed for their thread, or by flexio_dev_event_handler_activate from another
 * thread of the process. The provider runs them (provider_thread_*).
 *
 * flexio_event_handler_run lets triggers run the thread; its user_arg is the thread context's
 * metadata_parameter (the handler gets fattr->arg at every invocation). The handler's thread
 * (flexio_event_handler_get_thread, for flexio_cq_attr.thread) is named by the event
 * handler's own handle; its DEVX object (flexio_event_handler_get_thread_obj) is made on first
 * request and released with the handler.
 */
#include "process.h"

#include "layouts.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

struct event_handler {
	struct process_child child; /* first: handle_get returns the object */
	struct provider_thread *device;
	uint32_t id;
	_Atomic(struct mlx5dv_devx_obj *) obj; /* the thread's DEVX object, once asked for */
};

/* The device's thread goes once no call uses the handler any more. */
static void event_handler_free(struct process_child *child)
{
	struct event_handler *eh = (struct event_handler *)child;
	struct mlx5dv_devx_obj *obj = atomic_load(&eh->obj);

	if (obj)
		child->process->provider->thread_obj_release(obj);
	child->process->provider->thread_destroy(eh->device);
	free(eh);
}

static bool check_attr(struct process *process, const struct event_handler_args *attr, struct func **f,
		       const char *func)
{
	*f = app_find_func(process->app, attr->host_stub_func, func);
	if (!*f)
		return false;
	if (attr->name && strnlen(attr->name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->name is longer than FLEXIO_MAX_NAME_LEN (%d)",
			      FLEXIO_MAX_NAME_LEN);
		return false;
	}
	return affinity_valid(&attr->affinity, "fattr->affinity", func);
}

static flexio_status event_handler_create(flexio_process *handle, const struct flexio_event_handler_attr *fattr,
					  const flexio_window *window, const flexio_outbox *outbox,
					  flexio_event_handler **event_handler_ptr, const char *func)
{
	struct provider_thread_config config = { 0 };
	char err[PROVIDER_ERROR_MAX] = "";
	struct event_handler_args attr;
	struct event_handler *eh = NULL;
	struct process *process;
	struct func *f;
	void *eh_handle;

	if (event_handler_ptr)
		*event_handler_ptr = NULL;
	process = process_get(handle, func);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !event_handler_ptr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", fattr ? "event_handler_ptr" : "fattr");
		goto fail;
	}
	layouts_event_handler_attr(fattr, &attr);
	if (!check_attr(process, &attr, &f, func))
		goto fail;
	if (window && !window_id_in(process, window, &config.window_id)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live window of process \"%s\"",
			      (const void *)window, process->name);
		goto fail;
	}
	if (outbox && !outbox_id_in(process, outbox, &config.outbox_id)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live outbox of process \"%s\"",
			      (const void *)outbox, process->name);
		goto fail;
	}
	if (process_stopped(process, func))
		goto fail;
	eh = calloc(1, sizeof(*eh));
	if (!eh) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		goto fail;
	}
	/* The device function itself (not a pack/unpack wrapper) gets arg. */
	config.function = f->dev_addr;
	config.arg = attr.arg;
	config.thread_local_storage = attr.thread_local_storage_daddr;
	config.continuable = attr.continuable != 0;
	config.name = attr.name ? attr.name : "";
	config.function_name = f->name;
	config.affinity_type = attr.affinity.type;
	config.affinity_id = attr.affinity.id;
	eh->device = process->provider->thread_create(process->device, &config, err, sizeof(err));
	if (!eh->device) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create the event handler's thread: %s",
			      process->name, err);
		goto fail;
	}
	eh->id = process->provider->thread_id(eh->device);
	eh_handle = process_child_open(process, &eh->child, HANDLE_EVENT_HANDLER, NULL, event_handler_free, func);
	if (!eh_handle) {
		eh->child.process = process;
		event_handler_free(&eh->child);
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	*event_handler_ptr = eh_handle;
	process_put(process);
	return FLEXIO_STATUS_SUCCESS;
fail:
	free(eh);
	process_put(process);
	return FLEXIO_STATUS_FAILED;
}

/* Both forms of flexio_event_handler_create: the current one is the default (@@FLEXIO_1.1),
 * the older edition's (window, outbox selected for the thread from the start) stays at 1.0. */
__asm__(".symver flexio_event_handler_create_v1_1, flexio_event_handler_create@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_event_handler_create_v1_1(flexio_process *process,
							     struct flexio_event_handler_attr *fattr,
							     flexio_event_handler **event_handler_ptr);
FLEXIO_STABLE flexio_status flexio_event_handler_create_v1_1(flexio_process *process,
							     struct flexio_event_handler_attr *fattr,
							     flexio_event_handler **event_handler_ptr)
{
	return event_handler_create(process, fattr, NULL, NULL, event_handler_ptr, "flexio_event_handler_create");
}

__asm__(".symver flexio_event_handler_create_v1_0, flexio_event_handler_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_event_handler_create_v1_0(flexio_process *process,
							     struct flexio_event_handler_attr *fattr,
							     const flexio_window *window, const flexio_outbox *outbox,
							     flexio_event_handler **event_handler_ptr);
FLEXIO_STABLE flexio_status flexio_event_handler_create_v1_0(flexio_process *process,
							     struct flexio_event_handler_attr *fattr,
							     const flexio_window *window, const flexio_outbox *outbox,
							     flexio_event_handler **event_handler_ptr)
{
	return event_handler_create(process, fattr, window, outbox, event_handler_ptr, "flexio_event_handler_create");
}

/* The handler's thread is stopped once calls other threads have in progress on it return; a
 * running invocation is cut at its next scheduling point. */
FLEXIO_STABLE flexio_status flexio_event_handler_destroy(flexio_event_handler *event_handler)
{
	return process_child_destroy(event_handler, HANDLE_EVENT_HANDLER, __func__);
}

struct event_handler *event_handler_get(const void *handle, const char *func)
{
	return handle_get(handle, HANDLE_EVENT_HANDLER, func);
}

void event_handler_put(struct event_handler *eh)
{
	handle_put(&eh->child.handle);
}

struct provider_thread *event_handler_thread(const struct event_handler *eh)
{
	return eh->device;
}

FLEXIO_STABLE flexio_status flexio_event_handler_run(flexio_event_handler *handle, uint64_t user_arg)
{
	struct event_handler *eh = event_handler_get(handle, __func__);
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (!eh)
		return FLEXIO_STATUS_FAILED;
	process = eh->child.process;
	if (!process_stopped(process, __func__)) {
		if (process->provider->thread_run(eh->device, user_arg))
			process_log_stopped(process, __func__);
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	event_handler_put(eh);
	return status;
}

/* The activation id other threads of the process pass to flexio_dev_event_handler_activate. */
FLEXIO_EXPERIMENTAL uint32_t flexio_event_handler_get_activation_id(flexio_event_handler *event_handler)
{
	return handle_read_u32(event_handler, HANDLE_EVENT_HANDLER, offsetof(struct event_handler, id), __func__);
}

/* The id device code sees (flexio_dev_get_thread_id). */
FLEXIO_EXPERIMENTAL uint32_t flexio_event_handler_get_id(flexio_event_handler *event_handler)
{
	return handle_read_u32(event_handler, HANDLE_EVENT_HANDLER, offsetof(struct event_handler, id), __func__);
}

/* The thread object's id on the device: the simulated device numbers threads once. */
FLEXIO_EXPERIMENTAL uint32_t flexio_event_handler_get_obj_id(flexio_event_handler *event_handler)
{
	return handle_read_u32(event_handler, HANDLE_EVENT_HANDLER, offsetof(struct event_handler, id), __func__);
}

FLEXIO_EXPERIMENTAL flexio_thread *flexio_event_handler_get_thread(flexio_event_handler *handle)
{
	struct event_handler *eh = event_handler_get(handle, __func__);

	if (!eh)
		return NULL;
	event_handler_put(eh);
	return (flexio_thread *)handle;
}

/* Made on first request (a DPA thread's object is the provider's); released with the handler. */
FLEXIO_EXPERIMENTAL struct mlx5dv_devx_obj *flexio_event_handler_get_thread_obj(flexio_event_handler *handle)
{
	struct event_handler *eh = event_handler_get(handle, __func__);
	struct mlx5dv_devx_obj *obj, *made;
	struct process *process;

	if (!eh)
		return NULL;
	process = eh->child.process;
	obj = atomic_load(&eh->obj);
	if (!obj) {
		made = process->provider->thread_obj_create(process->ibv_ctx, eh->device);
		/* Of two first requests one object stays, the other is released. */
		if (made && !atomic_compare_exchange_strong(&eh->obj, &obj, made))
			process->provider->thread_obj_release(made);
		else
			obj = made;
	}
	if (!obj)
		flexio_err("%s has no DEVX object for thread %u", process->ibv_ctx->device->name, eh->id);
	event_handler_put(eh);
	return obj;
}
