/* Outbox selection (doorbells go through the thread's current outbox page). */
#include "runtime.h"

/* Asks the runtime for the outbox's page and records it where the doorbell helpers read it. */
static flexio_dev_status_t outbox_select(struct flexio_os_thread_ctx *ctx, uint16_t outbox_config_id)
{
	uint64_t page = __flexio_dev_ecall1(DPA_ECALL_OUTBOX_CONFIG, outbox_config_id);

	if (dev_status_of(page) != FLEXIO_DEV_STATUS_SUCCESS)
		return FLEXIO_DEV_STATUS_FAILED;
	ctx->outbox_base = page;
	ctx->outbox_config_id = outbox_config_id;
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_outbox_config(struct flexio_dev_thread_ctx *dtctx, uint16_t outbox_config_id)
{
	struct flexio_os_thread_ctx *ctx = (struct flexio_os_thread_ctx *)dtctx;

	if (!dev_ctx_is_current(dtctx)) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	if (ctx->outbox_config_id == outbox_config_id && ctx->outbox_base != 0)
		return FLEXIO_DEV_STATUS_SUCCESS;
	return outbox_select(ctx, outbox_config_id);
}

void flexio_dev_outbox_config_fast(struct flexio_dev_thread_ctx *dtctx, uint16_t outbox_config_id)
{
	/* "Without any check": only what keeps the call from writing through a NULL context. */
	if (dtctx)
		outbox_select((struct flexio_os_thread_ctx *)dtctx, outbox_config_id);
}

flexio_dev_status_t flexio_dev_outbox_config_uar_extension(struct flexio_dev_thread_ctx *dtctx,
							   flexio_uar_device_id device_id)
{
	if (!dev_ctx_is_current(dtctx)) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	return dev_status_of(__flexio_dev_ecall1(DPA_ECALL_OUTBOX_UAR_EXTENSION, device_id));
}

flexio_dev_status_t flexio_dev_cross_device_ring_db(flexio_uar_device_id device_id, uint32_t qpn, uint32_t pi)
{
	if (qpn > 0xFFFFFFu) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	return dev_status_of(__flexio_dev_ecall3(DPA_ECALL_CROSS_DEVICE_RING_DB, device_id, qpn, pi));
}
