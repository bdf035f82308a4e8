/*
 * RC queue pairs of simulated PDs: ibv_create_qp, ibv_modify_qp, ibv_query_qp,
 * ibv_destroy_qp.  A QP is a NIC QP (core/nic) over one buffer this library allocates, laid
 * out as mlx5's: the receive ring (WQEs of 16-byte scatter entries, a power of two apart), the
 * send ring (64-byte WQEBBs) after it, then the doorbell record.  ibv_modify_qp maps IBV_QP_*
 * one to one onto NIC_QP_*; the path is the GID of ah_attr.grh (RoCE: is_global is required),
 * which the NIC resolves to the device (mlx5_sim0, mlx5_sim1, ...) whose port has it.
 * Posting is post.c; completions are read by verbs_cq.c.
 */
#include "verbs_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SGE 30                                /* the device's max_sge */
#define MAX_WR (1u << NIC_LOG_MAX_WQ_SIZE)        /* max_qp_wr */
#define MAX_INLINE (VERBS_WQE_MAX_BYTES - 32 - 4) /* after ctrl and rdma segments, the inline header */

static void *qp_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct verbs_qp *qp = VERBS_CONTAINER(space, struct verbs_qp, space);

	(void)write;
	if (addr > qp->buffer_size || len > qp->buffer_size - addr)
		return NULL;
	return qp->buffer + addr;
}

/* The CQ of this context that handle is, or NULL (verbs_lock held). */
static struct verbs_cq *cq_of(struct verbs_ctx *context, struct ibv_cq *handle)
{
	struct verbs_cq *cq;

	return verbs_registry_lookup(handle, VERBS_CQ, (void **)&cq) && cq->context == context && !cq->destroying
		       ? cq
		       : NULL;
}

/* Checks the attributes and sizes the rings (verbs_lock held); NULL or the reason. */
static const char *size_rings(struct verbs_qp *qp, struct ibv_qp_init_attr *attr)
{
	struct ibv_qp_cap *cap = &attr->cap;
	unsigned int wqe_bytes, inline_bytes;

	if (cap->max_send_wr > MAX_WR || cap->max_recv_wr > MAX_WR)
		return "max_send_wr or max_recv_wr is above the device's max_qp_wr (32768)";
	if (cap->max_send_sge > MAX_SGE || cap->max_recv_sge > MAX_SGE)
		return "max_send_sge or max_recv_sge is above the device's max_sge (30)";
	if (cap->max_inline_data > MAX_INLINE)
		return "max_inline_data is above what a WQE holds (972 bytes)";
	/* the largest send WQE: ctrl, rdma (or atomic and one scatter entry), then the data */
	inline_bytes = cap->max_inline_data ? (4 + cap->max_inline_data + 15) & ~15u : 0;
	wqe_bytes = 32 + (cap->max_send_sge * 16 > inline_bytes ? cap->max_send_sge * 16 : inline_bytes);
	if (wqe_bytes < 64)
		wqe_bytes = 64;
	qp->max_wqebbs = (wqe_bytes + 63) / 64;
	if (cap->max_send_wr) {
		qp->log_sq = verbs_log2_ceil((uint64_t)cap->max_send_wr * qp->max_wqebbs);
		if (qp->log_sq > NIC_LOG_MAX_WQ_SIZE)
			return "max_send_wr WQEs of this size do not fit the largest send queue";
		qp->sq_count = 1u << qp->log_sq;
	}
	if (!attr->srq && cap->max_recv_wr) {
		qp->log_rq = verbs_log2_ceil(cap->max_recv_wr);
		qp->rq_count = 1u << qp->log_rq;
		qp->log_rq_stride = verbs_log2_ceil((cap->max_recv_sge ? cap->max_recv_sge : 1) * 16u);
		/* at least a WQEBB of receive WQEs, so that the SQ after them starts on one */
		while ((qp->rq_count << qp->log_rq_stride) < 64) {
			qp->log_rq++;
			qp->rq_count <<= 1;
		}
	}
	/* what the QP takes, as mlx5 reports it */
	cap->max_send_wr = qp->sq_count / qp->max_wqebbs;
	cap->max_inline_data = qp->max_wqebbs * 64 > VERBS_WQE_MAX_BYTES ? MAX_INLINE : qp->max_wqebbs * 64 - 36;
	if (qp->rq_count) {
		cap->max_recv_wr = qp->rq_count;
		cap->max_recv_sge = (1u << qp->log_rq_stride) / 16;
	}
	return NULL;
}

