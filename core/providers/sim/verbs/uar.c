/*
 * devx UARs of simulated contexts (mlx5dv_devx_alloc_uar, mlx5dv_devx_free_uar) and the page
 * behind one for libflexio (flexio_verbs_uar_page).
 *
 * A UAR is a doorbell page.  Here it is an anonymous page-aligned mapping: programs may store
 * to it as they would to the device's BAR, and the simulator reads what they wrote.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* mlx5 UAR pages: the first BlueFlame/doorbell register sits at this offset. */
#define UAR_REGISTER_OFFSET 0x800

VERBS_EXPORT struct mlx5dv_devx_uar *mlx5dv_devx_alloc_uar(struct ibv_context *context, uint32_t flags)
{
	__typeof__(&mlx5dv_devx_alloc_uar) real_alloc = VERBS_REAL(mlx5dv_devx_alloc_uar);
	struct mlx5dv_devx_uar *real;
	struct verbs_ctx *sim;
	struct verbs_uar *uar;
	void *page;

	VERBS_DELEGATE(mlx5dv_devx_alloc_uar, (context, flags));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real_alloc != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		real = real_alloc(context, flags);
		if (real)
			real_remember(VERBS_UAR, real);
		return real;
	default:
		return NULL;
	}
	if (flags != MLX5DV_UAR_ALLOC_TYPE_BF && flags != MLX5DV_UAR_ALLOC_TYPE_NC) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "flags 0x%x are neither MLX5DV_UAR_ALLOC_TYPE_BF nor _NC", flags);
		errno = EINVAL;
		return NULL;
	}
	uar = calloc(1, sizeof(*uar));
	if (!uar)
		goto no_memory;
	uar->page_size = (size_t)sysconf(_SC_PAGESIZE);
	page = mmap(NULL, uar->page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		goto no_memory;
	if (!verbs_registry_add(&uar->dv, VERBS_UAR, uar)) {
		munmap(page, uar->page_size);
		goto no_memory;
	}
	uar->context = sim;
	uar->dv.base_addr = page;
	uar->dv.reg_addr = (char *)page + UAR_REGISTER_OFFSET;
	uar->dv.page_id = ++sim->device->last_uar_page_id;
	uar->dv.mmap_off = (off_t)uar->dv.page_id * (off_t)uar->page_size;
	sim->uar_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &uar->dv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	free(uar);
	verbs_err(__func__, "out of memory");
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT void mlx5dv_devx_free_uar(struct mlx5dv_devx_uar *devx_uar)
{
	__typeof__(&mlx5dv_devx_free_uar) real = VERBS_REAL(mlx5dv_devx_free_uar);
	struct verbs_uar *sim;

	VERBS_DELEGATE_VOID(mlx5dv_devx_free_uar, (devx_uar));
	switch (verbs_route(__func__, devx_uar, VERBS_UAR, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		real_forget(devx_uar);
		real(devx_uar);
		return;
	default:
		return;
	}
	verbs_uar_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
}

void verbs_uar_destroy(struct verbs_uar *uar)
{
	/* a store through a stale page pointer faults, as on unmapped device memory */
	munmap(uar->dv.base_addr, uar->page_size);
	uar->dv.base_addr = uar->dv.reg_addr = NULL;
	uar->context->uar_count--;
	verbs_registry_retire(&uar->dv, uar);
}

VERBS_EXPORT void *flexio_verbs_uar_page(const struct mlx5dv_devx_uar *uar, int *device_index)
{
	struct verbs_uar *sim;
	void *page = NULL;

	VERBS_DELEGATE(flexio_verbs_uar_page, (uar, device_index));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(uar, VERBS_UAR, (void **)&sim)) {
		page = sim->dv.base_addr;
		if (device_index)
			*device_index = sim->context->device->index;
	} else {
		errno = EINVAL;
	}
	pthread_mutex_unlock(&verbs_lock);
	return page;
}
