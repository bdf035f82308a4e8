/*
 * DPA code of the 2.6 RDMA-from-DPA test (test_dpa_rdma_2_6.c), kernels (2.6 has no RPCs) written against DOCA 2.6's device
 * API: one connection per RDMA context, memory named by buffers of buffer arrays with offsets,
 * doca_dpa_dev_rdma_synchronize.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 0)

#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

/* Writes 8 bytes of local buffer 0 into remote buffer 0 at offset 8, reads remote offset 0 into
 * local offset 16, adds 3 to remote offset 24, signals the remote event with 9; waits for it all. */
__dpa_global__ void kernel_rdma_2_6(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_arr_t local,
				    doca_dpa_dev_buf_arr_t remote, doca_dpa_dev_sync_event_remote_net_t event)
{
	doca_dpa_dev_buf_t l = doca_dpa_dev_buf_array_get_buf(local, 0), r = doca_dpa_dev_buf_array_get_buf(remote, 0);

	doca_dpa_dev_rdma_write(rdma, r, 8, l, 0, 8);
	doca_dpa_dev_rdma_read(rdma, l, 16, r, 0, 8);
	doca_dpa_dev_rdma_atomic_fetch_add(rdma, r, 24, 3);
	doca_dpa_dev_rdma_signal_set(rdma, event, 9);
	doca_dpa_dev_rdma_synchronize(rdma);
}

/* A send of local bytes [0, 8) into a receive the peer's DPA code posted on its buffer at 32. */
__dpa_global__ void kernel_send_2_6(doca_dpa_dev_rdma_t sender, doca_dpa_dev_rdma_t receiver,
				    doca_dpa_dev_buf_arr_t local, doca_dpa_dev_buf_arr_t remote)
{
	doca_dpa_dev_rdma_post_receive(receiver, doca_dpa_dev_buf_array_get_buf(remote, 0), 32, 8);
	doca_dpa_dev_rdma_post_send(sender, doca_dpa_dev_buf_array_get_buf(local, 0), 0, 8);
	doca_dpa_dev_rdma_synchronize(sender);
}
