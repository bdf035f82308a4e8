/*
 * The op tables of a simulated context.  verbs.h's inline helpers (ibv_query_port,
 * ibv_create_cq_ex, ibv_poll_cq, ibv_alloc_mw, ...) call through the context: the extended
 * ops of struct verbs_context and the legacy ones of context->ops.  Every one of them is
 * filled here, so such a call on a simulated context lands in the simulator: it works
 * (ibv_query_port, ibv_query_device_ex) or fails with EOPNOTSUPP and one log line naming the
 * helper; an object of the context that is not a live simulated one (a destroyed context,
 * a CQ the simulator never made) is refused like anywhere else.  The per-call ops of CQs, QPs
 * and SRQs (poll, arm, post) are verbs_cq.c's, post.c's and srq.c's.  None is left NULL, so no
 * helper falls back to a libibverbs function that would read rdma-core's private state.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <string.h>

/* Routes an object reached through a simulated context's op; true when the call may go on
 * (verbs_lock held), else it was refused or answered (errno set, logged). */
static bool op_unsupported(const char *function, const void *handle, enum verbs_kind kind)
{
	void *object;

	if (verbs_route(function, handle, kind, &object, false) != VERBS_ROUTE_SIMULATED)
		return false;
	verbs_unsupported(function, kind, object);
	return false;
}

#define OP_PTR(function, handle, kind) (op_unsupported(function, handle, kind), NULL)
#define OP_ERRNO(function, handle, kind) (op_unsupported(function, handle, kind), errno)

/* ---- extended ops (struct verbs_context) ---- */

static int op_query_port(struct ibv_context *context, uint8_t port_num, struct ibv_port_attr *port_attr,
			 size_t port_attr_len)
{
	struct ibv_port_attr attr;
	int rc;

	if (!port_attr) {
		verbs_err("ibv_query_port", "port_attr is NULL");
		return errno = EINVAL;
	}
	rc = verbs_query_port("ibv_query_port", context, port_num, &attr);
	if (rc)
		return rc;
	/* a caller built against older headers passes a shorter struct */
	memset(port_attr, 0, port_attr_len);
	memcpy(port_attr, &attr, port_attr_len < sizeof(attr) ? port_attr_len : sizeof(attr));
	return 0;
}

static int op_advise_mr(struct ibv_pd *pd, enum ibv_advise_mr_advice advice, uint32_t flags, struct ibv_sge *sg_list,
			uint32_t num_sges)
{
	(void)advice, (void)flags, (void)sg_list, (void)num_sges;
	return OP_ERRNO("ibv_advise_mr", pd, VERBS_PD);
}

static struct ibv_mr *op_alloc_null_mr(struct ibv_pd *pd)
{
	return OP_PTR("ibv_alloc_null_mr", pd, VERBS_PD);
}

static int op_read_counters(struct ibv_counters *counters, uint64_t *counters_value, uint32_t ncounters, uint32_t flags)
{
	(void)counters_value, (void)ncounters, (void)flags;
	return OP_ERRNO("ibv_read_counters", counters, VERBS_COUNTERS);
}

static int op_attach_counters_point_flow(struct ibv_counters *counters, struct ibv_counter_attach_attr *attr,
					 struct ibv_flow *flow)
{
	(void)attr, (void)flow;
	return OP_ERRNO("ibv_attach_counters_point_flow", counters, VERBS_COUNTERS);
}

static struct ibv_counters *op_create_counters(struct ibv_context *context, struct ibv_counters_init_attr *init_attr)
{
	(void)init_attr;
	return OP_PTR("ibv_create_counters", context, VERBS_CONTEXT);
}

static int op_destroy_counters(struct ibv_counters *counters)
{
	return OP_ERRNO("ibv_destroy_counters", counters, VERBS_COUNTERS);
}

static struct ibv_mr *op_reg_dm_mr(struct ibv_pd *pd, struct ibv_dm *dm, uint64_t dm_offset, size_t length,
				   unsigned int access)
{
	(void)dm, (void)dm_offset, (void)length, (void)access;
	return OP_PTR("ibv_reg_dm_mr", pd, VERBS_PD);
}

