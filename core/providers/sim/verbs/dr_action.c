/*
 * Steering actions (mlx5dv_dr_action_*) of the simulated devices: destinations (a TIR, a
 * table, a vport, drop, the default miss, an array of destinations) and flow counters. Drop
 * and default miss are made from nothing, so for any device: when a program gives one to a
 * rule of a real rdma-core matcher, rdma-core's own twin is made then and used instead.
 * Actions not listed here (header rewrites, reformat, VLAN push/pop, tags, meters, samplers,
 * ASO, QP and IB-port destinations) are refused on a simulated domain (generic.c).
 */
#include "dr_internal.h"

#include <stdlib.h>

/* The PRM opcode libflexio's TIR wrappers carry as their type (CREATE_TIR). */
#define DEVX_TYPE_TIR 0x900u

/* A new action of kind, registered (verbs_lock held); NULL when memory runs out. */
static struct verbs_dr_action *action_new(enum verbs_dr_action_kind kind, struct verbs_ctx *context)
{
	struct verbs_dr_action *a = calloc(1, sizeof(*a));

	if (!a || !verbs_registry_add(a, VERBS_DR_ACTION, a)) {
		free(a);
		return NULL;
	}
	a->kind = kind;
	a->context = context;
	a->device = context ? context->device : NULL;
	if (context)
		context->object_count++;
	return a;
}

/* Returns the action, or NULL with errno: EINVAL (not a live DEVX object, not a TIR), ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_dest_devx_tir(struct mlx5dv_devx_obj *devx_obj)
{
	__typeof__(&mlx5dv_dr_action_create_dest_devx_tir) real = VERBS_REAL(mlx5dv_dr_action_create_dest_devx_tir);
	struct verbs_devx_obj *obj;
	struct verbs_dr_action *a;

	VERBS_DELEGATE(mlx5dv_dr_action_create_dest_devx_tir, (devx_obj));
	switch (verbs_route(__func__, devx_obj, VERBS_DEVX_OBJ, (void **)&obj, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(devx_obj);
	default:
		return NULL;
	}
	if (obj->type != DEVX_TYPE_TIR || obj->counter) {
		verbs_dr_refuse(__func__, EINVAL,
				"devx object %p (type 0x%x) is not a TIR (flexio_rq_get_tir gives one)",
				(void *)devx_obj, obj->type);
		return NULL;
	}
	a = action_new(VERBS_DR_ACT_TIR, obj->context);
	if (!a) {
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	a->tirn = obj->id;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

/* Returns the action, or NULL with errno: EINVAL (not a live table, a root table), ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_dest_table(struct mlx5dv_dr_table *tbl)
{
	__typeof__(&mlx5dv_dr_action_create_dest_table) real = VERBS_REAL(mlx5dv_dr_action_create_dest_table);
	struct verbs_dr_table *table;
	struct verbs_dr_action *a;

	VERBS_DELEGATE(mlx5dv_dr_action_create_dest_table, (tbl));
	switch (verbs_route(__func__, tbl, VERBS_DR_TABLE, (void **)&table, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(tbl);
	default:
		return NULL;
	}
	if (!table->level) {
		verbs_dr_refuse(__func__, EINVAL,
				"table %p is a root table (level 0): lookups start there, no rule "
				"sends to it",
				(void *)tbl);
		return NULL;
	}
	a = action_new(VERBS_DR_ACT_TABLE, table->domain->context);
	if (!a) {
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	a->table = table;
	a->domain = table->domain;
	table->users++;
	table->domain->actions++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

/* Returns the action, or NULL with errno: EINVAL (not a live domain, a vport the device does
 * not have: it has the PF, 0, and the uplink, 0xffff), EOPNOTSUPP (not an FDB domain),
 * ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_dest_vport(struct mlx5dv_dr_domain *dmn, uint32_t vport)
{
	__typeof__(&mlx5dv_dr_action_create_dest_vport) real = VERBS_REAL(mlx5dv_dr_action_create_dest_vport);
	struct verbs_dr_domain *domain;
	struct verbs_dr_action *a;

	VERBS_DELEGATE(mlx5dv_dr_action_create_dest_vport, (dmn, vport));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(dmn, vport);
	default:
		return NULL;
	}
	if (domain->type != MLX5DV_DR_DOMAIN_TYPE_FDB) {
		verbs_dr_refuse(__func__, EOPNOTSUPP, "vports are destinations of FDB domains, not of %s ones",
				verbs_dr_type_name(domain->type));
		return NULL;
	}
	if (vport != 0 && vport != NIC_VPORT_UPLINK) {
		verbs_dr_refuse(__func__, EINVAL,
				"vport 0x%x: the simulated device has the PF (0) and the uplink "
				"(0xffff)",
				vport);
		return NULL;
	}
	a = action_new(VERBS_DR_ACT_VPORT, domain->context);
	if (!a) {
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	a->vport = vport;
	a->domain = domain;
	domain->actions++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

/* Drop and default miss: for any device's rules. NULL with ENOMEM. */
static struct mlx5dv_dr_action *from_nothing(const char *function, enum verbs_dr_action_kind kind)
{
	struct verbs_dr_action *a;

