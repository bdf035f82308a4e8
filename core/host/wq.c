/*
 * Work queues: send queues (flexio_sq_*), receive queues (flexio_rq_*) and RMPs (flexio_rmp_*,
 * receive rings QPs share), with their rings and doorbell records in DPA or host memory
 * (flexio_qmem), on the process's device or another one (the _cross_dev variants). An SQ sends
 * through a TIS (fattr->sq.tis, or one made with it), an RQ receives through a TIR made with it
 * in a transport domain (fattr->rq.td, or one made with it). The caller's flexio_wq_attr is read
 * in its release's layout (layouts.h: 24.01's has no tis or td) and made DEVX commands
 * (devx_cmds.h): an SQ is CREATE_SQ (after ALLOC_TRANSPORT_DOMAIN and CREATE_TIS when it has no
 * TIS) and MODIFY_SQ to RDY; an RQ CREATE_RQ (after ALLOC_TRANSPORT_DOMAIN when it has no TD),
 * CREATE_TIR and MODIFY_RQ to RDY; an RMP CREATE_RMP. The objects made for a queue are
 * destroyed with it.
 */
#include "queue.h"

#include "mlx5_prm.h"
#include "layouts.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

/* Receive WQEs of 2^4 (one data segment) .. 2^10 bytes; 0 means 4. */
#define RQ_LOG_STRIDE_MIN 4
/* Send WQEs of 64-byte WQEBBs. */
#define LOG_WQEBB 6
#define RQ_LOG_STRIDE_MAX 10
#define LL_LOG_STRIDE_MIN 5

/* What is made for an RQ (queue.made): its TIR, then the TD made when fattr->rq.td is NULL; for an
 * SQ its TIS, then the TD made with it when fattr->sq.tis is NULL. */
enum {
	MADE_USER, /* the TIR, the TIS */
	MADE_TD,
};

enum wq_kind {
	WQ_SQ,
	WQ_RQ,
	WQ_RMP
};

static const struct {
	const char *name;
	enum handle_kind handle;
	enum queue_kind queue;
	const char *busy; /* what may still use it (the device's EBUSY) */
} wq_kinds[] = {
	[WQ_SQ] = { "an SQ", HANDLE_SQ, QUEUE_SQ, "the device still uses it" },
	[WQ_RQ] = { "an RQ", HANDLE_RQ, QUEUE_RQ, "its TIR is in use" },
	[WQ_RMP] = { "an RMP", HANDLE_RMP, QUEUE_RMP, "QPs receive from it" },
};

/* The depth against the limits of ibv_ctx's device (QUERY_HCA_CAP). */
static bool wq_depth_valid(const struct flexio_provider_ops *provider, const struct wq_args *a,
			   struct ibv_context *ibv_ctx, const char *func)
{
	struct devx_caps limits;

	if (!queue_caps(provider, ibv_ctx, &limits, func))
		return false;
	if (a->log_wq_depth <= limits.log_max_wq_size)
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->log_wq_depth %u is more than %u", a->log_wq_depth,
		      limits.log_max_wq_size);
	return false;
}

static bool wq_args_valid(const struct wq_args *a, enum wq_kind kind, const char *func)
{
	/* SQs take WQEBBs of 64 bytes whatever log_wq_stride says. */
	if (kind != WQ_SQ) {
		unsigned log_stride = a->log_wq_stride ? a->log_wq_stride : RQ_LOG_STRIDE_MIN;

		if (log_stride < RQ_LOG_STRIDE_MIN || log_stride > RQ_LOG_STRIDE_MAX) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
				      "fattr->log_wq_stride %u is not 0 (the default, %d) or %d..%d", a->log_wq_stride,
				      RQ_LOG_STRIDE_MIN, RQ_LOG_STRIDE_MIN, RQ_LOG_STRIDE_MAX);
			return false;
		}
		if (a->wq_type != FLEXIO_WQ_TYPE_LINKED_LIST && a->wq_type != FLEXIO_WQ_TYPE_CYCLIC) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
				      "fattr->rq.wq_type %d is not FLEXIO_WQ_TYPE_LINKED_LIST or _CYCLIC", a->wq_type);
			return false;
		}
		/* A linked-list WQE starts with its next segment: a data segment needs 32 bytes. (An
		 * RQ with smaller WQEs is cyclic: rq_ring_type.) */
		if (kind == WQ_RMP && a->wq_type == FLEXIO_WQ_TYPE_LINKED_LIST && log_stride < LL_LOG_STRIDE_MIN) {
			flexio_log_at(
				FLEXIO_LOG_LVL_ERR, func,
				"fattr->log_wq_stride %u: a linked-list WQE needs at least %d (its next segment and "
				"a data segment)",
				a->log_wq_stride, LL_LOG_STRIDE_MIN);
			return false;
		}
		if (a->end_pad_mode != FLEXIO_WQ_END_PAD_NONE && a->end_pad_mode != FLEXIO_WQ_END_PAD_ALIGN) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
				      "fattr->rq.end_pad_mode %d is not FLEXIO_WQ_END_PAD_NONE or _ALIGN",
				      a->end_pad_mode);
			return false;
		}
	}
	return queue_qmem_valid(&a->wq_ring_qmem, "fattr->wq_ring_qmem", func) &&
	       queue_qmem_valid(&a->wq_dbr_qmem, "fattr->wq_dbr_qmem", func);
}

