/*
 * Completion queues (flexio_cq_*): a ring of CQEs in DPA or host memory (flexio_qmem) and a
 * doorbell record in DPA memory, on the process's device or another one, reporting to a DPA
 * thread (an event handler, run when the armed CQ gets a completion), an EQ, or nothing (the
 * host polls). The caller's flexio_cq_attr is read in its release's layout (layouts.h) and made
 * a CREATE_CQ command (devx_cmds.h): the thread is apu_cq's element, named by its id; the CQ
 * is the process's to arm (uar_page: the process UAR).
 */
#include "queue.h"

#include "mlx5_prm.h"
#include "layouts.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

static const char cq_busy[] = "work queues or QPs report to it";

/* The longest moderation period a CQ context holds (cqc.cq_period: 12 bits of microseconds). */
#define CQ_PERIOD_MAX 4095u

/* The depth against the limits of ibv_ctx's device (QUERY_HCA_CAP). */
static bool cq_depth_valid(const struct flexio_provider_ops *provider, const struct cq_args *a,
			   struct ibv_context *ibv_ctx, const char *func)
{
	struct devx_caps limits;

	if (!queue_caps(provider, ibv_ctx, &limits, func))
		return false;
	if (a->log_cq_depth <= limits.log_max_cq_size)
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->log_cq_depth %u is more than %u", a->log_cq_depth,
		      limits.log_max_cq_size);
	return false;
}

static bool cq_args_valid(const struct cq_args *a, const char *func)
{
	if (a->cq_period > CQ_PERIOD_MAX) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->cq_period %u is more than %u microseconds (a CQ's 12 bits)", a->cq_period,
			      CQ_PERIOD_MAX);
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

/* The CREATE_CQ of the checked arguments (eh: the event handler of a DPA_THREAD CQ, held). */
static bool cq_command(struct process *process, struct ibv_context *ibv_ctx, const struct cq_args *a,
		       struct event_handler *eh, struct devx_cq_attr *attr, const char *func)
{
	static const uint8_t formats[] = {
		[FLEXIO_CQE_COMP_FORMAT_HASH] = MLX5_CQE_RESP_FORMAT_HASH,
		[FLEXIO_CQE_COMP_FORMAT_CSUM] = MLX5_CQE_RESP_FORMAT_CSUM,
		[FLEXIO_CQE_COMP_FORMAT_CSUM_STRIDX] = MLX5_CQE_RESP_FORMAT_CSUM_STRIDX,
	};
	struct flexio_qmem dbr = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = a->cq_dbr_daddr };

	*attr = (struct devx_cq_attr){
		.log_size = a->log_cq_depth,
		.uar_page = uar_page_on(process, ibv_ctx),
		.dpa_thread = eh != NULL,
		/* An EQ (an external one, an emulated function's MSI-X vector), or none: polled. */
		.element = eh ? process->provider->thread_id(event_handler_thread(eh))
			   : a->element_type == FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ ? 0
										  : a->emulated_eqn,
		.armed = !a->no_arm,
		.always_armed = a->always_armed != 0,
		.overrun_ignore = a->overrun_ignore != 0,
		.collapsed = a->cc,
		.compress = a->cqe_comp_type != FLEXIO_CQE_COMP_NONE,
		.comp_format = formats[a->cqe_comp_format],
		.period = a->cq_period,
		.max_count = a->cq_max_count,
		.period_mode = a->cq_period_mode == FLEXIO_CQ_PERIOD_MODE_CQE ? MLX5_CQ_PERIOD_MODE_START_FROM_CQE
									      : MLX5_CQ_PERIOD_MODE_START_FROM_EQE,
	};
	return queue_mem(process, &a->cq_ring_qmem, 0, 64, "cq_ring_qmem", &attr->ring, func) &&
	       queue_mem(process, &dbr, 0, 8, "cq_dbr_daddr", &attr->dbr, func);
}

