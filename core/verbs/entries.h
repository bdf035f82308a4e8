/*
 * Every rdma-core entry point the simulated device serves: each ibv_* and mlx5dv_* function
 * of libibverbs.so.1 and libmlx5.so.1 (rdma-core 44, the default symbol version of each) that
 * takes a device, a context or an object made from one, or makes real devices the simulator
 * must know (ibv_import_device, mlx5dv_get_vfio_device_list).  Functions that take none
 * (string helpers, rate conversions, fork control, sysfs reads, steering actions built from
 * nothing but drop and default miss) are left to rdma-core.
 *
 * An X-macro list; the includer defines
 *   SIM_GENERIC(ret, name, version, params, args, kind, handle, fail)
 *   SIM_GENERIC_VOID(name, version, params, args, kind, handle)
 *       generated wrappers (generic.c): `handle` (an expression over the parameters) is routed
 *       as an object of `kind` (registry.c): a live simulated object gets EOPNOTSUPP and one
 *       log line, a real rdma-core object goes to rdma-core, anything else is refused; `fail`
 *       is the failure convention of the call (SIM_FAIL_* in verbs_internal.h);
 *   SIM_CUSTOM(name, version)
 *       written by hand (device.c, context.c, port.c, ...), and the public extension
 *       (libflexio/flexio_sim.h: version FLEXIO_SIM_1.0, no rdma-core counterpart);
 *   SIM_PRIVATE(name)
 *       what libflexio asks (sim_verbs.h), version FLEXIO_VERBS_PRIVATE.
 * Undefined ones expand to nothing.
 *
 * libflexio_verbs.map lists the same names under the same versions (verbs.symbol_versions
 * checks them against rdma-core's own).
 */
#ifndef SIM_GENERIC
#define SIM_GENERIC(ret, name, version, params, args, kind, handle, fail)
#define SIM_ENTRIES_UNDEF_GENERIC
#endif
#ifndef SIM_GENERIC_VOID
#define SIM_GENERIC_VOID(name, version, params, args, kind, handle)
#define SIM_ENTRIES_UNDEF_GENERIC_VOID
#endif
#ifndef SIM_CUSTOM
#define SIM_CUSTOM(name, version)
#define SIM_ENTRIES_UNDEF_CUSTOM
#endif
#ifndef SIM_PRIVATE
#define SIM_PRIVATE(name)
#define SIM_ENTRIES_UNDEF_PRIVATE
#endif

/* Not reformatted: one entry per row. */
/* clang-format off */

/* ---- written by hand ---- */

SIM_CUSTOM(ibv_get_device_list, IBVERBS_1.1)
SIM_CUSTOM(ibv_free_device_list, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_device_name, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_device_guid, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_device_index, IBVERBS_1.9)
SIM_CUSTOM(ibv_open_device, IBVERBS_1.1)
SIM_CUSTOM(ibv_import_device, IBVERBS_1.10)
SIM_CUSTOM(ibv_close_device, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_device, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_port, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_gid, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_pkey, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_pkey_index, IBVERBS_1.5)
SIM_CUSTOM(_ibv_query_gid_ex, IBVERBS_1.11)
SIM_CUSTOM(_ibv_query_gid_table, IBVERBS_1.11)
SIM_CUSTOM(ibv_alloc_pd, IBVERBS_1.1)
SIM_CUSTOM(ibv_dealloc_pd, IBVERBS_1.1)
SIM_CUSTOM(ibv_reg_mr, IBVERBS_1.1)
SIM_CUSTOM(ibv_reg_mr_iova, IBVERBS_1.7)
SIM_CUSTOM(ibv_reg_mr_iova2, IBVERBS_1.8)
SIM_CUSTOM(ibv_dereg_mr, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_async_event, IBVERBS_1.1)
SIM_CUSTOM(ibv_ack_async_event, IBVERBS_1.1)
SIM_CUSTOM(mlx5dv_devx_alloc_uar, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_free_uar, MLX5_1.7)
SIM_CUSTOM(mlx5dv_is_supported, MLX5_1.8)
SIM_CUSTOM(mlx5dv_open_device, MLX5_1.7)
SIM_CUSTOM(mlx5dv_get_vfio_device_list, MLX5_1.21)
SIM_CUSTOM(mlx5dv_query_device, MLX5_1.0)
SIM_CUSTOM(mlx5dv_init_obj, MLX5_1.2)
SIM_CUSTOM(ibv_ack_cq_events, IBVERBS_1.1)
SIM_CUSTOM(ibv_create_ah, IBVERBS_1.1)
SIM_CUSTOM(ibv_create_comp_channel, IBVERBS_1.0)
SIM_CUSTOM(ibv_create_cq, IBVERBS_1.1)
SIM_CUSTOM(ibv_create_qp, IBVERBS_1.1)
SIM_CUSTOM(ibv_create_srq, IBVERBS_1.1)
SIM_CUSTOM(ibv_destroy_ah, IBVERBS_1.1)
SIM_CUSTOM(ibv_destroy_comp_channel, IBVERBS_1.0)
SIM_CUSTOM(ibv_destroy_cq, IBVERBS_1.1)
SIM_CUSTOM(ibv_destroy_qp, IBVERBS_1.1)
SIM_CUSTOM(ibv_destroy_srq, IBVERBS_1.1)
SIM_CUSTOM(ibv_get_cq_event, IBVERBS_1.1)
SIM_CUSTOM(ibv_modify_qp, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_qp, IBVERBS_1.1)
SIM_CUSTOM(ibv_query_srq, IBVERBS_1.1)
SIM_CUSTOM(mlx5dv_devx_obj_destroy, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_umem_dereg, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_umem_reg, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_umem_reg_ex, MLX5_1.19)
/* flow steering and DEVX commands (dr_*.c, devx_cmd.c); drop and default miss take nothing,
 * but a simulated rule needs them as simulated actions */
