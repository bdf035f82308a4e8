/*
 * Publishing the simulated device's DPA processes, threads, counters and event-tracer samples in
 * the device's statistics registry (rules in stats_registry.h, hooks in sim_stats.h).
 *
 * Each OS process maps the registry of a device once, when it publishes its first DPA process
 * there, and keeps it mapped until it exits (a few bytes of page tables; the slots are retired
 * one by one). A registry that cannot be opened leaves the processes unpublished: statistics are
 * an observer's convenience, never a reason for flexio_process_create to fail.
 */
#include "sim_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SIM_STATS_ENV "FLEXIO_SIM_STATS"
#define SIM_STATS_MAX_DEVICES 64

/* The registries this OS process mapped, by device name; entries are never removed. */
static struct {
	pthread_mutex_t lock;
	unsigned count;
	struct {
		char device[STATS_REGISTRY_DEVICE_SIZE];
		struct stats_registry registry;
		bool failed; /* tried once: no registry for this device in this OS process */
	} devices[SIM_STATS_MAX_DEVICES];
} mapped = { .lock = PTHREAD_MUTEX_INITIALIZER };

static bool stats_disabled(void)
{
	const char *v = getenv(SIM_STATS_ENV);

	return v && !strcmp(v, "0");
}

/* The registry of device, mapped on first use; NULL when there is none. */
static struct stats_registry *registry_of(const char *device)
{
	struct stats_registry *r = NULL;
	unsigned i;

	pthread_mutex_lock(&mapped.lock);
	for (i = 0; i < mapped.count && strcmp(mapped.devices[i].device, device); i++)
		;
	if (i == mapped.count && i < SIM_STATS_MAX_DEVICES) {
		snprintf(mapped.devices[i].device, STATS_REGISTRY_DEVICE_SIZE, "%s", device);
		mapped.devices[i].failed = stats_registry_map(device, &mapped.devices[i].registry) != 0;
		mapped.count++;
	}
	if (i < mapped.count && !mapped.devices[i].failed)
		r = &mapped.devices[i].registry;
	pthread_mutex_unlock(&mapped.lock);
	return r;
}

/* Claims a slot whose owner word is owner: a free one first, else one of an OS process that is
 * gone (stale(index) says). Returns the index, or -1 when every slot is held. */
static int claim(_Atomic uint32_t *first, size_t stride, unsigned count, uint32_t me,
		 bool (*stale)(const struct stats_registry *, unsigned), const struct stats_registry *r)
{
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < count; i++) {
			_Atomic uint32_t *owner = (_Atomic uint32_t *)((char *)first + i * stride);
			uint32_t seen = atomic_load_explicit(owner, memory_order_relaxed);

			if (pass == 0 ? seen != 0 : (seen == 0 || !stale(r, i)))
				continue;
			if (atomic_compare_exchange_strong(owner, &seen, me))
				return (int)i;
		}
	return -1;
}

static bool process_stale(const struct stats_registry *r, unsigned i)
{
	const struct stats_registry_process *s = &r->processes[i];

	return !stats_registry_owner_alive(atomic_load(&s->owner), s->owner_start);
}

/* A thread slot is stale when its owner is gone or its process slot now holds another process. */
static bool thread_stale(const struct stats_registry *r, unsigned i)
{
	const struct stats_registry_thread *s = &r->threads[i];
	const struct stats_registry_process *p = &r->processes[s->process_slot % STATS_REGISTRY_MAX_PROCESSES];

	return !stats_registry_owner_alive(atomic_load(&s->owner), 0) || !atomic_load(&p->live) ||
	       atomic_load(&p->id) != atomic_load(&s->process_id);
}

uint32_t sim_stats_process_add(struct sim_process *p, struct ibv_context *ibv_ctx, const char *name)
{
	struct stats_registry *r;
	struct stats_registry_process *s;
	uint32_t me = (uint32_t)getpid(), id;
	int slot;

	if (stats_disabled() || !ibv_ctx || !ibv_ctx->device)
		return 0;
	r = registry_of(ibv_ctx->device->name);
	if (!r)
		return 0;
	slot = claim(&r->processes[0].owner, sizeof(r->processes[0]), STATS_REGISTRY_MAX_PROCESSES, me, process_stale,
		     r);
	if (slot < 0)
		return 0;
	s = &r->processes[slot];
	/* Ids skip 0 and DPA_STATS_ALL_PROCESSES (UINT32_MAX) when the counter wraps. */
	do
		id = atomic_fetch_add(&r->header->next_process_id, 1);
	while (id == 0 || id == UINT32_MAX);
	s->owner_start = stats_registry_process_start(me);
	atomic_store(&s->id, id);
	atomic_store(&s->threads, 0);
	atomic_store(&s->sample_head, 0);
	atomic_store(&s->control, atomic_load(&r->header->default_control));
	snprintf(s->name, sizeof(s->name), "%s", name ? name : "");
	atomic_store_explicit(&s->live, 1, memory_order_release);
	p->stats_registry = r;
	p->stats_slot = (uint32_t)slot;
	p->stats = s;
	return id;
}

void sim_stats_process_remove(struct sim_process *p)
{
	struct stats_registry_process *s = p->stats;

	if (!s)
		return;
	p->stats = NULL;
	atomic_store_explicit(&s->live, 0, memory_order_release);
	atomic_store_explicit(&s->owner, 0, memory_order_release);
}

