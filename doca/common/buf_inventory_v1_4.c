/*
 * 1.x's forms of the inventory calls (the DOCA Core programming guide): create with a name,
 * properties, buf_by_addr. Every inventory property is read-only (the guide says so).
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include "doca_buf_inventory.h"

#include <string.h>

#include "buf.h"
#include "private.h"

doca_error_t doca_buf_inventory_create(const char *name, size_t num_elements, uint32_t extensions,
				       struct doca_buf_inventory **buf_inventory)
{
	return opendoca_inventory_create(name ? name : "", NULL, num_elements, extensions, buf_inventory, __func__);
}

doca_error_t doca_buf_inventory_buf_by_addr(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, char *addr,
					    size_t len, struct doca_buf **buf)
{
	return opendoca_inventory_buf_get(inventory, mmap, addr, len, addr, 0, buf, __func__);
}

doca_error_t doca_buf_inventory_property_get(struct doca_buf_inventory *handle,
					     enum doca_buf_inventory_property property, const uint8_t *value,
					     uint32_t size)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, __func__);
	/* The guide's "value" is where the property is written, const as it is. */
	uint8_t *out = (uint8_t *)(uintptr_t)value;
	doca_error_t err = DOCA_SUCCESS;
	uint32_t number = 0;
	size_t name_len;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	if (!value) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	} else if (property == DOCA_BUF_INVENTORY_NAME) {
		name_len = strlen(inventory->name ? inventory->name : "") + 1;
		if (size < name_len)
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the name takes %zu bytes, not %u",
					    name_len, size);
		else
			memcpy(out, inventory->name ? inventory->name : "", name_len);
	} else if (property == DOCA_BUF_INVENTORY_NUM_ELEMENTS || property == DOCA_BUF_INVENTORY_NUM_FREE_ELEMENTS) {
		number = property == DOCA_BUF_INVENTORY_NUM_ELEMENTS ? inventory->store.num_elements
								     : inventory->store.num_free;
		if (size != sizeof(number))
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the property takes %zu bytes, not %u",
					    sizeof(number), size);
		else
			memcpy(out, &number, sizeof(number));
	} else {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not an inventory property",
				    (int)property);
	}
	opendoca_handle_put(&inventory->object);
	return err;
}

doca_error_t doca_buf_inventory_property_set(struct doca_buf_inventory *handle,
					     enum doca_buf_inventory_property property, const uint8_t *value,
					     uint32_t size)
{
	struct opendoca_inventory *inventory = opendoca_inventory_get(handle, __func__);
	doca_error_t err;

	if (!inventory)
		return DOCA_ERROR_INVALID_VALUE;
	(void)size;
	if (!value)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	else if (property < DOCA_BUF_INVENTORY_NAME || property > DOCA_BUF_INVENTORY_NUM_FREE_ELEMENTS)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not an inventory property",
				    (int)property);
	else
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "inventory property %d is read-only",
				    (int)property);
	opendoca_handle_put(&inventory->object);
	return err;
}
