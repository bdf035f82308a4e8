/*
 * Device functions of the timeline tests (with queue_test_device.c's CQ handler and NOP
 * poster): a handler that counts its invocations, an RPC that activates a handler as another
 * DPA thread of the process would, an RPC that faults, and a command-queue task that counts.
 */
#include <libflexio-dev/flexio_dev.h>

/* Counts its invocations in the word at counter, then waits for the next trigger. */
__dpa_global__ void trace_count_handler(uint64_t counter)
{
	__atomic_add_fetch((volatile uint64_t *)counter, 1, __ATOMIC_SEQ_CST);
	flexio_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t trace_activate(uint32_t activation_id)
{
	flexio_dev_event_handler_activate(activation_id);
	return 0;
}

/* A store to daddr: an unmapped address faults the RPC thread. */
__dpa_rpc__ uint64_t trace_fault(flexio_uintptr_t daddr)
{
	*(volatile uint64_t *)daddr = 1;
	return 0;
}

/* A command-queue task (flexio_dev_async_rpc_handler_t): counts its runs in the word at counter. */
__dpa_global__ void trace_task(uint64_t counter)
{
	__atomic_add_fetch((volatile uint64_t *)counter, 1, __ATOMIC_SEQ_CST);
}
