/*
 * The NIC's DMA engine: the send doorbells handed to it (nic_doorbell_deferred) are executed
 * later, off the poster's call, as a device's DMA engine executes work while the program goes on:
 * the program learns of it from the CQEs it polls. A host program's ibv_post_send on a queue pair
 * given to the engine (flexio_sim_qp_use_dma_engine) writes its WQEs and queues the doorbell here
 * instead of ringing it. Doorbells of other queues (DPA threads', FlexIO's, other host queue
 * pairs') keep executing before nic_doorbell returns.
 *
 * Two kinds of threads execute the queued doorbells: the engine's own thread (one per NIC), and a
 * thread polling one of the queue's CQs (nic_engine_poll), as a device executes queued work while
 * the host polls. That second way keeps a program progressing its queues on one CPU from waiting
 * for the engine's time slices. Each queue has one record: a doorbell rung while one is waiting
 * only moves its index (the send side only goes forward: the newest index executes all WQEs before
 * it), and a queue is claimed by one thread at a time (running), so its WQEs execute in order and
 * the engine's thread and a poller never both execute one queue.
 *
 * The poster takes the engine's lock only for the time of an update, never a queue's lock: a
 * queue's execution (its lock held, the copies made) never makes the poster wait. The engine's
 * thread never spins. While doorbells keep coming it naps (NAP_NS at most) between looks, and
 * nobody wakes it: a program polling its CQs executes its work itself, and waking the engine for
 * each burst would cost the poster a system call and, on a busy machine, its CPU (the two threads
 * taking turns). After a nap without a doorbell it sleeps until the next doorbell wakes it. A
 * program that posts and never polls so has its work executed within a nap.
 * Lock order: the engine's lock is taken alone.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* The longest the engine's thread leaves a doorbell waiting while doorbells keep coming. */
#define NAP_NS 100000L

/* A queue with doorbells for the engine. */
struct nic_engine_q {
	uint64_t owner;
	uint32_t queue;  /* the WQ */
	uint32_t cqs[2]; /* its send and receive CQs: a poll of either executes it */
	uint16_t index;  /* the newest doorbell not executed yet (pending) */
	bool pending;    /* index waits for execution */
	bool running;    /* claimed: a thread executes the queue's doorbells */
};

struct nic_engine {
	struct nic *nic;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool quit;
	bool rung;             /* a doorbell came since the engine's thread last looked */
	bool sleeping;         /* until a doorbell wakes the engine's thread (napping: not) */
	atomic_size_t pending; /* queues with a doorbell waiting, read by pollers without the lock */
	struct nic_engine_q *qs;
	size_t len, cap;
};

/*
 * Rings one queue's doorbell, as nic_doorbell does, unless a later one already ran: the send side
 * only goes forward (pi counts WQEBBs, 16 bits).
 */
static void ring(struct nic *nic, uint64_t owner, uint32_t queue, uint16_t index)
{
	struct nic_op op;
	struct nic_obj *obj;
	struct nic_wq *wq;
	int rc;

	nic_op_begin(&op);
	obj = nic_doorbell_target(nic, owner, NIC_OBJ_WQ, queue, &rc);
	if (!obj)
		return;
	wq = (struct nic_wq *)obj;
	if ((wq->type == NIC_WQ_TYPE_SQ || (wq->type == NIC_WQ_TYPE_QP && !wq->no_sq)) &&
	    (int16_t)(index - wq->send.pi) > 0 && !nic_send_doorbell(&op, wq, index))
		obj->doorbells++;
	pthread_mutex_unlock(&obj->lock);
	nic_op_end(&op);
}

/* The record of a queue, or NULL (e->lock). */
static struct nic_engine_q *find(struct nic_engine *e, uint64_t owner, uint32_t queue)
{
	for (size_t i = 0; i < e->len; i++)
		if (e->qs[i].queue == queue && e->qs[i].owner == owner)
			return &e->qs[i];
	return NULL;
}

/*
 * Executes the doorbell waiting on q, claimed by the caller (e->lock held, released meanwhile):
 * the record may move while the lock is released, so it is found again after. A record neither
 * waiting nor claimed is dropped; one rung again meanwhile waits for the next claim.
 */
static void run(struct nic_engine *e, struct nic_engine_q *q)
{
	uint64_t owner = q->owner;
	uint32_t queue = q->queue;
	uint16_t index = q->index;

	q->running = true;
	q->pending = false;
	atomic_fetch_sub_explicit(&e->pending, 1, memory_order_relaxed);
	pthread_mutex_unlock(&e->lock);
	ring(e->nic, owner, queue, index);
	pthread_mutex_lock(&e->lock);
	q = find(e, owner, queue);
	q->running = false;
	if (!q->pending)
		*q = e->qs[--e->len];
	else if (e->sleeping)
		pthread_cond_signal(&e->wake);
}

/* A queue some thread may claim, or NULL (e->lock). */
static struct nic_engine_q *claimable(struct nic_engine *e)
{
	for (size_t i = 0; i < e->len; i++)
		if (e->qs[i].pending && !e->qs[i].running)
			return &e->qs[i];
	return NULL;
}

