/*
 * Private to libflexio_verbs: the simulated objects, the registry that recognises them, the
 * real rdma-core entry points everything else is forwarded to, the one instance per process,
 * the redirection of rdma-core's calls, and the log line.
 *
 * Locking: one mutex (verbs_lock) guards every simulated object and the registry.  Entry points
 * take it for the whole simulated operation, so a check ("no MR uses this PD") and the change
 * it allows (freeing the PD) are one atomic step; forwarding to rdma-core happens unlocked.
 * The per-call paths take no global lock: post, poll and arm check their object against the
 * NIC's tables of live queues (struct verbs_nic), and the NIC reaches keys and umems through the
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
#include "flexio_verbs.h"
#include "nic.h"

#define VERBS_EXPORT __attribute__((visibility("default")))

/* Distinct devices a process may create (FLEXIO_SIM_DEVICES lists DEVICE_NAMES_MAX at once). */
#define VERBS_MAX_CREATED 64

/* ---- table.c: lock-free lookup of memory keys and umems by number ---- */

/*
 * A slot of a table: what one live key or umem is, read by the NIC's callbacks on any thread
 * without a lock (a seqlock: seq is odd while verbs_lock's holder rewrites the slot).  Every
 * field is accessed atomically.
 */
struct verbs_slot {
	uint32_t seq;
	uint32_t tag;    /* the key or umem id held; 0 = free */
	uint32_t pd;     /* keys: the PD number (ibv_pd.handle) */
	uint32_t access; /* keys: IBV_ACCESS_*; umems: the access registered */
	uint64_t start;  /* keys: the first address of the key's address space */
	uint64_t length;
	uint64_t host;           /* host address of start (MRs, umems) */
	uint64_t space;          /* space keys: the struct flexio_verbs_space * answering for them */
	struct verbs_pd *holder; /* space keys: the PD they hold (verbs_lock) */
};

#define VERBS_TABLE_BITS 12 /* numbers of 24 bits: 4096 chunks of 4096 slots, made on demand */

struct verbs_table {
	struct verbs_slot *chunks[1u << VERBS_TABLE_BITS];
};

/* A snapshot of a live slot whose tag is `tag` at index (24 bits); false when there is none. */
bool verbs_table_read(const struct verbs_table *table, uint32_t index, uint32_t tag, struct verbs_slot *value);
/* The same, beginning an access of the calling thread through the slot's memory, which ends
 * with verbs_table_release on the same thread (accesses nest); false (no access) when there is
 * no such slot, or no memory for the thread's record.  Lock-free. */
bool verbs_table_hold(const struct verbs_table *table, uint32_t index, uint32_t tag, struct verbs_slot *value);
void verbs_table_release(void);
/* Waits until every access other threads were inside when it was called has ended: called
 * once slots were cleared, their memory is then out of the NIC's reach.  Safe with verbs_lock
 * held (an access waits for nothing that takes it), but better called without: a long copy in
 * flight would hold up every other call meanwhile. */
void verbs_table_quiesce(void);
/* Whether the slot at index holds anything (verbs_lock held). */
bool verbs_table_used(const struct verbs_table *table, uint32_t index);
/* Publishes value at index (verbs_lock held); false when memory runs out. */
bool verbs_table_write(struct verbs_table *table, uint32_t index, const struct verbs_slot *value);
void verbs_table_clear(struct verbs_table *table, uint32_t index);
/* The slot at index as verbs_lock's holder sees it, or NULL. */
struct verbs_slot *verbs_table_slot(struct verbs_table *table, uint32_t index);

struct verbs_nic;

struct verbs_device {
	struct ibv_device ibv; /* what the program sees: first, so the handle is the object */
	int index;             /* creation order: what flexio_verbs_context_device returns */
	__be64 guid;
	uint32_t last_pd_handle;
	uint32_t last_mr_handle;
	uint32_t last_key; /* lkey/rkey allocator, see mr.c */
	uint32_t last_uar_page_id;
	uint32_t last_umem_id;
	uint32_t last_ah_handle;
	struct verbs_table keys;  /* live MR and space keys by mkey index (key >> 8), for the NIC */
	struct verbs_table umems; /* live umems by id */
	struct verbs_nic *nic;    /* made at first use (nic.c); read with an acquire load */
};