static struct ibv_dm *op_alloc_dm(struct ibv_context *context, struct ibv_alloc_dm_attr *attr)
{
	(void)attr;
	return OP_PTR("ibv_alloc_dm", context, VERBS_CONTEXT);
}

static int op_free_dm(struct ibv_dm *dm)
{
	return OP_ERRNO("ibv_free_dm", dm, VERBS_DM);
}

static int op_modify_flow_action_esp(struct ibv_flow_action *action, struct ibv_flow_action_esp_attr *attr)
{
	(void)attr;
	return OP_ERRNO("ibv_modify_flow_action_esp", action, VERBS_FLOW_ACTION);
}

static int op_destroy_flow_action(struct ibv_flow_action *action)
{
	return OP_ERRNO("ibv_destroy_flow_action", action, VERBS_FLOW_ACTION);
}

static struct ibv_flow_action *op_create_flow_action_esp(struct ibv_context *context,
							 struct ibv_flow_action_esp_attr *attr)
{
	(void)attr;
	return OP_PTR("ibv_create_flow_action_esp", context, VERBS_CONTEXT);
}

static int op_modify_qp_rate_limit(struct ibv_qp *qp, struct ibv_qp_rate_limit_attr *attr)
{
	(void)attr;
	return OP_ERRNO("ibv_modify_qp_rate_limit", qp, VERBS_QP);
}

static struct ibv_pd *op_alloc_parent_domain(struct ibv_context *context, struct ibv_parent_domain_init_attr *attr)
{
	(void)attr;
	return OP_PTR("ibv_alloc_parent_domain", context, VERBS_CONTEXT);
}

static int op_dealloc_td(struct ibv_td *td)
{
	return OP_ERRNO("ibv_dealloc_td", td, VERBS_TD);
}

static struct ibv_td *op_alloc_td(struct ibv_context *context, struct ibv_td_init_attr *init_attr)
{
	(void)init_attr;
	return OP_PTR("ibv_alloc_td", context, VERBS_CONTEXT);
}

static int op_modify_cq(struct ibv_cq *cq, struct ibv_modify_cq_attr *attr)
{
	(void)attr;
	return OP_ERRNO("ibv_modify_cq", cq, VERBS_CQ);
}

static int op_post_srq_ops(struct ibv_srq *srq, struct ibv_ops_wr *op, struct ibv_ops_wr **bad_op)
{
	if (bad_op)
		*bad_op = op;
	return OP_ERRNO("ibv_post_srq_ops", srq, VERBS_SRQ);
}

static int op_destroy_rwq_ind_table(struct ibv_rwq_ind_table *rwq_ind_table)
{
	return OP_ERRNO("ibv_destroy_rwq_ind_table", rwq_ind_table, VERBS_RWQ_IND_TABLE);
}

static struct ibv_rwq_ind_table *op_create_rwq_ind_table(struct ibv_context *context,
							 struct ibv_rwq_ind_table_init_attr *init_attr)
{
	(void)init_attr;
	return OP_PTR("ibv_create_rwq_ind_table", context, VERBS_CONTEXT);
}

static int op_destroy_wq(struct ibv_wq *wq)
{
	return OP_ERRNO("ibv_destroy_wq", wq, VERBS_WQ);
}

static int op_modify_wq(struct ibv_wq *wq, struct ibv_wq_attr *wq_attr)
{
	(void)wq_attr;
	return OP_ERRNO("ibv_modify_wq", wq, VERBS_WQ);
}

static struct ibv_wq *op_create_wq(struct ibv_context *context, struct ibv_wq_init_attr *wq_init_attr)
{
	(void)wq_init_attr;
	return OP_PTR("ibv_create_wq", context, VERBS_CONTEXT);
}

