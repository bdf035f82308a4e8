/*
 * The NIC engine's internals, shared by its files (README.md explains the model).
 *
 * Objects and locks. Every queue is an object of one of six tables (CQ, EQ, WQ, TD, TIS, TIR;
 * QPs, SQs, RQs and RMPs share the WQ table and so one number space, as in mlx5). An object
 * has a mutex; a work queue has a second one, rlock, for its receive side, so that a send
 * path (holding its queue's lock) can deliver into a peer's receive side while the peer's send
 * path delivers into ours. Lock order, outermost first:
 *     WQ lock -> WQ rlock (a QP's, then its RMP's) -> CQ lock -> EQ lock -> timer lock
 * and never two locks of one class at once except those (a QP's rlock, then its RMP's).
 * Objects are never freed while the NIC lives: a destroyed one goes to its table's pool and
 * is reused with a new number, so a lookup racing with a destroy locks valid memory and then
 * sees the number changed (nic_table_lock).
 *
 * Operations. Each entry point that may write completions carries a struct nic_op down the
 * call chain: CQs with compression stage completions and the op writes them when it ends
 * (compression groups the completions of one operation, as hardware groups those that are
 * ready together).
 */
#ifndef OPENFLEXIO_CORE_NIC_INTERNAL_H
#define OPENFLEXIO_CORE_NIC_INTERNAL_H

#include "nic.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

struct nic_frame;

#define NIC_NUM_MASK 0xFFFFFFu
#define NIC_CACHE_LINE 64

/*
 * Payload DMA: the bytes a WQE moves between memories. A memmove, not a memcpy: a SEND or RDMA
 * WRITE may name a destination that overlaps its source (one region, a QP looped back to
 * itself), and the NIC then copies as if through a buffer (glibc's memmove costs what its memcpy
 * does: on x86-64 they are one routine). Under ThreadSanitizer these
 * copies are not instrumented, as the DPA interpreter's guest accesses are not: software
 * orders them through CQE owner bits and fences of its own memory model (device code) or
 * through the CQE's release store (host code), which TSan cannot pair with a copy of the
 * engine.
 */
#if defined(__SANITIZE_THREAD__)
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);
static inline void nic_dma_copy(void *dst, const void *src, size_t len)
{
	__tsan_ignore_thread_begin();
	memmove(dst, src, len);
	__tsan_ignore_thread_end();
}
#else
#define nic_dma_copy memmove
#endif

/* mlx5 CQE opcodes (op_own bits 7..4). */
enum {
	NIC_CQE_REQ = 0,
	NIC_CQE_RESP_WR_IMM = 1,
	NIC_CQE_RESP_SEND = 2,
	NIC_CQE_RESP_SEND_IMM = 3,
	NIC_CQE_REQ_ERR = 13,
	NIC_CQE_RESP_ERR = 14,
};

/* mlx5 CQE error syndromes. */
enum {
	NIC_SYND_LOCAL_LENGTH = 0x01,
	NIC_SYND_LOCAL_QP_OP = 0x02,
	NIC_SYND_LOCAL_PROT = 0x04,
	NIC_SYND_WR_FLUSH = 0x05,
	NIC_SYND_REMOTE_INVAL_REQ = 0x12,
	NIC_SYND_REMOTE_ACCESS = 0x13,
	NIC_SYND_REMOTE_OP = 0x14,
	NIC_SYND_TRANSPORT_RETRY_EXC = 0x15,
	NIC_SYND_RNR_RETRY_EXC = 0x16,
};

/* mlx5 send WQE opcodes (control segment bits 7..0). */
enum {
	NIC_WQE_NOP = 0x00,
	NIC_WQE_RDMA_WRITE = 0x08,
	NIC_WQE_RDMA_WRITE_IMM = 0x09,
	NIC_WQE_SEND = 0x0a,
	NIC_WQE_SEND_IMM = 0x0b,
	NIC_WQE_RDMA_READ = 0x10,
	NIC_WQE_ATOMIC_CS = 0x11,
	NIC_WQE_ATOMIC_FA = 0x12,
};

/* mlx5 CQE checksum bits (byte 28, hds_ip_ext; also in FlexIO's csum_ok). */
enum {
	NIC_CSUM_L2_OK = 1,
	NIC_CSUM_L3_OK = 2,
	NIC_CSUM_L4_OK = 4
};