struct verbs_ctx {
	/* A full extended context: every op of verbs_context and of context.ops is filled
	 * (ops.c), so verbs.h's inline helpers land in the simulator.  The program's handle
	 * is &vctx.context. */
	struct verbs_context vctx;
	struct verbs_device *device;
	unsigned int pd_count;
	unsigned int uar_count;
	unsigned int object_count; /* CQs, channels, umems, devx objects made on it */
};

struct verbs_pd {
	struct ibv_pd ibv;
	struct verbs_ctx *context;
	unsigned int mr_count;
	unsigned int queue_count; /* QPs, SRQs and AHs made on it */
	unsigned int users;       /* libflexio objects using it (flexio_verbs_pd_hold) */
};

struct verbs_mr {
	struct ibv_mr ibv;
	struct verbs_pd *pd;
	uint64_t iova;       /* start of the key's address space (== addr for ibv_reg_mr) */
	unsigned int access; /* ibv_access_flags as registered */
};

struct verbs_uar {
	struct mlx5dv_devx_uar dv;
	struct verbs_ctx *context;
	size_t page_size;
	uint64_t dpa_owner; /* the DPA process whose queues name it (flexio_verbs_uar_bind), or 0 */
};

extern pthread_mutex_t verbs_lock;

/* ---- entries.h: every rdma-core entry point served, and the private API ---- */

enum verbs_entry {
#define VERBS_GENERIC(ret, name, version, params, args, kind, handle, fail) VERBS_E_##name,
#define VERBS_GENERIC_VOID(name, version, params, args, kind, handle) VERBS_E_##name,
#define VERBS_CUSTOM(name, version) VERBS_E_##name,
#define VERBS_PRIVATE(name) VERBS_E_##name,
#include "entries.h"
#undef VERBS_GENERIC
#undef VERBS_GENERIC_VOID
#undef VERBS_CUSTOM
#undef VERBS_PRIVATE
	VERBS_ENTRY_COUNT
};

struct verbs_entry_info {
	const char *name;
	const char *version; /* "FLEXIO_VERBS_PRIVATE" for the private API */
	void *ours;          /* this library's definition */
};

/* The entries, indexed by enum verbs_entry (real.c). */
extern const struct verbs_entry_info verbs_entries[VERBS_ENTRY_COUNT];

/* ---- map.c: open-addressing hash map from a non-zero 64-bit key to a pointer and a tag ---- */

struct verbs_map_slot {
	uint64_t key; /* 0: empty */
	void *value;
	uint32_t tag;
};

struct verbs_map {
	struct verbs_map_slot *slots;
	size_t capacity; /* a power of two, or 0 before the first insertion */
	size_t used;
};

struct verbs_map_slot *verbs_map_find(const struct verbs_map *map, uint64_t key);
/* Inserts or replaces; false only when memory runs out. */
bool verbs_map_put(struct verbs_map *map, uint64_t key, void *value, uint32_t tag);
void verbs_map_remove(struct verbs_map *map, uint64_t key);

/* ---- registry.c: every simulated object by the address the program holds ---- */

enum verbs_kind {
	VERBS_DEVICE_LIST = 1,
	VERBS_DEVICE,
	VERBS_CONTEXT,
	VERBS_PD,
	VERBS_MR,
	VERBS_UAR,
	/* queues and devx objects (verbs_cq.c, verbs_qp.c, srq.c, ah.c, channel.c, devx_obj.c, umem.c); the
	 * other kinds the simulated device does not create (yet): only recognised as rdma-core's */
	VERBS_CQ,
	VERBS_QP,
	VERBS_SRQ,
	VERBS_WQ,
	VERBS_AH,
	VERBS_MW,
	VERBS_XRCD,
	VERBS_COMP_CHANNEL,
	VERBS_TD,
	VERBS_RWQ_IND_TABLE,
	VERBS_COUNTERS,
	VERBS_DM,
	VERBS_FLOW_ACTION,
	VERBS_FLOW,
	VERBS_QP_EX,
	VERBS_MLX5_QP_EX,
	VERBS_DEVX_OBJ,
	VERBS_DEVX_UMEM,
	VERBS_DEVX_EVENT_CHANNEL,
	VERBS_DEVX_CMD_COMP,
	VERBS_DEVX_EQ,
	VERBS_DEVX_MSI_VECTOR,
	VERBS_VAR,
	VERBS_PP,
	VERBS_FLOW_MATCHER,
	VERBS_MKEY,
	VERBS_DEK,
	VERBS_CRYPTO_LOGIN,
	VERBS_SCHED_NODE,
	VERBS_SCHED_LEAF,
	VERBS_STEERING_ANCHOR,
	VERBS_DR_DOMAIN,
	VERBS_DR_TABLE,
	VERBS_DR_MATCHER,
	VERBS_DR_RULE,
	VERBS_DR_ACTION,
	VERBS_KIND_COUNT
};

