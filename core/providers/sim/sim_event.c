/*
 * Event handlers of the simulated device: DPA threads that run when triggered.
 *
 * A trigger is a CQE on a CQ armed for the thread (the simulated NIC), or an activation by
 * another thread of the process (flexio_dev_event_handler_activate). Each trigger runs the
 * handler once: a trigger that comes while the thread runs is latched and runs it again right
 * after, as the DPA's hardware does. The handler's invocation ends when it returns or calls
 *   flexio_dev_thread_reschedule  wait for the next trigger (returning does the same);
 *   flexio_dev_thread_finish      no more triggers;
 *   flexio_dev_thread_retrigger   run again at once (from the top);
 *   flexio_dev_yield              continuable threads only: the next trigger resumes after it
 *                                 (flexio_dev_yield_and_retrigger: and it is triggered at once).
 *
 * The threads of a process run on its event scheduler (core/dpa dpa_sched): at most one host
 * thread per host CPU (FLEXIO_SIM_EVENT_WORKERS=N sets how many, at most 16). When no handler is
 * runnable, one of them polls for the next trigger for up to FLEXIO_SIM_SPIN_US microseconds
 * (default SIM_EVENT_SPIN_US, at most 10000, 0 = never; it adapts to the gaps between triggers,
 * see core/dpa/sched.c), so an activation soon after the last one wakes no sleeping thread (a
 * system call and the OS's wake-up, tens of microseconds), then all sleep: idle handlers cost
 * nothing.
 * FLEXIO_SIM_DETERMINISTIC=1 makes it deterministic: the threads then run in strict round robin
 * on the host thread that triggers them (flexio_event_handler_run's caller, ...), or, when the
 * NIC triggers them from outside such a run (a host program's ibverbs doorbell, an RPC's), on
 * the process's runner thread, one run at a time.
 */
#include "sim.h"
#include "sim_trace.h"
#include "sim_stats.h"
#include "log.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM_EVENT_STACK (64u << 10)
#define SIM_EVENT_MAX_HOST_THREADS 16u
/* The default of FLEXIO_SIM_SPIN_US: covers gaps of a few hundred microseconds between
 * activations, at the cost of one CPU while they come that often and of one such spin (0.05 % of
 * a CPU-second) when they stop. */
#define SIM_EVENT_SPIN_US 500u
#define RISCV_TP 4
#define RISCV_A0 10

struct sim_event {
	struct sim_process *p;
	struct sim_thread *thread;
	uint64_t function, arg;
	bool continuable;
	pthread_mutex_t lock; /* the state below */
	pthread_cond_t idle;  /* busy turned false */
	bool running_allowed; /* flexio_event_handler_run was called */
	bool busy;            /* queued in or run by the scheduler */
	bool pending;         /* a trigger came while busy */
	bool resume;          /* yielded: the next trigger resumes after the yield */
	bool finished;        /* flexio_dev_thread_finish: no more triggers */
	bool destroying;
	atomic_uint refs;                 /* the handler's own, and one per CQ reporting to it */
	struct sim_trace_mark trace_mark; /* the invocation's start, when traced */
};

static bool env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

/* Submits an invocation (lock held, not busy). */
static void start(struct sim_event *e)
{
	struct dpa_hart *hart = e->thread->hart;
	int rc;

	e->busy = true;
	if (sim_tracing(e->p))
		sim_trace_mark(e->thread, &e->trace_mark);
	sim_stats_begin(e->thread);
	if (e->resume) {
		/* Back after the ecall of flexio_dev_yield, which returns 0. */
		e->resume = false;
		dpa_hart_set_reg(hart, RISCV_A0, 0);
		rc = dpa_hart_prepare_entry(hart, dpa_hart_pc(hart));
	} else {
		dpa_hart_set_reg(hart, RISCV_TP, e->thread->tp);
		rc = dpa_hart_prepare_call(hart, e->function, &e->arg, 1);
	}
	if (rc || dpa_sched_submit(e->p->events_sched, hart)) {
		e->busy = false; /* only while the process is being destroyed */
		pthread_cond_broadcast(&e->idle);
	}
}

/* How an invocation ended, for its timeline. */
static enum sim_trace_end trace_end(struct dpa_hart *hart, enum dpa_stop stop)
{
	switch (stop) {
	case DPA_STOP_RETURNED:
		return SIM_TRACE_END_RETURNED;
	case DPA_STOP_FAULT:
		return SIM_TRACE_END_FAULT;
	case DPA_STOP_HALTED:
		return SIM_TRACE_END_HALTED;
	case DPA_STOP_BUDGET:
		return SIM_TRACE_END_CANCELLED;
	case DPA_STOP_REQUESTED:
		break;
	}
	switch (dpa_hart_stop_code(hart)) {
	case DPA_ECALL_THREAD_FINISH:
		return SIM_TRACE_END_FINISH;
	case DPA_ECALL_THREAD_RETRIGGER:
		return SIM_TRACE_END_RETRIGGER;
	case DPA_ECALL_THREAD_YIELD:
		return SIM_TRACE_END_YIELD;
	case DPA_ECALL_THREAD_YIELD_RETRIGGER:
		return SIM_TRACE_END_YIELD_RETRIGGER;
	default:
		return SIM_TRACE_END_RESCHEDULE;
	}
}

