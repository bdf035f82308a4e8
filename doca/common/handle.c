/*
 * Handles of the DOCA objects (private.h): libdoca_common's own handle table (the mechanism is
 * core/common/handle_table.h, libflexio's too), its kinds (descriptors, so that each DOCA family
 * brings its own) and its refusals as DOCA errors.
 */
#include "private.h"

#include "handle_table.h"

/* The last reference of an object went (opendoca_handle_put): its own free function. */
static void free_object(void *object)
{
	struct opendoca_object *doca_object = object;

	doca_object->free_fn(doca_object);
}

/* Kinds are told apart by their descriptor's address. */
static struct handle_table table = HANDLE_TABLE_INIT(free_object);

void *opendoca_handle_open(struct opendoca_object *object, const struct opendoca_kind *kind,
			   void (*free_fn)(struct opendoca_object *object))
{
	object->kind = kind;
	object->free_fn = free_fn;
	return handle_table_open(&table, object, (uintptr_t)kind, &object->slot);
}

void *opendoca_handle_try_get(const void *handle, const struct opendoca_kind *kind)
{
	uint32_t index;

	return handle_table_get(&table, handle, (uintptr_t)kind, &index);
}

void *opendoca_handle_get(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	void *object = opendoca_handle_try_get(handle, kind);

	if (!object)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live %s", handle, kind->name);
	return object;
}

void *opendoca_handle_close(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct opendoca_object *object = opendoca_handle_try_get(handle, kind);

	if (object && handle_table_close(&table, object->slot))
		return object;
	if (object)
		opendoca_handle_put(object);
	opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live %s", handle, kind->name);
	return NULL;
}

void opendoca_handle_hold(struct opendoca_object *object)
{
	handle_table_hold(&table, object->slot);
}

void opendoca_handle_put(struct opendoca_object *object)
{
	handle_table_put(&table, object->slot);
}

void *opendoca_handle_of(const struct opendoca_object *object)
{
	return handle_table_handle_of(&table, object->slot);
}
