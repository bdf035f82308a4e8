/*
 * DPA code of the DOCA 2.6 shared receive queue tests (test_dpa_rdma_srq_2_6.c), written against 2.6's
 * device API: receives posted on a shared receive queue (doca_dpa_dev_rdma_srq_post_receive) or
 * on an RDMA context made with one, sends posted on RDMA contexts; memory named by buffers of a
 * buffer array with offsets.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 58)

#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_rdma.h>

/* A receive of len bytes into buffer idx of arr, on the SRQ (rdma 0) or on an RDMA context. */
__dpa_global__ void kernel_receive(doca_dpa_dev_rdma_srq_t srq, doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_arr_t arr,
				   uint64_t idx, uint64_t offset, uint64_t len)
{
	doca_dpa_dev_buf_t buf = doca_dpa_dev_buf_array_get_buf(arr, idx);

	if (rdma)
		doca_dpa_dev_rdma_post_receive(rdma, buf, offset, len);
	else
		doca_dpa_dev_rdma_srq_post_receive(srq, buf, offset, len);
}

/* A send of len bytes of buffer idx of arr on rdma's connection, waited for. */
__dpa_global__ void kernel_send(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_arr_t arr, uint64_t idx, uint64_t len)
{
	doca_dpa_dev_rdma_post_send(rdma, doca_dpa_dev_buf_array_get_buf(arr, idx), 0, len);
	doca_dpa_dev_rdma_synchronize(rdma);
}
