/*
 * Steering matchers (mlx5dv_dr_matcher_*) of the simulated devices: a priority in their table
 * and a mask in fte_match_param layout (the sections match_criteria_enable selects; the other
 * sections' bytes are ignored, as rdma-core ignores them), a matcher of the device NIC's table.
 * The NIC parses the outer and inner (VXLAN) L2-L4 headers and, of the misc parameters,
 * source_sqn, source_port and vxlan_vni (nic_match_bits): a mask on any other field is refused
 * (EOPNOTSUPP), never silently ignored.
 */
#include "dr_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const section_names[] = { "outer headers",     "misc parameters",   "inner headers",
					     "misc parameters 2", "misc parameters 3", "misc parameters 4",
					     "misc parameters 5", "reserved" };

/*
 * Copies a match buffer (mask or value) of matcher criteria into out (512 bytes, zeroed):
 * only the sections the criteria enable. EINVAL when it is larger than fte_match_param.
 */
int sim_dr_match_copy(const struct mlx5dv_flow_match_parameters *param, uint8_t criteria, uint64_t *out)
{
	uint8_t *bytes = (uint8_t *)out;

	if (param->match_sz > SIM_FTE_BYTES)
		return EINVAL;
	memset(out, 0, SIM_FTE_BYTES);
	for (unsigned section = 0; section < 8; section++) {
		size_t start = section * 64u, end = start + 64;

		if (!(criteria & (1u << section)) || start >= param->match_sz)
			continue;
		if (end > param->match_sz)
			end = param->match_sz;
		memcpy(bytes + start, (const uint8_t *)param->match_buf + start, end - start);
	}
	return 0;
}

/* Returns the matcher, or NULL with errno: EINVAL (not a live table, no mask, mask larger than
 * fte_match_param, unknown criteria), EOPNOTSUPP (a field the device does not parse), ENOMEM. */
SIM_EXPORT struct mlx5dv_dr_matcher *mlx5dv_dr_matcher_create(struct mlx5dv_dr_table *tbl, uint16_t priority,
							      uint8_t match_criteria_enable,
							      struct mlx5dv_flow_match_parameters *mask)
{
	__typeof__(&mlx5dv_dr_matcher_create) real = SIM_REAL(mlx5dv_dr_matcher_create);
	struct sim_dr_matcher *matcher;
	struct sim_dr_table *table;
	uint64_t bits[SIM_FTE_WORDS];
	const uint8_t *bytes = (const uint8_t *)bits;

	SIM_DELEGATE(mlx5dv_dr_matcher_create, (tbl, priority, match_criteria_enable, mask));
	switch (sim_route(__func__, tbl, SIM_DR_TABLE, (void **)&table, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(tbl, priority, match_criteria_enable, mask);
	default:
		return NULL;
	}
	if (!mask) {
		sim_dr_refuse(__func__, EINVAL, "mask is NULL");
		return NULL;
	}
	if (match_criteria_enable & ~SIM_FTE_CRITERIA_ALL) {
		sim_dr_refuse(__func__, EINVAL, "match_criteria_enable 0x%x: unknown bits 0x%x", match_criteria_enable,
			      match_criteria_enable & ~SIM_FTE_CRITERIA_ALL);
		return NULL;
	}
	if (sim_dr_match_copy(mask, match_criteria_enable, bits)) {
		sim_dr_refuse(__func__, EINVAL, "mask of %zu bytes: fte_match_param has %d", mask->match_sz,
			      SIM_FTE_BYTES);
		return NULL;
	}
	for (size_t i = 0; i < SIM_FTE_BYTES; i++) {
		if (bytes[i] & ~nic_match_bits(i)) {
			sim_dr_refuse(__func__, EOPNOTSUPP,
				      "the mask has bits 0x%02x at byte %zu of the %s: a field the simulated device "
				      "does not match on (it parses L2-L4 headers, outer and inner, and source_sqn, "
				      "source_port, vxlan_vni)",
				      bytes[i] & ~nic_match_bits(i), i % 64, section_names[i / 64]);
			return NULL;
		}
	}
	matcher = calloc(1, sizeof(*matcher));
	/* the NIC's layout is fte_match_param's first sections, the only ones a mask may use */
	if (!matcher || nic_flow_matcher_create(table->flow, priority, bits, &matcher->flow)) {
		free(matcher);
		sim_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	if (!sim_registry_add(matcher, SIM_DR_MATCHER, matcher)) {
		nic_flow_matcher_destroy(matcher->flow);
		free(matcher);
		sim_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	matcher->table = table;
	matcher->criteria = match_criteria_enable;
	memcpy(matcher->mask, bits, sizeof(bits));
	table->matchers++;
	table->domain->context->object_count++;
	pthread_mutex_unlock(&sim_lock);
	return (struct mlx5dv_dr_matcher *)matcher;
}

void sim_dr_matcher_destroy(struct sim_dr_matcher *matcher)
{
	nic_flow_matcher_destroy(matcher->flow); /* it has no rules */
	matcher->table->matchers--;
	matcher->table->domain->context->object_count--;
	sim_registry_retire(matcher, matcher);
}

/* Returns 0, or an errno value: EBUSY while it has rules, EINVAL. */
SIM_EXPORT int mlx5dv_dr_matcher_destroy(struct mlx5dv_dr_matcher *mtr)
{
	__typeof__(&mlx5dv_dr_matcher_destroy) real = SIM_REAL(mlx5dv_dr_matcher_destroy);
	struct sim_dr_matcher *matcher;

	SIM_DELEGATE(mlx5dv_dr_matcher_destroy, (mtr));
	switch (sim_route(__func__, mtr, SIM_DR_MATCHER, (void **)&matcher, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(mtr);
	default:
		return errno;
	}
	if (matcher->rules) {
		sim_dr_refuse(__func__, EBUSY, "matcher %p still has %u rule(s)", (void *)mtr, matcher->rules);
		return EBUSY;
	}
	sim_dr_matcher_destroy(matcher);
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

/* A sizing hint: the simulated matchers take any number of rules. 0, or EINVAL for a NULL
 * layout or unknown flags. */
SIM_EXPORT int mlx5dv_dr_matcher_set_layout(struct mlx5dv_dr_matcher *mtr, struct mlx5dv_dr_matcher_layout *layout)
{
	__typeof__(&mlx5dv_dr_matcher_set_layout) real = SIM_REAL(mlx5dv_dr_matcher_set_layout);
	const uint32_t known = MLX5DV_DR_MATCHER_LAYOUT_RESIZABLE | MLX5DV_DR_MATCHER_LAYOUT_NUM_RULE;
	struct sim_dr_matcher *matcher;

	SIM_DELEGATE(mlx5dv_dr_matcher_set_layout, (mtr, layout));
	switch (sim_route(__func__, mtr, SIM_DR_MATCHER, (void **)&matcher, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(mtr, layout);
	default:
		return errno;
	}
	if (!layout) {
		sim_dr_refuse(__func__, EINVAL, "layout is NULL");
		return EINVAL;
	}
	if (layout->flags & ~known) {
		sim_dr_refuse(__func__, EINVAL, "layout flags 0x%x: unknown bits 0x%x", layout->flags,
			      layout->flags & ~known);
		return EINVAL;
	}
	pthread_mutex_unlock(&sim_lock);
	return 0;
}
