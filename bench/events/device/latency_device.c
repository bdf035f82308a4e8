/*
 * The activation-latency handler: woken by a receive completion on its DPA QP's CQ (the host
 * posted a SEND), its first action is a store through a window into host memory, which the
 * host is spinning on: the time from the host's ibv_post_send to that store becoming visible
 * is the activation latency (bench/events/README.md says what it includes). Then it takes the
 * CQEs, reposts the receive WQEs, re-arms the CQ and tells the host it is done, so that the
 * next sample starts with the handler idle.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../latency_common.h"

#define CQE_RESP_SEND 0x2

__dpa_global__ void latency_handler(uint64_t arg)
{
	struct latency_state *s = (struct latency_state *)arg;
	volatile uint64_t *flags = (volatile uint64_t *)s->flags;
	struct flexio_dev_thread_ctx *dtctx;
	uint32_t mask = (1u << s->log_rq_depth) - 1;

	/* First: the host sees this invocation start (the next message's number). */
	if (flags) {
		flags[0] = s->seq + 1;
		__dpa_thread_window_writeback();
	}
	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)s->outbox_id);
	if (!flags) {
		/* The first invocation (the host's warm-up message) configures the window. */
		flexio_uintptr_t daddr;

		if (flexio_dev_window_config(FLEXIO_DEV_WINDOW_ENTITY_0, (uint16_t)s->window_id, s->flags_mkey) !=
			    FLEXIO_DEV_STATUS_SUCCESS ||
		    flexio_dev_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, s->host_flags, &daddr) !=
			    FLEXIO_DEV_STATUS_SUCCESS) {
			s->error = LATENCY_BAD_WINDOW;
			flexio_dev_thread_reschedule();
		}
		s->flags = daddr;
		flags = (volatile uint64_t *)daddr;
		flags[0] = s->seq + 1;
	}
	for (;;) {
		struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)s->rq_cq_ring + (s->rq_ci & mask);

		if (flexio_dev_cqe_get_owner(cqe) != ((s->rq_ci >> s->log_rq_depth) & 1))
			break;
		__dpa_thread_memory_fence(__DPA_R, __DPA_R);
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND && !s->error)
			s->error = (uint32_t)flexio_dev_cqe_get_opcode(cqe) << 8 | flexio_dev_cqe_get_err_synd(cqe);
		s->rq_ci++;
		s->rq_posted++; /* nothing to read in it: post it again */
		s->seq++;
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->rq_cq_dbr, s->rq_ci);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->qp_dbr = cpu_to_be32(s->rq_posted & 0xFFFFu);
	__dpa_thread_memory_writeback();
	flexio_dev_cq_arm(s->rq_ci, s->rq_cqn);
	flags[1] = s->seq;
	__dpa_thread_window_writeback();
	flexio_dev_thread_reschedule();
}
