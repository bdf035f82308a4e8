/*
 * UARs (flexio_uar_*): a flexio_uar stands for a devx UAR page of a device. Every process has
 * its own, created and destroyed with it (flexio_process_get_uar); flexio_uar_create makes
 * more (current edition: a new devx UAR of the process's device; older edition: wraps the
 * caller's devx UAR, which stays the caller's). flexio_uar_extend makes an alias of a UAR on
 * another device, whose flexio_uar_device_id device code names in
 * flexio_dev_outbox_config_uar_extension and flexio_dev_cross_device_ring_db.
 *
 * The UARs the library allocates are bound to their process (provider uar_bind): the NIC's
 * queues made naming one of them (uar_page, devx_cmds.h) are the process's, whose threads may
 * ring their doorbells. A caller's devx UAR (older edition) is not: several processes may wrap
 * it.
 *
 * This file also sets up and tears down the family's per-process state (dpa_objects.h).
 */
#include "process.h"

#include "log.h"
#include "uar.h"

#include <infiniband/mlx5dv.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* flexio_uar_device_id values: nonzero, unique in the library's life. */
static atomic_uint last_extended_id;

static void uar_free(struct process_child *child)
{
	struct uar *uar = (struct uar *)child;
	struct process *process = child->process;

	if (uar->extended_id)
		process->provider->uar_extension_remove(process->device, uar->extended_id);
	if (uar->own_devx)
		process->provider->uar_free(uar->devx);
	free(uar);
}

/* A new UAR of process on ibv_ctx's device: a devx UAR of its own, or the caller's devx.
 * extend: an alias on another device, with a new flexio_uar_device_id. Returns its handle. */
static void *uar_new(struct process *process, struct ibv_context *ibv_ctx, struct mlx5dv_devx_uar *devx, bool extend,
		     const char *func)
{
	struct uar *uar = calloc(1, sizeof(*uar));
	void *handle;
	int rc;

	if (!uar) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return NULL;
	}
	uar->ibv_ctx = ibv_ctx;
	uar->devx = devx;
	if (!devx) {
		uar->devx = process->provider->uar_alloc(ibv_ctx);
		uar->own_devx = true;
		if (!uar->devx) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot allocate a devx UAR on %s: %s",
				      ibv_ctx->device->name, strerror(errno));
			free(uar);
			return NULL;
		}
	}
	uar->id = uar->devx->page_id;
	rc = uar->own_devx ? process->provider->uar_bind(process->device, uar->devx) : 0;
	if (rc) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot give UAR %u of %s to process \"%s\": %s", uar->id,
			      ibv_ctx->device->name, process->name, strerror(-rc));
		process->provider->uar_free(uar->devx);
		free(uar);
		return NULL;
	}
	if (extend) {
		do
			uar->extended_id = atomic_fetch_add(&last_extended_id, 1) + 1;
		while (!uar->extended_id || uar->extended_id == UINT32_MAX);
		rc = process->provider->uar_extension_add(process->device, uar->extended_id, ibv_ctx);
		if (rc) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot extend a UAR to %s: %s", ibv_ctx->device->name,
				      strerror(-rc));
			process->provider->uar_free(uar->devx);
			free(uar);
			return NULL;
		}
	}
	uar->child.process = process;
	handle = process_child_open(process, &uar->child, HANDLE_UAR, NULL, uar_free, func);
	if (!handle)
		uar_free(&uar->child);
	return handle;
}

static flexio_status uar_create(const char *func, flexio_process *handle, struct mlx5dv_devx_uar *devx_uar, bool older,
				flexio_uar **flexio_uar)
{
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (flexio_uar)
		*flexio_uar = NULL;
	process = process_get(handle, func);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!flexio_uar)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "flexio_uar is NULL");
	else if (older && (!devx_uar || process->provider->uar_check(process->ibv_ctx, devx_uar)))
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "devx_uar %p is not a live devx UAR of process \"%s\"'s device",
			      (void *)devx_uar, process->name);
	else if ((*flexio_uar = uar_new(process, process->ibv_ctx, devx_uar, false, func)))
		status = FLEXIO_STATUS_SUCCESS;
	process_put(process);
	return status;
}

/* Both forms of flexio_uar_create: the current one is the default (@@FLEXIO_1.1), the older
 * edition's (a caller's devx UAR) stays at FLEXIO_1.0. */
