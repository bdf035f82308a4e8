/* The current edition's device API on top of the runtime's services. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#define CHECK(bit, cond) ((cond) ? 0 : (1ull << (bit)))

__dpa_rpc__ uint64_t devapi_thread(void)
{
	struct flexio_dev_thread_ctx *dtctx = NULL;
	uint64_t failed = 0;

	failed |= CHECK(0, flexio_dev_get_thread_ctx(&dtctx) == 0 && dtctx != NULL);
	failed |= CHECK(1, (void *)dtctx == (void *)flexio_os_get_thread_ctx());
	failed |= CHECK(2, flexio_dev_get_thread_ctx(NULL) < 0);
	failed |= CHECK(3, flexio_dev_get_thread_id(dtctx) == 7);
	failed |= CHECK(4, flexio_dev_get_thread_local_storage(dtctx) == 0x5000);
	failed |= CHECK(5, flexio_dev_get_thread_id(NULL) == UINT32_MAX);
	flexio_dev_yield(dtctx); /* not continuable: returns */
	return failed;
}

/* A refused request records its errno in the thread; the errno calls read and clear it. */
__dpa_rpc__ uint64_t devapi_errno(void)
{
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t failed = 0;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_rst_errno(dtctx);
	failed |= CHECK(0, flexio_dev_get_errno(dtctx) == 0);
	failed |= CHECK(1, flexio_dev_multi_window_config((enum flexio_window_entity)5, 9, 0x77) ==
				   FLEXIO_DEV_STATUS_FAILED);
	failed |= CHECK(2, flexio_dev_get_errno(dtctx) == 22); /* EINVAL */
	failed |= CHECK(3, flexio_dev_outbox_config(dtctx, 99) == FLEXIO_DEV_STATUS_FAILED);
	failed |= CHECK(4, flexio_dev_get_and_rst_errno(dtctx) == 2); /* ENOENT from the runtime */
	failed |= CHECK(5, flexio_dev_get_errno(dtctx) == 0);
	return failed;
}

/* Outbox selection, then a doorbell through the header-inline helper. */
__dpa_rpc__ uint64_t devapi_outbox(uint32_t outbox_id, uint32_t cqn)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 2; /* the same id again: nothing to do */
	flexio_dev_outbox_config_fast(dtctx, (uint16_t)outbox_id);
	flexio_dev_cq_arm(0x123, cqn);
	return flexio_os_get_thread_ctx()->outbox_config_id;
}

/* A window onto host memory: a store through the pointer, a writeback, a copy. */
__dpa_rpc__ uint64_t devapi_window(uint64_t haddr)
{
	static const char text[] = "copied to host";
	flexio_uintptr_t daddr = 0;
	uint64_t failed = 0;

	failed |= CHECK(0, flexio_dev_window_config(FLEXIO_DEV_WINDOW_ENTITY_0, 9, 0x77) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(1, flexio_dev_multi_window_mkey_config(FLEXIO_DEV_WINDOW_ENTITY_0, 0x77) ==
				   FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(2, flexio_dev_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, haddr, &daddr) ==
					   FLEXIO_DEV_STATUS_SUCCESS &&
				   daddr != 0);
	*(volatile uint64_t *)daddr = 0x1122334455667788ull;
	__dpa_thread_window_writeback();
	failed |= CHECK(3, flexio_dev_multi_window_copy_to_host(FLEXIO_DEV_WINDOW_ENTITY_0, haddr + 64, text,
								sizeof(text)) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(4, flexio_dev_window_copy_from_host(FLEXIO_DEV_WINDOW_ENTITY_0, (void *)text, haddr, 1) ==
				   FLEXIO_DEV_STATUS_FAILED);
	failed |= CHECK(5, flexio_dev_multi_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, haddr + (1 << 20), &daddr) ==
				   FLEXIO_DEV_STATUS_FAILED);
	return failed;
}

__dpa_rpc__ uint64_t devapi_messages(void)
{
	struct flexio_dev_thread_ctx *dtctx;
	char long_text[600];
	int n;

	flexio_dev_get_thread_ctx(&dtctx);
	n = flexio_dev_msg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_WARN, "warn %d|", 1);
	n += flexio_dev_msg_dflt(FLEXIO_MSG_DEV_ERROR, "error %s|", "two");
	n += flexio_dev_print("print %x|", 0x3);
	n += flexio_dev_puts(dtctx, "puts|");
	memset(long_text, 'y', sizeof(long_text) - 1);
	long_text[sizeof(long_text) - 1] = '\0';
	/* Cut at the message size, counted in full as printf does. */
	n += flexio_dev_msg(5, FLEXIO_MSG_DEV_DEBUG, "%s", long_text);
	return (uint64_t)n;
}

__dpa_rpc__ uint64_t devapi_misc(void)
{
	static uint32_t ids[2] = { FLEXIO_DEV_NIC_COUNTER_PORT0_RX_BYTES, FLEXIO_DEV_NIC_COUNTER_PORT1_TX_BYTES };
	static uint32_t values[2];
	uint64_t failed = 0;

	flexio_dev_event_handler_activate(11);
	flexio_dev_nic_counters_config(values, ids, 2);
	flexio_dev_nic_counters_sample();
	failed |= CHECK(0, values[0] == 0x10 * 10 && values[1] == 0x21 * 10);
	flexio_dev_nic_counters_sample();
	failed |= CHECK(1, values[0] == 0x10 * 10 + 1);
	failed |= CHECK(2, flexio_dev_get_pcc_table_base(1) == 0x40000 && flexio_dev_get_pcc_table_base(2) == 0);
	return failed;
}

/* The ways an invocation ends; which one is chosen by the argument. */
__dpa_rpc__ uint64_t devapi_end(uint32_t how, uint32_t code)
{
	printf("ending %u", how); /* no newline: the end of the invocation sends it */
	switch (how) {
	case 0:
		flexio_dev_thread_finish();
	case 1:
		flexio_dev_thread_reschedule();
	case 2:
		flexio_dev_thread_retrigger();
	case 3:
		flexio_dev_process_finish();
	default:
		flexio_dev_error((uint8_t)code);
	}
}
