/*
 * The memory-model checker of the simulated DPA (the DPA programming guide: "Memory Model", "Cache Control",
 * "Memory Fence and Cache Control Usage Examples"): a strict mode that reports device code
 * breaking the rules the simulator otherwise only models.
 *
 * Rules checked (quoting the DPA programming guide):
 *   STALE_WINDOW_READ     "The DPA can cache data that was fetched from external memory using a
 *                         window ... it is required ... to force a read of external memory ...
 *                         the window read contents cached must be dropped"
 *                         (__dpa_thread_window_read_inv): a load served from the thread's window
 *                         cache whose bytes the host memory behind it no longer holds.
 *   WINDOW_NOT_WRITTEN_BACK "Writes to external memory must be explicitly written back to be
 *                         visible to external entities" (__dpa_thread_window_writeback; "WQE
 *                         Present in External Memory: write WQE, window_writeback, write
 *                         doorbell"): window bytes the thread wrote and had not written back when
 *                         it rang a doorbell (an outbox MMIO store) or ended its invocation.
 *   MEMORY_NOT_WRITTEN_BACK "DPA thread -> NIC engine: not coherent. Data to be read by the NIC
 *                         must be written back" (__dpa_thread_memory_writeback; "WQE Present in
 *                         DPA Memory: write WQE, memory_writeback, write doorbell"): the NIC reads
 *                         DPA memory a thread stored to, then rang a doorbell or ended its
 *                         invocation, without a memory writeback in between. A fence is not a
 *                         writeback ("programmers should not rely on this side effect").
 *   MISALIGNED_ACCESS     "The DPA does not support unaligned accesses": a load or store not
 *                         aligned to its size, which the engine performed (BlueField-3 does,
 *                         without atomicity; dpa_process_set_strict_alignment makes it a fault).
 *
 * Cost: nothing while no process enabled it. Enabled, harts run the slow build of the
 * interpreter (the traced one, exec_loop.inc), which records every store to DPA memory in a
 * shadow (hart, writeback epoch, pc per 8-byte word); window accesses and doorbells already take
 * the slow path and check there.
 */
#ifndef OPENFLEXIO_DPA_MEMCHECK_H
#define OPENFLEXIO_DPA_MEMCHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "dpa.h"

enum dpa_memcheck_rule {
	DPA_MEMCHECK_STALE_WINDOW_READ = 1,
	DPA_MEMCHECK_WINDOW_NOT_WRITTEN_BACK = 2,
	DPA_MEMCHECK_MEMORY_NOT_WRITTEN_BACK = 3,
	DPA_MEMCHECK_MISALIGNED_ACCESS = 4,
};

/* Where the rule was found broken. */
enum dpa_memcheck_point {
	DPA_MEMCHECK_AT_LOAD,     /* the stale load itself */
	DPA_MEMCHECK_AT_DOORBELL, /* an MMIO (outbox) store: at_pc */
	DPA_MEMCHECK_AT_END,      /* the end of an invocation (return, finish, reschedule, ...) */
	DPA_MEMCHECK_AT_NIC_READ, /* the NIC read the bytes (on any host thread) */
	DPA_MEMCHECK_AT_ACCESS,   /* the misaligned load or store itself */
};

struct dpa_memcheck_report {
	enum dpa_memcheck_rule rule;
	enum dpa_memcheck_point point;
	struct dpa_hart *hart; /* the thread, when the report is made on its run; else NULL */
	unsigned hart_id;      /* dpa_hart_id of the thread at fault */
	uint64_t pc;           /* the stale load, the store whose data was not written back, or the
                                * misaligned access */
	uint64_t address;      /* first byte concerned */
	unsigned size;         /* bytes concerned (within one 64-byte line or 8-byte word) */
	uint64_t at_pc;        /* DOORBELL: the doorbell store; else 0 */
};

/* Called on whichever host thread found the violation, with no engine lock held. */
typedef void (*dpa_memcheck_fn)(void *user, const struct dpa_memcheck_report *report);

/*
 * Turns the checker on (fn != NULL) or off for process. The first enable allocates the shadow
 * of DPA memory (reserved, touched where threads store) and keeps it until the process is
 * destroyed; stores made while the checker is off are not known to it. 0, -EINVAL, -ENOMEM.
 * fn and user are read by running threads: change them only while no thread runs, or pass the
 * same ones.
 */
int dpa_process_memcheck(struct dpa_process *process, dpa_memcheck_fn fn, void *user);
bool dpa_process_memcheck_enabled(const struct dpa_process *process);

/* The hart's invocation ended (returned, finished, rescheduled, retriggered, process finish):
 * a point where what it wrote must have been written back. Nothing when the checker is off. */
void dpa_hart_memcheck_end(struct dpa_hart *hart);

/* The NIC (or anything acting for it) is about to read [address, address + size) of DPA
 * memory. Nothing when the checker is off. */
void dpa_process_memcheck_device_read(struct dpa_process *process, uint64_t address, uint64_t size);

#endif
