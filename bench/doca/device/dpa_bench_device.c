/* DPA code of doca-dpa-bench (dpa_bench.c): written as DOCA DPA programs write theirs. */
#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

/* The kernel and RPC whose launch or call is timed: they do nothing. */
__dpa_global__ void bench_empty_kernel(void)
{
}

__dpa_rpc__ uint64_t bench_empty_rpc(uint64_t value)
{
	return value + 1;
}

/* Ping-pong with the CPU: round i waits for ping > 2i, then sets pong to 2i + 1. */
__dpa_global__ void bench_pong_kernel(doca_dpa_dev_sync_event_t ping, doca_dpa_dev_sync_event_t pong, uint64_t rounds)
{
	for (uint64_t i = 0; i < rounds; i++) {
		doca_dpa_dev_sync_event_wait_gt(ping, 2 * i, ~0ull);
		doca_dpa_dev_sync_event_update_set(pong, 2 * i + 1);
	}
}

/* RDMA from DPA code: n writes of len bytes on a connection of an RDMA context whose datapath is
 * on the DPA, each waited for on the completion context it reports into. */
__dpa_rpc__ uint64_t bench_rdma_writes(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst_key,
				       uint64_t dst, doca_dpa_dev_mmap_t src_key, uint64_t src, uint64_t len,
				       doca_dpa_dev_completion_t comp, uint64_t n)
{
	doca_dpa_dev_completion_element_t e;

	for (uint64_t i = 0; i < n; i++) {
		doca_dpa_dev_rdma_post_write(rdma, conn, dst_key, dst, src_key, src, len,
					     DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
		while (!doca_dpa_dev_get_completion(comp, &e))
			;
		doca_dpa_dev_completion_ack(comp, 1);
	}
	return n;
}
