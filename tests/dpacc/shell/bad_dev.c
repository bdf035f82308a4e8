/* Device code with an error on line 6, for dpacc's error reporting. */
#include <stdint.h>

__dpa_rpc__ uint64_t broken(uint64_t x)
{
	return x + undeclared_variable;
}
