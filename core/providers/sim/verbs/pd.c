/*
 * Protection domains of simulated contexts (ibv_alloc_pd, ibv_dealloc_pd).  A PD that still
 * has memory regions, or that a DPA process, window or memory key uses, cannot be deallocated
 * (EBUSY, as the kernel answers): windows and keys check the PD of a region, so it must
 * outlive its regions and its users.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>

SIM_EXPORT struct ibv_pd *ibv_alloc_pd(struct ibv_context *context)
{
	__typeof__(&ibv_alloc_pd) real = SIM_REAL(ibv_alloc_pd);
	struct sim_context *sim;
	struct sim_pd *pd;

	SIM_DELEGATE(ibv_alloc_pd, (context));
	switch (sim_route(__func__, context, SIM_CONTEXT, (void **)&sim, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(context);
	default:
		return NULL;
	}
	pd = calloc(1, sizeof(*pd));
	if (!pd || !sim_registry_add(&pd->ibv, SIM_PD, pd)) {
		pthread_mutex_unlock(&sim_lock);
		free(pd);
		sim_err(__func__, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	pd->context = sim;
	pd->ibv.context = context;
	pd->ibv.handle = ++sim->device->last_pd_handle;
	sim->pd_count++;
	pthread_mutex_unlock(&sim_lock);
	return &pd->ibv;
}

/* Returns 0 or an errno value, as rdma-core does. */
SIM_EXPORT int ibv_dealloc_pd(struct ibv_pd *pd)
{
	__typeof__(&ibv_dealloc_pd) real = SIM_REAL(ibv_dealloc_pd);
	unsigned int regions;
	struct sim_pd *sim;

	SIM_DELEGATE(ibv_dealloc_pd, (pd));
	switch (sim_route(__func__, pd, SIM_PD, (void **)&sim, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(pd);
	default:
		return errno;
	}
	regions = sim->mr_count;
	if (regions || sim->users || sim->queue_count) {
		unsigned int users = sim->users, queues = sim->queue_count;

		pthread_mutex_unlock(&sim_lock);
		if (regions)
			sim_err(__func__, "protection domain %p still has %u memory region(s)", (void *)pd, regions);
		else if (queues)
			sim_err(__func__,
				"protection domain %p still has %u queue pair(s), shared receive "
				"queue(s) or address handle(s)",
				(void *)pd, queues);
		else
			sim_err(__func__,
				"protection domain %p is used by %u FlexIO object(s) (a process, "
				"window or memory key)",
				(void *)pd, users);
		return errno = EBUSY;
	}
	sim_pd_destroy(sim);
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

void sim_pd_destroy(struct sim_pd *pd)
{
	sim_space_keys_drop(pd);
	pd->context->pd_count--;
	sim_registry_retire(&pd->ibv, pd);
}

SIM_EXPORT int flexio_verbs_pd_device(const struct ibv_pd *pd)
{
	struct sim_pd *sim;
	int index = -1;

	SIM_DELEGATE(flexio_verbs_pd_device, (pd));
	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(pd, SIM_PD, (void **)&sim))
		index = sim->context->device->index;
	pthread_mutex_unlock(&sim_lock);
	return index;
}

SIM_EXPORT int flexio_verbs_pd_hold(const struct ibv_pd *pd, int device_index)
{
	struct sim_pd *sim;
	int rc = -EINVAL;

	SIM_DELEGATE(flexio_verbs_pd_hold, (pd, device_index));
	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(pd, SIM_PD, (void **)&sim) && sim->context->device->index == device_index) {
		sim->users++;
		rc = 0;
	}
	pthread_mutex_unlock(&sim_lock);
	return rc;
}

SIM_EXPORT void flexio_verbs_pd_release(const struct ibv_pd *pd)
{
	struct sim_pd *sim;

	SIM_DELEGATE_VOID(flexio_verbs_pd_release, (pd));
	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(pd, SIM_PD, (void **)&sim) && sim->users)
		sim->users--;
	pthread_mutex_unlock(&sim_lock);
}
