/*
 * Copies between memories the context's device reaches, for every release's memcpy forms: RDMA
 * writes on the context's loopback endpoint (its responder executes them on the same PD), from
 * the source's key to the destination's.
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "dev_internal.h"
#include "dpa_qp_dev.h"

/* The largest write (the endpoint's: 2 GiB); longer copies are cut. */
#define COPY_MAX (1ull << 31)

static struct opendoca_dpa_qp_desc *loopback(void)
{
	const struct opendoca_dpa_dev_context *ctx = opendoca_dev_context();

	if (!ctx)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT);
	return (struct opendoca_dpa_qp_desc *)(uintptr_t)ctx->qp;
}

void opendoca_dev_copy(uint64_t dst, uint32_t dst_key, uint64_t src, uint32_t src_key, uint64_t length)
{
	struct opendoca_dpa_qp_desc *qp = loopback();

	while (length) {
		uint32_t n = (uint32_t)(length < COPY_MAX ? length : COPY_MAX);

		opendoca_dev_qp_post_write(qp, src, src_key, n, dst, dst_key, 0);
		src += n;
		dst += n;
		length -= n;
	}
}

void opendoca_dev_copy_transposed(uint64_t dst, uint32_t dst_key, uint64_t src, uint32_t src_key, uint64_t length,
				  uint64_t element_size, uint64_t num_columns, uint64_t num_rows)
{
	if (!element_size || num_columns * num_rows * element_size > length)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_RANGE);
	/* Element (r, c) of the num_rows x num_columns source is (c, r) of the destination. */
	for (uint64_t r = 0; r < num_rows; r++)
		for (uint64_t c = 0; c < num_columns; c++)
			opendoca_dev_copy(dst + (c * num_rows + r) * element_size, dst_key,
					  src + (r * num_columns + c) * element_size, src_key, element_size);
}

void opendoca_dev_copy_synchronize(void)
{
	if (opendoca_dev_qp_synchronize(loopback()))
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_RDMA);
}
