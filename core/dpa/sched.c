/*
 * The scheduler: a FIFO of runnable harts served a quantum at a time, either by host worker
 * threads or, in deterministic mode, by the thread calling dpa_sched_run in strict round robin.
 *
 * Idle workers. Waking a thread asleep on a condition variable costs the waker a system call and
 * the sleeper the OS's wake-up (10-30 us on a VM), which would be most of an activation's time.
 * So a worker that finds the queue empty first polls it for a while (spins, as the Go runtime's
 * spinning threads, DPDK's interrupt mode or io_uring's SQPOLL thread do) and sleeps only when
 * nothing came: a submission the spinner sees costs no system call on either side. At most one
 * worker spins at a time, so spinning never takes more than one CPU from the threads doing work
 * (and a spin is short: the OS shares the CPUs as with any busy thread); it pauses the CPU
 * between polls. It does not yield the CPU: a spinner that gives its CPU away sees the next
 * push only when it gets it back, milliseconds later on a busy machine. The time spent spinning
 * adapts to the gaps between submissions: after a gap of g it is at least 2g (at most the
 * configured spin_us), after a gap longer than spin_us it halves (down to SPIN_FLOOR_NS), so a
 * process whose submissions come further apart than that stops paying for spins that do not
 * pay off. An idle scheduler spins once (at most DPA_SCHED_SPIN_US_MAX), then sleeps.
 * Spinning pays only while a CPU is free: a spinner that was descheduled (its polls far apart)
 * sees a push only at its next turn, milliseconds later, where a sleeper woken by the OS runs
 * within microseconds. So such a spin ends; spinning stops for a back-off that grows while pushes
 * keep being seen late; and a submitter wakes a sleeper rather than count on a spinner that has
 * not polled lately.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "internal.h"

#define QUANTUM_DEFAULT 10000
#define WORKERS_MAX 256
/* The shortest spin the adaptation comes down to. */
#define SPIN_FLOOR_NS 2000u
/* A spinner reads the clock after this many polls. */
#define SPIN_POLLS_PER_CLOCK 32u
/* Polls further apart than this mean the spinner was descheduled: other threads want the CPUs,
 * and a push waits for the spinner's next turn (milliseconds) where waking a sleeper takes
 * microseconds. After a push seen that late, spinning stops for a back-off, from
 * SPIN_BACKOFF_MIN_NS doubling up to SPIN_BACKOFF_MAX_NS while it keeps happening. */
#define SPIN_PREEMPTED_NS 50000u
#define SPIN_BACKOFF_MIN_NS 1000000u
#define SPIN_BACKOFF_MAX_NS 1000000000u
/* Tries at the lock before a spinner that saw work blocks on it: the submitter holds it for
 * a few instructions, and blocking would cost both of them the system calls spinning avoids. */
#define SPIN_LOCK_TRIES 4096u

struct dpa_sched {
	struct dpa_sched_config config;
	pthread_mutex_t lock;
	pthread_cond_t work; /* a hart was queued, or shutdown */
	pthread_cond_t idle; /* nothing queued nor running */
	struct dpa_hart *head, *tail;
	unsigned running;
	bool shutdown;
	pthread_t *threads;
	unsigned nthreads;
	/* Bumped (under the lock) by every push and by shutdown: what a spinning worker polls. */
	atomic_uint posted;
	_Atomic uint64_t spin_beat; /* when the spinner last looked at the clock */
	unsigned spinners;          /* workers spinning (0 or 1) */
	unsigned sleepers;          /* workers waiting on work */
	uint64_t spin_ns;           /* the adapted spin, at most config.spin_us */
	/* When the last spin that found nothing started (0: none since the last push). */
	uint64_t missed_since;
	uint64_t backoff_ns, spin_resume_at; /* after a spinner was preempted: no spin until then */
};

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One poll's pause: lets the CPU's other hyperthread run and saves power, without a system call. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
	__asm__ volatile("yield");
#else
	sched_yield();
#endif
}

/* A push came gap_ns after a spin started (lock held): the next spin is twice that, up to the
 * configured maximum; a gap longer than that halves it, down to the floor. */