/* The scheduler's report: an invocation ended. On a scheduler thread, no scheduler lock held. */
static void on_stop(void *user, struct dpa_hart *hart, enum dpa_stop stop)
{
	struct sim_thread *t = dpa_hart_user(hart);
	struct sim_event *e = t->event;
	struct dpa_fault fault;
	bool faulted = false;

	(void)user;
	sim_memcheck_end(t, stop); /* before a trigger may start it again */
	sim_stats_end(t);
	pthread_mutex_lock(&e->lock);
	switch (stop) {
	case DPA_STOP_RETURNED:
		break;
	case DPA_STOP_REQUESTED:
		switch (dpa_hart_stop_code(hart)) {
		case DPA_ECALL_THREAD_FINISH:
			e->finished = true;
			break;
		case DPA_ECALL_THREAD_RETRIGGER:
			e->pending = true;
			break;
		case DPA_ECALL_THREAD_YIELD:
			e->resume = true;
			break;
		case DPA_ECALL_THREAD_YIELD_RETRIGGER:
			e->resume = true;
			e->pending = true;
			break;
		default: /* reschedule; process finish or error ended everything anyway */
			break;
		}
		break;
	case DPA_STOP_FAULT:
		fault = *dpa_hart_fault(hart);
		faulted = true;
		e->finished = true;
		break;
	case DPA_STOP_HALTED:
	case DPA_STOP_BUDGET:
		e->finished = true;
		break;
	}
	if (sim_tracing(e->p))
		sim_trace_span(t, SIM_TRACE_ACTIVATION, &e->trace_mark, e->function, NULL, trace_end(hart, stop));
	e->busy = false;
	if (e->pending && !e->finished && !e->destroying && !atomic_load(&e->p->failed)) {
		e->pending = false;
		start(e);
	}
	if (!e->busy)
		pthread_cond_broadcast(&e->idle);
	pthread_mutex_unlock(&e->lock);
	if (faulted)
		sim_process_fail_from(e->p, t, DPA_STATUS_THREAD_FAULT, &fault);
}

/* Deterministic mode: the host thread that runs the scheduler for triggers that come from
 * outside a run. */
struct sim_event_runner {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t kicked;
	bool pending, stop;
};

/* The scheduler this host thread is running deterministically, if any. */
static _Thread_local struct dpa_sched *running_sched;

static void run_deterministic(struct dpa_sched *sched)
{
	struct dpa_sched *outer = running_sched;

	running_sched = sched;
	dpa_sched_run(sched);
	running_sched = outer;
}

static void *runner_main(void *arg)
{
	struct sim_process *p = arg;
	struct sim_event_runner *r = p->events_runner;

	pthread_mutex_lock(&r->lock);
	for (;;) {
		while (!r->pending && !r->stop)
			pthread_cond_wait(&r->kicked, &r->lock);
		if (r->stop)
			break;
		r->pending = false;
		pthread_mutex_unlock(&r->lock);
		run_deterministic(p->events_sched);
		pthread_mutex_lock(&r->lock);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static int runner_start(struct sim_process *p)
{
	struct sim_event_runner *r = calloc(1, sizeof(*r));

	if (!r)
		return -ENOMEM;
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->kicked, NULL);
	p->events_runner = r;
	if (pthread_create(&r->thread, NULL, runner_main, p)) {
		p->events_runner = NULL;
		pthread_cond_destroy(&r->kicked);
		pthread_mutex_destroy(&r->lock);
		free(r);
		return -EAGAIN;
	}
	return 0;
}

static void runner_stop(struct sim_process *p)
{
	struct sim_event_runner *r = p->events_runner;

	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	r->stop = true;
	pthread_cond_signal(&r->kicked);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->thread, NULL);
	pthread_cond_destroy(&r->kicked);
	pthread_mutex_destroy(&r->lock);
	free(r);
	p->events_runner = NULL;
}

/* FLEXIO_SIM_SPIN_US: microseconds, 0 to DPA_SCHED_SPIN_US_MAX; anything else is refused with
 * a warning naming the public call that reads it. */
