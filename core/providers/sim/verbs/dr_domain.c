/*
 * Steering domains (mlx5dv_dr_domain_*) of the simulated devices: NIC RX, NIC TX and FDB, each
 * a handle on that table type of its device's NIC (core/nic's steering engine, made with the
 * NIC if no queue made it yet). Also what the steering objects share: the refusal of a call
 * holding verbs_lock, and their teardown when their context is closed.
 */
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void verbs_dr_refuse(const char *function, int err, const char *format, ...)
{
	char reason[256];
	va_list args;

	va_start(args, format);
	vsnprintf(reason, sizeof(reason), format, args);
	va_end(args);
	pthread_mutex_unlock(&verbs_lock);
	verbs_err(function, "%s", reason);
	errno = err;
}

const char *verbs_dr_type_name(enum mlx5dv_dr_domain_type type)
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
VERBS_EXPORT struct mlx5dv_dr_domain *mlx5dv_dr_domain_create(struct ibv_context *ctx, enum mlx5dv_dr_domain_type type)
{
	__typeof__(&mlx5dv_dr_domain_create) real = VERBS_REAL(mlx5dv_dr_domain_create);
	struct verbs_dr_domain *domain;
	struct verbs_ctx *context;
	struct verbs_nic *nic;

	VERBS_DELEGATE(mlx5dv_dr_domain_create, (ctx, type));
	switch (verbs_route(__func__, ctx, VERBS_CONTEXT, (void **)&context, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(ctx, type);
	default:
		return NULL;
	}
	if ((unsigned)type > MLX5DV_DR_DOMAIN_TYPE_FDB) {
		verbs_dr_refuse(__func__, EINVAL, "domain type %d is none of NIC RX (0), NIC TX (1), FDB (2)",
				(int)type);
		return NULL;
	}
	nic = verbs_nic_of(context->device);
	domain = nic ? calloc(1, sizeof(*domain)) : NULL;
	if (!domain || !verbs_registry_add(domain, VERBS_DR_DOMAIN, domain)) {
		free(domain);
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	domain->context = context;
	domain->nic = nic->nic;
	domain->type = type;
	domain->allow_duplicates = true; /* rdma-core's default */
	context->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_domain *)domain;
}

void verbs_dr_domain_destroy(struct verbs_dr_domain *domain)
{
	domain->context->object_count--;
	verbs_registry_retire(domain, domain);
}

/* Returns 0, or an errno value: EBUSY while tables or actions of it live, EINVAL. */
VERBS_EXPORT int mlx5dv_dr_domain_destroy(struct mlx5dv_dr_domain *dmn)
{
	__typeof__(&mlx5dv_dr_domain_destroy) real = VERBS_REAL(mlx5dv_dr_domain_destroy);
	struct verbs_dr_domain *domain;

	VERBS_DELEGATE(mlx5dv_dr_domain_destroy, (dmn));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(dmn);
	default:
		return errno;
	}
	if (domain->tables || domain->actions) {
		verbs_dr_refuse(__func__, EBUSY, "the %s domain %p still has %u table(s) and %u action(s)",
				verbs_dr_type_name(domain->type), (void *)dmn, domain->tables, domain->actions);
		return EBUSY;
	}
	verbs_dr_domain_destroy(domain);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

/* Rules take effect when their call returns (nothing is cached in device memory): 0 for any
 * combination of the SW, HW and MEM flags, EINVAL for other bits. */
VERBS_EXPORT int mlx5dv_dr_domain_sync(struct mlx5dv_dr_domain *dmn, uint32_t flags)
{
	__typeof__(&mlx5dv_dr_domain_sync) real = VERBS_REAL(mlx5dv_dr_domain_sync);
	const uint32_t known =
		MLX5DV_DR_DOMAIN_SYNC_FLAGS_SW | MLX5DV_DR_DOMAIN_SYNC_FLAGS_HW | MLX5DV_DR_DOMAIN_SYNC_FLAGS_MEM;
	struct verbs_dr_domain *domain;

	VERBS_DELEGATE(mlx5dv_dr_domain_sync, (dmn, flags));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(dmn, flags);
	default:
		return errno;
	}
	if (flags & ~known) {
		verbs_dr_refuse(__func__, EINVAL, "flags 0x%x: unknown bits 0x%x", flags, flags & ~known);
		return EINVAL;
	}
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

/* Whether a matcher takes two rules of the same value (the first one created wins). */
VERBS_EXPORT void mlx5dv_dr_domain_allow_duplicate_rules(struct mlx5dv_dr_domain *dmn, bool allow)
{
	__typeof__(&mlx5dv_dr_domain_allow_duplicate_rules) real = VERBS_REAL(mlx5dv_dr_domain_allow_duplicate_rules);
	struct verbs_dr_domain *domain;

	VERBS_DELEGATE_VOID(mlx5dv_dr_domain_allow_duplicate_rules, (dmn, allow));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		real(dmn, allow);
		return;
	default:
		return;
	}
	domain->allow_duplicates = allow;
	pthread_mutex_unlock(&verbs_lock);
}

