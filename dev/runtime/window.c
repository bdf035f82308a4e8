/*
 * Windows onto host memory. The current edition has two entities per thread; the older
 * edition's single window (window_older_edition.c) is entity 0. Both call the dev_window_*
 * helpers, which check the entity and talk to the runtime.
 */
#include "runtime.h"

static bool entity_checked(unsigned entity)
{
	if (entity < FLEXIO_DEV_WINDOW_ENTITY_NUM)
		return true;
	dev_set_errno(EINVAL);
	return false;
}

flexio_dev_status_t dev_window_config(unsigned entity, uint16_t window_config_id, uint32_t mkey)
{
	struct flexio_os_thread_ctx *ctx = dev_thread_ctx();

	if (!entity_checked(entity) || !ctx)
		return FLEXIO_DEV_STATUS_FAILED;
	if (dev_status_of(__flexio_dev_ecall3(DPA_ECALL_WINDOW_CONFIG, entity, window_config_id, mkey)))
		return FLEXIO_DEV_STATUS_FAILED;
	/* The context has room for one window id: entity 0's, the older edition's window. */
	if (entity == FLEXIO_DEV_WINDOW_ENTITY_0)
		ctx->window_config_id = window_config_id;
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t dev_window_mkey_config(unsigned entity, uint32_t mkey)
{
	if (!entity_checked(entity))
		return FLEXIO_DEV_STATUS_FAILED;
	return dev_status_of(__flexio_dev_ecall2(DPA_ECALL_WINDOW_MKEY_CONFIG, entity, mkey));
}

flexio_dev_status_t dev_window_ptr_acquire(unsigned entity, uint64_t haddr, flexio_uintptr_t *daddr)
{
	uint64_t address;

	if (!entity_checked(entity))
		return FLEXIO_DEV_STATUS_FAILED;
	if (!daddr) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	address = __flexio_dev_ecall2(DPA_ECALL_WINDOW_PTR, entity, haddr);
	if (dev_status_of(address))
		return FLEXIO_DEV_STATUS_FAILED;
	*daddr = address;
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t dev_window_copy_to_host(unsigned entity, uint64_t haddr, const void *daddr, uint32_t size)
{
	if (!entity_checked(entity))
		return FLEXIO_DEV_STATUS_FAILED;
	if (!daddr && size) {
		dev_set_errno(EINVAL);
		return FLEXIO_DEV_STATUS_FAILED;
	}
	if (size == 0)
		return FLEXIO_DEV_STATUS_SUCCESS;
	return dev_status_of(
		dev_ecall4(DPA_ECALL_WINDOW_COPY_TO_HOST, entity, haddr, (uint64_t)(uintptr_t)daddr, size));
}

flexio_dev_status_t dev_window_copy_from_host(void)
{
	/* Documented as UNSUPPORTED: read through a pointer from ptr_acquire instead. */
	dev_set_errno(ENOTSUP);
	return FLEXIO_DEV_STATUS_FAILED;
}

flexio_dev_status_t flexio_dev_multi_window_config(enum flexio_window_entity win_entity, uint16_t window_config_id,
						   uint32_t mkey)
{
	return dev_window_config(win_entity, window_config_id, mkey);
}

flexio_dev_status_t flexio_dev_multi_window_mkey_config(enum flexio_window_entity win_entity, uint32_t mkey)
{
	return dev_window_mkey_config(win_entity, mkey);
}

flexio_dev_status_t flexio_dev_multi_window_ptr_acquire(enum flexio_window_entity win_entity, uint64_t haddr,
							flexio_uintptr_t *daddr)
{
	return dev_window_ptr_acquire(win_entity, haddr, daddr);
}

flexio_dev_status_t flexio_dev_multi_window_copy_to_host(enum flexio_window_entity win_entity, uint64_t haddr,
							 const void *daddr, uint32_t size)
{
	return dev_window_copy_to_host(win_entity, haddr, daddr, size);
}

flexio_dev_status_t flexio_dev_multi_window_copy_from_host(enum flexio_window_entity win_entity, void *daddr,
							   uint64_t haddr, uint32_t size)
{
	(void)win_entity;
	(void)daddr;
	(void)haddr;
	(void)size;
	return dev_window_copy_from_host();
}
