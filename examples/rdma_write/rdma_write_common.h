/*
 * The RDMA write example's shared layout: the request the host sends to the DPA QP, and the
 * event handler's state in DPA heap memory (written by the host before the handler runs, then
 * owned by the DPA). Host (x86-64) and DPA (RV64) are both LP64: the layouts are the same.
 */
#ifndef RDMA_WRITE_COMMON_H
#define RDMA_WRITE_COMMON_H

#include <stdint.h>

/* The host's SEND: where to write, how much, and what to write. */
struct rdma_write_request {
	uint64_t raddr; /* host address, inside the region of rkey */
	uint32_t rkey;
	uint32_t length; /* bytes: a multiple of 8, at most the handler's source buffer */
	uint32_t imm;    /* the immediate to write with */
	uint32_t seed;   /* the data: rdma_write_word(seed, 0..length / 8 - 1) */
};

/* The handler's queues and progress (its thread argument points here). */
struct rdma_write_state {
	/* queues (host) */
	uint64_t rq_cq_ring, rq_cq_dbr; /* receive CQ: armed for the handler's thread */
	uint64_t sq_cq_ring, sq_cq_dbr; /* send CQ: polled */
	uint64_t sq_ring, qp_dbr;       /* the QP's SQ (after its RQ) and doorbell record */
	uint64_t rx_bufs;               /* one receive buffer per RQ WQE, rx_stride bytes each */
	uint64_t src_buf;               /* what the writes send from, src_size bytes */
	uint32_t rq_cqn, qpn, lkey, outbox_id;
	uint32_t log_rq_depth, log_sq_depth, rx_stride, src_size;
	/* progress (DPA) */
	uint32_t rq_ci, sq_ci, sq_pi, rq_posted;
	uint64_t writes; /* requests served */
	uint32_t error;  /* nonzero: CQE opcode << 8 | syndrome, or RDMA_WRITE_BAD_REQUEST */
};

#define RDMA_WRITE_BAD_REQUEST 0x10000u /* a request of the wrong size or a length out of range */

/* Word j of the data written for seed. */
static inline uint64_t rdma_write_word(uint32_t seed, uint32_t j)
{
	return ((uint64_t)seed << 32 | j) * 0x9E3779B97F4A7C15ull;
}

#endif
