/*
 * DOCA buffer inventories (doca_buf_inventory.h), 2.5 and later; buf_inventory_v2_2.c and
 * buf_inventory_v1_4.c spell the older forms. An inventory is a store of buffer descriptors
 * (buf.h): started, it hands out buffers over any started map's memory; a buffer goes back when
 * its reference count reaches 0. Errors are NVIDIA's: DOCA_ERROR_BAD_STATE for a stopped inventory
 * or map, DOCA_ERROR_NO_MEMORY when every descriptor is out, DOCA_ERROR_IN_USE to destroy an
 * inventory whose buffers are not all back, DOCA_ERROR_NOT_PERMITTED to duplicate a buffer that is
 * not the first of its list.
 */
#include "doca_buf_inventory.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mmap.h"
#include "private.h"

const struct opendoca_kind opendoca_inventory_kind = { "buffer inventory" };

struct opendoca_inventory *opendoca_inventory_get(const struct doca_buf_inventory *inventory, const char *func)
{
	return opendoca_handle_get(inventory, &opendoca_inventory_kind, func);
}

static void inventory_put(struct opendoca_inventory *inventory)
{
	opendoca_handle_put(&inventory->object);
}

static void inventory_free(struct opendoca_object *object)
{
	struct opendoca_inventory *inventory = (struct opendoca_inventory *)object;

	opendoca_buf_store_release(&inventory->store);
	free(inventory->name);
	free(inventory);
}

doca_error_t opendoca_inventory_create(const char *name, const union doca_data *user_data, size_t num,
				       uint32_t extensions, struct doca_buf_inventory **handle, const char *func)
{
	struct opendoca_inventory *inventory;
	doca_error_t err;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "inventory is NULL");
	if (!num || num > UINT32_MAX)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%zu elements: from 1 to %u", num, UINT32_MAX);
	if (extensions)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "extensions %#x: none is defined", extensions);
	inventory = calloc(1, sizeof(*inventory));
	if (!inventory || (name && !(inventory->name = strdup(name)))) {
		free(inventory);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for an inventory");
	}
	if (user_data)
		inventory->user_data = *user_data;
	inventory->store.owner = &inventory->object;
	err = opendoca_buf_store_grow(&inventory->store, (uint32_t)num, func);
	if (err) {
		inventory_free(&inventory->object);
		return err;
	}
	*handle = opendoca_handle_open(&inventory->object, &opendoca_inventory_kind, inventory_free);
	if (!*handle) {
		inventory_free(&inventory->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of inventories");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_inventory_create(size_t num_elements, struct doca_buf_inventory **inventory)
{
	return opendoca_inventory_create(NULL, NULL, num_elements, 0, inventory, __func__);
}

doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *handle)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, __func__);
	uint32_t out;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	out = inventory->store.num_elements - inventory->store.num_free;
	if (out) {
		inventory_put(inventory);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u buffers of inventory %p are not back", out,
				     (void *)handle);
	}
	if (!opendoca_handle_close(handle, &opendoca_inventory_kind, __func__)) {
		inventory_put(inventory);
		return DOCA_ERROR_INVALID_VALUE;
	}
	inventory_put(inventory); /* this call's */
	inventory_put(inventory); /* the close's */
	inventory_put(inventory); /* its own */
	return DOCA_SUCCESS;
}

static doca_error_t set_started(struct doca_buf_inventory *handle, bool started, const char *func)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, func);

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	inventory->store.started = started;
	inventory_put(inventory);
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory)
{
	return set_started(inventory, true, __func__);
}

doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory)
{
	return set_started(inventory, false, __func__);
}

doca_error_t doca_buf_inventory_expand(struct doca_buf_inventory *handle, uint32_t num_elements)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, __func__);
	doca_error_t err;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	if (!num_elements || num_elements > UINT32_MAX - inventory->store.num_elements)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%u more elements: from 1 to %u", num_elements,
				    UINT32_MAX - inventory->store.num_elements);
	else if (!inventory->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "inventory %p is not started", (void *)handle);
	else
		err = opendoca_buf_store_grow(&inventory->store, num_elements, __func__);
	inventory_put(inventory);
	return err;
}