/* The lkey that ends a receive scatter list early (rdma-core's MLX5_INVALID_LKEY). */
#define NIC_INVALID_LKEY 0x100u
/* Striding receive: byte_cnt's fields. */
#define NIC_MPRQ_FILLER 0x80000000u
#define NIC_MPRQ_STRIDES_SHIFT 16
/* The largest Ethernet frame: BlueField-3's largest MTU plus Ethernet and VLAN headers. */
#define NIC_MAX_MTU 9978u
#define NIC_MAX_FRAME (NIC_MAX_MTU + 18u)

/* ---- Objects and tables --------------------------------------------------------------- */

enum nic_obj_type {
	NIC_OBJ_CQ,
	NIC_OBJ_EQ,
	NIC_OBJ_WQ,
	NIC_OBJ_TD,
	NIC_OBJ_TIS,
	NIC_OBJ_TIR,
	NIC_OBJ_RQT,
	NIC_OBJ_EMU,
	NIC_OBJ_TYPES
};

/* A pending deadline of a CQ (moderation) or a WQ (RNR retry), in the NIC's timer list. It
 * survives the object's reuse: nic_timers_run may hold it in its private list meanwhile. */
struct nic_timer {
	struct nic_obj *obj;
	uint64_t deadline;
	atomic_bool listed; /* changed under the timer lock; read by its object's paths */
	struct nic_timer *next;
};

struct nic_obj {
	pthread_mutex_t lock;
	struct nic_timer timer;
	struct nic *nic; /* from here to pool_next: cleared when the object is reused */
	enum nic_obj_type type;
	uint32_t num; /* 0 while free; written under the lock (WQs: lock and rlock) */
	uint64_t owner;
	atomic_uint users;         /* objects naming this one: it cannot be destroyed meanwhile */
	uint64_t doorbells;        /* accepted */
	struct nic_obj *pool_next; /* in the table's pool of free objects */
	struct nic_obj *all_next;  /* every object the table allocated, for nic_destroy */
};

struct nic_table {
	pthread_mutex_t lock; /* allocation and release */
	uint32_t log_size;
	_Atomic(struct nic_obj *) *slots;
	uint32_t *generation; /* per slot, the number's bits above the index */
	uint32_t *free_slots; /* a stack of free indexes (index 0 is never used: number 0) */
	uint32_t nfree;
	struct nic_obj *pool, *all;
	size_t obj_size;
};

/* Flow steering (flow.c): a NIC's state. */
#define NIC_FLOW_READERS 16

struct nic_flow_snapshot;

/* A reader's announcement, one per slot and phase (cache lines apart: threads share few). */
struct nic_flow_slot {
	_Atomic unsigned long count[2];
} __attribute__((aligned(NIC_CACHE_LINE)));

/* A NIC's steering: the objects (under lock), the snapshot frames read (without a lock). */
struct nic_flow {
	struct nic_flow_slot slots[NIC_FLOW_READERS];
	struct nic_flow_snapshot *_Atomic current; /* NULL: no rule */
	_Atomic unsigned phase;
	pthread_mutex_t lock; /* the objects below; changes publish under it */
	uint64_t seq;
	struct nic_flow_table *tables;
	struct nic_flow_matcher *matchers;
};

/* A port. Frames pass it without its lock: they read the two atomics, which nic_port_set
 * changes with the rest. Its counters (struct nic_port_counters) are these atomics, for what
 * happens to a frame under no queue's lock (malformed, a drop rule, missed, no RQ there), plus
 * the tallies of the work queues its frames reach (struct nic_port_tally): the common case
 * costs no atomic read-modify-write. */
struct nic_port {
	pthread_mutex_t lock; /* attr and tir */
	struct nic_port_attr attr;
	struct nic_tir *tir;                      /* the receive TIR (users counted), or NULL */
	atomic_uint max_frame;                    /* mtu + 18 */
	atomic_uint rx_rqn;                       /* the receive TIR's RQ, 0 (no TIR) or NIC_RQN_GONE */
	const struct nic_port_link *_Atomic link; /* nic_port_attach's, or NULL */
	atomic_uint_fast64_t rx_frames, rx_bytes, rx_to_queue, rx_missed, rx_dropped;
};

