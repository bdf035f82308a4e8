/*
 * Private to libflexio_verbs: the simulated objects, the registry that recognises them, the
 * real rdma-core entry points everything else is forwarded to, the one instance per process,
 * the redirection of rdma-core's calls, and the log line.
 *
 * Locking: one mutex (sim_lock) guards every simulated object and the registry.  Entry points
 * take it for the whole simulated operation, so a check ("no MR uses this PD") and the change
 * it allows (freeing the PD) are one atomic step; forwarding to rdma-core happens unlocked.
 * The per-call paths take no global lock: post, poll and arm check their object against the
 * NIC's tables of live queues (struct sim_nic), and the NIC reaches keys and umems through the
 * device's lock-free tables (table.c); each queue has its own locks.
 */
#ifndef OPENFLEXIO_CORE_VERBS_INTERNAL_H
#define OPENFLEXIO_CORE_VERBS_INTERNAL_H

#include <errno.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <libflexio/flexio_sim.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "device_names.h"
#include "sim_verbs.h"
#include "nic.h"

#define SIM_EXPORT __attribute__((visibility("default")))

/* Distinct devices a process may create (FLEXIO_SIM_DEVICES lists SIM_MAX_DEVICES at once). */
#define SIM_MAX_CREATED 64

/* ---- table.c: lock-free lookup of memory keys and umems by number ---- */

/*
 * A slot of a table: what one live key or umem is, read by the NIC's callbacks on any thread
 * without a lock (a seqlock: seq is odd while sim_lock's holder rewrites the slot).  Every
 * field is accessed atomically.
 */
struct sim_slot {
	uint32_t seq;
	uint32_t tag;    /* the key or umem id held; 0 = free */
	uint32_t pd;     /* keys: the PD number (ibv_pd.handle) */
	uint32_t access; /* keys: IBV_ACCESS_*; umems: the access registered */
	uint64_t start;  /* keys: the first address of the key's address space */
	uint64_t length;
	uint64_t host;         /* host address of start (MRs, umems) */
	uint64_t space;        /* space keys: the struct flexio_verbs_space * answering for them */
	struct sim_pd *holder; /* space keys: the PD they hold (sim_lock) */
};

#define SIM_TABLE_BITS 12 /* numbers of 24 bits: 4096 chunks of 4096 slots, made on demand */

struct sim_table {
	struct sim_slot *chunks[1u << SIM_TABLE_BITS];
};

/* A snapshot of a live slot whose tag is `tag` at index (24 bits); false when there is none. */
bool sim_table_read(const struct sim_table *table, uint32_t index, uint32_t tag, struct sim_slot *value);
/* The same, beginning an access of the calling thread through the slot's memory, which ends
 * with sim_table_release on the same thread (accesses nest); false (no access) when there is
 * no such slot, or no memory for the thread's record.  Lock-free. */
bool sim_table_hold(const struct sim_table *table, uint32_t index, uint32_t tag, struct sim_slot *value);
void sim_table_release(void);
/* Waits until every access other threads were inside when it was called has ended: called
 * once slots were cleared, their memory is then out of the NIC's reach.  Safe with sim_lock
 * held (an access waits for nothing that takes it), but better called without: a long copy in
 * flight would hold up every other call meanwhile. */
void sim_table_quiesce(void);
/* Whether the slot at index holds anything (sim_lock held). */
bool sim_table_used(const struct sim_table *table, uint32_t index);
/* Publishes value at index (sim_lock held); false when memory runs out. */
bool sim_table_write(struct sim_table *table, uint32_t index, const struct sim_slot *value);
void sim_table_clear(struct sim_table *table, uint32_t index);
/* The slot at index as sim_lock's holder sees it, or NULL. */
struct sim_slot *sim_table_slot(struct sim_table *table, uint32_t index);

struct sim_nic;

struct sim_device {
	struct ibv_device ibv; /* what the program sees: first, so the handle is the object */
	int index;             /* creation order: what flexio_verbs_context_device returns */
	__be64 guid;
	uint32_t last_pd_handle;
	uint32_t last_mr_handle;
	uint32_t last_key; /* lkey/rkey allocator, see mr.c */
	uint32_t last_uar_page_id;
	uint32_t last_umem_id;
	uint32_t last_ah_handle;
	struct sim_table keys;  /* live MR and space keys by mkey index (key >> 8), for the NIC */
	struct sim_table umems; /* live umems by id */
	struct sim_nic *nic;    /* made at first use (nic.c); read with an acquire load */
};

