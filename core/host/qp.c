/*
 * Queue pairs (flexio_qp_*): RC QPs whose send and receive rings share one buffer (the RQ at
 * offset 0, the SQ after it) and one doorbell record, in DPA or host memory (flexio_qmem). They
 * are created in RST and moved through IB's state machine with flexio_qp_modify: RST->INIT->RTR
 * ->RTS, RTS<->SQD, any->ERR, any->RST; each transition takes the fields it needs from the
 * attributes, the mask adding the optional access flags and RNR timer. flexio_qp_attr is the
 * same in every release (layouts.h), so the caller's is read as it is, and made DEVX commands
 * (devx_cmds.h): CREATE_QP, the transition's command from the state QUERY_QP gives, QUERY_QP.
 */
#include "queue.h"

#include "mlx5_prm.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define QP_ACCESS (IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)
/* The state SQD (IB's value), which enum flexio_qp_state does not name. */
#define QP_STATE_SQD 0x4
/* A receive WQE of FlexIO's QPs: one data segment (the QPC's log_rq_stride counts 16 bytes). */
#define QP_LOG_RQ_STRIDE 4
#define QP_MIN_RNR_NAK_MAX 31 /* qpc.min_rnr_nak: 5 bits */
/* What FlexIO's attributes do not carry: the ACK timeout (the fabric loses nothing anyway) and
 * the RNR retries (for ever). */
#define QP_ACK_TIMEOUT 14
#define QP_RNR_RETRY 7

/* IB's state (flexio_qp_state, and SQD 4) of a QPC state, and back: they differ in SQD. */
static int qp_state_of(unsigned qpc)
{
	return qpc == MLX5_QPC_STATE_SQD ? QP_STATE_SQD : (int)qpc;
}

static unsigned qpc_state_of(int state)
{
	return state == QP_STATE_SQD ? MLX5_QPC_STATE_SQD : (unsigned)state;
}

/* The names of states in log lines. */
static const char *state_name(int state)
{
	switch (state) {
	case FLEXIO_QP_STATE_RST:
		return "RST";
	case FLEXIO_QP_STATE_INIT:
		return "INIT";
	case FLEXIO_QP_STATE_RTR:
		return "RTR";
	case FLEXIO_QP_STATE_RTS:
		return "RTS";
	case QP_STATE_SQD:
		return "SQD";
	case FLEXIO_QP_STATE_ERR:
		return "ERR";
	}
	return NULL;
}

static bool depth_valid(int log_depth, unsigned log_max, const char *what, const char *func)
{
	if (log_depth >= 0 && (unsigned)log_depth <= log_max)
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "qp_fattr->%s %d is not 0..%u", what, log_depth, log_max);
	return false;
}

/* limits: the device's (QUERY_HCA_CAP), for each ring. */
static bool qp_attr_valid(const struct flexio_qp_attr *a, const struct devx_caps *limits, const char *func)
{
	if (a->transport_type != FLEXIO_QPC_ST_RC) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "qp_fattr->transport_type %u is not FLEXIO_QPC_ST_RC (the only transport of QPs)",
			      a->transport_type);
		return false;
	}
	if (a->rq_type != FLEXIO_QP_QPC_RQ_TYPE_REGULAR && a->rq_type != FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ &&
	    a->rq_type != FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "qp_fattr->rq_type %d is not FLEXIO_QP_QPC_RQ_TYPE_REGULAR, _SRQ_RMP_XRC_SRQ_XRQ or "
			      "_ZERO_SIZE_RQ",
			      a->rq_type);
		return false;
	}
	if ((!a->no_sq && !depth_valid(a->log_sq_depth, limits->log_max_wq_size, "log_sq_depth", func)) ||
	    (a->rq_type == FLEXIO_QP_QPC_RQ_TYPE_REGULAR &&
	     !depth_valid(a->log_rq_depth, limits->log_max_wq_size, "log_rq_depth", func)))
		return false;
	if (a->qp_access_mask & ~QP_ACCESS) {
		flexio_log_at(
			FLEXIO_LOG_LVL_ERR, func,
			"qp_fattr->qp_access_mask 0x%x has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, "
			"_REMOTE_READ and _REMOTE_ATOMIC",
			(unsigned)a->qp_access_mask);
		return false;
	}
	return queue_qmem_valid(&a->qp_wq_buff_qmem, "qp_fattr->qp_wq_buff_qmem", func) &&
	       queue_qmem_valid(&a->qp_wq_dbr_qmem, "qp_fattr->qp_wq_dbr_qmem", func);
}

