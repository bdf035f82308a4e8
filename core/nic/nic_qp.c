/*
 * Queue pairs (RC): creation, the IB state machine with its attribute masks, queries, and the
 * connection: a QP in RTR knows its peer's NIC (found by address through the fabric) and QP
 * number, and its sends reach the peer directly, synchronously, as a lossless in-order wire
 * would deliver them. Also the state changes, queries and destruction every work queue
 * shares (the transport objects are transport.c's).
 */
#include "internal.h"

/* ---- Connection ----------------------------------------------------------------------------- */

static bool takes_packets(int state)
{
	return state == NIC_QP_RTR || state == NIC_QP_RTS || state == NIC_QP_SQD;
}

struct nic_wq *nic_qp_peer_lock(struct nic_wq *qp)
{
	struct nic *nic = qp->peer;
	struct nic_wq *peer;

	if (!nic || !atomic_load_explicit(&nic->live, memory_order_acquire))
		return NULL;
	peer = nic_wq_lock_recv(nic, qp->qattr.dest_qpn);
	if (!peer)
		return NULL;
	/* An RC responder takes only its own peer's packets. */
	if (peer->type != NIC_WQ_TYPE_QP || !takes_packets(nic_wq_state(peer)) || peer->qattr.dest_qpn != qp->h.num ||
	    peer->peer != qp->h.nic) {
		pthread_mutex_unlock(&peer->rlock);
		return NULL;
	}
	return peer;
}

void nic_qp_peer_unlock(struct nic_wq *peer)
{
	pthread_mutex_unlock(&peer->rlock);
}

uint32_t nic_qp_packets(const struct nic_wq *qp, uint32_t len)
{
	uint32_t mtu = 128u << (qp->qattr.path_mtu ? qp->qattr.path_mtu : 5);

	return len ? (len + mtu - 1) / mtu : 1;
}

uint64_t nic_qp_rnr_ns(const struct nic_wq *qp)
{
	/* IB's RNR NAK timer field, in units of 10 us (0 is the longest, 655.36 ms). */
	static const uint32_t ten_us[32] = {
		65536, 1,   2,   3,   4,    6,    8,    12,   16,   24,   32,   48,    64,    96,    128,   192,
		256,   384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152,
	};

	return (uint64_t)ten_us[qp->send.rnr_timer & 31] * 10000;
}

/* ---- QPs -------------------------------------------------------------------------------------- */

struct nic_wq *nic_wq_get(struct nic *nic, uint32_t wqn, enum nic_wq_type type)
{
	struct nic_wq *wq = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, wqn);

	if (!wq)
		return NULL;
	if (wq->type != type) {
		pthread_mutex_unlock(&wq->h.lock);
		return NULL;
	}
	atomic_fetch_add(&wq->h.users, 1);
	pthread_mutex_unlock(&wq->h.lock);
	return wq;
}

static int qp_check(struct nic *nic, const struct nic_qp_create_attr *a)
{
	if (a->rq_type != NIC_QP_RQ_REGULAR && a->rq_type != NIC_QP_RQ_RMP && a->rq_type != NIC_QP_RQ_NONE)
		return -EINVAL;
	if ((!a->no_sq && a->log_sq_depth > NIC_LOG_MAX_WQ_SIZE) ||
	    (a->rq_type == NIC_QP_RQ_REGULAR && (a->log_rq_depth > NIC_LOG_MAX_WQ_SIZE || a->log_rq_stride < 4 ||
						 a->log_rq_stride > NIC_LOG_MAX_RQ_STRIDE)))
		return -EINVAL;
	/* The SQ follows the RQ in mlx5's QP buffer, so a one-WQE RQ of 16 bytes puts it at a
	 * 16-byte boundary: WQEBBs are read in 8-byte words, which that alignment allows. */
	if (!a->no_sq && (a->sq_ring.addr % 16 || !nic_reach(nic, a->sq_ring, 0, 64ull << a->log_sq_depth, false)))
		return -EFAULT;
	if (a->rq_type == NIC_QP_RQ_REGULAR &&
	    !nic_reach(nic, a->rq_ring, 0, (uint64_t)1 << (a->log_rq_depth + a->log_rq_stride), false))
		return -EFAULT;
	if (a->dbr.addr % 8 || !nic_reach(nic, a->dbr, 0, 8, false))
		return -EFAULT;
	return 0;
}

