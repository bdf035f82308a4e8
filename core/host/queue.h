/*
 * What the queue families share (cq.c; wq.c: SQ, RQ, RMP; qp.c; transport.c: TD, TIS): the
 * device side of a queue, how it is destroyed, and the checks every family makes.
 *
 * Destroying a queue asks the provider first, while the handle is still open: a queue others
 * still use (-EBUSY: a CQ that work queues report to, a TD with TISs, ...) is not destroyed and
 * its handle stays valid. Only once the provider has destroyed it is the handle closed. Each
 * queue's lock orders the provider's operations on it (moderation, state changes, destroy), so a
 * call racing a destroy meets either the live queue or one already gone, never a freed one.
 *
 * CQs, SQs, RQs, RMPs and QPs are children of their process (struct queue_child): closed with
 * it, newest first, and destroyed on the device when their last reference goes, before the
 * provider's process. A work queue or QP holds a reference to the CQs and the RMP of its own
 * process it was created on, so those outlive it even when another thread delays its free.
 * Transport domains and TISs belong to a device context, not to a process (struct queue_object).
 */
#ifndef OPENFLEXIO_CORE_HOST_QUEUE_H
#define OPENFLEXIO_CORE_HOST_QUEUE_H

#include "process.h"

#include <pthread.h>
#include <stdatomic.h>

struct queue {
	const struct flexio_provider_ops *provider;
	struct ibv_context *ibv_ctx;   /* the device context it was created on */
	struct ibv_device *ibv_device; /* its device: numbers are the device's */
	enum provider_object_kind kind;
	uint32_t number;                       /* CQN, SQN, RQN, RMPN, QPN, TDN, TISN */
	pthread_mutex_t lock;                  /* held around each provider operation on pq */
	struct provider_queue *pq;             /* NULL once destroyed */
	struct ibv_pd *pd;                     /* held (provider pd_hold) while pq lives; NULL: none */
	_Atomic(struct mlx5dv_devx_obj *) obj; /* its DEVX object, made on first request */
};

/* How many queues a queue may hold: a QP's send CQ, receive CQ and RMP. */
#define QUEUE_HELD_MAX 3

/* A queue created in a process. */
struct queue_child {
	struct process_child child; /* first: handle_get returns the object */
	struct queue q;
	struct queue_child *held[QUEUE_HELD_MAX]; /* referenced until it is freed */
};

/* A queue of a device context (transport domain, TIS). */
struct queue_object {
	struct handle_object handle; /* first: handle_get returns the object */
	struct queue q;
};

/* Fills q for a queue the provider created (pd: held by the caller, or NULL). */
void queue_init(struct queue *q, const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
		enum provider_object_kind kind, struct provider_queue *pq, uint32_t number, struct ibv_pd *pd);
/* Releases what q holds: its DEVX object, its device queue if still there (a process being
 * destroyed: a queue still in use is left to the device, with a warning), its PD. */
void queue_fini(struct queue *q);

/* The device context a queue of process goes on: ibv_ctx, or the process's when NULL. With cross
 * (the _cross_dev variants), ibv_ctx must be given and be another device than the process's.
 * NULL, logged as func, when the process's provider does not serve it. */
struct ibv_context *queue_context(struct process *process, struct ibv_context *ibv_ctx, bool cross, const char *func);
/* Whether qmem's memory type is one of enum flexio_memtype (logged as func, naming it what). */
bool queue_qmem_valid(const struct flexio_qmem *qmem, const char *what, const char *func);
/* Holds pd for a queue on ibv_ctx's device: true, or false logged as func (what names it). */
bool queue_pd_hold(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx, struct ibv_pd *pd,
		   const char *what, const char *func);

/* Locks q when its device queue is still there: true, or false (not locked) logged as func with
 * the message of a dead handle. */
bool queue_lock_live(struct queue *q, const void *handle, const char *func);
void queue_unlock(struct queue *q);

/* Destroys the device queue for a destroy call: true, or false logged as func when it is gone
 * already or still used (busy: what uses such a queue, for the log line). */
bool queue_destroy_device(struct queue *q, const void *handle, const char *busy, const char *func);

/* Process children. Holds, in qc->held[at], the live queue of kind of process on ibv_device numbered number, if
 * the process has one (a CQ or RMP given by number may also be the host's verbs'; the provider
 * refuses another process's). */
void queue_child_hold(struct process *process, struct queue_child *qc, unsigned at, enum handle_kind kind,
		      struct ibv_device *ibv_device, uint32_t number);
/* Gives qc, whose queue was created, its handle in process (NULL when out of handles: qc is
 * then freed with on_free). on_free must end with queue_child_free (queue_child_on_free). */
void *queue_child_open(struct process *process, struct queue_child *qc, enum handle_kind kind,
		       void (*on_free)(struct process_child *child), const char *func);
/* Releases the queue (queue_fini), then queue_child_drop. */
void queue_child_free(struct queue_child *qc);
/* Releases the queues qc held and frees it: a queue child whose device queue was never made. */
void queue_child_drop(struct queue_child *qc);
/* The on_free of a queue child that holds nothing else: queue_child_free. */
void queue_child_on_free(struct process_child *child);
/* The destroy call of a queue child kind: the device queue, then the handle (see above). */
flexio_status queue_child_destroy(const void *handle, enum handle_kind kind, const char *busy, const char *func);

#endif