/* The CREATE_QP of the checked attributes. */
static bool qp_command(struct process *process, struct ibv_context *ibv_ctx, const struct flexio_qp_attr *a,
		       struct devx_qp_attr *attr, const char *func)
{
	bool regular = a->rq_type == FLEXIO_QP_QPC_RQ_TYPE_REGULAR;
	uint64_t rq_bytes = regular ? (uint64_t)1 << (a->log_rq_depth + QP_LOG_RQ_STRIDE) : 0;
	struct devx_mem sq;

	*attr = (struct devx_qp_attr){
		.uar_page = uar_page_on(process, ibv_ctx),
		.user_index = a->user_index,
		.no_sq = a->no_sq,
		.log_sq_size = a->no_sq ? 0 : (uint8_t)a->log_sq_depth,
		.rq_type = (uint8_t)a->rq_type,
		.log_rq_size = regular ? (uint8_t)a->log_rq_depth : 0,
		.log_rq_stride = QP_LOG_RQ_STRIDE - 4,
		.cqn_snd = a->no_sq ? 0 : a->sq_cqn,
		.cqn_rcv = a->rq_type == FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ ? 0 : a->rq_cqn,
		.rmpn = a->rq_type == FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ ? a->rmpqn : 0,
	};
	/* mlx5's QP buffer: the RQ first, the SQ (of 16-byte segments) after it. */
	return queue_pdn(process->provider, a->pd, &attr->pdn, func) &&
	       queue_mem(process, &a->qp_wq_buff_qmem, 0, 1, "qp_wq_buff_qmem", &attr->wq, func) &&
	       (a->no_sq || queue_mem(process, &a->qp_wq_buff_qmem, rq_bytes, 16, "qp_wq_buff_qmem (SQ)", &sq, func)) &&
	       queue_mem(process, &a->qp_wq_dbr_qmem, 0, 8, "qp_wq_dbr_qmem", &attr->dbr, func);
}

static flexio_status qp_create(struct process *process, struct ibv_context *ibv_ctx, const struct flexio_qp_attr *a,
			       flexio_qp **qp_ptr, const char *func)
{
	char err[DEVX_ERROR_MAX] = "";
	struct mlx5dv_devx_obj *obj = NULL;
	struct queue_child *qp = NULL;
	struct devx_qp_attr attr;
	struct devx_caps caps;
	uint32_t qpn;
	void *handle;

	ibv_ctx = queue_context(process, ibv_ctx, false, func);
	if (!ibv_ctx || !queue_caps(process->provider, ibv_ctx, &caps, func) || !qp_attr_valid(a, &caps, func) ||
	    !queue_pd_hold(process->provider, ibv_ctx, a->pd, "qp_fattr->pd", func))
		return FLEXIO_STATUS_FAILED;
	if (!process_stopped(process, func) && qp_command(process, ibv_ctx, a, &attr, func)) {
		qp = calloc(1, sizeof(*qp));
		if (!qp)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
	}
	if (qp) {
		/* The CQs and the RMP of this process it names stay until it goes. */
		if (!a->no_sq)
			queue_child_hold(process, qp, 0, HANDLE_CQ, ibv_ctx->device, a->sq_cqn);
		if (a->rq_type != FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ)
			queue_child_hold(process, qp, 1, HANDLE_CQ, ibv_ctx->device, a->rq_cqn);
		if (a->rq_type == FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ)
			queue_child_hold(process, qp, 2, HANDLE_RMP, ibv_ctx->device, a->rmpqn);
		obj = devx_qp_create(process->provider, ibv_ctx, &attr, &qpn, err);
		if (!obj)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a QP: %s", process->name,
				      err);
	}
	if (!obj) {
		queue_child_drop(qp);
		process->provider->pd_release(a->pd);
		return FLEXIO_STATUS_FAILED;
	}
	queue_init(&qp->q, process->provider, ibv_ctx, QUEUE_QP, obj, qpn, a->pd, NULL);
	handle = queue_child_open(process, qp, HANDLE_QP, queue_child_on_free, func);
	if (!handle)
		return FLEXIO_STATUS_FAILED;
	*qp_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_qp_create(flexio_process *handle, struct ibv_context *ibv_ctx,
					     struct flexio_qp_attr *qp_fattr, flexio_qp **qp_ptr)
{
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;

	if (qp_ptr)
		*qp_ptr = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!qp_fattr || !qp_ptr)
		flexio_err("%s is NULL", qp_fattr ? "qp_ptr" : "qp_fattr");
	else
		status = qp_create(process, ibv_ctx, qp_fattr, qp_ptr, __func__);
	process_put(process);
	return status;
}

