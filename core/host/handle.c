/* Handles (handle.h): libflexio's handle table (core/common/handle_table.h), its kinds and log lines. */
#include "handle.h"

#include "handle_table.h"
#include "log.h"

#include <stddef.h>
#include <string.h>

/* The last reference of an object went (handle_put): its own free function. */
static void free_object(void *object)
{
	struct handle_object *handle_object = object;

	handle_object->free_fn(handle_object);
}

/* libflexio's objects: one table, kinds told apart by enum handle_kind. */
static struct handle_table table = HANDLE_TABLE_INIT(free_object);

static const char *const kind_names[HANDLE_KIND_COUNT] = {
	[HANDLE_APP] = "application",
	[HANDLE_PROCESS] = "process",
	[HANDLE_EVENT_HANDLER] = "event handler",
	[HANDLE_THREAD] = "thread",
	[HANDLE_CQ] = "CQ",
	[HANDLE_SQ] = "SQ",
	[HANDLE_RQ] = "RQ",
	[HANDLE_RMP] = "RMP",
	[HANDLE_QP] = "QP",
	[HANDLE_UAR] = "UAR",
	[HANDLE_OUTBOX] = "outbox",
	[HANDLE_WINDOW] = "window",
	[HANDLE_MKEY] = "memory key",
	[HANDLE_MSG_STREAM] = "message stream",
	[HANDLE_CMDQ] = "command queue",
	[HANDLE_TRANSPORT_DOMAIN] = "transport domain",
	[HANDLE_SQ_TIS] = "TIS",
	[HANDLE_EMU_DB_TO_CQ] = "emulated doorbell to CQ mapping",
	[HANDLE_MSIX] = "MSI-X vector",
	[HANDLE_MSIX_MAP] = "EQ to MSI-X map",
	[HANDLE_RESOURCES] = "DPA resources object",
};

const char *handle_kind_name(enum handle_kind kind)
{
	return kind > 0 && kind < HANDLE_KIND_COUNT ? kind_names[kind] : "object";
}

void *handle_open(struct handle_object *object, enum handle_kind kind, void (*free_fn)(struct handle_object *object))
{
	object->kind = kind;
	object->free_fn = free_fn;
	return handle_table_open(&table, object, kind, &object->slot);
}

void *handle_try_get(const void *handle, enum handle_kind kind)
{
	uint32_t index;

	return handle_table_get(&table, handle, kind, &index);
}

void *handle_get(const void *handle, enum handle_kind kind, const char *func)
{
	void *object = handle_try_get(handle, kind);

	if (!object)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, handle_kind_name(kind));
	return object;
}

bool handle_close_object(struct handle_object *object)
{
	return handle_table_close(&table, object->slot);
}

void *handle_close(const void *handle, enum handle_kind kind, const char *func)
{
	struct handle_object *object = handle_try_get(handle, kind);

	if (object && handle_close_object(object))
		return object;
	if (object)
		handle_put(object);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, handle_kind_name(kind));
	return NULL;
}

void handle_hold(struct handle_object *object)
{
	handle_table_hold(&table, object->slot);
}

void handle_put(struct handle_object *object)
{
	handle_table_put(&table, object->slot);
}

void *handle_of(const struct handle_object *object)
{
	return handle_table_handle_of(&table, object->slot);
}

bool handle_is_open(const struct handle_object *object)
{
	return handle_table_is_open(&table, object->slot);
}

uint32_t handle_read_u32(const void *handle, enum handle_kind kind, size_t offset, const char *func)
{
	struct handle_object *object = handle_get(handle, kind, func);
	uint32_t value;

	if (!object)
		return UINT32_MAX;
	memcpy(&value, (const char *)object + offset, sizeof(value));
	handle_put(object);
	return value;
}
