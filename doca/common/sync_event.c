/*
 * DOCA sync events, the forms of 2.5 and later (doca_sync_event.h): create and destroy, the
 * publisher and subscriber locations, where the counter lives (set_addr, 3.0's set_doca_buf),
 * start and stop, the value (get, update_set, update_add, waits), the capabilities. The design is
 * sync_event.h's.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>

#include "doca_sync_event.h"

#include "buf.h"
#include "ctx.h"
#include "dev.h"
#include "mmap.h"
#include "private.h"
#include "sync_event.h"

const struct opendoca_kind opendoca_sync_event_kind = { "sync event" };

static const char *const location_name[] = {
	[OPENDOCA_SE_NONE] = "none",
	[OPENDOCA_SE_CPU] = "CPU",
	[OPENDOCA_SE_DPA] = "DPA",
	[OPENDOCA_SE_GPU] = "GPU",
	[OPENDOCA_SE_DPU] = "DPU",
	[OPENDOCA_SE_REMOTE_PCI] = "remote PCI",
	[OPENDOCA_SE_REMOTE_NET] = "remote net",
};

static void se_free(struct opendoca_object *object)
{
	struct opendoca_sync_event *se = (struct opendoca_sync_event *)object;

	opendoca_se_unshare(se);
	if (se->publisher_dev)
		opendoca_dev_release(se->publisher_dev);
	if (se->subscriber_dev)
		opendoca_dev_release(se->subscriber_dev);
	if (se->publisher_dpa)
		opendoca_handle_put(&se->publisher_dpa->object);
	if (se->subscriber_dpa)
		opendoca_handle_put(&se->subscriber_dpa->object);
	pthread_mutex_destroy(&se->lock);
	free(se);
}

doca_error_t opendoca_se_new(const struct opendoca_kind *kind, struct opendoca_sync_event **out, void **handle,
			     const char *func)
{
	struct opendoca_sync_event *se = calloc(1, sizeof(*se));
	doca_error_t err;

	if (!se)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a sync event");
	pthread_mutex_init(&se->lock, NULL);
	se->event_fd = -1;
	*handle = opendoca_handle_open(&se->object, kind, se_free);
	if (!*handle) {
		pthread_mutex_destroy(&se->lock);
		free(se);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no handle for a sync event");
	}
	err = kind == &opendoca_sync_event_kind ? opendoca_se_ctx_create(se, func) : DOCA_SUCCESS;
	if (err) {
		opendoca_handle_close(*handle, kind, func);
		opendoca_handle_put(&se->object);
		opendoca_handle_put(&se->object);
		return err;
	}
	*out = se;
	return DOCA_SUCCESS;
}

doca_error_t doca_sync_event_create(struct doca_sync_event **event)
{
	struct opendoca_sync_event *se;
	void *handle;
	doca_error_t err;

	if (!event)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "event is NULL");
	err = opendoca_se_new(&opendoca_sync_event_kind, &se, &handle, __func__);
	if (!err)
		*event = handle;
	return err;
}

doca_error_t doca_sync_event_destroy(struct doca_sync_event *event)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	/* The context refuses unless idle: then nothing is touched. */
	err = opendoca_ctx_destroy(se->ctx, __func__);
	if (!err) {
		/* Waits in flight see the event stopped; the counter stays until their references go. */
		atomic_store(&se->started, false);
		opendoca_handle_close(event, &opendoca_sync_event_kind, __func__);
		opendoca_se_put(se); /* the close's two */
		opendoca_se_put(se);
	}
	opendoca_se_put(se);
	return err;
}

/* Whether a configuration call may change the event (lock held); else the failure. */
static doca_error_t configurable(struct opendoca_sync_event *se, const char *func)
{
	if (se->imported)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "sync event %p was created from an export",
				     opendoca_handle_of(&se->object));
	if (atomic_load(&se->started))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p is started",
				     opendoca_handle_of(&se->object));
	return DOCA_SUCCESS;
}

