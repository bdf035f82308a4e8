/*
 * 2.2's RDMA from DPA code (doca_dpa_dev.h of 2.2): puts and signals on endpoints
 * (device/endpoint_dev.h), copies and host pointers with memory handles (the registration's keys).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_sync_event.h"
#include "dpa_qp_dev.h"
#include "endpoint_dev.h"

static struct opendoca_dpa_ep_desc *ep_of(doca_dpa_dev_ep_t ep)
{
	return (struct opendoca_dpa_ep_desc *)(uintptr_t)ep;
}

static struct opendoca_dpa_qp_desc *qp_of(struct opendoca_dpa_ep_desc *ep)
{
	return (struct opendoca_dpa_qp_desc *)(uintptr_t)ep->qp;
}

static uint32_t lkey_of(doca_dpa_dev_mem_t mem)
{
	return (uint32_t)mem;
}

uint32_t doca_dpa_dev_mem_rkey_get(doca_dpa_dev_mem_t mem)
{
	return (uint32_t)(mem >> 32);
}

void doca_dpa_dev_external_ptr_get(uint64_t ext_addr, doca_dpa_dev_mem_t mem, doca_dpa_dev_uintptr_t *dev_ptr)
{
	*dev_ptr = opendoca_dev_external_ptr(ext_addr, lkey_of(mem));
}

void doca_dpa_dev_put_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, size_t length, doca_dpa_dev_mem_t local_mem,
			 uint64_t raddr, uint32_t rkey)
{
	opendoca_dev_qp_post_write(qp_of(ep_of(ep)), local_addr, lkey_of(local_mem), (uint32_t)length, raddr, rkey, 0);
}

void doca_dpa_dev_put_signal_add_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem,
				    size_t length, uint64_t raddr, uint32_t rkey,
				    doca_dpa_dev_sync_event_remote_t event, uint64_t comp_count)
{
	struct opendoca_dpa_ep_desc *e = ep_of(ep);
	uint32_t slot = __atomic_fetch_add(&e->scratch_next, 1, __ATOMIC_RELAXED) % OPENDOCA_DPA_EP_SCRATCH;

	doca_dpa_dev_put_nb(ep, local_addr, length, local_mem, raddr, rkey);
	/* After the data on the same queue pair: the peer sees the data before the signal. The
	 * fetched value lands in a scratch word nobody reads. */
	opendoca_dev_qp_post_fetch_add(qp_of(e), event.data[0], (uint32_t)event.data[1], comp_count,
				       e->scratch + slot * sizeof(uint64_t), e->scratch_lkey, 0);
}

void doca_dpa_dev_put_signal_set_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem,
				    size_t length, uint64_t raddr, uint32_t rkey,
				    doca_dpa_dev_sync_event_remote_t event, uint64_t comp_count)
{
	struct opendoca_dpa_ep_desc *e = ep_of(ep);
	uint32_t slot = __atomic_fetch_add(&e->scratch_next, 1, __ATOMIC_RELAXED) % OPENDOCA_DPA_EP_SCRATCH;
	uint64_t word = e->scratch + slot * sizeof(uint64_t);

	doca_dpa_dev_put_nb(ep, local_addr, length, local_mem, raddr, rkey);
	/* The value goes out of a scratch word of the endpoint, reused only a whole ring later. */
	*(volatile uint64_t *)(uintptr_t)word = comp_count;
	opendoca_dev_qp_post_write(qp_of(e), word, e->scratch_lkey, sizeof(uint64_t), event.data[0],
				   (uint32_t)event.data[1], 0);
}

void doca_dpa_dev_ep_synchronize(doca_dpa_dev_ep_t ep)
{
	if (opendoca_dev_qp_synchronize(qp_of(ep_of(ep))))
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_RDMA);
}

void doca_dpa_dev_memcpy_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr,
			    doca_dpa_dev_mem_t src_mem, size_t length)
{
	opendoca_dev_copy(dest_addr, doca_dpa_dev_mem_rkey_get(dest_mem), src_addr, lkey_of(src_mem), length);
}

void doca_dpa_dev_memcpy_transpose2D_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr,
					doca_dpa_dev_mem_t src_mem, size_t length, size_t element_size,
					size_t num_columns, size_t num_rows)
{
	opendoca_dev_copy_transposed(dest_addr, doca_dpa_dev_mem_rkey_get(dest_mem), src_addr, lkey_of(src_mem), length,
				     element_size, num_columns, num_rows);
}
