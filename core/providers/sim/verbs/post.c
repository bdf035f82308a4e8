/*
 * Posting to simulated RC QPs: ibv_post_send and ibv_post_recv (verbs.h's inline helpers,
 * through context->ops).  Each send work request becomes an mlx5 WQE in the send ring (ctrl,
 * rdma, atomic, data segments or inline data), as libmlx5 writes it; the doorbell
 * (NIC_DB_SEND, owner: the context) executes them before it returns, or, for a queue pair given
 * to the NIC's DMA engine (flexio_sim_qp_use_dma_engine), queues them for the engine, which
 * executes them on its thread or as the QP's CQ is polled (verbs_op_poll_cq). Receive work requests
 * are written to the receive ring and published through the doorbell record, with no doorbell.
 *
 * No global lock: the QP is checked against the NIC's table of live QPs (an atomic load), and
 * posts to one QP's send or receive side take that side's own lock.  Errors follow libmlx5:
 * an unknown opcode or too many scatter entries EINVAL, a full queue or inline data past
 * max_inline_data ENOMEM, with *bad_wr the request that failed (those before it are posted).
 */
#include "verbs_internal.h"
#include "byteorder.h"

#include <endian.h>
#include <string.h>

/* The live QP the op was called on, or NULL (logged, errno EINVAL). */
static struct verbs_qp *live_qp(const char *function, struct ibv_qp *qp)
{
	struct verbs_nic *nic;
	struct verbs_qp *sim;

	if (!qp) {
		verbs_err(function, "queue pair is NULL");
		errno = EINVAL;
		return NULL;
	}
	nic = verbs_nic_of_context(qp->context);
	sim = nic ? __atomic_load_n(&nic->qps[VERBS_NIC_INDEX(qp->qp_num)], __ATOMIC_ACQUIRE) : NULL;
	if (!sim || &sim->ibv != qp) {
		verbs_err(function, "%p is not a live queue pair of the simulated device", (void *)qp);
		errno = EINVAL;
		return NULL;
	}
	return sim;
}

/* Whether the QP is still in the NIC's table, checked again under one of its locks:
 * ibv_destroy_qp takes them after taking the QP out of the table and before freeing its rings,
 * so a post that raced with it either finishes first or sees it gone here. */
static bool still_live(const struct verbs_qp *qp)
{
	return __atomic_load_n(&qp->nic->qps[VERBS_NIC_INDEX(qp->qpn)], __ATOMIC_ACQUIRE) == qp;
}

/* A data (pointer) segment. */
static uint8_t *put_data(uint8_t *p, uint32_t length, uint32_t lkey, uint64_t addr)
{
	be32_put(p, length);
	be32_put(p + 4, lkey);
	be64_put(p + 8, addr);
	return p + 16;
}

/* The mlx5 opcode of a work request, or -1 when the simulated QP does not do it. */
static int opcode_of(enum ibv_wr_opcode opcode)
{
	switch (opcode) {
	case IBV_WR_SEND:
		return MLX5_OPCODE_SEND;
	case IBV_WR_SEND_WITH_IMM:
		return MLX5_OPCODE_SEND_IMM;
	case IBV_WR_RDMA_WRITE:
		return MLX5_OPCODE_RDMA_WRITE;
	case IBV_WR_RDMA_WRITE_WITH_IMM:
		return MLX5_OPCODE_RDMA_WRITE_IMM;
	case IBV_WR_RDMA_READ:
		return MLX5_OPCODE_RDMA_READ;
	case IBV_WR_ATOMIC_CMP_AND_SWP:
		return MLX5_OPCODE_ATOMIC_CS;
	case IBV_WR_ATOMIC_FETCH_AND_ADD:
		return MLX5_OPCODE_ATOMIC_FA;
	default:
		return -1;
	}
}