doca_error_t opendoca_se_add_location(struct doca_sync_event *handle, bool publisher, enum opendoca_se_location where,
				      struct doca_dev *dev, struct doca_dpa *dpa_handle, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	enum opendoca_se_location *slot;
	struct opendoca_dpa *dpa = NULL;
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	slot = publisher ? &se->publisher : &se->subscriber;
	pthread_mutex_lock(&se->lock);
	err = configurable(se, func);
	if (!err && *slot != OPENDOCA_SE_NONE)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p has a %s location already (%s)",
				    (void *)handle, publisher ? "publisher" : "subscriber", location_name[*slot]);
	if (!err && where == OPENDOCA_SE_CPU)
		err = dev ? opendoca_dev_hold(dev, func) : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dev is NULL");
	if (!err && where == OPENDOCA_SE_DPA) {
		if (!dpa_handle)
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dpa is NULL");
		else if (!(dpa = opendoca_handle_get(dpa_handle, opendoca_dpa_kind(), func)))
			err = DOCA_ERROR_INVALID_VALUE;
	}
	if (!err) {
		*slot = where;
		if (where == OPENDOCA_SE_CPU)
			*(publisher ? &se->publisher_dev : &se->subscriber_dev) = dev;
		if (dpa) /* the call's reference becomes the event's */
			*(publisher ? &se->publisher_dpa : &se->subscriber_dpa) = dpa;
	}
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

doca_error_t opendoca_se_gpu_location(struct doca_sync_event *event, struct doca_gpu *gpu, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, func);

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_se_put(se);
	if (!gpu)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "gpu is NULL");
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "no GPU on the simulated machine");
}

doca_error_t doca_sync_event_add_publisher_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_CPU, dev, NULL, __func__);
}

doca_error_t doca_sync_event_add_publisher_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_DPA, NULL, dpa, __func__);
}

doca_error_t doca_sync_event_add_publisher_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu)
{
	return opendoca_se_gpu_location(event, gpu, __func__);
}

doca_error_t doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_REMOTE_NET, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_add_publisher_location_remote_pci(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_REMOTE_PCI, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_add_subscriber_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_CPU, dev, NULL, __func__);
}

doca_error_t doca_sync_event_add_subscriber_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_DPA, NULL, dpa, __func__);
}

doca_error_t doca_sync_event_add_subscriber_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu)
{
	return opendoca_se_gpu_location(event, gpu, __func__);
}

doca_error_t doca_sync_event_add_subscriber_location_remote_pci(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_REMOTE_PCI, NULL, NULL, __func__);
}

/* Sets the program's memory as the counter (lock held, configurable). */
static doca_error_t set_counter(struct opendoca_sync_event *se, uint64_t *addr, const char *func)
{
	if ((uintptr_t)addr % sizeof(uint64_t))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "address %p is not 8-byte aligned", (void *)addr);
	se->user_addr = addr;
	return DOCA_SUCCESS;
}

doca_error_t doca_sync_event_set_addr(struct doca_sync_event *event, uint64_t *addr)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&se->lock);
	err = addr ? configurable(se, __func__) : opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "addr is NULL");
	if (!err)
		err = set_counter(se, addr, __func__);
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_set_doca_buf(struct doca_sync_event *event, struct doca_buf *buf)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	struct opendoca_reach reach = { 0 };
	struct opendoca_buf *desc;
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	desc = opendoca_buf_get(buf, __func__);
	if (!desc) {
		opendoca_se_put(se);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&se->lock);
	err = configurable(se, __func__);
	/* The counter is the first 8 bytes of the buffer's data, which the program's memory must hold. */
	if (!err && (char *)desc->head + desc->len - (char *)desc->data < (ptrdiff_t)sizeof(uint64_t))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "buffer %p has less than 8 bytes from its data",
				    (void *)buf);
	if (!err)
		err = opendoca_mmap_reach(desc->mmap, NULL, (uint64_t)(uintptr_t)desc->data, sizeof(uint64_t), &reach,
					  __func__);
	if (!err && !reach.host)
		err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__,
				    "buffer %p is not memory of this process (the counter must be)", (void *)buf);
	if (!err)
		err = set_counter(se, reach.host, __func__);
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

