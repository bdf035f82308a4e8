/*
 * Completion queues (flexio_cq_*): a ring of CQEs in DPA or host memory (flexio_qmem) and a
 * doorbell record in DPA memory, on the process's device or another one, reporting to a DPA
 * thread (an event handler, run when the armed CQ gets a completion), an EQ, or nothing (the
 * host polls). The caller's flexio_cq_attr is read in its release's layout (layouts.h); the
 * provider gets the current one, with the event handler's thread resolved to its own.
 */
#include "queue.h"

#include "layouts.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

static const char cq_busy[] = "work queues or QPs report to it";

/* limits: the device's (its provider's log_max_cq_size). */
static bool cq_args_valid(const struct cq_args *a, const struct flexio_provider_ops *limits, const char *func)
{
	if (a->log_cq_depth > limits->log_max_cq_size) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->log_cq_depth %u is more than %u", a->log_cq_depth,
			      limits->log_max_cq_size);
		return false;
	}
	switch (a->element_type) {
	case FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD:
	case FLEXIO_CQ_ELEMENT_TYPE_EXT_EQ:
	case FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ:
	case FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ:
		break;
	default:
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->element_type %u is not FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD, _EXT_EQ, _NON_DPA_CQ "
			      "or _DPA_MSIX_EMULATED_CQ",
			      a->element_type);
		return false;
	}
	if (a->cqe_comp_type != FLEXIO_CQE_COMP_NONE && a->cqe_comp_type != FLEXIO_CQE_COMP_BASIC &&
	    a->cqe_comp_type != FLEXIO_CQE_COMP_ENH) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->cqe_comp_type %d is not FLEXIO_CQE_COMP_NONE, _BASIC or _ENH", a->cqe_comp_type);
		return false;
	}
	if (a->cqe_comp_format != FLEXIO_CQE_COMP_FORMAT_HASH && a->cqe_comp_format != FLEXIO_CQE_COMP_FORMAT_CSUM &&
	    a->cqe_comp_format != FLEXIO_CQE_COMP_FORMAT_CSUM_STRIDX) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->cqe_comp_format %d is not FLEXIO_CQE_COMP_FORMAT_HASH, _CSUM or _CSUM_STRIDX",
			      a->cqe_comp_format);
		return false;
	}
	if (a->cq_period_mode != FLEXIO_CQ_PERIOD_MODE_EVENT && a->cq_period_mode != FLEXIO_CQ_PERIOD_MODE_CQE) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->cq_period_mode %d is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE", a->cq_period_mode);
		return false;
	}
	return queue_qmem_valid(&a->cq_ring_qmem, "fattr->cq_ring_qmem", func);
}

/* The event handler whose thread fattr->thread names, held (event_handler_put); NULL logged. */
static struct event_handler *cq_thread(struct process *process, const struct cq_args *a, const char *func)
{
	struct event_handler *eh;

	if (!a->thread) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->thread is NULL (element type DPA_THREAD)");
		return NULL;
	}
	/* flexio_event_handler_get_thread names a handler's thread by the handler's handle. */
	eh = handle_try_get(a->thread, HANDLE_EVENT_HANDLER);
	if (eh && ((struct process_child *)eh)->process == process)
		return eh;
	if (eh)
		event_handler_put(eh);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
		      "fattr->thread %p is not the thread of a live event handler of process \"%s\"", (void *)a->thread,
		      process->name);
	return NULL;
}

