/*
 * The simulated BlueField-3 NIC engine: CQs, EQs, SQs, RQs, RMPs, RC QPs, TDs, TISs and TIRs,
 * executing WQEs and writing CQEs and EQEs in the mlx5 layouts of
 * <libflexio-dev/flexio_dev_queue_types.h>.
 *
 * Internal to OpenFlexIO (no public ABI). Its users:
 *   - core/providers/sim/verbs, the simulated rdma-core device, which makes each device's NIC: ibv_create_cq
 *     / _qp / _srq and the UAR doorbells of ibv_post_send and ibv_req_notify_cq, the DEVX
 *     commands that make every other queue (flexio_cq_create's included: their attribute
 *     structs and enums carry the same values as ours where both exist: CQ moderation modes,
 *     compression formats, QP states, WQ types), DEVX transport objects, and steering
 *     (mlx5dv_dr_* translated into nic_flow_*);
 *   - core/providers/sim, the simulated DPA: doorbells DPA threads ring through their outbox
 *     (nic_doorbell with the ringing process as owner), thread activation (nic_env.notify), an
 *     emulated function's EQs and doorbell contexts;
 *   - core/net, the ports' attachments: frames in (nic_port_rx), link state and MTU
 *     (nic_port_set), frames out (the link it attaches: nic_port_attach).
 *
 * The engine reaches nothing by itself: queue memory, memory keys, time and events go through
 * struct nic_env, Ethernet frames through its ports' attachments (nic_port_rx, nic_port_attach),
 * so it depends on no other part of OpenFlexIO but core/common's byte-order helpers (README.md
 * says what the integrator implements).
 *
 * Conventions: functions returning int give 0 or a negative errno; queue numbers are 24-bit
 * and never 0. Every function is thread-safe. Work is done synchronously on the calling thread
 * (a doorbell executes its WQEs before nic_doorbell returns), with a lock per queue and none
 * shared by all queues on the per-packet path; but the send doorbells handed to the DMA engine
 * (nic_doorbell_deferred) are executed by the engine's thread.
 */
#ifndef OPENFLEXIO_CORE_NIC_H
#define OPENFLEXIO_CORE_NIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nic;
struct nic_fabric;

/* Ports are numbered 1..NIC_MAX_PORTS, as rdma-core numbers them. */
#define NIC_MAX_PORTS 2

/* Queue sizes a BlueField-3 takes (its HCA capabilities log_max_cq_sz, log_max_qp_sz, ...):
 * CQs and EQs up to 2^22 entries, work queues up to 2^15 WQEs, receive strides up to 2^10
 * bytes. The NIC refuses more, and QUERY_HCA_CAP reports these. */
#define NIC_LOG_MAX_CQ_SIZE 22
#define NIC_LOG_MAX_WQ_SIZE 15
#define NIC_LOG_MAX_RQ_STRIDE 10

/* Memory-key access rights, with the values of IBV_ACCESS_* so that the integrator passes
 * rdma-core's flags as they are. Reading local memory needs no right (mlx5 semantics). */
enum {
	NIC_ACCESS_LOCAL_WRITE = 1,
	NIC_ACCESS_REMOTE_WRITE = 2,
	NIC_ACCESS_REMOTE_READ = 4,
	NIC_ACCESS_REMOTE_ATOMIC = 8,
};

/* A place in queue memory: an integrator-defined space (a DPA process's memory, a host umem,
 * ...) and an address in it. Rings and doorbell records are named this way, not by memory key,
 * because FlexIO queues live in DPA memory that no key covers. */
struct nic_mem {
	uint64_t space;
	uint64_t addr;
};

/* What the engine tells the integrator through nic_env.notify. */
enum nic_event_kind {
	NIC_EVENT_COMPLETION, /* a CQ with target NIC_CQ_NOTIFY fired (queue = cqn): activate its
			       * DPA thread, or signal its completion channel */
	NIC_EVENT_EQ,         /* an armed EQ got an EQE (queue = eqn): its MSI-X / thread */
	NIC_EVENT_CQ_ERROR,   /* a CQ with target NIC_CQ_NOTIFY overran (queue = cqn); a CQ
			       * reporting to an EQ gets a CQ-error EQE there instead */
};

struct nic_event {
	enum nic_event_kind kind;
	uint32_t queue;
	uint64_t owner;  /* the queue's owner */
	uint64_t cookie; /* the queue's cookie (nic_cq_attr / nic_eq_attr) */
};

/*
 * The integrator's side. Callbacks may run on any thread that calls into the engine, with the
 * engine's queue locks held: except where said, they must not call back into the engine.
 */