static bool alloc_rings(struct verbs_qp *qp)
{
	size_t rq_bytes = (size_t)qp->rq_count << qp->log_rq_stride, sq_bytes = (size_t)qp->sq_count * 64;

	qp->buffer_size = rq_bytes + sq_bytes + 64;
	if (posix_memalign((void **)&qp->buffer, 4096, qp->buffer_size))
		return false;
	memset(qp->buffer, 0, qp->buffer_size);
	qp->rq = qp->buffer;
	qp->sq = qp->buffer + rq_bytes;
	qp->dbr = (__be32 *)(qp->buffer + rq_bytes + sq_bytes);
	qp->sq_wr_id = calloc(qp->sq_count ? qp->sq_count : 1, sizeof(*qp->sq_wr_id));
	qp->sq_wqebbs = calloc(qp->sq_count ? qp->sq_count : 1, 1);
	qp->rq_wr_id = calloc(qp->rq_count ? qp->rq_count : 1, sizeof(*qp->rq_wr_id));
	return qp->sq_wr_id && qp->sq_wqebbs && qp->rq_wr_id;
}

static void free_rings(struct verbs_qp *qp)
{
	free(qp->buffer);
	free(qp->sq_wr_id);
	free(qp->sq_wqebbs);
	free(qp->rq_wr_id);
	qp->buffer = NULL;
	qp->sq_wr_id = qp->rq_wr_id = NULL;
	qp->sq_wqebbs = NULL;
}

/* Makes the QP (verbs_lock held, released here). */
static struct ibv_qp *create(struct verbs_pd *pd, struct ibv_qp_init_attr *attr)
{
	struct verbs_ctx *context = pd->context;
	struct verbs_cq *send_cq = NULL, *recv_cq = NULL;
	struct verbs_srq *srq = NULL;
	const char *reason = NULL;
	struct verbs_qp *qp = NULL;
	struct verbs_nic *nic;
	int error = EINVAL;
	uint64_t space;

	if (!attr)
		reason = "qp_init_attr is NULL";
	else if (attr->qp_type != IBV_QPT_RC)
		reason = "only RC queue pairs are simulated", error = EOPNOTSUPP;
	else if (!(send_cq = cq_of(context, attr->send_cq)) || !(recv_cq = cq_of(context, attr->recv_cq)))
		reason = "send_cq or recv_cq is not a live completion queue of the PD's context";
	else if (attr->srq && (!verbs_registry_lookup(attr->srq, VERBS_SRQ, (void **)&srq) || srq->context != context))
		reason = "srq is not a live shared receive queue of the PD's context";
	if (!reason) {
		qp = calloc(1, sizeof(*qp));
		if (!qp)
			goto no_memory;
		reason = size_rings(qp, attr);
	}
	if (reason) {
		pthread_mutex_unlock(&verbs_lock);
		free(qp);
		verbs_err("ibv_create_qp", "%s", reason);
		errno = error;
		return NULL;
	}
	nic = verbs_nic_of(context->device);
	if (!nic || !alloc_rings(qp))
		goto no_memory;
	qp->space.reach = qp_reach;
	space = (uintptr_t)&qp->space;
	if (nic_qp_create(nic->nic,
			  &(struct nic_qp_create_attr){
				  .owner = verbs_owner(context),
				  .pd = pd->ibv.handle,
				  .sq_cqn = send_cq->cqn,
				  .rq_cqn = recv_cq->cqn,
				  .no_sq = !qp->sq_count,
				  .log_sq_depth = (uint8_t)qp->log_sq,
				  .rq_type = srq            ? NIC_QP_RQ_RMP
					     : qp->rq_count ? NIC_QP_RQ_REGULAR
							    : NIC_QP_RQ_NONE,
				  .log_rq_depth = (uint8_t)qp->log_rq,
				  .log_rq_stride = (uint8_t)(qp->rq_count ? qp->log_rq_stride : 4),
				  .rmpn = srq ? srq->rmpn : 0,
				  .sq_ring = { space, (uint64_t)(qp->sq - qp->buffer) },
				  .rq_ring = { space, 0 },
				  .dbr = { space, (uint64_t)((uint8_t *)qp->dbr - qp->buffer) },
			  },
			  &qp->qpn))
		goto no_memory; /* -ENOSPC: the NIC's table is full */
	if (!verbs_registry_add(&qp->ibv, VERBS_QP, qp)) {
		nic_wq_destroy(nic->nic, qp->qpn);
		goto no_memory;
	}
	pthread_mutex_init(&qp->sq_lock, NULL);
	pthread_mutex_init(&qp->rq_lock, NULL);
	pthread_mutex_init(&qp->modify_lock, NULL);
	pthread_mutex_init(&qp->ibv.mutex, NULL);
	pthread_cond_init(&qp->ibv.cond, NULL);
	qp->context = context;
	qp->nic = nic;
	qp->pd = pd;
	qp->send_cq = send_cq;
	qp->recv_cq = recv_cq;
	qp->srq = srq;
	qp->init = *attr;
	qp->ibv.context = &context->vctx.context;
	qp->ibv.qp_context = attr->qp_context;
	qp->ibv.pd = &pd->ibv;
	qp->ibv.send_cq = attr->send_cq;
	qp->ibv.recv_cq = attr->recv_cq;
	qp->ibv.srq = attr->srq;
	qp->ibv.handle = qp->ibv.qp_num = qp->qpn;
	qp->ibv.state = IBV_QPS_RESET;
	qp->ibv.qp_type = IBV_QPT_RC;
	send_cq->users++;
	recv_cq->users++;
	if (srq)
		srq->users++;
	pd->queue_count++;
	__atomic_store_n(&nic->qps[VERBS_NIC_INDEX(qp->qpn)], qp, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&verbs_lock);
	return &qp->ibv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	if (qp)
		free_rings(qp);
	free(qp);
	verbs_err("ibv_create_qp", "out of memory (or of the NIC's queues)");
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *qp_init_attr)
{
	__typeof__(&ibv_create_qp) real = VERBS_REAL(ibv_create_qp);
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_create_qp, (pd, qp_init_attr));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return create(sim, qp_init_attr);
	case VERBS_ROUTE_REAL:
		return real(pd, qp_init_attr);
	default:
		return NULL;
	}
}