static void *engine_main(void *arg)
{
	struct nic_engine *e = arg;
	struct nic_engine_q *q;

	pthread_mutex_lock(&e->lock);
	while (!e->quit) {
		if ((q = claimable(e))) {
			run(e, q);
		} else if (e->rung) {
			struct timespec until;

			e->rung = false;
			clock_gettime(CLOCK_MONOTONIC, &until);
			until.tv_nsec += NAP_NS;
			if (until.tv_nsec >= 1000000000L) {
				until.tv_sec++;
				until.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&e->wake, &e->lock, &until);
		} else {
			e->sleeping = true;
			pthread_cond_wait(&e->wake, &e->lock);
			e->sleeping = false;
		}
	}
	pthread_mutex_unlock(&e->lock);
	return NULL;
}

/* The NIC's engine, started at the first call: NULL when it cannot start. */
static struct nic_engine *engine_of(struct nic *nic)
{
	struct nic_engine *e = __atomic_load_n(&nic->engine, __ATOMIC_ACQUIRE);

	if (e)
		return e;
	pthread_mutex_lock(&nic->engine_lock);
	e = nic->engine;
	if (!e && atomic_load(&nic->live) && (e = calloc(1, sizeof(*e)))) {
		pthread_condattr_t attr;

		e->nic = nic;
		pthread_mutex_init(&e->lock, NULL);
		pthread_condattr_init(&attr);
		pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
		pthread_cond_init(&e->wake, &attr);
		pthread_condattr_destroy(&attr);
		if (pthread_create(&e->thread, NULL, engine_main, e)) {
			pthread_cond_destroy(&e->wake);
			pthread_mutex_destroy(&e->lock);
			free(e);
			e = NULL;
		} else {
			__atomic_store_n(&nic->engine, e, __ATOMIC_RELEASE);
		}
	}
	pthread_mutex_unlock(&nic->engine_lock);
	return e;
}

void nic_engine_stop(struct nic *nic)
{
	struct nic_engine *e;

	pthread_mutex_lock(&nic->engine_lock);
	e = nic->engine;
	__atomic_store_n(&nic->engine, NULL, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&nic->engine_lock);
	if (!e)
		return;
	pthread_mutex_lock(&e->lock);
	e->quit = true;
	pthread_cond_signal(&e->wake);
	pthread_mutex_unlock(&e->lock);
	pthread_join(e->thread, NULL);
	pthread_cond_destroy(&e->wake);
	pthread_mutex_destroy(&e->lock);
	free(e->qs);
	free(e);
}

int nic_doorbell_deferred(struct nic *nic, uint64_t owner, uint32_t queue, uint32_t send_cq, uint32_t recv_cq,
			  uint16_t index)
{
	struct nic_engine *e = engine_of(nic);
	struct nic_engine_q *q;

	if (!e)
		return -EAGAIN;
	pthread_mutex_lock(&e->lock);
	q = find(e, owner, queue);
	if (!q) {
		if (e->len == e->cap) {
			size_t cap = e->cap ? 2 * e->cap : 8;
			struct nic_engine_q *grown = realloc(e->qs, cap * sizeof(*grown));

			if (!grown) {
				pthread_mutex_unlock(&e->lock);
				return -ENOMEM;
			}
			e->qs = grown;
			e->cap = cap;
		}
		q = &e->qs[e->len++];
		*q = (struct nic_engine_q){ .owner = owner, .queue = queue, .cqs = { send_cq, recv_cq } };
	}
	q->index = index;
	e->rung = true;
	if (!q->pending) {
		q->pending = true;
		atomic_fetch_add_explicit(&e->pending, 1, memory_order_relaxed);
		/* a claimed queue's runner sees it pending when it is done */
		if (e->sleeping && !q->running)
			pthread_cond_signal(&e->wake);
	}
	pthread_mutex_unlock(&e->lock);
	return 0;
}

void nic_engine_poll(struct nic *nic, uint64_t owner, uint32_t cq)
{
	struct nic_engine *e = __atomic_load_n(&nic->engine, __ATOMIC_ACQUIRE);

	/* The common case, nothing waiting: no lock. A doorbell this load misses was rung after
	 * the poll started, and the engine's thread or the next poll executes it. */
	if (!e || !atomic_load_explicit(&e->pending, memory_order_relaxed))
		return;
	pthread_mutex_lock(&e->lock);
	/* As many runs as there were records: a queue rung again meanwhile waits for the next poll
	 * or the engine's thread, so a poll ends while other threads post. */
	for (size_t i = 0, runs = e->len; i < e->len && runs;) {
		struct nic_engine_q *q = &e->qs[i];

		if (q->pending && !q->running && q->owner == owner && (q->cqs[0] == cq || q->cqs[1] == cq)) {
			run(e, q);
			runs--;
			i = 0; /* the records moved */
		} else {
			i++;
		}
	}
	pthread_mutex_unlock(&e->lock);
}