int nic_qp_create(struct nic *nic, const struct nic_qp_create_attr *a, uint32_t *qpn)
{
	struct nic_cq *scq = NULL, *rcq = NULL;
	struct nic_wq *rmp = NULL, *qp;
	int rc = qp_check(nic, a);

	if (rc)
		return rc;
	rc = -ENOENT;
	if (!a->no_sq && !(scq = (struct nic_cq *)nic_obj_get(nic, NIC_OBJ_CQ, a->sq_cqn)))
		goto fail;
	if (a->rq_type != NIC_QP_RQ_NONE && !(rcq = (struct nic_cq *)nic_obj_get(nic, NIC_OBJ_CQ, a->rq_cqn)))
		goto fail;
	if (a->rq_type == NIC_QP_RQ_RMP && !(rmp = nic_wq_get(nic, a->rmpn, NIC_WQ_TYPE_RMP)))
		goto fail;
	qp = (struct nic_wq *)nic_obj_alloc(nic, NIC_OBJ_WQ);
	rc = -ENOSPC;
	if (!qp)
		goto fail;
	qp->h.owner = a->owner;
	qp->type = NIC_WQ_TYPE_QP;
	atomic_init(&qp->state, NIC_QP_RST);
	qp->pd = a->pd;
	qp->user_index = a->user_index;
	qp->no_sq = a->no_sq;
	qp->rq_type = a->rq_type;
	qp->send.ring = a->sq_ring;
	qp->send.log_depth = a->log_sq_depth;
	qp->send.cq = scq;
	qp->rcq = rcq;
	qp->rmp = rmp;
	if (a->rq_type == NIC_QP_RQ_REGULAR)
		nic_recv_init(&qp->recv, &(struct nic_rq_attr){
						 .kind = NIC_RQ_CYCLIC,
						 .log_depth = a->log_rq_depth,
						 .log_stride = a->log_rq_stride,
						 .ring = a->rq_ring,
						 .dbr = a->dbr,
					 });
	qp->qattr.port = 1;
	qp->qattr.path_mtu = 5;
	*qpn = qp->h.num;
	nic_obj_publish(&qp->h);
	return 0;
fail:
	nic_obj_put((struct nic_obj *)scq);
	nic_obj_put((struct nic_obj *)rcq);
	nic_obj_put((struct nic_obj *)rmp);
	return rc;
}

enum {
	TO_INIT = NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT,
	TO_RTR = NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN | NIC_QP_MAX_DEST_RD_ATOMIC |
		 NIC_QP_MIN_RNR_TIMER,
	TO_RTS = NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT | NIC_QP_RNR_RETRY | NIC_QP_MAX_QP_RD_ATOMIC,
	IN_RTS = NIC_QP_ACCESS | NIC_QP_MIN_RNR_TIMER,
};

/* The RC state machine: which transitions exist, with their required and optional masks. */
static bool transition(int from, int to, unsigned *required, unsigned *optional)
{
	*required = *optional = 0;
	if (to == NIC_QP_RST || to == NIC_QP_ERR)
		return true;
	switch (from << 4 | to) {
	case NIC_QP_RST << 4 | NIC_QP_INIT:
		*required = TO_INIT;
		return true;
	case NIC_QP_INIT << 4 | NIC_QP_INIT:
		*optional = TO_INIT;
		return true;
	case NIC_QP_INIT << 4 | NIC_QP_RTR:
		*required = TO_RTR;
		*optional = NIC_QP_ACCESS | NIC_QP_PKEY_INDEX;
		return true;
	case NIC_QP_RTR << 4 | NIC_QP_RTS:
		*required = TO_RTS;
		*optional = IN_RTS;
		return true;
	case NIC_QP_RTS << 4 | NIC_QP_RTS:
	case NIC_QP_RTS << 4 | NIC_QP_SQD:
	case NIC_QP_SQD << 4 | NIC_QP_SQD:
	case NIC_QP_SQD << 4 | NIC_QP_RTS:
		*optional = IN_RTS;
		return true;
	default:
		return false;
	}
}

static bool values_ok(struct nic *nic, const struct nic_qp_attr *a, unsigned mask)
{
	return (!(mask & NIC_QP_ACCESS) ||
		!(a->access & ~(unsigned)(NIC_ACCESS_LOCAL_WRITE | NIC_ACCESS_REMOTE_WRITE | NIC_ACCESS_REMOTE_READ |
					  NIC_ACCESS_REMOTE_ATOMIC))) &&
	       (!(mask & NIC_QP_PORT) || (a->port >= 1 && a->port <= nic->nports)) &&
	       (!(mask & NIC_QP_PATH_MTU) || (a->path_mtu >= 1 && a->path_mtu <= 5)) &&
	       (!(mask & NIC_QP_DEST_QPN) || a->dest_qpn <= NIC_NUM_MASK) &&
	       (!(mask & NIC_QP_RQ_PSN) || a->rq_psn <= NIC_NUM_MASK) &&
	       (!(mask & NIC_QP_SQ_PSN) || a->sq_psn <= NIC_NUM_MASK) &&
	       (!(mask & NIC_QP_MIN_RNR_TIMER) || a->min_rnr_timer <= 31) &&
	       (!(mask & NIC_QP_TIMEOUT) || a->timeout <= 31) && (!(mask & NIC_QP_RETRY_CNT) || a->retry_cnt <= 7) &&
	       (!(mask & NIC_QP_RNR_RETRY) || a->rnr_retry <= 7);
}

