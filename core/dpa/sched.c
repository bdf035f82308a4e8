/*
 * The scheduler: a FIFO of runnable harts served a quantum at a time, either by host worker
 * threads or, in deterministic mode, by the thread calling dpa_sched_run in strict round robin.
 */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"

#define QUANTUM_DEFAULT 10000
#define WORKERS_MAX 256

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
};

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
		pthread_cond_signal(&sched->work);
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

static void *worker(void *arg)
{
	struct dpa_sched *sched = arg;
	pthread_mutex_lock(&sched->lock);
	for (;;) {
		while (sched->head == NULL && !sched->shutdown)
			pthread_cond_wait(&sched->work, &sched->lock);
		if (sched->shutdown)
			break;
		struct dpa_hart *hart = pop(sched);
		pthread_mutex_unlock(&sched->lock);
		serve(sched, hart);
		pthread_mutex_lock(&sched->lock);
	}
	pthread_mutex_unlock(&sched->lock);
	return NULL;
}

struct dpa_sched *dpa_sched_create(const struct dpa_sched_config *config)
{
	if (config == NULL || (!config->deterministic && (config->workers == 0 || config->workers > WORKERS_MAX)))
		return NULL;
	struct dpa_sched *sched = calloc(1, sizeof(*sched));
	if (sched == NULL)
		return NULL;
	sched->config = *config;
	if (sched->config.quantum == 0)
		sched->config.quantum = QUANTUM_DEFAULT;
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
		pthread_cond_signal(&sched->work);
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
