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
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_log_callback_set(flexio_log_cb_t *cb, void *user);

/* ------------------------------------------------------------------------ */
/* Debugging DPA code with GDB (simulated device)                           */
/* ------------------------------------------------------------------------ */

/**
 * Serves the GDB remote serial protocol for a process's live DPA threads on 127.0.0.1:port, so
 * that `gdb-multiarch app.elf -ex 'target remote :PORT'` debugs them (the ELF from
 * flexio_app_get_elf): each DPA thread a GDB thread, registers x0..x31 and pc, DPA memory,
 * breakpoints, single steps, continue, ^C, source lines. All-stop: while GDB shows the process
 * stopped every thread of it is paused (host calls into it wait). Loopback only: the protocol
 * has no authentication and its client may write the process's memory and registers.
 * One debugger at a time; the stub lives as long as the process.
 * FLEXIO_SIM_GDB=PORT does the same for every process from its creation (the next free port
 * for each further process, logged), with FLEXIO_SIM_GDB_WAIT=1 holding each process before
 * its start-up code until a debugger attaches and continues.
 *
 * @param process     a live process.
 * @param port        the TCP port; 0 picks a free one.
 * @param bound_port  if not NULL, receives the port listened on.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged): a bad handle, a process
 *         with a stub already, a port in use, a device without a stub.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_gdb_listen(flexio_process *process, uint16_t port,
							    uint16_t *bound_port);

/* ------------------------------------------------------------------------ */
/* Entries for language bindings                                            */
/* ------------------------------------------------------------------------ */

/**
 * flexio_process_call with the arguments in an array: for callers that cannot
 * make a variadic call (cgo) or build one per argument count.  Each argument
 * goes as a uint64_t variadic argument of flexio_process_call.  nargs must be
 * the function's parameter count (a dpacc-built function's argument buffer
 * holds one 8-byte slot per parameter; a function registered by name takes
 * one); a different count fails.  *func_ret receives the return value.
 *
 * @param process    the process.
 * @param host_func  the function's handle.
 * @param func_ret   receives the function's return value.
 * @param args       the arguments.
 * @param nargs      their count, the function's parameter count.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) on a bad argument, a wrong
 *         count, or a call that faults the process.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_call_args(flexio_process *process,
							   flexio_func_t *host_func,
							   uint64_t *func_ret, const uint64_t *args,
							   size_t nargs);

/**
 * The last error line the library logged on the calling thread, without its
 * newline ("flexio ERR <function>: <reason>"), or "" if none.  Valid until the
 * thread's next error; kept whatever the logging level.
 *
 * @return the line, or "" if the thread logged no error.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL const char *flexio_last_error(void);

/**
 * Copies buff_bsize bytes of an allocated heap buffer at src_daddr to the host.
 *
 * @param process     the process.
 * @param dst_haddr   the host memory.
 * @param buff_bsize  the number of bytes.
 * @param src_daddr   the source, inside one allocation.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) on a bad argument or a
 *         range outside the allocation.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_dev2host_memcpy(flexio_process *process, void *dst_haddr,
							 size_t buff_bsize, flexio_uintptr_t src_daddr);

/* ------------------------------------------------------------------------ */
/* Command-queue tasks run by a dispatcher                                  */
/* ------------------------------------------------------------------------ */

/**
 * flexio_cmdq_task_add for a task whose function is a dispatcher: an entry (a runtime's
 * trampoline, such as DOCA DPA's kernel thread) that runs shown_func's work for the caller.
 * The task is called by shown_func's registered name wherever a task shows: while it runs,
 * its worker thread has that name (flexio_dev_get_current_thread_name, the GDB stub's thread
 * list, dpa_stats' thread name of the worker), and its timeline span
 * (flexio_process_trace_start) is named by it (its "function" argument stays host_func's
 * address). A worker's name is that of the task it runs or ran last; a task added with
 * flexio_cmdq_task_add leaves its worker unnamed ("cmdq" in dpa_stats).
 *
 * @param cmdq        the queue.
 * @param host_func   the function run, with argument arg.
 * @param arg         its argument.
 * @param shown_func  the function the task is shown as, registered in the same application
 *                    (it is not run).
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) as flexio_cmdq_task_add, or
 *         for a shown_func that is NULL or not registered in the process's application.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_cmdq_task_add_as(flexio_cmdq *cmdq, flexio_func_t *host_func,
							  uint64_t arg, flexio_func_t *shown_func);

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
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_fault_get(flexio_process *process,
							   struct flexio_process_fault *fault);

/**
 * The name of a fault cause ("misaligned access", ...), or "unknown" for another value.
 *
 * @param cause  the cause.
 * @return a static string.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL const char *flexio_fault_cause_name(enum flexio_fault_cause cause);

/* ------------------------------------------------------------------------ */
/* Timelines                                                                */
/* ------------------------------------------------------------------------ */

