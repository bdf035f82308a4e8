/*
 * Notification completions (doca_dpa_notification_completion_*, 2.7 on): what device code
 * notifies (doca_dpa_dev_thread_notify) to wake a DPA thread. Started, it is a descriptor in DPA
 * memory holding the thread's activation id (device/thread_dev.h): the notify activates the
 * thread's event handler, and a notify while the thread runs runs it again after. The thread must
 * be started first and cannot stop while the notification completion is started.
 */
#include "thread.h"

#include <stddef.h>
#include <stdlib.h>

#include "device/thread_dev.h"

static const struct opendoca_kind notification_kind = { "DPA notification completion" };

struct dpa_notification {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while it lives */
	struct dpa_thread *thread;     /* held while it lives */
	struct dpa_object link;
	bool started;
	uint64_t desc; /* started: its DPA handle */
};

static void notification_free(struct opendoca_object *object)
{
	struct dpa_notification *n = (struct dpa_notification *)object;

	dpa_thread_put(n->thread);
	dpa_put(n->ctx);
	free(n);
}

doca_error_t doca_dpa_notification_completion_create(struct doca_dpa *dpa, struct doca_dpa_thread *dpa_thread,
						     struct doca_dpa_notification_completion **notify_comp)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_notification_completion *handle;
	struct dpa_notification *n;
	struct dpa_thread *t;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	t = dpa_thread_get(dpa_thread, __func__);
	if (!t) {
		dpa_put(ctx);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!notify_comp || dpa_thread_context(t) != ctx) {
		dpa_thread_put(t);
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s",
				     !notify_comp ? "notify_comp is NULL"
						  : "the DPA thread is of another DOCA DPA context");
	}
	n = calloc(1, sizeof(*n));
	if (!n) {
		dpa_thread_put(t);
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a notification completion");
	}
	n->ctx = ctx; /* the call's references become the notification completion's */
	n->thread = t;
	handle = opendoca_handle_open(&n->object, &notification_kind, notification_free);
	if (!handle) {
		notification_free(&n->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a notification completion");
	}
	pthread_mutex_lock(&ctx->lock);
	dpa_thread_attach(t);
	pthread_mutex_unlock(&ctx->lock);
	*notify_comp = handle;
	return DOCA_SUCCESS;
}

/* Stopped (lock held). */
static void stop(struct dpa_notification *n)
{
	flexio_buf_dev_free(n->ctx->process, n->desc);
	n->desc = 0;
	dpa_object_unlink(n->ctx, &n->link);
	dpa_thread_use(n->thread, -1);
	n->started = false;
}

static void release(struct dpa_object *object)
{
	stop((struct dpa_notification *)((char *)object - offsetof(struct dpa_notification, link)));
}

static struct dpa_notification *get_locked(const struct doca_dpa_notification_completion *handle, const char *func)
{
	struct dpa_notification *n = opendoca_handle_get(handle, &notification_kind, func);

	if (n)
		pthread_mutex_lock(&n->ctx->lock);
	return n;
}

static void unlock_put(struct dpa_notification *n)
{
	pthread_mutex_unlock(&n->ctx->lock);
	opendoca_handle_put(&n->object);
}

doca_error_t doca_dpa_notification_completion_destroy(struct doca_dpa_notification_completion *notify_comp)
{
	struct dpa_notification *n = get_locked(notify_comp, __func__);
	struct opendoca_object *closed;

	if (!n)
		return DOCA_ERROR_INVALID_VALUE;
	closed = opendoca_handle_close(notify_comp, &notification_kind, __func__);
	if (closed) {
		if (n->started)
			stop(n);
		dpa_thread_detach(n->thread);
	}
	unlock_put(n);
	if (!closed)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_notification_completion_start(struct doca_dpa_notification_completion *notify_comp)
{
	struct dpa_notification *n = get_locked(notify_comp, __func__);
	struct opendoca_dpa_notification_desc d = { 0 };
	doca_error_t err = DOCA_SUCCESS;

	if (!n)
		return DOCA_ERROR_INVALID_VALUE;
	if (n->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "notification completion %p is started",
				    (void *)notify_comp);
	else if (!dpa_thread_started(n->thread))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "its DPA thread is not started (doca_dpa_thread_start)");
	else if (flexio_buf_dev_alloc(n->ctx->process, sizeof(d), &n->desc) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no DPA memory for a notification completion");
	if (!err) {
		d.activation_id = dpa_thread_activation_id(n->thread);
		if (flexio_host2dev_memcpy(n->ctx->process, &d, sizeof(d), n->desc) != FLEXIO_STATUS_SUCCESS) {
			flexio_buf_dev_free(n->ctx->process, n->desc);
			n->desc = 0;
			err = opendoca_fail(DOCA_ERROR_DRIVER, __func__, "writing a notification completion failed");
		}
	}
	if (!err) {
		n->link.release = release;
		dpa_object_link(n->ctx, &n->link);
		dpa_thread_use(n->thread, 1);
		n->started = true;
	}
	unlock_put(n);
	return err;
}

doca_error_t doca_dpa_notification_completion_stop(struct doca_dpa_notification_completion *notify_comp)
{
	struct dpa_notification *n = get_locked(notify_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!n)
		return DOCA_ERROR_INVALID_VALUE;
	if (!n->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "notification completion %p is not started",
				    (void *)notify_comp);
	else
		stop(n);
	unlock_put(n);
	return err;
}

doca_error_t doca_dpa_notification_completion_get_thread(struct doca_dpa_notification_completion *notify_comp,
							 struct doca_dpa_thread **dpa_thread)
{
	struct dpa_notification *n = get_locked(notify_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!n)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dpa_thread)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_thread is NULL");
	else
		*dpa_thread = dpa_thread_handle(n->thread);
	unlock_put(n);
	return err;
}

doca_error_t doca_dpa_notification_completion_get_dpa_handle(struct doca_dpa_notification_completion *notify_comp,
							     doca_dpa_dev_notification_completion_t *handle)
{
	struct dpa_notification *n = get_locked(notify_comp, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!n)
		return DOCA_ERROR_INVALID_VALUE;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else if (!n->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "notification completion %p is not started",
				    (void *)notify_comp);
	else
		*handle = n->desc;
	unlock_put(n);
	return err;
}
