/*
 * Device code the GDB test debugs (built with -g -O0, so locals live in the frame): an RPC that
 * calls a device function, and an event handler that stays idle, a second DPA thread to list.
 */
#include <libflexio-dev/flexio_dev.h>

/* The function the debugger stops in. */
__attribute__((noinline)) uint64_t gdb_scale(uint64_t value, uint64_t factor)
{
	uint64_t product = value * factor;
	uint64_t bumped = product + 1;

	return bumped;
}

__dpa_rpc__ uint64_t gdb_rpc(uint64_t value)
{
	uint64_t result = gdb_scale(value, 3);

	return result;
}

__dpa_global__ void gdb_handler(uint64_t arg)
{
	(void)arg;
	flexio_dev_thread_reschedule();
}
