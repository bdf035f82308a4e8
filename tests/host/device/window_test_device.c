/* Device functions of the window/outbox/UAR/mkey tests: each returns 0 or a value, or
 * ERR_BASE + errno when a device call failed. */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#define ERR_BASE 1000000u

static uint64_t failed(void)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	return ERR_BASE + flexio_dev_get_and_rst_errno(dtctx);
}

/* Configures entity e with (window, mkey) and acquires a pointer to haddr. */
static uint64_t acquire(int e, uint32_t window, uint32_t mkey, uint64_t haddr, flexio_uintptr_t *p)
{
	if (flexio_dev_multi_window_config((enum flexio_window_entity)e, window, mkey) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	if (flexio_dev_multi_window_ptr_acquire((enum flexio_window_entity)e, haddr, p) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

/* Stores value at haddr + offset through entity e; writes back when asked. */
__dpa_rpc__ uint64_t win_store(uint64_t ids, uint64_t haddr, int64_t offset, uint64_t value, int writeback)
{
	flexio_uintptr_t p;
	uint64_t rc = acquire((int)(ids >> 48), (uint32_t)(ids >> 32) & 0xFFFF, (uint32_t)ids, haddr, &p);

	if (rc)
		return rc;
	*(volatile uint64_t *)(p + offset) = value;
	if (writeback)
		__dpa_thread_window_writeback();
	return 0;
}

__dpa_rpc__ uint64_t win_writeback(uint64_t unused)
{
	(void)unused;
	__dpa_thread_window_writeback();
	return 0;
}

/* Loads from haddr + offset through entity e, after an invalidation when asked. */
__dpa_rpc__ uint64_t win_load(uint64_t ids, uint64_t haddr, int64_t offset, int invalidate)
{
	flexio_uintptr_t p;
	uint64_t rc = acquire((int)(ids >> 48), (uint32_t)(ids >> 32) & 0xFFFF, (uint32_t)ids, haddr, &p);

	if (rc)
		return rc;
	if (invalidate)
		__dpa_thread_window_read_inv();
	return *(volatile uint64_t *)(p + offset);
}

/* Only the configuration / acquisition steps: 0 or ERR_BASE + errno. */
__dpa_rpc__ uint64_t win_config(int entity, uint32_t window, uint32_t mkey)
{
	if (flexio_dev_multi_window_config((enum flexio_window_entity)entity, window, mkey) !=
	    FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

__dpa_rpc__ uint64_t win_mkey_config(int entity, uint32_t mkey)
{
	if (flexio_dev_multi_window_mkey_config((enum flexio_window_entity)entity, mkey) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

__dpa_rpc__ uint64_t win_ptr(int entity, uint64_t haddr)
{
	flexio_uintptr_t p;

	if (flexio_dev_multi_window_ptr_acquire((enum flexio_window_entity)entity, haddr, &p) !=
	    FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

/* Sums n uint64 of host memory at haddr read through entity e (after invalidating). */
__dpa_rpc__ uint64_t win_sum(uint64_t ids, uint64_t haddr, uint32_t n)
{
	flexio_uintptr_t p;
	uint64_t sum = 0, rc = acquire((int)(ids >> 48), (uint32_t)(ids >> 32) & 0xFFFF, (uint32_t)ids, haddr, &p);

	if (rc)
		return rc;
	__dpa_thread_window_read_inv();
	for (uint32_t i = 0; i < n; i++)
		sum += ((volatile uint64_t *)p)[i];
	return sum;
}

/* Copies size bytes of DPA memory at daddr to haddr with flexio_dev_multi_window_copy_to_host. */
__dpa_rpc__ uint64_t win_copy(uint64_t ids, uint64_t haddr, flexio_uintptr_t daddr, uint32_t size)
{
	int e = (int)(ids >> 48);

	if (flexio_dev_multi_window_config((enum flexio_window_entity)e, (uint32_t)(ids >> 32) & 0xFFFF,
					   (uint32_t)ids) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	if (flexio_dev_multi_window_copy_to_host((enum flexio_window_entity)e, haddr, (const void *)daddr, size) !=
	    FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

/* Selects the outbox and rings a send, a CQ arm, an EQ update and a zero-CQE doorbell. */
__dpa_rpc__ uint64_t ring(uint32_t outbox, uint32_t qpn, uint32_t pi, uint32_t cqn, uint32_t ci)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	__dpa_thread_memory_writeback();
	flexio_dev_qp_sq_ring_db((uint16_t)pi, qpn);
	flexio_dev_cq_arm(ci, cqn);
	flexio_dev_eq_update_ci(ci + 1, cqn + 1);
	flexio_dev_zcqe_gen(cqn + 2);
	return 0;
}

/* A 4-byte store into the outbox page: not a doorbell register access, the thread faults. */
__dpa_rpc__ uint64_t ring_bad(uint32_t outbox)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	*(volatile uint32_t *)(((struct flexio_os_thread_ctx *)dtctx)->outbox_base + FLEXIO_OUTBOX_SXD_DB) = 1;
	return 0;
}

__dpa_rpc__ uint64_t uar_extension(uint32_t device_id, uint32_t qpn, uint32_t pi)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config_uar_extension(dtctx, device_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	if (flexio_dev_cross_device_ring_db(device_id, qpn, pi) != FLEXIO_DEV_STATUS_SUCCESS)
		return failed();
	return 0;
}

/* Writes len bytes (value + i) into DPA memory at daddr. */
__dpa_rpc__ uint64_t fill(flexio_uintptr_t daddr, uint32_t len, uint32_t value)
{
	for (uint32_t i = 0; i < len; i++)
		((volatile uint8_t *)daddr)[i] = (uint8_t)(value + i);
	return len;
}

/* Fills memory then crashes (user error 200): a recoverable buffer must survive it. */
__dpa_rpc__ uint64_t fill_and_crash(flexio_uintptr_t daddr, uint32_t len, uint32_t value)
{
	fill(daddr, len, value);
	flexio_dev_error(200);
	return 0;
}
