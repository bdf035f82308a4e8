/*
 * DOCA RDMA's shared receive queues, 2.6's (doca_rdma_srq_*, doca_rdma_create_with_srq; later
 * releases dropped them): a context of its own whose receive queue RDMA contexts made with it
 * receive from. DOCA 2.6 runs them on the DPA datapath only (doca_ctx_set_datapath_on_dpa of the
 * SRQ and of each RDMA context, on one DOCA DPA context); a start on the CPU is
 * DOCA_ERROR_NOT_SUPPORTED. On the DPA the SRQ is an RMP of the DOCA DPA context's process
 * (doca/dpa/rdma_dpa.c), its DPA handle what DPA code posts receives on
 * (doca_dpa_dev_rdma_srq_post_receive); every connection of the RDMA contexts made with it
 * receives from it, and their completions are theirs (their DPA completion contexts).
 *
 * Life: an RDMA context made with the SRQ holds a user of it until it is destroyed
 * (doca_rdma_srq_destroy: DOCA_ERROR_IN_USE meanwhile), and its running datapath a use of the
 * SRQ's RMP, so that the SRQ's stop never pulls the queue from under running connections.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 58)
#include "doca_ctx.h"
#include "doca_rdma.h"

#include <infiniband/verbs.h>
#include <pthread.h>
#include <stdlib.h>

#include "dev.h"
#include "mmap.h"
#include "rdma.h"

/* As the DPA datapath's queues (16-bit WQE counters) and the device's receive lists. */
#define SRQ_MAX_SIZE (1u << 15)
#define SRQ_MAX_LIST 30u
#define SRQ_DEFAULT_SIZE 32u

static const struct opendoca_kind srq_kind = { "RDMA shared receive queue" };

struct opendoca_rdma_srq {
	struct opendoca_object object;
	struct opendoca_ctx *ctx;
	void *handle;
	struct doca_dev *dev; /* a user held */
	pthread_mutex_t lock; /* all below */
	uint32_t size, list_len;
	uint32_t type;                   /* enum doca_rdma_srq_type */
	uint32_t users;                  /* RDMA contexts made with it */
	struct opendoca_dpa *dpa;        /* the datapath's DOCA DPA context (a reference held) */
	struct opendoca_dpa_rdma *queue; /* running: the DPA datapath's SRQ */
	uint64_t dpa_handle;             /* running: its doca_dpa_dev_rdma_srq_t */
};

static struct opendoca_rdma_srq *srq_get(const struct doca_rdma_srq *handle, const char *func)
{
	return opendoca_handle_get(handle, &srq_kind, func);
}

/* ---- Capabilities ---------------------------------------------------------------------------- */

static doca_error_t cap(const struct doca_devinfo *devinfo, uint32_t *out, bool list, const char *func)
{
	struct ibv_device_attr attr;
	uint32_t max;
	doca_error_t err;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	err = opendoca_devinfo_attr(devinfo, &attr, func);
	if (err)
		return err;
	max = list ? SRQ_MAX_LIST : SRQ_MAX_SIZE;
	if (list)
		*out = attr.max_srq_sge < (int)max ? (uint32_t)attr.max_srq_sge : max;
	else
		*out = attr.max_srq_wr < (int)max ? (uint32_t)attr.max_srq_wr : max;
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_srq_cap_get_max_shared_recv_queue_size(const struct doca_devinfo *devinfo,
							      uint32_t *max_shared_recv_queue_size)
{
	return cap(devinfo, max_shared_recv_queue_size, false, __func__);
}

doca_error_t doca_rdma_srq_cap_task_receive_get_max_dst_buf_list_len(const struct doca_devinfo *devinfo,
								     uint32_t *max_buf_list_len)
{
	return cap(devinfo, max_buf_list_len, true, __func__);
}

/* ---- The context ----------------------------------------------------------------------------- */

static doca_error_t start(struct opendoca_ctx *ctx)
{
	static const char *func = "doca_ctx_start";
	struct opendoca_rdma_srq *srq = opendoca_ctx_priv(ctx);
	uint32_t max = 0;
	doca_error_t err;

	/* refusals unlogged: doca_ctx_start logs that the context did not start, and why */
	if (!srq->dpa) /* DOCA 2.6 has shared receive queues on the DPA datapath only */
		return DOCA_ERROR_NOT_SUPPORTED;
	err = cap(doca_dev_as_devinfo(srq->dev), &max, false, func);
	if (!err && srq->size > max) /* past doca_rdma_srq_cap_get_max_shared_recv_queue_size */
		err = DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&srq->lock);
	if (!err)
		err = srq->dpa->ops->rdma_srq_create(srq->dpa, srq->size, &srq->queue, &srq->dpa_handle, func);
	pthread_mutex_unlock(&srq->lock);
	return err;
}