struct nic_env {
	void *user;
	/* A host pointer to [addr, addr + len) of space, writable when write is set, or NULL when
	 * that memory is not there (the queue then goes to error; the host never crashes). Asked
	 * at every use, never cached, so that memory going away is noticed. Queue memory is
	 * accessed as the DPA accesses it: aligned atomic loads and stores of at most 8 bytes
	 * (ring entries, doorbell records); payloads are copied with memmove (a message may be
	 * written over its own source). */
	void *(*space_reach)(void *user, uint64_t space, uint64_t addr, uint64_t len, bool write);
	/* The memory behind key on protection domain pd: *ptr for [addr, addr + len) in the key's
	 * address space, if the key exists (-ENOENT), belongs to pd (-EPERM), grants every right
	 * of access (NIC_ACCESS_*; -EACCES) and covers the range (-ERANGE). len may be 0. */
	int (*mkey_reach)(void *user, uint32_t pd, uint32_t key, uint64_t addr, uint64_t len, unsigned access,
			  void **ptr);
	/* Ends the access a successful mkey_reach of key began: the engine calls it once for each,
	 * on the same thread, as soon as its copy through *ptr is done and before the completion
	 * that reports it is written. Until then the integrator must keep that memory (rdma-core
	 * promises no DMA once ibv_dereg_mr returns: the integrator's deregistration waits for
	 * the accesses in flight). Between the two the engine only copies, takes its own queue
	 * locks and calls space_reach and mkey_reach. May be NULL. */
	void (*mkey_done)(void *user, uint32_t key);
	/* Monotonic time in nanoseconds: CQ moderation periods and RNR retry timers. */
	uint64_t (*now_ns)(void *user);
	/* nic_timers_run should be called once the time is deadline_ns (a moderation period or an
	 * RNR timer is due then; a later deadline of the same queue is asked for by that run). May
	 * be NULL when the integrator calls nic_timers_run anyway. */
	void (*timer_request)(void *user, uint64_t deadline_ns);
	/* An event (see enum nic_event_kind). */
	void (*notify)(void *user, const struct nic_event *event);
};

/* ---- Devices and the fabric ---------------------------------------------------------------- */

/* NICs that reach each other: RC QPs connect between NICs of one fabric, found by the port
 * addresses (nic_port_attr) their path names. */
struct nic_fabric *nic_fabric_create(void);
/* -EBUSY while NICs are in it. */
int nic_fabric_destroy(struct nic_fabric *fabric);

struct nic_config {
	const struct nic_env *env; /* copied */
	struct nic_fabric *fabric; /* NULL: the NIC reaches only itself */
	unsigned ports;            /* 1..NIC_MAX_PORTS; 0 = 1 */
	/* log2 of the objects of each kind (CQs, EQs, work queues, TDs, TISs, TIRs) alive at once:
	 * the lookup tables' size; 0 = 14, at most 20. Numbers carry a generation above the index,
	 * so a destroyed queue's number is refused until its slot has been reused that many times. */
	unsigned log_max_objects;
};

struct nic *nic_create(const struct nic_config *config);
/* Destroys every queue left and frees the NIC once no QP of another NIC is connected to it. */
void nic_destroy(struct nic *nic);

/* ---- Completion and event queues -------------------------------------------------------- */

enum nic_cq_target {
	NIC_CQ_NOTIFY, /* events go to nic_env.notify (a DPA thread, a completion channel) */
	NIC_CQ_EQ,     /* events are EQEs on an EQ */
};

/* Moderation period modes (flexio_cq_period_mode's values): the period restarts at each
 * event, or at each CQE. */
enum nic_moderation_mode {
	NIC_MODERATION_EVENT = 0,
	NIC_MODERATION_CQE = 1,
};

/* Mini-CQE formats of compressed CQs (flexio_cqe_comp_format's values). */
enum nic_comp_format {
	NIC_COMP_HASH = 0,        /* responder mini-CQE: RX hash result, byte count */
	NIC_COMP_CSUM = 1,        /* responder mini-CQE: checksum flags, byte count */
	NIC_COMP_CSUM_STRIDX = 2, /* responder mini-CQE: checksum flags, stride index, byte count */
};

struct nic_cq_attr {
	uint64_t owner;      /* who may ring its doorbells */
	uint8_t log_size;    /* CQEs: 1 << log_size, log_size <= 22 */
	struct nic_mem ring; /* 64 << log_size bytes, 64-byte aligned */
	struct nic_mem dbr;  /* doorbell record, 8 bytes, 8-byte aligned: consumer index */
	enum nic_cq_target target;
	uint32_t eqn;        /* NIC_CQ_EQ */
	uint64_t cookie;     /* given back in NIC_EVENT_COMPLETION / _CQ_ERROR */
	bool armed;          /* armed at creation (FlexIO: unless no_arm) */
	bool always_armed;   /* every completion is an event (re-armed after each) */
	bool overrun_ignore; /* the consumer index is not checked: old CQEs are overwritten */
	bool collapsed;      /* every CQE goes to entry 0 (flexio "cc"); implies no overrun */
	bool compress;       /* CQE compression (mini-CQE arrays) */
	enum nic_comp_format comp_format;
	uint16_t moderation_count;     /* completions per event; 0 = not moderated by count */
	uint16_t moderation_period_us; /* 0 = not moderated by time */
	enum nic_moderation_mode moderation_mode;
};

int nic_cq_create(struct nic *nic, const struct nic_cq_attr *attr, uint32_t *cqn);
/* -EBUSY while work queues report to it. */
int nic_cq_destroy(struct nic *nic, uint32_t cqn);
int nic_cq_moderate(struct nic *nic, uint32_t cqn, uint16_t count, uint16_t period_us, enum nic_moderation_mode mode);

struct nic_cq_info {
	uint64_t owner;
	uint64_t cookie; /* nic_cq_attr.cookie */
	bool error;      /* overrun (without overrun_ignore): no more CQEs are written */
	bool armed;
	uint32_t produced; /* ring entries written so far (the producer counter) */
	uint16_t moderation_count, moderation_period_us;
	enum nic_moderation_mode moderation_mode;
	uint64_t completions, events, lost; /* lost: completions dropped by an overrun */
};
int nic_cq_query(struct nic *nic, uint32_t cqn, struct nic_cq_info *info);

struct nic_eq_attr {
	uint64_t owner;
	uint8_t log_size;    /* EQEs: 1 << log_size, log_size <= 22 */
	struct nic_mem ring; /* 64 << log_size bytes */
	uint64_t cookie;     /* given back in NIC_EVENT_EQ */
	bool armed;
	/* Every EQE is an event and the consumer index is not checked (old EQEs are overwritten):
	 * the EQ behind an MSI-X vector, each of whose EQEs is one interrupt message. */
	bool always_armed;
};

