/* Synchronous calls of device functions, for the entries that make them (rpc.c, bindings.c). */
#ifndef OPENFLEXIO_CORE_HOST_RPC_H
#define OPENFLEXIO_CORE_HOST_RPC_H

#include <libflexio/flexio.h>

#include <stdarg.h>

/* flexio_process_call: the arguments are the function's, read through the registered pack
 * function (a va_list it reads as the program's variadic call made it). Bad arguments are logged
 * as func, the entry called; a process that stopped, before or during the call, as
 * flexio_process_call, the call every entry makes. */
flexio_status rpc_call_va(const char *func, flexio_process *process, flexio_func_t *host_func, uint64_t *func_ret,
			  va_list ap);
flexio_status rpc_call(const char *func, flexio_process *process, flexio_func_t *host_func, uint64_t *func_ret, ...);

#endif