static void adapt_spin(struct dpa_sched *sched, uint64_t gap_ns)
{
	uint64_t max = (uint64_t)sched->config.spin_us * 1000u;
	if (gap_ns <= max) {
		uint64_t want = 2 * gap_ns < max ? 2 * gap_ns : max;
		if (sched->spin_ns < want)
			sched->spin_ns = want;
	} else {
		sched->spin_ns = sched->spin_ns / 2 > SPIN_FLOOR_NS ? sched->spin_ns / 2 : SPIN_FLOOR_NS;
		if (sched->spin_ns > max)
			sched->spin_ns = max;
	}
}

static void push(struct dpa_sched *sched, struct dpa_hart *hart)
{
	hart->sched_next = NULL;
	hart->sched_cancel = false;
	hart->sched_state = DPA_HART_QUEUED;
	if (sched->tail != NULL)
		sched->tail->sched_next = hart;
	else
		sched->head = hart;
	sched->tail = hart;
	atomic_fetch_add_explicit(&sched->posted, 1, memory_order_release);
}

/* After a push (lock held): a sleeping worker is woken only for what a spinner will not take, or
 * when the spinner has not polled for a while (descheduled, it would take the push late). */
static void wake_for_push(struct dpa_sched *sched)
{
	bool spinner_may_take = sched->sleepers != 0 && sched->spinners > 0 && sched->head == sched->tail;
	/* one clock read per push, and none when neither needs it */
	uint64_t now = sched->missed_since != 0 || spinner_may_take ? now_ns() : 0;
	if (sched->missed_since != 0) {
		adapt_spin(sched, now - sched->missed_since);
		sched->missed_since = 0;
	}
	if (sched->sleepers == 0)
		return;
	if (!spinner_may_take ||
	    now - atomic_load_explicit(&sched->spin_beat, memory_order_relaxed) >= SPIN_PREEMPTED_NS)
		pthread_cond_signal(&sched->work);
}

static struct dpa_hart *pop(struct dpa_sched *sched)
{
	struct dpa_hart *hart = sched->head;
	if (hart != NULL) {
		sched->head = hart->sched_next;
		if (sched->head == NULL)
			sched->tail = NULL;
		hart->sched_state = DPA_HART_RUNNING;
		sched->running++;
	}
	return hart;
}

/* Runs one quantum of a popped hart, then requeues it or reports its stop. Called unlocked. */
static void serve(struct dpa_sched *sched, struct dpa_hart *hart)
{
	enum dpa_stop stop = dpa_hart_run(hart, sched->config.quantum);
	pthread_mutex_lock(&sched->lock);
	bool again = stop == DPA_STOP_BUDGET && !sched->shutdown && !hart->sched_cancel;
	if (again) {
		sched->running--;
		push(sched, hart);
		wake_for_push(sched);
	} else {
		hart->sched_state = DPA_HART_IDLE;
	}
	pthread_mutex_unlock(&sched->lock);
	if (!again && sched->config.on_stop != NULL)
		sched->config.on_stop(sched->config.user, hart, stop);
	pthread_mutex_lock(&sched->lock);
	/* A stopped hart counts as running until its report returned: dpa_sched_run waits for it. */
	if (!again)
		sched->running--;
	if (sched->head == NULL && sched->running == 0)
		pthread_cond_broadcast(&sched->idle);
	pthread_mutex_unlock(&sched->lock);
}

/* Polls for a push after the one counted in seen, for budget_ns at most from start, with the lock
 * released: true when one came (or shutdown). *preempted tells whether the spinner was
 * descheduled meanwhile (it then stops): other threads want the CPUs, and a push may have waited
 * for the spinner's next turn. */
