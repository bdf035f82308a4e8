/* 2.2's forms of the inventory calls: create with user data and extensions, buf_by_args. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_buf_inventory.h"

#include "buf.h"

doca_error_t doca_buf_inventory_create(const union doca_data *user_data, size_t num_elements, uint32_t extensions,
				       struct doca_buf_inventory **buf_inventory)
{
	return opendoca_inventory_create(NULL, user_data, num_elements, extensions, buf_inventory, __func__);
}

doca_error_t doca_buf_inventory_buf_by_args(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, void *addr,
					    size_t len, void *data, size_t data_len, struct doca_buf **buf)
{
	return opendoca_inventory_buf_get(inventory, mmap, addr, len, data, data_len, buf, __func__);
}
