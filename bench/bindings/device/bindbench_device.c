/* The bindings benchmark's device function: an empty call. */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t nop(void)
{
	return 0;
}
