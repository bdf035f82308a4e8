/*
 * What the queue families share (cq.c; wq.c: SQ, RQ, RMP; qp.c; transport.c: TD, TIS): the
 * device side of a queue, how it is destroyed, and the checks every family makes.
 *
 * A queue is the NIC object a DEVX command made on its device context (devx_cmds.h), with the
 * objects made for it (an SQ's TIS and transport domain, an RQ's TIR and transport domain):
 * what flexio_cq_get_obj, flexio_rq_get_object and flexio_rq_get_tir return.
 *
 * Destroying a queue asks the device first, while the handle is still open: a queue others
 * still use (EBUSY: a CQ that work queues report to, a TD with TISs, ...) is not destroyed and
 * its handle stays valid. Only once the device has destroyed it is the handle closed. Each
 * queue's lock orders the commands on it (moderation, state changes, destroy), so a call racing
 * a destroy meets either the live queue or one already gone, never a freed one.
 *
 * CQs, SQs, RQs, RMPs and QPs are children of their process (struct queue_child): closed with
 * it, newest first, and destroyed on the device when their last reference goes, before the
 * provider's process. A work queue or QP holds a reference to the CQs and the RMP of its own
 * process it was created on, so those outlive it even when another thread delays its free.
 * Transport domains and TISs belong to a device context, not to a process (struct queue_object).
 */
#ifndef OPENFLEXIO_CORE_HOST_QUEUE_H
#define OPENFLEXIO_CORE_HOST_QUEUE_H

#include "devx_cmds.h"
#include "process.h"

#include <pthread.h>
#include <stdatomic.h>

enum queue_kind {
	QUEUE_CQ,
	QUEUE_SQ,
	QUEUE_RQ,
	QUEUE_RMP,
	QUEUE_QP,
	QUEUE_TD,
	QUEUE_TIS,
};

/* The most objects made with a queue: an RQ's TIR and transport domain, an SQ's TIS and TD. */
#define QUEUE_MADE_MAX 2

struct queue {
	const struct flexio_provider_ops *provider; /* the process's (or context's), holding pd */
	struct ibv_context *ibv_ctx;                /* the device context it was created on */
	struct ibv_device *ibv_device;              /* its device: numbers are the device's */
	enum queue_kind kind;
	uint32_t number;             /* CQN, SQN, RQN, RMPN, QPN, TDN, TISN */
	pthread_mutex_t lock;        /* held around each command on obj */
	struct mlx5dv_devx_obj *obj; /* its DEVX object; NULL once destroyed */
	/* Made for it, destroyed after it (users first: an RQ's TIR, then its TD). */
	struct mlx5dv_devx_obj *made[QUEUE_MADE_MAX];
	struct ibv_pd *pd; /* held (provider pd_hold) while obj lives; NULL: none */
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

/* Fills q for a queue obj made on ibv_ctx (pd: held by the caller, or NULL; made: what was
 * made for it, users first, NULL-terminated or QUEUE_MADE_MAX long, or NULL). */
void queue_init(struct queue *q, const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
		enum queue_kind kind, struct mlx5dv_devx_obj *obj, uint32_t number, struct ibv_pd *pd,
		struct mlx5dv_devx_obj *const *made);
/* Releases what q holds: its device objects if still there (a process being destroyed: a queue
 * still in use is left to the device, with a warning), its PD. */
void queue_fini(struct queue *q);
/* "CQ", "SQ", ... "transport domain", "TIS": how lines name a kind. */
const char *queue_kind_name(enum queue_kind kind);
/* Destroys what was made for a queue that could not be made (NULL entries skipped), users first. */
void queue_made_destroy(const struct flexio_provider_ops *provider, struct mlx5dv_devx_obj *const *made, size_t count);

/* The limits of ibv_ctx's device (QUERY_HCA_CAP): true, or false logged as func. */
bool queue_caps(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx, struct devx_caps *caps,
		const char *func);
/* Where a ring or doorbell record of a process's queue is, for its DEVX command: DPA memory is
 * the process's memory object (its dumem id) at the DPA address, host memory a devx umem. false,
 * logged as func naming it what, when the NIC could not use it: an address not align-aligned
 * (the PRM's rings and records are). */
bool queue_mem(struct process *process, const struct flexio_qmem *qmem, uint64_t offset, unsigned align,
	       const char *what, struct devx_mem *mem, const char *func);
/* The PD number of pd for a command (logged as func). */
bool queue_pdn(const struct flexio_provider_ops *provider, struct ibv_pd *pd, uint32_t *pdn, const char *func);


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
/* The DEVX object of a live queue (made: QUEUE_MADE_MAX for the queue's own, else what was made
 * for it at that index), or NULL logged as func. */
struct mlx5dv_devx_obj *queue_object(struct queue *q, const void *handle, unsigned made, const char *func);

/* Process children. Holds, in qc->held[at], the live queue of kind of process on ibv_device numbered number, if
 * the process has one (a CQ or RMP given by number may also be the host's verbs'; the device
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