int nic_eq_create(struct nic *nic, const struct nic_eq_attr *attr, uint32_t *eqn);
/* -EBUSY while CQs report to it. */
int nic_eq_destroy(struct nic *nic, uint32_t eqn);

struct nic_eq_info {
	bool error; /* overrun: EQEs are no longer written */
	bool armed;
	uint32_t produced, consumed; /* EQEs written; the consumer index of the last doorbell */
	uint64_t events;
};
int nic_eq_query(struct nic *nic, uint32_t eqn, struct nic_eq_info *info);

/* ---- Transport objects -------------------------------------------------------------------- */

int nic_td_create(struct nic *nic, uint32_t *tdn);
int nic_td_destroy(struct nic *nic, uint32_t tdn); /* -EBUSY while TISs or TIRs use it */
/* A TIS sends through port (1..ports) of the NIC; SQs name it. */
int nic_tis_create(struct nic *nic, uint32_t tdn, unsigned port, uint32_t *tisn);
int nic_tis_destroy(struct nic *nic, uint32_t tisn); /* -EBUSY while SQs use it */
/* A TIR dispatches received frames to one RQ: a port's receive TIR (nic_port_attr.rx_tir), or
 * a steering rule's destination (NIC_FLOW_TIR). An RQ destroyed meanwhile leaves it: frames to
 * it are then refused (-EIO). A TIR destroyed while rules name it: their frames are dropped. */
int nic_tir_create(struct nic *nic, uint32_t tdn, uint32_t rqn, uint32_t *tirn);
int nic_tir_destroy(struct nic *nic, uint32_t tirn); /* -EBUSY while a port uses it */

/* Receive-side scaling (mlx5 RQTs and indirect TIRs). An RQ table lists RQs (repeats allowed,
 * as an indirection table has them); an indirect TIR hashes the fields its selector names and
 * gives a frame to entry hash % size of its table. */
#define NIC_LOG_MAX_RQT_SIZE 11 /* entries of one table (log_max_rqt_size) */
int nic_rqt_create(struct nic *nic, const uint32_t *rqns, uint32_t count, uint32_t *rqtn);
/* Replaces the list (MODIFY_RQT): frames already given an RQ still reach it. An RQ destroyed
 * leaves every table: frames hashed to its entries are refused (-EIO). */
int nic_rqt_modify(struct nic *nic, uint32_t rqtn, const uint32_t *rqns, uint32_t count);
int nic_rqt_destroy(struct nic *nic, uint32_t rqtn); /* -EBUSY while TIRs use it */

/* How an indirect TIR hashes (the PRM's tirc fields). */
enum nic_rx_hash_fn {
	NIC_RX_HASH_NONE = 0,     /* every frame to the table's first entry */
	NIC_RX_HASH_TOEPLITZ = 2, /* the Microsoft RSS hash */
};
/* rx_hash_field_select: the packet type the fields are taken from, and which fields. */
#define NIC_RX_HASH_L3_IPV6 (1u << 31) /* l3_prot_type: IPv6 (clear: IPv4) */
#define NIC_RX_HASH_L4_UDP (1u << 30)  /* l4_prot_type: UDP (clear: TCP) */
#define NIC_RX_HASH_SRC_IP (1u << 0)
#define NIC_RX_HASH_DST_IP (1u << 1)
#define NIC_RX_HASH_L4_SPORT (1u << 2)
#define NIC_RX_HASH_L4_DPORT (1u << 3)
#define NIC_RX_HASH_FIELDS 0xfu /* the fields served (IPsec SPI is not) */
struct nic_rx_hash {
	enum nic_rx_hash_fn fn;
	uint32_t outer_select; /* NIC_RX_HASH_* */
	uint8_t toeplitz_key[40];
};
/* An indirect TIR over RQ table rqtn: -EINVAL for a hash function or fields not served. */
int nic_tir_create_indirect(struct nic *nic, uint32_t tdn, uint32_t rqtn, const struct nic_rx_hash *hash,
			    uint32_t *tirn);
/* The Toeplitz hash of len bytes under a 40-byte key (len at most 36). */
uint32_t nic_toeplitz(const uint8_t key[40], const uint8_t *input, size_t len);

/* ---- Work queues: SQ, RQ, RMP -------------------------------------------------------------- */

/* States of SQs, RQs and RMPs (mlx5 WQ states). They are created in RST. */
enum nic_wq_state {
	NIC_WQ_RST = 0,
	NIC_WQ_RDY = 1,
	NIC_WQ_ERR = 3,
};

/* An Ethernet SQ: WQEs of 64-byte WQEBBs (ctrl, eth with inline headers, data pointers and
 * inline data), frames out through its TIS's port. Its doorbell record is not read: the
 * doorbell carries the producer index. */
struct nic_sq_attr {
	uint64_t owner;
	uint32_t pd;         /* protection domain of the lkeys its WQEs name */
	uint32_t user_index; /* in its CQEs (24 bits) */
	uint32_t cqn;
	uint32_t tisn;       /* 0: port 1 */
	uint8_t log_depth;   /* WQEBBs: 1 << log_depth, log_depth <= 15 */
	struct nic_mem ring; /* 64 << log_depth bytes */
};

/* Receive rings. A WQE is 1 << log_stride bytes of 16-byte data segments (a scatter list ended
 * by the last segment or one with lkey 0x100); a linked-list WQE starts with a next segment
 * (flexio_dev_wqe_shared_receive_seg). A striding ring (log_num_strides set) takes several
 * packets per WQE, each in whole strides of its one data segment. */
