/*
 * Device functions of the event-handler tests: handlers that count their invocations in heap
 * memory (the address is their argument) and end them each way a handler can; an RPC that
 * activates a handler as another DPA thread of the process would.
 */
#include <libflexio-dev/flexio_dev.h>

static uint64_t bump(uint64_t daddr)
{
	return __atomic_add_fetch((volatile uint64_t *)daddr, 1, __ATOMIC_SEQ_CST);
}

/* Counts, then waits for the next trigger. */
__dpa_global__ void count_handler(uint64_t counter)
{
	bump(counter);
	flexio_dev_thread_reschedule();
}

/* Counts by returning (the same as rescheduling). */
__dpa_global__ void count_and_return(uint64_t counter)
{
	bump(counter);
}

/* Counts once, then takes no more triggers. */
__dpa_global__ void count_and_finish(uint64_t counter)
{
	bump(counter);
	flexio_dev_thread_finish();
}

/* Runs itself again until it counted 5. */
__dpa_global__ void count_to_five(uint64_t counter)
{
	if (bump(counter) < 5)
		flexio_dev_thread_retrigger();
	flexio_dev_thread_reschedule();
}

/* Continuable: counts in word 0, yields, counts in word 1 when the next trigger resumes it. */
__dpa_global__ void yield_between(uint64_t counters)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	bump(counters);
	flexio_dev_yield(dtctx);
	bump(counters + 8);
	flexio_dev_thread_reschedule();
}

/* Copies its thread's name to the heap. */
__dpa_global__ void write_name(uint64_t daddr)
{
	const char *name = flexio_dev_get_current_thread_name();
	char *out = (char *)daddr;

	while ((*out++ = *name++))
		;
	flexio_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t activate(uint32_t activation_id)
{
	flexio_dev_event_handler_activate(activation_id);
	return 0;
}
