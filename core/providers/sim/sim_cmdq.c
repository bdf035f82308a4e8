/*
 * Command queues of the simulated device: asynchronous calls function(arg) run by DPA worker
 * threads of the process.
 *
 * Each queue owns `workers` DPA threads (harts) and an engine scheduler (core/dpa dpa_sched)
 * whose host threads (at most one per host CPU) run them a quantum at a time, so a queue of
 * 64 workers needs 2 host threads on this machine, not 64. Tasks wait in a FIFO on the host
 * side (the simulator's stand-in for the DPA-memory ring of the hardware) and start in the
 * order they were added: an idle worker takes the next one; a worker that finished a task
 * takes the next one at once, up to batch_size tasks per invocation, then starts a new
 * invocation (the scheduler queues it behind the other runnable harts). With one worker,
 * tasks also complete in order.
 *
 * A task that faults fails the process (sim_process_fail_from: the error handler runs, the
 * process halts, the host hears of it); the other workers stop at their next quantum.
 *
 * FLEXIO_SIM_DETERMINISTIC=1: the queue's scheduler is deterministic (core/dpa): tasks run on
 * the host thread that asks whether the queue is empty, in the same interleaving every run.
 */
#include "sim.h"
#include "sim_stats.h"
#include "sim_trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM_CMDQ_STACK (64u << 10)
#define SIM_CMDQ_MAX_TASKS (1u << 24) /* waiting tasks; task_add fails beyond */
#define SIM_CMDQ_MAX_HOST_THREADS 16u
#define RISCV_TP 4
#define SIM_CMDQ_WORKER_NAME "cmdq" /* dpa_stats' name of a worker running no named task */

struct sim_task {
	uint64_t function, arg;
	const char *name; /* flexio_cmdq_task_add_as's (the application's), or NULL */
};

struct sim_worker {
	struct sim_cmdq *q;
	struct sim_thread *thread;
	unsigned batch_done;              /* tasks run in the current invocation */
	bool busy;                        /* queued in or run by the scheduler */
	const char *name;                 /* the name of the task it runs or ran last (NULL: none) */
	struct sim_trace_mark trace_mark; /* the running task's start and function, when traced */
	uint64_t trace_function;
};

struct sim_cmdq {
	struct sim_process *p;
	struct dpa_sched *sched;
	bool deterministic;
	pthread_mutex_t lock; /* everything below */
	struct sim_task *ring;
	size_t cap, head, count; /* waiting tasks */
	uint64_t added, done;
	uint64_t invocations;
	bool running, stopping;
	unsigned batch_size, nworkers, busy;
	struct sim_worker *workers;
};

static bool env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

static bool may_start(const struct sim_cmdq *q)
{
	return q->running && !q->stopping && q->count && !atomic_load(&q->p->failed);
}

/* Starts the next waiting task on w (lock held). */
static void start_task(struct sim_cmdq *q, struct sim_worker *w)
{
	struct sim_task task = q->ring[q->head];
	struct dpa_hart *hart = w->thread->hart;

	q->head = (q->head + 1) % q->cap;
	q->count--;
	dpa_hart_set_reg(hart, RISCV_TP, w->thread->tp);
	/* The worker is called by its task (names are the application's: comparing pointers is
	 * enough to rename only when the task is another function's). */
	if (task.name != w->name) {
		w->name = task.name;
		sim_thread_set_name(w->thread, task.name);
		sim_stats_thread_rename(w->thread, task.name ? task.name : SIM_CMDQ_WORKER_NAME);
	}
	if (sim_tracing(q->p)) {
		sim_trace_mark(w->thread, &w->trace_mark);
		w->trace_function = task.function;
	}
	if (dpa_hart_prepare_call(hart, task.function, &task.arg, 1) || dpa_sched_submit(q->sched, hart)) {
		/* Only while the queue is being destroyed: the task is dropped. */
		q->done++;
		w->busy = false;
		q->busy--;
	}
}

/* Gives waiting tasks to idle workers (lock held). */
static void kick(struct sim_cmdq *q)
{
	for (unsigned i = 0; i < q->nworkers && may_start(q); i++) {
		struct sim_worker *w = &q->workers[i];

		if (w->busy)
			continue;
		w->busy = true;
		q->busy++;
		w->batch_done = 0;
		q->invocations++;
		start_task(q, w);
	}
}

/* The scheduler's report: a worker's task returned, ended its invocation, faulted, or the
 * process halted. Runs on a scheduler thread without scheduler locks. */
static void on_stop(void *user, struct dpa_hart *hart, enum dpa_stop stop)
{
	struct sim_cmdq *q = user;
	struct sim_thread *t = dpa_hart_user(hart);
	struct sim_worker *w = t->owner;
	struct dpa_fault fault;
	bool faulted = false;

	pthread_mutex_lock(&q->lock);
	if (sim_tracing(q->p))
		sim_trace_span(t, SIM_TRACE_TASK, &w->trace_mark, w->trace_function, w->name,
			       stop == DPA_STOP_RETURNED    ? SIM_TRACE_END_RETURNED
			       : stop == DPA_STOP_REQUESTED ? SIM_TRACE_END_RESCHEDULE
			       : stop == DPA_STOP_FAULT     ? SIM_TRACE_END_FAULT
			       : stop == DPA_STOP_HALTED    ? SIM_TRACE_END_HALTED
							    : SIM_TRACE_END_CANCELLED);
	switch (stop) {
	case DPA_STOP_RETURNED:
	case DPA_STOP_REQUESTED: /* finish / reschedule / retrigger end the task */
		q->done++;
		w->batch_done++;
		if (may_start(q)) {
			if (w->batch_done >= q->batch_size) {
				w->batch_done = 0;
				q->invocations++;
			}
			start_task(q, w);
			pthread_mutex_unlock(&q->lock);
			return;
		}
		break;
	case DPA_STOP_FAULT:
		fault = *dpa_hart_fault(hart);
		faulted = true;
		break;
	case DPA_STOP_HALTED: /* another thread stopped the process */
	case DPA_STOP_BUDGET: /* the queue is being destroyed */
		break;
	}
	w->busy = false;
	q->busy--;
	pthread_mutex_unlock(&q->lock);
	if (faulted)
		sim_process_fail_from(q->p, t, DPA_STATUS_THREAD_FAULT, &fault);
}

