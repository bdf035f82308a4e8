/*
 * Windows (flexio_window_*): DPA access to host memory registered (ibv_reg_mr) on the window's
 * protection domain, which must belong to the process's device. Device code configures a
 * window entity with flexio_window_get_id(window) and the region's lkey, then reaches the
 * memory through flexio_dev_multi_window_ptr_acquire pointers (writeback / read_inv per the
 * DPA memory model) or flexio_dev_multi_window_copy_to_host; core/providers/sim/sim_window.c checks every
 * access.
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct window {
	struct process_child child; /* first: handle_get returns the object */
	uint32_t id;                /* 1..65535 */
	struct ibv_pd *pd;          /* held (provider pd_hold) */
};

static void window_free(struct process_child *child)
{
	struct window *window = (struct window *)child;
	struct process *process = child->process;

	process->provider->window_destroy(process->device, window->id);
	process->provider->pd_release(window->pd);
	free(window);
}

static flexio_status window_create(struct process *process, struct ibv_pd *pd, flexio_window **window_ptr,
				   const char *func)
{
	struct window *window;
	void *handle = NULL;
	int rc;

	/* Holding the PD checks it too: a PD deallocated meanwhile is refused, and none can be while held. */
	if (process->provider->pd_hold(process->ibv_ctx, pd)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "pd %p is not a live protection domain of process \"%s\"'s device (%s)", (void *)pd,
			      process->name, process->ibv_ctx->device->name);
		return FLEXIO_STATUS_FAILED;
	}
	window = calloc(1, sizeof(*window));
	if (!window) {
		process->provider->pd_release(pd);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	window->pd = pd;
	pthread_mutex_lock(&process->objects.lock);
	window->id = process_child_free_id(process, HANDLE_WINDOW, offsetof(struct window, id),
					   &process->objects.last_window_id);
	rc = window->id ? process->provider->window_create(process->device, window->id, pd) : -ENOSPC;
	if (!rc) {
		handle = process_child_open(process, &window->child, HANDLE_WINDOW, NULL, window_free, func);
		if (!handle)
			process->provider->window_destroy(process->device, window->id);
	}
	pthread_mutex_unlock(&process->objects.lock);
	if (!handle) {
		if (rc)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a window: %s",
				      process->name, rc == -ENOSPC ? "all 65535 window ids are in use" : strerror(-rc));
		process->provider->pd_release(pd);
		free(window);
		return FLEXIO_STATUS_FAILED;
	}
	*window_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_window_create(flexio_process *handle, struct ibv_pd *pd, flexio_window **window_ptr)
{
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (window_ptr)
		*window_ptr = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!window_ptr || !pd)
		flexio_err("%s is NULL", pd ? "window" : "pd");
	else
		status = window_create(process, pd, window_ptr, __func__);
	process_put(process);
	return status;
}

FLEXIO_STABLE flexio_status flexio_window_destroy(flexio_window *window)
{
	return process_child_destroy(window, HANDLE_WINDOW, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_window_get_id(flexio_window *handle)
{
	return handle_read_u32(handle, HANDLE_WINDOW, offsetof(struct window, id), __func__);
}

bool window_id_in(struct process *process, const void *handle, uint32_t *id)
{
	struct window *window = handle_try_get(handle, HANDLE_WINDOW);
	bool found = window && window->child.process == process;

	if (found)
		*id = window->id;
	if (window)
		handle_put(&window->child.handle);
	return found;
}