SIM_CUSTOM(mlx5dv_devx_general_cmd, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_obj_create, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_obj_modify, MLX5_1.7)
SIM_CUSTOM(mlx5dv_devx_obj_query, MLX5_1.7)
SIM_CUSTOM(mlx5dv_dr_action_create_dest_array, MLX5_1.16)
SIM_CUSTOM(mlx5dv_dr_action_create_dest_devx_tir, MLX5_1.15)
SIM_CUSTOM(mlx5dv_dr_action_create_dest_table, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_action_create_dest_vport, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_action_create_flow_counter, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_action_destroy, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_domain_allow_duplicate_rules, MLX5_1.20)
SIM_CUSTOM(mlx5dv_dr_domain_create, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_domain_destroy, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_domain_set_reclaim_device_memory, MLX5_1.14)
SIM_CUSTOM(mlx5dv_dr_domain_sync, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_matcher_create, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_matcher_destroy, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_matcher_set_layout, MLX5_1.21)
SIM_CUSTOM(mlx5dv_dr_rule_create, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_rule_destroy, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_table_create, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_table_destroy, MLX5_1.10)
SIM_CUSTOM(mlx5dv_dr_action_create_default_miss, MLX5_1.14)
SIM_CUSTOM(mlx5dv_dr_action_create_drop, MLX5_1.10)

/* ---- generated (generic.c): not simulated (yet) on a simulated object ---- */

SIM_GENERIC(int, _mlx5dv_mkey_check, MLX5_1.20,
	(struct mlx5dv_mkey *mkey, struct mlx5dv_mkey_err *err_info, size_t err_info_size),
	(mkey, err_info, err_info_size), SIM_MKEY, mkey, ERRNO)
SIM_GENERIC(int, _mlx5dv_query_port, MLX5_1.19,
	(struct ibv_context *context, uint32_t port_num, struct mlx5dv_port *info, size_t info_len),
	(context, port_num, info, info_len), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, ibv_attach_mcast, IBVERBS_1.1,
	(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid),
	(qp, gid, lid), SIM_QP, qp, ERRNO)
SIM_GENERIC(struct ibv_ah *, ibv_create_ah_from_wc, IBVERBS_1.1,
	(struct ibv_pd *pd, struct ibv_wc *wc, struct ibv_grh *grh, uint8_t port_num),
	(pd, wc, grh, port_num), SIM_PD, pd, NULL)
SIM_GENERIC(int, ibv_detach_mcast, IBVERBS_1.1,
	(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid),
	(qp, gid, lid), SIM_QP, qp, ERRNO)
SIM_GENERIC(struct ibv_dm *, ibv_import_dm, IBVERBS_1.13,
	(struct ibv_context *context, uint32_t dm_handle),
	(context, dm_handle), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct ibv_mr *, ibv_import_mr, IBVERBS_1.10,
	(struct ibv_pd *pd, uint32_t mr_handle),
	(pd, mr_handle), SIM_PD, pd, NULL)
SIM_GENERIC(struct ibv_pd *, ibv_import_pd, IBVERBS_1.10,
	(struct ibv_context *context, uint32_t pd_handle),
	(context, pd_handle), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, ibv_init_ah_from_wc, IBVERBS_1.1,
	(struct ibv_context *context, uint8_t port_num, struct ibv_wc *wc, struct ibv_grh *grh, struct ibv_ah_attr *ah_attr),
	(context, port_num, wc, grh, ah_attr), SIM_CONTEXT, context, M1)
