/* Argument passing: every integer width and signedness, pointers, 16 arguments, results. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <libflexio-dev/flexio_dev.h>

typedef enum {
	COLOR_RED = -2,
	COLOR_GREEN = 1
} color_t;

__dpa_rpc__ uint64_t args_signed(int8_t a, int16_t b, int32_t c, int64_t d)
{
	return (uint64_t)((int64_t)a + b + c + d);
}

__dpa_rpc__ uint64_t args_unsigned(uint8_t a, uint16_t b, uint32_t c, uint64_t d)
{
	return a + b + c + d;
}

/* Each slot's value as the device sees it: proves the conversion of every parameter type. */
__dpa_rpc__ uint64_t args_sixteen(int8_t a0, uint8_t a1, int16_t a2, uint16_t a3, int32_t a4, uint32_t a5, int64_t a6,
				  uint64_t a7, bool a8, char a9, color_t a10, long a11, unsigned long a12, size_t a13,
				  flexio_uintptr_t a14, const uint32_t *a15)
{
	printf("%d %u %d %u %ld %lu %lld %llu %d %c %d %ld %lu %lu 0x%lx %u\n", a0, a1, a2, a3, (long)a4,
	       (unsigned long)a5, (long long)a6, (unsigned long long)a7, a8, a9, a10, a11, a12, a13, a14, *a15);
	return 16;
}

/* A DPA buffer passed as flexio_uintptr_t, as host programs pass flexio_buf_dev_alloc memory. */
__dpa_rpc__ uint64_t args_sum_array(flexio_uintptr_t daddr, uint32_t count)
{
	const uint32_t *values = (const uint32_t *)daddr;
	uint64_t sum = 0;

	for (uint32_t i = 0; i < count; i++)
		sum += values[i];
	return sum;
}

__dpa_rpc__ uint64_t args_none(void)
{
	return 0xC0FFEE;
}

__dpa_rpc__ int32_t args_negative_result(int32_t x)
{
	return -x;
}

static uint64_t last_event_arg;

/* An event handler: its argument arrives, and it ends by rescheduling. */
__dpa_global__ void args_event_handler(uint64_t arg)
{
	last_event_arg = arg;
	flexio_dev_print("event %llu\n", (unsigned long long)arg);
	flexio_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t args_last_event(void)
{
	return last_event_arg;
}
