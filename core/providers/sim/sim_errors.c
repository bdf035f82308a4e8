/*
 * Fatal errors of the simulated device: the process's error handler, and what a core dump
 * needs from the device (every thread's registers, the regions of DPA memory).
 */
#include "sim.h"
#include "sim_stats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SIM_HANDLER_STACK (64u << 10)
#define RISCV_TP 4

int sim_error_handler_set(struct provider_process *process, uint64_t function)
{
	struct sim_process *p = (struct sim_process *)process;

	if (atomic_load(&p->failed))
		return -ESHUTDOWN;
	if (atomic_load(&p->threads_created))
		return -EBUSY;
	atomic_store(&p->error_handler, function);
	return 0;
}

/*
 * Runs on the thread that observed the error, before the process halts. The handler gets one
 * argument: bits 0-7 the dpa_process_status, bits 8-15 the fault cause (enum dpa_fault_cause,
 * 0 for flexio_dev_error), bits 32-63 the id of the thread that failed (0xffffffff: unknown).
 * It runs once: the process is already marked failed, so nothing it does (a fault, another
 * flexio_dev_error) fails the process again.
 */
void sim_run_error_handler(struct sim_process *p, struct sim_thread *culprit, uint32_t status,
			   const struct dpa_fault *fault)
{
	struct dpa_hart_config config = { .stack_size = SIM_HANDLER_STACK };
	uint64_t arg = (uint64_t)(status & 0xff) | (uint64_t)((fault ? (unsigned)fault->cause : 0u) & 0xff) << 8 |
		       (uint64_t)(culprit ? culprit->id : UINT32_MAX) << 32;
	struct sim_thread *handler = sim_thread_create(p, &config, 0);
	uint64_t result;

	if (!handler)
		return;
	sim_stats_thread_add(handler, "error_handler");
	/* It stays in the process's threads until the process is destroyed: core dumps show it. */
	dpa_hart_set_reg(handler->hart, RISCV_TP, handler->tp);
	(void)dpa_hart_call(handler->hart, atomic_load(&p->error_handler), &arg, 1, &result);
}

enum flexio_fault_cause sim_fault_cause(enum dpa_fault_cause cause)
{
	switch (cause) {
	case DPA_FAULT_NONE:
		return FLEXIO_FAULT_NONE;
	case DPA_FAULT_MISALIGNED:
		return FLEXIO_FAULT_MISALIGNED;
	case DPA_FAULT_UNMAPPED:
		return FLEXIO_FAULT_UNMAPPED;
	case DPA_FAULT_PERMISSION:
		return FLEXIO_FAULT_PERMISSION;
	case DPA_FAULT_FETCH:
		return FLEXIO_FAULT_FETCH;
	case DPA_FAULT_ILLEGAL:
		return FLEXIO_FAULT_ILLEGAL;
	case DPA_FAULT_BREAKPOINT:
		return FLEXIO_FAULT_BREAKPOINT;
	case DPA_FAULT_WATCHDOG:
		return FLEXIO_FAULT_WATCHDOG;
	case DPA_FAULT_BAD_SERVICE:
		return FLEXIO_FAULT_BAD_SERVICE;
	case DPA_FAULT_APERTURE:
		return FLEXIO_FAULT_APERTURE;
	case DPA_FAULT_STACK_OVERFLOW:
		return FLEXIO_FAULT_STACK_OVERFLOW;
	}
	return FLEXIO_FAULT_NONE;
}

