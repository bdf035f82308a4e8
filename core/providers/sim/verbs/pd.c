/*
 * Protection domains of simulated contexts (ibv_alloc_pd, ibv_dealloc_pd).  A PD that still
 * has memory regions, or that a DPA process, window or memory key uses, cannot be deallocated
 * (EBUSY, as the kernel answers): windows and keys check the PD of a region, so it must
 * outlive its regions and its users.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>

VERBS_EXPORT struct ibv_pd *ibv_alloc_pd(struct ibv_context *context)
{
	__typeof__(&ibv_alloc_pd) real = VERBS_REAL(ibv_alloc_pd);
	struct verbs_ctx *sim;
	struct verbs_pd *pd;

	VERBS_DELEGATE(ibv_alloc_pd, (context));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context);
	default:
		return NULL;
	}
	pd = calloc(1, sizeof(*pd));
	if (!pd || !verbs_registry_add(&pd->ibv, VERBS_PD, pd)) {
		pthread_mutex_unlock(&verbs_lock);
		free(pd);
		verbs_err(__func__, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	pd->context = sim;
	pd->ibv.context = context;
	pd->ibv.handle = ++sim->device->last_pd_handle;
	sim->pd_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &pd->ibv;
}

/* Returns 0 or an errno value, as rdma-core does. */
VERBS_EXPORT int ibv_dealloc_pd(struct ibv_pd *pd)
{
	__typeof__(&ibv_dealloc_pd) real = VERBS_REAL(ibv_dealloc_pd);
	unsigned int regions;
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_dealloc_pd, (pd));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(pd);
	default:
		return errno;
	}
	regions = sim->mr_count;
	if (regions || sim->users || sim->queue_count) {
		unsigned int users = sim->users, queues = sim->queue_count;

		pthread_mutex_unlock(&verbs_lock);
		if (regions)
			verbs_err(__func__, "protection domain %p still has %u memory region(s)", (void *)pd, regions);
		else if (queues)
			verbs_err(__func__,
				  "protection domain %p still has %u queue pair(s), shared receive "
				  "queue(s) or address handle(s)",
				  (void *)pd, queues);
		else
			verbs_err(__func__,
				  "protection domain %p is used by %u FlexIO object(s) (a process, "
				  "window or memory key)",
				  (void *)pd, users);
		return errno = EBUSY;
	}
	verbs_pd_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

void verbs_pd_destroy(struct verbs_pd *pd)
{
	verbs_space_keys_drop(pd);
	pd->context->pd_count--;
	verbs_registry_retire(&pd->ibv, pd);
}

VERBS_EXPORT int flexio_verbs_pd_device(const struct ibv_pd *pd)
{
	struct verbs_pd *sim;
	int index = -1;

	VERBS_DELEGATE(flexio_verbs_pd_device, (pd));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(pd, VERBS_PD, (void **)&sim))
		index = sim->context->device->index;
	pthread_mutex_unlock(&verbs_lock);
	return index;
}

VERBS_EXPORT int flexio_verbs_pd_hold(const struct ibv_pd *pd, int device_index)
{
	struct verbs_pd *sim;
	int rc = -EINVAL;

	VERBS_DELEGATE(flexio_verbs_pd_hold, (pd, device_index));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(pd, VERBS_PD, (void **)&sim) && sim->context->device->index == device_index) {
		sim->users++;
		rc = 0;
	}
	pthread_mutex_unlock(&verbs_lock);
	return rc;
}

VERBS_EXPORT void flexio_verbs_pd_release(const struct ibv_pd *pd)
{
	struct verbs_pd *sim;

	VERBS_DELEGATE_VOID(flexio_verbs_pd_release, (pd));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(pd, VERBS_PD, (void **)&sim) && sim->users)
		sim->users--;
	pthread_mutex_unlock(&verbs_lock);
}