struct sim_context {
	/* A full extended context: every op of verbs_context and of context.ops is filled
	 * (ops.c), so verbs.h's inline helpers land in the simulator.  The program's handle
	 * is &vctx.context. */
	struct verbs_context vctx;
	struct sim_device *device;
	unsigned int pd_count;
	unsigned int uar_count;
	unsigned int object_count; /* CQs, channels, umems, devx objects made on it */
};

struct sim_pd {
	struct ibv_pd ibv;
	struct sim_context *context;
	unsigned int mr_count;
	unsigned int queue_count; /* QPs, SRQs and AHs made on it */
	unsigned int users;       /* libflexio objects using it (flexio_verbs_pd_hold) */
};

struct sim_mr {
	struct ibv_mr ibv;
	struct sim_pd *pd;
	uint64_t iova;       /* start of the key's address space (== addr for ibv_reg_mr) */
	unsigned int access; /* ibv_access_flags as registered */
};

struct sim_uar {
	struct mlx5dv_devx_uar dv;
	struct sim_context *context;
	size_t page_size;
	uint64_t dpa_owner; /* the DPA process whose queues name it (flexio_verbs_uar_bind), or 0 */
};

extern pthread_mutex_t sim_lock;

/* ---- entries.h: every rdma-core entry point served, and the private API ---- */

enum sim_entry {
#define SIM_GENERIC(ret, name, version, params, args, kind, handle, fail) SIM_E_##name,
#define SIM_GENERIC_VOID(name, version, params, args, kind, handle) SIM_E_##name,
#define SIM_CUSTOM(name, version) SIM_E_##name,
#define SIM_PRIVATE(name) SIM_E_##name,
#include "entries.h"
#undef SIM_GENERIC
#undef SIM_GENERIC_VOID
#undef SIM_CUSTOM
#undef SIM_PRIVATE
	SIM_ENTRY_COUNT
};

struct sim_entry_info {
	const char *name;
	const char *version; /* "FLEXIO_VERBS_PRIVATE" for the private API */
	void *ours;          /* this library's definition */
};

/* The entries, indexed by enum sim_entry (real.c). */
extern const struct sim_entry_info sim_entries[SIM_ENTRY_COUNT];

/* ---- map.c: open-addressing hash map from a non-zero 64-bit key to a pointer and a tag ---- */

struct sim_map_slot {
	uint64_t key; /* 0: empty */
	void *value;
	uint32_t tag;
};

struct sim_map {
	struct sim_map_slot *slots;
	size_t capacity; /* a power of two, or 0 before the first insertion */
	size_t used;
};

struct sim_map_slot *sim_map_find(const struct sim_map *map, uint64_t key);
/* Inserts or replaces; false only when memory runs out. */
bool sim_map_put(struct sim_map *map, uint64_t key, void *value, uint32_t tag);
void sim_map_remove(struct sim_map *map, uint64_t key);

/* ---- registry.c: every simulated object by the address the program holds ---- */

enum sim_kind {
	SIM_DEVICE_LIST = 1,
	SIM_DEVICE,
	SIM_CONTEXT,
	SIM_PD,
	SIM_MR,
	SIM_UAR,
	/* queues and devx objects (cq.c, qp.c, srq.c, ah.c, channel.c, devx_obj.c, umem.c); the
	 * other kinds the simulated device does not create (yet): only recognised as rdma-core's */
	SIM_CQ,
	SIM_QP,
	SIM_SRQ,
	SIM_WQ,
	SIM_AH,
	SIM_MW,
	SIM_XRCD,
	SIM_COMP_CHANNEL,
	SIM_TD,
	SIM_RWQ_IND_TABLE,
	SIM_COUNTERS,
	SIM_DM,
	SIM_FLOW_ACTION,
	SIM_FLOW,
	SIM_QP_EX,
	SIM_MLX5_QP_EX,
	SIM_DEVX_OBJ,
	SIM_DEVX_UMEM,
	SIM_DEVX_EVENT_CHANNEL,
	SIM_DEVX_CMD_COMP,
	SIM_DEVX_EQ,
	SIM_DEVX_MSI_VECTOR,
	SIM_VAR,
	SIM_PP,
	SIM_FLOW_MATCHER,
	SIM_MKEY,
	SIM_DEK,
	SIM_CRYPTO_LOGIN,
	SIM_SCHED_NODE,
	SIM_SCHED_LEAF,
	SIM_STEERING_ANCHOR,
	SIM_DR_DOMAIN,
	SIM_DR_TABLE,
	SIM_DR_MATCHER,
	SIM_DR_RULE,
	SIM_DR_ACTION,
	SIM_KIND_COUNT
};