/**
 * Starts recording what the DPA threads of a process do, until flexio_process_trace_stop
 * writes it to path as a Chrome trace (JSON, the "traceEvents" format Perfetto and
 * chrome://tracing open): each invocation of an event handler and each flexio_process_call a
 * span on its thread (named by the device function, with how it ended and the thread's cycles
 * and instructions at both ends); each doorbell, CQE waking a thread, activation by another
 * thread, MSI-X EQE and fatal error an instant. pid is the process's dumem id, tid the DPA
 * thread id (flexio_dev_get_thread_id); timestamps are CLOCK_MONOTONIC. Each thread keeps at
 * most 262144 events (more are counted in otherData.dropped_events).
 * FLEXIO_SIM_TRACE=FILE traces every process from its creation instead ("%p" in FILE becomes
 * the OS process id), each one's timeline added to FILE when it is destroyed.
 *
 * Not recording, a process pays one test of a flag per event.
 *
 * @param process  a live process, not being traced.
 * @param path     the file to write, created or truncated now (so that one that cannot be
 *                 written is refused here).
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged): a bad argument, a path that
 *         cannot be written, a process traced already (by a start or FLEXIO_SIM_TRACE).
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_trace_start(flexio_process *process, const char *path);

/**
 * Stops recording and writes the trace to the path flexio_process_trace_start opened.
 *
 * @param process  a live process that flexio_process_trace_start is recording.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged): a bad argument, a process
 *         not being traced by flexio_process_trace_start, a write error.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_trace_stop(flexio_process *process);

/* ------------------------------------------------------------------------ */
/* The memory-model checker (simulated device)                              */
/* ------------------------------------------------------------------------ */

/*
 * A strict mode of the simulated DPA that reports device code breaking the memory model of the
 * DPA programming guide (window memory is not coherent; DPA memory the NIC reads must be
 * written back). Off by default and free when off; on for every process when the environment
 * has FLEXIO_SIM_MEMCHECK=1 at flexio_process_create, or for one process by
 * flexio_process_memcheck_set. Each violation is counted; the first one of each rule at each
 * pc is logged, one WARN line from "flexio_memcheck" naming the process, the DPA thread (as
 * flexio_dev_get_thread_id gives it), the pc and the address.
 *
 * Misaligned loads and stores: the DPA programming guide says the DPA does not support them, yet
 * code that runs on BlueField-3 makes them and the device performs them (not atomically). The
 * simulated DPA performs them too, counts them per thread (dpa_stats) and, with the checker
 * on, reports each pc that makes one (FLEXIO_MEMCHECK_MISALIGNED_ACCESS). Strict alignment
 * (FLEXIO_SIM_STRICT_ALIGNMENT=1 at flexio_process_create, or flexio_process_strict_alignment_set)
 * makes them fault instead. Misaligned atomics and MMIO accesses always fault.
 */