/* ---- ibv_modify_qp ---- */

/* IBV_QP_* bits and the NIC_QP_* bit each one is. */
static const struct {
	int ibv;
	unsigned int nic;
} mask_map[] = {
	{ IBV_QP_STATE, NIC_QP_STATE },
	{ IBV_QP_ACCESS_FLAGS, NIC_QP_ACCESS },
	{ IBV_QP_PKEY_INDEX, NIC_QP_PKEY_INDEX },
	{ IBV_QP_PORT, NIC_QP_PORT },
	{ IBV_QP_AV, NIC_QP_PATH },
	{ IBV_QP_PATH_MTU, NIC_QP_PATH_MTU },
	{ IBV_QP_DEST_QPN, NIC_QP_DEST_QPN },
	{ IBV_QP_RQ_PSN, NIC_QP_RQ_PSN },
	{ IBV_QP_SQ_PSN, NIC_QP_SQ_PSN },
	{ IBV_QP_MAX_DEST_RD_ATOMIC, NIC_QP_MAX_DEST_RD_ATOMIC },
	{ IBV_QP_MAX_QP_RD_ATOMIC, NIC_QP_MAX_QP_RD_ATOMIC },
	{ IBV_QP_MIN_RNR_TIMER, NIC_QP_MIN_RNR_TIMER },
	{ IBV_QP_TIMEOUT, NIC_QP_TIMEOUT },
	{ IBV_QP_RETRY_CNT, NIC_QP_RETRY_CNT },
	{ IBV_QP_RNR_RETRY, NIC_QP_RNR_RETRY },
};

/* Translates what ibv_modify_qp asks (modify_lock held); NULL or the reason it is invalid. */
static const char *translate(struct verbs_qp *qp, const struct ibv_qp_attr *attr, int attr_mask,
			     struct nic_qp_attr *out, unsigned int *mask, int *error)
{
	int known = IBV_QP_CUR_STATE | IBV_QP_EN_SQD_ASYNC_NOTIFY;

