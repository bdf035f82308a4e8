/*
 * Memory regions of simulated PDs (ibv_reg_mr, ibv_reg_mr_iova, ibv_reg_mr_iova2,
 * ibv_dereg_mr) and their lookup by key for libflexio (flexio_verbs_mr_reach).
 *
 * verbs.h turns ibv_reg_mr() and ibv_reg_mr_iova() into inline helpers that call the real
 * functions ibv_reg_mr / ibv_reg_mr_iova, or ibv_reg_mr_iova2 when optional access flags may
 * be set: all three are served here.  As on mlx5 hardware lkey == rkey (one mkey), and a key
 * addresses the region from its iova (the buffer address for ibv_reg_mr).
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Incremented by every ibv_dereg_mr of a simulated region (under verbs_lock, with release
 * order): the simulated DPA's window caches compare it with the value they read host memory
 * under and drop what they hold when it changed (flexio_verbs_mr_epoch). */
static uint64_t mr_epoch;

#define SUPPORTED_ACCESS                                                                                        \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC | \
	 IBV_ACCESS_MW_BIND | IBV_ACCESS_ZERO_BASED | IBV_ACCESS_ON_DEMAND | IBV_ACCESS_HUGETLB |               \
	 IBV_ACCESS_OPTIONAL_RANGE)

/* Whether every page of [addr, addr + length) is mapped: the kernel pins a region's pages at
 * registration and fails with EFAULT when it cannot. */
static bool is_mapped(const void *addr, size_t length)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)addr & ~(page - 1);
	uintptr_t end = (uintptr_t)addr + length;
	unsigned char residency[4096];

	while (start < end) {
		size_t chunk = end - start;

		if (chunk > sizeof(residency) * page)
			chunk = sizeof(residency) * page;
		if (mincore((void *)start, chunk, residency))
			return false;
		start += chunk;
	}
	return true;
}

/*
 * mlx5 keys hold an mkey index in bits 31:8 (index 0 is never used) and a variant byte.  The
 * index wraps after 2^24 registrations, skipping indexes still in use (by regions or by space
 * keys, space_key.c), so a key is unique among a device's live keys and never 0, nor
 * MLX5_INVALID_LKEY (0x100), which ends a receive WQE's scatter list.
 */
uint32_t verbs_key_next(struct verbs_device *device)
{
	do
		device->last_key = (device->last_key + 1) & 0xffffff;
	while (device->last_key <= MLX5_INVALID_LKEY >> 8 || verbs_table_used(&device->keys, device->last_key));
	return device->last_key << 8;
}

/* Checks and registers a region of a live simulated PD; called with verbs_lock held, unlocks. */
static struct ibv_mr *register_region(const char *function, struct verbs_pd *pd, void *addr, size_t length,
				      uint64_t iova, unsigned int access)
{
	struct verbs_device *device = pd->context->device;
	const char *reason = NULL;
	int error = EINVAL;
	struct verbs_mr *mr;

	if (!addr)
		reason = "addr is NULL";
	else if (!length)
		reason = "length is 0";
	else if ((uintptr_t)addr + length < (uintptr_t)addr || iova + length < iova)
		reason = "the region wraps around the address space";
	else if (access & ~SUPPORTED_ACCESS)
		reason = "unknown access flags";
	else if ((access & (IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_ATOMIC)) && !(access & IBV_ACCESS_LOCAL_WRITE))
		reason = "remote write or atomic access requires IBV_ACCESS_LOCAL_WRITE";
	else if (!(access & IBV_ACCESS_ON_DEMAND) && !is_mapped(addr, length))
		/* on-demand paging regions may cover memory mapped later */
		reason = "the region is not mapped memory", error = EFAULT;
	if (reason) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(function, "%s", reason);
		errno = error;
		return NULL;
	}

	mr = calloc(1, sizeof(*mr));
	if (!mr || !verbs_registry_add(&mr->ibv, VERBS_MR, mr))
		goto no_memory;
	mr->ibv.lkey = mr->ibv.rkey = verbs_key_next(device);
	/* the NIC reaches regions through the device's key table, without verbs_lock */
	if (!verbs_key_add(device->index, mr->ibv.lkey, mr) ||
	    !verbs_table_write(&device->keys, mr->ibv.lkey >> 8,
			       &(struct verbs_slot){ .tag = mr->ibv.lkey,
						     .pd = pd->ibv.handle,
						     .access = access,
						     .start = iova,
						     .length = length,
						     .host = (uintptr_t)addr })) {
		verbs_key_remove(device->index, mr->ibv.lkey);
		verbs_registry_retire(&mr->ibv, mr);
		mr = NULL;
		goto no_memory;
	}
	mr->pd = pd;
	mr->iova = iova;
	mr->access = access;
	mr->ibv.context = pd->ibv.context;
	mr->ibv.pd = &pd->ibv;
	mr->ibv.addr = addr;
	mr->ibv.length = length;
	mr->ibv.handle = ++device->last_mr_handle;
	pd->mr_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &mr->ibv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	free(mr);
	verbs_err(function, "out of memory");
	errno = ENOMEM;
	return NULL;
}