/** The rules checked (the DPA memory model of the DPA programming guide). */
enum flexio_memcheck_rule {
	/** A load through a window returned bytes the host memory no longer holds: the thread
	 *  cached them and the host changed them since, with no __dpa_thread_window_read_inv()
	 *  in between. pc is the load. */
	FLEXIO_MEMCHECK_STALE_WINDOW_READ = 1,
	/** Bytes stored through a window were not written back (__dpa_thread_window_writeback())
	 *  when the thread rang a doorbell (an outbox store) or ended its invocation (returned,
	 *  finished, rescheduled, retriggered, finished the process). pc is the last store to
	 *  that 64-byte line. */
	FLEXIO_MEMCHECK_WINDOW_NOT_WRITTEN_BACK = 2,
	/** The NIC read DPA memory (a WQE, a doorbell record, a send buffer) that a thread stored
	 *  and then published (a doorbell, the end of its invocation) with no
	 *  __dpa_thread_memory_writeback() in between. A fence is not a writeback. pc is the
	 *  store. */
	FLEXIO_MEMCHECK_MEMORY_NOT_WRITTEN_BACK = 3,
	/** A load or store not aligned to its size ("the DPA does not support unaligned
	 *  accesses"), performed as BlueField-3 performs it: not atomically. pc is the access.
	 *  Not a violation under strict alignment, where the access faults instead. */
	FLEXIO_MEMCHECK_MISALIGNED_ACCESS = 4,
};

/** What the checker found in a process. */
struct flexio_memcheck_info {
	int enabled;                      /**< 1 while the checker is on */
	uint64_t stale_window_reads;      /**< FLEXIO_MEMCHECK_STALE_WINDOW_READ violations */
	uint64_t window_not_written_back; /**< FLEXIO_MEMCHECK_WINDOW_NOT_WRITTEN_BACK */
	uint64_t memory_not_written_back; /**< FLEXIO_MEMCHECK_MEMORY_NOT_WRITTEN_BACK */
	uint64_t logged;                  /**< lines logged: one per rule and pc */
	/* The last violation (rule 0: none yet). */
	enum flexio_memcheck_rule last_rule; /**< the rule the last violation broke; 0: none yet */
	uint32_t last_thread_id;          /**< UINT32_MAX when the thread was gone */
	uint64_t last_pc; /**< the pc of the last violation */
	uint64_t last_address; /**< the address it accessed */
	uint64_t misaligned_accesses; /**< FLEXIO_MEMCHECK_MISALIGNED_ACCESS reports */
};

/**
 * Turns the memory-model checker on or off for a process. Stores made while it is off are not
 * known to it. On costs the process's threads speed (they run the interpreter's slow build)
 * and reserves address space for a shadow of DPA memory.
 *
 * @param process  a live process.
 * @param enable   1 on, 0 off.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument, a device
 *         without a checker, or no memory.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_memcheck_set(flexio_process *process, int enable);

/**
 * What the memory-model checker found in a process so far.
 *
 * @param process  a live process.
 * @param info     filled in (all 0 when the checker never ran).
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_memcheck_get(flexio_process *process,
							      struct flexio_memcheck_info *info);

/**
 * Makes misaligned loads and stores of a process's DPA threads fault (enable 1: the DPA
 * programming guide's "no unaligned accesses", a misaligned-access fault stops the process) or
 * be performed as BlueField-3 performs them, not atomically (0, the default unless the
 * environment had FLEXIO_SIM_STRICT_ALIGNMENT=1 at flexio_process_create). Misaligned atomics
 * and MMIO accesses fault either way. Takes effect at the threads' next access.
 *
 * @param process  a live process.
 * @param enable   1 strict (fault), 0 performed.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument or a device
 *         without the switch.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_process_strict_alignment_set(flexio_process *process, int enable);

#if FLEXIO_EDITION_OLD
/* ------------------------------------------------------------------------ */
/* Emulated devices (older edition): the driver's side                      */
/* ------------------------------------------------------------------------ */

/*
 * On hardware an emulated PCI function (a virtio or NVMe device the BlueField presents to a
 * host) has a driver on that host: it rings its queues' doorbells, which doorbell-to-CQ
 * mappings (flexio_emu_db_to_cq_map) turn into CQEs that wake DPA threads, and receives the
 * MSI-X interrupts the DPA raises (flexio_emulated_device_msix_create, flexio_dev_msix_send).
 * On the simulated device that driver is the program itself, through these calls, so that
 * tests and CI can drive both directions.
 *
 * Each simulated device is the emulation manager of FLEXIO_SIM_EMU_FUNCTIONS emulated functions
 * (an integer 0..64, read when the device is first used; default 1), with VHCA ids (also their
 * device_emulation_id) 1, 2, ...; each has queues 0..65535 and 64 MSI-X vectors, 0..63.
 */

