/*
 * Outboxes (flexio_outbox_*): doorbell pages for DPA threads. Device code selects one with
 * flexio_dev_outbox_config(dtctx, flexio_outbox_get_id(outbox)) and rings doorbells through
 * it; the provider records them for its NIC and reports each one here, where it is logged at
 * debug level (FLEXIO_LOG_LVL_DBG, flexio_log_lvl_set).
 */
#include "process.h"

#include "log.h"
#include "uar.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct outbox {
	struct process_child child;    /* first: handle_get returns the object */
	uint32_t id;                   /* 1..65535 */
	struct uar *uar;               /* the process UAR (older edition: the caller's); held */
	struct ibv_context *other_ctx; /* older edition: multi-GVMI device, else NULL */
};

static void outbox_free(struct process_child *child)
{
	struct outbox *outbox = (struct outbox *)child;

	child->process->provider->outbox_destroy(child->process->device, outbox->id);
	handle_put(&outbox->uar->child.handle);
	free(outbox);
}

bool outbox_uses_uar(struct process *process, const struct process_child *uar)
{
	bool used = false;

	pthread_mutex_lock(&process->children_lock);
	for (struct process_child *c = process->children; c && !used; c = c->next)
		used = c->handle.kind == HANDLE_OUTBOX && handle_is_open(&c->handle) &&
		       &((struct outbox *)c)->uar->child == uar;
	pthread_mutex_unlock(&process->children_lock);
	return used;
}

/* uar: held by the caller, and by the outbox if it is made. */
static flexio_status outbox_create(const char *func, struct process *process, struct uar *uar,
				   struct ibv_context *other_ctx, flexio_outbox **outbox_ptr)
{
	struct outbox *outbox;
	void *handle = NULL;
	int rc;

	outbox = calloc(1, sizeof(*outbox));
	if (!outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	outbox->uar = uar;
	outbox->other_ctx = other_ctx;
	pthread_mutex_lock(&process->objects.lock);
	outbox->id = process_child_free_id(process, HANDLE_OUTBOX, offsetof(struct outbox, id),
					   &process->objects.last_outbox_id);
	rc = outbox->id ? process->provider->outbox_create(process->device, outbox->id) : -ENOSPC;
	if (!rc) {
		handle_hold(&uar->child.handle);
		handle = process_child_open(process, &outbox->child, HANDLE_OUTBOX, NULL, outbox_free, func);
		if (!handle) {
			handle_put(&uar->child.handle);
			process->provider->outbox_destroy(process->device, outbox->id);
		}
	}
	pthread_mutex_unlock(&process->objects.lock);
	if (!handle) {
		if (rc)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create an outbox: %s",
				      process->name, rc == -ENOSPC ? "all 65535 outbox ids are in use" : strerror(-rc));
		free(outbox);
		return FLEXIO_STATUS_FAILED;
	}
	*outbox_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

/* Both forms of flexio_outbox_create: the current one is the default (@@FLEXIO_1.1), the older
 * edition's (other_ctx, uar) stays at FLEXIO_1.0. */
__asm__(".symver flexio_outbox_create_v1_1, flexio_outbox_create@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_1(flexio_process *process, struct flexio_outbox_attr *fattr,
						      flexio_outbox **outbox);
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_1(flexio_process *handle, struct flexio_outbox_attr *fattr,
						      flexio_outbox **outbox)
{
	static const char func[] = "flexio_outbox_create";
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;
	struct uar *uar;

	if (outbox)
		*outbox = NULL;
	process = process_get(handle, func);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", fattr ? "outbox" : "fattr");
	} else {
		/* fattr->uar is deprecated and ignored: the process UAR is used. en_pcc needs nothing
		 * more on the simulated device. */
		uar = handle_try_get(process->objects.uar, HANDLE_UAR);
		if (!uar) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" is being destroyed", process->name);
		} else {
			status = outbox_create(func, process, uar, NULL, outbox);
			handle_put(&uar->child.handle);
		}
	}
	process_put(process);
	return status;
}