/* A port's frames a work queue counted under its own lock (received: rlock; sent: its lock),
 * kept when the object is reused, so that summed over every work queue the NIC made they are
 * the port's since the NIC was made (nic_port_counters). One writer at a time (the lock's
 * holder): relaxed loads and stores, read without the lock. */
struct nic_port_tally {
	_Atomic uint64_t rx_frames, rx_bytes, rx_to_queue, rx_dropped;
	_Atomic uint64_t tx_frames, tx_bytes, tx_dropped;
};

/* Adds to a tally counter (its lock held). */
static inline void nic_tally(_Atomic uint64_t *counter, uint64_t value)
{
	atomic_store_explicit(counter, atomic_load_explicit(counter, memory_order_relaxed) + value,
			      memory_order_relaxed);
}

struct nic {
	struct nic_env env;
	struct nic_fabric *fabric;
	struct nic *fabric_next;
	atomic_uint refs; /* itself plus QPs of other NICs connected to it */
	atomic_bool live;
	unsigned nports;
	struct nic_port ports[NIC_MAX_PORTS];
	struct nic_table tables[NIC_OBJ_TYPES];
	pthread_mutex_t timer_lock;
	struct nic_timer *timers;
	/* Refusals: rare, so NIC-wide counters do not slow the per-packet path. */
	atomic_uint_fast64_t refused_unknown, refused_owner, refused_state;
	pthread_mutex_t engine_lock; /* starting and stopping the DMA engine */
	struct nic_engine *engine;   /* the DMA engine (engine.c), from the first deferred WQ on */
	struct nic_flow flow;        /* cache-line aligned: the NIC is allocated so */
};

/* A free object with a new number, its lock held, not yet found by lookups; NULL when the
 * table is full (-ENOSPC) or memory is short. */
struct nic_obj *nic_obj_alloc(struct nic *nic, enum nic_obj_type type);
/* Makes an object allocated and initialised (lock held) findable, and unlocks it. */
void nic_obj_publish(struct nic_obj *obj);
/* Makes a live object unfindable (its locks held: WQs both); then, once unlocked, recycle it
 * with the number it had. */
void nic_obj_retire(struct nic_obj *obj);
void nic_obj_recycle(struct nic_obj *obj, uint32_t num);
/* The live object with this number, its lock held, or NULL. */
struct nic_obj *nic_table_lock(struct nic *nic, enum nic_obj_type type, uint32_t num);
/* The same for a WQ's receive side: rlock held instead. */
struct nic_wq *nic_wq_lock_recv(struct nic *nic, uint32_t num);
/* Calls fn on every live object of a table, its lock held (the table's held meanwhile). */
void nic_table_each(struct nic *nic, enum nic_obj_type type, void (*fn)(struct nic_obj *obj, void *arg), void *arg);
/* A user reference on the live object num of a table (its lock taken and released), so that
 * it is not destroyed meanwhile; NULL if there is none. nic_obj_put(NULL) does nothing. */
struct nic_obj *nic_obj_get(struct nic *nic, enum nic_obj_type type, uint32_t num);
void nic_obj_put(struct nic_obj *obj);
/* The NIC of the fabric a path leads to (a reference: nic_unref), or NULL. */
struct nic *nic_fabric_route(struct nic *from, const struct nic_path *path);
void nic_unref(struct nic *nic);

/* ---- Queue memory --------------------------------------------------------------------- */

static inline void *nic_reach(struct nic *nic, struct nic_mem mem, uint64_t offset, uint64_t len, bool write)
{
	return nic->env.space_reach(nic->env.user, mem.space, mem.addr + offset, len, write);
}

/* Ring entries and doorbell records are read and written like the DPA does it: aligned
 * accesses of at most 8 bytes, atomic. An entry's last word is stored with release order so
 * that whoever sees its owner bit (acquire) sees the rest. */
static inline uint32_t nic_load_be32(const void *p)
{
	return __builtin_bswap32(__atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE));
}

void nic_copy_in(void *dst, const void *ring_entry, size_t len); /* len: multiple of 8 */
void nic_store_entry(void *ring_entry, const void *src);         /* 64 bytes */