void sim_stats_thread_add(struct sim_thread *t, const char *name)
{
	struct sim_process *p = t->process;
	struct stats_registry *r = p->stats_registry;
	struct stats_registry_thread *s;
	int slot;

	if (!p->stats)
		return;
	slot = claim(&r->threads[0].owner, sizeof(r->threads[0]), STATS_REGISTRY_MAX_THREADS, (uint32_t)getpid(),
		     thread_stale, r);
	if (slot < 0)
		return;
	s = &r->threads[slot];
	s->process_slot = p->stats_slot;
	atomic_store(&s->process_id, atomic_load(&p->stats->id));
	atomic_store(&s->thread_id, t->id);
	atomic_store(&s->instructions, 0);
	atomic_store(&s->cycles, 0);
	atomic_store(&s->time_ns, 0);
	atomic_store(&s->executions, 0);
	for (int e = 0; e < STATS_REGISTRY_EVENTS; e++)
		atomic_store(&s->events[e], 0);
	stats_registry_thread_name_set(s, name);
	atomic_store_explicit(&s->live, 1, memory_order_release);
	atomic_fetch_add(&p->stats->threads, 1);
	t->stats = s;
}

void sim_stats_thread_rename(struct sim_thread *t, const char *name)
{
	if (t->stats)
		stats_registry_thread_name_set(t->stats, name);
}

void sim_stats_thread_remove(struct sim_thread *t)
{
	struct stats_registry_thread *s = t->stats;

	if (!s)
		return;
	t->stats = NULL;
	atomic_store_explicit(&s->live, 0, memory_order_release);
	if (t->process->stats)
		atomic_fetch_sub(&t->process->stats->threads, 1);
	atomic_store_explicit(&s->owner, 0, memory_order_release);
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void sim_stats_begin_counted(struct sim_thread *t)
{
	t->stats_instret = dpa_hart_instret(t->hart);
	t->stats_cycles = dpa_hart_cycles(t->hart);
	t->stats_misaligned = dpa_hart_misaligned(t->hart);
	t->stats_time_ns = dpa_hart_time_ns(t->hart);
	t->stats_start_us = now_us();
	t->stats_begun = true;
}

/*
 * The event tracer's execution units: the host threads that run DPA threads (scheduler workers,
 * the callers of flexio_process_call). Each counts the instructions and cycles it ran and numbers
 * its schedule-in/out pairs, as an EU of the DPA does.
 */
static atomic_uint next_eu;
static _Thread_local struct {
	bool assigned;
	uint16_t id, sample_id;
	uint64_t instructions, cycles;
} eu;

/* Appends a schedule-in/out pair for an invocation of t that ran instructions and cycles. */
static void trace(struct sim_thread *t, struct stats_registry_process *ps, uint64_t instructions, uint64_t cycles)
{
	struct stats_registry_sample *ring = stats_registry_ring(t->process->stats_registry, t->process->stats_slot);
	uint64_t head = atomic_fetch_add_explicit(&ps->sample_head, 2, memory_order_relaxed);
	uint32_t process_id = atomic_load_explicit(&ps->id, memory_order_relaxed);

	if (!eu.assigned) {
		eu.id = (uint16_t)atomic_fetch_add(&next_eu, 1);
		eu.assigned = true;
	}
	for (int i = 0; i < 2; i++) {
		struct stats_registry_sample *s = &ring[(head + i) % STATS_REGISTRY_SAMPLES];

		atomic_store_explicit(&s->seq, 0, memory_order_relaxed); /* being written */
		atomic_thread_fence(memory_order_release);
		if (i == 1) {
			eu.instructions += instructions;
			eu.cycles += cycles;
		}
		s->type = i == 0 ? 0x1 : 0x2; /* DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_IN, _OUT */
		s->cycles = eu.cycles;
		s->instructions = (uint32_t)eu.instructions;
		s->time_us = i == 0 ? t->stats_start_us : now_us();
		s->process_id = process_id;
		s->thread_id = t->id;
		s->eu_id = eu.id;
		s->sample_id_in_eu = eu.sample_id;
		atomic_store_explicit(&s->seq, STATS_REGISTRY_SEQ(process_id, head + i), memory_order_release);
	}
	eu.sample_id++;
}

void sim_stats_end_counted(struct sim_thread *t)
{
	struct stats_registry_thread *s = t->stats;
	struct stats_registry_process *ps = t->process->stats;
	uint64_t instructions = dpa_hart_instret(t->hart) - t->stats_instret;
	uint64_t cycles = dpa_hart_cycles(t->hart) - t->stats_cycles;
	uint32_t control;

	t->stats_begun = false;
	if (!s || !ps)
		return;
	atomic_fetch_add_explicit(&s->instructions, instructions, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->cycles, cycles, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->time_ns, dpa_hart_time_ns(t->hart) - t->stats_time_ns, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->executions, 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&s->events[STATS_REGISTRY_MISALIGNED],
				  dpa_hart_misaligned(t->hart) - t->stats_misaligned, memory_order_relaxed);
	control = atomic_load_explicit(&ps->control, memory_order_relaxed);
	if (STATS_REGISTRY_STATE(control) == STATS_REGISTRY_ACTIVE &&
	    STATS_REGISTRY_TYPE(control) == STATS_REGISTRY_TRACER)
		trace(t, ps, instructions, cycles);
}