/* Builds the WQE of wr at the QP's head into wqe; its size in bytes, or 0 with the reason. */
static unsigned int build(struct verbs_qp *qp, const struct ibv_send_wr *wr, int opcode, uint8_t *wqe,
			  const char **reason, int *error)
{
	uint8_t *p = wqe + 16;
	bool signaled = (wr->send_flags & IBV_SEND_SIGNALED) || qp->init.sq_sig_all;
	bool data_out =
		opcode != MLX5_OPCODE_RDMA_READ && opcode != MLX5_OPCODE_ATOMIC_CS && opcode != MLX5_OPCODE_ATOMIC_FA;
	unsigned int size;

	if (wr->num_sge < 0 || (unsigned int)wr->num_sge > qp->init.cap.max_send_sge) {
		*reason = "num_sge is above the queue pair's max_send_sge";
		*error = EINVAL;
		return 0;
	}
	if (wr->num_sge && !wr->sg_list) {
		*reason = "num_sge is not 0 but sg_list is NULL";
		*error = EINVAL;
		return 0;
	}
	switch (opcode) {
	case MLX5_OPCODE_RDMA_WRITE:
	case MLX5_OPCODE_RDMA_WRITE_IMM:
	case MLX5_OPCODE_RDMA_READ:
		be64_put(p, wr->wr.rdma.remote_addr);
		be32_put(p + 8, wr->wr.rdma.rkey);
		memset(p + 12, 0, 4);
		p += 16;
		break;
	case MLX5_OPCODE_ATOMIC_CS:
	case MLX5_OPCODE_ATOMIC_FA:
		if (wr->num_sge < 1) {
			*reason = "an atomic needs one scatter entry for the original value";
			*error = EINVAL;
			return 0;
		}
		be64_put(p, wr->wr.atomic.remote_addr);
		be32_put(p + 8, wr->wr.atomic.rkey);
		memset(p + 12, 0, 4);
		p += 16;
		be64_put(p, opcode == MLX5_OPCODE_ATOMIC_CS ? wr->wr.atomic.swap : wr->wr.atomic.compare_add);
		be64_put(p + 8, opcode == MLX5_OPCODE_ATOMIC_CS ? wr->wr.atomic.compare_add : 0);
		p += 16;
		/* as libmlx5: the result is 8 bytes, whatever the entry says */
		p = put_data(p, 8, wr->sg_list[0].lkey, wr->sg_list[0].addr);
		break;
	default:
		break;
	}
	if (opcode != MLX5_OPCODE_ATOMIC_CS && opcode != MLX5_OPCODE_ATOMIC_FA) {
		if (data_out && (wr->send_flags & IBV_SEND_INLINE)) {
			uint8_t *header = p;
			uint32_t total = 0;

			p += 4;
			for (int i = 0; i < wr->num_sge; i++) {
				uint32_t length = wr->sg_list[i].length;

				/* total <= max_inline_data: no 32-bit wrap-around */
				if (length > qp->init.cap.max_inline_data - total) {
					*reason = "the inline data is above the queue pair's max_inline_data";
					*error = ENOMEM;
					return 0;
				}
				memcpy(p, (const void *)(uintptr_t)wr->sg_list[i].addr, length);
				p += length;
				total += length;
			}
			be32_put(header, total | MLX5_INLINE_SEG);
			size = (unsigned int)(p - wqe);
			size = (size + 15) & ~15u;
			memset(p, 0, (size_t)(wqe + size - p));
			p = wqe + size;
		} else {
			for (int i = 0; i < wr->num_sge; i++)
				/* as libmlx5: empty entries are left out (0 would mean 2 GiB) */
				if (wr->sg_list[i].length)
					p = put_data(p, wr->sg_list[i].length, wr->sg_list[i].lkey,
						     wr->sg_list[i].addr);
		}
	}
	size = (unsigned int)(p - wqe);
	/* ctrl: opcode and WQE index, QP number and size in 16-byte units, completion, immediate */
	be32_put(wqe, (uint32_t)(qp->sq_head << 8) | (uint32_t)opcode);
	be32_put(wqe + 4, qp->qpn << 8 | size / 16);
	wqe[8] = wqe[9] = wqe[10] = 0;
	wqe[11] = (uint8_t)((signaled ? MLX5_WQE_CTRL_CQ_UPDATE : 0) |
			    (wr->send_flags & IBV_SEND_SOLICITED ? MLX5_WQE_CTRL_SOLICITED : 0));
	if (opcode == MLX5_OPCODE_SEND_IMM || opcode == MLX5_OPCODE_RDMA_WRITE_IMM)
		memcpy(wqe + 12, &wr->imm_data, 4); /* already in network order */
	else
		memset(wqe + 12, 0, 4);
	return size;
}

