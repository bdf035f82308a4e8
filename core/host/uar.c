/*
 * UARs (flexio_uar_*): a flexio_uar stands for a devx UAR page of a device. Every process has
 * its own, created and destroyed with it (flexio_process_get_uar); flexio_uar_create makes
 * more (current edition: a new devx UAR of the process's device; older edition: wraps the
 * caller's devx UAR, which stays the caller's). flexio_uar_extend makes an alias of a UAR on
 * another device, whose flexio_uar_device_id device code names in
 * flexio_dev_outbox_config_uar_extension and flexio_dev_cross_device_ring_db.
 *
 * This file also sets up and tears down the family's per-process state (dpa_objects.h).
 */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <infiniband/mlx5dv.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* flexio_uar_device_id values: nonzero, unique in the library's life. */
static atomic_uint last_extended_id;

static bool uar_check(const struct flexio_uar *uar, const char *func)
{
	if (handle_is(uar, HANDLE_UAR))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live UAR", (const void *)uar);
	return false;
}

/* A new UAR of process on ibv_ctx's device: a devx UAR of its own, or the caller's devx. */
static struct flexio_uar *uar_new(struct flexio_process *process, struct ibv_context *ibv_ctx,
				  struct mlx5dv_devx_uar *devx, const char *func)
{
	struct flexio_uar *uar = calloc(1, sizeof(*uar));

	if (!uar) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return NULL;
	}
	uar->process = process;
	uar->ibv_ctx = ibv_ctx;
	uar->devx = devx;
	if (!devx) {
		uar->devx = mlx5dv_devx_alloc_uar(ibv_ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
		uar->own_devx = true;
		if (!uar->devx) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot allocate a devx UAR on %s: %s",
				      ibv_get_device_name(ibv_ctx->device), strerror(errno));
			free(uar);
			return NULL;
		}
	}
	uar->id = uar->devx->page_id;
	if (!handle_add(uar, HANDLE_UAR)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		if (uar->own_devx)
			mlx5dv_devx_free_uar(uar->devx);
		free(uar);
		return NULL;
	}
	return uar;
}

void uar_free(struct flexio_uar *uar)
{
	struct flexio_process *process = uar->process;

	handle_remove(uar);
	if (uar->extended_id)
		process->provider->uar_extension_remove(process->device, uar->extended_id);
	if (uar->own_devx)
		mlx5dv_devx_free_uar(uar->devx);
	free(uar);
}

static void uar_link(struct flexio_process *process, struct flexio_uar *uar)
{
	pthread_mutex_lock(&process->objects.lock);
	uar->next = process->objects.uars;
	process->objects.uars = uar;
	pthread_mutex_unlock(&process->objects.lock);
}

static flexio_status uar_create(const char *func, flexio_process *process, struct mlx5dv_devx_uar *devx_uar,
				bool older, flexio_uar **flexio_uar)
{
	struct flexio_uar *uar;

	if (flexio_uar)
		*flexio_uar = NULL;
	if (!process_check(process, func))
		return FLEXIO_STATUS_FAILED;
	if (!flexio_uar) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "flexio_uar is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (older && (!devx_uar || process->provider->uar_check(process->ibv_ctx, devx_uar))) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "devx_uar %p is not a live devx UAR of process \"%s\"'s device",
			      (void *)devx_uar, process->name);
		return FLEXIO_STATUS_FAILED;
	}
	uar = uar_new(process, process->ibv_ctx, devx_uar, func);
	if (!uar)
		return FLEXIO_STATUS_FAILED;
	uar_link(process, uar);
	*flexio_uar = uar;
	return FLEXIO_STATUS_SUCCESS;
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

