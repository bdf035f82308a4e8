/* The device side of the command-queue example: each task squares its argument into a table
 * in DPA heap memory; RPCs hand the table over and read it back. */
#include <libflexio-dev/flexio_dev.h>

static volatile uint64_t *squares;

__dpa_rpc__ uint64_t cmdq_set_table(flexio_uintptr_t daddr)
{
	squares = (volatile uint64_t *)daddr;
	return 0;
}

/* A cmdq task (flexio_dev_async_rpc_handler_t): runs in the background on a worker thread. */
__dpa_global__ void cmdq_square_task(uint64_t index)
{
	squares[index] = index * index;
}

__dpa_rpc__ uint64_t cmdq_get_square(uint64_t index)
{
	return squares[index];
}
