/*
 * DPA QP endpoints (libdoca_dpa, private; dpa_qp.c has the design): an RC queue pair of a
 * FlexIO process whose queues live in DPA memory and whose work DPA code posts
 * (device/dpa_qp_dev.h). The host creates it, tells a peer its address, connects it (to a peer
 * endpoint, any RC QP, or a responder QP of its own on the host for RDMA on host memory) and
 * hands device code the DPA address of its descriptor. Failures return a doca_error_t after one
 * SDK log line naming func, the public DOCA function on whose behalf the call is made.
 */
#ifndef OPENDOCA_DPA_DPA_QP_H
#define OPENDOCA_DPA_DPA_QP_H

#ifndef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#endif

#include <stdint.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

#include "doca_error.h"

struct opendoca_dpa_qp;

/* What an endpoint is made with. */
struct opendoca_dpa_qp_attr {
	uint32_t log_sq_depth; /* 0 - OPENDOCA_DPA_QP_MAX_LOG_DEPTH: work requests in flight */
	uint32_t log_rq_depth; /* 0 - OPENDOCA_DPA_QP_MAX_LOG_DEPTH: receive buffers posted */
	int access;            /* IBV_ACCESS_REMOTE_{WRITE,READ,ATOMIC}: what the peer may do here */
	/* NULL: the receive CQ is polled only. Else its thread runs when the armed receive CQ gets a
	 * completion (opendoca_dev_qp_arm_recv). */
	flexio_event_handler *rq_handler;
	/*
	 * 0: the endpoint's own CQs, polled by its device functions. Else a CQ of the process (a
	 * DOCA DPA completion context's) both queues report into, every CQE carrying user_index:
	 * whoever reads that CQ takes the completions, the device functions take none, and a work
	 * request asks for a CQE only when posted signaled (struct opendoca_dpa_qp_request).
	 */
	uint32_t cqn;
	uint32_t user_index;
	/* 0: the endpoint's own receive queue (log_rq_depth). Else the number of an RMP of the process
	 * the endpoint receives from (whoever posts to the RMP posts its receives). */
	uint32_t rmpqn;
};

/* What a peer needs to connect to an endpoint (or what an endpoint needs of its peer). */
struct opendoca_dpa_qp_addr {
	uint32_t qpn;
	uint16_t lid;      /* InfiniBand; 0 on RoCE */
	uint8_t port;      /* the port it is reached through (1) */
	uint8_t gid_index; /* the GID's index on its port */
	union ibv_gid gid; /* RoCE: packets are routed by it (zero: by LID) */
};

/* RC attributes of a connection; NULL in opendoca_dpa_qp_connect gives the defaults below. */
struct opendoca_dpa_qp_rc {
	enum flexio_qp_qpc_mtu path_mtu; /* default FLEXIO_QP_QPC_MTU_BYTES_1K */
	uint8_t retry_count;             /* default 7 */
	uint8_t min_rnr_nak_timer;       /* default 1 */
	uint8_t log_rd_atomic;           /* RDMA reads and atomics in flight each way: log2, default 4 */
	uint32_t sq_psn;                 /* default 0 */
	uint32_t rq_psn;                 /* default 0: the peer's sq_psn */
};

/* An endpoint of process (on pd's device, which must be the process's) in reset: its queues
 * in DPA memory of process, its descriptor written. */
doca_error_t opendoca_dpa_qp_create(flexio_process *process, struct ibv_pd *pd, const struct opendoca_dpa_qp_attr *attr,
				    const char *func, struct opendoca_dpa_qp **qp);
/* Its address, for its peer. */
doca_error_t opendoca_dpa_qp_query(struct opendoca_dpa_qp *qp, const char *func, struct opendoca_dpa_qp_addr *addr);
/* Connects it to peer (RESET -> INIT -> RTR -> RTS), once. */
doca_error_t opendoca_dpa_qp_connect(struct opendoca_dpa_qp *qp, const struct opendoca_dpa_qp_addr *peer,
				     const struct opendoca_dpa_qp_rc *rc, const char *func);
/*
 * Connects it to a responder of its own: an RC QP on the host (rdma-core, on the endpoint's PD)
 * that executes the endpoint's RDMA writes, reads and atomics on memory registered on that PD
 * with the matching remote access, and takes no sends. Destroyed with the endpoint.
 */
doca_error_t opendoca_dpa_qp_connect_loopback(struct opendoca_dpa_qp *qp, const char *func);
/* The DPA address of its descriptor (struct opendoca_dpa_qp_desc), for device code. */
uint64_t opendoca_dpa_qp_dev_addr(const struct opendoca_dpa_qp *qp);
/* Moves its QP to error: the NIC flushes what it holds and executes nothing more. */
void opendoca_dpa_qp_fail(struct opendoca_dpa_qp *qp);
/* Destroys it (NULL: nothing); DPA code must no longer use it. Never waits for the DPA. */
void opendoca_dpa_qp_destroy(struct opendoca_dpa_qp *qp);

#endif /* OPENDOCA_DPA_DPA_QP_H */