int verbs_op_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr)
{
	struct verbs_qp *sim = live_qp("ibv_post_send", qp);
	uint8_t wqe[VERBS_WQE_MAX_BYTES + 64] __attribute__((aligned(16)));
	struct ibv_send_wr *head = wr;
	const char *reason = NULL;
	uint16_t first;
	int error = 0, state, rc;
	bool posted = false;

	if (!sim) {
		if (bad_wr)
			*bad_wr = wr;
		return EINVAL;
	}
	if (!bad_wr) {
		verbs_err("ibv_post_send", "bad_wr is NULL");
		return errno = EINVAL;
	}
	state = __atomic_load_n(&qp->state, __ATOMIC_ACQUIRE);
	if (state == IBV_QPS_RESET || state == IBV_QPS_INIT || state == IBV_QPS_RTR || !sim->sq_count) {
		*bad_wr = wr;
		verbs_err("ibv_post_send", "queue pair 0x%x has no send queue or is not ready to send (state %d)",
			  sim->qpn, state);
		return errno = EINVAL;
	}
	pthread_mutex_lock(&sim->sq_lock);
	if (!still_live(sim)) {
		pthread_mutex_unlock(&sim->sq_lock);
		*bad_wr = wr;
		verbs_err("ibv_post_send", "%p is not a live queue pair of the simulated device", (void *)qp);
		return errno = EINVAL;
	}
	first = sim->sq_head;
	for (; wr; wr = wr->next) {
		int opcode = opcode_of(wr->opcode);
		unsigned int size, wqebbs;
		uint16_t used = (uint16_t)(sim->sq_head - __atomic_load_n(&sim->sq_tail, __ATOMIC_ACQUIRE));

		if (opcode < 0) {
			reason = "the opcode is not one the simulated RC queue pair does", error = EINVAL;
			break;
		}
		size = build(sim, wr, opcode, wqe, &reason, &error);
		if (!size)
			break;
		wqebbs = (size + 63) / 64;
		if (used + wqebbs > sim->sq_count) {
			reason = "the send queue is full", error = ENOMEM;
			break;
		}
		for (unsigned int bb = 0; bb < wqebbs; bb++) {
			unsigned int bytes = bb == wqebbs - 1 && size % 64 ? size % 64 : 64;

			memcpy(sim->sq + (size_t)((sim->sq_head + bb) & (sim->sq_count - 1)) * 64, wqe + bb * 64,
			       bytes);
		}
		sim->sq_wr_id[sim->sq_head & (sim->sq_count - 1)] = wr->wr_id;
		sim->sq_wqebbs[sim->sq_head & (sim->sq_count - 1)] = (uint8_t)wqebbs;
		sim->sq_head = (uint16_t)(sim->sq_head + wqebbs);
		posted = true;
	}
	if (posted) {
		__atomic_store_n(&sim->dbr[1], htobe32(sim->sq_head), __ATOMIC_RELEASE);
		/* the DMA engine's queue pair: executed later by the engine, or now when it has no room */
		rc = sim->dma_engine
			     ? nic_doorbell_deferred(sim->nic->nic, verbs_owner(sim->context), sim->qpn,
						     sim->send_cq->cqn,
						     sim->recv_cq ? sim->recv_cq->cqn : sim->send_cq->cqn, sim->sq_head)
			     : -1;
		if (rc)
			rc = nic_doorbell(sim->nic->nic, verbs_owner(sim->context), NIC_DB_SEND, sim->qpn,
					  sim->sq_head);
		if (rc) {
			/* the QP was reset meanwhile: nothing was taken, from the first request on */
			sim->sq_head = first;
			wr = head;
			reason = "the NIC refused the doorbell: the queue pair is not ready to send", error = EINVAL;
		}
	}
	pthread_mutex_unlock(&sim->sq_lock);
	if (reason) {
		*bad_wr = wr;
		verbs_err("ibv_post_send", "%s", reason);
		return errno = error;
	}
	return 0;
}

