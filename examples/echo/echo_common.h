/*
 * The loopback echo example's shared layout: one record per DPA QP of the pair, in DPA heap
 * memory, written by the host before the handlers run and then owned by the DPA (the host only
 * reads it, to see the progress). Host (x86-64) and DPA (RV64) are both LP64, so the layout is
 * the same on both sides.
 */
#ifndef ECHO_COMMON_H
#define ECHO_COMMON_H

#include <stdint.h>

/* A QP of the pair and its two CQs, as its event handler reaches them (DPA addresses). */
struct echo_queues {
	uint64_t rq_cq_ring; /* receive CQ: armed for the handler's thread, wakes it */
	uint64_t rq_cq_dbr;
	uint64_t sq_cq_ring; /* send CQ: never armed, polled by the handler */
	uint64_t sq_cq_dbr;
	uint64_t sq_ring; /* the SQ (64-byte WQEBBs), after the RQ in the QP's buffer; the
	                        * receive WQEs never change (the host wrote them), only their count */
	uint64_t qp_dbr;  /* DWORD 0: receive counter */
	uint64_t rx_bufs; /* one receive buffer per RQ WQE, buf_stride bytes each */
	uint64_t tx_bufs; /* client: one send buffer per SQ WQEBB; server: unused (it sends from rx_bufs) */
	uint32_t rq_cqn, qpn;
	uint32_t lkey;         /* device mkey over rx_bufs and tx_bufs */
	uint32_t log_rq_depth; /* also the receive CQ's */
	uint32_t log_sq_depth; /* also the send CQ's */
	uint32_t buf_stride;
	uint32_t outbox_id;
};

/* What each handler keeps between its invocations (its thread argument points here). */
struct echo_state {
	struct echo_queues q;
	/* configuration (host) */
	uint64_t messages; /* client: messages to send */
	uint32_t msg_size; /* bytes, a multiple of 8 */
	uint32_t window;   /* client: sends outstanding at most */
	uint32_t verify;   /* client: check every payload */
	/* progress (DPA) */
	uint32_t rq_ci, sq_ci; /* CQ consumer counters */
	uint32_t sq_pi;        /* WQEBBs posted */
	uint32_t rq_posted;    /* receive WQEs posted (the doorbell record's counter) */
	uint64_t sent;         /* client: messages sent; server: messages echoed */
	uint64_t received;     /* messages received */
	uint64_t activations;  /* handler invocations */
	uint32_t error;        /* nonzero: CQE opcode << 8 | syndrome, or ECHO_BAD_* */
	uint32_t done;         /* client: every echo came back */
};

/* Errors the handlers report besides error CQEs. */
#define ECHO_BAD_LENGTH 0x10000u  /* a message of the wrong size came back */
#define ECHO_BAD_PAYLOAD 0x20000u /* a message came back changed or out of order */

/* Word j of message i: what the client sends and expects back. */
static inline uint64_t echo_word(uint64_t i, uint32_t j)
{
	return i * 0x9E3779B97F4A7C15ull + j;
}

#endif
