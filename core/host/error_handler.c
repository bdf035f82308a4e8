/*
 * The error handler of a DPA process (flexio_process_error_handler_set, both editions): a device
 * function run once, on a new DPA thread, when a thread of the process hits a fatal error.
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Whether daddr lies in executable DPA memory of the process. */
static bool in_code(struct process *process, uint64_t daddr)
{
	struct provider_memory_region regions[64], *all = regions;
	size_t n = process->provider->memory_regions(process->device, regions, 64);
	bool found = false;

	if (n > 64) {
		all = calloc(n, sizeof(*all));
		if (!all)
			return false;
		n = process->provider->memory_regions(process->device, all, n);
	}
	for (size_t i = 0; i < n && !found; i++)
		found = (all[i].perms & PROVIDER_PERM_X) && daddr >= all[i].base && daddr - all[i].base < all[i].size;
	if (all != regions)
		free(all);
	return found;
}

static flexio_status set_error_handler(const char *func, struct process *process, uint64_t daddr, const char *name)
{
	int rc;

	if (!in_code(process, daddr)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "\"%s\" is not a device function (0x%llx is not code)", name,
			      (unsigned long long)daddr);
		return FLEXIO_STATUS_FAILED;
	}
	if (process_stopped(process, func))
		return FLEXIO_STATUS_FAILED;
	rc = process->provider->error_handler_set(process->device, daddr);
	if (rc == -EBUSY) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\" already has threads: set the error handler before creating the first one",
			      process->name);
		return FLEXIO_STATUS_FAILED;
	}
	if (rc) {
		process_log_stopped(process, func);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

/*
 * The handler, void handler(uint64_t arg) (__dpa_global__), runs once on a new DPA thread of
 * the process when one of its threads hits a fatal error (a fault or flexio_dev_error), before
 * the process is reported in error. arg: bits 0-7 the process status (0x10 for a fault, the
 * user code of flexio_dev_error), bits 8-15 the fault cause (0 for flexio_dev_error), bits
 * 32-63 the id of the failing thread.
 */
__asm__(".symver flexio_process_error_handler_set_v1_1, flexio_process_error_handler_set@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_1(flexio_process *process,
								  flexio_func_t *error_handler);
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_1(flexio_process *handle, flexio_func_t *error_handler)
{
	static const char func[] = "flexio_process_error_handler_set";
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct func *f;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	f = app_find_func(process->app, error_handler, func);
	if (f)
		status = set_error_handler(func, process, f->dev_addr, f->name);
	process_put(process);
	return status;
}

/* The older edition names the handler by its symbol in the application's ELF. */
__asm__(".symver flexio_process_error_handler_set_v1_0, flexio_process_error_handler_set@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_0(flexio_process *process, const char *handler);
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_0(flexio_process *handle, const char *handler)
{
	static const char func[] = "flexio_process_error_handler_set";
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct provider_symbol symbol;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!app_valid_name(handler, "handler", func))
		;
	else if (app_symbol(process->app, handler, &symbol))
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\" has no device function \"%s\"",
			      process->app->name, handler);
	else
		status = set_error_handler(func, process, symbol.address, handler);
	process_put(process);
	return status;
}
