/* Device functions of the queue event tests beyond tests/host's queue ones (queue_test_device.c,
 * linked in too: the CQ-consuming handler and the SQ poster): a counting handler and an RPC that
 * activates a handler. */
#include <libflexio-dev/flexio_dev.h>

/* Counts its invocations in the word at counter. */
__dpa_global__ void qe_count(uint64_t counter)
{
	__atomic_add_fetch((uint64_t *)counter, 1, __ATOMIC_RELAXED);
}

/* Activates the handler of activation id count times, as another thread of the process would. */
__dpa_rpc__ uint64_t qe_activate(uint64_t id, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
		flexio_dev_event_handler_activate((uint32_t)id);
	return 0;
}
