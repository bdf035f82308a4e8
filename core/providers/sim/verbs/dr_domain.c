/*
 * Steering domains (mlx5dv_dr_domain_*) of the simulated devices: NIC RX, NIC TX and FDB, each
 * a handle on that table type of its device's NIC (core/nic's steering engine, made with the
 * NIC if no queue made it yet). Also what the steering objects share: the refusal of a call
 * holding sim_lock, and their teardown when their context is closed.
 */
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void sim_dr_refuse(const char *function, int err, const char *format, ...)
{
	char reason[256];
	va_list args;

	va_start(args, format);
	vsnprintf(reason, sizeof(reason), format, args);
	va_end(args);
	pthread_mutex_unlock(&sim_lock);
	sim_err(function, "%s", reason);
	errno = err;
}

const char *sim_dr_type_name(enum mlx5dv_dr_domain_type type)
{
	switch (type) {
	case MLX5DV_DR_DOMAIN_TYPE_NIC_RX:
		return "NIC RX";
	case MLX5DV_DR_DOMAIN_TYPE_NIC_TX:
		return "NIC TX";
	default:
		return "FDB";
	}
}

/* Returns the domain, or NULL with errno: EINVAL (not a simulated context, no such type),
 * ENOMEM. */
SIM_EXPORT struct mlx5dv_dr_domain *mlx5dv_dr_domain_create(struct ibv_context *ctx, enum mlx5dv_dr_domain_type type)
{
	__typeof__(&mlx5dv_dr_domain_create) real = SIM_REAL(mlx5dv_dr_domain_create);
	struct sim_dr_domain *domain;
	struct sim_context *context;
	struct sim_nic *nic;

	SIM_DELEGATE(mlx5dv_dr_domain_create, (ctx, type));
	switch (sim_route(__func__, ctx, SIM_CONTEXT, (void **)&context, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(ctx, type);
	default:
		return NULL;
	}
	if ((unsigned)type > MLX5DV_DR_DOMAIN_TYPE_FDB) {
		sim_dr_refuse(__func__, EINVAL, "domain type %d is none of NIC RX (0), NIC TX (1), FDB (2)", (int)type);
		return NULL;
	}
	nic = sim_nic_of(context->device);
	domain = nic ? calloc(1, sizeof(*domain)) : NULL;
	if (!domain || !sim_registry_add(domain, SIM_DR_DOMAIN, domain)) {
		free(domain);
		sim_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	domain->context = context;
	domain->nic = nic->nic;
	domain->type = type;
	domain->allow_duplicates = true; /* rdma-core's default */
	context->object_count++;
	pthread_mutex_unlock(&sim_lock);
	return (struct mlx5dv_dr_domain *)domain;
}

void sim_dr_domain_destroy(struct sim_dr_domain *domain)
{
	domain->context->object_count--;
	sim_registry_retire(domain, domain);
}

/* Returns 0, or an errno value: EBUSY while tables or actions of it live, EINVAL. */
SIM_EXPORT int mlx5dv_dr_domain_destroy(struct mlx5dv_dr_domain *dmn)
{
	__typeof__(&mlx5dv_dr_domain_destroy) real = SIM_REAL(mlx5dv_dr_domain_destroy);
	struct sim_dr_domain *domain;

	SIM_DELEGATE(mlx5dv_dr_domain_destroy, (dmn));
	switch (sim_route(__func__, dmn, SIM_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(dmn);
	default:
		return errno;
	}
	if (domain->tables || domain->actions) {
		sim_dr_refuse(__func__, EBUSY, "the %s domain %p still has %u table(s) and %u action(s)",
			      sim_dr_type_name(domain->type), (void *)dmn, domain->tables, domain->actions);
		return EBUSY;
	}
	sim_dr_domain_destroy(domain);
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

/* Rules take effect when their call returns (nothing is cached in device memory): 0 for any
 * combination of the SW, HW and MEM flags, EINVAL for other bits. */
SIM_EXPORT int mlx5dv_dr_domain_sync(struct mlx5dv_dr_domain *dmn, uint32_t flags)
{
	__typeof__(&mlx5dv_dr_domain_sync) real = SIM_REAL(mlx5dv_dr_domain_sync);
	const uint32_t known =
		MLX5DV_DR_DOMAIN_SYNC_FLAGS_SW | MLX5DV_DR_DOMAIN_SYNC_FLAGS_HW | MLX5DV_DR_DOMAIN_SYNC_FLAGS_MEM;
	struct sim_dr_domain *domain;

	SIM_DELEGATE(mlx5dv_dr_domain_sync, (dmn, flags));
	switch (sim_route(__func__, dmn, SIM_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(dmn, flags);
	default:
		return errno;
	}
	if (flags & ~known) {
		sim_dr_refuse(__func__, EINVAL, "flags 0x%x: unknown bits 0x%x", flags, flags & ~known);
		return EINVAL;
	}
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

/* Whether a matcher takes two rules of the same value (the first one created wins). */
SIM_EXPORT void mlx5dv_dr_domain_allow_duplicate_rules(struct mlx5dv_dr_domain *dmn, bool allow)
{
	__typeof__(&mlx5dv_dr_domain_allow_duplicate_rules) real = SIM_REAL(mlx5dv_dr_domain_allow_duplicate_rules);
	struct sim_dr_domain *domain;

	SIM_DELEGATE_VOID(mlx5dv_dr_domain_allow_duplicate_rules, (dmn, allow));
	switch (sim_route(__func__, dmn, SIM_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		real(dmn, allow);
		return;
	default:
		return;
	}
	domain->allow_duplicates = allow;
	pthread_mutex_unlock(&sim_lock);
}

/* A hint about device memory the simulated device does not have: accepted, nothing to do. */
SIM_EXPORT void mlx5dv_dr_domain_set_reclaim_device_memory(struct mlx5dv_dr_domain *dmn, bool enable)
{
	__typeof__(&mlx5dv_dr_domain_set_reclaim_device_memory) real =
		SIM_REAL(mlx5dv_dr_domain_set_reclaim_device_memory);
	struct sim_dr_domain *domain;

	SIM_DELEGATE_VOID(mlx5dv_dr_domain_set_reclaim_device_memory, (dmn, enable));
	switch (sim_route(__func__, dmn, SIM_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		pthread_mutex_unlock(&sim_lock);
		return;
	case SIM_ROUTE_REAL:
		real(dmn, enable);
		return;
	default:
		return;
	}
}

/* ---- a closed context's steering objects ---- */

struct sim_context *sim_dr_context_of(enum sim_kind kind, void *object)
{
	switch (kind) {
	case SIM_DR_DOMAIN:
		return ((struct sim_dr_domain *)object)->context;
	case SIM_DR_TABLE:
		return ((struct sim_dr_table *)object)->domain->context;
	case SIM_DR_MATCHER:
		return ((struct sim_dr_matcher *)object)->table->domain->context;
	case SIM_DR_RULE:
		return ((struct sim_dr_rule *)object)->matcher->table->domain->context;
	case SIM_DR_ACTION:
		return ((struct sim_dr_action *)object)->context;
	default:
		return NULL;
	}
}

struct gathered {
	struct sim_context *context;
	enum sim_kind kind;
	void **items;
	size_t count, capacity;
	bool failed;
};

static void gather(void *object, void *arg)
{
	struct gathered *g = arg;

	if (g->failed || sim_dr_context_of(g->kind, object) != g->context)
		return;
	if (g->count == g->capacity) {
		size_t capacity = g->capacity ? 2 * g->capacity : 16;
		void **items = realloc(g->items, capacity * sizeof(*items));

		if (!items) {
			g->failed = true;
			return;
		}
		g->items = items;
		g->capacity = capacity;
	}
	g->items[g->count++] = object;
}

static bool destroy(enum sim_kind kind, void *object)
{
	switch (kind) {
	case SIM_DR_RULE:
		sim_dr_rule_destroy(object);
		return true;
	case SIM_DR_MATCHER:
		sim_dr_matcher_destroy(object);
		return true;
	case SIM_DR_ACTION:
		if (((struct sim_dr_action *)object)->users)
			return false;
		sim_dr_action_destroy(object);
		return true;
	case SIM_DR_TABLE:
		if (((struct sim_dr_table *)object)->users)
			return false;
		sim_dr_table_destroy(object);
		return true;
	default:
		if (((struct sim_dr_domain *)object)->tables || ((struct sim_dr_domain *)object)->actions)
			return false;
		sim_dr_domain_destroy(object);
		return true;
	}
}

bool sim_dr_context_close(struct sim_context *context)
{
	static const enum sim_kind order[] = { SIM_DR_RULE, SIM_DR_MATCHER, SIM_DR_ACTION, SIM_DR_TABLE,
					       SIM_DR_DOMAIN };
	enum {
		KINDS = sizeof(order) / sizeof(order[0])
	};
	struct gathered g[KINDS];
	bool ok = true;

	for (size_t k = 0; k < KINDS; k++) {
		g[k] = (struct gathered){ .context = context, .kind = order[k] };
		sim_registry_each(g[k].kind, gather, &g[k]);
		ok &= !g[k].failed;
	}
	/* the rules leave the NIC's lookups first, in one change that may fail for memory: then
	 * nothing is destroyed */
	if (ok && g[0].count) {
		struct nic_flow_rule **flows = calloc(g[0].count, sizeof(*flows));

		for (size_t i = 0; flows && i < g[0].count; i++)
			flows[i] = ((struct sim_dr_rule *)g[0].items[i])->flow;
		ok = flows && !nic_flow_rule_destroy(flows, g[0].count);
		free(flows);
	}
	for (size_t k = 0; ok && k < KINDS; k++) {
		/* an array holds actions, a table is held by dest-table actions: each pass destroys
		 * what nothing holds any more; what another context's rules hold stays */
		for (bool progress = true; progress;) {
			progress = false;
			for (size_t i = 0; i < g[k].count; i++) {
				if (g[k].items[i] && destroy(g[k].kind, g[k].items[i])) {
					g[k].items[i] = NULL;
					progress = true;
				}
			}
		}
	}
	for (size_t k = 0; k < KINDS; k++)
		free(g[k].items);
	return ok;
}
