/* What the queue families share (queue.h): device queues, their destroy, common checks. */
#include "queue.h"

#include "log.h"

#include <infiniband/verbs.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* How log lines name the objects of a device's NIC. */
static const char *object_name(enum provider_object_kind kind)
{
	switch (kind) {
	case PROVIDER_OBJECT_CQ:
		return "CQ";
	case PROVIDER_OBJECT_SQ:
		return "SQ";
	case PROVIDER_OBJECT_RQ:
		return "RQ";
	case PROVIDER_OBJECT_RMP:
		return "RMP";
	case PROVIDER_OBJECT_QP:
		return "QP";
	case PROVIDER_OBJECT_TD:
		return "transport domain";
	case PROVIDER_OBJECT_TIS:
		return "TIS";
	case PROVIDER_OBJECT_TIR:
		return "TIR";
	case PROVIDER_OBJECT_THREAD:
		return "thread";
	}
	return "object";
}

void queue_init(struct queue *q, const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
		enum provider_object_kind kind, struct provider_queue *pq, uint32_t number, struct ibv_pd *pd)
{
	q->provider = provider;
	q->ibv_ctx = ibv_ctx;
	q->ibv_device = ibv_ctx->device;
	q->kind = kind;
	q->number = number;
	pthread_mutex_init(&q->lock, NULL);
	q->pq = pq;
	q->pd = pd;
	atomic_init(&q->obj, NULL);
}

void queue_fini(struct queue *q)
{
	struct mlx5dv_devx_obj *obj = atomic_load(&q->obj);
	int rc = 0;

	if (obj)
		q->provider->devx_obj_release(obj);
	/* Still there: its process is being destroyed (a destroy call destroys it before). */
	if (q->pq)
		rc = q->provider->queue_destroy(q->pq);
	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_process_destroy",
			      "%s 0x%x is still in use (%s): left to the device", object_name(q->kind), q->number,
			      strerror(-rc));
	else if (q->pd)
		q->provider->pd_release(q->pd);
	pthread_mutex_destroy(&q->lock);
}

struct ibv_context *queue_context(struct process *process, struct ibv_context *ibv_ctx, bool cross, const char *func)
{
	if (!ibv_ctx && !cross)
		return process->ibv_ctx;
	if (!ibv_ctx) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "ibv_ctx is NULL: a cross-device queue needs another device's");
		return NULL;
	}
	if (!process->provider->serves(ibv_ctx)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "ibv_ctx %p is not an open device of the %s provider",
			      (void *)ibv_ctx, process->provider->name);
		return NULL;
	}
	if (cross && ibv_ctx->device == process->ibv_ctx->device) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "ibv_ctx %p is a context of process \"%s\"'s own device (%s): a cross-device queue needs "
			      "another device",
			      (void *)ibv_ctx, process->name, ibv_ctx->device->name);
		return NULL;
	}
	return ibv_ctx;
}

bool queue_qmem_valid(const struct flexio_qmem *qmem, const char *what, const char *func)
{
	if (qmem->memtype == FLEXIO_MEMTYPE_DPA || qmem->memtype == FLEXIO_MEMTYPE_HOST)
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s.memtype %d is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST", what,
		      (int)qmem->memtype);
	return false;
}

bool queue_pd_hold(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx, struct ibv_pd *pd,
		   const char *what, const char *func)
{
	/* Holding it checks it too: a PD deallocated meanwhile is refused, and none can be while held. */
	if (pd && !provider->pd_hold(ibv_ctx, pd))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s %p is not a live protection domain of %s", what, (void *)pd,
		      ibv_ctx->device->name);
	return false;
}

bool queue_lock_live(struct queue *q, const void *handle, const char *func)
{
	pthread_mutex_lock(&q->lock);
	if (q->pq)
		return true;
	pthread_mutex_unlock(&q->lock);
	/* Destroyed by another thread since this call took its reference: the handle is closing. */
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, object_name(q->kind));
	return false;
}

void queue_unlock(struct queue *q)
{
	pthread_mutex_unlock(&q->lock);
}

bool queue_destroy_device(struct queue *q, const void *handle, const char *busy, const char *func)
{
	int rc;

	if (!queue_lock_live(q, handle, func))
		return false;
	rc = q->provider->queue_destroy(q->pq);
	if (!rc) {
		q->pq = NULL;
		if (q->pd)
			q->provider->pd_release(q->pd);
		q->pd = NULL;
	}
	queue_unlock(q);
	/* Transport domains and TISs are named by their handle: the API gives no number of theirs. */
	if (rc == -EBUSY && (q->kind == PROVIDER_OBJECT_TD || q->kind == PROVIDER_OBJECT_TIS))
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s %p is in use: %s", object_name(q->kind), handle, busy);
	else if (rc == -EBUSY)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s 0x%x is in use: %s", object_name(q->kind), q->number, busy);
	else if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot destroy %s 0x%x: %s", object_name(q->kind), q->number,
			      strerror(-rc));
	return !rc;
}

struct mlx5dv_devx_obj *devx_obj_once(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
				      _Atomic(struct mlx5dv_devx_obj *) *slot, enum provider_object_kind kind,
				      uint32_t number, const char *func)
{
	struct mlx5dv_devx_obj *obj = atomic_load(slot), *made;

	if (obj)
		return obj;
	made = provider->devx_obj_create(ibv_ctx, kind, number);
	if (!made) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s has no DEVX object for %s 0x%x", ibv_ctx->device->name,
			      object_name(kind), number);
		return NULL;
	}
	/* Of two first requests one object stays, the other is released. */
	if (atomic_compare_exchange_strong(slot, &obj, made))
		return made;
	provider->devx_obj_release(made);
	return obj;
}

void queue_child_hold(struct process *process, struct queue_child *qc, unsigned at, enum handle_kind kind,
		      struct ibv_device *ibv_device, uint32_t number)
{
	struct queue_child *found = NULL;

	pthread_mutex_lock(&process->children_lock);
	for (struct process_child *c = process->children; c && !found; c = c->next) {
		struct queue_child *other = (struct queue_child *)c;

		/* A closed one is being destroyed: the provider refuses its number or it is gone. */
		if (c->handle.kind == kind && other->q.number == number && other->q.ibv_device == ibv_device)
			found = handle_try_get(handle_of(&c->handle), kind);
	}
	pthread_mutex_unlock(&process->children_lock);
	qc->held[at] = found;
}

void *queue_child_open(struct process *process, struct queue_child *qc, enum handle_kind kind,
		       void (*on_free)(struct process_child *child), const char *func)
{
	void *handle = process_child_open(process, &qc->child, kind, NULL, on_free, func);

	if (!handle)
		on_free(&qc->child);
	return handle;
}

void queue_child_drop(struct queue_child *qc)
{
	for (unsigned i = 0; qc && i < QUEUE_HELD_MAX; i++)
		if (qc->held[i])
			handle_put(&qc->held[i]->child.handle);
	free(qc);
}

void queue_child_free(struct queue_child *qc)
{
	queue_fini(&qc->q);
	queue_child_drop(qc);
}

void queue_child_on_free(struct process_child *child)
{
	queue_child_free((struct queue_child *)child);
}

flexio_status queue_child_destroy(const void *handle, enum handle_kind kind, const char *busy, const char *func)
{
	struct queue_child *qc = handle_get(handle, kind, func);

	if (!qc)
		return FLEXIO_STATUS_FAILED;
	if (!queue_destroy_device(&qc->q, handle, busy, func)) {
		handle_put(&qc->child.handle);
		return FLEXIO_STATUS_FAILED;
	}
	return process_child_destroy_held(&qc->child, func);
}
