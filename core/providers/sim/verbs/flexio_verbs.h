/*
 * What libflexio asks libflexio_verbs about the simulated devices (symbol version
 * FLEXIO_VERBS_PRIVATE; not an API for programs).
 *
 * The calls log nothing: a refusal is reported by the caller, naming its own function.  They
 * are thread-safe and accept any pointer (NULL, destroyed, real or foreign): such a pointer is
 * simply "not simulated".
 */
#ifndef OPENFLEXIO_CORE_VERBS_FLEXIO_VERBS_H
#define OPENFLEXIO_CORE_VERBS_FLEXIO_VERBS_H

#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The index N of the simulated device mlx5_simN behind a live context or PD, or -1 when it
 * is not one (NULL, closed or deallocated, a real rdma-core object, anything else).
 */
int flexio_verbs_context_device(const struct ibv_context *context);
int flexio_verbs_pd_device(const struct ibv_pd *pd);

/*
 * Counts a user of a live PD of the simulated device with the given index (libflexio's
 * processes, windows and memory keys): ibv_dealloc_pd answers EBUSY while it has users, as
 * rdma-core does for a PD that objects still use. 0, or -EINVAL when pd is no such PD.
 */
int flexio_verbs_pd_hold(const struct ibv_pd *pd, int device_index);
void flexio_verbs_pd_release(const struct ibv_pd *pd);

/*
 * Checks an access to [addr, addr + length) through a memory key, as the NIC does, and returns
 * the host address of addr.  The access passes when `key` is the lkey (== rkey) of a live
 * memory region on pd's device, registered on `pd` itself, with every flag in `access`
 * (enum ibv_access_flags; 0 for a read: every region allows local reads), and the range lies
 * inside the region.  addr is in the key's address space: the region's iova, which is the
 * buffer address unless it was registered with ibv_reg_mr_iova.  An empty range is inside
 * when addr is.
 *
 * On refusal returns NULL with errno: EINVAL pd is not a live simulated PD; ENOENT no live
 * region has this key on pd's device; EPERM the region belongs to another PD; EACCES it lacks
 * an access flag; ERANGE the range is not inside it.
 *
 * The host pointer is valid until the region is deregistered: check again at each use that
 * may follow an ibv_dereg_mr.
 */
void *flexio_verbs_mr_reach(const struct ibv_pd *pd, uint32_t key, uint64_t addr, size_t length, unsigned int access);

/*
 * The registration epoch: a counter incremented by every ibv_dereg_mr of a simulated region,
 * after the region is gone. Read it with an atomic acquire load (__atomic_load_n): a change
 * means that host pointers and data obtained through flexio_verbs_mr_reach before it may
 * belong to deregistered memory (window caches drop their lines then).  Exported like the
 * rest, so that a libflexio whose simulator defers to libflexio_verbs' (both loaded) reads
 * the counter the deregistrations change.
 */
const uint64_t *flexio_verbs_mr_epoch(void);

/*
 * The bounds of the region key names, under the same checks as flexio_verbs_mr_reach: its
 * iova (the start of its key address space) and length. 0, or -errno as mr_reach would set.
 */
int flexio_verbs_mr_range(const struct ibv_pd *pd, uint32_t key, unsigned int access, uint64_t *iova, uint64_t *length);

/*
 * The doorbell page (page-aligned, one page, == uar->base_addr) of a live simulated devx UAR,
 * and in *device_index (may be NULL) the device it was allocated on; NULL with errno EINVAL
 * when uar is not one.
 */
void *flexio_verbs_uar_page(const struct mlx5dv_devx_uar *uar, int *device_index);


/* ---- The simulated NIC (core/nic) of each device ------------------------------------------ */

struct nic;
struct nic_event;

/*
 * The NIC of simulated device device_index (made at first use; it lives as long as the
 * library), or NULL when there is no such device: the DPA's doorbells and its emulated
 * functions' EQs and doorbell contexts go there. Every queue of the device is on it: those of
 * the rdma-core calls (ibv_create_cq & co., owner: the verbs context) and those of DEVX
 * commands (owner: the DPA process of their uar_page, else the context).  Its environment
 * (nic_env) is this library's:
 *   - queue memory (nic_mem.space) is a host umem of the device, FLEXIO_VERBS_SPACE_UMEM(id)
 *     (mlx5dv_devx_umem_reg), or a struct flexio_verbs_space * (low bit clear) that answers
 *     for it (libflexio: a DPA process's memory);
 *   - memory keys are the device's MRs and its space keys (flexio_verbs_space_key_create);
 *     the NIC's PD numbers are ibv_pd.handle;
 *   - the cookie of every CQ and EQ is a struct flexio_verbs_sink *, whose notify gets the
 *     queue's events;
 *   - moderation periods and RNR retries run on a timer thread of the library's.
 */
struct nic *flexio_verbs_device_nic(int device_index);

#define FLEXIO_VERBS_SPACE_UMEM(umem_id) (((uint64_t)(umem_id) << 1) | 1)

/* Queue memory answered by its owner: reach returns a host pointer to [addr, addr + len), or
 * NULL when that is not memory of the space (the queue goes to error). Called with NIC queue
 * locks held, on any thread; the space must outlive the queues and keys that name it. */
struct flexio_verbs_space {
	void *(*reach)(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write);
};

