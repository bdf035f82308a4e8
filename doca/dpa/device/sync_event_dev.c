/*
 * Sync events from DPA code (doca_dpa_dev_sync_event.h). A handle is the DPA address of the
 * descriptor libdoca_common wrote (common/sync_event_dpa.h): the 64-bit counter in host memory
 * and its key on the context's device. Reads and stores go through the context's window (a read
 * first drops the thread's window cache, a store is written back at once, so the host and other
 * threads see it); an add is an RDMA atomic fetch-and-add on the context's loopback queue pair,
 * because the DPA's atomic instructions reach DPA memory only.
 */
#include <stdint.h>

#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_sync_event.h"
#include "dpa_qp_dev.h"
#include "sync_event_dpa.h"

static const struct opendoca_dpa_sync_event *descriptor(uint64_t handle)
{
	return (const struct opendoca_dpa_sync_event *)(uintptr_t)handle;
}

volatile uint64_t *opendoca_dev_host_ptr(uint64_t haddr, uint32_t mkey)
{
	const struct opendoca_dpa_dev_context *ctx = opendoca_dev_context();
	flexio_uintptr_t p;

	if (!ctx)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT);
	if (flexio_dev_multi_window_config((enum flexio_window_entity)0, (uint16_t)ctx->window_id, mkey) !=
		    FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire((enum flexio_window_entity)0, haddr, &p) != FLEXIO_DEV_STATUS_SUCCESS)
		return 0;
	return (volatile uint64_t *)(uintptr_t)p;
}

/* The counter of a handle: a bad handle or a refused window stops the process (as a fault would). */
static volatile uint64_t *counter(uint64_t handle)
{
	const struct opendoca_dpa_sync_event *se = descriptor(handle);
	volatile uint64_t *c = opendoca_dev_host_ptr(se->haddr, se->mkey);

	if (!c)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_HOST_ACCESS);
	return c;
}

void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t *value)
{
	volatile uint64_t *c = counter(dpa_dev_se_handle);

	__dpa_thread_window_read_inv();
	*value = *c;
}

void opendoca_dev_sync_event_set(uint64_t handle, uint64_t value)
{
	volatile uint64_t *c = counter(handle);

	*c = value;
	__dpa_thread_window_writeback();
}

void opendoca_dev_sync_event_add(uint64_t handle, uint64_t value)
{
	const struct opendoca_dpa_sync_event *se = descriptor(handle);
	const struct opendoca_dpa_dev_context *ctx = opendoca_dev_context();
	struct opendoca_dpa_qp_desc *qp;

	if (!ctx)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT);
	qp = (struct opendoca_dpa_qp_desc *)(uintptr_t)ctx->qp;
	opendoca_dev_qp_fetch_add(qp, se->haddr, se->mkey, value);
	if (opendoca_dev_qp_error(qp))
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_RDMA);
}

void doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value)
{
	opendoca_dev_sync_event_set(dpa_dev_se_handle, value);
}

void doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value)
{
	opendoca_dev_sync_event_add(dpa_dev_se_handle, value);
}

void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value, uint64_t mask)
{
	volatile uint64_t *c = counter(dpa_dev_se_handle);

	for (;;) {
		__dpa_thread_window_read_inv();
		if ((*c & mask) > value)
			return;
		doca_dpa_dev_yield();
	}
}

/*
 * Waits posted on an asynchronous-operations queue (3.0). The simulated NIC has no work request
 * that waits on memory, so the posting thread waits here until the condition holds: what it posts
 * on the queue afterwards starts after it, as DOCA orders it; unlike DOCA's, the call returns only
 * then (a thread must not post a wait that only its own later work would satisfy).
 */
void doca_dpa_dev_sync_event_post_wait_gt(doca_dpa_dev_async_ops_t async_ops_handle,
					  doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value)
{
	(void)async_ops_handle;
	doca_dpa_dev_sync_event_wait_gt(wait_se_handle, value, ~0ull);
}

void doca_dpa_dev_sync_event_post_wait_ne(doca_dpa_dev_async_ops_t async_ops_handle,
					  doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value)
{
	volatile uint64_t *c = counter(wait_se_handle);

	(void)async_ops_handle;
	for (;;) {
		__dpa_thread_window_read_inv();
		if (*c != value)
			return;
		doca_dpa_dev_yield();
	}
}
