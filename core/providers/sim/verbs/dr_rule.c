/*
 * Steering rules (mlx5dv_dr_rule_*) of the simulated devices: a value under its matcher's mask
 * and the actions a matching frame takes, a rule of the device NIC's matcher with the actions
 * translated. A rule takes effect for the next frame once its call returns (the NIC publishes
 * its new lookup before it does), and a removed one is out of every lookup by then.
 */
#include "dr_internal.h"

#include <stdlib.h>
#include <string.h>

/* The most actions a rule takes. */
#define MAX_ACTIONS NIC_FLOW_MAX_ACTIONS
/* Its actions as the NIC's: an array's destinations follow it. */
#define MAX_FLOW_ACTIONS (NIC_FLOW_MAX_ACTIONS + NIC_FLOW_MAX_DESTS)

static bool is_destination(const struct verbs_dr_action *a)
{
	return a->kind != VERBS_DR_ACT_COUNTER;
}

/* Whether a destination may be taken by a rule of matcher (verbs_lock held); else logs why
 * (releasing verbs_lock) and sets errno. */
static bool destination_fits(const char *function, const struct verbs_dr_matcher *matcher,
			     const struct verbs_dr_action *a, size_t index)
{
	const struct verbs_dr_domain *domain = matcher->table->domain;

	switch (a->kind) {
	case VERBS_DR_ACT_TIR:
		if (domain->type != MLX5DV_DR_DOMAIN_TYPE_NIC_RX) {
			verbs_dr_refuse(function, EOPNOTSUPP,
					"actions[%zu]: a TIR is a destination of NIC RX rules, "
					"not of %s ones",
					index, verbs_dr_type_name(domain->type));
			return false;
		}
		return true;
	case VERBS_DR_ACT_TABLE:
		if (a->table->domain != domain || a->table->level <= matcher->table->level) {
			verbs_dr_refuse(function, EINVAL,
					"actions[%zu]: the destination table (level %u) must be of "
					"the rule's domain and of a level above the rule's table (%u)",
					index, a->table->level, matcher->table->level);
			return false;
		}
		return true;
	case VERBS_DR_ACT_VPORT:
		if (a->domain != domain) {
			verbs_dr_refuse(function, EINVAL, "actions[%zu]: a vport action of another domain", index);
			return false;
		}
		return true;
	default:
		return true;
	}
}

/* Checks the actions (verbs_lock held); false: logged, verbs_lock released, errno set. */
static bool actions_fit(const char *function, const struct verbs_dr_matcher *matcher,
			struct mlx5dv_dr_action *const *handles, size_t n, struct verbs_dr_action **out)
{
	const struct verbs_dr_domain *domain = matcher->table->domain;
	size_t destinations = 0;

	if (n > MAX_ACTIONS || (n && !handles)) {
		verbs_dr_refuse(function, EINVAL,
				n > MAX_ACTIONS ? "%zu actions: a rule takes at most 16"
						: "%zu actions but actions is NULL",
				n);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		struct verbs_dr_action *a;

		if (!verbs_registry_lookup(handles[i], VERBS_DR_ACTION, (void **)&a)) {
			verbs_dr_refuse(function, EINVAL,
					"actions[%zu] %p is no live steering action of the simulated "
					"device",
					i, (void *)handles[i]);
			return false;
		}
		if (a->device && a->device != domain->context->device) {
			verbs_dr_refuse(function, EINVAL, "actions[%zu] is an action of another device", i);
			return false;
		}
		if (a->kind == VERBS_DR_ACT_ARRAY) {
			if (a->domain != domain) {
				verbs_dr_refuse(function, EINVAL, "actions[%zu]: a destination array of another domain",
						i);
				return false;
			}
			for (size_t k = 0; k < a->ndests; k++)
				if (!destination_fits(function, matcher, a->dests[k], i))
					return false;
		} else if (!destination_fits(function, matcher, a, i)) {
			return false;
		}
		destinations += is_destination(a);
		out[i] = a;
	}
	if (destinations > 1) {
		verbs_dr_refuse(function, EINVAL,
				"%zu destination actions: a rule takes one (a destination array "
				"sends copies to several)",
				destinations);
		return false;
	}
	return true;
}

