/* A device library (dpacc --gen-libs): a helper and an RPC entry point of its own. */
#include <stdint.h>

uint64_t mylib_twice(uint64_t x);

uint64_t mylib_twice(uint64_t x)
{
	return 2 * x;
}

__dpa_rpc__ uint64_t mylib_rpc(uint32_t x)
{
	return mylib_twice(x) + 1;
}