/*
 * The TIS (SQ) or TD (RQ) the attributes name, held and locked, so that it is not destroyed
 * while the queue is made with it (queue_object_release after); NULL when none is named (*ok
 * true), or when the handle is bad (*ok false, logged).
 */
static struct queue_object *wq_transport(const struct wq_args *a, enum wq_kind kind, struct ibv_context *ibv_ctx,
					 bool *ok, const char *func)
{
	const void *handle = kind == WQ_SQ ? (const void *)a->tis : kind == WQ_RQ ? (const void *)a->td : NULL;
	enum handle_kind hk = kind == WQ_SQ ? HANDLE_SQ_TIS : HANDLE_TRANSPORT_DOMAIN;
	const char *field = kind == WQ_SQ ? "fattr->sq.tis" : "fattr->rq.td";
	struct queue_object *t;

	*ok = true;
	if (!handle)
		return NULL;
	*ok = false;
	t = handle_try_get(handle, hk);
	if (!t) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s %p is not a live %s", field, handle, handle_kind_name(hk));
		return NULL;
	}
	if (t->q.ibv_device != ibv_ctx->device) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s %p is a %s of %s, not of the queue's device %s", field,
			      handle, handle_kind_name(hk), t->q.ibv_device->name, ibv_ctx->device->name);
		handle_put(&t->handle);
		return NULL;
	}
	if (queue_lock_live(&t->q, handle, func)) {
		*ok = true;
		return t;
	}
	handle_put(&t->handle);
	return NULL;
}

static void queue_object_release(struct queue_object *t)
{
	if (!t)
		return;
	queue_unlock(&t->q);
	handle_put(&t->handle);
}

/*
 * The ring type of an RQ. NVIDIA 24.01 documents the union's RQ part as used for RMPs only, and
 * its samples create RQs leaving wq_type 0 (LINKED_LIST) and the stride at its default over
 * 16-byte cyclic WQEs: such an RQ is cyclic. An RQ asked to be a linked list with WQEs that
 * have room for the next segment (log_wq_stride >= 5) is one.
 */
static enum flexio_wq_type rq_ring_type(const struct wq_args *a)
{
	return a->wq_type == FLEXIO_WQ_TYPE_LINKED_LIST && a->log_wq_stride >= LL_LOG_STRIDE_MIN
		       ? FLEXIO_WQ_TYPE_LINKED_LIST
		       : FLEXIO_WQ_TYPE_CYCLIC;
}

/* An SQ through the TIS given, or through a TIS made with it in a transport domain made with it
 * (made[]); in RDY. NULL with the reason in err. */
static struct mlx5dv_devx_obj *sq_device_create(const struct flexio_provider_ops *p, struct ibv_context *ibv_ctx,
						struct devx_wq_attr *attr, struct queue_object *tis, uint32_t *sqn,
						struct mlx5dv_devx_obj **made, char *err)
{
	struct mlx5dv_devx_obj *sq;
	uint32_t tdn;

	if (tis)
		attr->tisn = tis->q.number;
	else if (!(made[MADE_TD] = devx_td_alloc(p, ibv_ctx, &tdn, err)) ||
		 !(made[MADE_USER] = devx_tis_create(p, ibv_ctx, tdn, &attr->tisn, err)))
		return NULL;
	sq = devx_sq_create(p, ibv_ctx, attr, sqn, err);
	if (sq && devx_sq_modify(p, sq, *sqn, MLX5_WQ_STATE_RST, MLX5_WQ_STATE_RDY, err)) {
		queue_made_destroy(p, &sq, 1);
		return NULL;
	}
	return sq;
}

