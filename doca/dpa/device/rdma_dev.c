/*
 * DOCA RDMA from DPA code, the forms of 2.7 on (doca_dpa_dev_rdma.h; libdoca_dpa_dev_comm): work
 * requests on a connection's DPA QP endpoint (dpa_qp_dev.h), receives on the context's shared
 * receive queue (an RMP every connection receives from: rdma_dev.h). Memory is named by
 * doca_dpa_dev_mmap_t, a map's key on the RDMA context's device (the peer's key for its
 * memory), or by buffers of buffer arrays (buf_array_dpa.h). Completions are the attached DPA
 * completion context's: a request asks for one unless posted with
 * DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS. The simulated NIC executes a work request when its
 * doorbell rings, and every post rings it: DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH is always in effect.
 * A connection the context does not have, or a length beyond 2 GiB, ends the DPA process with
 * an error the host reports by name (dev_context.h).
 */
#include <stddef.h>
#include <stdint.h>

#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "buf_array_dpa.h"
#include "dev_context.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"
#include "doca_dpa_dev_rdma.h"
#include "dpa_qp_dev.h"
#include "rdma_dev.h"
#include "rdma_dev_internal.h"
#include "sync_event_dpa.h"

#define RWQE 16u
#define MAX_LENGTH (1ull << 31)

struct opendoca_dpa_rdma_desc *opendoca_dev_rdma(uint64_t rdma)
{
	return (struct opendoca_dpa_rdma_desc *)(uintptr_t)rdma;
}

struct opendoca_dpa_qp_desc *opendoca_dev_rdma_conn(uint64_t rdma, uint32_t connection_id)
{
	struct opendoca_dpa_rdma_desc *r = opendoca_dev_rdma(rdma);
	uint64_t qp = 0;

	if (connection_id < r->max_conns)
		qp = ((volatile uint64_t *)(uintptr_t)r->conns)[connection_id];
	if (!qp)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_CONNECTION);
	return (struct opendoca_dpa_qp_desc *)(uintptr_t)qp;
}

uint32_t opendoca_dev_rdma_length(uint64_t length)
{
	if (!length || length > MAX_LENGTH)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_RANGE);
	return (uint32_t)length;
}

void opendoca_dev_rdma_post(uint64_t rdma, uint32_t connection_id, struct opendoca_dpa_qp_request *r, uint32_t flags)
{
	r->signaled = !(flags & DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
	opendoca_dev_qp_post(opendoca_dev_rdma_conn(rdma, connection_id), r, 0);
}

void opendoca_dev_rdma_receive(uint64_t rdma, uint32_t lkey, uint64_t addr, uint64_t length)
{
	struct opendoca_dpa_rdma_desc *r = opendoca_dev_rdma(rdma);
	struct spinlock_s *lock;
	uint32_t len = opendoca_dev_rdma_length(length), pi, *wqe;

	if (r->srq) /* a context made with a shared receive queue receives from it */
		r = opendoca_dev_rdma(r->srq);
	lock = (struct spinlock_s *)&r->rq_lock;

	spin_lock(lock);
	pi = r->rq_pi;
	wqe = (uint32_t *)(uintptr_t)(r->rmp_ring + (uint64_t)(pi & ((1u << r->log_rq_depth) - 1)) * RWQE);
	/* A receive data segment: byte count, key, address (big-endian). */
	wqe[0] = cpu_to_be32(len);
	wqe[1] = cpu_to_be32(lkey);
	*(uint64_t *)(wqe + 2) = cpu_to_be64(addr);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W); /* the WQE before the counter that posts it */
	r->rq_pi = pi + 1;
	*(volatile uint32_t *)(uintptr_t)r->rmp_dbr = cpu_to_be32((pi + 1) & 0xFFFFu);
	__dpa_thread_memory_writeback();
	spin_unlock(lock);
}

void opendoca_dev_rdma_signal(uint64_t rdma, uint32_t connection_id, uint64_t remote_sync_event, uint64_t count,
			      int add)
{
	const struct opendoca_dpa_sync_event *e = (const struct opendoca_dpa_sync_event *)(uintptr_t)remote_sync_event;
	struct opendoca_dpa_qp_request r = { .op = add ? OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD
						       : OPENDOCA_DPA_QP_OP_RDMA_WRITE,
					     .own_result = 1,
					     .len = sizeof(uint64_t),
					     .raddr = e->haddr,
					     .rkey = e->mkey,
					     .operand = count };

	/* Not a completion of the program's: the slot's word is the source (or the fetched value). */
	opendoca_dev_qp_post(opendoca_dev_rdma_conn(rdma, connection_id), &r, 0);
}

static const struct opendoca_dpa_buf *buf_of(doca_dpa_dev_buf_t buf)
{
	return (const struct opendoca_dpa_buf *)(uintptr_t)buf;
}

/* ---- mmap forms ---- */

static void transfer(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, uint8_t op, uint32_t lkey, uint64_t laddr,
		     uint32_t rkey, uint64_t raddr, size_t length, uint32_t immediate, uint32_t flags)
{
	struct opendoca_dpa_qp_request r = { .op = op,
					     .imm = immediate,
					     .laddr = laddr,
					     .lkey = lkey,
					     .len = opendoca_dev_rdma_length(length),
					     .raddr = raddr,
					     .rkey = rkey };

	opendoca_dev_rdma_post(rdma, connection_id, &r, flags);
}