/* ---- Completions (nic_cq.c) ---------------------------------------------------------------- */

/* A completion as the engine builds it, before it becomes a CQE or a mini-CQE. */
struct nic_cqe {
	uint8_t opcode;   /* NIC_CQE_* */
	uint8_t sop;      /* requester: the WQE's opcode */
	uint8_t syndrome; /* error CQEs */
	uint8_t csum;     /* NIC_CSUM_* */
	uint8_t l3_l4;    /* byte 29: l4 header type << 4 | l3 header type << 2 */
	bool solicited;
	bool force_event;     /* the WQE asked for an event (ce = CQE and EQE) */
	uint16_t wqe_counter; /* the WQE's index (striding: the stride's) */
	uint16_t wqe_id;      /* striding: the WQE's index */
	uint32_t qpn, user_index, byte_cnt;
	uint32_t imm_be;  /* immediate data as the WQE holds it (big-endian) */
	uint32_t rx_hash; /* receive-side scaling: the frame's hash (indirect TIRs), else 0 */
};

/* The most compressed-completion CQs one operation stages into before it writes them. */
#define NIC_OP_CQS 8

struct nic_op {
	struct {
		struct nic_cq *cq;
		uint32_t cqn; /* the CQ may die before the operation ends */
	} staged[NIC_OP_CQS];
	unsigned ncqs;
};

/* Starts an operation with nothing staged. Not an initializer: that would zero the whole
 * staging array on every doorbell and frame, slots that are written before they are read. */
static inline void nic_op_begin(struct nic_op *op)
{
	op->ncqs = 0;
}
/* Writes what the operation staged (called by every entry point that started one). */
void nic_op_end(struct nic_op *op);

struct nic_cq {
	struct nic_obj h;
	uint8_t log_size;
	bool always_armed, overrun_ignore, collapsed, compress;
	enum nic_comp_format comp_format;
	struct nic_mem ring, dbr;
	enum nic_cq_target target;
	struct nic_eq *eq;
	uint64_t cookie;
	uint16_t mod_count, mod_period_us;
	enum nic_moderation_mode mod_mode;
	/* state */
	bool error;
	enum {
		NIC_ARM_NONE,
		NIC_ARM_NEXT,
		NIC_ARM_SOLICITED
	} arm;
	uint32_t pi;              /* ring entries written */
	uint32_t pending;         /* completions since the last event */
	bool pending_wakeup;      /* a pending completion satisfies a solicited arm */
	uint64_t period_start;    /* moderation: when the period began (ns) */
	unsigned nstaged;         /* compression: completions not yet written */
	struct nic_cqe staged[8]; /* a title and up to 7 mini-CQEs */
	uint64_t completions, events, lost, zero_cqes;
};

/* Reports a completion on cq (not locked by the caller). 0, or -EOVERFLOW when the CQ overran
 * or is in error: the completion is lost and the queue reporting it must go to error. */
int nic_cq_complete(struct nic_op *op, struct nic_cq *cq, const struct nic_cqe *cqe);
/* nic_timers_run's part for a CQ (its lock held). */
void nic_cq_timer(struct nic_cq *cq);
/* Doorbells on a CQ or an EQ (its lock held). */
int nic_cq_doorbell(struct nic_cq *cq, enum nic_doorbell_kind kind, uint32_t index);
int nic_eq_doorbell(struct nic_eq *eq, bool arm, uint32_t ci);
/* Lists a timer (the object's lock held) and tells the integrator. */
void nic_timer_list(struct nic *nic, struct nic_timer *timer, uint64_t deadline);
void nic_timer_unlist(struct nic *nic, struct nic_timer *timer);

struct nic_eq {
	struct nic_obj h;
	uint8_t log_size;
	struct nic_mem ring;
	uint64_t cookie;
	bool always_armed; /* an MSI-X vector's: every EQE is an event, no overrun */
	bool armed, error;
	uint32_t pi, ci;
	uint64_t events;
};


/* ---- Emulation doorbell contexts (emu.c) -------------------------------------------------- */

struct nic_emu_db {
	struct nic_obj h;  /* owner: its CQ's */
	struct nic_cq *cq; /* held (users) while the context lives: its number stays */
	uint32_t queue;
	bool armed, pending;
	uint32_t value; /* the last doorbell's */
	uint64_t rung, cqes, lost;
};

