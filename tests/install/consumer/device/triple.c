/* The installed-tree test's device code: one function taking one uint64_t, so that it is
 * callable both through the registration dpacc generates and, built without dpacc (pkg-config
 * flexio-dev), through flexio_func_register. */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t value)
{
	return 3 * value;
}
