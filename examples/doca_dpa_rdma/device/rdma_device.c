/*
 * The DPA side of doca-dpa-rdma: one kernel, launched on each node's DOCA DPA context, that
 * RDMA-writes the node's buffer into its peer's, signals the peer's sync event over the same
 * connection, then waits for its own sync event, which the peer's kernel signals once its write
 * is posted. Both go on one RC queue pair, which executes in order: a node whose event is set
 * has the peer's bytes already.
 */
#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

__dpa_global__ void write_and_signal(uint32_t node, doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				     doca_dpa_dev_mmap_t local_key, uint64_t local_addr, doca_dpa_dev_mmap_t remote_key,
				     uint64_t remote_addr, uint64_t length,
				     doca_dpa_dev_sync_event_remote_net_t remote_event,
				     doca_dpa_dev_sync_event_t local_event)
{
	doca_dpa_dev_rdma_post_write(rdma, connection_id, remote_key, remote_addr, local_key, local_addr, length,
				     DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	doca_dpa_dev_rdma_signal_set(rdma, connection_id, remote_event, 1);
	doca_dpa_dev_sync_event_wait_gt(local_event, 0, UINT64_MAX);
	DOCA_DPA_DEV_LOG_INFO("node %u: wrote %llu bytes to its peer and signalled it; the peer's signal came\n", node,
			      (unsigned long long)length);
}
