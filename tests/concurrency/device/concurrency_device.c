/* Device functions of the concurrency tests: printing tasks and RPCs, a cheap RPC, a spinner. */
#include <libflexio-dev/flexio_dev.h>

/* A command-queue task: one line on the default stream. */
__dpa_global__ void print_task(uint64_t arg)
{
	flexio_dev_print("task %lu\n", arg);
}

/* count numbered lines "<tag> <i>" on the default stream. */
__dpa_rpc__ uint64_t print_lines(uint32_t tag, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		flexio_dev_print("%u %u\n", tag, i);
	return count;
}

__dpa_rpc__ uint64_t add(uint64_t a, uint64_t b)
{
	return a + b;
}

/* Spins about n iterations, then returns n. */
__dpa_rpc__ uint64_t spin(uint64_t n)
{
	for (volatile uint64_t i = 0; i < n; i++)
		;
	return n;
}

/* A command-queue task that spins about n iterations (keeps a worker running). */
__dpa_global__ void spin_task(uint64_t n)
{
	for (volatile uint64_t i = 0; i < n; i++)
		;
}
