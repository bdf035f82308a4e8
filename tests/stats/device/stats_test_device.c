/*
 * Device functions of the dpa_stats tests: a handler that does some work per invocation (one
 * misaligned store among it) and rings nothing, and an RPC that activates a handler as another DPA thread of the process would.
 */
#include <libflexio-dev/flexio_dev.h>

static uint64_t scratch[2];

/* Sums a little (so that each invocation retires a known order of instructions), stores the sum
 * once where it is not 4-byte aligned (one misaligned access per invocation, which the DPA
 * performs and dpa_stats counts), counts. */
__dpa_global__ void stats_spin(uint64_t counter)
{
	volatile uint64_t sum = 0;

	for (int i = 0; i < 1000; i++)
		sum += (uint64_t)i;
	*(volatile uint32_t *)((uintptr_t)scratch + 2) = (uint32_t)sum;
	__atomic_add_fetch((volatile uint64_t *)counter, 1, __ATOMIC_SEQ_CST);
	flexio_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t stats_activate(uint32_t activation_id)
{
	flexio_dev_event_handler_activate(activation_id);
	return 0;
}