static void apply(struct nic_qp_attr *q, const struct nic_qp_attr *a, unsigned mask)
{
	if (mask & NIC_QP_ACCESS)
		q->access = a->access;
	if (mask & NIC_QP_PKEY_INDEX)
		q->pkey_index = a->pkey_index;
	if (mask & NIC_QP_PORT)
		q->port = a->port;
	if (mask & NIC_QP_PATH)
		q->path = a->path;
	if (mask & NIC_QP_PATH_MTU)
		q->path_mtu = a->path_mtu;
	if (mask & NIC_QP_DEST_QPN)
		q->dest_qpn = a->dest_qpn;
	if (mask & NIC_QP_RQ_PSN)
		q->rq_psn = a->rq_psn;
	if (mask & NIC_QP_SQ_PSN)
		q->sq_psn = a->sq_psn;
	if (mask & NIC_QP_MAX_DEST_RD_ATOMIC)
		q->max_dest_rd_atomic = a->max_dest_rd_atomic;
	if (mask & NIC_QP_MAX_QP_RD_ATOMIC)
		q->max_rd_atomic = a->max_rd_atomic;
	if (mask & NIC_QP_MIN_RNR_TIMER)
		q->min_rnr_timer = a->min_rnr_timer;
	if (mask & NIC_QP_TIMEOUT)
		q->timeout = a->timeout;
	if (mask & NIC_QP_RETRY_CNT)
		q->retry_cnt = a->retry_cnt;
	if (mask & NIC_QP_RNR_RETRY)
		q->rnr_retry = a->rnr_retry;
}

static void set_peer(struct nic_wq *qp, struct nic *peer)
{
	if (qp->peer)
		nic_unref(qp->peer);
	qp->peer = peer;
}

/* Forgets where the send ring was (RST; both locks held). */
static void send_reset(struct nic_wq *wq)
{
	wq->send.ci = wq->send.pi = 0;
	nic_send_forget_copies(&wq->send);
	wq->send.stalled = false;
	wq->send.rnr_attempts = 0;
	if (atomic_load_explicit(&wq->h.timer.listed, memory_order_relaxed))
		nic_timer_unlist(wq->h.nic, &wq->h.timer);
}

int nic_qp_modify(struct nic *nic, uint32_t qpn, const struct nic_qp_attr *attr, unsigned mask)
{
	struct nic_op op;
	unsigned required, optional;
	struct nic_wq *qp;
	int from, to;

	nic_op_begin(&op);
	qp = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, qpn);
	if (!qp)
		return -ENOENT;
	if (qp->type != NIC_WQ_TYPE_QP) {
		pthread_mutex_unlock(&qp->h.lock);
		return -ENOENT;
	}
	from = nic_wq_state(qp);
	to = mask & NIC_QP_STATE ? (int)attr->state : from;
	if (!transition(from, to, &required, &optional)) {
		pthread_mutex_unlock(&qp->h.lock);
		return -EPERM;
	}
	if ((mask & required) != required || (mask & ~(required | optional | NIC_QP_STATE)) ||
	    !values_ok(nic, attr, mask)) {
		pthread_mutex_unlock(&qp->h.lock);
		return -EINVAL;
	}
	pthread_mutex_lock(&qp->rlock);
	apply(&qp->qattr, attr, mask);
	if (to == NIC_QP_RST) {
		send_reset(qp);
		nic_recv_reset(&qp->recv);
		set_peer(qp, NULL);
	} else if (from == NIC_QP_INIT && to == NIC_QP_RTR) {
		set_peer(qp, nic_fabric_route(nic, &qp->qattr.path));
	}
	atomic_store_explicit(&qp->state, to, memory_order_release);
	if (to == NIC_QP_ERR) { /* ERR->ERR flushes what was posted since */
		nic_send_flush(&op, qp);
		nic_recv_flush(&op, qp);
	}
	pthread_mutex_unlock(&qp->rlock);
	/* Doorbells kept while draining run now (the receive lock is free: the send path may
	 * take other QPs' receive locks). */
	if (from == NIC_QP_SQD && to == NIC_QP_RTS)
		nic_send_run(&op, qp);
	pthread_mutex_unlock(&qp->h.lock);
	nic_op_end(&op);
	return 0;
}