/* "protection domain", ... */
const char *verbs_kind_name(enum verbs_kind kind);

/* Registers a new simulated object (verbs_lock held); false only when memory runs out. */
bool verbs_registry_add(const void *handle, enum verbs_kind kind, void *object);
/* Marks a handle dead (verbs_lock held).  Its malloc'ed allocation is kept for a while
 * (quarantine) so a stale pointer is still recognised as ours and never reaches rdma-core,
 * then freed. */
void verbs_registry_retire(const void *handle, void *allocation);
/* Calls fn on every live simulated object of kind (verbs_lock held); fn must not add or
 * retire objects. */
void verbs_registry_each(enum verbs_kind kind, void (*fn)(void *object, void *arg), void *arg);

enum verbs_route {
	VERBS_ROUTE_SIMULATED, /* a live simulated object: verbs_lock is HELD, the caller unlocks */
	VERBS_ROUTE_REAL,      /* a real rdma-core object, and rdma-core has the function */
	VERBS_ROUTE_REFUSED,   /* NULL, destroyed, of another kind or foreign: logged, errno set */
};

/*
 * Where a handle the program passed must go.  `function` names the entry point for the log
 * line; `real_exists` tells whether rdma-core has the function a real object would go to.
 * With VERBS_ROUTE_SIMULATED, *object is the simulated object and verbs_lock is held.
 */
enum verbs_route verbs_route(const char *function, const void *handle, enum verbs_kind kind, void **object,
			     bool real_exists);

/* Silent lookup for the internal API (verbs_lock held): whether handle is a live simulated
 * object of kind, and which. */
bool verbs_registry_lookup(const void *handle, enum verbs_kind kind, void **object);

/* The simulated device behind a live simulated object of kind (verbs_lock held). */
struct verbs_device *verbs_device_of(enum verbs_kind kind, void *object);

/*
 * The answer to a call the simulated device does not simulate, on a live simulated object
 * (verbs_lock held, released here): one log line naming the device, errno EOPNOTSUPP.
 */
void verbs_unsupported(const char *function, enum verbs_kind kind, void *object);

/* Memory keys (lkey == rkey) of live MRs, per device; verbs_lock held. */
bool verbs_key_add(int device, uint32_t key, struct verbs_mr *mr);
void verbs_key_remove(int device, uint32_t key);
struct verbs_mr *verbs_key_find(int device, uint32_t key);

/* ---- the failure conventions of rdma-core's calls (entries.h's `fail`) ---- */

#define VERBS_FAIL_NULL(e) (errno = (e), NULL) /* NULL + errno */
#define VERBS_FAIL_ERRNO(e) (errno = (e))      /* the errno value */
#define VERBS_FAIL_NEG(e) (errno = (e), -(e))  /* minus the errno value */
#define VERBS_FAIL_M1(e) (errno = (e), -1)     /* -1 + errno */
#define VERBS_FAIL_ZERO(e) (errno = (e), 0)    /* 0 + errno */
#define VERBS_FAIL_REREG(e) (errno = (e), IBV_REREG_MR_ERR_INPUT)

/* ---- real.c: rdma-core behind us, and recognising its objects ---- */

/* rdma-core's definition of an entry (the next one after this library in the lookup order,
 * else libibverbs' or libmlx5's own); NULL when rdma-core lacks it. */
void *verbs_real(enum verbs_entry entry);
#define VERBS_REAL(name) ((__typeof__(&name))verbs_real(VERBS_E_##name))

/* Which unknown pointers are real rdma-core objects.  Real devices are learnt from the real
 * device lists (ibv_get_device_list, mlx5dv_get_vfio_device_list) and imported contexts;
 * contexts and objects made from one are recognised by their context field, read without
 * risking a fault; UARs and VFIO device lists carry no owner, so real ones are remembered
 * from allocation to free; other mlx5dv objects are opaque, taken as real when real devices
 * exist.  Called without verbs_lock. */
