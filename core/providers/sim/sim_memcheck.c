/*
 * The memory-model checker of the simulated device (DPA memory model; core/dpa/memcheck.h has the rules
 * and how they are found): turns the engine's checker on for a process, tells it where
 * invocations end, and hands its reports to the host library (provider_events.memcheck) with
 * the FlexIO thread id instead of the engine's hart id. The NIC's reads of DPA memory reach
 * the engine from sim_queue.c (the process's space), doorbells from the outbox's MMIO stores.
 */
#include "sim_objects.h"

#include <memcheck.h>

#include <errno.h>

/* The FlexIO id of the thread whose hart has hart_id (threads lock taken here), or false. */
static bool thread_id_of(struct sim_process *p, unsigned hart_id, uint32_t *id)
{
	bool found = false;

	pthread_mutex_lock(&p->threads_lock);
	for (struct sim_thread *t = p->threads; t && !found; t = t->next)
		if (dpa_hart_id(t->hart) == hart_id) {
			*id = t->id;
			found = true;
		}
	pthread_mutex_unlock(&p->threads_lock);
	return found;
}

static void on_report(void *user, const struct dpa_memcheck_report *r)
{
	struct sim_process *p = user;
	struct provider_memcheck_report report = {
		.rule = (enum flexio_memcheck_rule)r->rule,
		.at_end = r->point == DPA_MEMCHECK_AT_END,
		.at_nic_read = r->point == DPA_MEMCHECK_AT_NIC_READ,
		.pc = r->pc,
		.address = r->address,
		.size = r->size,
		.at_pc = r->point == DPA_MEMCHECK_AT_DOORBELL ? r->at_pc : 0,
	};
	struct sim_thread *t = r->hart ? dpa_hart_user(r->hart) : NULL;

	/* A report on the thread's own run names it directly; the NIC's reads name only a hart. */
	if (t) {
		report.has_thread = true;
		report.thread_id = t->id;
	} else {
		report.has_thread = thread_id_of(p, r->hart_id, &report.thread_id);
	}
	if (p->events.memcheck)
		p->events.memcheck(p->events.user, &report);
}

int sim_memcheck_set(struct provider_process *process, bool on)
{
	struct sim_process *p = (struct sim_process *)process;

	return dpa_process_memcheck(p->engine, on ? on_report : NULL, p);
}

/*
 * Ends of an invocation, where the DPA memory model's writes must have been written back: a return (an RPC,
 * a handler's), flexio_dev_thread_finish / _reschedule / retrigger, flexio_dev_process_finish.
 * A yield keeps the invocation going; faults and errors end the process anyway.
 */
void sim_memcheck_end(struct sim_thread *t, enum dpa_stop stop)
{
	if (!dpa_process_memcheck_enabled(t->process->engine))
		return;
	if (stop == DPA_STOP_REQUESTED) {
		switch (dpa_hart_stop_code(t->hart)) {
		case DPA_ECALL_THREAD_FINISH:
		case DPA_ECALL_THREAD_RESCHEDULE:
		case DPA_ECALL_THREAD_RETRIGGER:
		case DPA_ECALL_PROCESS_FINISH:
			break;
		default:
			return;
		}
	} else if (stop != DPA_STOP_RETURNED) {
		return;
	}
	dpa_hart_memcheck_end(t->hart);
}
