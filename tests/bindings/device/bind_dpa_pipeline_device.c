/*
 * DPA code of the bindings' DOCA DPA tests and examples (Python opendoca, Rust doca, Go doca): the
 * three-kernel pipeline func1 -> func2 -> func3 that the host chains by sync events, an RPC, and
 * an RPC reading an event by its DPA handle. Built as DOCA DPA programs build theirs (dpacc,
 * -ldoca_dpa_dev); SCALE is the cell's edit (the notebook tests build it again with another).
 */
#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

#ifndef SCALE
#define SCALE 2
#endif

/* Each thread writes rank + 1 at its rank of out. */
__dpa_global__ void func1(uint64_t out)
{
	((volatile uint64_t *)(uintptr_t)out)[doca_dpa_dev_thread_rank()] = doca_dpa_dev_thread_rank() + 1;
}

/* out[n] = the sum of out[0..n-1]: what func1's n threads wrote. */
__dpa_global__ void func2(uint64_t out, uint64_t n)
{
	volatile uint64_t *o = (volatile uint64_t *)(uintptr_t)out;
	uint64_t sum = 0;

	for (uint64_t i = 0; i < n; i++)
		sum += o[i];
	o[n] = sum;
}

/* out[n + 1] = SCALE * out[n]. */
__dpa_global__ void func3(uint64_t out, uint64_t n)
{
	volatile uint64_t *o = (volatile uint64_t *)(uintptr_t)out;

	o[n + 1] = SCALE * o[n];
}

__dpa_rpc__ uint64_t scale(uint64_t x)
{
	return SCALE * x;
}

__dpa_rpc__ uint64_t event_value(doca_dpa_dev_sync_event_t event)
{
	uint64_t value;

	doca_dpa_dev_sync_event_get(event, &value);
	return value;
}
