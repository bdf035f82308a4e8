/* 1.x's spellings of the buffer calls (the DOCA Core programming guide): head, length, reference count. */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include "doca_buf.h"

#include "buf.h"

doca_error_t doca_buf_head_get(struct doca_buf *buf, uint8_t **head)
{
	return opendoca_buf_head(buf, (void **)head, __func__);
}

doca_error_t doca_buf_len_get(struct doca_buf *buf, size_t *len)
{
	return opendoca_buf_len(buf, len, __func__);
}

doca_error_t doca_buf_refcount_get(struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_refcount(buf, refcount, __func__);
}