/* NIC_DB_EMU_ARM / _TRIGGER on a context (its lock held) naming CQ cqn: -ENOENT when that is
 * not the context's CQ. */
int nic_emu_doorbell(struct nic_op *op, struct nic_emu_db *db, enum nic_doorbell_kind kind, uint32_t cqn);

/* ---- Transport objects --------------------------------------------------------------------- */

struct nic_td {
	struct nic_obj h;
};

struct nic_tis {
	struct nic_obj h;
	struct nic_td *td;
	unsigned port;
};

/* A TIR dispatches to one RQ (direct), or to an RQ of its RQT chosen by a hash (indirect:
 * rqt set). Its RQ and RQT are held (users) while it lives, or until the RQ is destroyed
 * (nic_rq_detach: rq NULL, frames to it are dropped). */
struct nic_tir {
	struct nic_obj h;
	struct nic_td *td;
	struct nic_wq *rq;
	struct nic_rqt *rqt;
	struct nic_rx_hash hash;
};

/* An RQ table: the RQs indirect TIRs spread frames over (each held, users counted; NULL once
 * the RQ was destroyed: frames hashed there are dropped). The list changes under h.lock
 * (MODIFY_RQT, nic_rq_detach); a frame's RQ is picked under it. */
struct nic_rqt {
	struct nic_obj h;
	uint32_t size;
	struct nic_wq *rqs[1u << NIC_LOG_MAX_RQT_SIZE];
};

/* The RQ an indirect TIR gives a frame (TIR's lock held), and the frame's hash; 0 when the
 * entry has no RQ (transport.c). */
uint32_t nic_rss_pick(struct nic_tir *tir, const struct nic_frame *fr, uint32_t *hash);
/* Transport objects' destruction: refused (-EBUSY) while something uses the object; release
 * drops what it holds (its lock held). */
int nic_obj_destroy(struct nic *nic, enum nic_obj_type type, uint32_t num, void (*release)(struct nic_obj *obj));
/* Makes the TIRs and RQ tables that name RQ rq (its lock held, being destroyed) let it go, and
 * the ports whose receive TIR it was drop their frames (transport.c). */
void nic_rq_detach(struct nic_wq *rq);
/* A port's rx_rqn once its receive TIR's RQ is gone: no object has this number (24 bits). */
#define NIC_RQN_GONE (NIC_NUM_MASK + 1u)
/* A user reference on the live work queue wqn if it is of type; NULL otherwise (nic_qp.c). */
struct nic_wq *nic_wq_get(struct nic *nic, uint32_t wqn, enum nic_wq_type type);

/* ---- Frames (frame.c) ---------------------------------------------------------------------- */

/* CQE header types (byte 29: l4 type in bits 6..4, l3 type in bits 3..2). */
enum {
	NIC_L3_IPV6 = 1,
	NIC_L3_IPV4 = 2,
	NIC_L4_TCP = 1,
	NIC_L4_UDP = 2
};

/* Where a frame's headers are. */
struct nic_frame_layout {
	size_t l3;     /* offset of the IP header, 0: none */
	int l3_type;   /* NIC_L3_IPV4, NIC_L3_IPV6 or 0 */
	size_t l3_len; /* IPv4 header length */
	size_t l4;     /* offset of the TCP/UDP header, 0: none (nor for a fragment) */
	int l4_type;   /* NIC_L4_TCP, NIC_L4_UDP or 0 */
	size_t l4_len; /* TCP/UDP header and payload */
};

/* What nic_frame_parse fills of struct nic_frame's match fields. */
enum {
	NIC_FRAME_MATCH = 1, /* the outer headers and the VXLAN VNI (steering has rules) */
	NIC_FRAME_INNER = 2, /* and the headers a VXLAN tunnel carries (a matcher looks at them) */
};

/* A frame in the NIC and what its one parse found: every stage (steering, RSS, checksums, the
 * CQE) reads this instead of the headers again. */
