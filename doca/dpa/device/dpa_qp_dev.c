/*
 * DPA QP endpoints, the device side (dpa_qp_dev.h; the design is doca/dpa/dpa_qp.c's): work
 * requests built with libflexio-dev's WQE helpers in the endpoint's SQ ring (one 64-byte WQEBB
 * each), its doorbell rung through the calling thread's outbox, completions taken from the send
 * CQ into the endpoint's slot records, receive completions handed to the caller.
 *
 * Concurrency: the send side (ring, producer counter, send CQ, slot records) is under the
 * descriptor's sq_lock, a spinlock in DPA memory (the DPA's AMOs work there). Whoever holds it
 * takes every completion the CQ has, recording each in its WQE's slot and publishing it with a
 * release store of the slot's done word; a waiter spins on its slot's done word and, when the
 * lock is free, takes completions itself, so no thread waits for another to poll. A slot is
 * reused only once its completion was taken and, if it was posted for a waiter (hold), once the
 * waiter read it. The receive side has its own lock.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "dpa_qp_dev.h"

/* CQE opcodes (mlx5). */
#define CQE_REQ 0x0
#define CQE_RESP_WR_IMM 0x1
#define CQE_RESP_SEND 0x2
#define CQE_RESP_SEND_IMM 0x3
#define CQE_REQ_ERR 0xd

#define WQEBB 64u
#define RWQE 16u

static struct spinlock_s *lock_of(uint32_t *word)
{
	return (struct spinlock_s *)word;
}

static struct opendoca_dpa_qp_slot *slot_of(struct opendoca_dpa_qp_desc *qp, uint32_t ticket)
{
	return (struct opendoca_dpa_qp_slot *)qp->slots + (ticket & ((1u << qp->log_sq_depth) - 1));
}

/* The CQE at consumer counter ci of a ring of 1 << log_depth, or NULL while the NIC owns it. */
static struct flexio_dev_cqe64 *cqe_at(uint64_t ring, uint32_t log_depth, uint32_t ci)
{
	struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)ring + (ci & ((1u << log_depth) - 1));

	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> log_depth) & 1))
		return 0;
	__dpa_thread_memory_fence(__DPA_R, __DPA_R); /* the rest of the CQE after its owner bit */
	return cqe;
}

static uint8_t error_status(struct flexio_dev_cqe64 *cqe)
{
	uint8_t syndrome = (uint8_t)flexio_dev_cqe_get_err_synd(cqe);

	return syndrome ? syndrome : OPENDOCA_DPA_QP_STATUS_UNKNOWN;
}

/* Takes every completion of the send CQ into the slots (sq_lock held). Each WQE asks for a
 * CQE and an error flushes the rest with one each, so the n-th CQE is ticket n's. */
static void take_send_completions(struct opendoca_dpa_qp_desc *qp)
{
	uint32_t ci = qp->sq_ci, start = ci;
	struct flexio_dev_cqe64 *cqe;

	while ((cqe = cqe_at(qp->sq_cq_ring, qp->log_sq_depth, ci))) {
		struct opendoca_dpa_qp_slot *s = slot_of(qp, ci);

		s->byte_cnt = flexio_dev_cqe_get_byte_cnt(cqe);
		s->status = flexio_dev_cqe_get_opcode(cqe) == CQE_REQ ? 0 : error_status(cqe);
		if (s->status && !qp->error) {
			qp->error_index = ci;
			__atomic_store_n(&qp->error, s->status, __ATOMIC_RELEASE);
		}
		__atomic_store_n(&s->done, ci + 1, __ATOMIC_RELEASE);
		ci++;
	}
	if (ci == start)
		return;
	__atomic_store_n(&qp->sq_ci, ci, __ATOMIC_RELEASE);
	flexio_dev_dbr_cq_set_ci((uint32_t *)qp->sq_cq_dbr, ci);
	__dpa_thread_memory_writeback(); /* the NIC reads the consumer counter before each CQE */
}

/* Takes the send completions unless another thread is at it. */
static void help_take(struct opendoca_dpa_qp_desc *qp)
{
	if (spin_trylock(lock_of(&qp->sq_lock)))
		return;
	take_send_completions(qp);
	spin_unlock(lock_of(&qp->sq_lock));
}