	*mask = 0;
	for (size_t i = 0; i < sizeof(mask_map) / sizeof(mask_map[0]); i++) {
		known |= mask_map[i].ibv;
		if (attr_mask & mask_map[i].ibv)
			*mask |= mask_map[i].nic;
	}
	if (attr_mask & (IBV_QP_ALT_PATH | IBV_QP_PATH_MIG_STATE | IBV_QP_RATE_LIMIT)) {
		*error = EOPNOTSUPP;
		return "alternate paths, path migration and rate limits are not simulated";
	}
	if (attr_mask & ~known)
		return "attr_mask has bits an RC queue pair does not take (QKEY, CAP, unknown)";
	if ((attr_mask & IBV_QP_STATE) && (attr->qp_state > IBV_QPS_ERR || attr->qp_state == IBV_QPS_SQE))
		return "qp_state is not a state of an RC queue pair";
	if ((attr_mask & IBV_QP_PORT) && attr->port_num != 1)
		return "port_num is not 1 (the device has one port)";
	if ((attr_mask & IBV_QP_PKEY_INDEX) && attr->pkey_index != 0)
		return "pkey_index is not 0 (the port has one P_Key)";
	memset(out, 0, sizeof(*out));
	out->state = (enum nic_qp_state)attr->qp_state;
	out->access =
		attr->qp_access_flags & (IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC);
	out->pkey_index = attr->pkey_index;
	out->port = attr->port_num;
	out->path_mtu = (uint8_t)attr->path_mtu;
	out->dest_qpn = attr->dest_qp_num;
	out->rq_psn = attr->rq_psn;
	out->sq_psn = attr->sq_psn;
	out->max_dest_rd_atomic = attr->max_dest_rd_atomic;
	out->max_rd_atomic = attr->max_rd_atomic;
	out->min_rnr_timer = attr->min_rnr_timer;
	out->timeout = attr->timeout;
	out->retry_cnt = attr->retry_cnt;
	out->rnr_retry = attr->rnr_retry;
	if (attr_mask & IBV_QP_AV) {
		/* RoCE: the peer is named by its GID (the port is Ethernet: no LIDs) */
		if (!attr->ah_attr.is_global)
			return "ah_attr.is_global is 0: a RoCE path needs the peer's GID";
		if (attr->ah_attr.grh.sgid_index > 1)
			return "ah_attr.grh.sgid_index is not 0 or 1 (the port has 2 GIDs)";
		memcpy(out->path.dgid, attr->ah_attr.grh.dgid.raw, sizeof(out->path.dgid));
	}
	(void)qp;
	return NULL;
}