FLEXIO_STABLE flexio_status flexio_uar_destroy(flexio_uar *uar)
{
	struct flexio_process *process;
	struct flexio_uar **link;
	struct flexio_outbox *outbox;

	if (!uar_check(uar, __func__))
		return FLEXIO_STATUS_FAILED;
	process = uar->process;
	if (uar == process->objects.uar) {
		flexio_err("%p is process \"%s\"'s own UAR: it is destroyed with the process", (void *)uar,
			   process->name);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&process->objects.lock);
	for (outbox = process->objects.outboxes; outbox && outbox->uar != uar; outbox = outbox->next)
		;
	if (outbox) {
		pthread_mutex_unlock(&process->objects.lock);
		flexio_err("UAR %u is used by outbox %u: destroy the outbox first", uar->id, outbox->id);
		return FLEXIO_STATUS_FAILED;
	}
	for (link = &process->objects.uars; *link != uar; link = &(*link)->next)
		;
	*link = uar->next;
	pthread_mutex_unlock(&process->objects.lock);
	uar_free(uar);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_uar_extend(flexio_uar *in_uar, struct ibv_context *to_extend,
					      flexio_uar **extended)
{
	struct flexio_process *process;
	struct flexio_uar *uar;
	int rc;

	if (extended)
		*extended = NULL;
	if (!uar_check(in_uar, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!extended || !to_extend) {
		flexio_err("%s is NULL", extended ? "to_extend" : "extended");
		return FLEXIO_STATUS_FAILED;
	}
	process = in_uar->process;
	if (in_uar->extended_id) {
		flexio_err("UAR %u is an extended UAR already: extend the UAR it came from", in_uar->id);
		return FLEXIO_STATUS_FAILED;
	}
	if (!process->provider->serves(to_extend)) {
		flexio_err("to_extend %p is not an open device of the %s provider (process \"%s\")", (void *)to_extend,
			   process->provider->name, process->name);
		return FLEXIO_STATUS_FAILED;
	}
	uar = uar_new(process, to_extend, NULL, __func__);
	if (!uar)
		return FLEXIO_STATUS_FAILED;
	do
		uar->extended_id = atomic_fetch_add(&last_extended_id, 1) + 1;
	while (!uar->extended_id || uar->extended_id == UINT32_MAX);
	rc = process->provider->uar_extension_add(process->device, uar->extended_id, to_extend);
	if (rc) {
		flexio_err("cannot extend UAR %u to %s: %s", in_uar->id, ibv_get_device_name(to_extend->device),
			   strerror(-rc));
		uar->extended_id = 0;
		uar_free(uar);
		return FLEXIO_STATUS_FAILED;
	}
	uar_link(process, uar);
	*extended = uar;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_uar_device_id flexio_uar_get_extended_id(flexio_uar *uar)
{
	if (!uar_check(uar, __func__))
		return UINT32_MAX;
	if (!uar->extended_id) {
		flexio_err("UAR %u is not an extended UAR (see flexio_uar_extend)", uar->id);
		return UINT32_MAX;
	}
	return uar->extended_id;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_uar_get_id(flexio_uar *uar)
{
	return uar_check(uar, __func__) ? uar->id : UINT32_MAX;
}

FLEXIO_EXPERIMENTAL flexio_uar *flexio_process_get_uar(flexio_process *process)
{
	return process_check(process, __func__) ? process->objects.uar : NULL;
}

/* ---- the family's per-process state ------------------------------------------------------- */

int process_objects_init(struct flexio_process *process)
{
	struct process_objects *o = &process->objects;

	pthread_mutex_init(&o->lock, NULL);
	o->ready = true;
	o->uar = uar_new(process, process->ibv_ctx, NULL, "flexio_process_create");
	return o->uar ? 0 : -ENOMEM;
}

void process_objects_fini(struct flexio_process *process)
{
	struct process_objects *o = &process->objects;

	if (!o->ready)
		return;
	recoverable_dump_all(process);
	while (o->mkeys) {
		struct flexio_mkey *next = o->mkeys->next;

		mkey_free(o->mkeys);
		o->mkeys = next;
	}
	while (o->windows) {
		struct flexio_window *next = o->windows->next;

		window_free(o->windows);
		o->windows = next;
	}
	while (o->outboxes) {
		struct flexio_outbox *next = o->outboxes->next;

		outbox_free(o->outboxes);
		o->outboxes = next;
	}
	while (o->uars) {
		struct flexio_uar *next = o->uars->next;

		uar_free(o->uars);
		o->uars = next;
	}
	if (o->uar)
		uar_free(o->uar);
	o->uar = NULL;
	pthread_mutex_destroy(&o->lock);
	o->ready = false;
}