static void stopped(struct opendoca_ctx *ctx)
{
	struct opendoca_rdma_srq *srq = opendoca_ctx_priv(ctx);

	pthread_mutex_lock(&srq->lock);
	srq->dpa->ops->rdma_srq_destroy(srq->queue); /* goes once no running RDMA context uses it */
	srq->queue = NULL;
	srq->dpa_handle = 0;
	pthread_mutex_unlock(&srq->lock);
}

/* No tasks: DPA code posts the receives. */
static doca_error_t submit(struct opendoca_task *task, uint32_t flags)
{
	(void)task;
	(void)flags;
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* As an RDMA context's (rdma.c): a live DOCA DPA context of the SRQ's device that makes RDMA datapaths. */
static doca_error_t set_datapath_on_dpa(struct opendoca_ctx *ctx, struct opendoca_dpa *dpa)
{
	struct opendoca_rdma_srq *srq = opendoca_ctx_priv(ctx);

	if (dpa->dev != srq->dev || !dpa->ops->rdma_srq_create)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_hold(&dpa->object);
	pthread_mutex_lock(&srq->lock);
	if (srq->dpa)
		opendoca_handle_put(&srq->dpa->object);
	srq->dpa = dpa; /* held until the SRQ goes */
	pthread_mutex_unlock(&srq->lock);
	return DOCA_SUCCESS;
}

static const struct opendoca_ctx_ops srq_ops = {
	.name = "RDMA shared receive queue",
	.start = start,
	.stopped = stopped,
	.submit = submit,
	.set_datapath_on_dpa = set_datapath_on_dpa,
};

/* ---- Create, destroy ------------------------------------------------------------------------- */

static void srq_free(struct opendoca_object *object)
{
	struct opendoca_rdma_srq *srq = (struct opendoca_rdma_srq *)object;

	if (srq->dpa)
		opendoca_handle_put(&srq->dpa->object);
	if (srq->dev)
		opendoca_dev_release(srq->dev);
	pthread_mutex_destroy(&srq->lock);
	free(srq);
}

doca_error_t doca_rdma_srq_create(struct doca_dev *dev, struct doca_rdma_srq **rdma_srq)
{
	struct opendoca_rdma_srq *srq;
	doca_error_t err;

	if (!rdma_srq)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "rdma_srq is NULL");
	err = opendoca_dev_hold(dev, __func__);
	if (err)
		return err;
	srq = calloc(1, sizeof(*srq));
	if (!srq) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	}
	srq->dev = dev;
	srq->size = SRQ_DEFAULT_SIZE;
	srq->list_len = 1;
	srq->type = DOCA_RDMA_SRQ_TYPE_LINKED_LIST;
	pthread_mutex_init(&srq->lock, NULL);
	err = opendoca_ctx_create(&srq_ops, OPENDOCA_CTX_API_PE, srq, &srq->ctx, __func__);
	if (err) {
		srq_free(&srq->object);
		return err;
	}
	srq->handle = opendoca_handle_open(&srq->object, &srq_kind, srq_free);
	if (!srq->handle) {
		opendoca_ctx_destroy(srq->ctx, __func__);
		srq_free(&srq->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of shared receive queues");
	}
	*rdma_srq = srq->handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_srq_destroy(struct doca_rdma_srq *rdma_srq)
{
	struct opendoca_rdma_srq *srq = srq_get(rdma_srq, __func__), *closed;
	uint32_t users;
	doca_error_t err;

	if (!srq)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&srq->lock);
	users = srq->users;
	pthread_mutex_unlock(&srq->lock);
	err = users ? opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				    "%u RDMA contexts were made with the shared receive queue", users)
		    : opendoca_ctx_destroy(srq->ctx, __func__);
	if (!err) {
		closed = opendoca_handle_close(rdma_srq, &srq_kind, __func__);
		if (closed) { /* the close's reference and the handle's own */
			opendoca_handle_put(&closed->object);
			opendoca_handle_put(&closed->object);
		} else
			err = DOCA_ERROR_INVALID_VALUE;
	}
	opendoca_handle_put(&srq->object);
	return err;
}

