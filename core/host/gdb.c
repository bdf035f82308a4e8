/*
 * flexio_process_gdb_listen (flexio_ext.h): a GDB remote-protocol stub into the live DPA threads
 * of a process, served by its device (the simulated one: core/providers/sim/sim_gdb.c).
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <string.h>

FLEXIO_EXPERIMENTAL flexio_status flexio_process_gdb_listen(flexio_process *handle, uint16_t port, uint16_t *bound_port)
{
	struct process *process = process_get(handle, __func__);
	uint16_t bound = 0;
	int rc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	rc = process->provider->gdb_listen(process->device, port, &bound);
	if (rc) {
		flexio_err("no GDB stub on 127.0.0.1:%u: %s", port,
			   rc == -EALREADY ? "the process has one already" : strerror(-rc));
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	if (bound_port)
		*bound_port = bound;
	process_put(process);
	return FLEXIO_STATUS_SUCCESS;
}
