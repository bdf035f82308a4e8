/* 2.2's spellings of the buffer calls: doca_buf_list_* and doca_buf_refcount_add / _rm. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_buf.h"

#include "buf.h"

doca_error_t doca_buf_list_chain(struct doca_buf *list1, struct doca_buf *list2)
{
	return opendoca_buf_chain(list1, list2, __func__);
}

doca_error_t doca_buf_list_unchain(struct doca_buf *list1, struct doca_buf *list2)
{
	return opendoca_buf_unchain(list1, list2, __func__);
}

doca_error_t doca_buf_list_is_first(const struct doca_buf *buf, bool *is_first)
{
	return opendoca_buf_is(buf, OPENDOCA_BUF_FIRST, is_first, __func__);
}

doca_error_t doca_buf_list_is_last(const struct doca_buf *buf, bool *is_last)
{
	return opendoca_buf_is(buf, OPENDOCA_BUF_LAST, is_last, __func__);
}

doca_error_t doca_buf_list_last(struct doca_buf *buf, struct doca_buf **last_buf)
{
	return opendoca_buf_last(buf, last_buf, __func__);
}

doca_error_t doca_buf_list_next(struct doca_buf *buf, struct doca_buf **next_buf)
{
	return opendoca_buf_next(buf, next_buf, __func__);
}

doca_error_t doca_buf_list_num_elements(const struct doca_buf *buf, uint32_t *num_elements)
{
	return opendoca_buf_list_len(buf, num_elements, __func__);
}

doca_error_t doca_buf_refcount_add(struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_inc(buf, refcount, __func__);
}

doca_error_t doca_buf_refcount_rm(struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_dec(buf, refcount, __func__);
}
