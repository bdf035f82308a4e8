/* Device functions the old-client programs call, registered by name in applications they
 * create themselves from this image. */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

uint64_t abi_echo(uint64_t value);
uint64_t abi_fail(uint64_t code);

__dpa_rpc__ uint64_t abi_echo(uint64_t value)
{
	flexio_dev_print("abi_echo %lu\n", value);
	return value + 1;
}

__dpa_rpc__ uint64_t abi_fail(uint64_t code)
{
	flexio_dev_error((uint8_t)code);
}
