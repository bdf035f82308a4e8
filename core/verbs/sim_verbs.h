/*
 * What libflexio asks libflexio_verbs about the simulated devices (symbol version
 * FLEXIO_VERBS_PRIVATE; not an API for programs).
 *
 * The calls log nothing: a refusal is reported by the caller, naming its own function.  They
 * are thread-safe and accept any pointer (NULL, destroyed, real or foreign): such a pointer is
 * simply "not simulated".
 */
#ifndef OPENFLEXIO_CORE_VERBS_SIM_VERBS_H
#define OPENFLEXIO_CORE_VERBS_SIM_VERBS_H

#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
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
void *flexio_verbs_mr_reach(const struct ibv_pd *pd, uint32_t key, uint64_t addr, size_t length,
			    unsigned int access);

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
int flexio_verbs_mr_range(const struct ibv_pd *pd, uint32_t key, unsigned int access, uint64_t *iova,
			  uint64_t *length);

/*
 * The doorbell page (page-aligned, one page, == uar->base_addr) of a live simulated devx UAR,
 * and in *device_index (may be NULL) the device it was allocated on; NULL with errno EINVAL
 * when uar is not one.
 */
void *flexio_verbs_uar_page(const struct mlx5dv_devx_uar *uar, int *device_index);

#ifdef __cplusplus
}
#endif

#endif
