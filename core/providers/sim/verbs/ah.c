/*
 * Address handles of simulated PDs (ibv_create_ah, ibv_destroy_ah).  The port is Ethernet
 * (RoCE): an address names its peer by GID, so is_global is required, as the kernel requires
 * a GRH for RoCE.  RC QPs take their path from ibv_modify_qp; an AH is recorded (for programs
 * that make one before connecting), not used by the NIC (no UD QPs).
 */
#include "verbs_internal.h"

#include <stdlib.h>

VERBS_EXPORT struct ibv_ah *ibv_create_ah(struct ibv_pd *pd, struct ibv_ah_attr *attr)
{
	__typeof__(&ibv_create_ah) real = VERBS_REAL(ibv_create_ah);
	const char *reason = NULL;
	struct verbs_pd *sim;
	struct verbs_ah *ah;

	VERBS_DELEGATE(ibv_create_ah, (pd, attr));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(pd, attr);
	default:
		return NULL;
	}
	if (!attr)
		reason = "attr is NULL";
	else if (attr->port_num != 1)
		reason = "port_num is not 1 (the device has one port)";
	else if (!attr->is_global)
		reason = "is_global is 0: a RoCE address needs the peer's GID";
	else if (attr->grh.sgid_index > 1)
		reason = "grh.sgid_index is not 0 or 1 (the port has 2 GIDs)";
	if (reason) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "%s", reason);
		errno = EINVAL;
		return NULL;
	}
	ah = calloc(1, sizeof(*ah));
	if (!ah || !verbs_registry_add(&ah->ibv, VERBS_AH, ah)) {
		pthread_mutex_unlock(&verbs_lock);
		free(ah);
		verbs_err(__func__, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	ah->pd = sim;
	ah->attr = *attr;
	ah->ibv.context = pd->context;
	ah->ibv.pd = pd;
	ah->ibv.handle = ++sim->context->device->last_ah_handle;
	sim->queue_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &ah->ibv;
}

void verbs_ah_destroy(struct verbs_ah *ah)
{
	ah->pd->queue_count--;
	verbs_registry_retire(&ah->ibv, ah);
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int ibv_destroy_ah(struct ibv_ah *ah)
{
	__typeof__(&ibv_destroy_ah) real = VERBS_REAL(ibv_destroy_ah);
	struct verbs_ah *sim;

	VERBS_DELEGATE(ibv_destroy_ah, (ah));
	switch (verbs_route(__func__, ah, VERBS_AH, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(ah);
	default:
		return errno;
	}
	verbs_ah_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