/* An RQ and its TIR (made[]), in the transport domain given or in one made with it (made[]); in
 * RDY. NULL with the reason in err. */
static struct mlx5dv_devx_obj *rq_device_create(const struct flexio_provider_ops *p, struct ibv_context *ibv_ctx,
						const struct devx_wq_attr *attr, struct queue_object *td, uint32_t *rqn,
						struct mlx5dv_devx_obj **made, char *err)
{
	struct mlx5dv_devx_obj *rq;
	uint32_t tdn, tirn;

	if (td)
		tdn = td->q.number;
	else if (!(made[MADE_TD] = devx_td_alloc(p, ibv_ctx, &tdn, err)))
		return NULL;
	rq = devx_rq_create(p, ibv_ctx, attr, rqn, err);
	if (!rq)
		return NULL;
	made[MADE_USER] = devx_tir_create(p, ibv_ctx, tdn, *rqn, &tirn, err);
	if (made[MADE_USER] && !devx_rq_modify(p, rq, *rqn, MLX5_WQ_STATE_RST, MLX5_WQ_STATE_RDY, err))
		return rq;
	queue_made_destroy(p, made, 1); /* the TIR, which names the RQ, first */
	made[MADE_USER] = NULL;
	queue_made_destroy(p, &rq, 1);
	return NULL;
}

/* The work queue of kind for the checked arguments (cq_num: SQ and RQ; transport: its TIS or TD,
 * held and locked, or NULL): its DEVX object and number, and what was made for it in made[];
 * NULL with the reason in err (or logged, err left empty). */
static struct mlx5dv_devx_obj *wq_device_create(struct process *process, struct ibv_context *ibv_ctx, enum wq_kind kind,
						uint32_t cq_num, const struct wq_args *a,
						struct queue_object *transport, uint32_t *number,
						struct mlx5dv_devx_obj **made, char *err, const char *func)
{
	unsigned log_stride = a->log_wq_stride ? a->log_wq_stride : RQ_LOG_STRIDE_MIN;
	unsigned wq_type = kind == WQ_RQ ? (unsigned)rq_ring_type(a) : (unsigned)a->wq_type;
	struct devx_wq_attr attr = {
		.uar_page = uar_page_on(process, ibv_ctx),
		.user_index = a->user_index,
		.cqn = cq_num,
		.log_size = a->log_wq_depth,
		.log_stride = kind == WQ_SQ ? LOG_WQEBB : (uint8_t)log_stride,
		.wq_type = wq_type == FLEXIO_WQ_TYPE_LINKED_LIST ? MLX5_WQ_TYPE_LINKED_LIST : MLX5_WQ_TYPE_CYCLIC,
		.end_pad_mode = a->end_pad_mode == FLEXIO_WQ_END_PAD_ALIGN ? MLX5_WQ_END_PAD_MODE_ALIGN
									   : MLX5_WQ_END_PAD_MODE_NONE,
		.vlan_strip_disable = a->vlan_strip_disable,
		.allow_multi_pkt_send_wqe = a->allow_multi_pkt_send_wqe,
	};

	/* The rings: an SQ's of 64-byte WQEBBs; its doorbell record is not read (the doorbell
	 * carries the producer index); an RQ's record holds a 32-bit counter. */
	if (!queue_pdn(process->provider, a->pd, &attr.pdn, func) ||
	    !queue_mem(process, &a->wq_ring_qmem, 0, kind == WQ_SQ ? 64 : 1, "wq_ring_qmem", &attr.ring, func) ||
	    !queue_mem(process, &a->wq_dbr_qmem, 0, kind == WQ_SQ ? 1 : 4, "wq_dbr_qmem", &attr.dbr, func))
		return NULL;
	if (kind == WQ_SQ)
		return sq_device_create(process->provider, ibv_ctx, &attr, transport, number, made, err);
	if (kind == WQ_RQ)
		return rq_device_create(process->provider, ibv_ctx, &attr, transport, number, made, err);
	return devx_rmp_create(process->provider, ibv_ctx, &attr, number, err);
}