/* The parentheses keep verbs.h's function-like macros from expanding these definitions. */
VERBS_EXPORT struct ibv_mr *(ibv_reg_mr)(struct ibv_pd *pd, void *addr, size_t length, int access)
{
	__typeof__(&ibv_reg_mr) real = VERBS_REAL(ibv_reg_mr);
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_reg_mr, (pd, addr, length, access));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return register_region(__func__, sim, addr, length, (uintptr_t)addr, (unsigned int)access);
	case VERBS_ROUTE_REAL:
		return real(pd, addr, length, access);
	default:
		return NULL;
	}
}

VERBS_EXPORT struct ibv_mr *(ibv_reg_mr_iova)(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova, int access)
{
	__typeof__(&ibv_reg_mr_iova) real = VERBS_REAL(ibv_reg_mr_iova);
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_reg_mr_iova, (pd, addr, length, iova, access));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return register_region(__func__, sim, addr, length, iova, (unsigned int)access);
	case VERBS_ROUTE_REAL:
		return real(pd, addr, length, iova, access);
	default:
		return NULL;
	}
}

VERBS_EXPORT struct ibv_mr *ibv_reg_mr_iova2(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova,
					     unsigned int access)
{
	__typeof__(&ibv_reg_mr_iova2) real = VERBS_REAL(ibv_reg_mr_iova2);
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_reg_mr_iova2, (pd, addr, length, iova, access));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return register_region(__func__, sim, addr, length, iova, access);
	case VERBS_ROUTE_REAL:
		return real(pd, addr, length, iova, access);
	default:
		return NULL;
	}
}

/* Returns 0 or an errno value, as rdma-core does; once no DMA can reach the region (the
 * kernel's promise: the program may free the memory at once). */
VERBS_EXPORT int ibv_dereg_mr(struct ibv_mr *mr)
{
	__typeof__(&ibv_dereg_mr) real = VERBS_REAL(ibv_dereg_mr);
	struct verbs_mr *sim;

	VERBS_DELEGATE(ibv_dereg_mr, (mr));
	switch (verbs_route(__func__, mr, VERBS_MR, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(mr);
	default:
		return errno;
	}
	verbs_mr_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	verbs_table_quiesce();
	return 0;
}

void verbs_mr_destroy(struct verbs_mr *mr)
{
	verbs_key_remove(mr->pd->context->device->index, mr->ibv.lkey);
	verbs_table_clear(&mr->pd->context->device->keys, mr->ibv.lkey >> 8);
	__atomic_fetch_add(&mr_epoch, 1, __ATOMIC_RELEASE);
	mr->pd->mr_count--;
	verbs_registry_retire(&mr->ibv, mr);
}


/* The live region key names on pd's device, registered on pd with every flag in access; else
 * NULL with errno (EINVAL, ENOENT, EPERM, EACCES: see flexio_verbs.h). Called with verbs_lock held. */
static struct verbs_mr *region_of(const struct ibv_pd *pd, uint32_t key, unsigned int access)
{
	struct verbs_pd *verbs_pd;
	struct verbs_mr *mr;

	if (!verbs_registry_lookup(pd, VERBS_PD, (void **)&verbs_pd)) {
		errno = EINVAL;
		return NULL;
	}
	mr = verbs_key_find(verbs_pd->context->device->index, key);
	if (!mr) {
		errno = ENOENT;
		return NULL;
	}
	if (mr->pd != verbs_pd) {
		errno = EPERM;
		return NULL;
	}
	if ((mr->access & access) != access) {
		errno = EACCES;
		return NULL;
	}
	return mr;
}

VERBS_EXPORT const uint64_t *flexio_verbs_mr_epoch(void)
{
	VERBS_DELEGATE(flexio_verbs_mr_epoch, ());
	return &mr_epoch;
}

VERBS_EXPORT void *flexio_verbs_mr_reach(const struct ibv_pd *pd, uint32_t key, uint64_t addr, size_t length,
					 unsigned int access)
{
	struct verbs_mr *mr;
	uint64_t offset;
	void *host = NULL;

	VERBS_DELEGATE(flexio_verbs_mr_reach, (pd, key, addr, length, access));
	pthread_mutex_lock(&verbs_lock);
	mr = region_of(pd, key, access);
	if (mr) {
		offset = addr - mr->iova;
		if (addr < mr->iova || offset > mr->ibv.length || length > mr->ibv.length - offset)
			errno = ERANGE;
		else
			host = (char *)mr->ibv.addr + offset;
	}
	pthread_mutex_unlock(&verbs_lock);
	return host;
}

VERBS_EXPORT int flexio_verbs_mr_range(const struct ibv_pd *pd, uint32_t key, unsigned int access, uint64_t *iova,
				       uint64_t *length)
{
	struct verbs_mr *mr;
	int rc = 0;

	VERBS_DELEGATE(flexio_verbs_mr_range, (pd, key, access, iova, length));
	if (!iova || !length)
		return -EINVAL;
	pthread_mutex_lock(&verbs_lock);
	mr = region_of(pd, key, access);
	if (mr) {
		*iova = mr->iova;
		*length = mr->ibv.length;
	} else {
		rc = -errno;
	}
	pthread_mutex_unlock(&verbs_lock);
	return rc;
}