/* The fields of fattr as a transition reads them (each takes those IB's state machine gives it). */
static void qp_fields(const struct flexio_qp_attr *a, struct devx_qp_fields *f)
{
	*f = (struct devx_qp_fields){
		.port = a->vhca_port_num ? (uint8_t)a->vhca_port_num : 1,
		.access = (unsigned)a->qp_access_mask,
		/* A value the 3-bit field cannot hold is no MTU: the device refuses it as 0. */
		.mtu = (unsigned)a->path_mtu <= 7 ? (uint8_t)a->path_mtu : 0,
		.remote_qpn = a->remote_qp_num & 0xFFFFFF,
		.rq_psn = a->next_rcv_psn & 0xFFFFFF,
		.sq_psn = a->next_send_psn & 0xFFFFFF,
		.log_rra_max = a->log_rra_max,
		.log_sra_max = a->log_sra_max,
		.min_rnr_nak = (uint8_t)a->min_rnr_nak_timer,
		.ack_timeout = QP_ACK_TIMEOUT,
		.retry_count = a->retry_count > 7 ? 7 : a->retry_count,
		.rnr_retry = QP_RNR_RETRY,
		.loopback = a->fl != 0,
		.grh = a->grh != 0,
	};
	memcpy(f->rgid, a->rgid_or_rip.raw, sizeof(f->rgid));
	if (a->dest_mac)
		memcpy(f->rmac, a->dest_mac, sizeof(f->rmac));
}

/* mask NULL: no optional attributes. The QP is unchanged when the transition fails. */
FLEXIO_STABLE flexio_status flexio_qp_modify(flexio_qp *handle, struct flexio_qp_attr *fattr,
					     struct flexio_qp_attr_opt_param_mask *mask)
{
	struct queue_child *qp = handle_get(handle, HANDLE_QP, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	char err[DEVX_ERROR_MAX] = "";
	struct devx_qp_fields fields;
	unsigned optional = 0, now;
	int rc;

	if (!qp)
		return FLEXIO_STATUS_FAILED;
	if (!fattr) {
		flexio_err("fattr is NULL");
	} else if (!state_name((int)fattr->next_state)) {
		flexio_err("fattr->next_state %d is not a QP state (FLEXIO_QP_STATE_RST, _INIT, _RTR, _RTS, SQD %d or "
			   "FLEXIO_QP_STATE_ERR)",
			   (int)fattr->next_state, QP_STATE_SQD);
	} else if (fattr->min_rnr_nak_timer > QP_MIN_RNR_NAK_MAX) {
		flexio_err("fattr->min_rnr_nak_timer %u is more than %d", fattr->min_rnr_nak_timer, QP_MIN_RNR_NAK_MAX);
	} else if (queue_lock_live(&qp->q, handle, __func__)) {
		if (mask && provider_caller_bool(&mask->qp_access_mask))
			optional |= DEVX_QP_OPT_ACCESS;
		if (mask && provider_caller_bool(&mask->min_rnr_nak_timer))
			optional |= DEVX_QP_OPT_MIN_RNR_NAK;
		qp_fields(fattr, &fields);
		/* The command of the transition is the state's now's (this lock orders them). */
		rc = devx_qp_state(qp->q.provider, qp->q.obj, qp->q.number, &now, err);
		if (!rc)
			rc = devx_qp_modify(qp->q.provider, qp->q.obj, qp->q.number, now,
					    qpc_state_of((int)fattr->next_state), &fields, optional, err);
		queue_unlock(&qp->q);
		if (rc)
			flexio_err("QP 0x%x: cannot move it to %s: %s", qp->q.number,
				   state_name((int)fattr->next_state), err);
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	handle_put(&qp->child.handle);
	return status;
}

/* Destroyed unless the device refuses (it is in use): its handle then stays valid. */
FLEXIO_STABLE flexio_status flexio_qp_destroy(flexio_qp *qp)
{
	return queue_child_destroy(qp, HANDLE_QP, "the device still uses it", __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_qp_get_qp_num(flexio_qp *qp)
{
	return handle_read_u32(qp, HANDLE_QP, offsetof(struct queue_child, q.number), __func__);
}

/* FLEXIO_QP_STATE_ERR (and a log line) on error, as for a QP in the error state. */
FLEXIO_STABLE flexio_qp_state flexio_qp_state_get(flexio_qp *handle)
{
	struct queue_child *qp = handle_get(handle, HANDLE_QP, __func__);
	char err[DEVX_ERROR_MAX];
	unsigned state = MLX5_QPC_STATE_ERR;
	int rc = -EINVAL;

	if (!qp)
		return FLEXIO_QP_STATE_ERR;
	if (queue_lock_live(&qp->q, handle, __func__)) {
		rc = devx_qp_state(qp->q.provider, qp->q.obj, qp->q.number, &state, err);
		queue_unlock(&qp->q);
		if (rc)
			flexio_err("QP 0x%x: cannot read its state: %s", qp->q.number, err);
	}
	handle_put(&qp->child.handle);
	return rc ? FLEXIO_QP_STATE_ERR : (flexio_qp_state)qp_state_of(state);
}
