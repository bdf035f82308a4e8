/* Device functions of the host-runtime benchmark. */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t bench_noop(void)
{
	return 0;
}