static bool spin(struct dpa_sched *sched, unsigned seen, uint64_t start, uint64_t budget_ns, bool *preempted)
{
	uint64_t last = start;
	for (;;) {
		for (unsigned i = 0; i < SPIN_POLLS_PER_CLOCK; i++) {
			if (atomic_load_explicit(&sched->posted, memory_order_acquire) != seen) {
				*preempted = now_ns() - last >= SPIN_PREEMPTED_NS;
				return true;
			}
			cpu_relax();
		}
		uint64_t now = now_ns();
		atomic_store_explicit(&sched->spin_beat, now, memory_order_relaxed);
		*preempted = now - last >= SPIN_PREEMPTED_NS;
		if (*preempted || now - start >= budget_ns)
			return false;
		last = now;
	}
}

/* Takes the lock after a spin that saw a push, whose submitter may still hold it. */
static void lock_after_spin(struct dpa_sched *sched)
{
	for (unsigned i = 0; i < SPIN_LOCK_TRIES; i++) {
		if (pthread_mutex_trylock(&sched->lock) == 0)
			return;
		cpu_relax();
	}
	pthread_mutex_lock(&sched->lock);
}

/* Spins once, from start (lock held, released meanwhile), and learns from how it ended. */
static void spin_for_work(struct dpa_sched *sched, uint64_t start)
{
	unsigned seen = atomic_load_explicit(&sched->posted, memory_order_relaxed);
	uint64_t budget = sched->spin_ns;
	atomic_store_explicit(&sched->spin_beat, start, memory_order_relaxed);
	sched->spinners++;
	pthread_mutex_unlock(&sched->lock);
	bool preempted;
	bool pushed = spin(sched, seen, start, budget, &preempted);
	if (pushed)
		lock_after_spin(sched);
	else
		pthread_mutex_lock(&sched->lock);
	sched->spinners--;
	/* What a preempted spinner costs is a push that waited for its next turn: the back-off
	 * doubles with each push seen late and halves with each seen in time, so that it grows while
	 * most are late and comes back as the machine's load goes. */
	if (pushed && preempted) {
		uint64_t doubled = sched->backoff_ns * 2;
		if (doubled == 0)
			doubled = SPIN_BACKOFF_MIN_NS;
		sched->backoff_ns = doubled < SPIN_BACKOFF_MAX_NS ? doubled : SPIN_BACKOFF_MAX_NS;
		sched->spin_resume_at = now_ns() + sched->backoff_ns;
	} else if (pushed) {
		sched->backoff_ns = sched->backoff_ns / 2 >= SPIN_BACKOFF_MIN_NS ? sched->backoff_ns / 2 : 0;
	}
	/* A push that came during the spin (or just after) tells its gap; else the next push will. */
	if (sched->head != NULL)
		adapt_spin(sched, now_ns() - start);
	else if (!pushed && !preempted && sched->missed_since == 0)
		sched->missed_since = start;
}

static void *worker(void *arg)
{
	struct dpa_sched *sched = arg;
	bool spun = false; /* since this worker's last hart or wake-up: next, it sleeps */
	pthread_mutex_lock(&sched->lock);
	for (;;) {
		if (sched->shutdown)
			break;
		if (sched->head != NULL) {
			spun = false;
			struct dpa_hart *hart = pop(sched);
			pthread_mutex_unlock(&sched->lock);
			serve(sched, hart);
			pthread_mutex_lock(&sched->lock);
			continue;
		}
		uint64_t start = !spun && sched->spinners == 0 && sched->spin_ns > 0 ? now_ns() : 0;
		if (start != 0 && start >= sched->spin_resume_at) {
			spin_for_work(sched, start);
			spun = true;
			continue;
		}
		sched->sleepers++;
		pthread_cond_wait(&sched->work, &sched->lock);
		sched->sleepers--;
		spun = false; /* woken: work came, or went to another worker; spin again before sleeping */
	}
	pthread_mutex_unlock(&sched->lock);
	return NULL;
}

