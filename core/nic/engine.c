/*
 * The NIC's DMA engine: one thread per NIC executing the send doorbells handed to it
 * (nic_doorbell_deferred). A host program's ibv_post_send on a queue pair given to the engine
 * (flexio_sim_qp_use_dma_engine) writes its WQEs and queues the doorbell here instead of ringing
 * it; the engine takes what was queued in one batch and rings each doorbell on its own thread,
 * as a device's DMA engine executes work while the program goes on: the program learns of it
 * from the CQEs it polls. Doorbells of other queues (DPA threads', FlexIO's, other host queue
 * pairs') keep executing before nic_doorbell returns.
 *
 * The poster takes the engine's lock only for the time of an append, never a queue's lock: a
 * queue's execution (its lock held, the copies made) never makes the poster wait. The engine
 * spins on its queue for a while after a batch, as a device polls its doorbells, then sleeps
 * until the next doorbell. Lock order: the engine's lock is taken alone.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

struct nic_engine_db {
	uint64_t owner;
	uint32_t queue;
	uint16_t index;
};

struct nic_engine {
	struct nic *nic;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool quit, sleeping;
	atomic_size_t pending; /* doorbells queued, read by the spinning engine without the lock */
	struct nic_engine_db *queue;
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

/*
 * Rings one queued doorbell, as nic_doorbell does, unless a later one of the same queue already
 * ran: the send side only goes forward (pi counts WQEBBs, 16 bits).
 */
static void ring(struct nic *nic, const struct nic_engine_db *db)
{
	struct nic_op op;
	struct nic_obj *obj;
	struct nic_wq *wq;
	int rc;

	nic_op_begin(&op);
	obj = nic_doorbell_target(nic, db->owner, NIC_OBJ_WQ, db->queue, &rc);
	if (!obj)
		return;
	wq = (struct nic_wq *)obj;
	if ((wq->type == NIC_WQ_TYPE_SQ || (wq->type == NIC_WQ_TYPE_QP && !wq->no_sq)) &&
	    (int16_t)(db->index - wq->send.pi) > 0 && !nic_send_doorbell(&op, wq, db->index))
		obj->doorbells++;
	pthread_mutex_unlock(&obj->lock);
	nic_op_end(&op);
}

static void *engine_main(void *arg)
{
	struct nic_engine *e = arg;
	struct nic_engine_db *batch = NULL;
	size_t batch_cap = 0;

	for (;;) {
		struct nic_engine_db *taken;
		size_t n, taken_cap;

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
		/* The whole queue: doorbells rung meanwhile go to the other array. */
		taken = e->queue;
		taken_cap = e->cap;
		e->queue = batch;
		e->cap = batch_cap;
		batch = taken;
		batch_cap = taken_cap;
		n = e->len;
		e->len = 0;
		atomic_store_explicit(&e->pending, 0, memory_order_relaxed);
		pthread_mutex_unlock(&e->lock);
		for (size_t i = 0; i < n; i++)
			ring(e->nic, &batch[i]);
	}
	free(batch);
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
		e->nic = nic;
		pthread_mutex_init(&e->lock, NULL);
		pthread_cond_init(&e->wake, NULL);
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
	free(e->queue);
	free(e);
}

int nic_doorbell_deferred(struct nic *nic, uint64_t owner, uint32_t queue, uint16_t index)
{
	struct nic_engine *e = engine_of(nic);

	if (!e)
		return -EAGAIN;
	pthread_mutex_lock(&e->lock);
	if (e->len == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 64;
		struct nic_engine_db *grown = realloc(e->queue, cap * sizeof(*grown));

		if (!grown) {
			pthread_mutex_unlock(&e->lock);
			return -ENOMEM;
		}
		e->queue = grown;
		e->cap = cap;
	}
	e->queue[e->len++] = (struct nic_engine_db){ .owner = owner, .queue = queue, .index = index };
	atomic_store_explicit(&e->pending, e->len, memory_order_relaxed);
	if (e->sleeping)
		pthread_cond_signal(&e->wake);
	pthread_mutex_unlock(&e->lock);
	return 0;
}
