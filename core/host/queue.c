/* What the queue families share (queue.h): device queues, their destroy, common checks. */
#include "queue.h"

#include "log.h"

#include <infiniband/verbs.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *queue_kind_name(enum queue_kind kind)
{
	switch (kind) {
	case QUEUE_CQ:
		return "CQ";
	case QUEUE_SQ:
		return "SQ";
	case QUEUE_RQ:
		return "RQ";
	case QUEUE_RMP:
		return "RMP";
	case QUEUE_QP:
		return "QP";
	case QUEUE_TD:
		return "transport domain";
	case QUEUE_TIS:
		return "TIS";
	}
	return "object";
}

void queue_init(struct queue *q, const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
		enum queue_kind kind, struct mlx5dv_devx_obj *obj, uint32_t number, struct ibv_pd *pd,
		struct mlx5dv_devx_obj *const *made)
{
	q->provider = provider;
	q->ibv_ctx = ibv_ctx;
	q->ibv_device = ibv_ctx->device;
	q->kind = kind;
	q->number = number;
	pthread_mutex_init(&q->lock, NULL);
	q->obj = obj;
	for (size_t i = 0; i < QUEUE_MADE_MAX; i++)
		q->made[i] = made ? made[i] : NULL;
	q->pd = pd;
}

void queue_made_destroy(const struct flexio_provider_ops *provider, struct mlx5dv_devx_obj *const *made, size_t count)
{
	char err[DEVX_ERROR_MAX];

	/* Made for a queue that is gone (or was never made): nothing else uses them. */
	for (size_t i = 0; i < count; i++)
		if (made[i])
			(void)devx_destroy(provider, made[i], "object made for a queue", err);
}

/* Destroys the queue's objects (lock held, obj still there): 0, or -errno (err says why) with
 * the queue left whole. Users go first: an RQ's TIR names the RQ, which is then not destroyed
 * while the TIR cannot be. */
static int destroy_objects(struct queue *q, char *err)
{
	int rc = 0;

	if (q->kind == QUEUE_RQ && q->made[0]) {
		rc = devx_destroy(q->provider, q->made[0], "RQ's TIR", err);
		if (!rc)
			q->made[0] = NULL;
	}
	if (!rc)
		rc = devx_destroy(q->provider, q->obj, queue_kind_name(q->kind), err);
	if (rc)
		return rc;
	q->obj = NULL;
	queue_made_destroy(q->provider, q->made, QUEUE_MADE_MAX);
	memset(q->made, 0, sizeof(q->made));
	if (q->pd)
		q->provider->pd_release(q->pd);
	q->pd = NULL;
	return 0;
}

void queue_fini(struct queue *q)
{
	char err[DEVX_ERROR_MAX];
	int rc = 0;

	/* Still there: its process is being destroyed (a destroy call destroys it before). */
	if (q->obj)
		rc = destroy_objects(q, err);
	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_process_destroy",
			      "%s 0x%x is still in use (%s): left to the device", queue_kind_name(q->kind), q->number,
			      err);
	pthread_mutex_destroy(&q->lock);
}

bool queue_caps(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx, struct devx_caps *caps,
		const char *func)
{
	char err[DEVX_ERROR_MAX];

	if (!devx_query_caps(provider, ibv_ctx, caps, err))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot read the limits of %s: %s", ibv_ctx->device->name, err);
	return false;
}

bool queue_mem(struct process *process, const struct flexio_qmem *qmem, uint64_t offset, unsigned align,
	       const char *what, struct devx_mem *mem, const char *func)
{
	if (qmem->memtype == FLEXIO_MEMTYPE_DPA)
		*mem = (struct devx_mem){ .umem_id = process->provider->dumem_id(process->device),
					  .offset = qmem->daddr + offset };
	else
		*mem = (struct devx_mem){ .umem_id = qmem->umem_id, .offset = qmem->humem_offset + offset };
	if (!(mem->offset % align))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s: 0x%llx is not %u-byte aligned, as the NIC needs", what,
		      (unsigned long long)mem->offset, align);
	return false;
}

bool queue_pdn(const struct flexio_provider_ops *provider, struct ibv_pd *pd, uint32_t *pdn, const char *func)
{
	char err[DEVX_ERROR_MAX];

	if (!devx_pdn(provider, pd, pdn, err))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s", err);
	return false;
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
	if (q->obj)
		return true;
	pthread_mutex_unlock(&q->lock);
	/* Destroyed by another thread since this call took its reference: the handle is closing. */
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, queue_kind_name(q->kind));
	return false;
}

void queue_unlock(struct queue *q)
{
	pthread_mutex_unlock(&q->lock);
}

bool queue_destroy_device(struct queue *q, const void *handle, const char *busy, const char *func)
{
	char err[DEVX_ERROR_MAX];
	int rc;

	if (!queue_lock_live(q, handle, func))
		return false;
	rc = destroy_objects(q, err);
	queue_unlock(q);
	/* Transport domains and TISs are named by their handle: the API gives no number of theirs. */
	if (rc == -EBUSY && (q->kind == QUEUE_TD || q->kind == QUEUE_TIS))
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s %p is in use: %s", queue_kind_name(q->kind), handle, busy);
	else if (rc == -EBUSY)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s 0x%x is in use: %s", queue_kind_name(q->kind), q->number,
			      busy);
	else if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot destroy %s 0x%x: %s", queue_kind_name(q->kind),
			      q->number, err);
	return !rc;
}

struct mlx5dv_devx_obj *queue_object(struct queue *q, const void *handle, unsigned made, const char *func)
{
	struct mlx5dv_devx_obj *obj = NULL;

	if (queue_lock_live(q, handle, func)) {
		obj = made < QUEUE_MADE_MAX ? q->made[made] : q->obj;
		queue_unlock(q);
	}
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
