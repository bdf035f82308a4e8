/*
 * The error status of a DPA process (flexio_err_status_get, flexio_err_handler_fd) and the older
 * edition's flexio_err_status / flexio_err_display.
 */
#include "process.h"

#include "dump_file.h"
#include "layouts.h"
#include "log.h"

#include <string.h>

FLEXIO_EXPERIMENTAL int flexio_err_handler_fd(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	int fd;

	if (!process)
		return -1;
	fd = process->error_fd; /* lives as long as the process, as the manual's does */
	process_put(process);
	return fd;
}

/* The dpa_process_status of a process stopped by an error (ranges of flexio_dev_error), else 0. */
static int error_status(struct process *process)
{
	if (!atomic_load(&process->error) || process->stop.status == DPA_STATUS_PROCESS_FINISH)
		return 0;
	return (int)process->stop.status;
}

/* 24.x returns enum flexio_err_status: the kind of the status, not the status. */
static int status_kind(int status)
{
	if (!status)
		return FLEXIO_DEV_NO_ERROR;
	return status >= 128 ? FLEXIO_DEV_USER_ERROR : FLEXIO_DEV_FATAL_ERROR;
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
	/* Callers with 24.01's layouts (24.x programs, and programs that announced no version)
	 * get 24.01's result; later ones the status itself (the FlexIO SDK API Reference Manual). */
	return layouts_version() < FLEXIO_CURRENT_EDITION_FIRST_VERSION ? status_kind(status) : status;
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

/* ---- the fatal-error record (flexio_ext.h) ------------------------------------------------- */

FLEXIO_EXPERIMENTAL flexio_status flexio_process_fault_get(flexio_process *handle, struct flexio_process_fault *fault)
{
	struct process *process = process_get(handle, __func__);
	const struct provider_stop *stop;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fault) {
		flexio_err("fault is NULL");
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	memset(fault, 0, sizeof(*fault));
	if (atomic_load(&process->error)) {
		stop = &process->stop;
		fault->stopped = 1;
		fault->status = (uint32_t)error_status(process);
		fault->has_thread = stop->has_thread;
		fault->thread_id = stop->thread_id;
		if (stop->has_fault) {
			fault->cause = stop->fault.cause;
			fault->access = stop->fault.access;
			fault->pc = stop->fault.pc;
			fault->address = stop->fault.address;
			fault->insn = stop->fault.insn;
			memcpy(fault->regs, stop->fault.regs, sizeof(fault->regs));
			fault->instret = stop->fault.instret;
			fault->cycles = stop->fault.cycles;
		}
	}
	process_put(process);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL const char *flexio_fault_cause_name(enum flexio_fault_cause cause)
{
	static const char *const names[] = {
		[FLEXIO_FAULT_NONE] = "none",
		[FLEXIO_FAULT_MISALIGNED] = "misaligned access",
		[FLEXIO_FAULT_UNMAPPED] = "access fault (unmapped address)",
		[FLEXIO_FAULT_PERMISSION] = "access fault (permission denied)",
		[FLEXIO_FAULT_FETCH] = "instruction access fault (not executable)",
		[FLEXIO_FAULT_ILLEGAL] = "illegal instruction",
		[FLEXIO_FAULT_BREAKPOINT] = "breakpoint (ebreak)",
		[FLEXIO_FAULT_WATCHDOG] = "watchdog expired",
		[FLEXIO_FAULT_BAD_SERVICE] = "unknown ecall service",
		[FLEXIO_FAULT_APERTURE] = "access fault (aperture refused)",
		[FLEXIO_FAULT_STACK_OVERFLOW] = "stack overflow (sp outside the thread's stack)",
	};

	return (unsigned)cause < sizeof(names) / sizeof(names[0]) ? names[cause] : "unknown";
}
