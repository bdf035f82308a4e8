/*
 * Buffers of buffer arrays from DPA code, 2.5's forms (doca_dpa_dev_buf_array.h): functions of the
 * device library there, inline functions of doca_dpa_dev_buf.h in 2.6 and later. A buffer array's
 * handle is the DPA address of its table (common/buf_array_dpa.h), a buffer's that of an element.
 * Being functions, 2.5's forms check what the inline ones cannot: a null handle, or an index past
 * the array's end, stops the process (OPENDOCA_DPA_DEV_ERROR_BAD_BUF), which the host reports.
 */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)

#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "buf_array_dpa.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf_array.h"
#include "dev_context.h"

static const struct opendoca_dpa_buf *buf_of(doca_dpa_dev_buf_t buf)
{
	if (!buf)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_BUF);
	return (const struct opendoca_dpa_buf *)(uintptr_t)buf;
}

doca_dpa_dev_buf_t doca_dpa_dev_buf_array_get_buf(doca_dpa_dev_buf_arr_t buf_arr, const uint64_t buf_idx)
{
	const struct opendoca_dpa_buf_arr *arr = (const struct opendoca_dpa_buf_arr *)(uintptr_t)buf_arr;

	if (!arr || buf_idx >= arr->num_elem)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_BUF);
	return (doca_dpa_dev_buf_t)(uintptr_t) & ((const struct opendoca_dpa_buf *)(uintptr_t)arr->bufs)[buf_idx];
}

uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf)
{
	return (uintptr_t)buf_of(buf)->addr;
}

uint64_t doca_dpa_dev_buf_get_len(doca_dpa_dev_buf_t buf)
{
	return buf_of(buf)->len;
}
