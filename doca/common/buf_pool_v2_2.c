/* 2.2's buffer pools (doca_bufpool.h): the same pools, created with user data, extensions and alignment. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_bufpool.h"

#include "buf.h"
#include "private.h"

doca_error_t doca_bufpool_create(const union doca_data *user_data, size_t num_elements, uint32_t extensions,
				 size_t element_size, size_t element_alignment, const struct doca_mmap *mmap,
				 struct doca_bufpool **bufpool)
{
	if (extensions)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "extensions %#x: none is defined", extensions);
	return opendoca_pool_create(user_data, num_elements, element_size, element_alignment, mmap, (void **)bufpool,
				    __func__);
}

doca_error_t doca_bufpool_destroy(struct doca_bufpool *bufpool)
{
	return opendoca_pool_destroy(bufpool, __func__);
}

doca_error_t doca_bufpool_start(struct doca_bufpool *bufpool)
{
	return opendoca_pool_start(bufpool, __func__);
}

doca_error_t doca_bufpool_stop(struct doca_bufpool *bufpool)
{
	return opendoca_pool_stop(bufpool, __func__);
}

doca_error_t doca_bufpool_buf_alloc(struct doca_bufpool *bufpool, struct doca_buf **buf)
{
	return opendoca_pool_buf_alloc(bufpool, buf, __func__);
}

doca_error_t doca_bufpool_get_num_elements(const struct doca_bufpool *bufpool, uint32_t *num_of_elements)
{
	return opendoca_pool_read(bufpool, OPENDOCA_POOL_NUM_ELEMENTS, num_of_elements, __func__);
}

doca_error_t doca_bufpool_get_num_free_elements(const struct doca_bufpool *bufpool, uint32_t *num_of_free_elements)
{
	return opendoca_pool_read(bufpool, OPENDOCA_POOL_NUM_FREE, num_of_free_elements, __func__);
}

doca_error_t doca_bufpool_get_user_data(const struct doca_bufpool *bufpool, union doca_data *user_data)
{
	return opendoca_pool_read(bufpool, OPENDOCA_POOL_USER_DATA, user_data, __func__);
}
