/*
 * mlx5dv_dr_* steering for the reflector (flow_steering.h). Match values and masks are in the
 * device's format, fte_match_param: its first 64 bytes are the outer headers
 * (fte_match_set_lyr_2_4), where the source MAC is bytes 0..5 and the destination MAC bytes
 * 8..13, both in wire order; the sample passes just those 64 bytes (match_sz 64).
 */
#include "flow_steering.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MATCH_SZ 64  /* the outer headers of fte_match_param */
#define OUTER_SMAC 0 /* byte offsets in them */
#define OUTER_DMAC 8
#define CRITERIA_OUTER 1    /* match_criteria_enable: the outer headers */
#define VPORT_UPLINK 0xFFFF /* the wire, as the sample names it */

/* A match buffer holding mac at offset (value), or all ones there (mask: mac NULL). */
struct match {
	struct mlx5dv_flow_match_parameters p;
	uint8_t buf[MATCH_SZ];
};

static void match_mac(struct match *m, size_t offset, const uint8_t mac[6])
{
	memset(m, 0, sizeof(*m));
	m->p.match_sz = MATCH_SZ;
	if (mac)
		memcpy(m->buf + offset, mac, 6);
	else
		memset(m->buf + offset, 0xFF, 6);
}

static void *said(const char *what)
{
	fprintf(stderr, "l2_reflector: %s failed (errno %d: %s)\n", what, errno, strerror(errno));
	return NULL;
}

/* The domain, root table and matcher; with fwd, the level-1 table and its matcher too. */
static struct l2r_flow_matcher *matcher_create(struct ibv_context *ctx, enum mlx5dv_dr_domain_type type,
					       uint16_t priority, size_t offset, int fwd)
{
	struct l2r_flow_matcher *m = calloc(1, sizeof(*m));
	struct match mask;

	if (!m)
		return said("calloc");
	match_mac(&mask, offset, NULL);
	m->domain = mlx5dv_dr_domain_create(ctx, type);
	if (!m->domain) {
		said("mlx5dv_dr_domain_create");
		goto fail;
	}
	m->root_table = mlx5dv_dr_table_create(m->domain, 0);
	if (!m->root_table) {
		said("mlx5dv_dr_table_create (root)");
		goto fail;
	}
	m->root_matcher = mlx5dv_dr_matcher_create(m->root_table, priority, CRITERIA_OUTER, &mask.p);
	if (!m->root_matcher) {
		said("mlx5dv_dr_matcher_create (root)");
		goto fail;
	}
	if (!fwd)
		return m;
	m->fwd_table = mlx5dv_dr_table_create(m->domain, 1);
	if (!m->fwd_table) {
		said("mlx5dv_dr_table_create (level 1)");
		goto fail;
	}
	m->fwd_matcher = mlx5dv_dr_matcher_create(m->fwd_table, 0, CRITERIA_OUTER, &mask.p);
	if (!m->fwd_matcher) {
		said("mlx5dv_dr_matcher_create (level 1)");
		goto fail;
	}
	return m;
fail:
	l2r_matcher_destroy(m);
	return NULL;
}

struct l2r_flow_matcher *l2r_matcher_rx_dmac(struct ibv_context *ctx, uint16_t priority)
{
	return matcher_create(ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX, priority, OUTER_DMAC, 0);
}

struct l2r_flow_matcher *l2r_matcher_rx_dmac_in(const struct l2r_flow_matcher *table_of, uint16_t priority)
{
	struct l2r_flow_matcher *m = calloc(1, sizeof(*m));
	struct match mask;

	if (!m)
		return said("calloc");
	match_mac(&mask, OUTER_DMAC, NULL);
	/* Only the matcher is this one's: domain and table stay NULL, so destroying it leaves them. */
	m->root_matcher = mlx5dv_dr_matcher_create(table_of->root_table, priority, CRITERIA_OUTER, &mask.p);
	if (!m->root_matcher) {
		free(m);
		return said("mlx5dv_dr_matcher_create");
	}
	return m;
}

