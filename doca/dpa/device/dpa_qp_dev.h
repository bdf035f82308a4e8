/*
 * DPA QP endpoints: an RC queue pair whose queues live in DPA memory and whose work DPA code
 * posts (doca/dpa/dpa_qp.c has the design). This header is shared: the host library writes the
 * endpoint's descriptor (struct opendoca_dpa_qp_desc) into DPA memory and hands its DPA address
 * to device code, which posts and polls through the functions declared below (dpa_qp_dev.c,
 * part of DOCA DPA's device library). Host (x86-64) and DPA (RV64) are both LP64 and
 * little-endian: the layouts are the same on both sides. It includes nothing but <stdint.h>.
 */
#ifndef OPENDOCA_DPA_DEVICE_DPA_QP_DEV_H
#define OPENDOCA_DPA_DEVICE_DPA_QP_DEV_H

#include <stdint.h>

/* What a work request does (struct opendoca_dpa_qp_completion.op; the slot records' op). */
enum opendoca_dpa_qp_op {
	OPENDOCA_DPA_QP_OP_RDMA_WRITE = 1,
	OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM = 2,
	OPENDOCA_DPA_QP_OP_RDMA_READ = 3,
	OPENDOCA_DPA_QP_OP_SEND = 4,
	OPENDOCA_DPA_QP_OP_SEND_IMM = 5,
	OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD = 6,
	OPENDOCA_DPA_QP_OP_ATOMIC_COMPARE_SWAP = 7,
	/* receive completions: what the peer's request was */
	OPENDOCA_DPA_QP_OP_RECV = 8,                 /* a send */
	OPENDOCA_DPA_QP_OP_RECV_IMM = 9,             /* a send with immediate */
	OPENDOCA_DPA_QP_OP_RECV_RDMA_WRITE_IMM = 10, /* a write with immediate (the data went where it named) */
	OPENDOCA_DPA_QP_OP_RECV_ERROR = 11,          /* a failed receive (status says why) */
};

/* Completion status: 0, or the mlx5 syndrome of an error completion (the ones RC work meets). */
enum opendoca_dpa_qp_status {
	OPENDOCA_DPA_QP_STATUS_OK = 0,
	OPENDOCA_DPA_QP_STATUS_LOCAL_LENGTH = 0x01,
	OPENDOCA_DPA_QP_STATUS_LOCAL_QP_OP = 0x02,
	OPENDOCA_DPA_QP_STATUS_LOCAL_PROT = 0x04,
	OPENDOCA_DPA_QP_STATUS_WR_FLUSH = 0x05, /* posted after an error, or flushed by it */
	OPENDOCA_DPA_QP_STATUS_REMOTE_INVAL_REQ = 0x12,
	OPENDOCA_DPA_QP_STATUS_REMOTE_ACCESS = 0x13, /* bad rkey, address or rights at the peer */
	OPENDOCA_DPA_QP_STATUS_REMOTE_OP = 0x14,
	OPENDOCA_DPA_QP_STATUS_TRANSPORT_RETRY_EXC = 0x15, /* no peer */
	OPENDOCA_DPA_QP_STATUS_RNR_RETRY_EXC = 0x16,
	OPENDOCA_DPA_QP_STATUS_UNKNOWN = 0xff, /* an error completion without a syndrome */
};

/* One completion. */
struct opendoca_dpa_qp_completion {
	uint32_t wqe_index; /* send: the ticket the post returned; receive: the receive WQE's index */
	uint32_t byte_cnt;  /* bytes moved (8 for atomics; a write with immediate: bytes written) */
	uint32_t imm;       /* receive with immediate: the immediate the peer gave */
	uint8_t op;         /* enum opendoca_dpa_qp_op */
	uint8_t status;     /* enum opendoca_dpa_qp_status */
	uint8_t rsvd[2];
};

/*
 * What the endpoint keeps per send queue slot (the slot of ticket t is t mod the SQ's depth):
 * written by whoever takes the slot's completion, read by the thread waiting for it.
 */
