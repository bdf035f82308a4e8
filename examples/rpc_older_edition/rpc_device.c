/* The RPC example's device side in the older edition: dtctx-first helpers, flexio_dev_print. */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t rpc_calculate_sum(uint64_t arg1, uint64_t arg2)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_print("Calculating %lu + %lu\n", arg1, arg2);
	return arg1 + arg2;
}
