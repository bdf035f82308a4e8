/*
 * Windows (flexio_window_*): DPA access to host memory registered (ibv_reg_mr) on the window's
 * protection domain, which must belong to the process's device. Device code configures a
 * window entity with flexio_window_get_id(window) and the region's lkey, then reaches the
 * memory through flexio_dev_multi_window_ptr_acquire pointers (writeback / read_inv per seed
 * 002) or flexio_dev_multi_window_copy_to_host; core/sim/sim_window.c checks every access.
 */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool window_check(const struct flexio_window *window, const char *func)
{
	if (handle_is(window, HANDLE_WINDOW))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live window", (const void *)window);
	return false;
}

/* The next free window id of the process, 1..65535, or 0 (objects lock held). */
static uint32_t next_id(struct flexio_process *process)
{
	struct process_objects *o = &process->objects;

	for (unsigned tries = 0; tries < UINT16_MAX; tries++) {
		struct flexio_window *w;
		uint32_t id = o->last_window_id % UINT16_MAX + 1;

		o->last_window_id = id;
		for (w = o->windows; w && w->id != id; w = w->next)
			;
		if (!w)
			return id;
	}
	return 0;
}

FLEXIO_STABLE flexio_status flexio_window_create(flexio_process *process, struct ibv_pd *pd,
						 flexio_window **window_ptr)
{
	struct flexio_window *window;
	int rc;

	if (window_ptr)
		*window_ptr = NULL;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!window_ptr || !pd) {
		flexio_err("%s is NULL", pd ? "window" : "pd");
		return FLEXIO_STATUS_FAILED;
	}
	if (process->provider->pd_check(process->ibv_ctx, pd)) {
		flexio_err("pd %p is not a live protection domain of process \"%s\"'s device (%s)", (void *)pd,
			   process->name, ibv_get_device_name(process->ibv_ctx->device));
		return FLEXIO_STATUS_FAILED;
	}
	window = calloc(1, sizeof(*window));
	if (!window) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	window->process = process;
	window->pd = pd;
	pthread_mutex_lock(&process->objects.lock);
	window->id = next_id(process);
	rc = window->id ? process->provider->window_create(process->device, window->id, pd) : -ENOSPC;
	if (!rc && !handle_add(window, HANDLE_WINDOW)) {
		process->provider->window_destroy(process->device, window->id);
		rc = -ENOMEM;
	}
	if (!rc) {
		window->next = process->objects.windows;
		process->objects.windows = window;
	}
	pthread_mutex_unlock(&process->objects.lock);
	if (rc) {
		flexio_err("process \"%s\": cannot create a window: %s", process->name,
			   rc == -ENOSPC ? "all 65535 window ids are in use" : strerror(-rc));
		free(window);
		return FLEXIO_STATUS_FAILED;
	}
	*window_ptr = window;
	return FLEXIO_STATUS_SUCCESS;
}

void window_free(struct flexio_window *window)
{
	handle_remove(window);
	window->process->provider->window_destroy(window->process->device, window->id);
	free(window);
}

FLEXIO_STABLE flexio_status flexio_window_destroy(flexio_window *window)
{
	struct flexio_process *process;
	struct flexio_window **link;

	if (!window_check(window, __func__))
		return FLEXIO_STATUS_FAILED;
	process = window->process;
	pthread_mutex_lock(&process->objects.lock);
	for (link = &process->objects.windows; *link != window; link = &(*link)->next)
		;
	*link = window->next;
	pthread_mutex_unlock(&process->objects.lock);
	window_free(window);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_window_get_id(flexio_window *window)
{
	return window_check(window, __func__) ? window->id : UINT32_MAX;
}
