/* The device side of the RPC example: add two numbers, and say so. */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t rpc_calculate_sum(uint64_t arg1, uint64_t arg2)
{
	flexio_dev_print("Calculating %lu + %lu\n", arg1, arg2);
	return arg1 + arg2;
}