struct nic_frame {
	const uint8_t *bytes;
	size_t len;
	bool parsed;    /* l is filled */
	unsigned match; /* NIC_FRAME_*: which parts of m are filled */
	struct nic_frame_layout l;
	/* The fields steering matches (NIC_MATCH_* layout); misc's source_sqn and source_port are
	 * the lookup's to set (flow.c). */
	uint64_t m[NIC_MATCH_WORDS];
};

static inline void nic_frame_init(struct nic_frame *fr, const void *bytes, size_t len)
{
	fr->bytes = bytes;
	fr->len = len;
	fr->parsed = false;
	fr->match = 0;
}
/* Walks the frame's headers, once: the layout, and the match fields match asks for (0: none).
 * A frame parsed already with what is asked is left as it is. */
void nic_frame_parse(struct nic_frame *fr, unsigned match);

/* ---- Flow steering (flow.c) ------------------------------------------------------------------- */

void nic_flow_init(struct nic *nic);
/* Frees what steering holds (the NIC is going: nothing reads it). */
void nic_flow_fini(struct nic *nic);

/* A lookup in progress: the snapshot it reads stays until nic_flow_end. */
struct nic_flow_reader {
	struct nic_flow *flow;
	const struct nic_flow_snapshot *s;
	unsigned slot, phase;
};

/* nic_flow_begin's work once the NIC has a rule. */
unsigned nic_flow_enter(struct nic *nic, struct nic_flow_reader *r, enum nic_flow_type dir);

/* Begins a lookup (r->s NULL when no rule looks: nothing to end), and says what of the frame
 * the rules of dir look at (NIC_FRAME_*, for nic_frame_parse; 0 when no rule of the
 * direction's pipeline exists). Inline: a NIC without rules, the usual case of one nothing
 * steers, costs a frame one relaxed load and no reader to announce (a rule published
 * meanwhile is a change concurrent with the frame, which may miss it). */
static inline unsigned nic_flow_begin(struct nic *nic, struct nic_flow_reader *r, enum nic_flow_type dir)
{
	r->s = NULL;
	if (!atomic_load_explicit(&nic->flow.current, memory_order_relaxed))
		return 0;
	return nic_flow_enter(nic, r, dir);
}

void nic_flow_end(struct nic_flow_reader *r);
/* The decision for a frame parsed as nic_flow_begin asked: received on a port (FDB, then NIC
 * RX; miss when nothing looks), or sent by SQ sqn (NIC TX, then FDB; wire when nothing looks).
 * Counts the rules' flow counters. */
void nic_flow_rx(const struct nic_flow_reader *r, struct nic_frame *fr, struct nic_flow_decision *d);
void nic_flow_tx(const struct nic_flow_reader *r, struct nic_frame *fr, uint32_t sqn, struct nic_flow_decision *d);
/* Whether a NIC RX rule's TIR (or one of its array's) would give a frame to an RQ now. */
bool nic_flow_rx_ready(struct nic *nic);

/* ---- Work queues -------------------------------------------------------------------------- */

/* The send side of an SQ or QP (under the WQ's lock). */
struct nic_send {
	struct nic_mem ring;
	uint8_t log_depth;
	struct nic_cq *cq;
	struct nic_tis *tis; /* SQ: NULL for port 1 */
	uint16_t ci, pi;     /* WQEBBs executed, and up to the last doorbell */
	bool stalled;        /* an RNR NAK stopped it at ci */
	unsigned rnr_attempts;
	uint8_t rnr_timer; /* the min_rnr_timer of the peer that sent the last RNR NAK */
	/* Per WQEBB index, the payloads of sends caught by an RNR wait (the one at ci and those posted
	 * behind it) as they were then (NULL: none yet; sends up to NIC_RNR_COPY_MAX bytes): they
	 * deliver those bytes, as sends the hardware retries microseconds later would, whatever the
	 * program wrote there meanwhile. */
	struct nic_send_copy *copies;
	uint64_t wqes, frames, rnr;
};

struct nic_send_copy {
	void *data; /* NULL: none */
	uint32_t len;
};

#define NIC_RNR_COPY_MAX (1u << 20)

/* Forgets the payload copies (the ring was flushed, reset or destroyed; WQ lock held). */
void nic_send_forget_copies(struct nic_send *s);

