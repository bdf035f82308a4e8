/* Windows, older edition: one window per thread (entity 0), reached through the thread context. */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include "runtime.h"

static bool ctx_checked(struct flexio_dev_thread_ctx *dtctx)
{
	if (dev_ctx_is_current(dtctx))
		return true;
	dev_set_errno(EINVAL);
	return false;
}

flexio_dev_status_t flexio_dev_window_config(struct flexio_dev_thread_ctx *dtctx, uint16_t window_config_id,
					     uint32_t mkey)
{
	if (!ctx_checked(dtctx))
		return FLEXIO_DEV_STATUS_FAILED;
	return dev_window_config(0, window_config_id, mkey);
}

flexio_dev_status_t flexio_dev_window_mkey_config(struct flexio_dev_thread_ctx *dtctx, uint32_t mkey)
{
	if (!ctx_checked(dtctx))
		return FLEXIO_DEV_STATUS_FAILED;
	return dev_window_mkey_config(0, mkey);
}

flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx, uint64_t haddr,
						  flexio_uintptr_t **daddr)
{
	flexio_uintptr_t address;

	if (!ctx_checked(dtctx))
		return FLEXIO_DEV_STATUS_FAILED;
	if (!daddr) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	if (dev_window_ptr_acquire(0, haddr, &address))
		return FLEXIO_DEV_STATUS_FAILED;
	/* The parameter has the manual's type; what it receives is the address itself. */
	*daddr = (flexio_uintptr_t *)(uintptr_t)address;
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_window_copy_to_host(struct flexio_dev_thread_ctx *dtctx, uint64_t haddr,
						   const void *daddr, uint32_t size)
{
	if (!ctx_checked(dtctx))
		return FLEXIO_DEV_STATUS_FAILED;
	return dev_window_copy_to_host(0, haddr, daddr, size);
}

flexio_dev_status_t flexio_dev_window_copy_from_host(struct flexio_dev_thread_ctx *dtctx, void *daddr, uint64_t haddr,
						     uint32_t size)
{
	(void)dtctx;
	(void)daddr;
	(void)haddr;
	(void)size;
	return dev_window_copy_from_host();
}
