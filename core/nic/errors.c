/*
 * Errors: error CQEs (mlx5 syndromes, REQ_ERR / RESP_ERR opcodes) and the error state. A
 * failing WQE completes with its syndrome whatever its completion mode; its queue then goes
 * to ERR and every WQE still posted completes with WR_FLUSH_ERR, as on mlx5. Nothing a WQE
 * names can do more than that: bad addresses and keys are refused by nic_env.mkey_reach before
 * any byte moves.
 */
#include "internal.h"

bool nic_wq_to_error(struct nic_wq *wq)
{
	int error = wq->type == NIC_WQ_TYPE_QP ? NIC_QP_ERR : NIC_WQ_ERR;
	int state = nic_wq_state(wq);

	while (state != error && state != NIC_WQ_RST)
		if (atomic_compare_exchange_weak(&wq->state, &state, error))
			return true;
	return false;
}

/* An error CQE of syndrome for wq's send WQE at wqe_counter of opcode sop. */
static void nic_cqe_send_error(struct nic_cqe *cqe, const struct nic_wq *wq, uint16_t wqe_counter, uint8_t sop,
			       uint8_t syndrome)
{
	*cqe = (struct nic_cqe){
		.opcode = NIC_CQE_REQ_ERR,
		.sop = sop,
		.syndrome = syndrome,
		.wqe_counter = wqe_counter,
		.qpn = wq->h.num,
		.user_index = wq->user_index,
	};
}

void nic_cqe_recv_error(struct nic_cqe *cqe, const struct nic_wq *wq, uint16_t wqe_counter, uint8_t syndrome)
{
	*cqe = (struct nic_cqe){
		.opcode = NIC_CQE_RESP_ERR,
		.syndrome = syndrome,
		.wqe_counter = wqe_counter,
		.qpn = wq->h.num,
		.user_index = wq->user_index,
	};
}

void nic_send_flush(struct nic_op *op, struct nic_wq *wq)
{
	struct nic_send *s = &wq->send;

	nic_send_forget_copies(s);
	if (s->stalled) {
		s->stalled = false;
		if (atomic_load_explicit(&wq->h.timer.listed, memory_order_relaxed))
			nic_timer_unlist(wq->h.nic, &wq->h.timer);
	}
	while (s->ci != s->pi) {
		struct nic_wqe_head head;
		struct nic_cqe cqe;

		if (nic_wqe_head(wq, s->ci, &head) || head.wqebbs > (uint16_t)(s->pi - s->ci))
			break; /* not a WQE: nothing more to report */
		nic_cqe_send_error(&cqe, wq, s->ci, head.opcode, NIC_SYND_WR_FLUSH);
		if (nic_cq_complete(op, s->cq, &cqe))
			break;
		s->ci = (uint16_t)(s->ci + head.wqebbs);
	}
	s->ci = s->pi;
}

void nic_send_fail(struct nic_op *op, struct nic_wq *wq, uint8_t sop, uint8_t syndrome, uint16_t wqebbs)
{
	struct nic_cqe cqe;

	nic_cqe_send_error(&cqe, wq, wq->send.ci, sop, syndrome);
	nic_cq_complete(op, wq->send.cq, &cqe);
	wq->send.ci = (uint16_t)(wq->send.ci + wqebbs);
	nic_wq_to_error(wq);
	nic_send_flush(op, wq);
	if (wq->type == NIC_WQ_TYPE_QP && wq->rq_type == NIC_QP_RQ_REGULAR) {
		pthread_mutex_lock(&wq->rlock);
		nic_recv_flush(op, wq);
		pthread_mutex_unlock(&wq->rlock);
	}
}

void nic_recv_fail(struct nic_op *op, struct nic_wq *wq)
{
	nic_wq_to_error(wq);
	nic_recv_flush(op, wq);
}
