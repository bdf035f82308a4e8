/*
 * Asynchronous-operations queues (doca_dpa_async_ops_*, 3.0; device/async_ops_dev.h has the
 * design): started, a queue is an RC QP of the context's process connected to itself, its send
 * queue in DPA memory, its send CQ the CQ of the completion context it is attached to, its user
 * index the queue's user data. It holds that completion context (which refuses stop and
 * destruction meanwhile); stopping the DOCA DPA context releases the QP before the CQ.
 */
#include "thread.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "device/async_ops_dev.h"

#define WQEBB 64u
#define RWQE 16u
#define LINE 64u
#define PORT 1
#define GID_INDEX 0
/* The largest queue: WQE counters are 16-bit. */
#define MAX_LOG_QUEUE 15u

static const struct opendoca_kind async_ops_kind = { "DPA asynchronous-operations queue" };

struct dpa_async_ops {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while it lives */
	unsigned int log_depth;
	uint64_t user_data;
	struct dpa_completion *comp; /* attached (doca_dpa_async_ops_attach), held */
	struct dpa_object link;
	bool started;
	uint64_t mem; /* started: RQ (one WQE) | SQ | QP doorbell record | descriptor (the DPA handle) */
	flexio_qp *qp;
};

static void async_ops_free(struct opendoca_object *object)
{
	struct dpa_async_ops *q = (struct dpa_async_ops *)object;

	if (q->comp)
		dpa_completion_put(q->comp);
	dpa_put(q->ctx);
	free(q);
}

doca_error_t doca_dpa_async_ops_create(struct doca_dpa *dpa, unsigned int queue_size, uint64_t user_data,
				       struct doca_dpa_async_ops **async_ops)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_async_ops *handle;
	struct dpa_async_ops *q;
	unsigned int log = 0;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	if (!async_ops || !queue_size || queue_size > (1u << MAX_LOG_QUEUE) ||
	    user_data >> DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA) {
		dpa_put(ctx);
		if (!async_ops)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "async_ops is NULL");
		if (!queue_size || queue_size > (1u << MAX_LOG_QUEUE))
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "queue_size %u: 1 to %u operations",
					     queue_size, 1u << MAX_LOG_QUEUE);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data %#llx: completions carry %d bits",
				     (unsigned long long)user_data, DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA);
	}
	while ((1u << log) < queue_size)
		log++;
	q = calloc(1, sizeof(*q));
	if (!q) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an asynchronous-operations queue");
	}
	q->ctx = ctx; /* the call's reference becomes the queue's */
	q->log_depth = log;
	q->user_data = user_data;
	handle = opendoca_handle_open(&q->object, &async_ops_kind, async_ops_free);
	if (!handle) {
		async_ops_free(&q->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for an asynchronous-operations queue");
	}
	*async_ops = handle;
	return DOCA_SUCCESS;
}

/* Stopped (lock held; the process is alive): the QP before the memory it uses. */
static void stop(struct dpa_async_ops *q)
{
	if (q->qp)
		flexio_qp_destroy(q->qp);
	if (q->mem)
		flexio_buf_dev_free(q->ctx->process, q->mem);
	q->qp = NULL;
	q->mem = 0;
	if (q->started) {
		dpa_object_unlink(q->ctx, &q->link);
		dpa_completion_detach(q->comp);
	}
	q->started = false;
}

static void release(struct dpa_object *object)
{
	stop((struct dpa_async_ops *)((char *)object - offsetof(struct dpa_async_ops, link)));
}

static struct dpa_async_ops *get_locked(const struct doca_dpa_async_ops *handle, const char *func)
{
	struct dpa_async_ops *q = opendoca_handle_get(handle, &async_ops_kind, func);

	if (q)
		pthread_mutex_lock(&q->ctx->lock);
	return q;
}

static void unlock_put(struct dpa_async_ops *q)
{
	pthread_mutex_unlock(&q->ctx->lock);
	opendoca_handle_put(&q->object);
}

doca_error_t doca_dpa_async_ops_destroy(struct doca_dpa_async_ops *async_ops)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	struct opendoca_object *closed;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	closed = opendoca_handle_close(async_ops, &async_ops_kind, __func__);
	if (closed && q->started)
		stop(q);
	unlock_put(q);
	if (!closed)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_async_ops_attach(struct doca_dpa_async_ops *async_ops, struct doca_dpa_completion *dpa_comp)
{
	struct dpa_completion *c = dpa_completion_get(dpa_comp, __func__);
	struct dpa_async_ops *q;
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	q = get_locked(async_ops, __func__);
	if (!q) {
		dpa_completion_put(c);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (q->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "asynchronous-operations queue %p is started",
				    (void *)async_ops);
	if (!err) {
		if (q->comp)
			dpa_completion_put(q->comp);
		q->comp = c; /* the call's reference becomes the queue's */
		c = NULL;
	}
	unlock_put(q);
	if (c)
		dpa_completion_put(c);
	return err;
}

/* Its connection to itself: RESET -> INIT -> RTR -> RTS toward its own number (lock held). */
static doca_error_t connect_self(struct dpa_async_ops *q, const char *func)
{
	static const enum flexio_qp_state path[] = { FLEXIO_QP_STATE_INIT, FLEXIO_QP_STATE_RTR, FLEXIO_QP_STATE_RTS };
	struct ibv_context *ibv = opendoca_dev_ibv_context(q->ctx->base.dev);
	struct flexio_qp_attr a = { .qp_access_mask = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
				    .remote_qp_num = flexio_qp_get_qp_num(q->qp),
				    .gid_table_index = GID_INDEX,
				    .min_rnr_nak_timer = 1,
				    .path_mtu = FLEXIO_QP_QPC_MTU_BYTES_1K,
				    .retry_count = 7,
				    .vhca_port_num = PORT,
				    .log_rra_max = 4,
				    .log_sra_max = 4 };
	struct ibv_port_attr port;
	static const union ibv_gid zero;

	if (ibv_query_port(ibv, PORT, &port) || ibv_query_gid(ibv, PORT, GID_INDEX, &a.rgid_or_rip))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "cannot read port %d of %s", PORT,
				     ibv_get_device_name(ibv->device));
	a.rlid = port.lid;
	a.grh = memcmp(&a.rgid_or_rip, &zero, sizeof(zero)) != 0;
	for (size_t i = 0; i < sizeof(path) / sizeof(path[0]); i++) {
		a.next_state = path[i];
		if (flexio_qp_modify(q->qp, &a, NULL) != FLEXIO_STATUS_SUCCESS)
			return opendoca_fail(DOCA_ERROR_DRIVER, func, "the queue's QP cannot connect to itself");
	}
	return DOCA_SUCCESS;
}

