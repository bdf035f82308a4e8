/*
 * The L2 reflector's shared layout: what the host tells the event handler about its queues (as
 * NVIDIA's packet processor sample passes its app_transfer_cq / app_transfer_wq records), and
 * the handler's counters, all in one record in DPA heap memory. The host writes it before the
 * handler first runs and afterwards only reads it (the counters). Host (x86-64) and DPA (RV64)
 * are both LP64, so the layout is the same on both sides.
 */
#ifndef L2_REFLECTOR_COMMON_H
#define L2_REFLECTOR_COMMON_H

#include <stdint.h>

/* A CQ as the handler reaches it (DPA addresses). */
struct l2r_cq {
	uint64_t ring; /* 64-byte CQEs, prepared hardware-owned (op_own 0xF1) */
	uint64_t dbr;  /* doorbell record: DWORD 0 = consumer index */
	uint32_t number;
	uint32_t log_depth;
};

/* A work queue as the handler reaches it. */
struct l2r_wq {
	uint64_t ring; /* RQ: 16-byte receive WQEs; SQ: 64-byte WQEBBs */
	uint64_t dbr;  /* RQ: DWORD 0 = receive counter; SQ: unused */
	uint64_t data; /* RQ: the receive buffers, one per WQE */
	uint32_t number;
	uint32_t log_depth;
	uint32_t mkey; /* RQ: device mkey over the receive buffers (the sends read them too) */
	uint32_t rsvd;
};

/* What one handler keeps between its invocations (its thread argument points here). */
struct l2r_state {
	/* configuration (host) */
	struct l2r_cq rq_cq, sq_cq;
	struct l2r_wq rq, sq;
	uint32_t verbose; /* print a line per frame (flexio_dev_print) */
	/* progress (DPA) */
	uint32_t rq_ci;    /* receive CQ consumer counter */
	uint32_t sq_ci;    /* send CQ consumer counter */
	uint32_t sq_pi;    /* WQEBBs posted (one per reflected frame) */
	uint32_t sq_done;  /* WQEBBs the NIC has completed */
	uint32_t rq_freed; /* receive WQEs given back: the doorbell record's counter is this
	                         * plus the RQ's depth (the host posted every WQE once) */
	uint32_t error;    /* first error CQE: opcode << 8 | syndrome; 0 none */
	/* counters (DPA) */
	uint64_t rx_frames, rx_bytes; /* frames the RQ received */
	uint64_t tx_frames, tx_bytes; /* frames reflected (sent through the SQ) */
	uint64_t short_frames;        /* too short to hold two MACs: not reflected */
	uint64_t error_cqes;          /* error completions of either CQ */
	uint64_t activations;         /* handler invocations begun */
	uint64_t finished;            /* handler invocations ended (equal: the handler is idle) */
};

/* Queue depths the host accepts (log2): an invocation takes at most a ring of frames. */
#define L2R_LOG_DEPTH_MIN 2
#define L2R_LOG_DEPTH_MAX 12
/* Receive buffers: 2 KiB each, room for a 1500-byte MTU frame with VLAN tags. */
#define L2R_LOG_BUF_SIZE 11
#define L2R_BUF_SIZE (1u << L2R_LOG_BUF_SIZE)

#endif