static unsigned spin_us_from_env(void)
{
	const char *value = getenv("FLEXIO_SIM_SPIN_US");
	unsigned long n;
	char *end;

	if (!value || !*value)
		return SIM_EVENT_SPIN_US;
	n = strtoul(value, &end, 10);
	if (*value < '0' || *value > '9' || *end || n > DPA_SCHED_SPIN_US_MAX) {
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_event_handler_create",
			      "FLEXIO_SIM_SPIN_US=\"%s\" is not a number of microseconds from 0 to %u; the default, %u",
			      value, DPA_SCHED_SPIN_US_MAX, SIM_EVENT_SPIN_US);
		return SIM_EVENT_SPIN_US;
	}
	return (unsigned)n;
}

/* The process's event scheduler, made with its first event handler (threads_lock held). */
static int event_sched_locked(struct sim_process *p)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned host_threads = cpus > 0 ? (unsigned)cpus : 1;
	const char *workers = getenv("FLEXIO_SIM_EVENT_WORKERS");

	if (p->events_sched)
		return 0;
	if (workers && atoi(workers) > 0)
		host_threads = (unsigned)atoi(workers);
	if (host_threads > SIM_EVENT_MAX_HOST_THREADS)
		host_threads = SIM_EVENT_MAX_HOST_THREADS;
	p->events_deterministic = env_flag("FLEXIO_SIM_DETERMINISTIC");
	p->events_sched = dpa_sched_create(&(struct dpa_sched_config){ .workers = host_threads,
								       .deterministic = p->events_deterministic,
								       .spin_us = spin_us_from_env(),
								       .on_stop = on_stop,
								       .user = p });
	if (!p->events_sched)
		return -ENOMEM;
	if (p->events_deterministic && runner_start(p)) {
		dpa_sched_destroy(p->events_sched);
		p->events_sched = NULL;
		return -EAGAIN;
	}
	return 0;
}

struct provider_thread *sim_thread_create_event(struct provider_process *process,
						const struct provider_thread_config *config, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct dpa_hart_config hart_config = { .stack_size = SIM_EVENT_STACK };
	struct sim_event *e;
	int rc;

	if (atomic_load(&p->failed)) {
		snprintf(err, err_size, "the process has stopped");
		return NULL;
	}
	pthread_mutex_lock(&p->threads_lock);
	rc = event_sched_locked(p);
	pthread_mutex_unlock(&p->threads_lock);
	if (rc) {
		snprintf(err, err_size, "cannot start the event scheduler's host threads");
		return NULL;
	}
	e = calloc(1, sizeof(*e));
	if (!e) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	e->p = p;
	atomic_init(&e->refs, 1);
	e->function = config->function;
	e->arg = config->arg;
	e->continuable = config->continuable;
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->idle, NULL);
	e->thread = sim_thread_create(p, &hart_config, config->thread_local_storage);
	if (!e->thread || sim_thread_set_name(e->thread, config->name) ||
	    sim_thread_preselect(e->thread, config->outbox_id, config->window_id)) {
		snprintf(err, err_size, "cannot create a DPA thread: out of DPA memory");
		sim_thread_destroy(e->thread);
		pthread_cond_destroy(&e->idle);
		pthread_mutex_destroy(&e->lock);
		free(e);
		return NULL;
	}
	pthread_mutex_lock(&p->threads_lock); /* activations look threads up under it */
	e->thread->event = e;
	pthread_mutex_unlock(&p->threads_lock);
	/* dpa_stats names a thread by its name, else by its handler function's. */
	sim_stats_thread_add(e->thread, config->name && *config->name ? config->name : config->function_name);
	return (struct provider_thread *)e;
}

int sim_thread_run(struct provider_thread *thread, uint64_t user_arg)
{
	struct sim_event *e = (struct sim_event *)thread;
	int rc;

	if (atomic_load(&e->p->failed))
		return -ESHUTDOWN;
	rc = sim_thread_set_metadata(e->thread, user_arg);
	if (rc)
		return rc;
	pthread_mutex_lock(&e->lock);
	/* The handler's argument: the attribute's, or else the run's. The manuals do not say how
	 * the two relate; the DPA programming guide passes the context at creation, NVIDIA's samples (the packet
	 * processor) leave attr.arg 0 and pass it to flexio_event_handler_run. */
	if (!e->arg)
		e->arg = user_arg;
	e->running_allowed = true;
	pthread_mutex_unlock(&e->lock);
	return 0;
}

/* A trigger without running a deterministic scheduler (the caller does, or is inside it);
 * cause is what dpa_stats counts it as. */
static int trigger(struct sim_event *e, enum stats_registry_event cause)
{
	int rc = 0;

	if (atomic_load(&e->p->failed))
		return -ESHUTDOWN;
	pthread_mutex_lock(&e->lock);
	if (!e->running_allowed)
		rc = -EAGAIN;
	else if (e->finished || e->destroying)
		; /* a finished thread ignores triggers, as the hardware does */
	else if (e->busy) {
		sim_stats_count(e->thread, cause);
		e->pending = true;
	} else {
		sim_stats_count(e->thread, cause);
		sim_stats_count(e->thread, STATS_REGISTRY_WAKEUPS);
		start(e);
	}
	pthread_mutex_unlock(&e->lock);
	return rc;
}

