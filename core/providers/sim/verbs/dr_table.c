/*
 * Steering tables (mlx5dv_dr_table_*) of the simulated devices, each a flow table of the
 * device's NIC. Level 0 is the root, where a domain's lookup starts (the level-0 tables of
 * every domain of one type on a device are one root, as rdma-core's root tables are the
 * device's one root flow table); a table of another level is reached by dest-table actions of
 * lower levels.
 */
#include "dr_internal.h"

#include <stdlib.h>

/* Returns the table, or NULL with errno: EINVAL (not a live domain), ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_table *mlx5dv_dr_table_create(struct mlx5dv_dr_domain *dmn, uint32_t level)
{
	__typeof__(&mlx5dv_dr_table_create) real = VERBS_REAL(mlx5dv_dr_table_create);
	struct verbs_dr_domain *domain;
	struct verbs_dr_table *table;

	VERBS_DELEGATE(mlx5dv_dr_table_create, (dmn, level));
	switch (verbs_route(__func__, dmn, VERBS_DR_DOMAIN, (void **)&domain, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(dmn, level);
	default:
		return NULL;
	}
	table = calloc(1, sizeof(*table));
	if (!table || nic_flow_table_create(domain->nic, (enum nic_flow_type)domain->type, level, &table->flow)) {
		free(table);
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	if (!verbs_registry_add(table, VERBS_DR_TABLE, table)) {
		nic_flow_table_destroy(table->flow);
		free(table);
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	table->domain = domain;
	table->level = level;
	domain->tables++;
	domain->context->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_table *)table;
}

void verbs_dr_table_destroy(struct verbs_dr_table *table)
{
	/* nothing uses it: neither do the NIC's matchers and rules */
	nic_flow_table_destroy(table->flow);
	table->domain->tables--;
	table->domain->context->object_count--;
	verbs_registry_retire(table, table);
}

/* Returns 0, or an errno value: EBUSY while matchers or dest-table actions use it, EINVAL.
 * A table without matchers is in no lookup: nothing to publish. */
VERBS_EXPORT int mlx5dv_dr_table_destroy(struct mlx5dv_dr_table *tbl)
{
	__typeof__(&mlx5dv_dr_table_destroy) real = VERBS_REAL(mlx5dv_dr_table_destroy);
	struct verbs_dr_table *table;

	VERBS_DELEGATE(mlx5dv_dr_table_destroy, (tbl));
	switch (verbs_route(__func__, tbl, VERBS_DR_TABLE, (void **)&table, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(tbl);
	default:
		return errno;
	}
	if (table->matchers || table->users) {
		verbs_dr_refuse(__func__, EBUSY,
				"table %p (level %u) still has %u matcher(s) and %u action(s) "
				"sending to it",
				(void *)tbl, table->level, table->matchers, table->users);
		return EBUSY;
	}
	verbs_dr_table_destroy(table);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