static int op_query_rt_values(struct ibv_context *context, struct ibv_values_ex *values)
{
	(void)values;
	return OP_ERRNO("ibv_query_rt_values_ex", context, VERBS_CONTEXT);
}

static struct ibv_cq_ex *op_create_cq_ex(struct ibv_context *context, struct ibv_cq_init_attr_ex *init_attr)
{
	(void)init_attr;
	return OP_PTR("ibv_create_cq_ex", context, VERBS_CONTEXT);
}

static int op_query_device_ex(struct ibv_context *context, const struct ibv_query_device_ex_input *input,
			      struct ibv_device_attr_ex *attr, size_t attr_size)
{
	return verbs_query_device_ex(context, input, attr, attr_size);
}

static int op_destroy_flow(struct ibv_flow *flow)
{
	return OP_ERRNO("ibv_destroy_flow", flow, VERBS_FLOW);
}

static struct ibv_flow *op_create_flow(struct ibv_qp *qp, struct ibv_flow_attr *flow_attr)
{
	(void)flow_attr;
	return OP_PTR("ibv_create_flow", qp, VERBS_QP);
}

static struct ibv_qp *op_open_qp(struct ibv_context *context, struct ibv_qp_open_attr *attr)
{
	(void)attr;
	return OP_PTR("ibv_open_qp", context, VERBS_CONTEXT);
}

static struct ibv_qp *op_create_qp_ex(struct ibv_context *context, struct ibv_qp_init_attr_ex *qp_init_attr_ex)
{
	(void)qp_init_attr_ex;
	return OP_PTR("ibv_create_qp_ex", context, VERBS_CONTEXT);
}

static int op_get_srq_num(struct ibv_srq *srq, uint32_t *srq_num)
{
	(void)srq_num;
	return OP_ERRNO("ibv_get_srq_num", srq, VERBS_SRQ);
}

static struct ibv_srq *op_create_srq_ex(struct ibv_context *context, struct ibv_srq_init_attr_ex *srq_init_attr_ex)
{
	(void)srq_init_attr_ex;
	return OP_PTR("ibv_create_srq_ex", context, VERBS_CONTEXT);
}

static struct ibv_xrcd *op_open_xrcd(struct ibv_context *context, struct ibv_xrcd_init_attr *xrcd_init_attr)
{
	(void)xrcd_init_attr;
	return OP_PTR("ibv_open_xrcd", context, VERBS_CONTEXT);
}

static int op_close_xrcd(struct ibv_xrcd *xrcd)
{
	return OP_ERRNO("ibv_close_xrcd", xrcd, VERBS_XRCD);
}

/* ---- legacy ops (context->ops) ---- */

static struct ibv_mw *op_alloc_mw(struct ibv_pd *pd, enum ibv_mw_type type)
{
	(void)type;
	return OP_PTR("ibv_alloc_mw", pd, VERBS_PD);
}

static int op_bind_mw(struct ibv_qp *qp, struct ibv_mw *mw, struct ibv_mw_bind *mw_bind)
{
	(void)mw, (void)mw_bind;
	return OP_ERRNO("ibv_bind_mw", qp, VERBS_QP);
}

static int op_dealloc_mw(struct ibv_mw *mw)
{
	return OP_ERRNO("ibv_dealloc_mw", mw, VERBS_MW);
}

/* The _compat_* slots served binaries of libibverbs 1.0, through its compatibility layer,
 * which never sees a simulated context; a caller gets NULL. */
static void *op_compat(void)
{
	verbs_err("ibv_context_ops", "a libibverbs 1.0 compatibility op was called on a simulated "
				     "context");
	errno = EOPNOTSUPP;
	return NULL;
}

static int op_compat_query_device(struct ibv_context *context, struct ibv_device_attr *device_attr)
{
	return ibv_query_device(context, device_attr);
}

