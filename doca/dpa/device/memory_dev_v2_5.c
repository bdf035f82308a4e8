/*
 * Copies and host pointers of DPA code, the forms of 2.5 - 2.10 (doca_dpa_dev_buf.h): buffers of
 * buffer arrays (common/buf_array_dpa.h: address, length, the map's key on the context's device).
 * A copy is an RDMA write on the context's loopback endpoint, from the source's key to the
 * destination's; doca_dpa_dev_memcpy_synchronize waits for the endpoint's work.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 0)

#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "buf_array_dpa.h"
#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"
#include "dpa_qp_dev.h"

static const struct opendoca_dpa_buf *buf_of(doca_dpa_dev_buf_t buf)
{
	return (const struct opendoca_dpa_buf *)(uintptr_t)buf;
}

/* [offset, offset + length) of a buffer, else the process stops. */
static uint64_t range(const struct opendoca_dpa_buf *b, uint64_t offset, uint64_t length)
{
	if (offset > b->len || length > b->len - offset)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_RANGE);
	return b->addr + offset;
}

void doca_dpa_dev_memcpy_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
			    uint64_t src_offset, size_t length)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_mem), *src = buf_of(src_mem);

	opendoca_dev_copy(range(dst, dst_offset, length), dst->mkey, range(src, src_offset, length), src->mkey, length);
}

void doca_dpa_dev_memcpy_transpose2D_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
					uint64_t src_offset, size_t length, size_t element_size, size_t num_columns,
					size_t num_rows)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_mem), *src = buf_of(src_mem);

	opendoca_dev_copy_transposed(range(dst, dst_offset, length), dst->mkey, range(src, src_offset, length),
				     src->mkey, length, element_size, num_columns, num_rows);
}

void doca_dpa_dev_memcpy_synchronize(void)
{
	opendoca_dev_copy_synchronize();
}

doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf, uint64_t buf_offset)
{
	const struct opendoca_dpa_buf *b = buf_of(buf);

	return opendoca_dev_external_ptr(range(b, buf_offset, 0), b->mkey);
}
