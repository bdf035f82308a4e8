/*
 * Copies on asynchronous-operations queues from DPA code (doca_dpa_dev_post_memcpy,
 * doca_dpa_dev_post_buf_memcpy, 3.0): async_ops_dev.h has the design. Any number of DPA threads
 * may post on one queue: a spinlock in DPA memory orders their WQEs and doorbells.
 */
#include <stddef.h>
#include <stdint.h>

#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "async_ops_dev.h"
#include "buf_array_dpa.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"

#define WQEBB 64u

static void post_write(doca_dpa_dev_async_ops_t handle, uint32_t dst_key, uint64_t dst_addr, uint32_t src_key,
		       uint64_t src_addr, uint32_t length, uint32_t flags)
{
	struct opendoca_dpa_async_ops_desc *q = (struct opendoca_dpa_async_ops_desc *)(uintptr_t)handle;
	union flexio_dev_sqe_seg *wqe;
	uint32_t t;

	spin_lock((struct spinlock_s *)&q->lock);
	t = q->pi;
	wqe = (union flexio_dev_sqe_seg *)(q->sq_ring + (uint64_t)(t & ((1u << q->log_depth) - 1)) * WQEBB);
	/* OPTIMIZE_REPORTS: a CQE only if the copy fails. */
	flexio_dev_swqe_seg_ctrl_set(wqe, t, q->qpn,
				     flags & DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS
					     ? MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR
					     : MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_RDMA_WRITE);
	flexio_dev_swqe_seg_rdma_set(wqe + 1, dst_key, dst_addr);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, length, src_key, src_addr);
	q->pi = t + 1;
	((volatile uint32_t *)(uintptr_t)q->qp_dbr)[1] = cpu_to_be32((t + 1) & 0xFFFFu);
	__dpa_thread_memory_writeback(); /* the WQE and the record before the doorbell */
	/* Every post rings (DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH or not): a later one never has to. */
	flexio_dev_qp_sq_ring_db((uint16_t)(t + 1), q->qpn);
	spin_unlock((struct spinlock_s *)&q->lock);
}

void doca_dpa_dev_post_memcpy(doca_dpa_dev_async_ops_t async_ops_handle, doca_dpa_dev_mmap_t dst_mmap_handle,
			      uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
			      uint32_t flags)
{
	post_write(async_ops_handle, dst_mmap_handle, dst_addr, src_mmap_handle, src_addr, (uint32_t)length, flags);
}

/* The source buffer's length, into the destination buffer. */
void doca_dpa_dev_post_buf_memcpy(doca_dpa_dev_async_ops_t async_ops_handle, doca_dpa_dev_buf_t dst_buf_handle,
				  doca_dpa_dev_buf_t src_buf_handle, uint32_t flags)
{
	const struct opendoca_dpa_buf *dst = (const struct opendoca_dpa_buf *)(uintptr_t)dst_buf_handle;
	const struct opendoca_dpa_buf *src = (const struct opendoca_dpa_buf *)(uintptr_t)src_buf_handle;

	post_write(async_ops_handle, dst->mkey, dst->addr, src->mkey, src->addr, (uint32_t)src->len, flags);
}