struct opendoca_dpa_qp_slot {
	uint32_t done;     /* ticket + 1 of the last WQE of the slot whose completion was taken */
	uint32_t held;     /* 1: posted for a waiter, not reused until opendoca_dev_qp_wait read it */
	uint32_t byte_cnt; /* of that completion */
	uint8_t op;        /* the WQE's enum opendoca_dpa_qp_op */
	uint8_t status;    /* of that completion */
	uint8_t rsvd[2];
};

/*
 * The endpoint's descriptor, at the DPA address device code gets (64-byte aligned). The first
 * two cache lines are the host's (read-only on the DPA); the send side's state and the receive
 * side's state each take a line of their own, under their own spinlock (a struct spinlock_s of
 * <libflexio-dev/flexio_dev.h>: one 32-bit word, 0 when free).
 */
struct opendoca_dpa_qp_desc {
	/* queue memory (DPA addresses) */
	uint64_t sq_ring;    /* 64-byte WQEBBs, one per work request */
	uint64_t rq_ring;    /* 16-byte receive WQEs (one data segment each) */
	uint64_t qp_dbr;     /* doorbell record: DWORD 0 receive counter, DWORD 1 send counter */
	uint64_t sq_cq_ring; /* the send CQ: polled by the endpoint's threads */
	uint64_t sq_cq_dbr;
	uint64_t rq_cq_ring; /* the receive CQ: polled with opendoca_dev_qp_poll_recv */
	uint64_t rq_cq_dbr;
	uint64_t slots; /* struct opendoca_dpa_qp_slot[1 << log_sq_depth] */
	/* line 1 */
	uint64_t results;      /* uint64_t[1 << log_sq_depth]: what opendoca_dev_qp_fetch_add fetches */
	uint32_t results_lkey; /* their key */
	uint32_t qpn;
	uint32_t rq_cqn;
	uint8_t log_sq_depth;
	uint8_t log_rq_depth;
	uint8_t external_cq; /* 1: the queues report into a CQ the device functions do not read */
	uint8_t rsvd0;
	uint64_t rsvd1[5];
	/* line 2: the send side (sq_lock) */
	uint32_t sq_lock;
	uint32_t sq_pi;       /* tickets handed out: the next WQE's */
	uint32_t sq_ci;       /* completions taken: every WQE before it has completed */
	uint32_t error;       /* the first error completion's status, 0 while there was none */
	uint32_t error_index; /* its ticket */
	uint32_t rsvd2[11];
	/* line 3: the receive side (rq_lock) */
	uint32_t rq_lock;
	uint32_t rq_pi; /* receive WQEs posted */
	uint32_t rq_ci; /* receive completions taken */
	uint32_t rsvd3[13];
};

#define OPENDOCA_DPA_QP_MAX_LOG_DEPTH 15 /* tickets and indexes are 16-bit WQE counters */

/* A work request (opendoca_dev_qp_post); the post functions below fill one each. */
struct opendoca_dpa_qp_request {
	uint8_t op; /* enum opendoca_dpa_qp_op (a sending one) */
	/* An endpoint with an external CQ: 1 asks for a CQE there. Own CQs: every request has one. */
	uint8_t signaled;
	/* 1: laddr, lkey are the slot's result word: an atomic fetches into it, an RDMA write of 8
	 * bytes sends operand from it. */
	uint8_t own_result;
	uint8_t rsvd;
	uint32_t imm; /* the immediate (host order) */
	uint64_t laddr;
	uint32_t lkey, len;
	uint64_t raddr;
	uint32_t rkey;
	uint64_t operand, compare; /* atomics: the value added or swapped in, the compare value */
};

