/*
 * Consistent copies of the registry's live processes and threads. A slot is copied only while
 * published (live, acquire), and kept only if, after the copy, it is still published by the same
 * owner under the same ids (not retired and reused meanwhile) and its owner still runs (an OS
 * process that died without retiring its slots left them behind).
 */
#include "stats.h"

#include <stdlib.h>
#include <string.h>

unsigned stats_processes(const dpa_stats_handler_t *h, struct stats_process *out)
{
	const struct stats_registry *r = &h->registry;
	unsigned n = 0;

	for (uint32_t i = 0; i < STATS_REGISTRY_MAX_PROCESSES; i++) {
		struct stats_registry_process *s = &r->processes[i];
		uint32_t owner = atomic_load_explicit(&s->owner, memory_order_acquire);
		struct stats_process *p = &out[n];

		if (!owner || !atomic_load_explicit(&s->live, memory_order_acquire))
			continue;
		p->slot = i;
		p->id = atomic_load(&s->id);
		p->control = atomic_load(&s->control);
		memcpy(p->name, s->name, sizeof(p->name));
		p->name[sizeof(p->name) - 1] = '\0';
		atomic_thread_fence(memory_order_acquire);
		if (!atomic_load(&s->live) || atomic_load(&s->owner) != owner || atomic_load(&s->id) != p->id ||
		    !stats_registry_owner_alive(owner, s->owner_start))
			continue;
		n++;
	}
	return n;
}

static bool wanted(uint32_t id, const uint32_t *ids, unsigned n)
{
	if (!ids)
		return true;
	for (unsigned i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

int stats_threads(const dpa_stats_handler_t *h, const uint32_t *ids, unsigned n, struct stats_thread **out)
{
	const struct stats_registry *r = &h->registry;
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	unsigned processes = stats_processes(h, live), count = 0, capacity = 0;
	struct stats_thread *threads = NULL;

	*out = NULL;
	for (uint32_t i = 0; i < STATS_REGISTRY_MAX_THREADS; i++) {
		struct stats_registry_thread *s = &r->threads[i];
		uint32_t owner = atomic_load_explicit(&s->owner, memory_order_acquire);
		struct stats_thread t;
		bool in_live = false;

		if (!owner || !atomic_load_explicit(&s->live, memory_order_acquire))
			continue;
		t.process_id = atomic_load(&s->process_id);
		t.thread_id = atomic_load(&s->thread_id);
		if (!wanted(t.process_id, ids, n))
			continue;
		for (unsigned p = 0; p < processes && !in_live; p++)
			in_live = live[p].id == t.process_id;
		if (!in_live)
			continue; /* its process is gone, or was never published completely */
		stats_registry_thread_name_get(s, t.name);
		t.instructions = atomic_load_explicit(&s->instructions, memory_order_relaxed);
		t.cycles = atomic_load_explicit(&s->cycles, memory_order_relaxed);
		t.time_ns = atomic_load_explicit(&s->time_ns, memory_order_relaxed);
		t.executions = atomic_load_explicit(&s->executions, memory_order_relaxed);
		for (int e = 0; e < STATS_REGISTRY_EVENTS; e++)
			t.events[e] = atomic_load_explicit(&s->events[e], memory_order_relaxed);
		atomic_thread_fence(memory_order_acquire);
		if (!atomic_load(&s->live) || atomic_load(&s->owner) != owner ||
		    atomic_load(&s->process_id) != t.process_id || atomic_load(&s->thread_id) != t.thread_id)
			continue;
		if (count == capacity) {
			unsigned grown = capacity ? capacity * 2 : 64;
			struct stats_thread *more = realloc(threads, grown * sizeof(*threads));

			if (!more) {
				free(threads);
				return -1;
			}
			threads = more;
			capacity = grown;
		}
		threads[count++] = t;
	}
	*out = threads;
	return (int)count;
}