/* "protection domain", ... */
const char *sim_kind_name(enum sim_kind kind);

/* Registers a new simulated object (sim_lock held); false only when memory runs out. */
bool sim_registry_add(const void *handle, enum sim_kind kind, void *object);
/* Marks a handle dead (sim_lock held).  Its malloc'ed allocation is kept for a while
 * (quarantine) so a stale pointer is still recognised as ours and never reaches rdma-core,
 * then freed. */
void sim_registry_retire(const void *handle, void *allocation);
/* Calls fn on every live simulated object of kind (sim_lock held); fn must not add or
 * retire objects. */
void sim_registry_each(enum sim_kind kind, void (*fn)(void *object, void *arg), void *arg);

enum sim_route {
	SIM_ROUTE_SIMULATED, /* a live simulated object: sim_lock is HELD, the caller unlocks */
	SIM_ROUTE_REAL,      /* a real rdma-core object, and rdma-core has the function */
	SIM_ROUTE_REFUSED,   /* NULL, destroyed, of another kind or foreign: logged, errno set */
};

/*
 * Where a handle the program passed must go.  `function` names the entry point for the log
 * line; `real_exists` tells whether rdma-core has the function a real object would go to.
 * With SIM_ROUTE_SIMULATED, *object is the simulated object and sim_lock is held.
 */
enum sim_route sim_route(const char *function, const void *handle, enum sim_kind kind, void **object, bool real_exists);

/* Silent lookup for the internal API (sim_lock held): whether handle is a live simulated
 * object of kind, and which. */
bool sim_registry_lookup(const void *handle, enum sim_kind kind, void **object);

/* The simulated device behind a live simulated object of kind (sim_lock held). */
struct sim_device *sim_device_of(enum sim_kind kind, void *object);

/*
 * The answer to a call the simulated device does not simulate, on a live simulated object
 * (sim_lock held, released here): one log line naming the device, errno EOPNOTSUPP.
 */
void sim_unsupported(const char *function, enum sim_kind kind, void *object);

/* Memory keys (lkey == rkey) of live MRs, per device; sim_lock held. */
bool sim_key_add(int device, uint32_t key, struct sim_mr *mr);
void sim_key_remove(int device, uint32_t key);
struct sim_mr *sim_key_find(int device, uint32_t key);

/* ---- the failure conventions of rdma-core's calls (entries.h's `fail`) ---- */

#define SIM_FAIL_NULL(e) (errno = (e), NULL) /* NULL + errno */
#define SIM_FAIL_ERRNO(e) (errno = (e))      /* the errno value */
#define SIM_FAIL_NEG(e) (errno = (e), -(e))  /* minus the errno value */
#define SIM_FAIL_M1(e) (errno = (e), -1)     /* -1 + errno */
#define SIM_FAIL_ZERO(e) (errno = (e), 0)    /* 0 + errno */
#define SIM_FAIL_REREG(e) (errno = (e), IBV_REREG_MR_ERR_INPUT)

/* ---- real.c: rdma-core behind us, and recognising its objects ---- */

/* rdma-core's definition of an entry (the next one after this library in the lookup order,
 * else libibverbs' or libmlx5's own); NULL when rdma-core lacks it. */
void *sim_real(enum sim_entry entry);
#define SIM_REAL(name) ((__typeof__(&name))sim_real(SIM_E_##name))

/* Which unknown pointers are real rdma-core objects.  Real devices are learnt from the real
 * device lists (ibv_get_device_list, mlx5dv_get_vfio_device_list) and imported contexts;
 * contexts and objects made from one are recognised by their context field, read without
 * risking a fault; UARs and VFIO device lists carry no owner, so real ones are remembered
 * from allocation to free; other mlx5dv objects are opaque, taken as real when real devices
 * exist.  Called without sim_lock. */
void real_devices_learn(struct ibv_device **list);
void real_devices_listed(void); /* ibv_get_device_list read rdma-core's list */
bool real_any_device(void);
bool real_is_device(const struct ibv_device *device);
bool real_is_context(const struct ibv_context *context);
bool real_is_owned(const void *object, size_t context_offset); /* its context field is real */
/* Reads a pointer inside an object without faulting; false when it cannot be read. */
bool real_read_pointer(const void *object, size_t offset, void **value);
void real_remember(enum sim_kind kind, const void *object);
bool real_remembered(enum sim_kind kind, const void *object);
void real_forget(const void *object);

