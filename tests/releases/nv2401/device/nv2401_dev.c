/*
 * The device side of a program written for NVIDIA FlexIO 24.01 .. 24.07, in its idioms: the
 * release chosen after including the version header, dtctx-first helpers
 * (flexio_dev_get_thread_ctx(&dtctx), flexio_dev_get_thread_id(dtctx)), flexio_dev_print,
 * flexio_dev_error. Built with -Werror and no ALLOW flag: 24.01 marks nothing experimental.
 */
#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(24, 1, 0)

#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

uint64_t nv2401_sum(uint64_t values_daddr, uint64_t count);
uint64_t nv2401_read(uint64_t daddr);
uint64_t nv2401_fail(uint64_t code);

/* Sums count numbers the host wrote to the DPA heap and stores the sum after them. */
__dpa_rpc__ uint64_t nv2401_sum(uint64_t values_daddr, uint64_t count)
{
	uint64_t *values = (uint64_t *)values_daddr;
	struct flexio_dev_thread_ctx *dtctx;
	uint64_t sum = 0;

	if (flexio_dev_get_thread_ctx(&dtctx) < 0)
		return UINT64_MAX;
	for (uint64_t i = 0; i < count; i++)
		sum += values[i];
	values[count] = sum;
	flexio_dev_print("nv2401: DPA thread %u summed %lu numbers of the heap: %lu\n", flexio_dev_get_thread_id(dtctx),
			 count, sum);
	return sum;
}

/* What the heap holds at daddr (the sum stored by the previous call). */
__dpa_rpc__ uint64_t nv2401_read(uint64_t daddr)
{
	return *(volatile uint64_t *)daddr;
}

/* Ends the process with a user error code (128..255). */
__dpa_rpc__ uint64_t nv2401_fail(uint64_t code)
{
	flexio_dev_print("nv2401: giving up with error %lu\n", code);
	flexio_dev_error((uint8_t)code);
}
