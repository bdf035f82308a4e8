/*
 * The reflector's flow steering, through rdma-core's mlx5dv_dr_* calls as NVIDIA's packet
 * processor sample makes them (its flow_steering_utils):
 *   receive  NIC_RX domain, root table, a matcher on the outer destination MAC, one rule per
 *            MAC: to the DPA RQ's TIR (mlx5dv_dr_action_create_dest_devx_tir);
 *   send     FDB domain: a root-table matcher on the outer source MAC whose rule goes to a
 *            level-1 table, where a rule sends the frame to the uplink (vport 0xFFFF, the
 *            wire). On a DPU the FDB's default for the DPA's frames is not the wire, so the
 *            sample adds these; a plain NIC ("NIC mode") needs none.
 */
#ifndef L2_REFLECTOR_FLOW_STEERING_H
#define L2_REFLECTOR_FLOW_STEERING_H

#include <infiniband/mlx5dv.h>
#include <stdint.h>

/* A domain with a root table and a matcher in it (and, for the send side, the level-1 table
 * and its matcher the root rule forwards to). */
struct l2r_flow_matcher {
	struct mlx5dv_dr_domain *domain;
	struct mlx5dv_dr_table *root_table, *fwd_table;
	struct mlx5dv_dr_matcher *root_matcher, *fwd_matcher;
};

/* A rule and its action. */
struct l2r_flow_rule {
	struct mlx5dv_dr_action *action;
	struct mlx5dv_dr_rule *rule;
};

/* Matchers on the outer destination MAC (receive: NIC_RX) and on the outer source MAC (send:
 * FDB, with the forward table). priority orders matchers of one table (0 first). NULL on
 * failure, said on stderr. */
struct l2r_flow_matcher *l2r_matcher_rx_dmac(struct ibv_context *ctx, uint16_t priority);
struct l2r_flow_matcher *l2r_matcher_tx_smac(struct ibv_context *ctx);
/* Another receive matcher in the root table of table_of (whose domain and table stay
 * table_of's): matchers of different priorities in one table. */
struct l2r_flow_matcher *l2r_matcher_rx_dmac_in(const struct l2r_flow_matcher *table_of, uint16_t priority);

/* Frames to mac go to the TIR (receive matcher). */
struct l2r_flow_rule *l2r_rule_rx_to_tir(struct l2r_flow_matcher *m, const uint8_t mac[6], struct mlx5dv_devx_obj *tir);
/* Frames from mac go to the forward table (root rule), and there to the wire (vport rule). */
struct l2r_flow_rule *l2r_rule_tx_to_table(struct l2r_flow_matcher *m, const uint8_t mac[6]);
struct l2r_flow_rule *l2r_rule_tx_to_wire(struct l2r_flow_matcher *m, const uint8_t mac[6]);

/* Destroy what was made (NULL is fine); rules before their matchers. 0, or -1 (said). */
int l2r_rule_destroy(struct l2r_flow_rule *rule);
int l2r_matcher_destroy(struct l2r_flow_matcher *m);

/* "aa:bb:cc:dd:ee:ff" into mac; 0, or -1 when it is no MAC address. */
int l2r_parse_mac(const char *text, uint8_t mac[6]);

#endif