__asm__(".symver flexio_outbox_create_v1_0, flexio_outbox_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_0(flexio_process *process, struct ibv_context *other_ctx,
						      flexio_uar *uar, flexio_outbox **outbox);
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_0(flexio_process *handle, struct ibv_context *other_ctx,
						      flexio_uar *uar_handle, flexio_outbox **outbox)
{
	static const char func[] = "flexio_outbox_create";
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;
	struct ibv_context *ctx;
	struct uar *uar = NULL;

	if (outbox)
		*outbox = NULL;
	process = process_get(handle, func);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (other_ctx == process->ibv_ctx)
		other_ctx = NULL;
	ctx = other_ctx ? other_ctx : process->ibv_ctx;
	if (!outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outbox is NULL");
	} else if (other_ctx && !process->provider->serves(other_ctx)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "other_ctx %p is not an open device of the %s provider",
			      (void *)other_ctx, process->provider->name);
	} else if (!(uar = handle_try_get(uar_handle, HANDLE_UAR)) || uar->child.process != process) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live UAR of process \"%s\"", (void *)uar_handle,
			      process->name);
	} else if (uar->ibv_ctx != ctx) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "UAR %u belongs to another device than the outbox's (%s)",
			      uar->id, ctx->device->name);
	} else {
		status = outbox_create(func, process, uar, other_ctx, outbox);
	}
	if (uar)
		handle_put(&uar->child.handle);
	process_put(process);
	return status;
}

FLEXIO_STABLE flexio_status flexio_outbox_destroy(flexio_outbox *outbox)
{
	return process_child_destroy(outbox, HANDLE_OUTBOX, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_outbox_get_id(flexio_outbox *handle)
{
	return handle_read_u32(handle, HANDLE_OUTBOX, offsetof(struct outbox, id), __func__);
}

FLEXIO_EXPERIMENTAL flexio_uar *flexio_outbox_get_uar(flexio_outbox *handle)
{
	struct outbox *outbox = handle_get(handle, HANDLE_OUTBOX, __func__);
	flexio_uar *uar;

	if (!outbox)
		return NULL;
	uar = handle_of(&outbox->uar->child.handle);
	handle_put(&outbox->child.handle);
	return uar;
}

bool outbox_id_in(struct process *process, const void *handle, uint32_t *id)
{
	struct outbox *outbox = handle_try_get(handle, HANDLE_OUTBOX);
	bool found = outbox && outbox->child.process == process;

	if (found)
		*id = outbox->id;
	if (outbox)
		handle_put(&outbox->child.handle);
	return found;
}

void outbox_on_doorbell(void *user, const struct provider_doorbell *db)
{
	static const char *const kinds[] = {
		[PROVIDER_DB_CQ_ARM] = "CQ arm",
		[PROVIDER_DB_EQ_REARM] = "EQ update+rearm",
		[PROVIDER_DB_EQ_NO_REARM] = "EQ update",
		[PROVIDER_DB_SEND] = "send",
		[PROVIDER_DB_EMU_ARM] = "emulation arm",
		[PROVIDER_DB_EMU_TRIGGER] = "emulation trigger",
		[PROVIDER_DB_ZERO_CQE] = "zero CQE",
		[PROVIDER_DB_CC] = "congestion control",
		[PROVIDER_DB_CC_MSB] = "congestion control high",
		[PROVIDER_DB_CROSS_DEVICE] = "cross-device",
	};
	struct process *process = user;

	flexio_log_at(FLEXIO_LOG_LVL_DBG, "doorbell",
		      "process \"%s\" outbox %u thread %u device %u: %s queue 0x%x index %u extra 0x%llx raw 0x%016llx",
		      process->name, db->outbox_id, db->thread_id, db->device_id,
		      (unsigned)db->kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[db->kind] : "unknown", db->queue,
		      db->index, (unsigned long long)db->extra, (unsigned long long)db->raw);
}