doca_error_t opendoca_se_start(struct opendoca_sync_event *se, const char *func)
{
	uint64_t *counter;
	doca_error_t err = DOCA_SUCCESS;

	pthread_mutex_lock(&se->lock);
	if (se->imported) {
		/* Started when created; a program may start it again after stopping it. */
		atomic_store(&se->started, true);
		pthread_mutex_unlock(&se->lock);
		return DOCA_SUCCESS;
	}
	err = configurable(se, func);
	if (!err && (!se->publisher || !se->subscriber))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p has no %s location",
				    opendoca_handle_of(&se->object), se->publisher ? "subscriber" : "publisher");
	if (!err) {
		/* Placed at each start: the configuration may have changed while stopped. */
		counter = se->user_addr ? se->user_addr : &se->own;
		if (se->publisher >= OPENDOCA_SE_DPU || se->subscriber >= OPENDOCA_SE_DPU) {
			if (se->user_addr)
				err = opendoca_fail(
					DOCA_ERROR_NOT_SUPPORTED, func,
					"sync event %p: a counter at the program's address is not shared with "
					"another process",
					opendoca_handle_of(&se->object));
			else if (!se->shared) /* made once: importers keep their mapping */
				err = opendoca_se_share(se, func);
			counter = se->shared;
		}
		if (!err)
			atomic_store(&se->counter, counter);
	}
	if (!err)
		atomic_store(&se->started, true);
	pthread_mutex_unlock(&se->lock);
	return err;
}

doca_error_t doca_sync_event_start(struct doca_sync_event *event)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_se_start(se, __func__);
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_stop(struct doca_sync_event *event)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&se->lock);
	if (!atomic_load(&se->started))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "sync event %p is not started", (void *)event);
	else if (atomic_load(&se->ctx->state) != OPENDOCA_CTX_IDLE)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the context of sync event %p is not idle",
				    (void *)event);
	else
		atomic_store(&se->started, false);
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

uint64_t *opendoca_se_counter(struct opendoca_sync_event *se, const char *func)
{
	if (!atomic_load_explicit(&se->started, memory_order_acquire)) {
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p is not started",
			      opendoca_handle_of(&se->object));
		return NULL;
	}
	return atomic_load_explicit(&se->counter, memory_order_relaxed);
}

doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	uint64_t *counter;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!value)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	else if (!(counter = opendoca_se_counter(se, __func__)))
		err = DOCA_ERROR_BAD_STATE;
	else
		*value = __atomic_load_n(counter, __ATOMIC_ACQUIRE);
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_update_set(struct doca_sync_event *event, uint64_t value)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	uint64_t *counter;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!(counter = opendoca_se_counter(se, __func__))) {
		err = DOCA_ERROR_BAD_STATE;
	} else {
		__atomic_store_n(counter, value, __ATOMIC_RELEASE);
		opendoca_se_updated(se);
	}
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_update_add(struct doca_sync_event *event, uint64_t value, uint64_t *fetched)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	uint64_t *counter;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!fetched) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "fetched is NULL");
	} else if (!(counter = opendoca_se_counter(se, __func__))) {
		err = DOCA_ERROR_BAD_STATE;
	} else {
		*fetched = __atomic_fetch_add(counter, value, __ATOMIC_ACQ_REL);
		opendoca_se_updated(se);
	}
	opendoca_se_put(se);
	return err;
}

/* A spin loop's pause: lets the sibling hyper-thread (the updater, often) run. */
static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

doca_error_t opendoca_se_wait(struct doca_sync_event *handle, enum opendoca_se_cmp cmp, uint64_t value, uint64_t mask,
			      bool yield, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	uint64_t *counter;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!(counter = opendoca_se_counter(se, func))) {
		opendoca_se_put(se);
		return DOCA_ERROR_BAD_STATE;
	}
	while (!opendoca_se_satisfied(__atomic_load_n(counter, __ATOMIC_ACQUIRE), cmp, value, mask)) {
		/* Stopped or destroyed meanwhile: nothing will satisfy the wait through this event. */
		if (!atomic_load_explicit(&se->started, memory_order_relaxed)) {
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p was stopped during the wait",
					    (void *)handle);
			break;
		}
		if (yield)
			sched_yield();
		else
			relax();
	}
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_GT, value, mask, false, __func__);
}

doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_GT, value, mask, true, __func__);
}

doca_error_t doca_sync_event_wait_eq(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_EQ, value, mask, false, __func__);
}

doca_error_t doca_sync_event_wait_eq_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_EQ, value, mask, true, __func__);
}

doca_error_t doca_sync_event_wait_neq(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_NEQ, value, mask, false, __func__);
}

doca_error_t doca_sync_event_wait_neq_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask)
{
	return opendoca_se_wait(event, OPENDOCA_SE_NEQ, value, mask, true, __func__);
}

struct doca_ctx *doca_sync_event_as_ctx(struct doca_sync_event *event)
{
	struct opendoca_sync_event *se = opendoca_se_get(event, __func__);
	struct doca_ctx *ctx;

	if (!se)
		return NULL;
	ctx = opendoca_ctx_handle(se->ctx);
	opendoca_se_put(se);
	return ctx;
}

/* ---- Capabilities ---- */

doca_error_t opendoca_se_cap(const struct doca_devinfo *devinfo, enum opendoca_se_cap cap, const char *func)
{
	uint8_t supported = 0;
	/* Any device's CPU side: what the library does on the host. */
	doca_error_t err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_SYNC_EVENT, &supported, func);

	if (err)
		return err;
	switch (cap) {
	case OPENDOCA_SE_CAP_CPU:
		break;
	case OPENDOCA_SE_CAP_EXPORT:
		err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_SYNC_EVENT_EXPORT, &supported, func);
		break;
	case OPENDOCA_SE_CAP_EXPORT_DPA:
		err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_SYNC_EVENT_EXPORT_DPA, &supported, func);
		break;
	case OPENDOCA_SE_CAP_GPU:
		supported = 0;
		break;
	}
	/* An answer, not a failure: nothing is logged for "not supported". */
	return err ? err : supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

#define SE_CAP(name, cap)                                       \
	doca_error_t name(const struct doca_devinfo *devinfo)   \
	{                                                       \
		return opendoca_se_cap(devinfo, cap, __func__); \
	}

SE_CAP(doca_sync_event_cap_is_create_from_export_supported, OPENDOCA_SE_CAP_EXPORT)
SE_CAP(doca_sync_event_cap_is_export_to_dpa_supported, OPENDOCA_SE_CAP_EXPORT_DPA)
SE_CAP(doca_sync_event_cap_is_export_to_gpu_supported, OPENDOCA_SE_CAP_GPU)
SE_CAP(doca_sync_event_cap_is_export_to_remote_net_supported, OPENDOCA_SE_CAP_EXPORT)
SE_CAP(doca_sync_event_cap_is_export_to_remote_pci_supported, OPENDOCA_SE_CAP_EXPORT)
SE_CAP(doca_sync_event_cap_remote_net_is_create_from_export_supported, OPENDOCA_SE_CAP_EXPORT)
SE_CAP(doca_sync_event_cap_remote_net_is_export_to_dpa_supported, OPENDOCA_SE_CAP_EXPORT_DPA)
SE_CAP(doca_sync_event_cap_remote_net_is_export_to_gpu_supported, OPENDOCA_SE_CAP_GPU)
SE_CAP(doca_sync_event_cap_task_get_is_supported, OPENDOCA_SE_CAP_CPU)
SE_CAP(doca_sync_event_cap_task_notify_add_is_supported, OPENDOCA_SE_CAP_CPU)
SE_CAP(doca_sync_event_cap_task_notify_set_is_supported, OPENDOCA_SE_CAP_CPU)
SE_CAP(doca_sync_event_cap_task_wait_eq_is_supported, OPENDOCA_SE_CAP_CPU)
SE_CAP(doca_sync_event_cap_task_wait_neq_is_supported, OPENDOCA_SE_CAP_CPU)