void sim_fault_record(const struct dpa_fault *fault, struct provider_fault *record)
{
	static const enum flexio_fault_access access[] = {
		[DPA_ACCESS_NONE] = FLEXIO_FAULT_ACCESS_NONE,
		[DPA_ACCESS_READ] = FLEXIO_FAULT_ACCESS_READ,
		[DPA_ACCESS_WRITE] = FLEXIO_FAULT_ACCESS_WRITE,
		[DPA_ACCESS_EXECUTE] = FLEXIO_FAULT_ACCESS_EXECUTE,
	};

	*record = (struct provider_fault){
		.cause = sim_fault_cause(fault->cause),
		.access = (unsigned)fault->access < sizeof(access) / sizeof(access[0]) ? access[fault->access]
										       : FLEXIO_FAULT_ACCESS_NONE,
		.pc = fault->pc,
		.address = fault->address,
		.insn = fault->insn,
		.instret = fault->instret,
		.cycles = fault->cycles,
	};
	memcpy(record->regs, fault->regs, sizeof(record->regs));
}

unsigned sim_perms(unsigned dpa_perms)
{
	return ((dpa_perms & DPA_PERM_R) ? PROVIDER_PERM_R : 0) | ((dpa_perms & DPA_PERM_W) ? PROVIDER_PERM_W : 0) |
	       ((dpa_perms & DPA_PERM_X) ? PROVIDER_PERM_X : 0);
}

static void thread_state(const struct sim_thread *t, bool culprit, struct provider_thread_state *s)
{
	const struct dpa_fault *fault = dpa_hart_fault(t->hart);

	s->id = t->id;
	s->culprit = culprit;
	s->fault_cause = fault ? sim_fault_cause(fault->cause) : FLEXIO_FAULT_NONE;
	if (fault) {
		s->pc = fault->pc;
		for (unsigned i = 0; i < 32; i++)
			s->regs[i] = fault->regs[i];
	} else {
		s->pc = dpa_hart_pc(t->hart);
		for (unsigned i = 0; i < 32; i++)
			s->regs[i] = dpa_hart_reg(t->hart, i);
	}
}

static int by_id(const void *a, const void *b)
{
	const struct sim_thread *x = *(struct sim_thread *const *)a, *y = *(struct sim_thread *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* The culprit first, then the others oldest first. Running threads are paused meanwhile
 * (a nested pause when the caller paused the process already), so each state is one moment
 * of its thread, read without racing with it. */
size_t sim_thread_states(struct provider_process *process, struct provider_thread_state *states, size_t max)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_thread **all, *t;
	size_t n = 0, out = 0;

	dpa_process_pause(p->engine);
	pthread_mutex_lock(&p->threads_lock);
	for (t = p->threads; t; t = t->next)
		n++;
	all = n ? calloc(n, sizeof(*all)) : NULL;
	if (all) {
		n = 0;
		for (t = p->threads; t; t = t->next)
			all[n++] = t;
		qsort(all, n, sizeof(*all), by_id);
		if (p->has_culprit)
			for (size_t i = 0; i < n && out < max; i++)
				if (all[i]->id == p->culprit)
					thread_state(all[i], true, &states[out++]);
		for (size_t i = 0; i < n && out < max; i++)
			if (!p->has_culprit || all[i]->id != p->culprit)
				thread_state(all[i], false, &states[out++]);
	} else {
		n = 0;
	}
	pthread_mutex_unlock(&p->threads_lock);
	dpa_process_resume(p->engine);
	free(all);
	return n;
}

size_t sim_memory_regions(struct provider_process *process, struct provider_memory_region *regions, size_t max)
{
	struct sim_process *p = (struct sim_process *)process;
	struct dpa_region_info *info;
	size_t n, count, out = 0;

	for (;;) {
		count = dpa_process_regions(p->engine, NULL, 0);
		info = calloc(count ? count : 1, sizeof(*info));
		if (!info)
			return 0;
		n = dpa_process_regions(p->engine, info, count);
		if (n <= count)
			break;
		free(info); /* a region appeared in between */
	}
	for (size_t i = 0; i < n; i++) {
		if (info[i].kind == DPA_REGION_MMIO || info[i].kind == DPA_REGION_WINDOW)
			continue;
		if (out < max)
			regions[out] = (struct provider_memory_region){ .base = info[i].base,
									.size = info[i].size,
									.perms = sim_perms(info[i].perms) };
		out++;
	}
	free(info);
	return out;
}
