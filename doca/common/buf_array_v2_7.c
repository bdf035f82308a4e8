/*
 * The buffer array forms of 2.2 - 2.10 (the 2.7 headers declare them all): create over a map,
 * set_params with the count (size, num_elem, start_offset), and 2.5's DPA handle as a pointer.
 */
#define DOCA_VER_USED DOCA_VER(2, 7, 0)

#include "doca_buf_array.h"

#include "buf.h"
#include "private.h"

doca_error_t doca_buf_arr_create(struct doca_mmap *mmap, struct doca_buf_arr **buf_arr)
{
	if (!mmap)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "mmap is NULL");
	return opendoca_buf_arr_create(0, mmap, buf_arr, __func__);
}

doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, size_t size, uint32_t num_elem,
				     uint32_t start_offset)
{
	return opendoca_buf_arr_set_params(buf_arr, NULL, num_elem, size, start_offset, __func__);
}

doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, struct doca_dpa_dev_buf_arr **dpa_buf_arr)
{
	uint64_t table;
	doca_error_t err;

	if (!dpa_buf_arr)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_buf_arr is NULL");
	err = opendoca_buf_arr_dpa_handle(buf_arr, &table, __func__);
	if (!err)
		*dpa_buf_arr = (struct doca_dpa_dev_buf_arr *)(uintptr_t)table;
	return err;
}