SIM_GENERIC(int, ibv_modify_srq, IBVERBS_1.1,
	(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr, int srq_attr_mask),
	(srq, srq_attr, srq_attr_mask), SIM_SRQ, srq, ERRNO)
SIM_GENERIC(struct ibv_qp_ex *, ibv_qp_to_qp_ex, IBVERBS_1.6,
	(struct ibv_qp *qp),
	(qp), SIM_QP, qp, NULL)
SIM_GENERIC(int, ibv_query_ece, IBVERBS_1.10,
	(struct ibv_qp *qp, struct ibv_ece *ece),
	(qp, ece), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, ibv_query_qp_data_in_order, IBVERBS_1.14,
	(struct ibv_qp *qp, enum ibv_wr_opcode op, uint32_t flags),
	(qp, op, flags), SIM_QP, qp, ZERO)
SIM_GENERIC(struct ibv_mr *, ibv_reg_dmabuf_mr, IBVERBS_1.12,
	(struct ibv_pd *pd, uint64_t offset, size_t length, uint64_t iova, int fd, int access),
	(pd, offset, length, iova, fd, access), SIM_PD, pd, NULL)
SIM_GENERIC(int, ibv_rereg_mr, IBVERBS_1.1,
	(struct ibv_mr *mr, int flags, struct ibv_pd *pd, void *addr, size_t length, int access),
	(mr, flags, pd, addr, length, access), SIM_MR, mr, REREG)
SIM_GENERIC(int, ibv_resize_cq, IBVERBS_1.1,
	(struct ibv_cq *cq, int cqe),
	(cq, cqe), SIM_CQ, cq, ERRNO)
SIM_GENERIC(int, ibv_resolve_eth_l2_from_gid, IBVERBS_1.1,
	(struct ibv_context *context, struct ibv_ah_attr *attr, uint8_t eth_mac[ETHERNET_LL_SIZE], uint16_t *vid),
	(context, attr, eth_mac, vid), SIM_CONTEXT, context, NEG)
SIM_GENERIC(int, ibv_set_ece, IBVERBS_1.10,
	(struct ibv_qp *qp, struct ibv_ece *ece),
	(qp, ece), SIM_QP, qp, ERRNO)
SIM_GENERIC_VOID(ibv_unimport_dm, IBVERBS_1.13,
	(struct ibv_dm *dm),
	(dm), SIM_DM, dm)
SIM_GENERIC_VOID(ibv_unimport_mr, IBVERBS_1.10,
	(struct ibv_mr *mr),
	(mr), SIM_MR, mr)
SIM_GENERIC_VOID(ibv_unimport_pd, IBVERBS_1.10,
	(struct ibv_pd *pd),
	(pd), SIM_PD, pd)
