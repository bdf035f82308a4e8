/*
 * The activation-latency handler's state, in DPA heap memory (written by the host before the
 * handler runs, then owned by the DPA). Host and DPA are both LP64: one layout.
 */
#ifndef LATENCY_COMMON_H
#define LATENCY_COMMON_H

#include <stdint.h>

struct latency_state {
	uint64_t rq_cq_ring, rq_cq_dbr, qp_dbr;
	uint64_t host_flags; /* host address of two uint64_t: [0] the handler started, [1] it is done */
	uint64_t flags;      /* the same through the window (DPA address); 0 until configured */
	uint32_t rq_cqn, log_rq_depth, window_id, flags_mkey, outbox_id;
	uint32_t rq_ci, rq_posted;
	uint32_t error; /* nonzero: an unexpected CQE (opcode << 8 | syndrome) or a window failure */
	uint64_t seq;   /* messages received */
};

#define LATENCY_BAD_WINDOW 0x10000u

#endif