enum nic_rq_kind {
	NIC_RQ_LINKED_LIST = 0, /* flexio_wq_type's values */
	NIC_RQ_CYCLIC = 1,
};

struct nic_rq_attr {
	uint64_t owner;
	uint32_t pd;
	uint32_t user_index;
	uint32_t cqn; /* RQ: its CQ; RMP: unused (completions go to the QP's CQ) */
	enum nic_rq_kind kind;
	uint8_t log_depth;       /* WQEs: 1 << log_depth, log_depth <= 15 */
	uint8_t log_stride;      /* bytes per WQE, 4 (one segment) .. 10 */
	uint8_t log_num_strides; /* striding: strides per WQE (3..16); 0: not striding */
	uint8_t log_stride_size; /* striding: bytes per stride (6..13) */
	struct nic_mem ring;
	struct nic_mem dbr; /* 4 bytes, big-endian: WQEs posted (16-bit counter) */
};

int nic_sq_create(struct nic *nic, const struct nic_sq_attr *attr, uint32_t *sqn);
int nic_rq_create(struct nic *nic, const struct nic_rq_attr *attr, uint32_t *rqn);
int nic_rmp_create(struct nic *nic, const struct nic_rq_attr *attr, uint32_t *rmpn);
/* SQ, RQ, RMP: RST->RDY, RDY->RDY, RDY->ERR, ERR->ERR, any->RST. Moving to ERR flushes the
 * WQEs posted (a WR_FLUSH_ERR CQE each, not for an RMP, whose WQEs are shared); ERR->ERR
 * flushes those posted since (receive WQEs ring no doorbell: this is how they are drained).
 * RST forgets the ring's positions. -EINVAL for another transition or a QP (nic_qp_modify). */
int nic_wq_modify(struct nic *nic, uint32_t wqn, enum nic_wq_state state);
/* Destroys an SQ, RQ, RMP or QP: -EBUSY while QPs use the RMP. An RQ goes even while TIRs and
 * RQ tables name it: they let it go (frames they give it are refused, -EIO); -EBUSY only while
 * one naming it is being made. */
int nic_wq_destroy(struct nic *nic, uint32_t wqn);

enum nic_wq_type {
	NIC_WQ_TYPE_SQ,
	NIC_WQ_TYPE_RQ,
	NIC_WQ_TYPE_RMP,
	NIC_WQ_TYPE_QP,
};

struct nic_wq_info {
	enum nic_wq_type type;
	uint64_t owner;
	int state;             /* enum nic_wq_state, or enum nic_qp_state for a QP */
	uint16_t sq_ci, sq_pi; /* WQEBBs executed, and up to the last doorbell */
	uint16_t rq_ci;        /* receive WQEs consumed */
	uint64_t wqes;         /* send WQEs executed */
	uint64_t received;     /* messages or frames received */
	uint64_t dropped;      /* frames dropped for want of a receive WQE */
	uint64_t rnr;          /* RNR NAKs met by its sends */
};
int nic_wq_query(struct nic *nic, uint32_t wqn, struct nic_wq_info *info);

/* ---- Queue pairs (RC) --------------------------------------------------------------------- */

/* QP states (flexio_qp_state's values, IB's order). SQE is not used: RC errors go to ERR. */
enum nic_qp_state {
	NIC_QP_RST = 0,
	NIC_QP_INIT = 1,
	NIC_QP_RTR = 2,
	NIC_QP_RTS = 3,
	NIC_QP_SQD = 4,
	NIC_QP_ERR = 6,
};

enum nic_qp_rq_type {
	NIC_QP_RQ_REGULAR = 0, /* flexio_qp_rq_type's values */
	NIC_QP_RQ_RMP = 1,
	NIC_QP_RQ_NONE = 3,
};

struct nic_qp_create_attr {
	uint64_t owner;
	uint32_t pd;
	uint32_t user_index;
	uint32_t sq_cqn; /* unless no_sq */
	uint32_t rq_cqn; /* receive completions, RMP ones included; unless RQ_NONE */
	bool no_sq;
	uint8_t log_sq_depth; /* WQEBBs, <= 15 */
	enum nic_qp_rq_type rq_type;
	uint8_t log_rq_depth;   /* regular RQ: WQEs, <= 15 */
	uint8_t log_rq_stride;  /* regular RQ: bytes per WQE, 4..10 */
	uint32_t rmpn;          /* RQ_RMP */
	struct nic_mem sq_ring; /* mlx5 puts the RQ first and the SQ after it in one buffer */
	struct nic_mem rq_ring;
	struct nic_mem dbr; /* 8 bytes: receive counter (the send counter is not read) */
};

/* How a QP reaches its peer: the NIC of the fabric whose port has the GID dgid (when not
 * zero), else the MAC dmac (when not zero), else this NIC; loopback forces this NIC. */
struct nic_path {
	bool loopback;
	uint8_t dgid[16];
	uint8_t dmac[6];
};

