/*
 * Outboxes (flexio_outbox_*): doorbell pages for DPA threads. Device code selects one with
 * flexio_dev_outbox_config(dtctx, flexio_outbox_get_id(outbox)) and rings doorbells through
 * it; the provider records them for its NIC and reports each one here, where it is logged at
 * debug level (FLEXIO_LOG_LVL_DBG, flexio_log_lvl_set).
 */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool outbox_check(const struct flexio_outbox *outbox, const char *func)
{
	if (handle_is(outbox, HANDLE_OUTBOX))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live outbox", (const void *)outbox);
	return false;
}

/* The next free outbox id of the process, 1..65535, or 0 (objects lock held). */
static uint32_t next_id(struct flexio_process *process)
{
	struct process_objects *o = &process->objects;

	for (unsigned tries = 0; tries < UINT16_MAX; tries++) {
		struct flexio_outbox *b;
		uint32_t id = o->last_outbox_id % UINT16_MAX + 1;

		o->last_outbox_id = id;
		for (b = o->outboxes; b && b->id != id; b = b->next)
			;
		if (!b)
			return id;
	}
	return 0;
}

static flexio_status outbox_create(const char *func, flexio_process *process, struct flexio_uar *uar,
				   struct ibv_context *other_ctx, flexio_outbox **outbox_ptr)
{
	struct flexio_outbox *outbox;
	int rc;

	outbox = calloc(1, sizeof(*outbox));
	if (!outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	outbox->process = process;
	outbox->uar = uar;
	outbox->other_ctx = other_ctx;
	pthread_mutex_lock(&process->objects.lock);
	outbox->id = next_id(process);
	rc = outbox->id ? process->provider->outbox_create(process->device, outbox->id) : -ENOSPC;
	if (!rc && !handle_add(outbox, HANDLE_OUTBOX)) {
		process->provider->outbox_destroy(process->device, outbox->id);
		rc = -ENOMEM;
	}
	if (!rc) {
		outbox->next = process->objects.outboxes;
		process->objects.outboxes = outbox;
	}
	pthread_mutex_unlock(&process->objects.lock);
	if (rc) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create an outbox: %s", process->name,
			      rc == -ENOSPC ? "all 65535 outbox ids are in use" : strerror(-rc));
		free(outbox);
		return FLEXIO_STATUS_FAILED;
	}
	*outbox_ptr = outbox;
	return FLEXIO_STATUS_SUCCESS;
}

/* Both forms of flexio_outbox_create: the current one is the default (@@FLEXIO_1.1), the older
 * edition's (other_ctx, uar) stays at FLEXIO_1.0. */
__asm__(".symver flexio_outbox_create_v1_1, flexio_outbox_create@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_1(flexio_process *process, struct flexio_outbox_attr *fattr,
						      flexio_outbox **outbox);
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_1(flexio_process *process, struct flexio_outbox_attr *fattr,
						      flexio_outbox **outbox)
{
	static const char func[] = "flexio_outbox_create";

	if (outbox)
		*outbox = NULL;
	if (!process_check(process, func))
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", fattr ? "outbox" : "fattr");
		return FLEXIO_STATUS_FAILED;
	}
	/* fattr->uar is deprecated and ignored: the process UAR is used. en_pcc needs nothing
	 * more on the simulated device. */
	return outbox_create(func, process, process->objects.uar, NULL, outbox);
}

__asm__(".symver flexio_outbox_create_v1_0, flexio_outbox_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_0(flexio_process *process, struct ibv_context *other_ctx,
						      flexio_uar *uar, flexio_outbox **outbox);
FLEXIO_STABLE flexio_status flexio_outbox_create_v1_0(flexio_process *process, struct ibv_context *other_ctx,
						      flexio_uar *uar, flexio_outbox **outbox)
{
	static const char func[] = "flexio_outbox_create";
	struct ibv_context *ctx;

	if (outbox)
		*outbox = NULL;
	if (!process_check(process, func))
		return FLEXIO_STATUS_FAILED;
	if (!outbox) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outbox is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (other_ctx == process->ibv_ctx)
		other_ctx = NULL;
	if (other_ctx && !process->provider->serves(other_ctx)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "other_ctx %p is not an open device of the %s provider",
			      (void *)other_ctx, process->provider->name);
		return FLEXIO_STATUS_FAILED;
	}
	if (!handle_is(uar, HANDLE_UAR) || uar->process != process) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live UAR of process \"%s\"", (void *)uar,
			      process->name);
		return FLEXIO_STATUS_FAILED;
	}
	ctx = other_ctx ? other_ctx : process->ibv_ctx;
	if (uar->ibv_ctx != ctx) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "UAR %u belongs to another device than the outbox's (%s)",
			      uar->id, ibv_get_device_name(ctx->device));
		return FLEXIO_STATUS_FAILED;
	}
	return outbox_create(func, process, uar, other_ctx, outbox);
}

void outbox_free(struct flexio_outbox *outbox)
{
	handle_remove(outbox);
	outbox->process->provider->outbox_destroy(outbox->process->device, outbox->id);
	free(outbox);
}

FLEXIO_STABLE flexio_status flexio_outbox_destroy(flexio_outbox *outbox)
{
	struct flexio_process *process;
	struct flexio_outbox **link;

	if (!outbox_check(outbox, __func__))
		return FLEXIO_STATUS_FAILED;
	process = outbox->process;
	pthread_mutex_lock(&process->objects.lock);
	for (link = &process->objects.outboxes; *link != outbox; link = &(*link)->next)
		;
	*link = outbox->next;
	pthread_mutex_unlock(&process->objects.lock);
	outbox_free(outbox);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_outbox_get_id(flexio_outbox *outbox)
{
	return outbox_check(outbox, __func__) ? outbox->id : UINT32_MAX;
}

FLEXIO_EXPERIMENTAL flexio_uar *flexio_outbox_get_uar(flexio_outbox *outbox)
{
	return outbox_check(outbox, __func__) ? outbox->uar : NULL;
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
	struct flexio_process *process = user;

	flexio_log_at(FLEXIO_LOG_LVL_DBG, "doorbell",
		      "process \"%s\" outbox %u thread %u device %u: %s queue 0x%x index %u extra 0x%llx raw 0x%016llx",
		      process->name, db->outbox_id, db->thread_id, db->device_id,
		      (unsigned)db->kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[db->kind] : "unknown", db->queue,
		      db->index, (unsigned long long)db->extra, (unsigned long long)db->raw);
}
