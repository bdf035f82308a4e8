/* DPA code of doca-dpa-bench (dpa_bench.c): written as DOCA DPA programs write theirs. */
#include <stdint.h>

#include <doca_dpa_dev.h>
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
