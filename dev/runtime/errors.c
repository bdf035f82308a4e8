/* Fatal user errors and the per-thread recoverable error flag (flexio_dev_err.h). */
#include <libflexio-dev/flexio_dev_err.h>

#include "runtime.h"

/* The user range of fatal error codes (the current manual; the older edition's 129..255 is inside it). */
#define DEV_USER_ERROR_MIN 128

void dev_set_errno(uint32_t error)
{
	struct flexio_os_thread_ctx *ctx = dev_thread_ctx();

	if (ctx)
		ctx->errno_val = error;
}

flexio_dev_status_t dev_status_of(uint64_t result)
{
	if (!DEV_ECALL_FAILED(result))
		return FLEXIO_DEV_STATUS_SUCCESS;
	dev_set_errno((uint32_t)-result);
	return FLEXIO_DEV_STATUS_FAILED;
}

void flexio_dev_error(uint8_t error)
{
	dev_end_invocation(DPA_ECALL_PROCESS_ERROR, error >= DEV_USER_ERROR_MIN ? error : FLEXIO_DEV_ERROR_ILLEGAL_ERR);
}

uint64_t flexio_dev_get_errno(struct flexio_dev_thread_ctx *dtctx)
{
	if (!dev_ctx_is_current(dtctx))
		return EINVAL;
	return ((struct flexio_os_thread_ctx *)dtctx)->errno_val;
}

void flexio_dev_rst_errno(struct flexio_dev_thread_ctx *dtctx)
{
	if (dev_ctx_is_current(dtctx))
		((struct flexio_os_thread_ctx *)dtctx)->errno_val = 0;
}

uint64_t flexio_dev_get_and_rst_errno(struct flexio_dev_thread_ctx *dtctx)
{
	uint64_t error;

	if (!dev_ctx_is_current(dtctx))
		return EINVAL;
	error = ((struct flexio_os_thread_ctx *)dtctx)->errno_val;
	((struct flexio_os_thread_ctx *)dtctx)->errno_val = 0;
	return error;
}