/* ---- instance.c: one simulator per process ---- */

/*
 * libflexio.so.1 and libflexio_verbs.so.1 both contain the simulator; when both are loaded,
 * the one first in the global lookup order (the primary) holds every simulated object and
 * the other one forwards each entry point to it.
 */
bool sim_is_secondary(void);
/* The primary's definition of an entry, or NULL when it has none (this copy answers). */
void *sim_primary_entry(enum sim_entry entry);

/* First statement of every exported entry point. */
#define SIM_DELEGATE(name, args)                                          \
	do {                                                              \
		if (__builtin_expect(sim_is_secondary(), 0)) {            \
			void *primary_ = sim_primary_entry(SIM_E_##name); \
			if (primary_)                                     \
				return ((__typeof__(&name))primary_)args; \
		}                                                         \
	} while (0)

#define SIM_DELEGATE_VOID(name, args)                                     \
	do {                                                              \
		if (__builtin_expect(sim_is_secondary(), 0)) {            \
			void *primary_ = sim_primary_entry(SIM_E_##name); \
			if (primary_) {                                   \
				((__typeof__(&name))primary_) args;       \
				return;                                   \
			}                                                 \
		}                                                         \
	} while (0)

/* The link map of the object holding addr, or NULL. */
struct link_map *sim_object_of(const void *addr);
/* Whether an object is a copy of the simulator (defines the private API). */
bool sim_object_is_simulator(struct link_map *object);
/* This copy's link map. */
struct link_map *sim_self(void);

/* ---- redirect.c: rdma-core's calls bound before the simulator ---- */

/* Points every call of an entry point that a loaded object bound to libibverbs or libmlx5
 * at this library's definition (the primary only, at load time). */
void sim_redirect(void);

/* ---- ops.c: the op tables of a simulated context ---- */

void sim_context_ops_init(struct verbs_context *vctx);

/* ---- device.c / port.c: attributes ---- */

void sim_fill_device_attr(const struct sim_device *device, struct ibv_device_attr *attr);
int sim_query_port(const char *function, struct ibv_context *context, uint8_t port_num, struct ibv_port_attr *attr);
int sim_query_device_ex(struct ibv_context *context, const struct ibv_query_device_ex_input *input,
			struct ibv_device_attr_ex *attr, size_t attr_size);

/* ---- context.c: opening a simulated device (sim_lock not held) ---- */

struct ibv_context *sim_open(const char *function, struct sim_device *device);

/* ---- destroying live simulated objects (sim_lock held): pd.c, mr.c, uar.c ---- */

void sim_pd_destroy(struct sim_pd *pd); /* its regions must be gone */
/* Removes the region from its device's keys (sim_lock held): the NIC may still be copying
 * through it until sim_table_quiesce returns. */
void sim_mr_destroy(struct sim_mr *mr);
void sim_uar_destroy(struct sim_uar *uar);

/* The object holding member at ptr. */
#define SIM_CONTAINER(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

/* ---- nic.c: the device's NIC (core/nic) ---- */

/* Numbers of NIC objects: generation << SIM_NIC_LOG_OBJECTS | index (nic_config). */
#define SIM_NIC_LOG_OBJECTS 14
#define SIM_NIC_INDEX(number) ((number) & ((1u << SIM_NIC_LOG_OBJECTS) - 1))

/* The largest mlx5 send WQE: 63 16-byte segments (qp.c sizes the rings, post.c builds them). */
#define SIM_WQE_MAX_BYTES (63 * 16)

/* The smallest log such that 1 << log >= n: a ring's log size (cq.c, qp.c, srq.c). */
static inline unsigned int sim_log2_ceil(uint64_t n)
{
	unsigned int log = 0;

	while ((1ull << log) < n)
		log++;
	return log;
}

struct sim_cq;
struct sim_qp;
struct sim_srq;

struct sim_nic {
	struct nic *nic;
	struct sim_device *device;
	uint64_t deadline; /* the earliest nic_timers_run asked for, 0: none (timer lock) */
	/* The live verbs queues by the index of their NIC number, published with release
	 * stores: the per-call ops (post, poll, arm) check that the object they are given is
	 * one of them without taking a lock (a stale or made-up object is not). */
	struct sim_cq *cqs[1u << SIM_NIC_LOG_OBJECTS];
	struct sim_qp *qps[1u << SIM_NIC_LOG_OBJECTS];
	struct sim_srq *srqs[1u << SIM_NIC_LOG_OBJECTS];
};

/* The device of creation index `index`, or NULL (sim_lock held; device.c). */
struct sim_device *sim_device_at(int index);

/* The device's NIC, made at first use (sim_lock held); NULL when memory runs out. */
struct sim_nic *sim_nic_of(struct sim_device *device);
/* The NIC owner token of a context's queues. */
static inline uint64_t sim_owner(const struct sim_context *context)
{
	return (uint64_t)(uintptr_t)context;
}

/* The NIC's simulated device behind a context reached through its op table (a live or
 * closed simulated context), without a lock; NULL when the device has no NIC yet. */
struct sim_nic *sim_nic_of_context(const struct ibv_context *context);

/* The GID (index 0 and 1 alike) and MAC of the device's port (port.c). */
void sim_port_gid(const struct sim_device *device, uint8_t gid[16]);
void sim_port_mac(const struct sim_device *device, uint8_t mac[6]);

/* Allocates a memory key (mlx5: an mkey index in bits 31:8) unused by MRs and space keys
 * (mr.c, sim_lock held). */
uint32_t sim_key_next(struct sim_device *device);

/* ---- queues: cq.c, channel.c, qp.c, post.c, srq.c, ah.c, umem.c, devx_obj.c ---- */

struct sim_channel {
	struct ibv_comp_channel ibv; /* first: the handle is the object */
	struct sim_context *context;
	pthread_mutex_t lock;       /* the pending list */
	struct sim_cq *head, *tail; /* CQs with events not read yet, oldest first */
};

struct sim_cq {
	struct ibv_cq ibv;               /* first; ibv.handle is the CQ number */
	struct flexio_verbs_space space; /* the ring and doorbell record, for the NIC */
	struct flexio_verbs_sink sink;   /* the NIC's events */
	struct sim_context *context;
	struct sim_nic *nic;
	struct sim_channel *channel;
	uint32_t cqn;
	unsigned int log_size;
	uint8_t *buffer; /* 64 << log_size bytes of CQEs, then the doorbell record */
	size_t buffer_size;
	pthread_mutex_t poll_lock; /* polls; QPs leaving the NIC's table */
	uint32_t ci;               /* consumer index: written under poll_lock, atomic */
	unsigned int users;        /* QPs reporting to it (sim_lock) */
	bool destroying;           /* ibv_destroy_cq waits for its events' acks (sim_lock) */
	/* channel->lock: events signalled but not read, and read by ibv_get_cq_event */
	unsigned int pending;
	struct sim_cq *next_pending;
	uint32_t events_read;
};

struct sim_srq {
	struct ibv_srq ibv; /* first; ibv.handle is the RMP number */
	struct flexio_verbs_space space;
	struct sim_context *context;
	struct sim_nic *nic;
	struct sim_pd *pd;
	uint32_t rmpn;
	unsigned int log_depth, log_stride, max_sge;
	uint8_t *buffer; /* the ring, then the doorbell record */
	size_t buffer_size;
	pthread_mutex_t lock; /* posts */
	uint16_t head;        /* WQEs posted (lock) */
	uint8_t *busy;        /* per slot: posted, its completion not polled (atomic) */
	uint64_t *wr_id;
	unsigned int users; /* QPs receiving from it (sim_lock) */
};

struct sim_qp {
	struct ibv_qp ibv; /* first; ibv.handle == ibv.qp_num, the QP number */
	struct flexio_verbs_space space;
	struct sim_context *context;
	struct sim_nic *nic;
	struct sim_pd *pd;
	struct sim_cq *send_cq, *recv_cq;
	struct sim_srq *srq;
	uint32_t qpn;
	struct ibv_qp_init_attr init; /* as created, with the caps granted */
	uint8_t *buffer;              /* RQ ring, SQ ring, doorbell record */
	size_t buffer_size;
	uint8_t *rq, *sq;
	__be32 *dbr;
	unsigned int log_rq, log_rq_stride, log_sq; /* log_sq: WQEBBs; 0 entries: no queue */
	unsigned int rq_count, sq_count;
	unsigned int max_wqebbs; /* of one send WQE */
	/* send side (sq_lock, except tail: written by polls, atomic) */
	pthread_mutex_t sq_lock;
	bool dma_engine; /* doorbells queued for the NIC's DMA engine (flexio_sim_qp_use_dma_engine) */
	uint16_t sq_head, sq_tail;
	uint64_t *sq_wr_id; /* by the WQE's first WQEBB */
	uint8_t *sq_wqebbs;
	/* receive side (rq_lock, except tail) */
	pthread_mutex_t rq_lock;
	uint16_t rq_head, rq_tail;
	uint64_t *rq_wr_id;
	/* attributes (modify_lock; dest_qpn and error are also read by polls, atomic) */
	pthread_mutex_t modify_lock;
	struct ibv_ah_attr ah_attr;
	uint32_t dest_qpn;
	bool error; /* an error CQE was seen: receives posted after flush */
};

struct sim_ah {
	struct ibv_ah ibv;
	struct sim_pd *pd;
	struct ibv_ah_attr attr;
};

struct sim_umem {
	struct mlx5dv_devx_umem dv; /* first: the handle is the object */
	struct sim_context *context;
	void *addr;
	size_t size;
	uint32_t access;
};

struct sim_flow_counter;

struct sim_devx_obj {
	struct sim_context *context; /* the handle (struct mlx5dv_devx_obj *) is the object */
	uint32_t type, id;           /* the create command's opcode (or the object type), the number */
	/* made by a create command (mlx5dv_devx_obj_create, devx_cmd.c), not a wrapper of
	 * flexio_verbs_devx_obj_create: a flow counter bulk (ALLOC_FLOW_COUNTER) */
	struct sim_flow_counter *counter;
	/* made by a create command: a NIC object (a CQ, SQ, RQ, RMP, QP, TIS, TD, RQT or TIR,
	 * devx_queue.c and devx_transport.c), destroyed with it */
	bool nic;
	uint32_t rqt_max_size;            /* an RQT's, as CREATE_RQT set it: MODIFY_RQT's lists fit in it */
	struct flexio_verbs_sink *thread; /* a DPA thread's CQ: its sink, held (flexio_verbs_dpa) */
};

/* The per-call ops of context->ops (post.c, cq.c, srq.c). */
int sim_op_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc);
int sim_op_req_notify_cq(struct ibv_cq *cq, int solicited_only);
int sim_op_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr);
int sim_op_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);
int sim_op_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);