/**
 * The emulated functions of a device.
 *
 * @param ibv_ctx   an open context of the emulation manager's device.
 * @param vhca_ids  receives up to max VHCA ids, in order (may be NULL when max is 0).
 * @param max       room in vhca_ids.
 * @param count     receives how many emulated functions the device has.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_emu_functions_get(struct ibv_context *ibv_ctx, uint32_t *vhca_ids,
							   size_t max, size_t *count);

/**
 * Rings the doorbell of a queue of an emulated function, as its driver does with the value it
 * writes (a virtio available index, an NVMe submission queue tail). When a mapping takes the
 * queue and is armed, a CQE is written to its CQ at once (fields: see
 * flexio_emu_db_to_cq_map); otherwise the doorbell waits for the arm (device code's
 * flexio_dev_db_ctx_arm), doorbells meanwhile making one. A queue no mapping takes drops it, as
 * hardware does.
 *
 * @param ibv_ctx           an open context of the emulation manager's device.
 * @param emu_dev_vhca_id   the emulated function.
 * @param emu_dev_queue_id  its queue, 0..65535.
 * @param value             the doorbell's value, the CQE's byte count.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_emu_db_ring(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
						     uint32_t emu_dev_queue_id, uint32_t value);

/**
 * The MSI-X messages an emulated function's vector has received so far (every one the DPA
 * raised: a zero CQE or completion on a CQ reporting to the vector).
 *
 * @param ibv_ctx          an open context of the emulation manager's device.
 * @param emu_dev_vhca_id  the emulated function.
 * @param msix_id          the vector, 0..63.
 * @param count            receives the count.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (logged) for a bad argument.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_emu_msix_count(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
							uint16_t msix_id, uint64_t *count);

/**
 * Waits until an emulated function's vector has received more than seen MSI-X messages (the
 * driver's interrupt handler): seen is typically the count the last call gave. Sleeps, costing
 * no CPU, until a message or the timeout.
 *
 * @param ibv_ctx          an open context of the emulation manager's device.
 * @param emu_dev_vhca_id  the emulated function.
 * @param msix_id          the vector, 0..63.
 * @param seen             messages already seen.
 * @param timeout_ms       the longest wait in milliseconds; 0 does not wait, negative waits
 *                         without limit.
 * @param count            receives the count (also on timeout).
 * @return FLEXIO_STATUS_SUCCESS when the count is more than seen, FLEXIO_STATUS_TIMEOUT (not
 *         logged) when the timeout passed first, FLEXIO_STATUS_FAILED (logged) for a bad
 *         argument.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_emu_msix_wait(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
						       uint16_t msix_id, uint64_t seen, int timeout_ms,
						       uint64_t *count);

/**
 * The CQ number device code gives flexio_dev_msix_send to raise an MSI-X vector made without
 * direct mode (flexio_emulated_device_msix_create made that CQ on target_ibv_ctx's device).
 *
 * @param msix  a live MSI-X vector.
 * @return the CQ number; UINT32_MAX (logged) for a bad handle or a vector in direct mode.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL uint32_t flexio_emulated_device_msix_get_cqn(flexio_msix *msix);

/**
 * The EQ behind an MSI-X vector: in direct mode, CQs created on the emulation manager's device
 * with element type FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ and this emulated_eqn send the
 * vector's messages (each event of theirs, zero CQEs included, is one message).
 *
 * @param msix  a live MSI-X vector.
 * @return the EQ number; UINT32_MAX (logged) for a bad handle.
 * @since OpenFlexIO's own addition (not in NVIDIA's FlexIO), experimental (FLEXIO_EXPERIMENTAL).
 */
FLEXIO_EXPERIMENTAL uint32_t flexio_emulated_device_msix_get_eqn(flexio_msix *msix);
#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_EXT_H */