struct l2r_flow_matcher *l2r_matcher_tx_smac(struct ibv_context *ctx)
{
	return matcher_create(ctx, MLX5DV_DR_DOMAIN_TYPE_FDB, 0, OUTER_SMAC, 1);
}

/* A rule of matcher for mac at offset, with its action (taken: destroyed on failure). */
static struct l2r_flow_rule *rule_create(struct mlx5dv_dr_matcher *matcher, size_t offset, const uint8_t mac[6],
					 struct mlx5dv_dr_action *action, const char *action_name)
{
	struct l2r_flow_rule *r;
	struct match value;

	if (!action)
		return said(action_name);
	r = calloc(1, sizeof(*r));
	if (!r) {
		mlx5dv_dr_action_destroy(action);
		return said("calloc");
	}
	r->action = action;
	match_mac(&value, offset, mac);
	r->rule = mlx5dv_dr_rule_create(matcher, &value.p, 1, &r->action);
	if (!r->rule) {
		said("mlx5dv_dr_rule_create");
		mlx5dv_dr_action_destroy(action);
		free(r);
		return NULL;
	}
	return r;
}

struct l2r_flow_rule *l2r_rule_rx_to_tir(struct l2r_flow_matcher *m, const uint8_t mac[6], struct mlx5dv_devx_obj *tir)
{
	return rule_create(m->root_matcher, OUTER_DMAC, mac, mlx5dv_dr_action_create_dest_devx_tir(tir),
			   "mlx5dv_dr_action_create_dest_devx_tir");
}

struct l2r_flow_rule *l2r_rule_tx_to_table(struct l2r_flow_matcher *m, const uint8_t mac[6])
{
	return rule_create(m->root_matcher, OUTER_SMAC, mac, mlx5dv_dr_action_create_dest_table(m->fwd_table),
			   "mlx5dv_dr_action_create_dest_table");
}

struct l2r_flow_rule *l2r_rule_tx_to_wire(struct l2r_flow_matcher *m, const uint8_t mac[6])
{
	return rule_create(m->fwd_matcher, OUTER_SMAC, mac, mlx5dv_dr_action_create_dest_vport(m->domain, VPORT_UPLINK),
			   "mlx5dv_dr_action_create_dest_vport");
}

/* One destroy call's result: 0, or -1 said (rdma-core's destroy calls return an errno). */
static int destroyed(int err, const char *what)
{
	if (!err)
		return 0;
	errno = err;
	said(what);
	return -1;
}

int l2r_rule_destroy(struct l2r_flow_rule *rule)
{
	int rc;

	if (!rule)
		return 0;
	rc = destroyed(mlx5dv_dr_rule_destroy(rule->rule), "mlx5dv_dr_rule_destroy");
	rc |= destroyed(mlx5dv_dr_action_destroy(rule->action), "mlx5dv_dr_action_destroy");
	free(rule);
	return rc;
}

int l2r_matcher_destroy(struct l2r_flow_matcher *m)
{
	int rc = 0;

	if (!m)
		return 0;
	/* Matchers before their tables, tables before the domain. */
	if (m->fwd_matcher)
		rc |= destroyed(mlx5dv_dr_matcher_destroy(m->fwd_matcher), "mlx5dv_dr_matcher_destroy (level 1)");
	if (m->root_matcher)
		rc |= destroyed(mlx5dv_dr_matcher_destroy(m->root_matcher), "mlx5dv_dr_matcher_destroy (root)");
	if (m->fwd_table)
		rc |= destroyed(mlx5dv_dr_table_destroy(m->fwd_table), "mlx5dv_dr_table_destroy (level 1)");
	if (m->root_table)
		rc |= destroyed(mlx5dv_dr_table_destroy(m->root_table), "mlx5dv_dr_table_destroy (root)");
	if (m->domain)
		rc |= destroyed(mlx5dv_dr_domain_destroy(m->domain), "mlx5dv_dr_domain_destroy");
	free(m);
	return rc;
}

int l2r_parse_mac(const char *text, uint8_t mac[6])
{
	unsigned int b[6];
	char end;

	if (!text || sscanf(text, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &end) != 6)
		return -1;
	for (int i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return 0;
}