/* The QP, its memory and the descriptor (lock held; stop() frees what was made). */
static doca_error_t start(struct dpa_async_ops *q, uint32_t cqn, const char *func)
{
	flexio_process *process = q->ctx->process;
	uint64_t sq = RWQE, dbr = sq + ((uint64_t)WQEBB << q->log_depth), desc_off = dbr + LINE, size = desc_off + LINE;
	struct flexio_qp_attr attr = {
		.transport_type = FLEXIO_QPC_ST_RC,
		.uar_id = flexio_uar_get_id(flexio_process_get_uar(process)),
		.user_index = (uint32_t)q->user_data,
		.qp_access_mask = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
		.pd = opendoca_dev_ibv_pd(q->ctx->base.dev),
		.log_sq_depth = (int)q->log_depth,
		.sq_cqn = cqn,
		.log_rq_depth = 0, /* it receives nothing: one WQE, never posted */
		.rq_type = FLEXIO_QP_QPC_RQ_TYPE_REGULAR,
		.rq_cqn = cqn,
	};
	struct opendoca_dpa_async_ops_desc d = { .log_depth = q->log_depth };
	doca_error_t err;

	if (flexio_buf_dev_alloc(process, size, &q->mem) != FLEXIO_STATUS_SUCCESS) {
		q->mem = 0;
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no DPA memory for a queue of %u operations",
				     1u << q->log_depth);
	}
	if (flexio_buf_dev_memset(process, 0, size, q->mem) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "clearing a queue's DPA memory failed");
	attr.qp_wq_buff_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = q->mem };
	attr.qp_wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = q->mem + dbr };
	if (flexio_qp_create(process, NULL, &attr, &q->qp) != FLEXIO_STATUS_SUCCESS) {
		q->qp = NULL;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no RC QP of %u operations", 1u << q->log_depth);
	}
	err = connect_self(q, func);
	if (err)
		return err;
	d.sq_ring = q->mem + sq;
	d.qp_dbr = q->mem + dbr;
	d.qpn = flexio_qp_get_qp_num(q->qp);
	if (flexio_host2dev_memcpy(process, &d, sizeof(d), q->mem + desc_off) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a queue's descriptor failed");
	return DOCA_SUCCESS;
}

static uint64_t desc_addr(const struct dpa_async_ops *q)
{
	return q->mem + RWQE + ((uint64_t)WQEBB << q->log_depth) + LINE;
}

doca_error_t doca_dpa_async_ops_start(struct doca_dpa_async_ops *async_ops)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	doca_error_t err = DOCA_SUCCESS;
	uint32_t cqn = 0;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	if (q->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "asynchronous-operations queue %p is started",
				    (void *)async_ops);
	else if (!q->ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "its DOCA DPA context is not started");
	else if (!q->comp)
		err = opendoca_fail(
			DOCA_ERROR_BAD_STATE, __func__,
			"asynchronous-operations queue %p has no completion context (doca_dpa_async_ops_attach)",
			(void *)async_ops);
	else
		err = dpa_completion_attach(q->comp, q->ctx, &cqn, __func__);
	if (!err) {
		err = start(q, cqn, __func__);
		if (err) {
			stop(q);
			dpa_completion_detach(q->comp);
		}
	}
	if (!err) {
		q->link.release = release;
		dpa_object_link(q->ctx, &q->link);
		q->started = true;
	}
	unlock_put(q);
	return err;
}

doca_error_t doca_dpa_async_ops_stop(struct doca_dpa_async_ops *async_ops)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	if (!q->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "asynchronous-operations queue %p is not started",
				    (void *)async_ops);
	else
		stop(q);
	unlock_put(q);
	return err;
}

doca_error_t doca_dpa_async_ops_get_dpa_handle(struct doca_dpa_async_ops *async_ops, doca_dpa_dev_async_ops_t *handle)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else if (!q->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "asynchronous-operations queue %p is not started",
				    (void *)async_ops);
	else
		*handle = desc_addr(q);
	unlock_put(q);
	return err;
}

/* The queue's size, a power of two of at least the size asked for. */
doca_error_t doca_dpa_async_ops_get_queue_size(struct doca_dpa_async_ops *async_ops, unsigned int *queue_size)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	if (!queue_size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "queue_size is NULL");
	else
		*queue_size = 1u << q->log_depth;
	unlock_put(q);
	return err;
}

doca_error_t doca_dpa_async_ops_get_user_data(struct doca_dpa_async_ops *async_ops, uint64_t *user_data)
{
	struct dpa_async_ops *q = get_locked(async_ops, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!q)
		return DOCA_ERROR_INVALID_VALUE;
	if (!user_data)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data is NULL");
	else
		*user_data = q->user_data;
	unlock_put(q);
	return err;
}
