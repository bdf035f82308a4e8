/*
 * The DPA side of doca-dpa-pipeline: three kernels, each working on its own stage of a buffer in
 * DPA memory. The host chains them with one sync event (the DOCA DPA guide's pipeline): func1
 * runs once the event is 0, func2 once func1 added 1 to it, func3 once func2 did.
 */
#include <stdint.h>

#include <doca_dpa_dev.h>

/* Stage 1: each thread fills its share of the n numbers with 1, 2, ... n. */
__dpa_global__ void func1(uint64_t numbers, uint64_t n)
{
	uint64_t *v = (uint64_t *)(uintptr_t)numbers;

	for (uint64_t i = doca_dpa_dev_thread_rank(); i < n; i += doca_dpa_dev_num_threads())
		v[i] = i + 1;
}

/* Stage 2: squares them. */
__dpa_global__ void func2(uint64_t numbers, uint64_t n)
{
	uint64_t *v = (uint64_t *)(uintptr_t)numbers;

	for (uint64_t i = doca_dpa_dev_thread_rank(); i < n; i += doca_dpa_dev_num_threads())
		v[i] *= v[i];
}

/* Stage 3: one thread sums them into sum (DPA memory) and says so. */
__dpa_global__ void func3(uint64_t numbers, uint64_t n, uint64_t sum)
{
	const uint64_t *v = (const uint64_t *)(uintptr_t)numbers;
	uint64_t total = 0;

	for (uint64_t i = 0; i < n; i++)
		total += v[i];
	*(uint64_t *)(uintptr_t)sum = total;
	DOCA_DPA_DEV_LOG_INFO("func3: the sum of the squares of 1..%llu is %llu\n", (unsigned long long)n,
			      (unsigned long long)total);
}
