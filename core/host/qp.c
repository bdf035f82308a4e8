/*
 * Queue pairs (flexio_qp_*): RC QPs whose send and receive rings share one buffer (the RQ at
 * offset 0, the SQ after it) and one doorbell record, in DPA or host memory (flexio_qmem). They
 * are created in RST and moved through IB's state machine with flexio_qp_modify: RST->INIT->RTR
 * ->RTS, RTS<->SQD, any->ERR, any->RST; each transition takes the fields it needs from the
 * attributes, the mask adding the optional access flags and RNR timer. flexio_qp_attr is the
 * same in every release (layouts.h), so the caller's is read as it is.
 */
#include "queue.h"

#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define QP_ACCESS (IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)
/* The QPC state SQD (IB's and the NIC's value), which enum flexio_qp_state does not name. */
#define QP_STATE_SQD 0x4

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

/* limits: the device's (its provider's log_max_wq_size, for each ring). */
static bool qp_attr_valid(const struct flexio_qp_attr *a, const struct flexio_provider_ops *limits, const char *func)
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

static flexio_status qp_create(struct process *process, struct ibv_context *ibv_ctx, const struct flexio_qp_attr *a,
			       flexio_qp **qp_ptr, const char *func)
{
	char err[PROVIDER_ERROR_MAX] = "";
	struct provider_queue_info info = { 0 };
	struct provider_queue *pq = NULL;
	struct queue_child *qp = NULL;
	void *handle;

	if (!qp_attr_valid(a, process->provider, func))
		return FLEXIO_STATUS_FAILED;
	ibv_ctx = queue_context(process, ibv_ctx, false, func);
	if (!ibv_ctx || !queue_pd_hold(process->provider, ibv_ctx, a->pd, "qp_fattr->pd", func))
		return FLEXIO_STATUS_FAILED;
	if (!process_stopped(process, func)) {
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
		pq = process->provider->qp_create(process->device, ibv_ctx, a, &info, err, sizeof(err));
		if (!pq)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a QP: %s", process->name,
				      err);
	}
	if (!pq) {
		queue_child_drop(qp);
		process->provider->pd_release(a->pd);
		return FLEXIO_STATUS_FAILED;
	}
	queue_init(&qp->q, process->provider, ibv_ctx, PROVIDER_OBJECT_QP, pq, info.number, a->pd);
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

/* mask NULL: no optional attributes. The QP is unchanged when the transition fails. */
FLEXIO_STABLE flexio_status flexio_qp_modify(flexio_qp *handle, struct flexio_qp_attr *fattr,
					     struct flexio_qp_attr_opt_param_mask *mask)
{
	static const struct flexio_qp_attr_opt_param_mask no_mask;
	struct queue_child *qp = handle_get(handle, HANDLE_QP, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	char err[PROVIDER_ERROR_MAX] = "";
	int rc;

	if (!qp)
		return FLEXIO_STATUS_FAILED;
	if (!fattr) {
		flexio_err("fattr is NULL");
	} else if (!state_name((int)fattr->next_state)) {
		flexio_err("fattr->next_state %d is not a QP state (FLEXIO_QP_STATE_RST, _INIT, _RTR, _RTS, SQD %d or "
			   "FLEXIO_QP_STATE_ERR)",
			   (int)fattr->next_state, QP_STATE_SQD);
	} else if (queue_lock_live(&qp->q, handle, __func__)) {
		rc = qp->q.provider->qp_modify(qp->q.pq, fattr, mask ? mask : &no_mask, err, sizeof(err));
		queue_unlock(&qp->q);
		if (rc)
			flexio_err("QP 0x%x: cannot move it to %s: %s", qp->q.number,
				   state_name((int)fattr->next_state), *err ? err : strerror(-rc));
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
	int state = -EINVAL;

	if (!qp)
		return FLEXIO_QP_STATE_ERR;
	if (queue_lock_live(&qp->q, handle, __func__)) {
		state = qp->q.provider->qp_state(qp->q.pq);
		queue_unlock(&qp->q);
		if (state < 0)
			flexio_err("QP 0x%x: cannot read its state: %s", qp->q.number, strerror(-state));
	}
	handle_put(&qp->child.handle);
	return state < 0 ? FLEXIO_QP_STATE_ERR : (flexio_qp_state)state;
}