/* Returns 0 or an errno value, as rdma-core does. */
VERBS_EXPORT int ibv_modify_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask)
{
	__typeof__(&ibv_modify_qp) real = VERBS_REAL(ibv_modify_qp);
	struct nic_qp_attr nic_attr, now;
	const char *reason = NULL;
	struct verbs_qp *sim;
	unsigned int mask;
	int error = EINVAL, rc;

	VERBS_DELEGATE(ibv_modify_qp, (qp, attr, attr_mask));
	switch (verbs_route(__func__, qp, VERBS_QP, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		/* the NIC's change may flush WQEs into CQs: done under the QP's own lock */
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		return real(qp, attr, attr_mask);
	default:
		return errno;
	}
	if (!attr) {
		verbs_err(__func__, "attr is NULL");
		return errno = EINVAL;
	}
	pthread_mutex_lock(&sim->modify_lock);
	if (__atomic_load_n(&sim->nic->qps[VERBS_NIC_INDEX(sim->qpn)], __ATOMIC_ACQUIRE) != sim)
		reason = "the queue pair was destroyed meanwhile"; /* its rings are gone */
	else
		reason = translate(sim, attr, attr_mask, &nic_attr, &mask, &error);
	if (!reason && (attr_mask & IBV_QP_CUR_STATE) &&
	    (nic_qp_query(sim->nic->nic, sim->qpn, &now) || (int)now.state != (int)attr->cur_qp_state))
		reason = "cur_qp_state is not the queue pair's state";
	if (!reason) {
		rc = nic_qp_modify(sim->nic->nic, sim->qpn, &nic_attr, mask);
		/* -EPERM: no such transition; -EINVAL: a missing or extra attribute, a value out of
		 * range; the kernel answers EINVAL for both */
		if (rc)
			reason = rc == -EPERM ? "no such state transition for an RC queue pair"
					      : "the attributes do not match the transition (missing, extra or out of "
						"range)";
	}
	if (reason) {
		pthread_mutex_unlock(&sim->modify_lock);
		verbs_err(__func__, "%s", reason);
		return errno = error;
	}
	if (attr_mask & IBV_QP_AV)
		sim->ah_attr = attr->ah_attr;
	if (attr_mask & IBV_QP_DEST_QPN)
		__atomic_store_n(&sim->dest_qpn, attr->dest_qp_num, __ATOMIC_RELAXED);
	if (attr_mask & IBV_QP_STATE) {
		if (attr->qp_state == IBV_QPS_RESET) {
			/* the NIC forgot the rings' positions: so does the QP, as mlx5's */
			pthread_mutex_lock(&sim->sq_lock);
			pthread_mutex_lock(&sim->rq_lock);
			sim->sq_head = sim->rq_head = 0;
			__atomic_store_n(&sim->sq_tail, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&sim->rq_tail, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&sim->dbr[0], 0, __ATOMIC_RELEASE);
			pthread_mutex_unlock(&sim->rq_lock);
			pthread_mutex_unlock(&sim->sq_lock);
		}
		__atomic_store_n(&sim->error, attr->qp_state == IBV_QPS_ERR, __ATOMIC_RELAXED);
		__atomic_store_n(&qp->state, attr->qp_state, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&sim->modify_lock);
	return 0;
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int ibv_query_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask,
			      struct ibv_qp_init_attr *init_attr)
{
	__typeof__(&ibv_query_qp) real = VERBS_REAL(ibv_query_qp);
	struct nic_qp_attr now;
	struct verbs_qp *sim;

	VERBS_DELEGATE(ibv_query_qp, (qp, attr, attr_mask, init_attr));
	switch (verbs_route(__func__, qp, VERBS_QP, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(qp, attr, attr_mask, init_attr);
	default:
		return errno;
	}
	if (!attr || !init_attr || nic_qp_query(sim->nic->nic, sim->qpn, &now)) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "attr or init_attr is NULL");
		return errno = EINVAL;
	}
	/* every attribute is reported, whatever attr_mask asks (as the kernel does) */
	memset(attr, 0, sizeof(*attr));
	attr->qp_state = attr->cur_qp_state = (enum ibv_qp_state)now.state;
	attr->path_mtu = (enum ibv_mtu)now.path_mtu;
	attr->path_mig_state = IBV_MIG_MIGRATED;
	attr->rq_psn = now.rq_psn;
	attr->sq_psn = now.sq_psn;
	attr->dest_qp_num = now.dest_qpn;
	attr->qp_access_flags = (int)now.access;
	attr->cap = sim->init.cap;
	pthread_mutex_lock(&sim->modify_lock);
	attr->ah_attr = sim->ah_attr;
	pthread_mutex_unlock(&sim->modify_lock);
	attr->pkey_index = now.pkey_index;
	attr->max_rd_atomic = now.max_rd_atomic;
	attr->max_dest_rd_atomic = now.max_dest_rd_atomic;
	attr->min_rnr_timer = now.min_rnr_timer;
	attr->port_num = now.port;
	attr->timeout = now.timeout;
	attr->retry_cnt = now.retry_cnt;
	attr->rnr_retry = now.rnr_retry;
	*init_attr = sim->init;
	pthread_mutex_unlock(&verbs_lock);
	(void)attr_mask;
	return 0;
}

/* Takes the QP out of the NIC and of the op table; its CQs' polls see no more of it. */
void verbs_qp_destroy(struct verbs_qp *qp)
{
	nic_wq_destroy(qp->nic->nic, qp->qpn);
	/* polls look the QP up under their CQ's lock: none is using it once both are taken */
	pthread_mutex_lock(&qp->send_cq->poll_lock);
	if (qp->recv_cq != qp->send_cq)
		pthread_mutex_lock(&qp->recv_cq->poll_lock);
	__atomic_store_n(&qp->nic->qps[VERBS_NIC_INDEX(qp->qpn)], NULL, __ATOMIC_RELEASE);
	if (qp->srq)
		verbs_cq_release_srq_wqes(qp->recv_cq, qp);
	if (qp->recv_cq != qp->send_cq)
		pthread_mutex_unlock(&qp->recv_cq->poll_lock);
	pthread_mutex_unlock(&qp->send_cq->poll_lock);
	/* posts and modifications check the table again under their lock: once each lock has been
	 * taken here, none is still using the rings freed below (the locks are not destroyed: a
	 * call that found the QP live just before may still be about to take one, and sees it
	 * gone; glibc's mutexes hold nothing to free) */
	pthread_mutex_lock(&qp->modify_lock);
	pthread_mutex_lock(&qp->sq_lock);
	pthread_mutex_lock(&qp->rq_lock);
	pthread_mutex_unlock(&qp->rq_lock);
	pthread_mutex_unlock(&qp->sq_lock);
	pthread_mutex_unlock(&qp->modify_lock);
	qp->send_cq->users--;
	qp->recv_cq->users--;
	if (qp->srq)
		qp->srq->users--;
	qp->pd->queue_count--;
	free_rings(qp);
	verbs_registry_retire(&qp->ibv, qp);
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int ibv_destroy_qp(struct ibv_qp *qp)
{
	__typeof__(&ibv_destroy_qp) real = VERBS_REAL(ibv_destroy_qp);
	struct verbs_qp *sim;

	VERBS_DELEGATE(ibv_destroy_qp, (qp));
	switch (verbs_route(__func__, qp, VERBS_QP, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(qp);
	default:
		return errno;
	}
	verbs_qp_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
