/*
 * The older edition's queue helpers: linkable functions taking the thread
 * context first.  The current edition has them header-inline; both encode
 * doorbells and WQE segments with the same internal helpers.
 */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include <libflexio-dev/flexio_dev_queue_access.h>

static uint64_t outbox_of(struct flexio_dev_thread_ctx *dtctx)
{
	return ((struct flexio_os_thread_ctx *)dtctx)->outbox_base;
}

flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
	if (!cq_dbr)
		return FLEXIO_DEV_STATUS_FAILED;
	*(volatile uint32_t *)cq_dbr = cpu_to_be32(ci & 0xFFFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr)
{
	if (!rq_dbr)
		return FLEXIO_DEV_STATUS_FAILED;
	*(volatile uint32_t *)rq_dbr = cpu_to_be32((be32_to_cpu(*(volatile uint32_t *)rq_dbr) + 1) & 0xFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_dbr_sq_set_pi(uint32_t *sq_dbr, uint32_t pi)
{
	if (!sq_dbr)
		return FLEXIO_DEV_STATUS_FAILED;
	((volatile uint32_t *)sq_dbr)[1] = cpu_to_be32(pi & 0xFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe, uint32_t sq_pi, uint32_t sq_number,
						 uint32_t ce, enum flexio_ctrl_seg_t ctrl_seg_type)
{
	if (!swqe)
		return FLEXIO_DEV_STATUS_FAILED;
	return __flexio_dev_swqe_ctrl_fill(swqe, sq_pi, sq_number, ce, ctrl_seg_type);
}

flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe, uint16_t cs_swp_flags, uint16_t mss,
						uint16_t inline_hdr_bsz, uint8_t inline_hdrs[2])
{
	if (!swqe)
		return FLEXIO_DEV_STATUS_FAILED;
	__flexio_dev_swqe_eth_fill(swqe, cs_swp_flags, mss, inline_hdr_bsz, inline_hdrs);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_swqe_seg_data_set(union flexio_dev_sqe_seg *swqe, uint32_t data_sz, uint32_t lkey,
						 uint64_t data_addr)
{
	if (!swqe)
		return FLEXIO_DEV_STATUS_FAILED;
	__flexio_dev_swqe_data_fill(swqe, data_sz, lkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe, uint32_t rkey, uint64_t data_addr)
{
	if (!swqe)
		return FLEXIO_DEV_STATUS_FAILED;
	__flexio_dev_swqe_rdma_fill(swqe, rkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe, uint64_t swap_or_add_data,
						   uint64_t compare_data)
{
	if (!swqe)
		return FLEXIO_DEV_STATUS_FAILED;
	__flexio_dev_swqe_atomic_fill(swqe, swap_or_add_data, compare_data);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t pi, uint32_t qnum)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_SXD_DB, FLEXIO_OUTBOX_V_SXD_DB(pi, qnum));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t qnum)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_CQ_DB, FLEXIO_OUTBOX_V_CQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_eq_update_ci(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t qnum)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_EQ_DB_NO_REARM, FLEXIO_OUTBOX_V_EQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_msix_send(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_RXT_DB, FLEXIO_OUTBOX_V_RXT_DB(cqn));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_db_ctx_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn, uint32_t emu_ctx_id)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP, FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_db_ctx_force_trigger(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn,
						    uint32_t emu_ctx_id)
{
	if (!dtctx)
		return FLEXIO_DEV_STATUS_FAILED;
	flexio_dev_outbox_write(outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP_TRIGGER,
				FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}
