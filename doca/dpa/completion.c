/*
 * DPA completion contexts (doca_dpa_completion_*, 2.7 on; thread.h has the design): a FlexIO CQ
 * whose ring, doorbell record and descriptor (device/thread_dev.h) are one buffer of DPA memory,
 * reporting to the event handler of the context's DPA thread, or only polled without one. It is
 * armed when started: its first completion wakes the thread; after that, device code re-arms it
 * with doca_dpa_dev_completion_request_notification before the thread reschedules.
 */
#include "thread.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "device/thread_dev.h"

#define CQE_BYTES 64u
#define LINE 64u
/* The largest queue: CQ indexes in a CQE's WQE counter are 16-bit. */
#define MAX_LOG_QUEUE 15u

static const struct opendoca_kind completion_kind = { "DPA completion context" };

struct dpa_completion {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while it lives */
	struct dpa_thread *thread;     /* held while it names it, NULL: none */
	unsigned int log_depth;
	struct dpa_object link;
	bool started;
	unsigned int attached; /* queues reporting into it (dpa_completion_attach) */
	uint64_t mem;          /* started: CQE ring | doorbell record | descriptor (the DPA handle) */
	flexio_cq *cq;
};

static void completion_free(struct opendoca_object *object)
{
	struct dpa_completion *c = (struct dpa_completion *)object;

	if (c->thread)
		dpa_thread_put(c->thread);
	dpa_put(c->ctx);
	free(c);
}

doca_error_t doca_dpa_completion_create(struct doca_dpa *dpa, unsigned int queue_size,
					struct doca_dpa_completion **dpa_comp)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_completion *handle;
	struct dpa_completion *c;
	unsigned int log = 0;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dpa_comp || !queue_size || queue_size > (1u << MAX_LOG_QUEUE)) {
		dpa_put(ctx);
		if (!dpa_comp)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_comp is NULL");
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "queue_size %u: 1 to %u completions",
				     queue_size, 1u << MAX_LOG_QUEUE);
	}
	while ((1u << log) < queue_size)
		log++;
	c = calloc(1, sizeof(*c));
	if (!c) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a completion context");
	}
	c->ctx = ctx; /* the call's reference becomes the completion context's */
	c->log_depth = log;
	handle = opendoca_handle_open(&c->object, &completion_kind, completion_free);
	if (!handle) {
		completion_free(&c->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a completion context");
	}
	*dpa_comp = handle;
	return DOCA_SUCCESS;
}

/* Stopped (lock held; the process is alive). The CQ goes before its memory. */
static void stop(struct dpa_completion *c)
{
	if (c->cq)
		flexio_cq_destroy(c->cq);
	if (c->mem)
		flexio_buf_dev_free(c->ctx->process, c->mem);
	c->cq = NULL;
	c->mem = 0;
	if (c->started) {
		dpa_object_unlink(c->ctx, &c->link);
		if (c->thread)
			dpa_thread_use(c->thread, -1);
	}
	c->started = false;
}

static void release(struct dpa_object *object)
{
	stop((struct dpa_completion *)((char *)object - offsetof(struct dpa_completion, link)));
}

static struct dpa_completion *get_locked(const struct doca_dpa_completion *handle, const char *func)
{
	struct dpa_completion *c = opendoca_handle_get(handle, &completion_kind, func);

	if (c)
		pthread_mutex_lock(&c->ctx->lock);
	return c;
}

static void unlock_put(struct dpa_completion *c)
{
	pthread_mutex_unlock(&c->ctx->lock);
	opendoca_handle_put(&c->object);
}

struct dpa_completion *dpa_completion_get(const struct doca_dpa_completion *handle, const char *func)
{
	return opendoca_handle_get(handle, &completion_kind, func);
}

void dpa_completion_put(struct dpa_completion *comp)
{
	opendoca_handle_put(&comp->object);
}

doca_error_t dpa_completion_attachable(const struct dpa_completion *comp, const struct dpa_context *ctx,
				       const char *func)
{
	if (comp->ctx != ctx)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "the completion context is of another DOCA DPA context");
	return DOCA_SUCCESS;
}

doca_error_t dpa_completion_attach(struct dpa_completion *comp, struct dpa_context *ctx, uint32_t *cqn,
				   const char *func)
{
	doca_error_t err = dpa_completion_attachable(comp, ctx, func);

	if (err)
		return err;
	if (!comp->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "completion context %p is not started (doca_dpa_completion_start)",
				     opendoca_handle_of(&comp->object));
	comp->attached++;
	*cqn = flexio_cq_get_cq_num(comp->cq);
	return DOCA_SUCCESS;
}

void dpa_completion_detach(struct dpa_completion *comp)
{
	comp->attached--;
}

/* Refused (lock held) while a queue reports into it. */
static doca_error_t in_use(const struct dpa_completion *c, const char *func)
{
	if (!c->attached)
		return DOCA_SUCCESS;
	return opendoca_fail(DOCA_ERROR_IN_USE, func, "completion context %p has %u queues reporting into it",
			     opendoca_handle_of(&c->object), c->attached);
}

