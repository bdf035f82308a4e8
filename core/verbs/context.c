/*
 * Contexts of simulated devices (ibv_open_device, ibv_close_device).
 *
 * Closing a context that still has PDs or devx UARs fails with EBUSY, as the kernel refuses
 * to destroy a uverbs object that others use: the program must release them first, so nothing
 * it still holds ever points into a closed context.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

SIM_EXPORT struct ibv_context *ibv_open_device(struct ibv_device *device)
{
	const struct real_verbs *rv = real_verbs();
	struct sim_context *context;
	struct sim_device *sim;

	switch (sim_route(__func__, device, SIM_DEVICE, (void **)&sim, rv->open_device != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return rv->open_device(device);
	default:
		return NULL;
	}
	context = calloc(1, sizeof(*context));
	if (!context)
		goto no_memory;
	context->device = sim;
	/* sz covers every extended op, all NULL: verbs.h's helpers see "not supported" */
	context->vctx.sz = sizeof(context->vctx);
	context->vctx.context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	context->vctx.context.device = &sim->ibv;
	context->vctx.context.cmd_fd = -1;
	/* an fd that never becomes readable: a program polling for async events just waits */
	context->vctx.context.async_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	context->vctx.context.num_comp_vectors = 1;
	pthread_mutex_init(&context->vctx.context.mutex, NULL);
	if (context->vctx.context.async_fd < 0 ||
	    !sim_registry_add(&context->vctx.context, SIM_CONTEXT, context)) {
		if (context->vctx.context.async_fd >= 0)
			close(context->vctx.context.async_fd);
		pthread_mutex_destroy(&context->vctx.context.mutex);
		free(context);
		goto no_memory;
	}
	pthread_mutex_unlock(&sim_lock);
	return &context->vctx.context;

no_memory:
	pthread_mutex_unlock(&sim_lock);
	sim_err(__func__, "out of memory or file descriptors");
	errno = ENOMEM;
	return NULL;
}

/* Returns 0, or -1 with errno set (rdma-core's convention for this call). */
SIM_EXPORT int ibv_close_device(struct ibv_context *context)
{
	const struct real_verbs *rv = real_verbs();
	struct sim_context *sim;

	switch (sim_route(__func__, context, SIM_CONTEXT, (void **)&sim,
			  rv->close_device != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return rv->close_device(context);
	default:
		return -1;
	}
	if (sim->pd_count || sim->uar_count) {
		unsigned int pds = sim->pd_count, uars = sim->uar_count;

		pthread_mutex_unlock(&sim_lock);
		sim_err(__func__, "context %p still has %u protection domain(s) and %u devx UAR(s)",
			(void *)context, pds, uars);
		errno = EBUSY;
		return -1;
	}
	close(context->async_fd);
	context->async_fd = -1;
	pthread_mutex_destroy(&context->mutex);
	sim_registry_retire(context, sim);
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

SIM_EXPORT int flexio_verbs_context_device(const struct ibv_context *context)
{
	struct sim_context *sim;
	int index = -1;

	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(context, SIM_CONTEXT, (void **)&sim))
		index = sim->device->index;
	pthread_mutex_unlock(&sim_lock);
	return index;
}