/* Where a queue's events go (nic_env.notify). Called with the queue's lock held, on the thread
 * whose doorbell, frame or timer caused the event: queue work, never call back into the NIC. */
struct flexio_verbs_sink {
	void (*notify)(struct flexio_verbs_sink *sink, const struct nic_event *event);
};

/*
 * A memory key over [addr, addr + length) of space, on pd (libflexio's device mkeys: DPA
 * memory the NIC reaches). The key comes from the device's key space, so it is never an MR's;
 * the NIC checks it like an MR's key (PD, access as IBV_ACCESS_*, bounds; its address space
 * starts at addr) and reaches the memory through space->reach.  0, -EINVAL (pd is not a live
 * simulated PD), -ENOMEM.  The key holds pd (ibv_dealloc_pd answers EBUSY meanwhile).
 */
int flexio_verbs_space_key_create(const struct ibv_pd *pd, struct flexio_verbs_space *space, uint64_t addr,
				  uint64_t length, unsigned int access, uint32_t *key);
/* Removes a space key of pd's device: 0 (once the NIC's copies through it are over), or
 * -ENOENT. */
int flexio_verbs_space_key_destroy(const struct ibv_pd *pd, uint32_t key);

/*
 * A DEVX object (struct mlx5dv_devx_obj) standing for an object the caller made on the device of
 * context and owns: a DPA thread (flexio_event_handler_get_thread_obj), whose PRM is not public.
 * (The NIC's objects are made with DEVX commands, mlx5dv_devx_obj_create, and are their own.)
 * type is the PRM general-object or command type it stands for (informative), id the object's
 * number.  The mlx5dv_devx_obj_* entry points recognise it: mlx5dv_devx_obj_destroy refuses it
 * (EBUSY: its owner destroys what it stands for), queries answer EOPNOTSUPP.  NULL with errno
 * EINVAL when context is not a live simulated context, ENOMEM.
 */
struct mlx5dv_devx_obj *flexio_verbs_devx_obj_create(struct ibv_context *context, uint32_t type, uint32_t id);
/* Frees such an object (libflexio, when it destroys what it stands for). */
void flexio_verbs_devx_obj_release(struct mlx5dv_devx_obj *obj);
/* The id given at creation, or UINT32_MAX when obj is not a live one. */
uint32_t flexio_verbs_devx_obj_id(const struct mlx5dv_devx_obj *obj);

/* ---- The DPA of the devices: what its provider tells them (devx_queue.c) ------------------ */

/*
 * The DEVX commands that make the NIC's queues (CREATE_CQ, ...) name objects of the DPA, which
 * its provider (libflexio's simulated DPA) owns: a DPA thread a CQ's events trigger (apu_cq,
 * c_eqn_or_apu_element), the DPA memory of a process (a umem id: its dumem id), the process
 * whose threads may ring a queue's doorbells (its uar_page). The provider registers what the
 * device asks at a command; it is called with the device's lock held: it must not call back.
 */
struct flexio_verbs_dpa {
	/* The sink of DPA thread thread_id (the id device code sees, unique in the process), held
	 * for a CQ whose events trigger it: its notify gets them. NULL when there is no such live
	 * thread. */
	struct flexio_verbs_sink *(*thread_hold)(uint32_t thread_id);
	void (*thread_release)(struct flexio_verbs_sink *sink);
};
void flexio_verbs_dpa_register(const struct flexio_verbs_dpa *dpa);

/* A DPA process's memory as DEVX commands name it: umem id `id` (its dumem id), the offsets
 * DPA addresses. 0, -EEXIST (the id is a devx umem's or DPA memory already: take another),
 * -EINVAL, -ENOMEM. The space must outlive the queues made in it. */
int flexio_verbs_dpa_memory_add(uint32_t id, struct flexio_verbs_space *space);
void flexio_verbs_dpa_memory_remove(uint32_t id);

/* Queues made naming this devx UAR (uar_page) are owner's (an owner token with the low bit set:
 * a DPA process), for as long as the UAR lives. 0, or -EINVAL (not a live simulated UAR). */
int flexio_verbs_uar_bind(const struct mlx5dv_devx_uar *uar, uint64_t owner);

/* ---- The uplink ports of each device (nic.c, core/net/PORTS.md) --------------------------- */

/* A port's counters since its device's NIC was made (flexio_dev_nic_counters_* read the
 * byte counts). */
struct flexio_verbs_port_counters {
	uint64_t rx_frames, rx_bytes; /* arrived from the port's backend */
	uint64_t tx_frames, tx_bytes; /* given to the backend */
	uint64_t rx_to_queue;         /* delivered to an RQ */
	uint64_t rx_missed;           /* no steering rule took them (to the kernel, or nowhere) */
	uint64_t rx_dropped;          /* a drop rule, no receive WQE, too long, malformed */
	uint64_t tx_dropped;          /* a drop rule, no cable, or the backend failed */
};
/* The counters of port (1-based) of device device_index: 0, -EINVAL (counters is NULL or no
 * such device index), -ENOENT (the device has no NIC yet, or no such port). */
int flexio_verbs_port_counters(int device_index, unsigned int port, struct flexio_verbs_port_counters *counters);

#ifdef __cplusplus
}
#endif

#endif