/* nic_qp_modify's mask: which fields of struct nic_qp_attr are given (IBV_QP_*'s meanings). */
enum {
	NIC_QP_STATE = 1 << 0,
	NIC_QP_ACCESS = 1 << 1,
	NIC_QP_PKEY_INDEX = 1 << 2,
	NIC_QP_PORT = 1 << 3,
	NIC_QP_PATH = 1 << 4,
	NIC_QP_PATH_MTU = 1 << 5,
	NIC_QP_DEST_QPN = 1 << 6,
	NIC_QP_RQ_PSN = 1 << 7,
	NIC_QP_SQ_PSN = 1 << 8,
	NIC_QP_MAX_DEST_RD_ATOMIC = 1 << 9,
	NIC_QP_MAX_QP_RD_ATOMIC = 1 << 10,
	NIC_QP_MIN_RNR_TIMER = 1 << 11,
	NIC_QP_TIMEOUT = 1 << 12,
	NIC_QP_RETRY_CNT = 1 << 13,
	NIC_QP_RNR_RETRY = 1 << 14,
};

struct nic_qp_attr {
	enum nic_qp_state state;
	unsigned access;     /* NIC_ACCESS_REMOTE_*: what peers may do to its memory */
	uint16_t pkey_index; /* kept, not used */
	uint8_t port;        /* 1..ports */
	struct nic_path path;
	uint8_t path_mtu; /* 1..5: 256..4096 bytes (flexio_qp_qpc_mtu) */
	uint32_t dest_qpn;
	uint32_t rq_psn, sq_psn;                   /* 24 bits; advance by the packets of each message */
	uint8_t max_dest_rd_atomic, max_rd_atomic; /* kept, not used: nothing is outstanding */
	uint8_t min_rnr_timer;                     /* 0..31, IB's encoding */
	uint8_t timeout;                           /* kept, not used: the fabric loses nothing */
	uint8_t retry_cnt;                         /* 0..7, kept: peers that do not answer fail at once */
	uint8_t rnr_retry;                         /* 0..7, 7 = retry for ever */
};

int nic_qp_create(struct nic *nic, const struct nic_qp_create_attr *attr, uint32_t *qpn);
/*
 * Moves the QP from its state to attr->state when mask has NIC_QP_STATE (else modifies it in
 * place), if that is a transition of the IB RC state machine:
 *   RST->INIT  required ACCESS PKEY_INDEX PORT
 *   INIT->INIT optional ACCESS PKEY_INDEX PORT
 *   INIT->RTR  required PATH PATH_MTU DEST_QPN RQ_PSN MAX_DEST_RD_ATOMIC MIN_RNR_TIMER,
 *              optional ACCESS PKEY_INDEX
 *   RTR->RTS   required SQ_PSN TIMEOUT RETRY_CNT RNR_RETRY MAX_QP_RD_ATOMIC,
 *              optional ACCESS MIN_RNR_TIMER
 *   RTS->RTS, RTS->SQD, SQD->SQD, SQD->RTS  optional ACCESS MIN_RNR_TIMER
 *   any->RST, any->ERR  nothing else
 * -EPERM for another transition, -EINVAL for a missing or unexpected mask bit or a value out
 * of range; the QP is then unchanged. Moving to ERR flushes the posted WQEs (WR_FLUSH_ERR
 * CQEs; ERR->ERR flushes receive WQEs posted since, send WQEs flush at their doorbell); RST
 * forgets positions and the peer; SQD keeps doorbells until the move back to RTS, which
 * executes them.
 */
int nic_qp_modify(struct nic *nic, uint32_t qpn, const struct nic_qp_attr *attr, unsigned mask);
int nic_qp_query(struct nic *nic, uint32_t qpn, struct nic_qp_attr *attr);

/* ---- Doorbells ---------------------------------------------------------------------------- */

enum nic_doorbell_kind {
	NIC_DB_SEND,             /* SQ or QP: index = producer counter (WQEBBs, 16 bits) */
	NIC_DB_CQ_ARM,           /* CQ: arm for the next completion; index = consumer index */
	NIC_DB_CQ_ARM_SOLICITED, /* CQ: arm for the next solicited or error completion */
	NIC_DB_EQ_UPDATE,        /* EQ: index = consumer index */
	NIC_DB_EQ_ARM,           /* EQ: consumer index and arm */
	NIC_DB_ZERO_CQE,         /* CQ: an event as a completion would give, no ring entry */
	NIC_DB_EMU_ARM,          /* emulation doorbell context: queue = its CQ, index = its id */
	NIC_DB_EMU_TRIGGER,      /* the same: a doorbell forced (nic_emu_db_create) */
};

/*
 * A doorbell rung by owner (the ringing process or context): executes it before returning.
 * Refused, counted (nic_stats) and without effect: -ENOENT for a queue number that is not a
 * live queue of the doorbell's kind (emulation doorbells: an index that is no live context of
 * that CQ), -EPERM for another owner's queue, -EINVAL for a queue in
 * a state that takes no doorbell (a send doorbell on a QP in RST, INIT or RTR, on an SQ not
 * in RDY). A send doorbell on a queue in ERR flushes what it posts.
 */
int nic_doorbell(struct nic *nic, uint64_t owner, enum nic_doorbell_kind kind, uint32_t queue, uint32_t index);

/*
 * A send doorbell (NIC_DB_SEND) handed to the NIC's DMA engine: queued, and executed later by the
 * engine's thread (started at the first such doorbell, stopped by nic_destroy) or by a poll of the
 * queue's CQs (nic_engine_poll) as nic_doorbell would, writing the CQEs the owner polls, as a
 * device's DMA engine does; the caller goes on at once and takes no lock of the queue's. A
 * doorbell rung while the queue's previous one waits replaces it (the newest index executes all
 * WQEs before it); one older than one the engine already executed does nothing; a refused one (the queue gone, another owner's, not ready) is dropped,
 * as hardware drops it. -ENOMEM / -EAGAIN when the engine has no room or no thread: nothing was
 * queued (ring nic_doorbell instead).
 */