static void cmdq_free(struct sim_cmdq *q)
{
	dpa_sched_destroy(q->sched);
	for (unsigned i = 0; q->workers && i < q->nworkers; i++)
		sim_thread_destroy(q->workers[i].thread);
	free(q->workers);
	free(q->ring);
	pthread_mutex_destroy(&q->lock);
	free(q);
}

struct provider_cmdq *sim_cmdq_create(struct provider_process *process, const struct provider_cmdq_config *config,
				      char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct dpa_hart_config thread_config = { .stack_size = SIM_CMDQ_STACK };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned host_threads;
	struct sim_cmdq *q;

	if (atomic_load(&p->failed)) {
		snprintf(err, err_size, "the process has stopped");
		return NULL;
	}
	q = calloc(1, sizeof(*q));
	if (!q) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	q->p = p;
	q->batch_size = config->batch_size;
	q->running = config->running;
	q->deterministic = env_flag("FLEXIO_SIM_DETERMINISTIC");
	pthread_mutex_init(&q->lock, NULL);
	q->cap = 64;
	q->ring = calloc(q->cap, sizeof(*q->ring));
	q->workers = calloc(config->workers, sizeof(*q->workers));
	if (!q->ring || !q->workers) {
		snprintf(err, err_size, "out of memory");
		goto fail;
	}
	for (; q->nworkers < config->workers; q->nworkers++) {
		struct sim_worker *w = &q->workers[q->nworkers];

		w->q = q;
		w->thread = sim_thread_create(p, &thread_config, 0);
		if (!w->thread) {
			snprintf(err, err_size, "cannot create DPA thread %u of %u: out of DPA memory", q->nworkers,
				 config->workers);
			goto fail;
		}
		w->thread->owner = w;
		sim_stats_thread_add(w->thread, SIM_CMDQ_WORKER_NAME);
	}
	host_threads = cpus > 0 ? (unsigned)cpus : 1;
	if (host_threads > SIM_CMDQ_MAX_HOST_THREADS)
		host_threads = SIM_CMDQ_MAX_HOST_THREADS;
	if (host_threads > config->workers)
		host_threads = config->workers;
	q->sched = dpa_sched_create(&(struct dpa_sched_config){
		.workers = host_threads, .deterministic = q->deterministic, .on_stop = on_stop, .user = q });
	if (!q->sched) {
		snprintf(err, err_size, "cannot start the scheduler's host threads");
		goto fail;
	}
	return (struct provider_cmdq *)q;
fail:
	cmdq_free(q);
	return NULL;
}

int sim_cmdq_task_add(struct provider_cmdq *cmdq, uint64_t function, uint64_t arg, const char *name)
{
	struct sim_cmdq *q = (struct sim_cmdq *)cmdq;
	int rc = 0;

	pthread_mutex_lock(&q->lock);
	if (atomic_load(&q->p->failed)) {
		rc = -ESHUTDOWN;
	} else if (q->count == q->cap) {
		size_t cap = q->cap * 2;
		struct sim_task *ring = cap <= SIM_CMDQ_MAX_TASKS ? malloc(cap * sizeof(*ring)) : NULL;

		if (!ring) {
			rc = -ENOMEM;
		} else {
			for (size_t i = 0; i < q->count; i++)
				ring[i] = q->ring[(q->head + i) % q->cap];
			free(q->ring);
			q->ring = ring;
			q->cap = cap;
			q->head = 0;
		}
	}
	if (!rc) {
		q->ring[(q->head + q->count) % q->cap] =
			(struct sim_task){ .function = function, .arg = arg, .name = name };
		q->count++;
		q->added++;
		kick(q);
	}
	pthread_mutex_unlock(&q->lock);
	return rc;
}

int sim_cmdq_start(struct provider_cmdq *cmdq)
{
	struct sim_cmdq *q = (struct sim_cmdq *)cmdq;
	int rc = 0;

	pthread_mutex_lock(&q->lock);
	if (atomic_load(&q->p->failed)) {
		rc = -ESHUTDOWN;
	} else {
		q->running = true;
		kick(q); /* a task may fail the process at once: still, the queue did start */
	}
	pthread_mutex_unlock(&q->lock);
	return rc;
}

int sim_cmdq_is_empty(struct provider_cmdq *cmdq)
{
	struct sim_cmdq *q = (struct sim_cmdq *)cmdq;
	int empty;

	if (q->deterministic)
		dpa_sched_run(q->sched);
	pthread_mutex_lock(&q->lock);
	empty = q->done == q->added;
	pthread_mutex_unlock(&q->lock);
	return empty;
}

void sim_cmdq_destroy(struct provider_cmdq *cmdq)
{
	struct sim_cmdq *q = (struct sim_cmdq *)cmdq;

	pthread_mutex_lock(&q->lock);
	q->stopping = true;
	pthread_mutex_unlock(&q->lock);
	/* The scheduler waits for the workers' runs: no debugger or pause may hold them. */
	for (unsigned i = 0; i < q->nworkers; i++)
		sim_thread_leave(q->workers[i].thread);
	cmdq_free(q);
}