/* The NIC's action for a, and a's destinations when it is an array (verbs_lock held): how many
 * written to out. */
static size_t flow_actions(const struct verbs_dr_action *a, struct nic_flow_action *out)
{
	size_t n = 1;

	switch (a->kind) {
	case VERBS_DR_ACT_TIR:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_TIR, .arg = a->tirn };
		break;
	case VERBS_DR_ACT_TABLE:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_TABLE, .table = a->table->flow };
		break;
	case VERBS_DR_ACT_VPORT:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_VPORT, .arg = a->vport };
		break;
	case VERBS_DR_ACT_DROP:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_DROP };
		break;
	case VERBS_DR_ACT_MISS:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_MISS };
		break;
	case VERBS_DR_ACT_ARRAY:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_ARRAY, .arg = (uint32_t)a->ndests };
		for (size_t i = 0; i < a->ndests; i++)
			n += flow_actions(a->dests[i], out + n);
		break;
	case VERBS_DR_ACT_COUNTER:
		out[0] = (struct nic_flow_action){ .kind = NIC_FLOW_COUNT, .count = &a->counter->cells[a->offset] };
		break;
	}
	return n;
}

static void unlink_rule(struct verbs_dr_rule *rule)
{
	struct verbs_dr_matcher *m = rule->matcher;

	if (rule->prev)
		rule->prev->next = rule->next;
	else
		m->first = rule->next;
	if (rule->next)
		rule->next->prev = rule->prev;
	else
		m->last = rule->prev;
	m->rules--;
	for (size_t i = 0; i < rule->nactions; i++)
		rule->actions[i]->users--;
	m->table->domain->context->object_count--;
}

/*
 * rdma-core's rule on a real matcher: the drop and default-miss actions this library made
 * (from nothing, so for any device) become rdma-core's own; another simulated action cannot
 * go to a real device.
 */
