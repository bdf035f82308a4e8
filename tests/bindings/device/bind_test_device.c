/* Device functions the binding tests (Python, Rust, Go) call through libbind_test_app.so. */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

/* Several arguments of several types: each is weighted so a swapped argument shows. */
__dpa_rpc__ uint64_t weighted_sum(uint64_t a, uint32_t b, int16_t c, uint8_t d, int64_t e)
{
	return a + 2 * (uint64_t)b + 3 * (int64_t)c + 4 * (uint64_t)d + 5 * e;
}

/* Sums len bytes of heap memory the host wrote. */
__dpa_rpc__ uint64_t sum_bytes(flexio_uintptr_t daddr, uint32_t len)
{
	const uint8_t *p = (const uint8_t *)daddr;
	uint64_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum += p[i];
	return sum;
}

/* Writes value + i to each of len bytes at daddr (the host reads them back). */
__dpa_rpc__ uint64_t fill_bytes(flexio_uintptr_t daddr, uint32_t len, uint8_t value)
{
	uint8_t *p = (uint8_t *)daddr;

	for (uint32_t i = 0; i < len; i++)
		p[i] = (uint8_t)(value + i);
	return len;
}

__dpa_rpc__ uint64_t greet(uint32_t n)
{
	flexio_dev_print("hello from the DPA, %u\n", n);
	return n;
}

/* A 4-byte load from an address that is not 4-byte aligned: the DPA faults. */
__dpa_rpc__ uint64_t load_misaligned(flexio_uintptr_t daddr)
{
	return *(volatile uint32_t *)(daddr + 1);
}

/* The benchmark's empty call. */
__dpa_rpc__ uint64_t nop(void)
{
	return 0;
}

/* Stops the process with a user error: its status is code (flexio_dev_error). */
__dpa_rpc__ uint64_t user_error(uint64_t code)
{
	flexio_dev_error((uint8_t)code);
	return 0;
}