/* Builds r's WQE in the ring at ticket t (sq_lock held). */
static void build(struct opendoca_dpa_qp_desc *qp, uint32_t t, const struct opendoca_dpa_qp_request *r)
{
	union flexio_dev_sqe_seg *wqe =
		(union flexio_dev_sqe_seg *)(qp->sq_ring + (uint64_t)(t & ((1u << qp->log_sq_depth) - 1)) * WQEBB);
	uint64_t laddr = r->laddr;
	uint32_t lkey = r->lkey;
	enum flexio_ctrl_seg type;

	/* The slot's result word: where an atomic's fetched value lands, or an 8-byte write's source. */
	if (r->own_result) {
		laddr = qp->results + (uint64_t)(t & ((1u << qp->log_sq_depth) - 1)) * sizeof(uint64_t);
		lkey = qp->results_lkey;
		if (r->op == OPENDOCA_DPA_QP_OP_RDMA_WRITE)
			*(volatile uint64_t *)laddr = r->operand;
	}

	switch (r->op) {
	case OPENDOCA_DPA_QP_OP_RDMA_WRITE:
		type = FLEXIO_CTRL_SEG_RDMA_WRITE;
		break;
	case OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM:
		type = FLEXIO_CTRL_SEG_RDMA_WRITE_IMM;
		break;
	case OPENDOCA_DPA_QP_OP_RDMA_READ:
		type = FLEXIO_CTRL_SEG_RDMA_READ;
		break;
	case OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD:
		type = FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD;
		break;
	case OPENDOCA_DPA_QP_OP_ATOMIC_COMPARE_SWAP:
		type = FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP;
		break;
	default: /* sends; with immediate: the opcode below */
		type = FLEXIO_CTRL_SEG_SEND_RC;
		break;
	}
	flexio_dev_swqe_seg_ctrl_set(wqe, t, qp->qpn,
				     !qp->external_cq || r->signaled ? MLX5_CTRL_SEG_CE_CQE_ALWAYS
								     : MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
				     type);
	if (r->op == OPENDOCA_DPA_QP_OP_SEND_IMM) /* no control segment type of libflexio-dev has it */
		wqe[0].ctrl.idx_opcode = cpu_to_be32(((t & 0xFFFFu) << 8) | MLX5_CTRL_SEG_OPCODE_SEND_WITH_IMMEDIATE);
	if (r->op == OPENDOCA_DPA_QP_OP_SEND_IMM || r->op == OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM)
		wqe[0].ctrl.general_id = cpu_to_be32(r->imm); /* the peer's CQE gives it as sent */
	if (r->op == OPENDOCA_DPA_QP_OP_SEND || r->op == OPENDOCA_DPA_QP_OP_SEND_IMM) {
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 1, r->len, lkey, laddr);
		return;
	}
	flexio_dev_swqe_seg_rdma_set(wqe + 1, r->rkey, r->raddr);
	if (r->op != OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD && r->op != OPENDOCA_DPA_QP_OP_ATOMIC_COMPARE_SWAP) {
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, r->len, lkey, laddr);
		return;
	}
	flexio_dev_swqe_seg_atomic_set(wqe + 2, r->operand, r->compare);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 3, sizeof(uint64_t), lkey, laddr);
}

uint32_t opendoca_dev_qp_post(struct opendoca_dpa_qp_desc *qp, const struct opendoca_dpa_qp_request *r, int hold)
{
	uint32_t depth = 1u << qp->log_sq_depth, t;
	struct opendoca_dpa_qp_slot *s;

	spin_lock(lock_of(&qp->sq_lock));
	t = qp->sq_pi;
	s = slot_of(qp, t);
	/* The slot is free once its last WQE completed and its waiter, if any, read it. */
	while (!qp->external_cq && (t - qp->sq_ci >= depth || __atomic_load_n(&s->held, __ATOMIC_ACQUIRE)))
		take_send_completions(qp);
	s->op = r->op;
	s->held = hold && !qp->external_cq ? 1 : 0;
	build(qp, t, r);
	__atomic_store_n(&qp->sq_pi, t + 1, __ATOMIC_RELEASE);
	((volatile uint32_t *)qp->qp_dbr)[1] = cpu_to_be32((t + 1) & 0xFFFFu);
	__dpa_thread_memory_writeback(); /* the WQE and the record before the doorbell */
	flexio_dev_qp_sq_ring_db((uint16_t)(t + 1), qp->qpn);
	/* What completed meanwhile (on the simulated NIC, this WQE: its doorbell executed it), so
	 * that waiters mostly find their slot done without taking the lock. */
	if (!qp->external_cq)
		take_send_completions(qp);
	spin_unlock(lock_of(&qp->sq_lock));
	return t;
}