static struct mlx5dv_dr_rule *real_rule(const char *function, __typeof__(&mlx5dv_dr_rule_create) real,
					struct mlx5dv_dr_matcher *matcher, struct mlx5dv_flow_match_parameters *value,
					size_t n, struct mlx5dv_dr_action *actions[])
{
	struct mlx5dv_dr_action **translated;
	struct mlx5dv_dr_rule *rule;

	if (!n || !actions)
		return real(matcher, value, n, actions); /* nothing to translate: rdma-core checks */
	translated = calloc(n, sizeof(*translated));
	if (!translated) {
		verbs_err(function, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&verbs_lock);
	for (size_t i = 0; i < n; i++) {
		translated[i] = verbs_dr_action_for_real(function, actions[i], i);
		if (!translated[i]) {
			free(translated);
			return NULL; /* logged, unlocked */
		}
	}
	pthread_mutex_unlock(&verbs_lock);
	rule = real(matcher, value, n, translated);
	free(translated);
	return rule;
}

/* Returns the rule, or NULL with errno: EINVAL (not a live matcher, no value, a value larger
 * than fte_match_param, not a multiple of 4 bytes or outside the mask, bad actions),
 * EOPNOTSUPP (a TIR outside NIC RX), EEXIST (a duplicate where the domain refuses them),
 * ENOMEM. */
VERBS_EXPORT struct mlx5dv_dr_rule *mlx5dv_dr_rule_create(struct mlx5dv_dr_matcher *mtr,
							  struct mlx5dv_flow_match_parameters *value,
							  size_t num_actions, struct mlx5dv_dr_action *actions[])
{
	__typeof__(&mlx5dv_dr_rule_create) real = VERBS_REAL(mlx5dv_dr_rule_create);
	struct verbs_dr_action *checked[MAX_ACTIONS];
	struct nic_flow_action flow[MAX_FLOW_ACTIONS];
	struct verbs_dr_matcher *matcher;
	struct verbs_dr_rule *rule;
	uint64_t bits[VERBS_FTE_WORDS];
	size_t nflow = 0;
	int rc;

	VERBS_DELEGATE(mlx5dv_dr_rule_create, (mtr, value, num_actions, actions));
	switch (verbs_route(__func__, mtr, VERBS_DR_MATCHER, (void **)&matcher, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real_rule(__func__, real, mtr, value, num_actions, actions);
	default:
		return NULL;
	}
	if (!value) {
		verbs_dr_refuse(__func__, EINVAL, "value is NULL");
		return NULL;
	}
	if (value->match_sz % 4 || verbs_dr_match_copy(value, matcher->criteria, bits)) {
		verbs_dr_refuse(__func__, EINVAL, "value of %zu bytes: a multiple of 4, at most %d", value->match_sz,
				VERBS_FTE_BYTES);
		return NULL;
	}
	for (size_t w = 0; w < VERBS_FTE_WORDS; w++) {
		if (bits[w] & ~matcher->mask[w]) {
			verbs_dr_refuse(__func__, EINVAL,
					"the value has bits outside the matcher's mask (bytes %zu..%zu of "
					"fte_match_param)",
					w * 8, w * 8 + 7);
			return NULL;
		}
	}
	if (!actions_fit(__func__, matcher, actions, num_actions, checked))
		return NULL;
	if (!matcher->table->domain->allow_duplicates) {
		for (struct verbs_dr_rule *r = matcher->first; r; r = r->next) {
			if (!memcmp(r->value, bits, sizeof(bits))) {
				verbs_dr_refuse(__func__, EEXIST,
						"matcher %p has a rule of this value already, and its "
						"domain refuses duplicates",
						(void *)mtr);
				return NULL;
			}
		}
	}
	rule = calloc(1, sizeof(*rule));
	if (rule && num_actions)
		rule->actions = calloc(num_actions, sizeof(*rule->actions));
	if (!rule || (num_actions && !rule->actions) || !verbs_registry_add(rule, VERBS_DR_RULE, rule)) {
		if (rule)
			free(rule->actions);
		free(rule);
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < num_actions; i++)
		nflow += flow_actions(checked[i], flow + nflow);
	rc = nic_flow_rule_create(matcher->flow, bits, flow, nflow, &rule->flow);
	if (rc) {
		free(rule->actions);
		verbs_registry_retire(rule, rule);
		verbs_dr_refuse(__func__, -rc, "the NIC cannot take the rule: %s", strerror(-rc));
		return NULL;
	}
	rule->matcher = matcher;
	memcpy(rule->value, bits, sizeof(bits));
	rule->nactions = num_actions;
	for (size_t i = 0; i < num_actions; i++) {
		rule->actions[i] = checked[i];
		checked[i]->users++;
	}
	rule->prev = matcher->last;
	if (matcher->last)
		matcher->last->next = rule;
	else
		matcher->first = rule;
	matcher->last = rule;
	matcher->rules++;
	matcher->table->domain->context->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_dr_rule *)rule;
}

void verbs_dr_rule_destroy(struct verbs_dr_rule *rule)
{
	unlink_rule(rule);
	free(rule->actions);
	rule->actions = NULL;
	verbs_registry_retire(rule, rule);
}

/* Returns 0 once no frame is looked up against the rule any more, or an errno value: EINVAL,
 * ENOMEM (the rule stays). */
VERBS_EXPORT int mlx5dv_dr_rule_destroy(struct mlx5dv_dr_rule *rule)
{
	__typeof__(&mlx5dv_dr_rule_destroy) real = VERBS_REAL(mlx5dv_dr_rule_destroy);
	struct verbs_dr_rule *sim;

	VERBS_DELEGATE(mlx5dv_dr_rule_destroy, (rule));
	switch (verbs_route(__func__, rule, VERBS_DR_RULE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(rule);
	default:
		return errno;
	}
	if (nic_flow_rule_destroy(&sim->flow, 1)) {
		verbs_dr_refuse(__func__, ENOMEM, "out of memory");
		return ENOMEM;
	}
	verbs_dr_rule_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
