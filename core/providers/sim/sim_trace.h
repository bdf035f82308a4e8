/*
 * Timelines of the simulated device's DPA processes (sim_trace.c): while a process is traced
 * (flexio_process_trace_start, or FLEXIO_SIM_TRACE=FILE for every process), what its DPA threads
 * do is recorded with host (CLOCK_MONOTONIC) and simulated (the hart's cycles and instructions)
 * timestamps, and written as a Chrome trace (the "traceEvents" JSON Perfetto and
 * chrome://tracing open) when tracing stops:
 *   activations   a span per invocation of an event handler (submitted .. stopped), named by
 *                 its function, with how it ended (returned, reschedule, finish, yield, ...);
 *   rpc / task    a span per flexio_process_call on the RPC thread, per command-queue task;
 *   doorbell      an instant on the ringing thread (kind, queue, index);
 *   cqe / eqe     an instant on the thread a CQ wakes (the CQ fired); an MSI-X message of a
 *                 vector of the process ("msix", on the pseudo-thread "device");
 *   activate      an instant on the thread another thread of the process activated;
 *   fault         an instant on the thread whose fatal error stopped the process.
 * Chrome's pid is the process's dumem id, its tid the DPA thread id device code sees.
 *
 * Cost: every hook is an inline test of the process's tracing flag (one relaxed load and a
 * branch predicted not taken) before any work. Recording appends to a buffer of the DPA thread
 * under that buffer's own lock (the thread's host runner, and rarely the NIC thread of a CQE for
 * it, take it): no lock is shared by the threads of a process on the way.
 */
#ifndef OPENFLEXIO_CORE_SIM_TRACE_H
#define OPENFLEXIO_CORE_SIM_TRACE_H

#include "sim.h"

enum sim_trace_kind {
	SIM_TRACE_ACTIVATION,
	SIM_TRACE_RPC,
	SIM_TRACE_TASK,
	SIM_TRACE_DOORBELL,
	SIM_TRACE_CQE,
	SIM_TRACE_EQE,
	SIM_TRACE_ACTIVATE,
	SIM_TRACE_FAULT,
};

/* How a span ended (its "end" argument). */
enum sim_trace_end {
	SIM_TRACE_END_RETURNED,
	SIM_TRACE_END_RESCHEDULE,
	SIM_TRACE_END_FINISH,
	SIM_TRACE_END_RETRIGGER,
	SIM_TRACE_END_YIELD,
	SIM_TRACE_END_YIELD_RETRIGGER,
	SIM_TRACE_END_FAULT,
	SIM_TRACE_END_HALTED,
	SIM_TRACE_END_CANCELLED,
	SIM_TRACE_END_FAILED,
};

/* The start of a span: host time and the thread's counters then (host_ns 0: not traced). */
struct sim_trace_mark {
	uint64_t host_ns, cycles, instret;
};

/* Whether p is being traced: the only work a hook does when it is not. */
static inline bool sim_tracing(const struct sim_process *p)
{
	return __builtin_expect(atomic_load_explicit(&p->tracing, memory_order_relaxed), 0);
}

/* Marks the start of a span of t (its hart not running). */
void sim_trace_mark(struct sim_thread *t, struct sim_trace_mark *mark);
/* A span of t from mark to now (its hart stopped): kind ACTIVATION, RPC or TASK, running
 * function, named name (NULL: by function's symbol; a name that lives as long as the process),
 * ended as end. Nothing when mark was not made while tracing. */
void sim_trace_span(struct sim_thread *t, enum sim_trace_kind kind, const struct sim_trace_mark *mark,
		    uint64_t function, const char *name, enum sim_trace_end end);
/* Instants of t: a doorbell it rang (its hart inside the store), a CQE for it (the CQ cqn
 * fired) or an activation by thread from (from a NIC or another hart: t's counters are not
 * read). */
void sim_trace_doorbell(struct sim_thread *t, const struct provider_doorbell *db);
void sim_trace_wakeup(struct sim_thread *t, enum sim_trace_kind kind, uint32_t from);
/* An instant of event handler e (sim_event.c): a CQE for it, an activation by thread from. Its
 * lock held, so that its thread is not destroyed meanwhile. */
void sim_event_trace_wakeup(struct sim_event *e, enum sim_trace_kind kind, uint32_t from);
/* An EQE of p: an MSI-X message of its vector through the vector's CQ cqn (on no thread: the
 * message is the vector's). Direct-mode vectors (their EQ shared by the device) are not seen. */
void sim_trace_eqe(struct sim_process *p, uint32_t cqn);
/* The fatal error that stopped p: of thread t (NULL: none), status, fault (NULL: none). */
void sim_trace_fault(struct sim_process *p, struct sim_thread *t, uint32_t status, const struct dpa_fault *fault);
/* t is destroyed: its buffer stays with the trace until written. */
void sim_trace_thread_gone(struct sim_thread *t);

/* A new process (after its start-up code ran), named in its traces by its application, its own
 * name when it has one, and its dumem id. FLEXIO_SIM_TRACE: starts tracing it; at its destroy,
 * its timeline joins the file's. */
void sim_trace_process_created(struct sim_process *p, const struct provider_process_config *config);
/* Writes what is recorded if tracing (FLEXIO_SIM_TRACE's file, or the path given), then frees
 * the trace: p's threads are all stopped and destroyed. */
void sim_trace_process_fini(struct sim_process *p);

/* Provider operations: flexio_process_trace_start / _stop. */
int sim_trace_start(struct provider_process *process, const char *path, char *err, size_t err_size);
int sim_trace_stop(struct provider_process *process, char *err, size_t err_size);

#endif
