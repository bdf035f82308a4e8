/*
 * Timelines (flexio_ext.h, experimental): flexio_process_trace_start / _stop record what the
 * DPA threads of a process do into a Chrome trace file. The device records (the simulated one:
 * core/providers/sim/sim_trace.h) and names the process as it was created; this file checks the arguments.
 */
#include "log.h"
#include "process.h"

FLEXIO_EXPERIMENTAL flexio_status flexio_process_trace_start(flexio_process *handle, const char *path)
{
	struct process *process = process_get(handle, __func__);
	char err[PROVIDER_ERROR_MAX] = "";
	int rc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!path || !*path) {
		flexio_err("path is %s", path ? "empty" : "NULL");
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	rc = process->provider->trace_start(process->device, path, err, sizeof(err));
	if (rc)
		flexio_err("process \"%s\": %s", process->name, err);
	process_put(process);
	return rc ? FLEXIO_STATUS_FAILED : FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_process_trace_stop(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	char err[PROVIDER_ERROR_MAX] = "";
	int rc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	rc = process->provider->trace_stop(process->device, err, sizeof(err));
	if (rc)
		flexio_err("process \"%s\": %s", process->name, err);
	process_put(process);
	return rc ? FLEXIO_STATUS_FAILED : FLEXIO_STATUS_SUCCESS;
}
