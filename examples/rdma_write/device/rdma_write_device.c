/*
 * The RDMA write example's event handler: its DPA QP is connected to a host program's QP. Each
 * SEND the host posts lands in a receive buffer and its completion wakes the handler, which
 * fills its source buffer as the request says and RDMA-writes it, with immediate, into the
 * host's registered memory: the host sees a receive completion with the immediate
 * (IBV_WC_RECV_RDMA_WITH_IMM) once the bytes are there.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../rdma_write_common.h"

/* CQE opcodes (mlx5). */
#define CQE_REQ 0x0
#define CQE_RESP_SEND 0x2

/* The CQE at consumer counter ci, or NULL while the NIC has not written it (owner bit of pass
 * (ci >> log_depth); the ring starts with op_own 0xF1, the other value). */
static struct flexio_dev_cqe64 *cqe_at(uint64_t ring, uint32_t log_depth, uint32_t ci)
{
	struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)ring + (ci & ((1u << log_depth) - 1));

	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> log_depth) & 1))
		return NULL;
	__dpa_thread_memory_fence(__DPA_R, __DPA_R); /* the rest of the CQE after its owner bit */
	return cqe;
}

static void fail_cqe(struct rdma_write_state *s, struct flexio_dev_cqe64 *cqe)
{
	if (!s->error)
		s->error = (uint32_t)flexio_dev_cqe_get_opcode(cqe) << 8 | flexio_dev_cqe_get_err_synd(cqe);
}

/* Takes the completions of earlier writes. */
static void reap_writes(struct rdma_write_state *s)
{
	struct flexio_dev_cqe64 *cqe;

	while ((cqe = cqe_at(s->sq_cq_ring, s->log_sq_depth, s->sq_ci))) {
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_REQ)
			fail_cqe(s, cqe);
		s->sq_ci++;
	}
}

/* Serves one request: the source buffer is free once every earlier write has completed (on
 * hardware the NIC may still be reading it; the simulated NIC completes at the doorbell). */
static void serve(struct rdma_write_state *s, const struct rdma_write_request *req)
{
	union flexio_dev_sqe_seg *wqe;
	uint64_t *src = (uint64_t *)s->src_buf;

	if (req->length % 8 || req->length > s->src_size) {
		s->error = RDMA_WRITE_BAD_REQUEST;
		return;
	}
	while (s->sq_ci != s->sq_pi && !s->error)
		reap_writes(s);
	for (uint32_t j = 0; j < req->length / 8; j++)
		src[j] = rdma_write_word(req->seed, j);
	/* ctrl, remote address, local data: one WQEBB. */
	wqe = (union flexio_dev_sqe_seg *)(s->sq_ring + ((uint64_t)(s->sq_pi & ((1u << s->log_sq_depth) - 1)) << 6));
	flexio_dev_swqe_seg_ctrl_set(wqe, s->sq_pi, s->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_RDMA_WRITE_IMM);
	wqe[0].ctrl.general_id = cpu_to_be32(req->imm); /* the immediate, in network order */
	flexio_dev_swqe_seg_rdma_set(wqe + 1, req->rkey, req->raddr);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, req->length, s->lkey, s->src_buf);
	s->sq_pi++;
	s->writes++;                     /* before the doorbell: the host may look once its completion is there */
	__dpa_thread_memory_writeback(); /* the data and the WQE, before the doorbell */
	flexio_dev_qp_sq_ring_db((uint16_t)s->sq_pi, s->qpn);
}

__dpa_global__ void rdma_write_handler(uint64_t arg)
{
	struct rdma_write_state *s = (struct rdma_write_state *)arg;
	uint32_t rq_mask = (1u << s->log_rq_depth) - 1;
	struct flexio_dev_thread_ctx *dtctx;
	struct flexio_dev_cqe64 *cqe;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)s->outbox_id);
	reap_writes(s);
	while (!s->error && (cqe = cqe_at(s->rq_cq_ring, s->log_rq_depth, s->rq_ci))) {
		uint32_t slot = flexio_dev_cqe_get_wqe_counter(cqe) & rq_mask;

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND)
			fail_cqe(s, cqe);
		else if (flexio_dev_cqe_get_byte_cnt(cqe) != sizeof(struct rdma_write_request))
			s->error = RDMA_WRITE_BAD_REQUEST;
		else
			serve(s, (const struct rdma_write_request *)(s->rx_bufs + (uint64_t)slot * s->rx_stride));
		s->rq_ci++;
		s->rq_posted++; /* the request was read: its buffer takes the next one */
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->rq_cq_dbr, s->rq_ci);
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->sq_cq_dbr, s->sq_ci);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->qp_dbr = cpu_to_be32(s->rq_posted & 0xFFFFu);
	__dpa_thread_memory_writeback();
	if (!s->error)
		flexio_dev_cq_arm(s->rq_ci, s->rq_cqn);
	flexio_dev_thread_reschedule();
}
