/* Device functions of the null-provider tests: the null device runs none of them, but their
 * addresses, argument packing and sections are what the host library works with. */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t add(uint64_t a, uint64_t b)
{
	return a + b;
}

__dpa_global__ void handler(uint64_t arg)
{
	flexio_dev_print("handler %lu\n", arg);
}

__dpa_global__ void on_error(uint64_t arg)
{
	flexio_dev_print("error %lu\n", arg);
}

/* Not code: the error handler cannot be this. */
uint64_t a_variable = 7;
