/*
 * A device program written for NVIDIA FlexIO 24.01 .. 24.07, in its idioms: the release chosen
 * after including the version header, handlers declared through their typedefs before their
 * definitions, entry-point markers, flexio_dev_print over flexio_dev_msg, dtctx-first inline
 * doorbells, NVIDIA's outbox macros. Built with -Werror and without
 * FLEXIO_DEV_ALLOW_EXPERIMENTAL_API: 24.x marks nothing experimental.
 */
#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(24, 1, 0)
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#define CHECK(bit, cond) ((cond) ? 0 : (1ull << (bit)))

flexio_dev_rpc_handler_t nv2401_print;
flexio_dev_rpc_handler_t nv2401_window;
flexio_dev_event_handler_t nv2401_handler;

__FLEXIO_ENTRY_POINT_START
__dpa_rpc__ uint64_t nv2401_print(uint64_t value)
{
	return (uint64_t)flexio_dev_print("nv2401 %llu\n", (unsigned long long)value);
}

__dpa_rpc__ uint64_t nv2401_window(uint64_t haddr)
{
	struct flexio_dev_thread_ctx *dtctx;
	flexio_uintptr_t daddr = 0;
	uint64_t failed = 0;

	failed |= CHECK(0, flexio_dev_get_thread_ctx(&dtctx) == 0);
	failed |= CHECK(1, flexio_dev_window_config(dtctx, 9, 0x77) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(2, flexio_dev_window_ptr_acquire(dtctx, haddr, &daddr) == FLEXIO_DEV_STATUS_SUCCESS);
	*(volatile uint32_t *)daddr = 0x2401;
	__dpa_thread_window_writeback();
	return failed;
}

__dpa_global__ void nv2401_handler(uint64_t arg)
{
	(void)arg;
	flexio_dev_thread_reschedule();
}
__FLEXIO_ENTRY_POINT_END

/* Doorbells of the 24.x helpers, one each, in the order the test checks them. */
__dpa_rpc__ uint64_t nv2401_doorbells(uint32_t outbox_id, uint32_t qnum)
{
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t failed = 0;

	flexio_dev_get_thread_ctx(&dtctx);
	failed |= CHECK(0, flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(1, flexio_dev_cq_arm(dtctx, 5, qnum) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(2, flexio_dev_qp_sq_ring_db(dtctx, 9, qnum) == FLEXIO_DEV_STATUS_SUCCESS);
	failed |= CHECK(3, flexio_dev_cc_ring_db(dtctx, 0x1234, 0x89abcdef, 1, CC_DB_NEXT_ACT_FW) ==
				   FLEXIO_DEV_STATUS_SUCCESS);
	/* NVIDIA's macro form writes the same doorbell. */
	outbox_write(((struct flexio_os_thread_ctx *)(void *)dtctx)->outbox_base, CQ_DB, OUTBOX_V_CQ_DB(qnum, 6));
	return failed;
}

/* A CQE of the 24.01 layout read by the 24.x getters. */
__dpa_rpc__ uint64_t nv2401_cqe(uint64_t unused)
{
	static struct flexio_dev_cqe64 cqe;
	uint64_t failed = 0;

	(void)unused;
	cqe.csum_ok = 0x6;
	cqe.byte_cnt = cpu_to_be32(1500);
	cqe.err_syndrome = cpu_to_be32(0x12);
	cqe.qpn = cpu_to_be32(0xAB123456);
	cqe.wqe_counter = cpu_to_be16(7);
	cqe.op_own = 0x21;
	failed |= CHECK(0, flexio_dev_cqe_get_csum_ok(&cqe) == 0x6);
	failed |= CHECK(1, flexio_dev_cqe_get_byte_cnt(&cqe) == 1500);
	failed |= CHECK(2, flexio_dev_cqe_get_err_synd(&cqe) == 0x12);
	failed |= CHECK(3, flexio_dev_cqe_get_qpn(&cqe) == 0x123456);
	failed |= CHECK(4, flexio_dev_cqe_get_wqe_counter(&cqe) == 7);
	failed |= CHECK(5, flexio_dev_cqe_get_opcode(&cqe) == 2 && flexio_dev_cqe_get_owner(&cqe) == 1);
	failed |= CHECK(6, _Alignof(struct flexio_dev_cqe64) == 8 && FLEXIO_CTRL_SEG_LDMA == 2);
	return failed;
}