void real_devices_learn(struct ibv_device **list);
void real_devices_listed(void); /* ibv_get_device_list read rdma-core's list */
bool real_any_device(void);
bool real_is_device(const struct ibv_device *device);
bool real_is_context(const struct ibv_context *context);
bool real_is_owned(const void *object, size_t context_offset); /* its context field is real */
/* Reads a pointer inside an object without faulting; false when it cannot be read. */
bool real_read_pointer(const void *object, size_t offset, void **value);
void real_remember(enum verbs_kind kind, const void *object);
bool real_remembered(enum verbs_kind kind, const void *object);
void real_forget(const void *object);

/* ---- instance.c: one simulator per process ---- */

/*
 * libflexio.so.1 and libflexio_verbs.so.1 both contain the simulator; when both are loaded,
 * the one first in the global lookup order (the primary) holds every simulated object and
 * the other one forwards each entry point to it.
 */
bool verbs_is_secondary(void);
/* The primary's definition of an entry, or NULL when it has none (this copy answers). */
void *verbs_primary_entry(enum verbs_entry entry);

/* First statement of every exported entry point. */
#define VERBS_DELEGATE(name, args)                                            \
	do {                                                                  \
		if (__builtin_expect(verbs_is_secondary(), 0)) {              \
			void *primary_ = verbs_primary_entry(VERBS_E_##name); \
			if (primary_)                                         \
				return ((__typeof__(&name))primary_)args;     \
		}                                                             \
	} while (0)

#define VERBS_DELEGATE_VOID(name, args)                                       \
	do {                                                                  \
		if (__builtin_expect(verbs_is_secondary(), 0)) {              \
			void *primary_ = verbs_primary_entry(VERBS_E_##name); \
			if (primary_) {                                       \
				((__typeof__(&name))primary_) args;           \
				return;                                       \
			}                                                     \
		}                                                             \
	} while (0)

/* The link map of the object holding addr, or NULL. */
struct link_map *verbs_object_of(const void *addr);
/* Whether an object is a copy of the simulator (defines the private API). */
bool verbs_object_is_simulator(struct link_map *object);
/* This copy's link map. */
struct link_map *verbs_self(void);

/* ---- redirect.c: rdma-core's calls bound before the simulator ---- */

/* Points every call of an entry point that a loaded object bound to libibverbs or libmlx5
 * at this library's definition (the primary only, at load time). */
void verbs_redirect(void);

/* ---- ops.c: the op tables of a simulated context ---- */

void verbs_context_ops_init(struct verbs_context *vctx);

/* ---- device.c / port.c: attributes ---- */

void verbs_fill_device_attr(const struct verbs_device *device, struct ibv_device_attr *attr);
int verbs_query_port(const char *function, struct ibv_context *context, uint8_t port_num, struct ibv_port_attr *attr);
int verbs_query_device_ex(struct ibv_context *context, const struct ibv_query_device_ex_input *input,
			  struct ibv_device_attr_ex *attr, size_t attr_size);

/* ---- context.c: opening a simulated device (verbs_lock not held) ---- */

struct ibv_context *verbs_open(const char *function, struct verbs_device *device);

/* ---- destroying live simulated objects (verbs_lock held): pd.c, mr.c, uar.c ---- */

void verbs_pd_destroy(struct verbs_pd *pd); /* its regions must be gone */
/* Removes the region from its device's keys (verbs_lock held): the NIC may still be copying
 * through it until verbs_table_quiesce returns. */
void verbs_mr_destroy(struct verbs_mr *mr);
void verbs_uar_destroy(struct verbs_uar *uar);

/* The object holding member at ptr. */
#define VERBS_CONTAINER(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

/* ---- nic.c: the device's NIC (core/nic) ---- */

/* Numbers of NIC objects: generation << VERBS_NIC_LOG_OBJECTS | index (nic_config). */
#define VERBS_NIC_LOG_OBJECTS 14
#define VERBS_NIC_INDEX(number) ((number) & ((1u << VERBS_NIC_LOG_OBJECTS) - 1))

/* The largest mlx5 send WQE: 63 16-byte segments (verbs_qp.c sizes the rings, post.c builds them). */
#define VERBS_WQE_MAX_BYTES (63 * 16)

/* The smallest log such that 1 << log >= n: a ring's log size (verbs_cq.c, verbs_qp.c, srq.c). */
static inline unsigned int verbs_log2_ceil(uint64_t n)
{
	unsigned int log = 0;

	while ((1ull << log) < n)
		log++;
	return log;
}

struct verbs_cq;
struct verbs_qp;
struct verbs_srq;

struct verbs_nic {
	struct nic *nic;
	struct verbs_device *device;
	uint64_t deadline; /* the earliest nic_timers_run asked for, 0: none (timer lock) */
	/* The live verbs queues by the index of their NIC number, published with release
	 * stores: the per-call ops (post, poll, arm) check that the object they are given is
	 * one of them without taking a lock (a stale or made-up object is not). */
	struct verbs_cq *cqs[1u << VERBS_NIC_LOG_OBJECTS];
	struct verbs_qp *qps[1u << VERBS_NIC_LOG_OBJECTS];
	struct verbs_srq *srqs[1u << VERBS_NIC_LOG_OBJECTS];
};

/* The device of creation index `index`, or NULL (verbs_lock held; device.c). */
struct verbs_device *verbs_device_at(int index);

/* The device's NIC, made at first use (verbs_lock held); NULL when memory runs out. */
struct verbs_nic *verbs_nic_of(struct verbs_device *device);
/* The NIC owner token of a context's queues. */
static inline uint64_t verbs_owner(const struct verbs_ctx *context)
{
	return (uint64_t)(uintptr_t)context;
}

/* The NIC's simulated device behind a context reached through its op table (a live or
 * closed simulated context), without a lock; NULL when the device has no NIC yet. */
struct verbs_nic *verbs_nic_of_context(const struct ibv_context *context);

/* The GID (index 0 and 1 alike) and MAC of the device's port (port.c). */
void verbs_port_gid(const struct verbs_device *device, uint8_t gid[16]);
void verbs_port_mac(const struct verbs_device *device, uint8_t mac[6]);

/* Allocates a memory key (mlx5: an mkey index in bits 31:8) unused by MRs and space keys
 * (mr.c, verbs_lock held). */
uint32_t verbs_key_next(struct verbs_device *device);

/* ---- queues: verbs_cq.c, channel.c, verbs_qp.c, post.c, srq.c, ah.c, umem.c, devx_obj.c ---- */

struct verbs_channel {
	struct ibv_comp_channel ibv; /* first: the handle is the object */
	struct verbs_ctx *context;
	pthread_mutex_t lock;         /* the pending list */
	struct verbs_cq *head, *tail; /* CQs with events not read yet, oldest first */
};

struct verbs_cq {
	struct ibv_cq ibv;               /* first; ibv.handle is the CQ number */
	struct flexio_verbs_space space; /* the ring and doorbell record, for the NIC */
	struct flexio_verbs_sink sink;   /* the NIC's events */
	struct verbs_ctx *context;
	struct verbs_nic *nic;
	struct verbs_channel *channel;
	uint32_t cqn;
	unsigned int log_size;
	uint8_t *buffer; /* 64 << log_size bytes of CQEs, then the doorbell record */
	size_t buffer_size;
	pthread_mutex_t poll_lock; /* polls; QPs leaving the NIC's table */
	uint32_t ci;               /* consumer index: written under poll_lock, atomic */
	unsigned int users;        /* QPs reporting to it (verbs_lock) */
	bool destroying;           /* ibv_destroy_cq waits for its events' acks (verbs_lock) */
	/* channel->lock: events signalled but not read, and read by ibv_get_cq_event */
	unsigned int pending;
	struct verbs_cq *next_pending;
	uint32_t events_read;
};

struct verbs_srq {
	struct ibv_srq ibv; /* first; ibv.handle is the RMP number */
	struct flexio_verbs_space space;
	struct verbs_ctx *context;
	struct verbs_nic *nic;
	struct verbs_pd *pd;
	uint32_t rmpn;
	unsigned int log_depth, log_stride, max_sge;
	uint8_t *buffer; /* the ring, then the doorbell record */
	size_t buffer_size;
	pthread_mutex_t lock; /* posts */
	uint16_t head;        /* WQEs posted (lock) */
	uint8_t *busy;        /* per slot: posted, its completion not polled (atomic) */
	uint64_t *wr_id;
	unsigned int users; /* QPs receiving from it (verbs_lock) */
};

struct verbs_qp {
	struct ibv_qp ibv; /* first; ibv.handle == ibv.qp_num, the QP number */
	struct flexio_verbs_space space;
	struct verbs_ctx *context;
	struct verbs_nic *nic;
	struct verbs_pd *pd;
	struct verbs_cq *send_cq, *recv_cq;
	struct verbs_srq *srq;
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

struct verbs_ah {
	struct ibv_ah ibv;
	struct verbs_pd *pd;
	struct ibv_ah_attr attr;
};

struct verbs_umem {
	struct mlx5dv_devx_umem dv; /* first: the handle is the object */
	struct verbs_ctx *context;
	void *addr;
	size_t size;
	uint32_t access;
};

struct verbs_flow_counter;

struct verbs_devx_obj {
	struct verbs_ctx *context; /* the handle (struct mlx5dv_devx_obj *) is the object */
	uint32_t type, id;         /* the create command's opcode (or the object type), the number */
	/* made by a create command (mlx5dv_devx_obj_create, devx_cmd.c), not a wrapper of
	 * flexio_verbs_devx_obj_create: a flow counter bulk (ALLOC_FLOW_COUNTER) */
	struct verbs_flow_counter *counter;
	/* made by a create command: a NIC object (a CQ, SQ, RQ, RMP, QP, TIS, TD, RQT or TIR,
	 * devx_queue.c and devx_transport.c), destroyed with it */
	bool nic;
	uint32_t rqt_max_size;            /* an RQT's, as CREATE_RQT set it: MODIFY_RQT's lists fit in it */
	struct flexio_verbs_sink *thread; /* a DPA thread's CQ: its sink, held (flexio_verbs_dpa) */
};

/* The per-call ops of context->ops (post.c, verbs_cq.c, srq.c). */
int verbs_op_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc);
int verbs_op_req_notify_cq(struct ibv_cq *cq, int solicited_only);
int verbs_op_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr);
int verbs_op_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);
int verbs_op_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);

