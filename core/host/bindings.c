/*
 * Entries for language bindings (all experimental): what Python (cffi), Rust and Go need
 * and NVIDIA's API cannot give them.
 *
 *   flexio_process_call_args  flexio_process_call without the variadic arguments: cgo cannot
 *                             call a variadic function at all, and the others would need one
 *                             call site per argument count.  The call is a true variadic call,
 *                             so the registered pack function reads a true va_list: written out
 *                             for up to 16 arguments (dpacc's limit), made by libffi beyond.
 *                             Its bad arguments are logged in its name, a call the stopped
 *                             process cannot complete as flexio_process_call's (rpc.c).
 *   flexio_last_error         the calling thread's last error line, for exceptions/errors.
 *   flexio_dev2host_memcpy    reads heap memory back (the buffer protocol of the bindings).
 *
 * capi/CHOICES-host.md ("Bindings") says why each exists.
 */
#include "heap.h"
#include "log.h"
#include "process.h"
#include "rpc.h"

#include <ffi.h>
#include <pthread.h>

/* dpacc's pack functions read one 8-byte slot per parameter (at most 16); hand-registered
 * ones may read more, up to what flexio_process_call's argument buffer holds. */
#define CALL_ARGS_MAX 64

/* Call interfaces of rpc_call(func, process, host_func, func_ret, <n x uint64_t>), one per
 * argument count: every variadic argument has the same type, so they never change. */
#define FIXED_ARGS 4
static ffi_cif call_cifs[CALL_ARGS_MAX + 1];
static ffi_type *call_types[FIXED_ARGS + CALL_ARGS_MAX];
static bool call_cifs_ok;
static pthread_once_t call_cifs_once = PTHREAD_ONCE_INIT;

static void call_cifs_prepare(void)
{
	call_types[0] = call_types[1] = call_types[2] = call_types[3] = &ffi_type_pointer;
	for (int i = 0; i < CALL_ARGS_MAX; i++)
		call_types[FIXED_ARGS + i] = &ffi_type_uint64;
	call_cifs_ok = true;
	for (unsigned n = 0; n <= CALL_ARGS_MAX; n++)
		if (ffi_prep_cif_var(&call_cifs[n], FFI_DEFAULT_ABI, FIXED_ARGS, FIXED_ARGS + n, &ffi_type_sint,
				     call_types) != FFI_OK)
			call_cifs_ok = false;
}

/* The arity check: the number of arguments host_func's pack function reads. */
static bool arity_ok(flexio_process *handle, flexio_func_t *host_func, size_t nargs, const char *func)
{
	struct process *process = process_get(handle, func);
	struct func *f;
	size_t expected;
	bool ok = false;

	if (!process)
		return false;
	f = app_find_func(process->app, host_func, func);
	if (f) {
		/* The arity a va_list-reading pack function needs: a wrong count is an error, not garbage. */
		expected = f->pup ? f->argbuf_size / sizeof(uint64_t) : 1;
		if (nargs != expected || (f->pup && f->argbuf_size % sizeof(uint64_t)))
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "\"%s\" takes %zu argument%s, %zu given", f->name,
				      expected, expected == 1 ? "" : "s", nargs);
		else if (nargs > CALL_ARGS_MAX)
			flexio_log_at(
				FLEXIO_LOG_LVL_ERR, func,
				"\"%s\" takes %zu arguments; at most %d through this entry (use flexio_process_call)",
				f->name, nargs, CALL_ARGS_MAX);
		else
			ok = true;
	}
	process_put(process);
	return ok;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_process_call_args(flexio_process *process, flexio_func_t *host_func,
							   uint64_t *func_ret, const uint64_t *args, size_t nargs)
{
	static const char *const func = __func__;
	void *values[FIXED_ARGS + CALL_ARGS_MAX];
	ffi_arg rc = FLEXIO_STATUS_FAILED;

	if (func_ret)
		*func_ret = 0;
	if (nargs && !args) {
		flexio_err("args is NULL with nargs %zu", nargs);
		return FLEXIO_STATUS_FAILED;
	}
	if (!arity_ok(process, host_func, nargs, __func__))
		return FLEXIO_STATUS_FAILED;
		/* Up to 16 arguments (every dpacc-built function) the variadic call is written out; libffi
	 * makes the longer ones. Both pass nargs uint64_t variadic arguments. */
#define A(i) args[i]
	switch (nargs) {
	case 0:
		return rpc_call(func, process, host_func, func_ret);
	case 1:
		return rpc_call(func, process, host_func, func_ret, A(0));
	case 2:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1));
	case 3:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2));
	case 4:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3));
	case 5:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4));
	case 6:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5));
	case 7:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6));
	case 8:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7));
	case 9:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8));
	case 10:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9));
	case 11:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10));
	case 12:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10), A(11));
	case 13:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10), A(11), A(12));
	case 14:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10), A(11), A(12), A(13));
	case 15:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10), A(11), A(12), A(13), A(14));
	case 16:
		return rpc_call(func, process, host_func, func_ret, A(0), A(1), A(2), A(3), A(4), A(5), A(6), A(7),
				A(8), A(9), A(10), A(11), A(12), A(13), A(14), A(15));
	default:
		break;
	}
#undef A
	pthread_once(&call_cifs_once, call_cifs_prepare);
	if (!call_cifs_ok) {
		flexio_err("libffi cannot prepare a variadic call on this platform");
		return FLEXIO_STATUS_FAILED;
	}
	values[0] = (void *)&func;
	values[1] = &process;
	values[2] = &host_func;
	values[3] = &func_ret;
	for (size_t i = 0; i < nargs; i++)
		values[FIXED_ARGS + i] = (void *)&args[i];
	ffi_call(&call_cifs[nargs], FFI_FN(rpc_call), &rc, values);
	return (flexio_status)(int)rc;
}

FLEXIO_EXPERIMENTAL const char *flexio_last_error(void)
{
	return log_last_error();
}

FLEXIO_EXPERIMENTAL flexio_status flexio_dev2host_memcpy(flexio_process *handle, void *dst_haddr, size_t buff_bsize,
							 flexio_uintptr_t src_daddr)
{
	struct process *process = process_get(handle, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!dst_haddr)
		flexio_err("dst_haddr is NULL");
	else if (buff_bsize && !heap_contains(&process->heap, src_daddr, buff_bsize))
		flexio_err("process \"%s\": [0x%llx, +%zu) is not inside an allocated heap buffer", process->name,
			   (unsigned long long)src_daddr, buff_bsize);
	else if (buff_bsize && process->provider->memory_read(process->device, src_daddr, dst_haddr, buff_bsize))
		flexio_err("process \"%s\": cannot read DPA memory at 0x%llx", process->name,
			   (unsigned long long)src_daddr);
	else
		status = FLEXIO_STATUS_SUCCESS;
	process_put(process);
	return status;
}