int nic_doorbell_deferred(struct nic *nic, uint64_t owner, uint32_t queue, uint32_t send_cq, uint32_t recv_cq,
			  uint16_t index);

/*
 * A poll of CQ cq of owner's: the doorbells queued by nic_doorbell_deferred for the queues
 * reporting to it (send_cq or recv_cq) are executed now, on the calling thread, unless the
 * engine's thread is executing them already, as a device executes queued work while the host
 * polls. Cheap (no lock) when nothing is queued; call it before reading the CQ.
 */
void nic_engine_poll(struct nic *nic, uint64_t owner, uint32_t cq);

/* ---- Emulated-device doorbells ------------------------------------------------------------ */

/*
 * An emulation doorbell context (FlexIO's flexio_emu_db_to_cq_map): the doorbells the driver of
 * an emulated PCI function (virtio, NVMe) rings on one of its queues become CQEs on a CQ of the
 * NIC, at most one per arming, so that a DPA thread handling the queue wakes once per batch:
 *   - it is created armed; a doorbell (nic_emu_db_ring) while armed writes a CQE and disarms
 *     it; doorbells while disarmed are remembered as one, pending;
 *   - NIC_DB_EMU_ARM (flexio_dev_db_ctx_arm) arms it, writing the CQE at once when a doorbell
 *     is pending: a handler that found the queue empty and then arms loses no doorbell rung
 *     in between;
 *   - NIC_DB_EMU_TRIGGER (flexio_dev_db_ctx_force_trigger) is a doorbell with the last value
 *     (a handler that stopped before the queue was empty arms and triggers to run again).
 * Both doorbells name the CQ and the context; they are refused unless the ringing owner is the
 * CQ's owner and the CQ is the context's. The CQE is written as any completion is (owner bit,
 * overrun, compression, arming and moderation of the CQ): opcode REQ (0), qpn = the emulated
 * queue (24 bits), user index = the context's id, byte_cnt = the last doorbell's value (a
 * virtio available index, an NVMe tail), wqe_counter = the doorbells rung so far (16 bits).
 * The CQ cannot be destroyed while a context maps to it (-EBUSY).
 */
struct nic_emu_db_attr {
	uint32_t cqn;   /* the context's owner is the CQ's */
	uint32_t queue; /* the emulated queue, 24 bits */
};

int nic_emu_db_create(struct nic *nic, const struct nic_emu_db_attr *attr, uint32_t *id);
int nic_emu_db_destroy(struct nic *nic, uint32_t id);
/* The emulated function's driver rings the context's queue with value (-ENOENT: no context). */
int nic_emu_db_ring(struct nic *nic, uint32_t id, uint32_t value);

struct nic_emu_db_info {
	uint64_t owner;
	uint32_t cqn, queue;
	bool armed, pending;
	uint32_t value;                 /* the last doorbell's */
	uint64_t doorbells, cqes, lost; /* rung; CQEs written; CQEs lost (the CQ overran) */
};
int nic_emu_db_query(struct nic *nic, uint32_t id, struct nic_emu_db_info *info);

/* ---- Ports -------------------------------------------------------------------------------- */

/*
 * A port is where Ethernet frames enter and leave the NIC; what is at the other end of its
 * cable (another NIC, a TAP, pcap files, a tunnel) is the integrator's attachment, which calls
 * nic_port_rx with each frame it receives and takes what the NIC sends through the link it
 * attached (nic_port_attach). The NIC does the rest: the MTU check, the one parse of each
 * frame's headers, steering (the flow tables below), receive-side scaling, checksums, delivery
 * to RQs, the port's counters.
 */
struct nic_port_attr {
	uint32_t mtu; /* bytes of L3 payload; frames may be mtu + 18 (Ethernet + VLAN) */
	uint8_t mac[6];
	uint8_t gid[16];
	uint32_t rx_tir; /* TIR receiving the frames no rule takes; 0: none (the miss path) */
	bool down;       /* the link is down (a port query says so); frames are not stopped by it:
			  * an attachment without a cable refuses what is sent */
};

/* Ports start with mtu 1500, zero addresses, no receive TIR, the link up, nothing attached. */
int nic_port_set(struct nic *nic, unsigned port, const struct nic_port_attr *attr);
int nic_port_get(struct nic *nic, unsigned port, struct nic_port_attr *attr);

/* A port's cable: what takes the frames the NIC sends out of it, once send-side steering let
 * them out to the wire (the frame sink). transmit returns 0, or a negative errno value: the
 * frame is lost (no cable, a full queue), counted in the port's tx_dropped. It runs on the
 * sending thread with NIC queue locks held, and may call nic_port_rx of any NIC (a wire):
 * receive paths never wait for send paths. */
struct nic_port_link {
	int (*transmit)(void *user, unsigned port, const void *frame, size_t len);
	void *user;
};
/* Attaches link to port (NULL detaches it: frames sent are then dropped, tx_dropped). The link
 * is used as it is, not copied: it must stay valid while the NIC lives (a frame in flight may
 * still use a link being replaced). -EINVAL: no such port. */
int nic_port_attach(struct nic *nic, unsigned port, const struct nic_port_link *link);
/*
 * A frame arrives on port (the frame source): counted; dropped when it is shorter than an
 * Ethernet header or longer than the port's MTU allows (-EMSGSIZE); its headers parsed; then
 * steered (the FDB rules, then the NIC RX rules) to the RQs of TIRs, else (no rule takes it, or
 * a default-miss action: the miss path) to the RQ of the port's receive TIR. Returns 0 when an
 * RQ took it; -ENOENT when the miss path has no receive TIR (rx_missed: the attachment gives
 * the frame to whatever is behind the port, a kernel, if anything); else it was dropped
 * (rx_dropped): -EPERM a drop rule (or FDB sent it back to the uplink, a hairpin the NIC does
 * not do), -ENOBUFS no receive WQE, -EIO the RQ is not ready (or went to error taking it),
 * was destroyed, or its TIR was. A frame mirrored (a destination array with TIRs and the
 * default miss) goes to each TIR's RQ (the first counted by the port, the others by their RQs
 * alone) and then down the miss path, which gives the result.
 */
