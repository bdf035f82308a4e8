/* Device functions of the queue event tests: a CQ-consuming event handler and an SQ poster. */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../queue_events.h"

/* Consumes every CQE there is (checking each owner bit is its ring pass's), publishes the
 * consumer index, arms the CQ for the next completion and, if asked, spins a while before
 * ending the invocation (so that the host destroys things while it runs). */
__dpa_global__ void qe_cq_handler(uint64_t arg)
{
	struct qe_cq *cq = (struct qe_cq *)arg;
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t mask = (1ull << cq->log_depth) - 1;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)cq->outbox_id);
	cq->invocations++;
	for (;;) {
		struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)cq->ring + (cq->ci & mask);
		uint8_t owner = flexio_dev_cqe_get_owner(cqe);

		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (owner != ((cq->ci >> cq->log_depth) & 1))
			break;
		if (flexio_dev_cqe_get_opcode(cqe) != 0 /* REQ */)
			cq->bad_phase++;
		cq->ci++;
		cq->cqes++;
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)cq->dbr, (uint32_t)cq->ci);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	flexio_dev_cq_arm((uint32_t)cq->ci, (uint32_t)cq->cqn);
	cq->arms++;
	for (volatile uint64_t i = 0; i < cq->spin; i++)
		;
	flexio_dev_thread_reschedule();
}

/* Posts count NOP WQEs asking for a CQE each to the SQ described at sq (its number may be
 * another process's: the NIC must refuse that doorbell), and rings the doorbell once. */
__dpa_rpc__ uint64_t qe_post_nops(uint64_t sq_daddr, uint64_t count)
{
	struct qe_sq *sq = (struct qe_sq *)sq_daddr;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)sq->outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	for (uint64_t i = 0; i < count; i++) {
		union flexio_dev_sqe_seg *wqe =
			(union flexio_dev_sqe_seg *)(sq->ring + (sq->pi & ((1u << sq->log_depth) - 1)) * 64);

		flexio_dev_swqe_seg_ctrl_set(wqe, (uint32_t)sq->pi, (uint32_t)sq->sqn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
					     FLEXIO_CTRL_SEG_NOP);
		sq->pi++;
	}
	__atomic_thread_fence(__ATOMIC_RELEASE);
	flexio_dev_qp_sq_ring_db((uint16_t)sq->pi, (uint32_t)sq->sqn);
	return 0;
}

/* Counts its invocations in the word at counter. */
__dpa_global__ void qe_count(uint64_t counter)
{
	__atomic_add_fetch((uint64_t *)counter, 1, __ATOMIC_RELAXED);
}

/* Activates the handler of activation id count times, as another thread of the process would. */
__dpa_rpc__ uint64_t qe_activate(uint64_t id, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
		flexio_dev_event_handler_activate((uint32_t)id);
	return 0;
}
