/*
 * Pausing a process: every hart stops at a safe point, so that another thread can read the
 * harts' registers and DPA memory (core dumps of a live process) without racing with them.
 *
 * Each hart has a gate word, written by atomic read-modify-writes only: DPA_GATE_ACTIVE while
 * the hart executes or otherwise writes its registers, DPA_GATE_PAUSED while its process is
 * paused. A hart enters by a compare-and-swap from "neither" to ACTIVE, so it cannot become
 * active while paused; it leaves by clearing ACTIVE and, when it finds PAUSED, wakes the
 * pausers. A pauser sets PAUSED on every hart, then waits until none is ACTIVE. Both sides
 * modify the same word, so each sees the other's change (modification order), and the
 * release/acquire pairs order the register accesses. A hart in the fast path pays one atomic
 * operation to enter and one to leave, on its own cache line, and never takes the lock.
 */
#include "internal.h"

void dpa_gate_enter(struct dpa_hart *hart)
{
	unsigned expected = 0;
	if (DPA_LIKELY(atomic_compare_exchange_strong_explicit(&hart->gate, &expected, DPA_GATE_ACTIVE,
							       memory_order_acquire, memory_order_relaxed)))
		return;
	struct dpa_process *process = hart->process;
	pthread_mutex_lock(&process->pause_lock);
	for (;;) {
		expected = 0;
		if (atomic_compare_exchange_strong_explicit(&hart->gate, &expected, DPA_GATE_ACTIVE,
							    memory_order_acquire, memory_order_relaxed))
			break;
		pthread_cond_wait(&process->pause_changed, &process->pause_lock);
	}
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_gate_leave(struct dpa_hart *hart)
{
	unsigned old = atomic_fetch_and_explicit(&hart->gate, ~DPA_GATE_ACTIVE, memory_order_release);
	if (DPA_UNLIKELY(old & DPA_GATE_PAUSED)) {
		/* A pauser may be waiting for this hart: the lock orders the wake-up after its check. */
		struct dpa_process *process = hart->process;
		pthread_mutex_lock(&process->pause_lock);
		pthread_cond_broadcast(&process->pause_changed);
		pthread_mutex_unlock(&process->pause_lock);
	}
}

void dpa_gate_check(struct dpa_hart *hart)
{
	if (DPA_UNLIKELY(atomic_load_explicit(&hart->gate, memory_order_relaxed) & DPA_GATE_PAUSED)) {
		dpa_gate_leave(hart);
		dpa_gate_enter(hart);
	}
}

bool dpa_gate_outside_run(struct dpa_hart *hart)
{
	/* ACTIVE here means the caller is the hart's own run (a trace hook): it may write. */
	if (atomic_load_explicit(&hart->gate, memory_order_relaxed) & DPA_GATE_ACTIVE)
		return false;
	dpa_gate_enter(hart);
	return true;
}

void dpa_pause_add_hart(struct dpa_process *process, struct dpa_hart *hart)
{
	pthread_mutex_lock(&process->pause_lock);
	atomic_init(&hart->gate, process->pause_count ? DPA_GATE_PAUSED : 0u);
	hart->process_next = process->hart_list;
	process->hart_list = hart;
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_pause_remove_hart(struct dpa_process *process, struct dpa_hart *hart)
{
	pthread_mutex_lock(&process->pause_lock);
	struct dpa_hart **at = &process->hart_list;
	while (*at != NULL && *at != hart)
		at = &(*at)->process_next;
	if (*at != NULL)
		*at = hart->process_next;
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_hart_pause_exempt(struct dpa_hart *hart)
{
	struct dpa_process *process;

	if (hart == NULL)
		return;
	process = hart->process;
	dpa_pause_remove_hart(process, hart);
	pthread_mutex_lock(&process->pause_lock);
	atomic_fetch_and_explicit(&hart->gate, ~DPA_GATE_PAUSED, memory_order_release);
	pthread_cond_broadcast(&process->pause_changed);
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_process_pause(struct dpa_process *process)
{
	if (process == NULL)
		return;
	pthread_mutex_lock(&process->pause_lock);
	if (process->pause_count++ == 0)
		for (struct dpa_hart *h = process->hart_list; h != NULL; h = h->process_next)
			atomic_fetch_or_explicit(&h->gate, DPA_GATE_PAUSED, memory_order_acq_rel);
	for (;;) {
		bool active = false;
		for (struct dpa_hart *h = process->hart_list; h != NULL && !active; h = h->process_next)
			active = atomic_load_explicit(&h->gate, memory_order_acquire) & DPA_GATE_ACTIVE;
		if (!active)
			break;
		pthread_cond_wait(&process->pause_changed, &process->pause_lock);
	}
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_process_resume(struct dpa_process *process)
{
	if (process == NULL)
		return;
	pthread_mutex_lock(&process->pause_lock);
	if (process->pause_count > 0 && --process->pause_count == 0) {
		for (struct dpa_hart *h = process->hart_list; h != NULL; h = h->process_next)
			atomic_fetch_and_explicit(&h->gate, ~DPA_GATE_PAUSED, memory_order_release);
		pthread_cond_broadcast(&process->pause_changed);
	}
	pthread_mutex_unlock(&process->pause_lock);
}