static flexio_status cq_create(struct process *process, struct ibv_context *ibv_ctx, const void *fattr,
			       flexio_cq **cq_ptr, const char *func)
{
	char err[DEVX_ERROR_MAX] = "";
	struct event_handler *eh = NULL;
	struct queue_child *cq = NULL;
	struct mlx5dv_devx_obj *obj;
	struct devx_cq_attr attr;
	struct cq_args a;
	uint32_t cqn;
	void *handle;

	layouts_cq_attr(fattr, &a);
	if (!cq_args_valid(&a, func))
		return FLEXIO_STATUS_FAILED;
	ibv_ctx = queue_context(process, ibv_ctx, false, func);
	if (!ibv_ctx || !cq_depth_valid(process->provider, &a, ibv_ctx, func))
		return FLEXIO_STATUS_FAILED;
	if (a.element_type == FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD) {
		eh = cq_thread(process, &a, func);
		if (!eh)
			return FLEXIO_STATUS_FAILED;
	}
	if (process_stopped(process, func) || !cq_command(process, ibv_ctx, &a, eh, &attr, func))
		goto fail;
	cq = calloc(1, sizeof(*cq));
	if (!cq) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		goto fail;
	}
	/* The handler is held while the command names its thread: the device holds it after. */
	obj = devx_cq_create(process->provider, ibv_ctx, &attr, &cqn, err);
	if (eh)
		event_handler_put(eh);
	eh = NULL;
	if (!obj) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a CQ: %s", process->name, err);
		goto fail;
	}
	queue_init(&cq->q, process->provider, ibv_ctx, QUEUE_CQ, obj, cqn, NULL, NULL);
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
	char err[DEVX_ERROR_MAX];
	int rc;

	if (!cq)
		return FLEXIO_STATUS_FAILED;
	if (mode != FLEXIO_CQ_PERIOD_MODE_EVENT && mode != FLEXIO_CQ_PERIOD_MODE_CQE) {
		flexio_err("mode %u is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE", mode);
	} else if (period > CQ_PERIOD_MAX) {
		flexio_err("period %u is more than %u microseconds (a CQ's 12 bits)", period, CQ_PERIOD_MAX);
	} else if (queue_lock_live(&cq->q, handle, __func__)) {
		rc = devx_cq_moderate(cq->q.provider, cq->q.obj, cq->q.number, max_count, period,
				      mode == FLEXIO_CQ_PERIOD_MODE_CQE ? MLX5_CQ_PERIOD_MODE_START_FROM_CQE
									: MLX5_CQ_PERIOD_MODE_START_FROM_EQE,
				      err);
		queue_unlock(&cq->q);
		if (rc)
			flexio_err("CQ 0x%x: cannot change its moderation: %s", cq->q.number, err);
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
	char err[DEVX_ERROR_MAX];
	uint8_t period_mode;
	int rc;

	if (!cq)
		return FLEXIO_STATUS_FAILED;
	if (!max_count || !period || !mode) {
		flexio_err("%s is NULL", !max_count ? "max_count" : !period ? "period" : "mode");
	} else if (queue_lock_live(&cq->q, handle, __func__)) {
		rc = devx_cq_moderation(cq->q.provider, cq->q.obj, cq->q.number, max_count, period, &period_mode, err);
		queue_unlock(&cq->q);
		if (rc) {
			flexio_err("CQ 0x%x: cannot read its moderation: %s", cq->q.number, err);
		} else {
			*mode = period_mode == MLX5_CQ_PERIOD_MODE_START_FROM_CQE ? FLEXIO_CQ_PERIOD_MODE_CQE
										  : FLEXIO_CQ_PERIOD_MODE_EVENT;
			status = FLEXIO_STATUS_SUCCESS;
		}
	}
	handle_put(&cq->child.handle);
	return status;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_cq_get_cq_num(flexio_cq *cq)
{
	return handle_read_u32(cq, HANDLE_CQ, offsetof(struct queue_child, q.number), __func__);
}

/* The CQ's own DEVX object (its CREATE_CQ's), destroyed with it. */
FLEXIO_STABLE struct mlx5dv_devx_obj *flexio_cq_get_obj(flexio_cq *handle)
{
	struct queue_child *cq = handle_get(handle, HANDLE_CQ, __func__);
	struct mlx5dv_devx_obj *obj;

	if (!cq)
		return NULL;
	obj = queue_object(&cq->q, handle, QUEUE_MADE_MAX, __func__);
	handle_put(&cq->child.handle);
	return obj;
}
