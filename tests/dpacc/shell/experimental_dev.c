/* Device code calling a function the 25.1 headers mark experimental (flexio_dev_print). */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t experimental_rpc(uint64_t x)
{
	flexio_dev_print("experimental_rpc %lu\n", (unsigned long)x);
	return x + 1;
}
