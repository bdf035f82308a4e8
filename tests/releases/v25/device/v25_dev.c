/*
 * The device side of a FlexIO 25.x program: the current device API (NVIDIA 25.1's, much of it
 * experimental, so built with FLEXIO_DEV_ALLOW_EXPERIMENTAL_API as NVIDIA's build scripts do),
 * messages to a stream of its own as well as the default one, the DPA heap, a fault.
 */
#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(25, 1, 0)

#include <stdint.h>

#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

uint64_t v25_scale(uint64_t values_daddr, uint64_t count, uint64_t factor, uint64_t stream_id);
uint64_t v25_checksum(uint64_t values_daddr, uint64_t count);
uint64_t v25_crash(uint64_t address);

/* Multiplies count numbers of the DPA heap by factor, in place. */
__dpa_rpc__ uint64_t v25_scale(uint64_t values_daddr, uint64_t count, uint64_t factor, uint64_t stream_id)
{
	uint64_t *values = (uint64_t *)values_daddr;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (!count) {
		flexio_dev_msg((int)stream_id, FLEXIO_MSG_DEV_ERROR, "v25: nothing to scale\n");
		return 0;
	}
	for (uint64_t i = 0; i < count; i++)
		values[i] *= factor;
	__dpa_thread_memory_writeback();
	flexio_dev_print("v25: DPA thread %u scaled %lu numbers by %lu\n", flexio_dev_get_thread_id(dtctx), count,
			 factor);
	/* Below the level of the program's own stream (ERROR): not shown. */
	flexio_dev_msg((int)stream_id, FLEXIO_MSG_DEV_DEBUG, "v25: scaled %lu numbers\n", count);
	return count;
}

/* Sum of the numbers, each weighted by its position (1-based). */
__dpa_rpc__ uint64_t v25_checksum(uint64_t values_daddr, uint64_t count)
{
	const uint64_t *values = (const uint64_t *)values_daddr;
	uint64_t sum = 0;

	for (uint64_t i = 0; i < count; i++)
		sum += (i + 1) * values[i];
	return sum;
}

/* Reads an address no DPA memory backs: the thread faults, the process stops. */
__dpa_rpc__ uint64_t v25_crash(uint64_t address)
{
	flexio_dev_print("v25: reading 0x%lx\n", address);
	return *(volatile uint64_t *)address;
}
