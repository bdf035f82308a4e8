/*
 * The error status of a DPA process (flexio_err_status_get, flexio_err_handler_fd) and the older
 * edition's flexio_err_status / flexio_err_display.
 */
#include "process.h"

#include "dump_file.h"
#include "log.h"

FLEXIO_EXPERIMENTAL int flexio_err_handler_fd(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	int fd;

	if (!process)
		return -1;
	fd = process->error_fd; /* lives as long as the process, as the seed's does */
	process_put(process);
	return fd;
}

/* The dpa_process_status of a process stopped by an error (ranges of flexio_dev_error), else 0. */
static int error_status(struct process *process)
{
	if (!atomic_load(&process->error) || process->status == DPA_STATUS_PROCESS_FINISH)
		return 0;
	return (int)process->status;
}

FLEXIO_EXPERIMENTAL int flexio_err_status_get(flexio_process *handle)
{
	struct process *process;
	int status;

	if (!handle)
		return 0; /* NULL is valid: no process, no error */
	process = process_get(handle, __func__);
	if (!process)
		return 0;
	status = error_status(process);
	process_put(process);
	return status;
}

/* ---- the older edition ------------------------------------------------------------------ */

FLEXIO_STABLE int flexio_err_status(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	int status;

	if (!process)
		return 0;
	status = atomic_load(&process->error_displayed) ? 0 : error_status(process);
	process_put(process);
	return status;
}

FLEXIO_STABLE void flexio_err_display(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);

	if (!process)
		return;
	crash_data_write(stderr, process);
	atomic_store(&process->error_displayed, true);
	process_put(process);
}