int nic_port_rx(struct nic *nic, unsigned port, const void *frame, size_t len);
/* A frame the attachment received but could not decode (a datagram without a valid tunnel
 * header): counted as received, and dropped. */
void nic_port_rx_error(struct nic *nic, unsigned port, size_t len);
/* A frame given to TIR tirn directly, without a port or steering (the delivery steering's TIR
 * destinations use): it goes to the TIR's RQ, with the checksum flags and header types
 * nic_port_rx gives, or is refused: -ENOENT no such TIR, -ENOBUFS no receive WQE (counted by
 * the RQ), -EIO the RQ is not ready (or went to error taking it), or the TIR has none (its RQ,
 * or its table's entry, was destroyed), -EMSGSIZE longer than any port takes (9996 bytes: the
 * largest MTU, 9978, plus 18). Nothing is counted but the RQ's drops. */
int nic_tir_rx(struct nic *nic, uint32_t tirn, const void *frame, size_t len);
/* Whether a frame would be taken now by the RQ of TIR tirn (a direct TIR) or of one of its
 * table's entries (an indirect one): one ready with a receive WQE posted. nic_port_ready: the
 * same for a frame arriving on port, through a NIC RX rule's TIR (or a TIR of its destination
 * array), whatever the rule matches, or the port's receive TIR. For what waits for its
 * receiver before it sends (a capture replayed). */
bool nic_tir_ready(struct nic *nic, uint32_t tirn);
bool nic_port_ready(struct nic *nic, unsigned port);

/* A port's counters since the NIC was made. */
struct nic_port_counters {
	uint64_t rx_frames, rx_bytes; /* arrived: from the attachment, or looped back by steering */
	uint64_t tx_frames, tx_bytes; /* taken by the attachment (its link's transmit returned 0) */
	uint64_t rx_to_queue;         /* delivered to an RQ */
	uint64_t rx_missed;           /* the miss path without a receive TIR: to the attachment */
	uint64_t rx_dropped;          /* malformed, oversize, a drop rule, no WQE, no RQ ready */
	uint64_t tx_dropped;          /* a drop rule, no link, or the link refused the frame */
};
int nic_port_counters(struct nic *nic, unsigned port, struct nic_port_counters *counters);

/* ---- Flow steering ------------------------------------------------------------------------ */

/*
 * The NIC's steering engine, the model of mlx5 flow tables (rdma-core's mlx5dv_dr_* programs
 * it: core/providers/sim/verbs translates). Tables of three types: a frame received on a port is looked up
 * in the FDB (eswitch) tables, then in the NIC RX ones; a frame an SQ sends in the NIC TX
 * tables, then in the FDB ones. A type's lookup starts at its root: its level-0 tables, merged.
 * In a table, matchers by priority (lower first, then creation order), in a matcher its rules
 * in creation order; the first rule whose value equals the frame's fields under the matcher's
 * mask takes the frame: its counters count it, its destination decides (a table continues
 * there, at a higher level); a rule without destination, a default-miss action or no rule is
 * the type's default:
 *   - received: FDB (source_port 0xffff, the uplink): default and vport 0 (the PF) go on to
 *     NIC RX; the uplink vport (a hairpin) is not done: dropped. NIC RX: TIRs; default: the
 *     miss path (nic_port_rx).
 *   - sent: NIC TX (source_sqn the SQ): default goes on to FDB, anything else drops. FDB
 *     (source_port 0): default and the uplink vport: the wire (the port's link); vport 0: the
 *     port's own receive side (as nic_port_rx, the frame not parsed again); both, through a
 *     destination array: both.
 *
 * Matching. Masks and values are NIC_MATCH_BYTES of the PRM's fte_match_param layout: its
 * first three sections, fte_match_set_lyr_2_4 of the outer headers, fte_match_set_misc,
 * fte_match_set_lyr_2_4 of the inner ones (a VXLAN tunnel's, UDP port 4789). The NIC fills
 * the bits nic_match_bits gives (L2 to L4 outer and inner, source_sqn, source_port, vxlan_vni);
 * a mask with other bits is refused (-EOPNOTSUPP), a value with bits outside its mask too
 * (-EINVAL).
 *
 * Under traffic. Each change compiles the NIC's rules into one immutable snapshot (tables,
 * matchers in lookup order, rules, flattened actions, the words of the layout each mask looks
 * at) published with one atomic store; frames read it without a lock. A change returns once
 * no frame still reads the snapshot it replaced: the next frame sees it, frames matching other
 * rules are neither lost nor blocked. A change costs O(rules of the NIC). The caller serialises
 * nothing: changes take the NIC's steering lock.
 */
#define NIC_MATCH_BYTES 192
#define NIC_MATCH_WORDS (NIC_MATCH_BYTES / 8)
enum {
	NIC_MATCH_OUTER = 0,
	NIC_MATCH_MISC = 64,
	NIC_MATCH_INNER = 128,
};
/* The bits of byte (of the match layout) the NIC fills from a frame: 0 for bytes past it. */
uint8_t nic_match_bits(size_t byte);