/* The SRQ WQEs whose receive completions for qp are still unpolled in cq are free again, as
 * libmlx5 frees them when it cleans a destroyed QP's CQEs out of its CQ (cq.c; poll_lock held,
 * qp out of the NIC: its CQEs are skipped by polls). */
void sim_cq_release_srq_wqes(struct sim_cq *cq, const struct sim_qp *qp);

/* A completion channel's event for cq (the NIC's notify, cq.c -> channel.c). */
void sim_channel_signal(struct sim_channel *channel, struct sim_cq *cq);
/* Drops cq's unread events (channel.c; cq is being destroyed). */
void sim_channel_forget(struct sim_channel *channel, struct sim_cq *cq);

/* Destroying live objects at ibv_close_device (sim_lock held). */
void sim_qp_destroy(struct sim_qp *qp);
void sim_srq_destroy(struct sim_srq *srq);
void sim_ah_destroy(struct sim_ah *ah);
void sim_cq_destroy(struct sim_cq *cq); /* its events' acks are not waited for */
void sim_channel_destroy(struct sim_channel *channel);
void sim_umem_destroy(struct sim_umem *umem);
void sim_devx_obj_destroy(struct sim_devx_obj *obj);
/* A registered DEVX object of context (sim_lock held; devx_obj.c): NULL when memory runs out. */
struct sim_devx_obj *sim_devx_obj_new(struct sim_context *context, uint32_t type, uint32_t id);
/* Space keys whose PD is pd: removed with it (sim_lock held). */
void sim_space_keys_drop(struct sim_pd *pd);
/* One umem id space for devx umems and DPA memory (devx_queue.c: a queue names either): whether
 * id is a live devx umem of any device, and whether it is DPA memory (sim_lock held). */
bool sim_umem_id_used(uint32_t id);
bool sim_dpa_memory_known(uint32_t id);

/* ---- log.c ---- */

/* One line through libflexio's logger: "flexio_verbs ERR <function>: <reason>". */
void sim_err(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));
void sim_warn(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));
void sim_dbg(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