void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t mmap_handle,
				 uint64_t addr, size_t length, uint32_t flags)
{
	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_SEND, mmap_handle, addr, 0, 0, length, 0, flags);
}

void doca_dpa_dev_rdma_post_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t mmap_handle,
				     uint64_t addr, size_t length, uint32_t immediate, uint32_t flags)
{
	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_SEND_IMM, mmap_handle, addr, 0, 0, length, immediate, flags);
}

void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap_handle, uint64_t addr,
				    size_t length)
{
	opendoca_dev_rdma_receive(rdma, mmap_handle, addr, length);
}

void doca_dpa_dev_rdma_post_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t dst_mmap_handle,
				  uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
				  size_t length, uint32_t flags)
{
	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_WRITE, src_mmap_handle, src_addr, dst_mmap_handle,
		 dst_addr, length, 0, flags);
}

void doca_dpa_dev_rdma_post_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				      doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
				      doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
				      uint32_t immediate, uint32_t flags)
{
	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM, src_mmap_handle, src_addr, dst_mmap_handle,
		 dst_addr, length, immediate, flags);
}

void doca_dpa_dev_rdma_post_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t dst_mmap_handle,
				 uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
				 size_t length, uint32_t flags)
{
	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_READ, dst_mmap_handle, dst_addr, src_mmap_handle,
		 src_addr, length, 0, flags);
}

void doca_dpa_dev_rdma_post_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					     doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr, uint64_t value,
					     uint32_t flags)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD,
					     .own_result = 1, /* DOCA gives the fetched value to nobody */
					     .raddr = dst_addr,
					     .rkey = dst_mmap_handle,
					     .operand = value };

	opendoca_dev_rdma_post(rdma, connection_id, &r, flags);
}

/* ---- buffer forms ---- */

void doca_dpa_dev_rdma_post_buf_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				     doca_dpa_dev_buf_t send_buf_handle, uint32_t flags)
{
	const struct opendoca_dpa_buf *b = buf_of(send_buf_handle);

	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_SEND, b->mkey, b->addr, 0, 0, b->len, 0, flags);
}

void doca_dpa_dev_rdma_post_buf_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					 doca_dpa_dev_buf_t send_buf_handle, uint32_t immediate, uint32_t flags)
{
	const struct opendoca_dpa_buf *b = buf_of(send_buf_handle);

	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_SEND_IMM, b->mkey, b->addr, 0, 0, b->len, immediate, flags);
}

void doca_dpa_dev_rdma_post_buf_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t receive_buf_handle)
{
	const struct opendoca_dpa_buf *b = buf_of(receive_buf_handle);

	opendoca_dev_rdma_receive(rdma, b->mkey, b->addr, b->len);
}

/* The bytes a transfer between two buffers moves: the source's, which the destination must hold. */
static uint64_t pair_length(const struct opendoca_dpa_buf *dst, const struct opendoca_dpa_buf *src)
{
	if (src->len > dst->len)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_RANGE);
	return src->len;
}

void doca_dpa_dev_rdma_post_buf_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				      doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
				      uint32_t flags)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_buf_handle), *src = buf_of(src_buf_handle);

	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_WRITE, src->mkey, src->addr, dst->mkey, dst->addr,
		 pair_length(dst, src), 0, flags);
}

void doca_dpa_dev_rdma_post_buf_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					  doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
					  uint32_t immediate, uint32_t flags)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_buf_handle), *src = buf_of(src_buf_handle);

	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM, src->mkey, src->addr, dst->mkey, dst->addr,
		 pair_length(dst, src), immediate, flags);
}

void doca_dpa_dev_rdma_post_buf_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				     doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
				     uint32_t flags)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_buf_handle), *src = buf_of(src_buf_handle);

	transfer(rdma, connection_id, OPENDOCA_DPA_QP_OP_RDMA_READ, dst->mkey, dst->addr, src->mkey, src->addr,
		 pair_length(dst, src), 0, flags);
}

void doca_dpa_dev_rdma_post_buf_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
						 doca_dpa_dev_buf_t dst_buf_handle, uint64_t value, uint32_t flags)
{
	const struct opendoca_dpa_buf *dst = buf_of(dst_buf_handle);

	doca_dpa_dev_rdma_post_atomic_fetch_add(rdma, connection_id, dst->mkey, dst->addr, value, flags);
}

/* ---- signals, receives, completions ---- */

void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				  doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
{
	opendoca_dev_rdma_signal(rdma, connection_id, remote_sync_event, count, 1);
}

void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				  doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
{
	opendoca_dev_rdma_signal(rdma, connection_id, remote_sync_event, count, 0);
}

/* Receives taken from the shared queue, as the program counts them (a WQE index is reusable once acked). */
void doca_dpa_dev_rdma_receive_ack(doca_dpa_dev_rdma_t rdma, uint32_t num_acked)
{
	struct opendoca_dpa_rdma_desc *r = opendoca_dev_rdma(rdma);

	__atomic_fetch_add(&r->rq_acked, num_acked, __ATOMIC_RELEASE);
}

uint32_t doca_dpa_dev_rdma_completion_get_wr_index(doca_dpa_dev_completion_element_t comp_element)
{
	return flexio_dev_cqe_get_wqe_counter((struct flexio_dev_cqe64 *)(uintptr_t)comp_element);
}