/* A receive ring: an RQ's, an RMP's or a QP's (under the owning WQ's rlock). */
struct nic_recv {
	struct nic_mem ring, dbr;
	enum nic_rq_kind kind;
	uint8_t log_depth, log_stride, log_num_strides, log_stride_size;
	uint16_t ci;           /* WQEs consumed (counted like the doorbell record's counter) */
	uint16_t head;         /* linked list: index of the next WQE */
	uint32_t strides_used; /* striding: strides of the current WQE already used */
	uint64_t received, dropped;
};

struct nic_wq {
	struct nic_obj h;                           /* lock: the send side, configuration, state changes */
	pthread_mutex_t rlock;                      /* the receive side */
	struct nic_port_tally tally[NIC_MAX_PORTS]; /* not cleared on reuse: the ports' */
	enum nic_wq_type type;
	atomic_int state; /* enum nic_wq_state or nic_qp_state; changed under both locks,
				 * or to ERR by a failing path holding either (nic_wq_to_error) */
	uint32_t pd, user_index;
	struct nic_send send; /* SQ, QP */
	struct nic_recv recv; /* RQ, RMP, QP with a regular RQ */
	struct nic_cq *rcq;   /* RQ, QP: receive completions */
	struct nic_wq *rmp;   /* QP on an RMP */
	/* QP */
	bool no_sq;
	enum nic_qp_rq_type rq_type;
	struct nic_qp_attr qattr;
	struct nic *peer; /* the NIC of the path (a reference), NULL: unreachable */
};

static inline int nic_wq_state(const struct nic_wq *wq)
{
	return atomic_load_explicit(&wq->state, memory_order_acquire);
}

/* ---- The DMA engine (engine.c) ------------------------------------------------------------ */

/* Stops the NIC's DMA engine if it runs (nic_destroy): what it had queued is dropped, the
 * queues being retired. */
void nic_engine_stop(struct nic *nic);
/* The queue a doorbell names, locked, after the owner check; NULL with rc set otherwise. */
struct nic_obj *nic_doorbell_target(struct nic *nic, uint64_t owner, enum nic_obj_type type, uint32_t queue, int *rc);

/* ---- Sending (sq.c) ---------------------------------------------------------------------- */

/* What a WQE's control segment says. */
struct nic_wqe_head {
	uint8_t opcode;
	uint8_t ds;      /* 16-byte segments */
	uint16_t wqebbs; /* 64-byte blocks it takes in the ring */
};
/* The control segment of the send WQE at index (the WQ's lock held): -EFAULT when the ring is
 * gone, -EINVAL when it holds no segment. */
int nic_wqe_head(struct nic_wq *wq, uint16_t index, struct nic_wqe_head *head);
/* A send doorbell (the WQ's lock held): records pi and executes what the state allows. */
int nic_send_doorbell(struct nic_op *op, struct nic_wq *wq, uint16_t pi);
/* Executes posted WQEs from ci (the WQ's lock held); used after SQD->RTS and RNR retries. */
void nic_send_run(struct nic_op *op, struct nic_wq *wq);

/* ---- Receiving (rq.c) ---------------------------------------------------------------------- */

/* Where a message's bytes come from: inline data or a frame, or memory behind a key, reached
 * through nic_env.mkey_reach of NIC held (NULL for the others) and held until nic_sg_done. */
struct nic_sg {
	const void *ptr;
	uint32_t len;
	uint32_t key;
	struct nic *held;
};

/* Ends an access nic_env.mkey_reach began (see nic.h): the copy through it is done. */
static inline void nic_mkey_done(struct nic *nic, uint32_t key)
{
	if (nic->env.mkey_done)
		nic->env.mkey_done(nic->env.user, key);
}

/* Ends the accesses of a gather or scatter list. */
static inline void nic_sg_done(const struct nic_sg *sg, unsigned nsg)
{
	for (unsigned i = 0; i < nsg; i++)
		if (sg[i].held)
			nic_mkey_done(sg[i].held, sg[i].key);
}

/* What a received message carries besides its bytes. */
struct nic_rx_meta {
	uint8_t opcode;     /* NIC_CQE_RESP_SEND, _SEND_IMM, _WR_IMM */
	uint32_t write_len; /* RESP_WR_IMM: the bytes written (the CQE's byte count) */
	bool solicited;
	uint32_t imm_be;
	uint8_t csum, l3_l4;
	uint32_t rx_hash; /* the indirect TIR's hash of the frame, else 0 */
};