__asm__(".symver flexio_uar_create_v1_1, flexio_uar_create@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_uar_create_v1_1(flexio_process *process, flexio_uar **flexio_uar);
FLEXIO_STABLE flexio_status flexio_uar_create_v1_1(flexio_process *process, flexio_uar **flexio_uar)
{
	return uar_create("flexio_uar_create", process, NULL, false, flexio_uar);
}

__asm__(".symver flexio_uar_create_v1_0, flexio_uar_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_uar_create_v1_0(flexio_process *process, struct mlx5dv_devx_uar *devx_uar,
						   flexio_uar **flexio_uar);
FLEXIO_STABLE flexio_status flexio_uar_create_v1_0(flexio_process *process, struct mlx5dv_devx_uar *devx_uar,
						   flexio_uar **flexio_uar)
{
	return uar_create("flexio_uar_create", process, devx_uar, true, flexio_uar);
}

FLEXIO_STABLE flexio_status flexio_uar_destroy(flexio_uar *handle)
{
	struct uar *uar = uar_get(handle, __func__);
	struct process *process;

	if (!uar)
		return FLEXIO_STATUS_FAILED;
	process = uar->child.process;
	if (handle == process->objects.uar) {
		flexio_err("%p is process \"%s\"'s own UAR: it is destroyed with the process", (void *)handle,
			   process->name);
	} else if (outbox_uses_uar(process, &uar->child)) {
		flexio_err("UAR %u is used by an outbox: destroy the outbox first", uar->id);
	} else {
		return process_child_destroy_held(&uar->child, __func__);
	}
	handle_put(&uar->child.handle);
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_uar_extend(flexio_uar *in_handle, struct ibv_context *to_extend,
					      flexio_uar **extended)
{
	struct uar *in_uar;
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (extended)
		*extended = NULL;
	in_uar = uar_get(in_handle, __func__);
	if (!in_uar)
		return FLEXIO_STATUS_FAILED;
	process = in_uar->child.process;
	if (!extended || !to_extend)
		flexio_err("%s is NULL", extended ? "to_extend" : "extended");
	else if (in_uar->extended_id)
		flexio_err("UAR %u is an extended UAR already: extend the UAR it came from", in_uar->id);
	else if (!process->provider->serves(to_extend))
		flexio_err("to_extend %p is not an open device of the %s provider (process \"%s\")", (void *)to_extend,
			   process->provider->name, process->name);
	else if ((*extended = uar_new(process, to_extend, NULL, true, __func__)))
		status = FLEXIO_STATUS_SUCCESS;
	handle_put(&in_uar->child.handle);
	return status;
}

FLEXIO_STABLE flexio_uar_device_id flexio_uar_get_extended_id(flexio_uar *handle)
{
	struct uar *uar = uar_get(handle, __func__);
	flexio_uar_device_id id;

	if (!uar)
		return UINT32_MAX;
	id = uar->extended_id;
	if (!id) {
		flexio_err("UAR %u is not an extended UAR (see flexio_uar_extend)", uar->id);
		id = UINT32_MAX;
	}
	handle_put(&uar->child.handle);
	return id;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_uar_get_id(flexio_uar *handle)
{
	return handle_read_u32(handle, HANDLE_UAR, offsetof(struct uar, id), __func__);
}

FLEXIO_EXPERIMENTAL flexio_uar *flexio_process_get_uar(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	flexio_uar *uar;

	if (!process)
		return NULL;
	uar = process->objects.uar;
	process_put(process);
	return uar;
}

struct uar *uar_get(const flexio_uar *handle, const char *func)
{
	return handle_get(handle, HANDLE_UAR, func);
}

/* ---- the family's per-process state ------------------------------------------------------- */

int process_objects_init(struct process *process)
{
	struct process_objects *o = &process->objects;

	pthread_mutex_init(&o->lock, NULL);
	o->ready = true;
	o->uar = uar_new(process, process->ibv_ctx, NULL, false, "flexio_process_create");
	return o->uar ? 0 : -ENOMEM;
}

uint32_t uar_page_on(struct process *process, struct ibv_context *ibv_ctx)
{
	uint32_t page = 0;

	pthread_mutex_lock(&process->children_lock);
	/* The process UAR on its own device; another device's first UAR of the library's (the
	 * children list is newest first: the last match is the oldest). */
	for (struct process_child *c = process->children; c; c = c->next) {
		struct uar *uar = (struct uar *)c;

		if (c->handle.kind == HANDLE_UAR && uar->own_devx && uar->ibv_ctx->device == ibv_ctx->device)
			page = uar->id;
	}
	pthread_mutex_unlock(&process->children_lock);
	return page;
}

void process_objects_fini(struct process *process)
{
	struct process_objects *o = &process->objects;

	if (!o->ready)
		return;
	recoverable_dump_all(process);
	pthread_mutex_destroy(&o->lock);
	o->ready = false;
}
