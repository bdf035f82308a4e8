/* Synchronous calls of device functions (flexio_process_call). */
#include "process.h"

#include "log.h"

#include <stdarg.h>


FLEXIO_STABLE flexio_status flexio_process_call(flexio_process *process, flexio_func_t *host_func,
						uint64_t *func_ret, ...)
{
	struct provider_call call = {0};
	unsigned char argbuf[PROVIDER_ARGBUF_MAX];
	struct flexio_func *f;
	uint64_t args[2], result = 0;
	char why[256];
	va_list ap;

	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!func_ret) {
		flexio_err("func_ret is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*func_ret = 0;
	f = app_find_func(process->app, host_func, __func__);
	if (!f)
		return FLEXIO_STATUS_FAILED;
	if (process_stopped(process, __func__))
		return FLEXIO_STATUS_FAILED;

	va_start(ap, func_ret);
	if (f->pup) {
		/* The unpack wrapper gets the packed arguments and the function to call with them. */
		f->pack(argbuf, ap);
		args[1] = f->dev_addr;
		call = (struct provider_call){.function = f->unpack_addr, .args = args, .nargs = 2,
					      .argbuf = argbuf, .argbuf_size = f->argbuf_size};
	} else {
		/* Registered by name: the function takes one 64-bit argument. */
		args[0] = va_arg(ap, uint64_t);
		call = (struct provider_call){.function = f->dev_addr, .args = args, .nargs = 1};
	}
	va_end(ap);

	switch (process->provider->call(process->device, &call, &result)) {
	case PROVIDER_CALL_RETURNED:
		*func_ret = result;
		return FLEXIO_STATUS_SUCCESS;
	case PROVIDER_CALL_ENDED:
		return FLEXIO_STATUS_SUCCESS;
	case PROVIDER_CALL_FAILED:
		/* flexio_dev_process_finish ends the process without an error. */
		if (atomic_load(&process->error) && process->status == DPA_STATUS_PROCESS_FINISH)
			return FLEXIO_STATUS_SUCCESS;
		break;
	}
	process_describe_stop(process, why, sizeof(why));
	flexio_err("\"%s\" in process \"%s\" did not complete: the process stopped on %s", f->name, process->name,
		   why);
	return FLEXIO_STATUS_FAILED;
}