static flexio_status cq_create(struct process *process, struct ibv_context *ibv_ctx, const void *fattr,
			       flexio_cq **cq_ptr, const char *func)
{
	struct provider_queue_refs refs = { 0 };
	char err[PROVIDER_ERROR_MAX] = "";
	struct provider_queue_info info = { 0 };
	struct event_handler *eh = NULL;
	struct queue_child *cq = NULL;
	struct provider_queue *pq;
	struct flexio_cq_attr attr;
	struct cq_args a;
	void *handle;

	layouts_cq_attr(fattr, &a);
	if (!cq_args_valid(&a, process->provider, func))
		return FLEXIO_STATUS_FAILED;
	ibv_ctx = queue_context(process, ibv_ctx, false, func);
	if (!ibv_ctx)
		return FLEXIO_STATUS_FAILED;
	if (a.element_type == FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD) {
		eh = cq_thread(process, &a, func);
		if (!eh)
			return FLEXIO_STATUS_FAILED;
		refs.thread = event_handler_thread(eh);
	}
	if (process_stopped(process, func))
		goto fail;
	cq = calloc(1, sizeof(*cq));
	if (!cq) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		goto fail;
	}
	/* The current layout, the thread given in refs. */
	attr = (struct flexio_cq_attr){ .log_cq_depth = a.log_cq_depth,
					.element_type = a.element_type,
					.uar_id = a.uar_id,
					.uar_base_addr = a.uar_base_addr,
					.cqe_comp_type = (enum flexio_cqe_comp_type)a.cqe_comp_type,
					.cq_period_mode = (enum flexio_cq_period_mode)a.cq_period_mode,
					.cq_period = a.cq_period,
					.cq_max_count = a.cq_max_count,
					.no_arm = a.no_arm,
					.cc = a.cc,
					.overrun_ignore = a.overrun_ignore,
					.always_armed = a.always_armed,
					.cq_ring_qmem = a.cq_ring_qmem,
					.cq_dbr_daddr = a.cq_dbr_daddr,
					.cqe_comp_format = (enum flexio_cqe_comp_format)a.cqe_comp_format };
	if (a.element_type != FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD)
		attr.emulated_eqn = a.emulated_eqn;
	pq = process->provider->cq_create(process->device, ibv_ctx, &attr, &refs, &info, err, sizeof(err));
	if (eh)
		event_handler_put(eh);
	eh = NULL;
	if (!pq) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a CQ: %s", process->name, err);
		goto fail;
	}
	queue_init(&cq->q, process->provider, ibv_ctx, PROVIDER_OBJECT_CQ, pq, info.number, NULL);
	handle = queue_child_open(process, cq, HANDLE_CQ, queue_child_on_free, func);
	if (!handle)
		return FLEXIO_STATUS_FAILED;
	*cq_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
fail:
	if (eh)
		event_handler_put(eh);
	free(cq);
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_cq_create(flexio_process *handle, struct ibv_context *ibv_ctx,
					     const struct flexio_cq_attr *fattr, flexio_cq **cq)
{
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;

	if (cq)
		*cq = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !cq)
		flexio_err("%s is NULL", fattr ? "cq" : "fattr");
	else
		status = cq_create(process, ibv_ctx, fattr, cq, __func__);
	process_put(process);
	return status;
}

/* A CQ that work queues or QPs still report to is not destroyed: its handle stays valid. */
FLEXIO_STABLE flexio_status flexio_cq_destroy(flexio_cq *cq)
{
	return queue_child_destroy(cq, HANDLE_CQ, cq_busy, __func__);
}

FLEXIO_STABLE flexio_status flexio_cq_modify_moderation(flexio_cq *handle, uint16_t max_count, uint16_t period,
							uint16_t mode)
{
	struct queue_child *cq = handle_get(handle, HANDLE_CQ, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	int rc;

	if (!cq)
		return FLEXIO_STATUS_FAILED;
	if (mode != FLEXIO_CQ_PERIOD_MODE_EVENT && mode != FLEXIO_CQ_PERIOD_MODE_CQE) {
		flexio_err("mode %u is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE", mode);
	} else if (queue_lock_live(&cq->q, handle, __func__)) {
		rc = cq->q.provider->cq_moderation_set(cq->q.pq, max_count, period, (enum flexio_cq_period_mode)mode);
		queue_unlock(&cq->q);
		if (rc)
			flexio_err("CQ 0x%x: cannot change its moderation: %s", cq->q.number, strerror(-rc));
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	handle_put(&cq->child.handle);
	return status;
}

FLEXIO_STABLE flexio_status flexio_cq_query_moderation(flexio_cq *handle, uint16_t *max_count, uint16_t *period,
						       uint16_t *mode)
{
	struct queue_child *cq = handle_get(handle, HANDLE_CQ, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	int rc;

	if (!cq)
		return FLEXIO_STATUS_FAILED;
	if (!max_count || !period || !mode) {
		flexio_err("%s is NULL", !max_count ? "max_count" : !period ? "period" : "mode");
	} else if (queue_lock_live(&cq->q, handle, __func__)) {
		rc = cq->q.provider->cq_moderation_get(cq->q.pq, max_count, period, mode);
		queue_unlock(&cq->q);
		if (rc)
			flexio_err("CQ 0x%x: cannot read its moderation: %s", cq->q.number, strerror(-rc));
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	handle_put(&cq->child.handle);
	return status;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_cq_get_cq_num(flexio_cq *cq)
{
	return handle_read_u32(cq, HANDLE_CQ, offsetof(struct queue_child, q.number), __func__);
}

/* Made on first request; released with the CQ. */
FLEXIO_STABLE struct mlx5dv_devx_obj *flexio_cq_get_obj(flexio_cq *handle)
{
	struct queue_child *cq = handle_get(handle, HANDLE_CQ, __func__);
	struct mlx5dv_devx_obj *obj;

	if (!cq)
		return NULL;
	obj = devx_obj_once(cq->q.provider, cq->q.ibv_ctx, &cq->q.obj, PROVIDER_OBJECT_CQ, cq->q.number, __func__);
	handle_put(&cq->child.handle);
	return obj;
}