/* Table types: the values of rdma-core's mlx5dv_dr_domain_type. */
enum nic_flow_type {
	NIC_FLOW_RX = 0,
	NIC_FLOW_TX = 1,
	NIC_FLOW_FDB = 2,
};

/* FDB vports: the PF (the NIC's own receive side) and the uplink (the wire). */
#define NIC_VPORT_PF 0u
#define NIC_VPORT_UPLINK 0xffffu
/* The most actions of a rule (an array's destinations not counted), and destinations of an
 * array. */
#define NIC_FLOW_MAX_ACTIONS 16
#define NIC_FLOW_MAX_DESTS 8

/* A flow counter: the integrator's memory (a DEVX counter bulk), kept while rules count in it. */
struct nic_flow_count {
	_Atomic uint64_t packets, bytes;
};

enum nic_flow_action_kind {
	NIC_FLOW_TIR,   /* arg: a TIR of the NIC (NIC RX rules) */
	NIC_FLOW_TABLE, /* table: of the rule's type, a higher level */
	NIC_FLOW_VPORT, /* arg: NIC_VPORT_PF or NIC_VPORT_UPLINK (FDB rules) */
	NIC_FLOW_DROP,
	NIC_FLOW_MISS,  /* default miss: what the type does without rules */
	NIC_FLOW_ARRAY, /* arg: destinations following it in the action list (TIRs, tables, vports,
			 * the default miss), each getting a copy of the frame */
	NIC_FLOW_COUNT, /* count: counts the frame, decides nothing */
};

struct nic_flow_table;
struct nic_flow_matcher;
struct nic_flow_rule;

struct nic_flow_action {
	enum nic_flow_action_kind kind;
	uint32_t arg;
	struct nic_flow_table *table;
	struct nic_flow_count *count;
};

/* -EINVAL: a type that is none. */
int nic_flow_table_create(struct nic *nic, enum nic_flow_type type, uint32_t level, struct nic_flow_table **table);
/* -EBUSY while it has matchers or rules send to it. */
int nic_flow_table_destroy(struct nic_flow_table *table);
/* mask: NIC_MATCH_WORDS words; -EOPNOTSUPP for bits the NIC does not fill. */
int nic_flow_matcher_create(struct nic_flow_table *table, uint16_t priority, const uint64_t *mask,
			    struct nic_flow_matcher **matcher);
/* -EBUSY while it has rules. */
int nic_flow_matcher_destroy(struct nic_flow_matcher *matcher);
/*
 * A rule of matcher: value (NIC_MATCH_WORDS words, within the mask) and a list of n actions (a
 * destination array's destinations follow it in the list). In effect when this returns.
 * -EINVAL: a value outside the mask, more than NIC_FLOW_MAX_ACTIONS actions or
 * NIC_FLOW_MAX_DESTS destinations, more than one destination, a destination the rule's type
 * does not have (a TIR outside NIC RX, a vport outside FDB, a table of another type or NIC, or
 * not of a higher level); -ENOMEM.
 */
int nic_flow_rule_create(struct nic_flow_matcher *matcher, const uint64_t *value, const struct nic_flow_action *actions,
			 size_t n, struct nic_flow_rule **rule);
/* Destroys n rules of one NIC at once (one change: what closing a context does), out of every
 * lookup when this returns. -ENOMEM: none is destroyed. */
int nic_flow_rule_destroy(struct nic_flow_rule *const *rules, size_t n);
/* Whether the NIC has a rule in a NIC RX table (a program steering frames to its queues makes
 * its rules last: what a capture's replay may wait for). */
bool nic_flow_rx_rules(struct nic *nic);

/* What steering decides for a frame, without delivering it (what nic_port_rx, or an SQ's send,
 * then does): received (dir NIC_FLOW_RX) or sent by SQ sqn (NIC_FLOW_TX; another dir:
 * -EINVAL). Counts the rules' flow counters, as the frame itself would. */
struct nic_flow_decision {
	unsigned ntirs; /* received: the TIRs given a copy */
	uint32_t tir[NIC_FLOW_MAX_DESTS];
	bool miss;     /* received: the miss path (with TIRs: a mirror); neither: dropped */
	bool wire;     /* sent: out through the port */
	bool loopback; /* sent: into the port's receive side; neither: dropped */
};
int nic_flow_decide(struct nic *nic, enum nic_flow_type dir, uint32_t sqn, const void *frame, size_t len,
		    struct nic_flow_decision *decision);

/* ---- Time and statistics ------------------------------------------------------------------ */

/* Fires moderated events whose period has passed and retries RNR-stalled sends. */
void nic_timers_run(struct nic *nic);

/* Counters of the NIC: the refusals and drops since it was created, the rest summed over the
 * queues alive now (each queue counts its own, so that no counter is shared on the per-packet
 * path; nic_cq_query and nic_wq_query give them queue by queue). */
struct nic_stats {
	uint64_t doorbells;       /* accepted */
	uint64_t refused_unknown; /* no such queue */
	uint64_t refused_owner;   /* another owner's queue */
	uint64_t refused_state;   /* the queue's state takes no such doorbell */
	uint64_t wqes;            /* send WQEs executed */
	uint64_t completions, events, zero_cqes, lost_completions;
	uint64_t tx_frames;  /* frames sent by SQs */
	uint64_t rx_frames;  /* frames received by RQs, or taken by none at ports */
	uint64_t rx_dropped; /* taken by no RQ at ports: dropped (a rule, not ready, no WQE, too
			      * long), or no rule nor receive TIR took it (the miss path) */
};
void nic_stats_get(struct nic *nic, struct nic_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
