/*
 * DOCA RDMA from DPA code, the forms of 2.5 and 2.6 (doca_dpa_dev_rdma.h): an RDMA context has one
 * connection (its export made it), memory is named by buffers of buffer arrays with offsets, and
 * completions are the endpoint's own (no DPA completion context takes them in these releases):
 * doca_dpa_dev_rdma_synchronize waits for every work request posted on the context. 2.6's shared
 * receive queue (doca_rdma_srq) is a descriptor without connections (rdma_dev.h).
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 0)

#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "buf_array_dpa.h"
#include "dev_context.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"
#include "doca_dpa_dev_rdma.h"
#include "rdma_dev_internal.h"

/* [offset, offset + length) of a buffer, else the process stops. */
static uint64_t range(doca_dpa_dev_buf_t buf, uint64_t offset, uint64_t length)
{
	const struct opendoca_dpa_buf *b = (const struct opendoca_dpa_buf *)(uintptr_t)buf;

	if (offset > b->len || length > b->len - offset)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_BAD_RANGE);
	return b->addr + offset;
}

static uint32_t key(doca_dpa_dev_buf_t buf)
{
	return ((const struct opendoca_dpa_buf *)(uintptr_t)buf)->mkey;
}

static void transfer(doca_dpa_dev_rdma_t rdma, uint8_t op, doca_dpa_dev_buf_t local, uint64_t local_offset,
		     doca_dpa_dev_buf_t remote, uint64_t remote_offset, size_t length)
{
	struct opendoca_dpa_qp_request r = { .op = op,
					     .laddr = range(local, local_offset, length),
					     .lkey = key(local),
					     .len = opendoca_dev_rdma_length(length) };

	if (remote) {
		r.raddr = range(remote, remote_offset, length);
		r.rkey = key(remote);
	}
	opendoca_dev_rdma_post(rdma, 0, &r, 0);
}

void doca_dpa_dev_rdma_read(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
			    doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length)
{
	transfer(rdma, OPENDOCA_DPA_QP_OP_RDMA_READ, dst_mem, dst_offset, src_mem, src_offset, length);
}

void doca_dpa_dev_rdma_write(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
			     doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length)
{
	transfer(rdma, OPENDOCA_DPA_QP_OP_RDMA_WRITE, src_mem, src_offset, dst_mem, dst_offset, length);
}

void doca_dpa_dev_rdma_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
					size_t value)
{
	struct opendoca_dpa_qp_request r = { .op = OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD,
					     .own_result = 1,
					     .raddr = range(dst_mem, dst_offset, sizeof(uint64_t)),
					     .rkey = key(dst_mem),
					     .operand = value };

	opendoca_dev_rdma_post(rdma, 0, &r, 0);
}

void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
				  uint64_t count)
{
	opendoca_dev_rdma_signal(rdma, 0, remote_sync_event, count, 1);
}

void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
				  uint64_t count)
{
	opendoca_dev_rdma_signal(rdma, 0, remote_sync_event, count, 0);
}

void doca_dpa_dev_rdma_synchronize(doca_dpa_dev_rdma_t rdma)
{
	if (opendoca_dev_qp_synchronize(opendoca_dev_rdma_conn(rdma, 0)))
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_RDMA);
}

void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length)
{
	transfer(rdma, OPENDOCA_DPA_QP_OP_SEND, buf, offset, 0, 0, length);
}

void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length)
{
	opendoca_dev_rdma_receive(rdma, key(buf), range(buf, offset, length), length);
}

void doca_dpa_dev_rdma_srq_post_receive(doca_dpa_dev_rdma_srq_t rdma_srq, doca_dpa_dev_buf_t buf, uint64_t offset,
					size_t length)
{
	opendoca_dev_rdma_receive(rdma_srq, key(buf), range(buf, offset, length), length);
}