struct doca_ctx *doca_rdma_srq_as_ctx(struct doca_rdma_srq *rdma_srq_ctx)
{
	struct opendoca_rdma_srq *srq = srq_get(rdma_srq_ctx, __func__);
	struct doca_ctx *ctx;

	if (!srq)
		return NULL;
	ctx = opendoca_ctx_handle(srq->ctx);
	opendoca_handle_put(&srq->object);
	return ctx;
}

/* ---- Properties ------------------------------------------------------------------------------ */

static bool idle(struct opendoca_rdma_srq *srq)
{
	enum doca_ctx_states state;

	doca_ctx_get_state(opendoca_ctx_handle(srq->ctx), &state);
	return state == DOCA_CTX_STATE_IDLE;
}

/* Sets a property while idle: *field = value when ok, else DOCA_ERROR_INVALID_VALUE saying why. */
static doca_error_t set(struct doca_rdma_srq *handle, uint32_t *(*field)(struct opendoca_rdma_srq *), uint32_t value,
			bool ok, const char *why, const char *func)
{
	struct opendoca_rdma_srq *srq = srq_get(handle, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!srq)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&srq->lock);
	if (!idle(srq))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the shared receive queue is not idle");
	else if (!ok)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, why, value);
	else
		*field(srq) = value;
	pthread_mutex_unlock(&srq->lock);
	opendoca_handle_put(&srq->object);
	return err;
}

static doca_error_t get(const struct doca_rdma_srq *handle, uint32_t *(*field)(struct opendoca_rdma_srq *),
			uint32_t *out, const char *func)
{
	struct opendoca_rdma_srq *srq = srq_get(handle, func);

	if (!srq)
		return DOCA_ERROR_INVALID_VALUE;
	if (out) {
		pthread_mutex_lock(&srq->lock);
		*out = *field(srq);
		pthread_mutex_unlock(&srq->lock);
	}
	opendoca_handle_put(&srq->object);
	return out ? DOCA_SUCCESS : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
}

static uint32_t *size_of(struct opendoca_rdma_srq *srq)
{
	return &srq->size;
}

static uint32_t *list_len_of(struct opendoca_rdma_srq *srq)
{
	return &srq->list_len;
}

static uint32_t *type_of(struct opendoca_rdma_srq *srq)
{
	return &srq->type;
}

doca_error_t doca_rdma_srq_set_shared_recv_queue_size(struct doca_rdma_srq *rdma_srq, uint32_t shared_recv_queue_size)
{
	/* the device's limit is checked at start (doca_rdma_srq_cap_get_max_shared_recv_queue_size) */
	return set(rdma_srq, size_of, shared_recv_queue_size, shared_recv_queue_size > 0,
		   "a shared receive queue of %u receives", __func__);
}

doca_error_t doca_rdma_srq_get_shared_recv_queue_size(const struct doca_rdma_srq *rdma_srq,
						      uint32_t *shared_recv_queue_size)
{
	return get(rdma_srq, size_of, shared_recv_queue_size, __func__);
}

doca_error_t doca_rdma_srq_task_receive_set_dst_buf_list_len(struct doca_rdma_srq *rdma_srq, uint32_t buf_list_len)
{
	return set(rdma_srq, list_len_of, buf_list_len, buf_list_len > 0 && buf_list_len <= SRQ_MAX_LIST,
		   "a receive list of %u buffers (1 to 30)", __func__);
}

doca_error_t doca_rdma_srq_task_receive_get_dst_buf_list_len(const struct doca_rdma_srq *rdma_srq,
							     uint32_t *buf_list_len)
{
	return get(rdma_srq, list_len_of, buf_list_len, __func__);
}