enum nic_rx_result {
	NIC_RX_OK,
	NIC_RX_NO_WQE, /* nothing posted: dropped (Ethernet) or RNR (RC) */
	NIC_RX_LENGTH, /* the message is larger than the WQE: the receiver went to error */
	NIC_RX_PROT,   /* a receive segment failed its lkey: the receiver went to error */
	NIC_RX_CQ,     /* the completion was lost (CQ overrun): the receiver went to error */
	NIC_RX_STATE,  /* the receiver takes nothing in its state */
};

/* Delivers a message into wq's receive side (an RQ or a QP; its rlock held): takes a WQE (of
 * its ring or its RMP), scatters sg (len bytes in all), ends sg's key accesses (nic_sg_done:
 * whatever the outcome, before any completion is written), reports the completion on wq's
 * CQ. */
enum nic_rx_result nic_recv_deliver(struct nic_op *op, struct nic_wq *wq, const struct nic_sg *sg, unsigned nsg,
				    uint32_t len, const struct nic_rx_meta *meta);
/* Whether RQ rqn is ready with a receive WQE posted (its rlock taken and released). */
bool nic_rq_armed(struct nic *nic, uint32_t rqn);
/* Reports every posted receive WQE of wq's own ring as flushed (its rlock held). */
void nic_recv_flush(struct nic_op *op, struct nic_wq *wq);
/* Forgets a ring's positions (RST). */
void nic_recv_reset(struct nic_recv *recv);
void nic_recv_init(struct nic_recv *recv, const struct nic_rq_attr *attr);

/* ---- Queue pairs (nic_qp.c) ---------------------------------------------------------------------- */

/* The peer QP of a connected QP (its lock held), its rlock held; NULL when it cannot be reached
 * or does not take this QP's packets (not RTR/RTS, not connected back). */
struct nic_wq *nic_qp_peer_lock(struct nic_wq *qp);
void nic_qp_peer_unlock(struct nic_wq *peer);
/* Packets of a message of len bytes on the QP's path MTU (PSNs advance by them). */
uint32_t nic_qp_packets(const struct nic_wq *qp, uint32_t len);
/* How long a QP waits after an RNR NAK, in nanoseconds (IB's min_rnr_timer table). */
uint64_t nic_qp_rnr_ns(const struct nic_wq *qp);

/* ---- Errors (errors.c) ------------------------------------------------------------------------ */

/* Moves wq to ERR unless it is there already or in RST: true if this call did. */
bool nic_wq_to_error(struct nic_wq *wq);
/* An error CQE of syndrome for a receive WQE of wq. */
void nic_cqe_recv_error(struct nic_cqe *cqe, const struct nic_wq *wq, uint16_t wqe_counter, uint8_t syndrome);
/* A send-side failure (the WQ's lock held): the WQE at ci (wqebbs long, of opcode sop)
 * completes with syndrome, the WQ goes to error, the rest of its posted WQEs and its receive
 * WQEs are flushed. */
void nic_send_fail(struct nic_op *op, struct nic_wq *wq, uint8_t sop, uint8_t syndrome, uint16_t wqebbs);
/* Flushes the posted send WQEs from ci to pi (the WQ's lock held, the WQ in ERR). */
void nic_send_flush(struct nic_op *op, struct nic_wq *wq);
/* A receive-side failure (rlock held): the WQ goes to error and its receive WQEs are flushed. */
void nic_recv_fail(struct nic_op *op, struct nic_wq *wq);

/* ---- Ports (ports.c) --------------------------------------------------------------------------- */

void nic_ports_init(struct nic *nic, unsigned nports);
void nic_ports_fini(struct nic *nic);
/* The largest frame port takes (its MTU plus Ethernet and VLAN headers). */
unsigned nic_port_max_frame(struct nic *nic, unsigned port);
/* SQ sq (its lock held) sends a frame through port (checksums filled as cs_flags ask: the frame
 * is modified), as send-side steering says. */
void nic_port_send(struct nic_wq *sq, unsigned port, uint8_t *frame, size_t len, uint8_t cs_flags);

#endif