#ifdef __riscv
/*
 * Device functions (dpa_qp_dev.c). Every one may be called by many DPA threads of the process at
 * once on one endpoint. Posting takes the send side's spinlock for the WQE and the doorbell;
 * when the SQ is full the poster takes completions until a slot is free, so a thread holding
 * WQEs for opendoca_dev_qp_wait must wait for them before it posts a queue's depth more.
 * Memory keys: lkey covers DPA memory of the process (flexio_device_mkey_create) or host memory
 * on the endpoint's PD; rkey and raddr are the peer's. Lengths are 1 byte to 2 GiB.
 *
 * The post functions return a ticket (a 32-bit counter of the endpoint's work requests) for
 * opendoca_dev_qp_wait / _test; with hold nonzero its completion is kept for them (the slot is
 * not reused before), otherwise it may be gone once a queue's depth more has completed (then they
 * tell only whether an error came before it).
 */
uint32_t opendoca_dev_qp_post_write(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				    uint64_t raddr, uint32_t rkey, int hold);
uint32_t opendoca_dev_qp_post_write_imm(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
					uint64_t raddr, uint32_t rkey, uint32_t imm, int hold);
uint32_t opendoca_dev_qp_post_read(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				   uint64_t raddr, uint32_t rkey, int hold);
uint32_t opendoca_dev_qp_post_send(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				   int hold);
uint32_t opendoca_dev_qp_post_send_imm(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				       uint32_t imm, int hold);
/* The 8-byte value at raddr (8-byte aligned) before the add is written to laddr (DPA memory). */
uint32_t opendoca_dev_qp_post_fetch_add(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey, uint64_t value,
					uint64_t laddr, uint32_t lkey, int hold);
/* raddr's value becomes swap if it was compare; the value it had is written to laddr. */
uint32_t opendoca_dev_qp_post_compare_swap(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey,
					   uint64_t compare, uint64_t swap, uint64_t laddr, uint32_t lkey, int hold);

/*
 * Posts r: its ticket. On an endpoint with an external CQ (struct opendoca_dpa_qp_desc.external_cq)
 * the request goes out without waiting for room: whoever reads that CQ keeps no more requests in
 * flight than the SQ holds (DOCA's queue size contract); the wait/test functions are not for it.
 */
uint32_t opendoca_dev_qp_post(struct opendoca_dpa_qp_desc *qp, const struct opendoca_dpa_qp_request *r, int hold);

/* Waits for ticket's completion (for ever: an error completes it too), *c filled; its status. */
int opendoca_dev_qp_wait(struct opendoca_dpa_qp_desc *qp, uint32_t ticket, struct opendoca_dpa_qp_completion *c);
/* opendoca_dev_qp_wait without waiting: 1 and *c filled once ticket completed, else 0. */
int opendoca_dev_qp_test(struct opendoca_dpa_qp_desc *qp, uint32_t ticket, struct opendoca_dpa_qp_completion *c);
/* Waits until every work request posted before the call completed; the endpoint's error status. */
int opendoca_dev_qp_synchronize(struct opendoca_dpa_qp_desc *qp);
/* The status of the endpoint's first error completion, 0 if none (it then stays in error). */
int opendoca_dev_qp_error(struct opendoca_dpa_qp_desc *qp);

/*
 * Adds value to the 8 bytes at raddr (rkey, remote atomic access) and returns what they held:
 * posts, waits for its own completion, reads the fetched value from the endpoint's result word
 * of the slot. After an error completion it returns 0 and opendoca_dev_qp_error tells.
 */
uint64_t opendoca_dev_qp_fetch_add(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey, uint64_t value);

/* Posts a receive buffer: its receive WQE index (0 - 65535), or -1 while the RQ is full. */
int opendoca_dev_qp_post_recv(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len);
/* Takes the next receive completion: 1 and *c filled, or 0 when there is none yet. */
int opendoca_dev_qp_poll_recv(struct opendoca_dpa_qp_desc *qp, struct opendoca_dpa_qp_completion *c);
/* Arms the receive CQ: the next receive completion activates the event handler the host gave
 * (struct opendoca_dpa_qp_attr.rq_handler; the CQ is armed when made, and arming is one-shot):
 * the handler calls it after polling, before flexio_dev_thread_reschedule. */
void opendoca_dev_qp_arm_recv(struct opendoca_dpa_qp_desc *qp);
#endif

#endif /* OPENDOCA_DPA_DEVICE_DPA_QP_DEV_H */
