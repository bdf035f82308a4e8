/* The older edition (FlexIO 24.x, DOCA Driver APIs manual): dtctx-based helpers. */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#define CHECK(bit, cond) ((cond) ? 0 : (1ull << (bit)))

__dpa_rpc__ uint64_t older_print(uint64_t value)
{
	return (uint64_t)flexio_dev_print("older %llu\n", (unsigned long long)value);
}

__dpa_rpc__ uint64_t older_doorbells(uint32_t outbox_id, uint32_t qnum)
{
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t failed = 0;

	flexio_dev_get_thread_ctx(&dtctx);
	failed |= CHECK(0, flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(1, flexio_dev_cq_arm(dtctx, 5, qnum) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(2, flexio_dev_qp_sq_ring_db(dtctx, 9, qnum) == FLEXIO_DEV_STATUS_SUCCESS);
	return failed;
}

__dpa_rpc__ uint64_t older_window(uint64_t haddr)
{
	struct flexio_dev_thread_ctx *dtctx;
	flexio_uintptr_t *daddr = NULL;
	uint64_t failed = 0;

	flexio_dev_get_thread_ctx(&dtctx);
	failed |= CHECK(0, flexio_dev_window_config(dtctx, 9, 0x77) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(1, flexio_dev_window_mkey_config(dtctx, 0x77) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(2, flexio_dev_window_ptr_acquire(dtctx, haddr, &daddr) == FLEXIO_DEV_STATUS_SUCCESS);
	*(volatile uint32_t *)daddr = 0xABCD;
	__dpa_thread_window_writeback();
	failed |= CHECK(3, flexio_dev_window_copy_to_host(dtctx, haddr + 8, "old", 4) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(4, flexio_dev_window_config(NULL, 9, 0x77) == FLEXIO_DEV_STATUS_FAILED);
	return failed;
}

__dpa_global__ void older_handler(uint64_t arg)
{
	if (arg)
		flexio_dev_finish();
	flexio_dev_reschedule();
}