	pthread_mutex_lock(&verbs_lock);
	a = action_new(kind, NULL);
	if (!a) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_drop(void)
{
	VERBS_DELEGATE(mlx5dv_dr_action_create_drop, ());
	return from_nothing(__func__, VERBS_DR_ACT_DROP);
}

VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_default_miss(void)
{
	VERBS_DELEGATE(mlx5dv_dr_action_create_default_miss, ());
	return from_nothing(__func__, VERBS_DR_ACT_MISS);
}

/* Returns the action, or NULL with errno: EINVAL (not a live domain, no or too many
 * destinations, one that is no TIR, table or vport of the domain), EOPNOTSUPP (a destination
 * with a packet reformat), ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_dest_array(struct mlx5dv_dr_domain *dmn, size_t num_dest,
									 struct mlx5dv_dr_action_dest_attr *dests[])
{
	__typeof__(&mlx5dv_dr_action_create_dest_array) real = VERBS_REAL(mlx5dv_dr_action_create_dest_array);
	struct verbs_dr_action *checked[NIC_FLOW_MAX_DESTS];
	struct verbs_dr_domain *domain;
	struct verbs_dr_action *a;

	VERBS_DELEGATE(mlx5dv_dr_action_create_dest_array, (dmn, num_dest, dests));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(dmn, num_dest, dests);
	default:
		return NULL;
	}
	if (!num_dest || num_dest > NIC_FLOW_MAX_DESTS || !dests) {
		verbs_dr_refuse(__func__, EINVAL, "%zu destinations%s: 1 to %d", num_dest,
				dests ? "" : " (dests is NULL)", NIC_FLOW_MAX_DESTS);
		return NULL;
	}
	for (size_t i = 0; i < num_dest; i++) {
		struct verbs_dr_action *d;

		if (!dests[i]) {
			verbs_dr_refuse(__func__, EINVAL, "dests[%zu] is NULL", i);
			return NULL;
		}
		if (dests[i]->type != MLX5DV_DR_ACTION_DEST) {
			verbs_dr_refuse(__func__, EOPNOTSUPP,
					"dests[%zu]: a destination with a packet reformat is not "
					"simulated",
					i);
			return NULL;
		}
		/* rdma-core takes a default miss among the destinations too (a mirror: the frame's
		 * normal path and a copy elsewhere); the miss action is made from nothing, so it
		 * belongs to no device or domain. */
		if (!verbs_registry_lookup(dests[i]->dest, VERBS_DR_ACTION, (void **)&d) ||
		    (d->kind != VERBS_DR_ACT_TIR && d->kind != VERBS_DR_ACT_TABLE && d->kind != VERBS_DR_ACT_VPORT &&
		     d->kind != VERBS_DR_ACT_MISS) ||
		    (d->kind != VERBS_DR_ACT_MISS && d->device != domain->context->device) ||
		    (d->kind != VERBS_DR_ACT_TIR && d->kind != VERBS_DR_ACT_MISS && d->domain != domain)) {
			verbs_dr_refuse(__func__, EINVAL,
					"dests[%zu]: %p is no TIR, table, vport or default-miss action of "
					"this domain's device and domain",
					i, (void *)dests[i]->dest);
			return NULL;
		}
		checked[i] = d;
	}
	a = action_new(VERBS_DR_ACT_ARRAY, domain->context);
	if (a)
		a->dests = calloc(num_dest, sizeof(*a->dests));
	if (!a || !a->dests) {
		if (a) {
			domain->context->object_count--;
			verbs_registry_retire(a, a);
		}
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	a->domain = domain;
	a->ndests = num_dest;
	for (size_t i = 0; i < num_dest; i++) {
		a->dests[i] = checked[i];
		checked[i]->users++;
	}
	domain->actions++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

/* Returns the action, or NULL with errno: EINVAL (not a live DEVX object, not a flow counter,
 * an offset past its bulk), ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_action *mlx5dv_dr_action_create_flow_counter(struct mlx5dv_devx_obj *devx_obj,
									   uint32_t offset)
{
	__typeof__(&mlx5dv_dr_action_create_flow_counter) real = VERBS_REAL(mlx5dv_dr_action_create_flow_counter);
	struct verbs_devx_obj *obj;
	struct verbs_dr_action *a;

	VERBS_DELEGATE(mlx5dv_dr_action_create_flow_counter, (devx_obj, offset));
	switch (verbs_route(__func__, devx_obj, VERBS_DEVX_OBJ, (void **)&obj, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(devx_obj, offset);
	default:
		return NULL;
	}
	if (!obj->counter) {
		verbs_dr_refuse(__func__, EINVAL, "devx object %p is no flow counter (ALLOC_FLOW_COUNTER)",
				(void *)devx_obj);
		return NULL;
	}
	if (offset >= obj->counter->count) {
		verbs_dr_refuse(__func__, EINVAL, "offset %u: the flow counter bulk has %u counter(s)", offset,
				obj->counter->count);
		return NULL;
	}
	a = action_new(VERBS_DR_ACT_COUNTER, obj->context);
	if (!a) {
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	a->counter = obj->counter;
	a->offset = offset;
	obj->counter->users++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_action *)a;
}

void verbs_dr_action_destroy(struct verbs_dr_action *a)
{
	switch (a->kind) {
	case VERBS_DR_ACT_TABLE:
		a->table->users--;
		a->domain->actions--;
		break;
	case VERBS_DR_ACT_VPORT:
		a->domain->actions--;
		break;
	case VERBS_DR_ACT_ARRAY:
		for (size_t i = 0; i < a->ndests; i++)
			a->dests[i]->users--;
		free(a->dests);
		a->dests = NULL;
		a->domain->actions--;
		break;
	case VERBS_DR_ACT_COUNTER:
		if (!--a->counter->users && a->counter->orphan)
			verbs_flow_counter_free(a->counter);
		break;
	default:
		break;
	}
	if (a->context)
		a->context->object_count--;
	verbs_registry_retire(a, a);
}

/* Returns 0, or an errno value: EBUSY while rules or destination arrays hold it (or, for a
 * drop or default miss, rdma-core's rules hold its twin), EINVAL. */
VERBS_EXPORT int mlx5dv_dr_action_destroy(struct mlx5dv_dr_action *action)
{
	__typeof__(&mlx5dv_dr_action_destroy) real = VERBS_REAL(mlx5dv_dr_action_destroy);
	struct verbs_dr_action *a;
	int rc;

	VERBS_DELEGATE(mlx5dv_dr_action_destroy, (action));
	switch (verbs_route(__func__, action, VERBS_DR_ACTION, (void **)&a, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(action);
	default:
		return errno;
	}
	if (a->users) {
		verbs_dr_refuse(__func__, EBUSY, "action %p is still used by %u rule(s) or destination array(s)",
				(void *)action, a->users);
		return EBUSY;
	}
	if (a->real && real && (rc = real(a->real)) != 0) {
		verbs_dr_refuse(__func__, rc,
				"rdma-core's twin of action %p (used by rules of a real device) "
				"cannot be destroyed yet",
				(void *)action);
		return rc;
	}
	verbs_dr_action_destroy(a);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

struct mlx5dv_dr_action *verbs_dr_action_for_real(const char *function, struct mlx5dv_dr_action *handle, size_t index)
{
	struct verbs_dr_action *a;

	if (!verbs_registry_lookup(handle, VERBS_DR_ACTION, (void **)&a))
		return handle; /* rdma-core's: its business */
	if (a->kind != VERBS_DR_ACT_DROP && a->kind != VERBS_DR_ACT_MISS) {
		verbs_dr_refuse(function, EINVAL,
				"actions[%zu] %p is an action of the simulated device, given to a "
				"rule of a real one",
				index, (void *)handle);
		return NULL;
	}
	if (!a->real) {
		__typeof__(&mlx5dv_dr_action_create_drop) make =
			a->kind == VERBS_DR_ACT_DROP ? VERBS_REAL(mlx5dv_dr_action_create_drop)
						     : VERBS_REAL(mlx5dv_dr_action_create_default_miss);

		a->real = make ? make() : NULL;
		if (!a->real) {
			verbs_dr_refuse(function, make ? errno : EOPNOTSUPP,
					"rdma-core cannot make the twin of "
					"actions[%zu]",
					index);
			return NULL;
		}
	}
	return a->real;
}
