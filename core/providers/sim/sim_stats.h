/*
 * What the simulated provider publishes for dpa_stats (sim_stats.c): its DPA processes and
 * threads in the device's statistics registry (stats_registry.h), and, while a reader has
 * turned the counters of a process on, per-thread counters and event-tracer samples.
 *
 * Cost: processes and threads are published when made and retired when destroyed. The hooks on
 * the paths that run often (invocations, doorbells, CQEs, activations) are inline here and do
 * one relaxed load of the process's counter control word when counting is off; instructions,
 * cycles and misaligned accesses come from the engine's own per-hart counters, read at invocation
 * boundaries only.
 */
#ifndef OPENFLEXIO_CORE_SIM_STATS_H
#define OPENFLEXIO_CORE_SIM_STATS_H

#include "sim.h"
#include "stats_registry.h"

/* Publishes p on the device of ibv_ctx under name (its application's); p->stats stays NULL when
 * the registry is off or full. Returns the process's global id, or 0 when unpublished. */
uint32_t sim_stats_process_add(struct sim_process *p, struct ibv_context *ibv_ctx, const char *name);
void sim_stats_process_remove(struct sim_process *p);
/* Publishes thread t of a published process (t->stats NULL otherwise), named name. */
void sim_stats_thread_add(struct sim_thread *t, const char *name);
/* Its name is now name (a command-queue worker is named by its task). */
void sim_stats_thread_rename(struct sim_thread *t, const char *name);
void sim_stats_thread_remove(struct sim_thread *t);

void sim_stats_begin_counted(struct sim_thread *t);
void sim_stats_end_counted(struct sim_thread *t);

/* The counter control word of p (0 when unpublished). */
static inline uint32_t sim_stats_control(const struct sim_process *p)
{
	return p->stats ? atomic_load_explicit(&p->stats->control, memory_order_relaxed) : 0;
}

static inline bool sim_stats_counting(const struct sim_process *p)
{
	return STATS_REGISTRY_STATE(sim_stats_control(p)) == STATS_REGISTRY_ACTIVE;
}

/* An invocation of t starts (its hart is not running): counted if counting is on now. */
static inline void sim_stats_begin(struct sim_thread *t)
{
	if (sim_stats_counting(t->process))
		sim_stats_begin_counted(t);
}

/* The invocation ends (its hart stopped), on the host thread that ran it last. */
static inline void sim_stats_end(struct sim_thread *t)
{
	if (t->stats_begun)
		sim_stats_end_counted(t);
}

static inline void sim_stats_count(struct sim_thread *t, enum stats_registry_event event)
{
	if (t->stats && sim_stats_counting(t->process))
		atomic_fetch_add_explicit(&t->stats->events[event], 1, memory_order_relaxed);
}

#endif