static flexio_status wq_create(struct process *process, struct ibv_context *ibv_ctx, bool cross, enum wq_kind kind,
			       uint32_t cq_num, const void *fattr, void **wq_ptr, const char *func)
{
	struct mlx5dv_devx_obj *obj = NULL, *made[QUEUE_MADE_MAX] = { NULL };
	char err[DEVX_ERROR_MAX] = "";
	struct queue_object *transport;
	struct queue_child *wq = NULL;
	struct wq_args a;
	uint32_t number;
	void *handle;
	bool ok;

	layouts_wq_attr(fattr, &a);
	if (!wq_args_valid(&a, kind, func))
		return FLEXIO_STATUS_FAILED;
	ibv_ctx = queue_context(process, ibv_ctx, cross, func);
	if (!ibv_ctx || !wq_depth_valid(process->provider, &a, ibv_ctx, func) ||
	    !queue_pd_hold(process->provider, ibv_ctx, a.pd, "fattr->pd", func))
		return FLEXIO_STATUS_FAILED;
	transport = wq_transport(&a, kind, ibv_ctx, &ok, func);
	if (ok && !process_stopped(process, func)) {
		wq = calloc(1, sizeof(*wq));
		if (!wq)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
	}
	if (wq) {
		if (kind != WQ_RMP)
			queue_child_hold(process, wq, 0, HANDLE_CQ, ibv_ctx->device, cq_num);
		obj = wq_device_create(process, ibv_ctx, kind, cq_num, &a, transport, &number, made, err, func);
		if (!obj && *err)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create %s: %s", process->name,
				      wq_kinds[kind].name, err);
	}
	queue_object_release(transport);
	if (!obj) {
		queue_made_destroy(process->provider, made, QUEUE_MADE_MAX);
		queue_child_drop(wq);
		process->provider->pd_release(a.pd);
		return FLEXIO_STATUS_FAILED;
	}
	queue_init(&wq->q, process->provider, ibv_ctx, wq_kinds[kind].queue, obj, number, a.pd, made);
	handle = queue_child_open(process, wq, wq_kinds[kind].handle, queue_child_on_free, func);
	if (!handle)
		return FLEXIO_STATUS_FAILED;
	*wq_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

/* Every create call: the checks of its pointers, then wq_create. */
static flexio_status wq_create_call(flexio_process *handle, struct ibv_context *ibv_ctx, bool cross, enum wq_kind kind,
				    uint32_t cq_num, const void *fattr, void **wq_ptr, const char *ptr_name,
				    const char *func)
{
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;

	if (wq_ptr)
		*wq_ptr = NULL;
	process = process_get(handle, func);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !wq_ptr)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", fattr ? ptr_name : "fattr");
	else
		status = wq_create(process, ibv_ctx, cross, kind, cq_num, fattr, wq_ptr, func);
	process_put(process);
	return status;
}

/* ---- send queues -------------------------------------------------------------------------- */

FLEXIO_STABLE flexio_status flexio_sq_create(flexio_process *process, struct ibv_context *ibv_ctx, uint32_t cq_num,
					     const struct flexio_wq_attr *fattr, flexio_sq **flexio_sq_ptr)
{
	return wq_create_call(process, ibv_ctx, false, WQ_SQ, cq_num, fattr, (void **)flexio_sq_ptr, "flexio_sq_ptr",
			      __func__);
}

FLEXIO_STABLE flexio_status flexio_sq_create_cross_dev(flexio_process *process, struct ibv_context *ibv_ctx,
						       uint32_t cq_num, const struct flexio_wq_attr *fattr,
						       flexio_sq **flexio_sq_ptr)
{
	return wq_create_call(process, ibv_ctx, true, WQ_SQ, cq_num, fattr, (void **)flexio_sq_ptr, "flexio_sq_ptr",
			      __func__);
}

