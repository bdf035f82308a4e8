/* Synchronous calls of device functions (flexio_process_call, and flexio_process_call_args's). */
#include "process.h"

#include "log.h"
#include "rpc.h"

#include <stdarg.h>

/* The device call is flexio_process_call's whichever entry makes it: flexio_process_call_args,
 * the bindings' entry, makes that very variadic call, and the bindings report a failed call as
 * flexio_process_call's. A process that stopped, or stops during the call, is logged in this
 * name so that the line a binding's user reads names the function their error names; the
 * entries' argument checks stay in the name of the entry called. */
static const char call_name[] = "flexio_process_call";

static flexio_status call(struct process *process, struct func *f, uint64_t *func_ret, va_list ap)
{
	struct provider_call call = { 0 };
	unsigned char argbuf[PROVIDER_ARGBUF_MAX];
	uint64_t args[2], result = 0;
	char why[256];

	if (f->pup) {
		/* The unpack wrapper gets the packed arguments and the function to call with them. */
		f->pack(argbuf, ap);
		args[1] = f->dev_addr;
		call = (struct provider_call){ .function = f->unpack_addr,
					       .args = args,
					       .nargs = 2,
					       .argbuf = argbuf,
					       .argbuf_size = f->argbuf_size };
	} else {
		/* Registered by name: the function takes one 64-bit argument. */
		args[0] = va_arg(ap, uint64_t);
		call = (struct provider_call){ .function = f->dev_addr, .args = args, .nargs = 1 };
	}

	switch (process->provider->call(process->device, &call, &result)) {
	case PROVIDER_CALL_RETURNED:
		*func_ret = result;
		return FLEXIO_STATUS_SUCCESS;
	case PROVIDER_CALL_ENDED:
		return FLEXIO_STATUS_SUCCESS;
	case PROVIDER_CALL_FAILED:
		/* flexio_dev_process_finish ends the process without an error. */
		if (atomic_load(&process->error) && process->stop.status == DPA_STATUS_PROCESS_FINISH)
			return FLEXIO_STATUS_SUCCESS;
		break;
	}
	process_describe_stop(process, why, sizeof(why));
	flexio_log_at(FLEXIO_LOG_LVL_ERR, call_name,
		      "\"%s\" in process \"%s\" did not complete: the process stopped on %s", f->name, process->name,
		      why);
	return FLEXIO_STATUS_FAILED;
}

flexio_status rpc_call_va(const char *func, flexio_process *handle, flexio_func_t *host_func, uint64_t *func_ret,
			  va_list ap)
{
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct func *f;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!func_ret)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "func_ret is NULL");
	else if ((*func_ret = 0, f = app_find_func(process->app, host_func, func)) &&
		 !process_stopped(process, call_name))
		status = call(process, f, func_ret, ap);
	process_put(process);
	return status;
}

flexio_status rpc_call(const char *func, flexio_process *process, flexio_func_t *host_func, uint64_t *func_ret, ...)
{
	flexio_status status;
	va_list ap;

	va_start(ap, func_ret);
	status = rpc_call_va(func, process, host_func, func_ret, ap);
	va_end(ap);
	return status;
}

FLEXIO_STABLE flexio_status flexio_process_call(flexio_process *process, flexio_func_t *host_func, uint64_t *func_ret,
						...)
{
	flexio_status status;
	va_list ap;

	va_start(ap, func_ret);
	status = rpc_call_va(__func__, process, host_func, func_ret, ap);
	va_end(ap);
	return status;
}