uint32_t opendoca_dev_qp_post_write(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				    uint64_t raddr, uint32_t rkey, int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_RDMA_WRITE,
					     .laddr = laddr,
					     .lkey = lkey,
					     .len = len,
					     .raddr = raddr,
					     .rkey = rkey };

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_write_imm(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
					uint64_t raddr, uint32_t rkey, uint32_t imm, int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM,
					     .imm = imm,
					     .laddr = laddr,
					     .lkey = lkey,
					     .len = len,
					     .raddr = raddr,
					     .rkey = rkey };

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_read(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				   uint64_t raddr, uint32_t rkey, int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_RDMA_READ,
					     .laddr = laddr,
					     .lkey = lkey,
					     .len = len,
					     .raddr = raddr,
					     .rkey = rkey };

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_send(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				   int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_SEND, .laddr = laddr, .lkey = lkey, .len = len };

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_send_imm(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len,
				       uint32_t imm, int hold)
{
	struct opendoca_dpa_qp_request r = {
		.op = OPENDOCA_DPA_QP_OP_SEND_IMM, .imm = imm, .laddr = laddr, .lkey = lkey, .len = len
	};

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_fetch_add(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey, uint64_t value,
					uint64_t laddr, uint32_t lkey, int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD,
					     .laddr = laddr,
					     .lkey = lkey,
					     .raddr = raddr,
					     .rkey = rkey,
					     .operand = value };

	return opendoca_dev_qp_post(qp, &r, hold);
}

uint32_t opendoca_dev_qp_post_compare_swap(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey,
					   uint64_t compare, uint64_t swap, uint64_t laddr, uint32_t lkey, int hold)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_ATOMIC_COMPARE_SWAP,
					     .laddr = laddr,
					     .lkey = lkey,
					     .raddr = raddr,
					     .rkey = rkey,
					     .operand = swap,
					     .compare = compare };

	return opendoca_dev_qp_post(qp, &r, hold);
}

/* opendoca_dev_qp_test; with fetched, also the slot's result word, read before the slot is freed. */
static int test(struct opendoca_dpa_qp_desc *qp, uint32_t ticket, struct opendoca_dpa_qp_completion *c,
		uint64_t *fetched)
{
	struct opendoca_dpa_qp_slot *s = slot_of(qp, ticket);
	int32_t ahead = (int32_t)(__atomic_load_n(&s->done, __ATOMIC_ACQUIRE) - (ticket + 1));

	if (ahead < 0) {
		help_take(qp);
		ahead = (int32_t)(__atomic_load_n(&s->done, __ATOMIC_ACQUIRE) - (ticket + 1));
		if (ahead < 0)
			return 0;
	}
	*c = (struct opendoca_dpa_qp_completion){ .wqe_index = ticket };
	if (ahead == 0) {
		c->op = s->op;
		c->status = s->status;
		c->byte_cnt = s->byte_cnt;
		if (fetched) /* the NIC wrote it before the CQE */
			*fetched = ((volatile uint64_t *)qp->results)[ticket & ((1u << qp->log_sq_depth) - 1)];
		__atomic_store_n(&s->held, 0, __ATOMIC_RELEASE);
	} else if (__atomic_load_n(&qp->error, __ATOMIC_ACQUIRE)) {
		/* The slot was reused (not held): only whether an error came before it is known. */
		if ((int32_t)(ticket - qp->error_index) >= 0)
			c->status = ticket == qp->error_index ? (uint8_t)qp->error : OPENDOCA_DPA_QP_STATUS_WR_FLUSH;
	}
	return 1;
}

int opendoca_dev_qp_test(struct opendoca_dpa_qp_desc *qp, uint32_t ticket, struct opendoca_dpa_qp_completion *c)
{
	return test(qp, ticket, c, 0);
}

int opendoca_dev_qp_wait(struct opendoca_dpa_qp_desc *qp, uint32_t ticket, struct opendoca_dpa_qp_completion *c)
{
	while (!opendoca_dev_qp_test(qp, ticket, c))
		;
	return c->status;
}