doca_error_t doca_rdma_srq_set_type(struct doca_rdma_srq *rdma_srq, enum doca_rdma_srq_type srq_type)
{
	return set(rdma_srq, type_of, (uint32_t)srq_type,
		   srq_type == DOCA_RDMA_SRQ_TYPE_LINKED_LIST || srq_type == DOCA_RDMA_SRQ_TYPE_CYCLIC,
		   "SRQ type %u is none of DOCA's", __func__);
}

doca_error_t doca_rdma_srq_get_type(struct doca_rdma_srq *rdma_srq, enum doca_rdma_srq_type *srq_type)
{
	uint32_t type = 0;
	doca_error_t err = get(rdma_srq, type_of, srq_type ? &type : NULL, __func__);

	if (!err)
		*srq_type = (enum doca_rdma_srq_type)type;
	return err;
}

doca_error_t doca_rdma_srq_get_dpa_handle(const struct doca_rdma_srq *rdma_srq,
					  struct doca_dpa_dev_rdma_srq **dpa_rdma_srq)
{
	struct opendoca_rdma_srq *srq = srq_get(rdma_srq, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!srq)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&srq->lock);
	if (!dpa_rdma_srq)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_rdma_srq is NULL");
	else if (!srq->queue)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the shared receive queue is not running");
	else /* 2.6 names the DPA handle by a pointer type: its DPA address */
		*dpa_rdma_srq = (struct doca_dpa_dev_rdma_srq *)(uintptr_t)srq->dpa_handle;
	pthread_mutex_unlock(&srq->lock);
	opendoca_handle_put(&srq->object);
	return err;
}

/* ---- RDMA contexts made with a shared receive queue ------------------------------------------ */

doca_error_t doca_rdma_create_with_srq(struct doca_dev *dev, struct doca_rdma_srq *rdma_srq, struct doca_rdma **rdma)
{
	struct opendoca_rdma_srq *srq = srq_get(rdma_srq, __func__);
	struct opendoca_rdma *made;
	doca_error_t err = DOCA_SUCCESS;
	bool used = false;

	if (!srq)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&srq->lock);
	if (!srq->queue)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the shared receive queue is not running");
	else if (dev != srq->dev)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the shared receive queue is another device's");
	else
		used = true;
	if (used)
		srq->users++;
	pthread_mutex_unlock(&srq->lock);
	if (!err)
		err = rdma_create(dev, false, rdma, __func__);
	if (err) {
		pthread_mutex_lock(&srq->lock);
		if (used)
			srq->users--;
		pthread_mutex_unlock(&srq->lock);
		opendoca_handle_put(&srq->object);
		return err;
	}
	made = rdma_get(*rdma, __func__);
	made->srq = srq; /* the call's reference and user become the RDMA context's */
	opendoca_handle_put(&made->object);
	return DOCA_SUCCESS;
}

doca_error_t rdma_srq_start_on_dpa(struct opendoca_rdma *rdma, struct opendoca_dpa_rdma_attr *attr, const char *func)
{
	struct opendoca_rdma_srq *srq = rdma->srq;
	doca_error_t err = DOCA_SUCCESS;

	/* refusals unlogged, as the context's start's (doca_ctx_start logs them) */
	pthread_mutex_lock(&srq->lock);
	if (!srq->queue)
		err = DOCA_ERROR_BAD_STATE;
	else if (srq->dpa != rdma->dpa) /* the SRQ's RMP is another DPA process's */
		err = DOCA_ERROR_INVALID_VALUE;
	if (!err) {
		attr->srq = srq->queue;
		err = rdma->dpa->ops->rdma_create(rdma->dpa, attr, &rdma->dpa_rdma, &rdma->dpa_handle, func);
	}
	pthread_mutex_unlock(&srq->lock);
	return err;
}

void rdma_srq_unuse(struct opendoca_rdma_srq *srq)
{
	pthread_mutex_lock(&srq->lock);
	srq->users--;
	pthread_mutex_unlock(&srq->lock);
	opendoca_handle_put(&srq->object);
}
