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
int verbs_dr_match_copy(const struct mlx5dv_flow_match_parameters *param, uint8_t criteria, uint64_t *out)
{
	uint8_t *bytes = (uint8_t *)out;

	if (param->match_sz > VERBS_FTE_BYTES)
		return EINVAL;
	memset(out, 0, VERBS_FTE_BYTES);
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
VERBS_EXPORT struct mlx5dv_dr_matcher *mlx5dv_dr_matcher_create(struct mlx5dv_dr_table *tbl, uint16_t priority,
								uint8_t match_criteria_enable,
								struct mlx5dv_flow_match_parameters *mask)
{
	__typeof__(&mlx5dv_dr_matcher_create) real = VERBS_REAL(mlx5dv_dr_matcher_create);
	struct verbs_dr_matcher *matcher;
	struct verbs_dr_table *table;
	uint64_t bits[VERBS_FTE_WORDS];
	const uint8_t *bytes = (const uint8_t *)bits;

	VERBS_DELEGATE(mlx5dv_dr_matcher_create, (tbl, priority, match_criteria_enable, mask));
	switch (verbs_route(__func__, tbl, VERBS_DR_TABLE, (void **)&table, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(tbl, priority, match_criteria_enable, mask);
	default:
		return NULL;
	}
	if (!mask) {
		verbs_dr_refuse(__func__, EINVAL, "mask is NULL");
		return NULL;
	}
	if (match_criteria_enable & ~VERBS_FTE_CRITERIA_ALL) {
		verbs_dr_refuse(__func__, EINVAL, "match_criteria_enable 0x%x: unknown bits 0x%x",
				match_criteria_enable, match_criteria_enable & ~VERBS_FTE_CRITERIA_ALL);
		return NULL;
	}
	if (verbs_dr_match_copy(mask, match_criteria_enable, bits)) {
		verbs_dr_refuse(__func__, EINVAL, "mask of %zu bytes: fte_match_param has %d", mask->match_sz,
				VERBS_FTE_BYTES);
		return NULL;
	}
	for (size_t i = 0; i < VERBS_FTE_BYTES; i++) {
		if (bytes[i] & ~nic_match_bits(i)) {
			verbs_dr_refuse(__func__, EOPNOTSUPP,
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
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	if (!verbs_registry_add(matcher, VERBS_DR_MATCHER, matcher)) {
		nic_flow_matcher_destroy(matcher->flow);
		free(matcher);
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	matcher->table = table;
	matcher->criteria = match_criteria_enable;
	memcpy(matcher->mask, bits, sizeof(bits));
	table->matchers++;
	table->domain->context->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_matcher *)matcher;
}

void verbs_dr_matcher_destroy(struct verbs_dr_matcher *matcher)
{
	nic_flow_matcher_destroy(matcher->flow); /* it has no rules */
	matcher->table->matchers--;
	matcher->table->domain->context->object_count--;
	verbs_registry_retire(matcher, matcher);
}

/* Returns 0, or an errno value: EBUSY while it has rules, EINVAL. */
VERBS_EXPORT int mlx5dv_dr_matcher_destroy(struct mlx5dv_dr_matcher *mtr)
{
	__typeof__(&mlx5dv_dr_matcher_destroy) real = VERBS_REAL(mlx5dv_dr_matcher_destroy);
	struct verbs_dr_matcher *matcher;

	VERBS_DELEGATE(mlx5dv_dr_matcher_destroy, (mtr));
	switch (verbs_route(__func__, mtr, VERBS_DR_MATCHER, (void **)&matcher, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(mtr);
	default:
		return errno;
	}
	if (matcher->rules) {
		verbs_dr_refuse(__func__, EBUSY, "matcher %p still has %u rule(s)", (void *)mtr, matcher->rules);
		return EBUSY;
	}
	verbs_dr_matcher_destroy(matcher);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

/* A sizing hint: the simulated matchers take any number of rules. 0, or EINVAL for a NULL
 * layout or unknown flags. */
VERBS_EXPORT int mlx5dv_dr_matcher_set_layout(struct mlx5dv_dr_matcher *mtr, struct mlx5dv_dr_matcher_layout *layout)
{
	__typeof__(&mlx5dv_dr_matcher_set_layout) real = VERBS_REAL(mlx5dv_dr_matcher_set_layout);
	const uint32_t known = MLX5DV_DR_MATCHER_LAYOUT_RESIZABLE | MLX5DV_DR_MATCHER_LAYOUT_NUM_RULE;
	struct verbs_dr_matcher *matcher;

	VERBS_DELEGATE(mlx5dv_dr_matcher_set_layout, (mtr, layout));
	switch (verbs_route(__func__, mtr, VERBS_DR_MATCHER, (void **)&matcher, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(mtr, layout);
	default:
		return errno;
	}
	if (!layout) {
		verbs_dr_refuse(__func__, EINVAL, "layout is NULL");
		return EINVAL;
	}
	if (layout->flags & ~known) {
		verbs_dr_refuse(__func__, EINVAL, "layout flags 0x%x: unknown bits 0x%x", layout->flags,
				layout->flags & ~known);
		return EINVAL;
	}
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