int opendoca_dev_qp_synchronize(struct opendoca_dpa_qp_desc *qp)
{
	uint32_t target = __atomic_load_n(&qp->sq_pi, __ATOMIC_ACQUIRE);

	while ((int32_t)(__atomic_load_n(&qp->sq_ci, __ATOMIC_ACQUIRE) - target) < 0)
		help_take(qp);
	return opendoca_dev_qp_error(qp);
}

int opendoca_dev_qp_error(struct opendoca_dpa_qp_desc *qp)
{
	return (int)__atomic_load_n(&qp->error, __ATOMIC_ACQUIRE);
}

uint64_t opendoca_dev_qp_fetch_add(struct opendoca_dpa_qp_desc *qp, uint64_t raddr, uint32_t rkey, uint64_t value)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD,
					     .raddr = raddr,
					     .rkey = rkey,
					     .operand = value,
					     .own_result = 1 };
	struct opendoca_dpa_qp_completion c;
	uint32_t t = opendoca_dev_qp_post(qp, &r, 1);
	uint64_t old = 0;

	while (!test(qp, t, &c, &old))
		;
	return c.status ? 0 : old;
}

int opendoca_dev_qp_post_recv(struct opendoca_dpa_qp_desc *qp, uint64_t laddr, uint32_t lkey, uint32_t len)
{
	uint32_t depth = 1u << qp->log_rq_depth, pi;
	uint32_t *wqe;

	spin_lock(lock_of(&qp->rq_lock));
	pi = qp->rq_pi;
	if (pi - qp->rq_ci >= depth) {
		spin_unlock(lock_of(&qp->rq_lock));
		return -1;
	}
	wqe = (uint32_t *)(qp->rq_ring + (uint64_t)(pi & (depth - 1)) * RWQE);
	/* A receive data segment: byte count, key, address (big-endian). */
	wqe[0] = cpu_to_be32(len);
	wqe[1] = cpu_to_be32(lkey);
	*(uint64_t *)(wqe + 2) = cpu_to_be64(laddr);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W); /* the WQE before the counter that posts it */
	qp->rq_pi = pi + 1;
	*(volatile uint32_t *)qp->qp_dbr = cpu_to_be32((pi + 1) & 0xFFFFu);
	__dpa_thread_memory_writeback();
	spin_unlock(lock_of(&qp->rq_lock));
	return (int)(pi & 0xFFFFu);
}

static uint8_t recv_op(uint8_t opcode)
{
	switch (opcode) {
	case CQE_RESP_SEND:
		return OPENDOCA_DPA_QP_OP_RECV;
	case CQE_RESP_SEND_IMM:
		return OPENDOCA_DPA_QP_OP_RECV_IMM;
	case CQE_RESP_WR_IMM:
		return OPENDOCA_DPA_QP_OP_RECV_RDMA_WRITE_IMM;
	default:
		return OPENDOCA_DPA_QP_OP_RECV_ERROR;
	}
}

int opendoca_dev_qp_poll_recv(struct opendoca_dpa_qp_desc *qp, struct opendoca_dpa_qp_completion *c)
{
	struct flexio_dev_cqe64 *cqe;
	uint8_t op;

	spin_lock(lock_of(&qp->rq_lock));
	cqe = cqe_at(qp->rq_cq_ring, qp->log_rq_depth, qp->rq_ci);
	if (!cqe) {
		spin_unlock(lock_of(&qp->rq_lock));
		return 0;
	}
	op = recv_op(flexio_dev_cqe_get_opcode(cqe));
	*c = (struct opendoca_dpa_qp_completion){
		.wqe_index = flexio_dev_cqe_get_wqe_counter(cqe),
		.byte_cnt = flexio_dev_cqe_get_byte_cnt(cqe),
		.imm = be32_to_cpu(*(volatile uint32_t *)&cqe->imm_inval_pkey),
		.op = op,
		.status = op == OPENDOCA_DPA_QP_OP_RECV_ERROR ? error_status(cqe) : 0,
	};
	qp->rq_ci++;
	flexio_dev_dbr_cq_set_ci((uint32_t *)qp->rq_cq_dbr, qp->rq_ci);
	__dpa_thread_memory_writeback();
	spin_unlock(lock_of(&qp->rq_lock));
	return 1;
}

void opendoca_dev_qp_arm_recv(struct opendoca_dpa_qp_desc *qp)
{
	flexio_dev_cq_arm(__atomic_load_n(&qp->rq_ci, __ATOMIC_ACQUIRE), qp->rq_cqn);
}
