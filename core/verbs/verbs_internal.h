/*
 * Private to libflexio_verbs: the simulated objects, the registry that recognises them, the
 * real rdma-core entry points everything else is forwarded to, and the log line.
 *
 * Locking: one mutex (sim_lock) guards every simulated object and the registry.  Entry points
 * take it for the whole simulated operation, so a check ("no MR uses this PD") and the change
 * it allows (freeing the PD) are one atomic step; forwarding to rdma-core happens unlocked.
 */
#ifndef OPENFLEXIO_CORE_VERBS_INTERNAL_H
#define OPENFLEXIO_CORE_VERBS_INTERNAL_H

#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim_verbs.h"

#define SIM_EXPORT __attribute__((visibility("default")))

#define SIM_MAX_DEVICES 16

struct sim_device {
	struct ibv_device ibv; /* what the program sees: first, so the handle is the object */
	int index;             /* N of mlx5_simN */
	__be64 guid;
	uint32_t last_pd_handle;
	uint32_t last_mr_handle;
	uint32_t last_key;     /* lkey/rkey allocator, see mr.c */
	uint32_t last_uar_page_id;
};

struct sim_context {
	/* rdma-core's extended context with every op NULL: the inline helpers of verbs.h
	 * (ibv_query_device_ex, ibv_alloc_null_mr, ...) then fail with EOPNOTSUPP instead of
	 * jumping through garbage.  The program's handle is &vctx.context. */
	struct verbs_context vctx;
	struct sim_device *device;
	unsigned int pd_count;
	unsigned int uar_count;
};

struct sim_pd {
	struct ibv_pd ibv;
	struct sim_context *context;
	unsigned int mr_count;
	unsigned int users;    /* libflexio objects using it (flexio_verbs_pd_hold) */
};

struct sim_mr {
	struct ibv_mr ibv;
	struct sim_pd *pd;
	uint64_t iova;         /* start of the key's address space (== addr for ibv_reg_mr) */
	unsigned int access;   /* ibv_access_flags as registered */
};

struct sim_uar {
	struct mlx5dv_devx_uar dv;
	struct sim_context *context;
	size_t page_size;
};

extern pthread_mutex_t sim_lock;

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
};

/* Registers a new simulated object (sim_lock held); false only when memory runs out. */
bool sim_registry_add(const void *handle, enum sim_kind kind, void *object);
/* Marks a handle dead (sim_lock held).  Its malloc'ed allocation is kept for a while
 * (quarantine) so a stale pointer is still recognised as ours and never reaches rdma-core,
 * then freed. */
void sim_registry_retire(const void *handle, void *allocation);

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
enum sim_route sim_route(const char *function, const void *handle, enum sim_kind kind,
			 void **object, bool real_exists);

/* Silent lookup for the internal API (sim_lock held): whether handle is a live simulated
 * object of kind, and which. */
bool sim_registry_lookup(const void *handle, enum sim_kind kind, void **object);

/* Memory keys (lkey == rkey) of live MRs, per device; sim_lock held. */
bool sim_key_add(int device, uint32_t key, struct sim_mr *mr);
void sim_key_remove(int device, uint32_t key);
struct sim_mr *sim_key_find(int device, uint32_t key);

/* ---- real.c: rdma-core behind us, and recognising its objects ---- */

struct real_verbs {
	struct ibv_device **(*get_device_list)(int *num_devices);
	void (*free_device_list)(struct ibv_device **list);
	const char *(*get_device_name)(struct ibv_device *device);
	__be64 (*get_device_guid)(struct ibv_device *device);
	struct ibv_context *(*open_device)(struct ibv_device *device);
	int (*close_device)(struct ibv_context *context);
	int (*query_device)(struct ibv_context *context, struct ibv_device_attr *attr);
	struct ibv_pd *(*alloc_pd)(struct ibv_context *context);
	int (*dealloc_pd)(struct ibv_pd *pd);
	struct ibv_mr *(*reg_mr)(struct ibv_pd *pd, void *addr, size_t length, int access);
	struct ibv_mr *(*reg_mr_iova)(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova,
				      int access);
	struct ibv_mr *(*reg_mr_iova2)(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova,
				       unsigned int access);
	int (*dereg_mr)(struct ibv_mr *mr);
	struct mlx5dv_devx_uar *(*devx_alloc_uar)(struct ibv_context *context, uint32_t flags);
	void (*devx_free_uar)(struct mlx5dv_devx_uar *uar);
};

/* The next definitions after this library; a member is NULL when rdma-core lacks it. */
const struct real_verbs *real_verbs(void);

/* Which unknown pointers are real rdma-core objects.  Real devices are learnt from the real
 * device lists; contexts, PDs and MRs are recognised by their first field (device or context)
 * read without risking a fault; UARs carry no owner, so real ones are remembered from
 * allocation to free.  Called without sim_lock. */
void real_devices_learn(struct ibv_device **list);
bool real_is_device(const struct ibv_device *device);
bool real_is_context(const struct ibv_context *context);
bool real_is_owned(const void *pd_or_mr); /* struct ibv_pd or ibv_mr: context is first */
void real_uar_learn(const struct mlx5dv_devx_uar *uar);
bool real_uar_known(const struct mlx5dv_devx_uar *uar);
void real_uar_forget(const struct mlx5dv_devx_uar *uar);

/* ---- log.c ---- */

/* One line through libflexio's logger: "flexio_verbs ERR <function>: <reason>". */
void sim_err(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));
void sim_warn(const char *function, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
