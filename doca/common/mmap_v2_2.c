/*
 * 2.2's forms of the memory map calls: create with user data, dev_add / dev_rm (the same rules as
 * 2.5's add_dev / rm_dev for a 2.x map; 1.x's maps take their devices after start, and call these
 * too), export_dpu (2.5's export_pci), the dma-buf range without an address.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_mmap.h"

#include "mmap.h"
#include "private.h"

doca_error_t doca_mmap_create(const union doca_data *user_data, struct doca_mmap **mmap)
{
	return opendoca_mmap_create(false, NULL, user_data, mmap, __func__);
}

doca_error_t doca_mmap_dev_add(struct doca_mmap *handle, struct doca_dev *dev)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_mmap_add_device(mmap, dev, __func__);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_dev_rm(struct doca_mmap *handle, struct doca_dev *dev)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_mmap_rm_device(mmap, dev, __func__);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_export_dpu(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				  size_t *export_desc_len)
{
	return opendoca_mmap_export_form(mmap, dev, OPENDOCA_EXPORT_PCI, export_desc, export_desc_len, __func__);
}

/* 2.2 gives no address: buffers address the dma-buf by offset. */
doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, size_t offset, size_t len)
{
	return opendoca_mmap_set_dmabuf(mmap, dmabuf_fd, offset, offset, len, __func__);
}