struct dpa_sched *dpa_sched_create(const struct dpa_sched_config *config)
{
	if (config == NULL || (!config->deterministic && (config->workers == 0 || config->workers > WORKERS_MAX)) ||
	    config->spin_us > DPA_SCHED_SPIN_US_MAX)
		return NULL;
	struct dpa_sched *sched = calloc(1, sizeof(*sched));
	if (sched == NULL)
		return NULL;
	sched->config = *config;
	if (sched->config.quantum == 0)
		sched->config.quantum = QUANTUM_DEFAULT;
	sched->spin_ns = (uint64_t)sched->config.spin_us * 1000u;
	pthread_mutex_init(&sched->lock, NULL);
	pthread_cond_init(&sched->work, NULL);
	pthread_cond_init(&sched->idle, NULL);
	if (config->deterministic)
		return sched;
	sched->threads = calloc(config->workers, sizeof(*sched->threads));
	if (sched->threads == NULL) {
		dpa_sched_destroy(sched);
		return NULL;
	}
	for (; sched->nthreads < config->workers; sched->nthreads++) {
		if (pthread_create(&sched->threads[sched->nthreads], NULL, worker, sched) != 0) {
			dpa_sched_destroy(sched);
			return NULL;
		}
	}
	return sched;
}

void dpa_sched_destroy(struct dpa_sched *sched)
{
	if (sched == NULL)
		return;
	pthread_mutex_lock(&sched->lock);
	sched->shutdown = true;
	atomic_fetch_add_explicit(&sched->posted, 1, memory_order_release); /* ends a spin */
	pthread_cond_broadcast(&sched->work);
	pthread_mutex_unlock(&sched->lock);
	for (unsigned i = 0; i < sched->nthreads; i++)
		pthread_join(sched->threads[i], NULL);
	for (struct dpa_hart *h = sched->head; h != NULL; h = h->sched_next)
		h->sched_state = DPA_HART_IDLE;
	free(sched->threads);
	pthread_cond_destroy(&sched->idle);
	pthread_cond_destroy(&sched->work);
	pthread_mutex_destroy(&sched->lock);
	free(sched);
}

int dpa_sched_submit(struct dpa_sched *sched, struct dpa_hart *hart)
{
	if (sched == NULL || hart == NULL)
		return -EINVAL;
	pthread_mutex_lock(&sched->lock);
	int rc = 0;
	if (sched->shutdown)
		rc = -ESHUTDOWN;
	else if (hart->sched_state != DPA_HART_IDLE)
		rc = -EBUSY;
	if (rc == 0) {
		push(sched, hart);
		wake_for_push(sched);
	}
	pthread_mutex_unlock(&sched->lock);
	return rc;
}

int dpa_sched_run(struct dpa_sched *sched)
{
	if (sched == NULL)
		return -EINVAL;
	pthread_mutex_lock(&sched->lock);
	if (sched->config.deterministic) {
		struct dpa_hart *hart;
		while ((hart = pop(sched)) != NULL) {
			pthread_mutex_unlock(&sched->lock);
			serve(sched, hart);
			pthread_mutex_lock(&sched->lock);
		}
	} else {
		while (sched->head != NULL || sched->running != 0)
			pthread_cond_wait(&sched->idle, &sched->lock);
	}
	pthread_mutex_unlock(&sched->lock);
	return 0;
}

void dpa_sched_cancel(struct dpa_sched *sched, struct dpa_hart *hart)
{
	bool dequeued = false;
	pthread_mutex_lock(&sched->lock);
	if (hart->sched_state == DPA_HART_QUEUED) {
		struct dpa_hart **at = &sched->head;
		while (*at != hart)
			at = &(*at)->sched_next;
		*at = hart->sched_next;
		if (sched->tail == hart) {
			sched->tail = NULL;
			for (struct dpa_hart *h = sched->head; h != NULL; h = h->sched_next)
				sched->tail = h;
		}
		hart->sched_state = DPA_HART_IDLE;
		dequeued = true;
		if (sched->head == NULL && sched->running == 0)
			pthread_cond_broadcast(&sched->idle);
	} else if (hart->sched_state == DPA_HART_RUNNING) {
		hart->sched_cancel = true;
	}
	pthread_mutex_unlock(&sched->lock);
	/* A queued hart's run ends here, as one cut at its quantum's end would. */
	if (dequeued && sched->config.on_stop != NULL)
		sched->config.on_stop(sched->config.user, hart, DPA_STOP_BUDGET);
}
