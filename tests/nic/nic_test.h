/*
 * The NIC engine's test environment: nic_env over plain host memory (spaces and memory keys
 * over malloc'd buffers, injected time, recorded events and frames, a wire between NICs), and
 * queues driven as device code drives them, with the device helpers of
 * <libflexio-dev/flexio_dev_queue_access.h> compiled for the host.
 */
#ifndef OPENFLEXIO_TESTS_NIC_TEST_H
#define OPENFLEXIO_TESTS_NIC_TEST_H

#include <nic.h>

#include <libflexio-dev/flexio_dev_queue_access.h>

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TE_SPACES 1024
#define TE_KEYS 64
#define TE_EVENTS 4096
#define TE_FRAMES 64

struct te_frame {
	unsigned port;
	size_t len;
	uint8_t bytes[10000];
};

struct test_env {
	struct nic_env env;
	pthread_mutex_t lock; /* events, frames */
	struct {
		uint8_t *base;
		uint64_t len;
	} spaces[TE_SPACES];
	unsigned nspaces;
	struct {
		uint32_t key, pd;
		uint8_t *base;
		uint64_t iova, len;
		unsigned access;
	} keys[TE_KEYS];
	unsigned nkeys;
	_Atomic uint64_t now;
	_Atomic uint64_t deadline; /* the last timer_request */
	struct nic_event events[TE_EVENTS];
	unsigned nevents;
	/* Key accesses mkey_reach began and mkey_done did not end yet, and the events and frames
	 * that came while the thread reporting them held one (the engine ends them first);
	 * te_fini checks both are 0. */
	atomic_int held;
	atomic_uint held_at_event;
	struct te_frame *frames;
	unsigned nframes;
	/* The link te_nic attaches to every port: frames go to wire[port] (nic_port_rx on
	 * wire_port) when set, else recorded; it returns tx_rc (0: the cable took the frame). */
	struct nic_port_link link;
	struct nic *wire[NIC_MAX_PORTS + 1];
	unsigned wire_port[NIC_MAX_PORTS + 1];
	int tx_rc;
};

void te_init(struct test_env *te);
/* Frees what te_init and te_space made; fails the test if the engine left a key access open
 * or reported an event while holding one. */
void te_fini(struct test_env *te);
struct nic *te_nic(struct test_env *te, struct nic_fabric *fabric);
/* A zeroed space of len bytes (addresses 0..len); its host memory at *base. */
uint64_t te_space(struct test_env *te, uint64_t len, void **base);
/* A memory key over [base, base + len) at iova, on pd, with access. */
uint32_t te_mkey(struct test_env *te, uint32_t pd, void *base, uint64_t len, uint64_t iova, unsigned access);
unsigned te_events(struct test_env *te, enum nic_event_kind kind, uint32_t queue);
void te_clear(struct test_env *te);

/* A CQ as device code sees it. */
struct tcq {
	struct nic *nic;
	uint32_t cqn;
	uint64_t owner;
	struct flexio_dev_cqe64 *ring;
	uint32_t *dbr;
	unsigned log;
	uint32_t ci;
	struct flexio_dev_cqe64 title; /* compressed CQs: the last full CQE read */
};

/* attr may be NULL (notify target, armed); its ring, dbr, owner and log_size are filled. */
void tcq_create(struct tcq *cq, struct test_env *te, struct nic *nic, uint64_t owner, unsigned log,
		const struct nic_cq_attr *attr);
/* The next CQE (copied to *cqe) if software owns it: advances ci and the doorbell record. */
bool tcq_poll(struct tcq *cq, struct flexio_dev_cqe64 *cqe);
void tcq_arm(struct tcq *cq);

/* A completion read out of a compressed CQ. */
struct tcomp {
	uint8_t opcode;
	uint32_t qpn, byte_cnt;
	uint16_t wqe_counter;
	bool mini;
};
/* Reads a compressed CQ as device code would with the comp_cq helpers: fills up to max
 * completions, returns how many. */
unsigned tcq_poll_comp(struct tcq *cq, struct tcomp *out, unsigned max);

/* A QP (or an SQ / RQ) and its rings as device code sees them. */
struct tqp {
	struct nic *nic;
	uint32_t qpn;
	uint64_t owner;
	union flexio_dev_sqe_seg *sq; /* segments */
	struct flexio_dev_wqe_rcv_data_seg *rq;
	uint32_t *dbr;
	unsigned log_sq, log_rq;
	uint16_t sq_pi, rq_pi;
	uint64_t space;
	uint64_t rq_addr, sq_addr, dbr_addr;
};

/* An RC QP with an SQ of 1 << log_sq WQEBBs and an RQ of 1 << log_rq one-segment WQEs. */
void tqp_create(struct tqp *qp, struct test_env *te, struct nic *nic, uint64_t owner, uint32_t pd, struct tcq *scq,
		struct tcq *rcq, unsigned log_sq, unsigned log_rq);
/* RST -> INIT -> RTR -> RTS towards peer (on the NIC with path, or this one). */
void tqp_connect(struct tqp *qp, uint32_t dest_qpn, const struct nic_path *path, unsigned access);
void tqp_post_recv(struct tqp *qp, uint32_t lkey, uint64_t addr, uint32_t len);
/* Segment i of the WQE at pi (ring order, wrapping). */
union flexio_dev_sqe_seg *tqp_seg(struct tqp *qp, uint16_t pi, unsigned i);
/* Rings the send doorbell at pi: the engine's return code. */
int tqp_ring(struct tqp *qp);
/* An Ethernet SQ (in RDY) of 1 << log_sq WQEBBs on tisn (0: port 1): qp's SQ fields are set. */
void tsq_create(struct tqp *sq, struct test_env *te, struct nic *nic, uint64_t owner, uint32_t pd, struct tcq *cq,
		unsigned log_sq, uint32_t tisn);
/* Posts n signaled NOPs and rings once. */
int tqp_nops(struct tqp *qp, unsigned n);
/* Posts and rings: a SEND of one data segment, signaled. */
int tqp_send(struct tqp *qp, uint32_t lkey, uint64_t addr, uint32_t len);
/* RDMA write / read of len bytes between lkey:laddr and rkey:raddr, signaled. */
int tqp_rdma(struct tqp *qp, flexio_ctrl_seg_t type, uint32_t lkey, uint64_t laddr, uint32_t len, uint32_t rkey,
	     uint64_t raddr);

#endif
