/*
 * The device side of a program written for NVIDIA FlexIO 24.01 .. 24.07, in its idioms: no
 * release selected (24.01's device headers had no version macros; the build chooses 24.01 through
 * the per-release pkg-config directory, which dpacc reads), dtctx-first helpers
 * (flexio_dev_get_thread_ctx(&dtctx), flexio_dev_get_thread_id(dtctx)), flexio_dev_print,
 * flexio_dev_error; an event handler consuming its CQ and an RPC posting WQEs, with 24.01's
 * dtctx-first doorbell helpers (flexio_dev_qp_sq_ring_db(dtctx, ...), flexio_dev_cq_arm(dtctx,
 * ...)). Built with -Werror and no ALLOW flag: 24.01 marks nothing experimental.
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

/* The queues' state in DPA memory, as the host program lays it out. */
struct nv2401_queues {
	uint64_t cq_ring, cq_dbr, cqn, log_cq, sq_ring, sqn, log_sq, outbox_id;
	uint64_t ci, pi, cqes, invocations;
};

uint64_t nv2401_sum(uint64_t values_daddr, uint64_t count);
uint64_t nv2401_read(uint64_t daddr);
uint64_t nv2401_fail(uint64_t code);
uint64_t nv2401_post_nops(uint64_t state_daddr, uint64_t count);
void nv2401_cq_handler(uint64_t state_daddr);

/* Sums count numbers the host wrote to the DPA heap and stores the sum after them. */
__dpa_rpc__ uint64_t nv2401_sum(uint64_t values_daddr, uint64_t count)
{
	uint64_t *values = (uint64_t *)values_daddr;
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t sum = 0;

	if (flexio_dev_get_thread_ctx(&dtctx) < 0)
		return UINT64_MAX;
	for (uint64_t i = 0; i < count; i++)
		sum += values[i];
	values[count] = sum;
	flexio_dev_print("nv2401: DPA thread %u summed %lu numbers of the heap: %lu\n", flexio_dev_get_thread_id(dtctx),
			 count, sum);
	return sum;
}

/* What the heap holds at daddr (the sum stored by the previous call). */
__dpa_rpc__ uint64_t nv2401_read(uint64_t daddr)
{
	return *(volatile uint64_t *)daddr;
}

/* Ends the process with a user error code (128..255). */
__dpa_rpc__ uint64_t nv2401_fail(uint64_t code)
{
	flexio_dev_print("nv2401: giving up with error %lu\n", code);
	flexio_dev_error((uint8_t)code);
}

/* Posts count NOP WQEs, a CQE each, and rings the SQ's doorbell once. */
__dpa_rpc__ uint64_t nv2401_post_nops(uint64_t state_daddr, uint64_t count)
{
	struct nv2401_queues *q = (struct nv2401_queues *)state_daddr;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)q->outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	for (uint64_t i = 0; i < count; i++) {
		union flexio_dev_sqe_seg *wqe =
			(union flexio_dev_sqe_seg *)(q->sq_ring + (q->pi & ((1u << q->log_sq) - 1)) * 64);

		flexio_dev_swqe_seg_ctrl_set(wqe, (uint32_t)q->pi, (uint32_t)q->sqn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
					     FLEXIO_CTRL_SEG_NOP);
		q->pi++;
	}
	__dpa_thread_memory_writeback();
	flexio_dev_qp_sq_ring_db(dtctx, (uint16_t)q->pi, (uint32_t)q->sqn);
	return 0;
}

/* Consumes the CQEs there are (owner bit of the ring pass), publishes the consumer index, arms
 * the CQ again and waits for the next completion. */
__dpa_global__ void nv2401_cq_handler(uint64_t state_daddr)
{
	struct nv2401_queues *q = (struct nv2401_queues *)state_daddr;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)q->outbox_id);
	q->invocations++;
	for (;;) {
		struct flexio_dev_cqe64 *cqe =
			(struct flexio_dev_cqe64 *)q->cq_ring + (q->ci & ((1u << q->log_cq) - 1));

		if (flexio_dev_cqe_get_owner(cqe) != ((q->ci >> q->log_cq) & 1))
			break;
		q->ci++;
		q->cqes++;
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)q->cq_dbr, (uint32_t)q->ci);
	__dpa_thread_memory_writeback();
	flexio_dev_cq_arm(dtctx, (uint32_t)q->ci, (uint32_t)q->cqn);
	flexio_dev_thread_reschedule();
}