int verbs_op_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	struct verbs_qp *sim = live_qp("ibv_post_recv", qp);
	const char *reason = NULL;
	unsigned int slots;
	int error = 0;

	if (!sim) {
		if (bad_wr)
			*bad_wr = wr;
		return EINVAL;
	}
	if (!bad_wr) {
		verbs_err("ibv_post_recv", "bad_wr is NULL");
		return errno = EINVAL;
	}
	if (!sim->rq_count) {
		*bad_wr = wr;
		verbs_err("ibv_post_recv", "queue pair 0x%x has no receive queue (it uses an SRQ, or max_recv_wr 0)",
			  sim->qpn);
		return errno = EINVAL;
	}
	slots = (1u << sim->log_rq_stride) / 16;
	pthread_mutex_lock(&sim->rq_lock);
	if (!still_live(sim)) {
		pthread_mutex_unlock(&sim->rq_lock);
		*bad_wr = wr;
		verbs_err("ibv_post_recv", "%p is not a live queue pair of the simulated device", (void *)qp);
		return errno = EINVAL;
	}
	for (; wr; wr = wr->next) {
		uint8_t *p = sim->rq + ((size_t)(sim->rq_head & (sim->rq_count - 1)) << sim->log_rq_stride);
		uint16_t used = (uint16_t)(sim->rq_head - __atomic_load_n(&sim->rq_tail, __ATOMIC_ACQUIRE));
		unsigned int n = 0;

		if (wr->num_sge < 0 || (unsigned int)wr->num_sge > slots) {
			reason = "num_sge is above the queue pair's max_recv_sge", error = EINVAL;
			break;
		}
		if (wr->num_sge && !wr->sg_list) {
			reason = "num_sge is not 0 but sg_list is NULL", error = EINVAL;
			break;
		}
		if (used >= sim->rq_count) {
			reason = "the receive queue is full", error = ENOMEM;
			break;
		}
		for (int i = 0; i < wr->num_sge; i++)
			if (wr->sg_list[i].length)
				put_data(p + 16 * n++, wr->sg_list[i].length, wr->sg_list[i].lkey, wr->sg_list[i].addr);
		if (n < slots) /* the scatter list ends early */
			put_data(p + 16 * n, 0, MLX5_INVALID_LKEY, 0);
		sim->rq_wr_id[sim->rq_head & (sim->rq_count - 1)] = wr->wr_id;
		sim->rq_head++;
	}
	/* the WQEs first, then the counter that hands them to the NIC */
	__atomic_store_n(&sim->dbr[0], htobe32(sim->rq_head), __ATOMIC_RELEASE);
	pthread_mutex_unlock(&sim->rq_lock);
	/* the NIC flushes receive WQEs posted to a QP in error when it is moved to ERR again;
	 * checked live again under modify_lock: a QP destroyed meanwhile may have left its
	 * number to a new one */
	if (__atomic_load_n(&sim->error, __ATOMIC_RELAXED)) {
		pthread_mutex_lock(&sim->modify_lock);
		if (__atomic_load_n(&sim->error, __ATOMIC_RELAXED) && still_live(sim))
			nic_qp_modify(sim->nic->nic, sim->qpn, &(struct nic_qp_attr){ .state = NIC_QP_ERR },
				      NIC_QP_STATE);
		pthread_mutex_unlock(&sim->modify_lock);
	}
	if (reason) {
		*bad_wr = wr;
		verbs_err("ibv_post_recv", "%s", reason);
		return errno = error;
	}
	return 0;
}

VERBS_EXPORT int flexio_sim_qp_use_dma_engine(struct ibv_qp *qp)
{
	struct verbs_ctx *context = NULL;
	struct verbs_qp *sim;

	VERBS_DELEGATE(flexio_sim_qp_use_dma_engine, (qp));
	if (qp) {
		pthread_mutex_lock(&verbs_lock);
		if (!verbs_registry_lookup(qp->context, VERBS_CONTEXT, (void **)&context))
			context = NULL;
		pthread_mutex_unlock(&verbs_lock);
		if (!context)
			return errno = ENODEV; /* a real device's: its DMA engine is asynchronous already */
	}
	sim = live_qp(__func__, qp);
	if (!sim)
		return EINVAL;
	/* under sq_lock: the posts from here on queue their doorbells */
	pthread_mutex_lock(&sim->sq_lock);
	sim->dma_engine = true;
	pthread_mutex_unlock(&sim->sq_lock);
	return 0;
}