doca_error_t doca_dpa_completion_destroy(struct doca_dpa_completion *dpa_comp)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	struct opendoca_object *closed = NULL;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (in_use(c, __func__)) {
		unlock_put(c);
		return DOCA_ERROR_IN_USE;
	}
	closed = opendoca_handle_close(dpa_comp, &completion_kind, __func__);
	if (closed) {
		if (c->started)
			stop(c);
		if (c->thread)
			dpa_thread_detach(c->thread);
	}
	unlock_put(c);
	if (!closed)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_completion_set_thread(struct doca_dpa_completion *dpa_comp, struct doca_dpa_thread *dpa_thread)
{
	struct dpa_thread *t = dpa_thread_get(dpa_thread, __func__);
	struct dpa_completion *c;
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	c = get_locked(dpa_comp, __func__);
	if (!c) {
		dpa_thread_put(t);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dpa_thread_context(t) != c->ctx)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "DPA thread %p is of another DOCA DPA context",
				    (void *)dpa_thread);
	else if (c->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "completion context %p is started",
				    (void *)dpa_comp);
	if (!err && c->thread != t) {
		if (c->thread) {
			dpa_thread_detach(c->thread);
			dpa_thread_put(c->thread);
		}
		dpa_thread_attach(t);
		c->thread = t; /* the call's reference becomes the completion context's */
		t = NULL;
	}
	unlock_put(c);
	if (t)
		dpa_thread_put(t);
	return err;
}

doca_error_t doca_dpa_completion_get_thread(struct doca_dpa_completion *dpa_comp, struct doca_dpa_thread **dpa_thread)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dpa_thread)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_thread is NULL");
	else if (!c->thread)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "completion context %p has no DPA thread",
				    (void *)dpa_comp);
	else
		*dpa_thread = dpa_thread_handle(c->thread);
	unlock_put(c);
	return err;
}

/* The CQ's size, a power of two of at least the size asked for. */
doca_error_t doca_dpa_completion_get_queue_size(struct doca_dpa_completion *dpa_comp, unsigned int *queue_size)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (!queue_size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "queue_size is NULL");
	else
		*queue_size = 1u << c->log_depth;
	unlock_put(c);
	return err;
}

/* Memory, CQ and descriptor (lock held; stop() frees what was made). */
static doca_error_t start(struct dpa_completion *c, const char *func)
{
	flexio_process *process = c->ctx->process;
	uint64_t ring_size = (uint64_t)CQE_BYTES << c->log_depth, size = ring_size + 2 * LINE;
	struct opendoca_dpa_completion_desc d = { .log_depth = c->log_depth };
	struct flexio_cq_attr attr = { .log_cq_depth = (uint8_t)c->log_depth,
				       .uar_id = flexio_uar_get_id(flexio_process_get_uar(process)) };
	uint8_t *image;
	flexio_status rc;

	if (flexio_buf_dev_alloc(process, size, &c->mem) != FLEXIO_STATUS_SUCCESS) {
		c->mem = 0;
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no DPA memory for a completion queue of %u",
				     1u << c->log_depth);
	}
	/* Every CQE hardware-owned (op_own 0xF1: invalid opcode, owner bit 1), so pass 0 reads empty. */
	image = calloc(1, size);
	if (!image)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a completion queue's image");
	for (uint64_t off = 0; off < ring_size; off += CQE_BYTES)
		image[off + CQE_BYTES - 1] = 0xF1;
	rc = flexio_host2dev_memcpy(process, image, size, c->mem);
	free(image);
	if (rc != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a completion queue's memory failed");
	attr.cq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = c->mem };
	attr.cq_dbr_daddr = c->mem + ring_size;
	if (c->thread) {
		attr.element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD;
		attr.thread = flexio_event_handler_get_thread(dpa_thread_handler(c->thread));
	} else {
		attr.element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ;
		attr.no_arm = true;
	}
	if (flexio_cq_create(process, NULL, &attr, &c->cq) != FLEXIO_STATUS_SUCCESS) {
		c->cq = NULL;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no completion queue of %u entries", 1u << c->log_depth);
	}
	d.ring = c->mem;
	d.dbr = c->mem + ring_size;
	d.cqn = flexio_cq_get_cq_num(c->cq);
	if (flexio_host2dev_memcpy(process, &d, sizeof(d), c->mem + ring_size + LINE) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a completion context's descriptor failed");
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_completion_start(struct doca_dpa_completion *dpa_comp)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (c->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "completion context %p is started",
				    (void *)dpa_comp);
	else if (!c->ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "its DOCA DPA context is not started");
	else if (c->thread && !dpa_thread_started(c->thread))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "its DPA thread is not started (doca_dpa_thread_start)");
	else if ((err = start(c, __func__)))
		stop(c);
	if (!err) {
		c->link.release = release;
		dpa_object_link(c->ctx, &c->link);
		if (c->thread)
			dpa_thread_use(c->thread, 1);
		c->started = true;
	}
	unlock_put(c);
	return err;
}

doca_error_t doca_dpa_completion_stop(struct doca_dpa_completion *dpa_comp)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (!c->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "completion context %p is not started",
				    (void *)dpa_comp);
	else if (!(err = in_use(c, __func__)))
		stop(c);
	unlock_put(c);
	return err;
}

doca_error_t doca_dpa_completion_get_dpa_handle(struct doca_dpa_completion *dpa_comp, doca_dpa_dev_completion_t *handle)
{
	struct dpa_completion *c = get_locked(dpa_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else if (!c->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "completion context %p is not started",
				    (void *)dpa_comp);
	else
		*handle = c->mem + ((uint64_t)CQE_BYTES << c->log_depth) + LINE;
	unlock_put(c);
	return err;
}