/* A hint about device memory the simulated device does not have: accepted, nothing to do. */
VERBS_EXPORT void mlx5dv_dr_domain_set_reclaim_device_memory(struct mlx5dv_dr_domain *dmn, bool enable)
{
	__typeof__(&mlx5dv_dr_domain_set_reclaim_device_memory) real =
		VERBS_REAL(mlx5dv_dr_domain_set_reclaim_device_memory);
	struct verbs_dr_domain *domain;

	VERBS_DELEGATE_VOID(mlx5dv_dr_domain_set_reclaim_device_memory, (dmn, enable));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		return;
	case VERBS_ROUTE_REAL:
		real(dmn, enable);
		return;
	default:
		return;
	}
}

/* ---- a closed context's steering objects ---- */

struct verbs_ctx *verbs_dr_context_of(enum verbs_kind kind, void *object)
{
	switch (kind) {
	case VERBS_DR_DOMAIN:
		return ((struct verbs_dr_domain *)object)->context;
	case VERBS_DR_TABLE:
		return ((struct verbs_dr_table *)object)->domain->context;
	case VERBS_DR_MATCHER:
		return ((struct verbs_dr_matcher *)object)->table->domain->context;
	case VERBS_DR_RULE:
		return ((struct verbs_dr_rule *)object)->matcher->table->domain->context;
	case VERBS_DR_ACTION:
		return ((struct verbs_dr_action *)object)->context;
	default:
		return NULL;
	}
}

struct gathered {
	struct verbs_ctx *context;
	enum verbs_kind kind;
	void **items;
	size_t count, capacity;
	bool failed;
};

static void gather(void *object, void *arg)
{
	struct gathered *g = arg;

	if (g->failed || verbs_dr_context_of(g->kind, object) != g->context)
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

static bool destroy(enum verbs_kind kind, void *object)
{
	switch (kind) {
	case VERBS_DR_RULE:
		verbs_dr_rule_destroy(object);
		return true;
	case VERBS_DR_MATCHER:
		verbs_dr_matcher_destroy(object);
		return true;
	case VERBS_DR_ACTION:
		if (((struct verbs_dr_action *)object)->users)
			return false;
		verbs_dr_action_destroy(object);
		return true;
	case VERBS_DR_TABLE:
		if (((struct verbs_dr_table *)object)->users)
			return false;
		verbs_dr_table_destroy(object);
		return true;
	default:
		if (((struct verbs_dr_domain *)object)->tables || ((struct verbs_dr_domain *)object)->actions)
			return false;
		verbs_dr_domain_destroy(object);
		return true;
	}
}

bool verbs_dr_context_close(struct verbs_ctx *context)
{
	static const enum verbs_kind order[] = { VERBS_DR_RULE, VERBS_DR_MATCHER, VERBS_DR_ACTION, VERBS_DR_TABLE,
						 VERBS_DR_DOMAIN };
	enum {
		KINDS = sizeof(order) / sizeof(order[0])
	};
	struct gathered g[KINDS];
	bool ok = true;

	for (size_t k = 0; k < KINDS; k++) {
		g[k] = (struct gathered){ .context = context, .kind = order[k] };
		verbs_registry_each(g[k].kind, gather, &g[k]);
		ok &= !g[k].failed;
	}
	/* the rules leave the NIC's lookups first, in one change that may fail for memory: then
	 * nothing is destroyed */
	if (ok && g[0].count) {
		struct nic_flow_rule **flows = calloc(g[0].count, sizeof(*flows));

		for (size_t i = 0; flows && i < g[0].count; i++)
			flows[i] = ((struct verbs_dr_rule *)g[0].items[i])->flow;
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