/* Reads one value of an inventory into *out. */
#define INVENTORY_GETTER(out, value)                                                                  \
	do {                                                                                          \
		struct opendoca_inventory *i_ = opendoca_inventory_get(inventory, __func__);          \
		if (!i_)                                                                              \
			return DOCA_ERROR_INVALID_VALUE;                                              \
		if (!(out)) {                                                                         \
			inventory_put(i_);                                                            \
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", #out); \
		}                                                                                     \
		*(out) = (value);                                                                     \
		inventory_put(i_);                                                                    \
		return DOCA_SUCCESS;                                                                  \
	} while (0)

doca_error_t doca_buf_inventory_get_num_elements(const struct doca_buf_inventory *inventory, uint32_t *num_of_elements)
{
	INVENTORY_GETTER(num_of_elements, i_->store.num_elements);
}

doca_error_t doca_buf_inventory_get_num_free_elements(const struct doca_buf_inventory *inventory,
						      uint32_t *num_of_free_elements)
{
	INVENTORY_GETTER(num_of_free_elements, i_->store.num_free);
}

doca_error_t doca_buf_inventory_get_user_data(const struct doca_buf_inventory *inventory, union doca_data *user_data)
{
	INVENTORY_GETTER(user_data, i_->user_data);
}

doca_error_t doca_buf_inventory_set_user_data(struct doca_buf_inventory *handle, union doca_data user_data)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	/* As a map's: user data is configuration, set while stopped. */
	if (inventory->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "inventory %p is started", (void *)handle);
	else
		inventory->user_data = user_data;
	inventory_put(inventory);
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Buffers                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t opendoca_inventory_buf_get(struct doca_buf_inventory *handle, struct doca_mmap *mmap_handle, void *addr,
					size_t len, void *data, size_t data_len, struct doca_buf **out,
					const char *func)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, func);
	uintptr_t at = (uintptr_t)addr, data_at = (uintptr_t)data;
	struct opendoca_mmap *mmap;
	struct opendoca_buf *buf = NULL;
	doca_error_t err;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	mmap = opendoca_mmap_get(mmap_handle, func);
	if (!mmap) {
		inventory_put(inventory);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buf is NULL");
	else if (len > UINTPTR_MAX - at || data_at < at || data_at - at > len || data_len > len - (data_at - at))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "data [%p, +%zu) is outside [%p, +%zu)", data,
				    data_len, addr, len);
	else if (!inventory->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "inventory %p is not started", (void *)handle);
	else
		err = opendoca_buf_store_take(&inventory->store, mmap, addr, len, data, data_len, DOCA_ERROR_NO_MEMORY,
					      &buf, func);
	if (!err)
		*out = opendoca_buf_pointer(buf);
	opendoca_mmap_put(mmap);
	inventory_put(inventory);
	return err;
}

doca_error_t doca_buf_inventory_buf_get_by_args(struct doca_buf_inventory *inventory, struct doca_mmap *mmap,
						void *addr, size_t len, void *data, size_t data_len,
						struct doca_buf **buf)
{
	return opendoca_inventory_buf_get(inventory, mmap, addr, len, data, data_len, buf, __func__);
}

/* Duplicates list src into inventory (under the caller's references). */
static doca_error_t dup_list(struct opendoca_inventory *inventory, const struct opendoca_buf *src,
			     struct opendoca_buf **out, const char *func)
{
	struct opendoca_buf *first = NULL, *last = NULL, *copy;
	doca_error_t err = DOCA_SUCCESS;

	if (inventory->store.num_free < src->list_len)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "the list has %u buffers and the inventory %u free",
				     src->list_len, inventory->store.num_free);
	for (; src && !err; src = src->next) {
		err = opendoca_buf_store_take(&inventory->store, src->mmap, src->head, src->len, src->data,
					      src->data_len, DOCA_ERROR_NO_MEMORY, &copy, func);
		if (err)
			break;
		if (!first) {
			first = copy;
		} else {
			copy->chained = 1;
			copy->last = NULL;
			copy->list_len = 0;
			last->next = copy;
			first->list_len++;
		}
		last = copy;
	}
	if (err) {
		/* A map of the list stopped meanwhile: the copies made go back. */
		for (struct opendoca_buf *next; first; first = next) {
			next = first->next;
			first->next = NULL;
			opendoca_buf_store_put(first);
		}
		return err;
	}
	first->last = last;
	*out = first;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_inventory_buf_dup(struct doca_buf_inventory *handle, const struct doca_buf *src_buf,
					struct doca_buf **dst_buf, const char *func)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, func);
	struct opendoca_buf *src, *copy = NULL;
	doca_error_t err;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	src = opendoca_buf_get(src_buf, func);
	if (!src)
		err = DOCA_ERROR_INVALID_VALUE;
	else if (!dst_buf)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dst_buf is NULL");
	else if (src->chained)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "buffer %p is not the first of its list",
				    (void *)src_buf);
	else if (!inventory->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "inventory %p is not started", (void *)handle);
	else
		err = dup_list(inventory, src, &copy, func);
	if (!err)
		*dst_buf = opendoca_buf_pointer(copy);
	inventory_put(inventory);
	return err;
}

doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory, const struct doca_buf *src_buf,
					struct doca_buf **dst_buf)
{
	return opendoca_inventory_buf_dup(inventory, src_buf, dst_buf, __func__);
}