/* The SRQ WQEs whose receive completions for qp are still unpolled in cq are free again, as
 * libmlx5 frees them when it cleans a destroyed QP's CQEs out of its CQ (verbs_cq.c; poll_lock held,
 * qp out of the NIC: its CQEs are skipped by polls). */
void verbs_cq_release_srq_wqes(struct verbs_cq *cq, const struct verbs_qp *qp);

/* A completion channel's event for cq (the NIC's notify, verbs_cq.c -> channel.c). */
void verbs_channel_signal(struct verbs_channel *channel, struct verbs_cq *cq);
/* Drops cq's unread events (channel.c; cq is being destroyed). */
void verbs_channel_forget(struct verbs_channel *channel, struct verbs_cq *cq);

/* Destroying live objects at ibv_close_device (verbs_lock held). */
void verbs_qp_destroy(struct verbs_qp *qp);
void verbs_srq_destroy(struct verbs_srq *srq);
void verbs_ah_destroy(struct verbs_ah *ah);
void verbs_cq_destroy(struct verbs_cq *cq); /* its events' acks are not waited for */
void verbs_channel_destroy(struct verbs_channel *channel);
void verbs_umem_destroy(struct verbs_umem *umem);
void verbs_devx_obj_destroy(struct verbs_devx_obj *obj);
/* A registered DEVX object of context (verbs_lock held; devx_obj.c): NULL when memory runs out. */
struct verbs_devx_obj *verbs_devx_obj_new(struct verbs_ctx *context, uint32_t type, uint32_t id);
/* Space keys whose PD is pd: removed with it (verbs_lock held). */
void verbs_space_keys_drop(struct verbs_pd *pd);
/* One umem id space for devx umems and DPA memory (devx_queue.c: a queue names either): whether
 * id is a live devx umem of any device, and whether it is DPA memory (verbs_lock held). */
bool verbs_umem_id_used(uint32_t id);
bool verbs_dpa_memory_known(uint32_t id);

/* ---- log.c ---- */

/* One line through libflexio's logger: "flexio_verbs ERR <function>: <reason>". */
void verbs_err(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));
void verbs_warn(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));
void verbs_dbg(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