int sim_thread_trigger(struct provider_thread *thread)
{
	struct sim_event *e = (struct sim_event *)thread;
	int rc = trigger(e, STATS_REGISTRY_ACTIVATIONS);

	if (!rc && e->p->events_deterministic)
		run_deterministic(e->p->events_sched);
	return rc;
}

static void run_later(struct sim_process *p)
{
	struct sim_event_runner *r = p->events_runner;

	if (!r || running_sched == p->events_sched)
		return;
	pthread_mutex_lock(&r->lock);
	r->pending = true;
	pthread_cond_signal(&r->kicked);
	pthread_mutex_unlock(&r->lock);
}

void sim_thread_destroy_event(struct provider_thread *thread)
{
	struct sim_event *e = (struct sim_event *)thread;

	pthread_mutex_lock(&e->lock);
	e->destroying = true;
	pthread_mutex_unlock(&e->lock);
	sim_thread_leave(e->thread); /* a debugger or a pause holding it would stop the wait below */
	/* A running invocation is cut at the end of its quantum, a queued one dropped. */
	dpa_sched_cancel(e->p->events_sched, e->thread->hart);
	/* Deterministic mode: the runner thread ends it (one run of the scheduler at a time). */
	run_later(e->p);
	pthread_mutex_lock(&e->lock);
	while (e->busy)
		pthread_cond_wait(&e->idle, &e->lock);
	pthread_mutex_unlock(&e->lock);
	sim_thread_destroy(e->thread);
	e->thread = NULL; /* destroying: triggers from CQs still naming it do nothing */
	sim_event_put(e);
}

void sim_event_hold(struct sim_event *e)
{
	atomic_fetch_add_explicit(&e->refs, 1, memory_order_relaxed);
}

void sim_event_put(struct sim_event *e)
{
	if (atomic_fetch_sub_explicit(&e->refs, 1, memory_order_acq_rel) != 1)
		return;
	pthread_cond_destroy(&e->idle);
	pthread_mutex_destroy(&e->lock);
	free(e);
}

/* No run here: the NIC calls with its locks held. In deterministic mode a trigger from inside a
 * run of the process's scheduler (a handler's doorbell) is run by that run; any other goes to
 * the runner thread. */

void sim_event_trigger_queued(struct sim_event *e)
{
	if (!trigger(e, STATS_REGISTRY_CQES))
		run_later(e->p);
}

uint32_t sim_thread_id(struct provider_thread *thread)
{
	return ((struct sim_event *)thread)->thread->id;
}

/* flexio_dev_event_handler_activate: the handler with this id, of the caller's process. It is
 * held while found under the threads lock (the host may be destroying it: its thread leaves the
 * list under the lock before the handler's own reference goes), and triggered after: a trigger
 * may wait for a pause of the process to end (start's register writes), and the pausing thread
 * (a core dump) takes the threads lock. No run here: the caller is a DPA thread; in
 * deterministic mode, a handler's activation is run by the run it is in, another thread's (the
 * RPC thread's, a command queue worker's) by the runner thread. */
int sim_event_activate(struct sim_process *p, uint32_t id, uint32_t from)
{
	struct sim_event *e = NULL;
	int rc;

	pthread_mutex_lock(&p->threads_lock);
	for (struct sim_thread *t = p->threads; t && !e; t = t->next)
		if (t->id == id && t->event) {
			e = t->event;
			sim_event_hold(e);
		}
	pthread_mutex_unlock(&p->threads_lock);
	if (!e)
		return -ENOENT;
	if (sim_tracing(p))
		sim_event_trace_wakeup(e, SIM_TRACE_ACTIVATE, from);
	rc = trigger(e, STATS_REGISTRY_ACTIVATIONS); /* a handler destroyed meanwhile ignores it */
	sim_event_put(e);
	if (!rc)
		run_later(p);
	return rc;
}

void sim_event_trace_wakeup(struct sim_event *e, enum sim_trace_kind kind, uint32_t from)
{
	pthread_mutex_lock(&e->lock);
	if (!e->destroying) /* its thread is alive */
		sim_trace_wakeup(e->thread, kind, from);
	pthread_mutex_unlock(&e->lock);
}

bool sim_thread_continuable(const struct sim_thread *t)
{
	return t->event && t->event->continuable;
}

void sim_events_fini(struct sim_process *p)
{
	runner_stop(p);
	if (p->events_sched)
		dpa_sched_destroy(p->events_sched);
	p->events_sched = NULL;
}