int nic_qp_query(struct nic *nic, uint32_t qpn, struct nic_qp_attr *attr)
{
	struct nic_wq *qp = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, qpn);

	if (!qp)
		return -ENOENT;
	if (qp->type != NIC_WQ_TYPE_QP) {
		pthread_mutex_unlock(&qp->h.lock);
		return -ENOENT;
	}
	pthread_mutex_lock(&qp->rlock);
	*attr = qp->qattr;
	attr->state = nic_wq_state(qp);
	pthread_mutex_unlock(&qp->rlock);
	pthread_mutex_unlock(&qp->h.lock);
	return 0;
}

/* ---- Every work queue ------------------------------------------------------------------------ */

int nic_wq_modify(struct nic *nic, uint32_t wqn, enum nic_wq_state state)
{
	struct nic_op op;
	struct nic_wq *wq = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, wqn);
	int from;

	nic_op_begin(&op);
	if (!wq)
		return -ENOENT;
	from = nic_wq_state(wq);
	if (wq->type == NIC_WQ_TYPE_QP ||
	    !(state == NIC_WQ_RST || (from == NIC_WQ_RST && state == NIC_WQ_RDY) ||
	      (from == NIC_WQ_RDY && state == NIC_WQ_RDY) || (from != NIC_WQ_RST && state == NIC_WQ_ERR))) {
		pthread_mutex_unlock(&wq->h.lock);
		return -EINVAL;
	}
	pthread_mutex_lock(&wq->rlock);
	if (state == NIC_WQ_RST) {
		send_reset(wq);
		nic_recv_reset(&wq->recv);
	}
	atomic_store_explicit(&wq->state, state, memory_order_release);
	if (state == NIC_WQ_ERR) { /* ERR->ERR flushes what was posted since */
		if (wq->type == NIC_WQ_TYPE_SQ)
			nic_send_flush(&op, wq);
		else
			nic_recv_flush(&op, wq);
	}
	pthread_mutex_unlock(&wq->rlock);
	pthread_mutex_unlock(&wq->h.lock);
	nic_op_end(&op);
	return 0;
}

int nic_wq_destroy(struct nic *nic, uint32_t wqn)
{
	struct nic_wq *wq = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, wqn);

	if (!wq)
		return -ENOENT;
	/* An RQ goes whatever TIRs and RQ tables name it (its owner, a process being destroyed,
	 * takes its memory with it): they let it go, and the frames they would give it are dropped.
	 * Only one being made with it meanwhile still holds it. */
	if (wq->type == NIC_WQ_TYPE_RQ && atomic_load(&wq->h.users))
		nic_rq_detach(wq);
	if (atomic_load(&wq->h.users)) {
		pthread_mutex_unlock(&wq->h.lock);
		return -EBUSY;
	}
	pthread_mutex_lock(&wq->rlock);
	if (atomic_load_explicit(&wq->h.timer.listed, memory_order_relaxed))
		nic_timer_unlist(nic, &wq->h.timer);
	nic_obj_put((struct nic_obj *)wq->send.cq);
	nic_obj_put((struct nic_obj *)wq->rcq);
	nic_obj_put((struct nic_obj *)wq->send.tis);
	nic_obj_put((struct nic_obj *)wq->rmp);
	nic_send_forget_copies(&wq->send);
	set_peer(wq, NULL);
	nic_obj_retire(&wq->h);
	pthread_mutex_unlock(&wq->rlock);
	pthread_mutex_unlock(&wq->h.lock);
	nic_obj_recycle(&wq->h, wqn);
	return 0;
}

int nic_wq_query(struct nic *nic, uint32_t wqn, struct nic_wq_info *info)
{
	struct nic_wq *wq = (struct nic_wq *)nic_table_lock(nic, NIC_OBJ_WQ, wqn);

	if (!wq)
		return -ENOENT;
	pthread_mutex_lock(&wq->rlock);
	*info = (struct nic_wq_info){
		.type = wq->type,
		.owner = wq->h.owner,
		.state = nic_wq_state(wq),
		.sq_ci = wq->send.ci,
		.sq_pi = wq->send.pi,
		.rq_ci = wq->recv.ci,
		.wqes = wq->send.wqes,
		.received = wq->recv.received,
		.dropped = wq->recv.dropped,
		.rnr = wq->send.rnr,
	};
	pthread_mutex_unlock(&wq->rlock);
	pthread_mutex_unlock(&wq->h.lock);
	return 0;
}
