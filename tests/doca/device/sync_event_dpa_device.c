/*
 * DPA functions of the sync event DPA test (test_sync_event_dpa.c): reach a sync event's counter
 * by its DPA handle as DOCA DPA's device library will (sync_event_dpa.h: the handle is the DPA
 * address of a descriptor naming the counter's host address and key), through a window, and
 * read it or set it (an aligned 8-byte access: single-copy atomic). Each returns the value read
 * (0 for a set), or ERR_BASE + errno when a device call failed. Adding is no window access: the
 * DPA's atomic instructions work on DPA memory only (the DPA memory model), so DOCA DPA's device
 * library adds with an RDMA atomic fetch-and-add on the counter's key (doca/README.md, "Sync
 * events").
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

#include "sync_event_dpa.h"

#define ERR_BASE 1000000u

/* The counter of the event whose handle is handle, through window; NULL after a failure. */
static volatile uint64_t *counter(uint32_t window, uint64_t handle, uint64_t *err)
{
	const struct opendoca_dpa_sync_event *se = (const struct opendoca_dpa_sync_event *)handle;
	struct flexio_dev_thread_ctx *dtctx;
	flexio_uintptr_t p;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_multi_window_config((enum flexio_window_entity)0, (uint16_t)window, se->mkey) !=
		    FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire((enum flexio_window_entity)0, se->haddr, &p) !=
		    FLEXIO_DEV_STATUS_SUCCESS) {
		*err = ERR_BASE + flexio_dev_get_and_rst_errno(dtctx);
		return 0;
	}
	return (volatile uint64_t *)p;
}

/* The event's value. */
__dpa_rpc__ uint64_t se_dpa_get(uint32_t window, uint64_t handle)
{
	uint64_t err = 0;
	volatile uint64_t *c = counter(window, handle, &err);

	if (!c)
		return err;
	__dpa_thread_window_read_inv();
	return *c;
}

/* Sets the event's value. */
__dpa_rpc__ uint64_t se_dpa_set(uint32_t window, uint64_t handle, uint64_t value)
{
	uint64_t err = 0;
	volatile uint64_t *c = counter(window, handle, &err);

	if (!c)
		return err;
	*c = value;
	__dpa_thread_window_writeback();
	return 0;
}

/* The flags of a handle's descriptor (OPENDOCA_DPA_SYNC_EVENT_*). */
__dpa_rpc__ uint64_t se_dpa_flags(uint64_t handle)
{
	return ((const struct opendoca_dpa_sync_event *)handle)->flags;
}