FLEXIO_STABLE flexio_status flexio_sq_destroy(flexio_sq *flexio_sq)
{
	return queue_child_destroy(flexio_sq, HANDLE_SQ, wq_kinds[WQ_SQ].busy, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_sq_get_wq_num(flexio_sq *sq)
{
	return handle_read_u32(sq, HANDLE_SQ, offsetof(struct queue_child, q.number), __func__);
}

/* ---- receive queues ----------------------------------------------------------------------- */

FLEXIO_STABLE flexio_status flexio_rq_create(flexio_process *process, struct ibv_context *ibv_ctx, uint32_t cq_num,
					     const struct flexio_wq_attr *fattr, flexio_rq **flexio_rq_ptr)
{
	return wq_create_call(process, ibv_ctx, false, WQ_RQ, cq_num, fattr, (void **)flexio_rq_ptr, "flexio_rq_ptr",
			      __func__);
}

FLEXIO_STABLE flexio_status flexio_rq_create_cross_dev(flexio_process *process, struct ibv_context *ibv_ctx,
						       uint32_t cq_num, const struct flexio_wq_attr *fattr,
						       flexio_rq **flexio_rq_ptr)
{
	return wq_create_call(process, ibv_ctx, true, WQ_RQ, cq_num, fattr, (void **)flexio_rq_ptr, "flexio_rq_ptr",
			      __func__);
}

/* An RQ whose TIR is in use is not destroyed: its handle stays valid. */
FLEXIO_STABLE flexio_status flexio_rq_destroy(flexio_rq *flexio_rq)
{
	return queue_child_destroy(flexio_rq, HANDLE_RQ, wq_kinds[WQ_RQ].busy, __func__);
}

/* Its posted receive WQEs complete flushed (WR_FLUSH_ERR CQEs). */
FLEXIO_STABLE flexio_status flexio_rq_set_err_state(flexio_rq *handle)
{
	struct queue_child *rq = handle_get(handle, HANDLE_RQ, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	char err[DEVX_ERROR_MAX];
	unsigned state;
	int rc;

	if (!rq)
		return FLEXIO_STATUS_FAILED;
	if (queue_lock_live(&rq->q, handle, __func__)) {
		/* MODIFY_RQ names the state it moves from: the device's (a frame too long for a WQE
		 * moves an RQ to ERR by itself). */
		rc = devx_rq_state(rq->q.provider, rq->q.obj, rq->q.number, &state, err);
		if (!rc)
			rc = devx_rq_modify(rq->q.provider, rq->q.obj, rq->q.number, state, MLX5_WQ_STATE_ERR, err);
		queue_unlock(&rq->q);
		if (rc)
			flexio_err("RQ 0x%x: cannot move it to the error state: %s", rq->q.number, err);
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	handle_put(&rq->child.handle);
	return status;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_rq_get_wq_num(flexio_rq *rq)
{
	return handle_read_u32(rq, HANDLE_RQ, offsetof(struct queue_child, q.number), __func__);
}

/* The RQ's own DEVX object (its CREATE_RQ's), destroyed with it. */
FLEXIO_EXPERIMENTAL struct mlx5dv_devx_obj *flexio_rq_get_object(flexio_rq *handle)
{
	struct queue_child *rq = handle_get(handle, HANDLE_RQ, __func__);
	struct mlx5dv_devx_obj *obj;

	if (!rq)
		return NULL;
	obj = queue_object(&rq->q, handle, QUEUE_MADE_MAX, __func__);
	handle_put(&rq->child.handle);
	return obj;
}

/* The TIR made with the RQ (a steering destination: mlx5dv_dr_action_create_dest_devx_tir). */
FLEXIO_EXPERIMENTAL struct mlx5dv_devx_obj *flexio_rq_get_tir(flexio_rq *handle)
{
	struct queue_child *rq = handle_get(handle, HANDLE_RQ, __func__);
	struct mlx5dv_devx_obj *obj;

	if (!rq)
		return NULL;
	obj = queue_object(&rq->q, handle, MADE_USER, __func__);
	handle_put(&rq->child.handle);
	return obj;
}

/* ---- RMPs ----------------------------------------------------------------------------------- */

FLEXIO_STABLE flexio_status flexio_rmp_create(flexio_process *process, struct ibv_context *ibv_ctx,
					      const struct flexio_wq_attr *fattr, flexio_rmp **flexio_rmp_ptr)
{
	return wq_create_call(process, ibv_ctx, false, WQ_RMP, 0, fattr, (void **)flexio_rmp_ptr, "flexio_rmp_ptr",
			      __func__);
}

/* An RMP that QPs receive from is not destroyed: its handle stays valid. */
FLEXIO_STABLE flexio_status flexio_rmp_destroy(flexio_rmp *flexio_rmp)
{
	return queue_child_destroy(flexio_rmp, HANDLE_RMP, wq_kinds[WQ_RMP].busy, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_rmp_get_wq_num(flexio_rmp *rmp)
{
	return handle_read_u32(rmp, HANDLE_RMP, offsetof(struct queue_child, q.number), __func__);
}