void verbs_context_ops_init(struct verbs_context *vctx)
{
	struct ibv_context_ops *ops = &vctx->context.ops;

	vctx->query_port = op_query_port;
	vctx->advise_mr = op_advise_mr;
	vctx->alloc_null_mr = op_alloc_null_mr;
	vctx->read_counters = op_read_counters;
	vctx->attach_counters_point_flow = op_attach_counters_point_flow;
	vctx->create_counters = op_create_counters;
	vctx->destroy_counters = op_destroy_counters;
	vctx->reg_dm_mr = op_reg_dm_mr;
	vctx->alloc_dm = op_alloc_dm;
	vctx->free_dm = op_free_dm;
	vctx->modify_flow_action_esp = op_modify_flow_action_esp;
	vctx->destroy_flow_action = op_destroy_flow_action;
	vctx->create_flow_action_esp = op_create_flow_action_esp;
	vctx->modify_qp_rate_limit = op_modify_qp_rate_limit;
	vctx->alloc_parent_domain = op_alloc_parent_domain;
	vctx->dealloc_td = op_dealloc_td;
	vctx->alloc_td = op_alloc_td;
	vctx->modify_cq = op_modify_cq;
	vctx->post_srq_ops = op_post_srq_ops;
	vctx->destroy_rwq_ind_table = op_destroy_rwq_ind_table;
	vctx->create_rwq_ind_table = op_create_rwq_ind_table;
	vctx->destroy_wq = op_destroy_wq;
	vctx->modify_wq = op_modify_wq;
	vctx->create_wq = op_create_wq;
	vctx->query_rt_values = op_query_rt_values;
	vctx->create_cq_ex = op_create_cq_ex;
	vctx->priv = NULL; /* libibverbs' private state: no libibverbs function sees this context */
	vctx->query_device_ex = op_query_device_ex;
	vctx->ibv_destroy_flow = op_destroy_flow;
	vctx->ibv_create_flow = op_create_flow;
	/* what libibverbs does for binaries of libibverbs 1.1.8 (see verbs_init_context) */
	vctx->ABI_placeholder2 = (void (*)(void))op_destroy_flow;
	vctx->ABI_placeholder1 = (void (*)(void))op_create_flow;
	vctx->open_qp = op_open_qp;
	vctx->create_qp_ex = op_create_qp_ex;
	vctx->get_srq_num = op_get_srq_num;
	vctx->create_srq_ex = op_create_srq_ex;
	vctx->open_xrcd = op_open_xrcd;
	vctx->close_xrcd = op_close_xrcd;

	ops->_compat_query_device = op_compat_query_device;
	ops->_compat_query_port = ibv_query_port;
	ops->_compat_alloc_pd = op_compat;
	ops->_compat_dealloc_pd = op_compat;
	ops->_compat_reg_mr = op_compat;
	ops->_compat_rereg_mr = op_compat;
	ops->_compat_dereg_mr = op_compat;
	ops->alloc_mw = op_alloc_mw;
	ops->bind_mw = op_bind_mw;
	ops->dealloc_mw = op_dealloc_mw;
	ops->_compat_create_cq = op_compat;
	ops->poll_cq = verbs_op_poll_cq;
	ops->req_notify_cq = verbs_op_req_notify_cq;
	ops->_compat_cq_event = op_compat;
	ops->_compat_resize_cq = op_compat;
	ops->_compat_destroy_cq = op_compat;
	ops->_compat_create_srq = op_compat;
	ops->_compat_modify_srq = op_compat;
	ops->_compat_query_srq = op_compat;
	ops->_compat_destroy_srq = op_compat;
	ops->post_srq_recv = verbs_op_post_srq_recv;
	ops->_compat_create_qp = op_compat;
	ops->_compat_query_qp = op_compat;
	ops->_compat_modify_qp = op_compat;
	ops->_compat_destroy_qp = op_compat;
	ops->post_send = verbs_op_post_send;
	ops->post_recv = verbs_op_post_recv;
	ops->_compat_create_ah = op_compat;
	ops->_compat_destroy_ah = op_compat;
	ops->_compat_attach_mcast = op_compat;
	ops->_compat_detach_mcast = op_compat;
	ops->_compat_async_event = op_compat;
}
