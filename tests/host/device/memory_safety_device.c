/* Device functions of the memory-safety tests: frames larger than a thread's stack. */
#include <libflexio-dev/flexio_dev.h>
#include <stddef.h>

/* Frames of 100 KiB and 1 MiB (an RPC thread's stack is 64 KiB), written with volatile stores
 * from the lowest address up: without a stack check these would start in the memory below
 * the stack's guard page. */
__dpa_rpc__ uint64_t frame_100k(uint64_t value)
{
	volatile uint8_t frame[100u << 10];

	for (size_t i = 0; i < sizeof(frame); i += 64)
		frame[i] = (uint8_t)value;
	return frame[value % sizeof(frame)];
}

__dpa_rpc__ uint64_t frame_1m(uint64_t value)
{
	volatile uint8_t frame[1u << 20];

	for (size_t i = 0; i < sizeof(frame); i += 64)
		frame[i] = (uint8_t)value;
	return frame[value % sizeof(frame)];
}

__dpa_rpc__ uint64_t add2(uint64_t a, uint64_t b)
{
	return a + b;
}
