/*
 * An asynchronous-operations queue (doca_dpa_async_ops_*, 3.0) as DPA code posts on it: the send
 * queue of an RC QP of the context's process connected to itself, whose CQ is the completion
 * context the queue is attached to. Written by libdoca_dpa (async_ops.c), used by the device
 * library (async_ops_dev.c). Shared by both sides: <stdint.h> only, naturally aligned fields.
 *
 * A copy (doca_dpa_dev_post_memcpy) is an RDMA write from the source's key and address to the
 * destination's, which the QP executes as its own responder; its completion is a CQE of the
 * completion context whose user index is the queue's user data (24 bits). The program keeps at
 * most queue_size copies in flight, as DOCA's contract says (it acknowledges completions before it
 * posts more): posting does not look at the completion context, which its thread reads.
 */
#ifndef OPENDOCA_DPA_ASYNC_OPS_DEV_H
#define OPENDOCA_DPA_ASYNC_OPS_DEV_H

#include <stdint.h>

struct opendoca_dpa_async_ops_desc {
	uint64_t sq_ring; /* 64-byte WQEBBs, 1 << log_depth of them */
	uint64_t qp_dbr;  /* doorbell record: DWORD 1 the send counter */
	uint32_t qpn;
	uint32_t log_depth;
	uint32_t lock; /* posting threads (a struct spinlock_s) */
	uint32_t pi;   /* WQEs posted */
};

#endif /* OPENDOCA_DPA_ASYNC_OPS_DEV_H */
