/*
 * The NIC's DMA engine: one thread per NIC that executes the send doorbells of deferred QPs
 * (nic_qp_set_deferred). A host program's ibv_post_send on such a QP writes its WQEs and rings
 * the doorbell, which only records the producer index and queues the QP here; the engine takes
 * what was queued in one batch and executes each QP's WQEs up to its last doorbell, as a
 * device's DMA engine does, while the program goes on: its completions are CQEs it polls later.
 * Doorbells of other queues (DPA threads', FlexIO's) keep executing before nic_doorbell returns.
 *
 * The queue holds (WQ, number) pairs: a WQ is queued once until the engine takes it (its
 * queued flag, under its lock), and a WQ destroyed meanwhile is recognised by its number and
 * skipped (objects are never freed while the NIC lives, only reused). Lock order: a WQ's lock,
 * then the engine's (nic_engine_queue is called with the WQ locked); the engine takes a WQ's
 * lock with its own released.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

struct nic_engine_entry {
	struct nic_wq *wq;
	uint32_t num;
};

struct nic_engine {
	struct nic *nic;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool quit, sleeping;
	atomic_size_t pending; /* entries in queue, read by the spinning engine without the lock */
	struct nic_engine_entry *queue;
	size_t len, cap;
};

/* A spinning thread's pause. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield");
#endif
}

/* Executes one queued WQ, unless it died since it was queued. */
static void execute(struct nic_engine_entry entry)
{
	struct nic_wq *wq = entry.wq;
	struct nic_op op;

	nic_op_begin(&op);
	pthread_mutex_lock(&wq->h.lock);
	if (wq->h.num == entry.num && wq->queued) {
		int state = nic_wq_state(wq);

		wq->queued = false;
		/* A QP reset since forgot what was posted. */
		if (state != NIC_QP_RST && state != NIC_QP_INIT && state != NIC_QP_RTR)
			nic_send_execute(&op, wq);
	}
	pthread_mutex_unlock(&wq->h.lock);
	nic_op_end(&op);
}

static void *engine_main(void *arg)
{
	struct nic_engine *e = arg;
	struct nic_engine_entry *batch = NULL;
	size_t batch_cap = 0;

	for (;;) {
		size_t n;

		/* A while spinning (a device polls its doorbells), then asleep until a doorbell. */
		for (int spin = 0; spin < 20000 && !atomic_load_explicit(&e->pending, memory_order_relaxed); spin++)
			cpu_relax();
		pthread_mutex_lock(&e->lock);
		while (!e->len && !e->quit) {
			e->sleeping = true;
			pthread_cond_wait(&e->wake, &e->lock);
			e->sleeping = false;
		}
		if (e->quit) {
			pthread_mutex_unlock(&e->lock);
			break;
		}
		/* Take the whole queue: the doorbells rung meanwhile queue into the other array. */
		{
			struct nic_engine_entry *taken = e->queue;
			size_t taken_cap = e->cap;

			e->queue = batch;
			e->cap = batch_cap;
			batch = taken;
			batch_cap = taken_cap;
		}
		n = e->len;
		e->len = 0;
		atomic_store_explicit(&e->pending, 0, memory_order_relaxed);
		pthread_mutex_unlock(&e->lock);
		for (size_t i = 0; i < n; i++)
			execute(batch[i]);
	}
	free(batch);
	return NULL;
}

int nic_engine_start(struct nic *nic)
{
	struct nic_engine *e;
	int rc = 0;

	pthread_mutex_lock(&nic->engine_lock);
	if (nic->engine)
		goto out;
	e = calloc(1, sizeof(*e));
	if (!e) {
		rc = -ENOMEM;
		goto out;
	}
	e->nic = nic;
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->wake, NULL);
	if (pthread_create(&e->thread, NULL, engine_main, e)) {
		pthread_cond_destroy(&e->wake);
		pthread_mutex_destroy(&e->lock);
		free(e);
		rc = -EAGAIN;
		goto out;
	}
	__atomic_store_n(&nic->engine, e, __ATOMIC_RELEASE);
out:
	pthread_mutex_unlock(&nic->engine_lock);
	return rc;
}

void nic_engine_stop(struct nic *nic)
{
	struct nic_engine *e;

	pthread_mutex_lock(&nic->engine_lock);
	e = nic->engine;
	nic->engine = NULL;
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
	free(e->queue);
	free(e);
}

void nic_engine_queue(struct nic_op *op, struct nic_wq *wq)
{
	struct nic_engine *e = __atomic_load_n(&wq->h.nic->engine, __ATOMIC_ACQUIRE);

	if (wq->queued)
		return;
	if (e) {
		pthread_mutex_lock(&e->lock);
		if (e->len == e->cap) {
			size_t cap = e->cap ? 2 * e->cap : 64;
			struct nic_engine_entry *grown = realloc(e->queue, cap * sizeof(*grown));

			if (grown) {
				e->queue = grown;
				e->cap = cap;
			}
		}
		if (e->len < e->cap) {
			e->queue[e->len++] = (struct nic_engine_entry){ .wq = wq, .num = wq->h.num };
			atomic_store_explicit(&e->pending, e->len, memory_order_relaxed);
			wq->queued = true;
			if (e->sleeping)
				pthread_cond_signal(&e->wake);
			pthread_mutex_unlock(&e->lock);
			return;
		}
		pthread_mutex_unlock(&e->lock);
	}
	/* No engine (the NIC is going) or no memory for the queue: executed now, as the doorbell
	 * of a QP not deferred is. */
	nic_send_execute(op, wq);
}

int nic_qp_set_deferred(struct nic *nic, uint64_t owner, uint32_t qpn)
{
	struct nic_obj *obj;
	int rc = nic_engine_start(nic);

	if (rc)
		return rc;
	obj = nic_table_lock(nic, NIC_OBJ_WQ, qpn);
	if (!obj || ((struct nic_wq *)obj)->type != NIC_WQ_TYPE_QP) {
		if (obj)
			pthread_mutex_unlock(&obj->lock);
		return -ENOENT;
	}
	if (obj->owner != owner) {
		pthread_mutex_unlock(&obj->lock);
		return -EPERM;
	}
	((struct nic_wq *)obj)->deferred = true;
	pthread_mutex_unlock(&obj->lock);
	return 0;
}
