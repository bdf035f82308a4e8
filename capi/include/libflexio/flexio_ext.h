/**
 * @file flexio_ext.h
 * OpenFlexIO's additions to the FlexIO host API: what NVIDIA's SDK does not have and the
 * simulated device, language bindings and tools need. Every one is experimental (declared with
 * FLEXIO_ALLOW_EXPERIMENTAL_API, exported in the FLEXIO_EXPERIMENTAL node) and kept apart from
 * NVIDIA's API in <libflexio/flexio.h>, which includes this header.
 */
#ifndef OPENFLEXIO_FLEXIO_EXT_H
#define OPENFLEXIO_FLEXIO_EXT_H

#include <libflexio/flexio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Logging                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Receives the library's log lines instead of stderr (see flexio_log_callback_set).
 *
 * @param lvl   the line's level (only lines at or above the set level arrive).
 * @param func  the function that logged it: a FlexIO call, or an rdma-core call answered by
 *              the simulated device (ibv_dealloc_pd, ...).
 * @param msg   the reason, without the "flexio <LVL> <func>: " prefix and the newline.
 * @param user  the pointer given to flexio_log_callback_set.
 *
 * func and msg are valid during the call only.  The callback runs on the thread that logged,
 * which may be a library thread; it may log (those lines go to stderr) and call other library
 * functions, but not flexio_log_callback_set.
 */
typedef void(flexio_log_cb_t)(enum flexio_log_lvl lvl, const char *func, const char *msg,
			      void *user);

/**
 * Sends every log line that passes the level (flexio_log_lvl_set) to cb, with user, instead
 * of writing it to stderr; cb NULL writes to stderr again.  The lines of the simulated
 * rdma-core device go the same way.  flexio_last_error still records ERR lines.
 *
 * When it returns, no thread runs the previous callback any more and none calls it again, so
 * its user data may be freed.  It waits for callbacks running on other threads to return,
 * holding no lock they need: lines logged meanwhile wait for nothing.  Calls are serialised.
 *
 * @param cb    the callback, or NULL for stderr.
 * @param user  passed to every call of cb.
 * @return FLEXIO_STATUS_SUCCESS; FLEXIO_STATUS_FAILED when called from inside a callback
 *         (waiting for running callbacks there could wait for itself).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_log_callback_set(flexio_log_cb_t *cb, void *user);

/* ------------------------------------------------------------------------ */
/* Entries for language bindings                                            */
/* ------------------------------------------------------------------------ */

/*
 * flexio_process_call with the arguments in an array: for callers that cannot
 * make a variadic call (cgo) or build one per argument count.  Each argument
 * goes as a uint64_t variadic argument of flexio_process_call.  nargs must be
 * the function's parameter count (a dpacc-built function's argument buffer
 * holds one 8-byte slot per parameter; a function registered by name takes
 * one); a different count fails.  *func_ret receives the return value.
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_call_args(flexio_process *process,
							   flexio_func_t *host_func,
							   uint64_t *func_ret, const uint64_t *args,
							   size_t nargs);

/*
 * The last error line the library logged on the calling thread, without its
 * newline ("flexio ERR <function>: <reason>"), or "" if none.  Valid until the
 * thread's next error; kept whatever the logging level.
 */
FLEXIO_EXPERIMENTAL const char *flexio_last_error(void);

/* Copies buff_bsize bytes of an allocated heap buffer at src_daddr to the host. */
FLEXIO_EXPERIMENTAL flexio_status flexio_dev2host_memcpy(flexio_process *process, void *dst_haddr,
							 size_t buff_bsize, flexio_uintptr_t src_daddr);

/* ------------------------------------------------------------------------ */
/* Fatal errors as a record                                                 */
/* ------------------------------------------------------------------------ */

/** Why a DPA thread stopped its process (flexio_process_fault.cause). */
enum flexio_fault_cause {
	FLEXIO_FAULT_NONE = 0,          /**< no thread fault: running, flexio_dev_error or process finish */
	FLEXIO_FAULT_MISALIGNED = 1,    /**< an N-byte access not N-byte aligned */
	FLEXIO_FAULT_UNMAPPED = 2,      /**< a data access outside the process's memory */
	FLEXIO_FAULT_PERMISSION = 3,    /**< a data access against its memory's permissions */
	FLEXIO_FAULT_FETCH = 4,         /**< an instruction fetch outside executable memory */
	FLEXIO_FAULT_ILLEGAL = 5,       /**< an illegal or unsupported instruction */
	FLEXIO_FAULT_BREAKPOINT = 6,    /**< ebreak */
	FLEXIO_FAULT_WATCHDOG = 7,      /**< an activation ran past its instruction budget */
	FLEXIO_FAULT_BAD_SERVICE = 8,   /**< an ecall nobody serves */
	FLEXIO_FAULT_APERTURE = 9,      /**< a window or outbox access refused (bounds, key, PD) */
	FLEXIO_FAULT_STACK_OVERFLOW = 10, /**< the stack pointer left the thread's stack */
};

/** The kind of memory access that faulted (flexio_process_fault.access). */
enum flexio_fault_access {
	FLEXIO_FAULT_ACCESS_NONE = 0,
	FLEXIO_FAULT_ACCESS_READ = 1,
	FLEXIO_FAULT_ACCESS_WRITE = 2,
	FLEXIO_FAULT_ACCESS_EXECUTE = 3,
};

/** What stopped a DPA process, as flexio_crash_data prints it. */
struct flexio_process_fault {
	uint32_t status;     /**< flexio_err_status_get's value: 0 while the process runs */
	int stopped;         /**< 1 once the process has stopped for good (also by process finish) */
	int has_thread;      /**< 1 when thread_id names the thread whose error stopped it */
	uint32_t thread_id;  /**< that thread, as device code sees it (flexio_dev_get_thread_id) */
	enum flexio_fault_cause cause;   /**< FLEXIO_FAULT_NONE unless a thread faulted */
	enum flexio_fault_access access; /**< for memory faults */
	uint64_t pc;         /**< the faulting instruction */
	uint64_t address;    /**< the data or fetch address of the fault */
	uint32_t insn;       /**< the instruction word at pc, 0 if unreadable */
	uint64_t regs[32];   /**< x0..x31 at the fault */
	uint64_t instret;    /**< instructions the thread retired before the fault */
	uint64_t cycles;     /**< its cycles before the fault */
};

/**
 * The fatal-error record of a process: the status and, when a thread faulted, the fault with
 * its registers. Fields are 0 while the process runs.
 *
 * @param process  a live process.
 * @param fault    filled in.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument.
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_fault_get(flexio_process *process,
							   struct flexio_process_fault *fault);

/**
 * The name of a fault cause ("misaligned access", ...), or "unknown" for another value.
 */
FLEXIO_EXPERIMENTAL const char *flexio_fault_cause_name(enum flexio_fault_cause cause);

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_EXT_H */
