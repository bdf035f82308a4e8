/*
 * devx umems of simulated contexts (mlx5dv_devx_umem_reg, mlx5dv_devx_umem_reg_ex,
 * mlx5dv_devx_umem_dereg): host memory the device's queues may live in, named by
 * FLEXIO_VERBS_SPACE_UMEM(umem_id) in a struct nic_mem. Their ids share one space with the DPA
 * memory a DEVX command may name instead (devx_queue.c), so that an id names one or the other.
 *
 * The NIC reaches a umem through the device's lock-free umem table at every use (nic.c), so a
 * deregistration takes effect at once: a queue still naming the umem finds no memory there and
 * goes to error, it never touches memory the program may have freed since.  Deregistration
 * therefore always succeeds (the kernel would answer EBUSY while a DEVX object names the umem;
 * the simulated queues do not hold theirs).
 */
#include "verbs_internal.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define SUPPORTED_ACCESS                                                                                        \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC | \
	 IBV_ACCESS_RELAXED_ORDERING)

/* Whether the pages of [addr, addr + size) are mapped (the kernel pins them, or fails). */
static bool mapped(const void *addr, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)addr & ~(page - 1), end = (uintptr_t)addr + size; /* no wrap: checked */

	/* the last page of the address space is never user memory, and rounding the end up to a
	 * page there would wrap to a length of 0, which msync accepts */
	if (end > UINTPTR_MAX - (page - 1))
		return false;
	/* msync on an unmapped page fails with ENOMEM, and writes nothing back (MS_ASYNC) */
	return !msync((void *)start, ((end + page - 1) & ~(page - 1)) - start, MS_ASYNC);
}

/* A umem id unused on the device and by DPA memory, never 0 (24 bits: the table's index). */
static uint32_t next_id(struct verbs_device *device)
{
	do
		device->last_umem_id = (device->last_umem_id + 1) & 0xffffff;
	while (!device->last_umem_id || verbs_table_used(&device->umems, device->last_umem_id) ||
	       verbs_dpa_memory_known(device->last_umem_id));
	return device->last_umem_id;
}

bool verbs_umem_id_used(uint32_t id)
{
	for (int index = 0; id <= 0xffffff && index < VERBS_MAX_CREATED; index++) {
		struct verbs_device *device = verbs_device_at(index);

		if (device && verbs_table_used(&device->umems, id))
			return true;
	}
	return false;
}

/* Registers [addr, addr + size) on a live simulated context (verbs_lock held, released here). */
static struct mlx5dv_devx_umem *reg(const char *function, struct verbs_ctx *context, void *addr, size_t size,
				    uint32_t access)
{
	struct verbs_device *device = context->device;
	const char *reason = NULL;
	struct verbs_umem *umem;
	int error = EINVAL;

	if (!addr)
		reason = "addr is NULL";
	else if (!size)
		reason = "size is 0";
	else if ((uintptr_t)addr + size < (uintptr_t)addr)
		reason = "the memory wraps around the address space";
	else if (access & ~(uint32_t)SUPPORTED_ACCESS)
		reason = "unknown access flags";
	else if (!mapped(addr, size))
		reason = "the memory is not mapped", error = EFAULT;
	if (reason) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(function, "%s", reason);
		errno = error;
		return NULL;
	}
	umem = calloc(1, sizeof(*umem));
	if (!umem || !verbs_registry_add(&umem->dv, VERBS_DEVX_UMEM, umem))
		goto no_memory;
	umem->dv.umem_id = next_id(device);
	if (!verbs_table_write(
		    &device->umems, umem->dv.umem_id,
		    &(struct verbs_slot){
			    .tag = umem->dv.umem_id, .access = access, .length = size, .host = (uintptr_t)addr })) {
		verbs_registry_retire(&umem->dv, umem);
		umem = NULL;
		goto no_memory;
	}
	umem->context = context;
	umem->addr = addr;
	umem->size = size;
	umem->access = access;
	context->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &umem->dv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	free(umem);
	verbs_err(function, "out of memory");
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT struct mlx5dv_devx_umem *mlx5dv_devx_umem_reg(struct ibv_context *ctx, void *addr, size_t size,
							   uint32_t access)
{
	__typeof__(&mlx5dv_devx_umem_reg) real = VERBS_REAL(mlx5dv_devx_umem_reg);
	struct verbs_ctx *sim;

	VERBS_DELEGATE(mlx5dv_devx_umem_reg, (ctx, addr, size, access));
	switch (verbs_route(__func__, ctx, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return reg(__func__, sim, addr, size, access);
	case VERBS_ROUTE_REAL:
		return real(ctx, addr, size, access);
	default:
		return NULL;
	}
}

VERBS_EXPORT struct mlx5dv_devx_umem *mlx5dv_devx_umem_reg_ex(struct ibv_context *ctx,
							      struct mlx5dv_devx_umem_in *umem_in)
{
	__typeof__(&mlx5dv_devx_umem_reg_ex) real = VERBS_REAL(mlx5dv_devx_umem_reg_ex);
	struct verbs_ctx *sim;

	VERBS_DELEGATE(mlx5dv_devx_umem_reg_ex, (ctx, umem_in));
	switch (verbs_route(__func__, ctx, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(ctx, umem_in);
	default:
		return NULL;
	}
	if (!umem_in || umem_in->comp_mask || !umem_in->pgsz_bitmap) {
		pthread_mutex_unlock(&verbs_lock);
		/* as libmlx5: no page size allowed, or a dmabuf (MLX5DV_UMEM_MASK_DMABUF) */
		verbs_err(__func__, "umem_in is NULL, has no page size, or asks for a dmabuf (not simulated)");
		errno = EINVAL;
		return NULL;
	}
	return reg(__func__, sim, umem_in->addr, umem_in->size, umem_in->access);
}

void verbs_umem_destroy(struct verbs_umem *umem)
{
	verbs_table_clear(&umem->context->device->umems, umem->dv.umem_id);
	umem->context->object_count--;
	verbs_registry_retire(&umem->dv, umem);
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int mlx5dv_devx_umem_dereg(struct mlx5dv_devx_umem *umem)
{
	__typeof__(&mlx5dv_devx_umem_dereg) real = VERBS_REAL(mlx5dv_devx_umem_dereg);
	struct verbs_umem *sim;

	VERBS_DELEGATE(mlx5dv_devx_umem_dereg, (umem));
	switch (verbs_route(__func__, umem, VERBS_DEVX_UMEM, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(umem);
	default:
		return errno;
	}
	verbs_umem_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