SIM_GENERIC(struct ibv_dm *, mlx5dv_alloc_dm, MLX5_1.10,
	(struct ibv_context *context, struct ibv_alloc_dm_attr *dm_attr, struct mlx5dv_alloc_dm_attr *mlx5_dm_attr),
	(context, dm_attr, mlx5_dm_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct mlx5dv_var *, mlx5dv_alloc_var, MLX5_1.12,
	(struct ibv_context *context, uint32_t flags),
	(context, flags), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct ibv_cq_ex *, mlx5dv_create_cq, MLX5_1.1,
	(struct ibv_context *context, struct ibv_cq_init_attr_ex *cq_attr, struct mlx5dv_cq_init_attr *mlx5_cq_attr),
	(context, cq_attr, mlx5_cq_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct ibv_flow *, mlx5dv_create_flow, MLX5_1.6,
	(struct mlx5dv_flow_matcher *matcher, struct mlx5dv_flow_match_parameters *match_value, size_t num_actions, struct mlx5dv_flow_action_attr actions_attr[]),
	(matcher, match_value, num_actions, actions_attr), SIM_FLOW_MATCHER, matcher, NULL)
SIM_GENERIC(struct ibv_flow_action *, mlx5dv_create_flow_action_esp, MLX5_1.5,
	(struct ibv_context *ctx, struct ibv_flow_action_esp_attr *esp, struct mlx5dv_flow_action_esp *mlx5_attr),
	(ctx, esp, mlx5_attr), SIM_CONTEXT, ctx, NULL)
SIM_GENERIC(struct ibv_flow_action *, mlx5dv_create_flow_action_modify_header, MLX5_1.7,
	(struct ibv_context *ctx, size_t actions_sz, uint64_t actions[], enum mlx5dv_flow_table_type ft_type),
	(ctx, actions_sz, actions, ft_type), SIM_CONTEXT, ctx, NULL)
SIM_GENERIC(struct ibv_flow_action *, mlx5dv_create_flow_action_packet_reformat, MLX5_1.7,
	(struct ibv_context *ctx, size_t data_sz, void *data, enum mlx5dv_flow_action_packet_reformat_type reformat_type, enum mlx5dv_flow_table_type ft_type),
	(ctx, data_sz, data, reformat_type, ft_type), SIM_CONTEXT, ctx, NULL)
SIM_GENERIC(struct mlx5dv_flow_matcher *, mlx5dv_create_flow_matcher, MLX5_1.6,
	(struct ibv_context *context, struct mlx5dv_flow_matcher_attr *matcher_attr),
	(context, matcher_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct mlx5dv_mkey *, mlx5dv_create_mkey, MLX5_1.10,
	(struct mlx5dv_mkey_init_attr *mkey_init_attr),
	(mkey_init_attr), SIM_PD, mkey_init_attr ? mkey_init_attr->pd : NULL, NULL)
SIM_GENERIC(struct ibv_qp *, mlx5dv_create_qp, MLX5_1.3,
	(struct ibv_context *context, struct ibv_qp_init_attr_ex *qp_attr, struct mlx5dv_qp_init_attr *mlx5_qp_attr),
	(context, qp_attr, mlx5_qp_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct mlx5dv_steering_anchor *, mlx5dv_create_steering_anchor, MLX5_1.24,
	(struct ibv_context *context, struct mlx5dv_steering_anchor_attr *attr),
	(context, attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct ibv_wq *, mlx5dv_create_wq, MLX5_1.3,
	(struct ibv_context *context, struct ibv_wq_init_attr *wq_init_attr, struct mlx5dv_wq_init_attr *mlx5_wq_attr),
	(context, wq_init_attr, mlx5_wq_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, mlx5dv_crypto_login, MLX5_1.21,
	(struct ibv_context *context, struct mlx5dv_crypto_login_attr *login_attr),
	(context, login_attr), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(struct mlx5dv_crypto_login_obj *, mlx5dv_crypto_login_create, MLX5_1.24,
	(struct ibv_context *context, struct mlx5dv_crypto_login_attr_ex *login_attr),
	(context, login_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, mlx5dv_crypto_login_destroy, MLX5_1.24,
	(struct mlx5dv_crypto_login_obj *crypto_login),
	(crypto_login), SIM_CRYPTO_LOGIN, crypto_login, ERRNO)
SIM_GENERIC(int, mlx5dv_crypto_login_query, MLX5_1.24,
	(struct mlx5dv_crypto_login_obj *crypto_login, struct mlx5dv_crypto_login_query_attr *query_attr),
	(crypto_login, query_attr), SIM_CRYPTO_LOGIN, crypto_login, ERRNO)
SIM_GENERIC(int, mlx5dv_crypto_login_query_state, MLX5_1.21,
	(struct ibv_context *context, enum mlx5dv_crypto_login_state *state),
	(context, state), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, mlx5dv_crypto_logout, MLX5_1.21,
	(struct ibv_context *context),
	(context), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, mlx5dv_dci_stream_id_reset, MLX5_1.21,
	(struct ibv_qp *qp, uint16_t stream_id),
	(qp, stream_id), SIM_QP, qp, ERRNO)
SIM_GENERIC(struct mlx5dv_dek *, mlx5dv_dek_create, MLX5_1.21,
	(struct ibv_context *context, struct mlx5dv_dek_init_attr *init_attr),
	(context, init_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, mlx5dv_dek_destroy, MLX5_1.21,
	(struct mlx5dv_dek *dek),
	(dek), SIM_DEK, dek, ERRNO)
SIM_GENERIC(int, mlx5dv_dek_query, MLX5_1.21,
	(struct mlx5dv_dek *dek, struct mlx5dv_dek_attr *attr),
	(dek, attr), SIM_DEK, dek, ERRNO)
SIM_GENERIC(int, mlx5dv_destroy_flow_matcher, MLX5_1.6,
	(struct mlx5dv_flow_matcher *matcher),
	(matcher), SIM_FLOW_MATCHER, matcher, ERRNO)
SIM_GENERIC(int, mlx5dv_destroy_mkey, MLX5_1.10,
	(struct mlx5dv_mkey *mkey),
	(mkey), SIM_MKEY, mkey, ERRNO)
SIM_GENERIC(int, mlx5dv_destroy_steering_anchor, MLX5_1.24,
	(struct mlx5dv_steering_anchor *sa),
	(sa), SIM_STEERING_ANCHOR, sa, ERRNO)
SIM_GENERIC(struct mlx5dv_devx_msi_vector *, mlx5dv_devx_alloc_msi_vector, MLX5_1.23,
	(struct ibv_context *ibctx),
	(ibctx), SIM_CONTEXT, ibctx, NULL)
SIM_GENERIC(int, mlx5dv_devx_cq_modify, MLX5_1.8,
	(struct ibv_cq *cq, const void *in, size_t inlen, void *out, size_t outlen),
	(cq, in, inlen, out, outlen), SIM_CQ, cq, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_cq_query, MLX5_1.8,
	(struct ibv_cq *cq, const void *in, size_t inlen, void *out, size_t outlen),
	(cq, in, inlen, out, outlen), SIM_CQ, cq, ERRNO)
SIM_GENERIC(struct mlx5dv_devx_cmd_comp *, mlx5dv_devx_create_cmd_comp, MLX5_1.9,
	(struct ibv_context *context),
	(context), SIM_CONTEXT, context, NULL)
SIM_GENERIC(struct mlx5dv_devx_eq *, mlx5dv_devx_create_eq, MLX5_1.23,
	(struct ibv_context *ibctx, const void *in, size_t inlen, void *out, size_t outlen),
	(ibctx, in, inlen, out, outlen), SIM_CONTEXT, ibctx, NULL)
SIM_GENERIC(struct mlx5dv_devx_event_channel *, mlx5dv_devx_create_event_channel, MLX5_1.11,
	(struct ibv_context *context, enum mlx5dv_devx_create_event_channel_flags flags),
	(context, flags), SIM_CONTEXT, context, NULL)
SIM_GENERIC_VOID(mlx5dv_devx_destroy_cmd_comp, MLX5_1.9,
	(struct mlx5dv_devx_cmd_comp *cmd_comp),
	(cmd_comp), SIM_DEVX_CMD_COMP, cmd_comp)
SIM_GENERIC(int, mlx5dv_devx_destroy_eq, MLX5_1.23,
	(struct mlx5dv_devx_eq *eq),
	(eq), SIM_DEVX_EQ, eq, ERRNO)
SIM_GENERIC_VOID(mlx5dv_devx_destroy_event_channel, MLX5_1.11,
	(struct mlx5dv_devx_event_channel *event_channel),
	(event_channel), SIM_DEVX_EVENT_CHANNEL, event_channel)
SIM_GENERIC(int, mlx5dv_devx_free_msi_vector, MLX5_1.23,
	(struct mlx5dv_devx_msi_vector *msi),
	(msi), SIM_DEVX_MSI_VECTOR, msi, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_get_async_cmd_comp, MLX5_1.9,
	(struct mlx5dv_devx_cmd_comp *cmd_comp, struct mlx5dv_devx_async_cmd_hdr *cmd_resp, size_t cmd_resp_len),
	(cmd_comp, cmd_resp, cmd_resp_len), SIM_DEVX_CMD_COMP, cmd_comp, ERRNO)
SIM_GENERIC(ssize_t, mlx5dv_devx_get_event, MLX5_1.11,
	(struct mlx5dv_devx_event_channel *event_channel, struct mlx5dv_devx_async_event_hdr *event_data, size_t event_resp_len),
	(event_channel, event_data, event_resp_len), SIM_DEVX_EVENT_CHANNEL, event_channel, M1)
SIM_GENERIC(int, mlx5dv_devx_ind_tbl_modify, MLX5_1.8,
	(struct ibv_rwq_ind_table *ind_tbl, const void *in, size_t inlen, void *out, size_t outlen),
	(ind_tbl, in, inlen, out, outlen), SIM_RWQ_IND_TABLE, ind_tbl, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_ind_tbl_query, MLX5_1.8,
	(struct ibv_rwq_ind_table *ind_tbl, const void *in, size_t inlen, void *out, size_t outlen),
	(ind_tbl, in, inlen, out, outlen), SIM_RWQ_IND_TABLE, ind_tbl, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_obj_query_async, MLX5_1.9,
	(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, size_t outlen, uint64_t wr_id, struct mlx5dv_devx_cmd_comp *cmd_comp),
	(obj, in, inlen, outlen, wr_id, cmd_comp), SIM_DEVX_OBJ, obj, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_qp_modify, MLX5_1.8,
	(struct ibv_qp *qp, const void *in, size_t inlen, void *out, size_t outlen),
	(qp, in, inlen, out, outlen), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_qp_query, MLX5_1.8,
	(struct ibv_qp *qp, const void *in, size_t inlen, void *out, size_t outlen),
	(qp, in, inlen, out, outlen), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_query_eqn, MLX5_1.7,
	(struct ibv_context *context, uint32_t vector, uint32_t *eqn),
	(context, vector, eqn), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_srq_modify, MLX5_1.8,
	(struct ibv_srq *srq, const void *in, size_t inlen, void *out, size_t outlen),
	(srq, in, inlen, out, outlen), SIM_SRQ, srq, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_srq_query, MLX5_1.8,
	(struct ibv_srq *srq, const void *in, size_t inlen, void *out, size_t outlen),
	(srq, in, inlen, out, outlen), SIM_SRQ, srq, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_subscribe_devx_event, MLX5_1.11,
	(struct mlx5dv_devx_event_channel *event_channel, struct mlx5dv_devx_obj *obj, uint16_t events_sz, uint16_t events_num[], uint64_t cookie),
	(event_channel, obj, events_sz, events_num, cookie), SIM_DEVX_EVENT_CHANNEL, event_channel, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_subscribe_devx_event_fd, MLX5_1.11,
	(struct mlx5dv_devx_event_channel *event_channel, int fd, struct mlx5dv_devx_obj *obj, uint16_t event_num),
	(event_channel, fd, obj, event_num), SIM_DEVX_EVENT_CHANNEL, event_channel, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_wq_modify, MLX5_1.8,
	(struct ibv_wq *wq, const void *in, size_t inlen, void *out, size_t outlen),
	(wq, in, inlen, out, outlen), SIM_WQ, wq, ERRNO)
SIM_GENERIC(int, mlx5dv_devx_wq_query, MLX5_1.8,
	(struct ibv_wq *wq, const void *in, size_t inlen, void *out, size_t outlen),
	(wq, in, inlen, out, outlen), SIM_WQ, wq, ERRNO)
SIM_GENERIC(void *, mlx5dv_dm_map_op_addr, MLX5_1.19,
	(struct ibv_dm *dm, uint8_t op),
	(dm, op), SIM_DM, dm, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_aso, MLX5_1.17,
	(struct mlx5dv_dr_domain *domain, struct mlx5dv_devx_obj *devx_obj, uint32_t offset, uint32_t flags, uint8_t return_reg_c),
	(domain, devx_obj, offset, flags, return_reg_c), SIM_DR_DOMAIN, domain, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_dest_ib_port, MLX5_1.21,
	(struct mlx5dv_dr_domain *domain, uint32_t ib_port),
	(domain, ib_port), SIM_DR_DOMAIN, domain, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_dest_ibv_qp, MLX5_1.10,
	(struct ibv_qp *ibqp),
	(ibqp), SIM_QP, ibqp, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_dest_root_table, MLX5_1.24,
	(struct mlx5dv_dr_table *table, uint16_t priority),
	(table, priority), SIM_DR_TABLE, table, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_flow_meter, MLX5_1.12,
	(struct mlx5dv_dr_flow_meter_attr *attr),
	(attr), SIM_DR_TABLE, attr ? attr->next_table : NULL, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_flow_sampler, MLX5_1.16,
	(struct mlx5dv_dr_flow_sampler_attr *attr),
	(attr), SIM_DR_TABLE, attr ? attr->default_next_table : NULL, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_modify_header, MLX5_1.10,
	(struct mlx5dv_dr_domain *domain, uint32_t flags, size_t actions_sz, __be64 actions[]),
	(domain, flags, actions_sz, actions), SIM_DR_DOMAIN, domain, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_packet_reformat, MLX5_1.10,
	(struct mlx5dv_dr_domain *domain, uint32_t flags, enum mlx5dv_flow_action_packet_reformat_type reformat_type, size_t data_sz, void *data),
	(domain, flags, reformat_type, data_sz, data), SIM_DR_DOMAIN, domain, NULL)
SIM_GENERIC(struct mlx5dv_dr_action *, mlx5dv_dr_action_create_push_vlan, MLX5_1.17,
	(struct mlx5dv_dr_domain *domain, __be32 vlan_hdr),
	(domain, vlan_hdr), SIM_DR_DOMAIN, domain, NULL)
SIM_GENERIC(int, mlx5dv_dr_action_modify_aso, MLX5_1.17,
	(struct mlx5dv_dr_action *action, uint32_t offset, uint32_t flags, uint8_t return_reg_c),
	(action, offset, flags, return_reg_c), SIM_DR_ACTION, action, ERRNO)
SIM_GENERIC(int, mlx5dv_dr_action_modify_flow_meter, MLX5_1.12,
	(struct mlx5dv_dr_action *action, struct mlx5dv_dr_flow_meter_attr *attr, __be64 modify_field_select),
	(action, attr, modify_field_select), SIM_DR_ACTION, action, ERRNO)
SIM_GENERIC(int, mlx5dv_dr_aso_other_domain_link, MLX5_1.22,
	(struct mlx5dv_devx_obj *devx_obj, struct mlx5dv_dr_domain *peer_dmn, struct mlx5dv_dr_domain *dmn, uint32_t flags, uint8_t return_reg_c),
	(devx_obj, peer_dmn, dmn, flags, return_reg_c), SIM_DEVX_OBJ, devx_obj, ERRNO)
SIM_GENERIC(int, mlx5dv_dr_aso_other_domain_unlink, MLX5_1.22,
	(struct mlx5dv_devx_obj *devx_obj, struct mlx5dv_dr_domain *dmn),
	(devx_obj, dmn), SIM_DEVX_OBJ, devx_obj, ERRNO)
SIM_GENERIC(int, mlx5dv_dump_dr_domain, MLX5_1.12,
	(FILE *fout, struct mlx5dv_dr_domain *domain),
	(fout, domain), SIM_DR_DOMAIN, domain, NEG)
SIM_GENERIC(int, mlx5dv_dump_dr_matcher, MLX5_1.12,
	(FILE *fout, struct mlx5dv_dr_matcher *matcher),
	(fout, matcher), SIM_DR_MATCHER, matcher, NEG)
SIM_GENERIC(int, mlx5dv_dump_dr_rule, MLX5_1.12,
	(FILE *fout, struct mlx5dv_dr_rule *rule),
	(fout, rule), SIM_DR_RULE, rule, NEG)
SIM_GENERIC(int, mlx5dv_dump_dr_table, MLX5_1.12,
	(FILE *fout, struct mlx5dv_dr_table *table),
	(fout, table), SIM_DR_TABLE, table, NEG)
SIM_GENERIC_VOID(mlx5dv_free_var, MLX5_1.12,
	(struct mlx5dv_var *dv_var),
	(dv_var), SIM_VAR, dv_var)
SIM_GENERIC(int, mlx5dv_get_clock_info, MLX5_1.4,
	(struct ibv_context *context, struct mlx5dv_clock_info *clock_info),
	(context, clock_info), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, mlx5dv_map_ah_to_qp, MLX5_1.20,
	(struct ibv_ah *ah, uint32_t qp_num),
	(ah, qp_num), SIM_AH, ah, ERRNO)
SIM_GENERIC(int, mlx5dv_modify_qp_lag_port, MLX5_1.14,
	(struct ibv_qp *qp, uint8_t port_num),
	(qp, port_num), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, mlx5dv_modify_qp_sched_elem, MLX5_1.17,
	(struct ibv_qp *qp, const struct mlx5dv_sched_leaf *requestor, const struct mlx5dv_sched_leaf *responder),
	(qp, requestor, responder), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, mlx5dv_modify_qp_udp_sport, MLX5_1.17,
	(struct ibv_qp *qp, uint16_t udp_sport),
	(qp, udp_sport), SIM_QP, qp, ERRNO)
SIM_GENERIC(struct mlx5dv_pp *, mlx5dv_pp_alloc, MLX5_1.13,
	(struct ibv_context *context, size_t pp_context_sz, const void *pp_context, uint32_t flags),
	(context, pp_context_sz, pp_context, flags), SIM_CONTEXT, context, NULL)
SIM_GENERIC_VOID(mlx5dv_pp_free, MLX5_1.13,
	(struct mlx5dv_pp *pp),
	(pp), SIM_PP, pp)
SIM_GENERIC(int, mlx5dv_qp_cancel_posted_send_wrs, MLX5_1.20,
	(struct mlx5dv_qp_ex *mqp, uint64_t wr_id),
	(mqp, wr_id), SIM_MLX5_QP_EX, mqp, NEG)
SIM_GENERIC(struct mlx5dv_qp_ex *, mlx5dv_qp_ex_from_ibv_qp_ex, MLX5_1.10,
	(struct ibv_qp_ex *qp),
	(qp), SIM_QP_EX, qp, NULL)
SIM_GENERIC(int, mlx5dv_query_qp_lag_port, MLX5_1.14,
	(struct ibv_qp *qp, uint8_t *port_num, uint8_t *active_port_num),
	(qp, port_num, active_port_num), SIM_QP, qp, ERRNO)
SIM_GENERIC(int, mlx5dv_reserved_qpn_alloc, MLX5_1.18,
	(struct ibv_context *ctx, uint32_t *qpn),
	(ctx, qpn), SIM_CONTEXT, ctx, ERRNO)
SIM_GENERIC(int, mlx5dv_reserved_qpn_dealloc, MLX5_1.18,
	(struct ibv_context *ctx, uint32_t qpn),
	(ctx, qpn), SIM_CONTEXT, ctx, ERRNO)
SIM_GENERIC(struct mlx5dv_sched_leaf *, mlx5dv_sched_leaf_create, MLX5_1.17,
	(struct ibv_context *context, const struct mlx5dv_sched_attr *sched_attr),
	(context, sched_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, mlx5dv_sched_leaf_destroy, MLX5_1.17,
	(struct mlx5dv_sched_leaf *leaf),
	(leaf), SIM_SCHED_LEAF, leaf, ERRNO)
SIM_GENERIC(int, mlx5dv_sched_leaf_modify, MLX5_1.17,
	(struct mlx5dv_sched_leaf *leaf, const struct mlx5dv_sched_attr *sched_attr),
	(leaf, sched_attr), SIM_SCHED_LEAF, leaf, ERRNO)
SIM_GENERIC(struct mlx5dv_sched_node *, mlx5dv_sched_node_create, MLX5_1.17,
	(struct ibv_context *context, const struct mlx5dv_sched_attr *sched_attr),
	(context, sched_attr), SIM_CONTEXT, context, NULL)
SIM_GENERIC(int, mlx5dv_sched_node_destroy, MLX5_1.17,
	(struct mlx5dv_sched_node *node),
	(node), SIM_SCHED_NODE, node, ERRNO)
SIM_GENERIC(int, mlx5dv_sched_node_modify, MLX5_1.17,
	(struct mlx5dv_sched_node *node, const struct mlx5dv_sched_attr *sched_attr),
	(node, sched_attr), SIM_SCHED_NODE, node, ERRNO)
SIM_GENERIC(int, mlx5dv_set_context_attr, MLX5_1.2,
	(struct ibv_context *context, enum mlx5dv_set_ctx_attr_type type, void *attr),
	(context, type, attr), SIM_CONTEXT, context, ERRNO)
SIM_GENERIC(int, mlx5dv_vfio_get_events_fd, MLX5_1.21,
	(struct ibv_context *ibctx),
	(ibctx), SIM_CONTEXT, ibctx, M1)
SIM_GENERIC(int, mlx5dv_vfio_process_events, MLX5_1.21,
	(struct ibv_context *context),
	(context), SIM_CONTEXT, context, ERRNO)

/* ---- what libflexio asks ---- */

SIM_PRIVATE(flexio_verbs_context_device)
SIM_PRIVATE(flexio_verbs_pd_device)
SIM_PRIVATE(flexio_verbs_pd_hold)
SIM_PRIVATE(flexio_verbs_pd_release)
SIM_PRIVATE(flexio_verbs_mr_reach)
SIM_PRIVATE(flexio_verbs_mr_range)
SIM_PRIVATE(flexio_verbs_mr_epoch)
SIM_PRIVATE(flexio_verbs_uar_page)
SIM_PRIVATE(flexio_verbs_device_nic)
SIM_PRIVATE(flexio_verbs_space_key_create)
SIM_PRIVATE(flexio_verbs_space_key_destroy)
SIM_PRIVATE(flexio_verbs_devx_obj_create)
SIM_PRIVATE(flexio_verbs_devx_obj_release)
SIM_PRIVATE(flexio_verbs_devx_obj_id)
SIM_PRIVATE(flexio_verbs_port_counters)
SIM_PRIVATE(flexio_verbs_dpa_register)
SIM_PRIVATE(flexio_verbs_dpa_memory_add)
SIM_PRIVATE(flexio_verbs_dpa_memory_remove)
SIM_PRIVATE(flexio_verbs_uar_bind)

/* ---- OpenFlexIO's extension of the simulated device (libflexio/flexio_sim.h, device_props.c, post.c) ---- */

SIM_CUSTOM(flexio_sim_device_query, FLEXIO_SIM_1.0)
SIM_CUSTOM(flexio_sim_device_query_rep, FLEXIO_SIM_1.0)
SIM_CUSTOM(flexio_sim_qp_use_dma_engine, FLEXIO_SIM_1.0)

#ifdef SIM_ENTRIES_UNDEF_GENERIC
#undef SIM_GENERIC
#undef SIM_ENTRIES_UNDEF_GENERIC
#endif
#ifdef SIM_ENTRIES_UNDEF_GENERIC_VOID
#undef SIM_GENERIC_VOID
#undef SIM_ENTRIES_UNDEF_GENERIC_VOID
#endif
#ifdef SIM_ENTRIES_UNDEF_CUSTOM
#undef SIM_CUSTOM
#undef SIM_ENTRIES_UNDEF_CUSTOM
#endif
#ifdef SIM_ENTRIES_UNDEF_PRIVATE
#undef SIM_PRIVATE
#undef SIM_ENTRIES_UNDEF_PRIVATE
#endif
