/*
 * Device functions of the queue tests: an event handler that consumes the CQEs of its CQ and
 * arms it again, and an RPC that posts NOP WQEs to an SQ and rings its doorbell, each through
 * an outbox, as a FlexIO application's data path does.
 */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../queue_test.h"

/* Whether the CQE at consumer index ci is the NIC's latest: its owner bit is the ring pass's. */
static int cqe_ready(struct queue_test_cq *cq, struct flexio_dev_cqe64 *cqe)
{
	uint8_t owner = flexio_dev_cqe_get_owner(cqe);

	/* The rest of the CQE is read after its owner byte, which the NIC writes last. */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return owner == ((cq->ci >> cq->log_depth) & 1);
}

/* Consumes every CQE there is, publishes the consumer index, arms the CQ, waits for the next. */
__dpa_global__ void queue_cq_handler(uint64_t state)
{
	struct queue_test_cq *cq = (struct queue_test_cq *)state;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)cq->outbox_id);
	cq->invocations++;
	for (;;) {
		struct flexio_dev_cqe64 *cqe =
			(struct flexio_dev_cqe64 *)cq->ring + (cq->ci & ((1u << cq->log_depth) - 1));

		if (!cqe_ready(cq, cqe))
			break;
		cq->last_opcode = flexio_dev_cqe_get_opcode(cqe);
		if (cq->last_opcode != 0 /* REQ */)
			cq->not_req++;
		cq->ci++;
		cq->cqes++;
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)cq->dbr, (uint32_t)cq->ci);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	flexio_dev_cq_arm((uint32_t)cq->ci, (uint32_t)cq->cqn);
	cq->arms++;
	/* Asked to (spin): the invocation lasts, so that the host destroys things while it runs. */
	for (volatile uint64_t i = 0; i < cq->spin; i++)
		;
	flexio_dev_thread_reschedule();
}

/* Posts count NOP WQEs, each asking for a CQE, and rings the SQ's doorbell once. */
__dpa_rpc__ uint64_t queue_sq_post_nop(uint64_t state, uint32_t count)
{
	struct queue_test_sq *sq = (struct queue_test_sq *)state;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)sq->outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	for (uint32_t i = 0; i < count; i++) {
		union flexio_dev_sqe_seg *wqe =
			(union flexio_dev_sqe_seg *)(sq->ring + (sq->pi & ((1u << sq->log_depth) - 1)) * 64);

		flexio_dev_swqe_seg_ctrl_set(wqe, (uint32_t)sq->pi, (uint32_t)sq->sqn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
					     FLEXIO_CTRL_SEG_NOP);
		sq->pi++;
	}
	/* The WQEs are in memory before the NIC is told of them. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	flexio_dev_qp_sq_ring_db((uint16_t)sq->pi, (uint32_t)sq->sqn);
	return 0;
}
