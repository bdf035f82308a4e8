/* Device functions of the memory-safety tests: frames larger than a thread's stack, and window
 * accesses through a DPA address kept across calls. */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <stddef.h>

#define ERR_BASE 1000000u

/* Frames of 100 KiB and 1 MiB (an RPC thread's stack is 64 KiB), written with volatile stores
 * from the lowest address up: without a stack check these would start in the memory below
 * the stack's guard page. */
__dpa_rpc__ uint64_t frame_100k(uint64_t value)
{
	volatile uint8_t frame[100u << 10];

	for (size_t i = 0; i < sizeof(frame); i += 64)
		frame[i] = (uint8_t)value;
	return frame[value % sizeof(frame)];
}

__dpa_rpc__ uint64_t frame_1m(uint64_t value)
{
	volatile uint8_t frame[1u << 20];

	for (size_t i = 0; i < sizeof(frame); i += 64)
		frame[i] = (uint8_t)value;
	return frame[value % sizeof(frame)];
}

__dpa_rpc__ uint64_t add2(uint64_t a, uint64_t b)
{
	return a + b;
}

/* Configures entity 0 with (window, mkey) and returns the DPA address of haddr, or
 * ERR_BASE + errno (DPA addresses of windows are far above). */
__dpa_rpc__ uint64_t window_acquire(uint32_t window, uint32_t mkey, uint64_t haddr)
{
	struct flexio_dev_thread_ctx *dtctx;
	flexio_uintptr_t p;

	if (flexio_dev_multi_window_config(FLEXIO_DEV_WINDOW_ENTITY_0, window, mkey) != FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, haddr, &p) != FLEXIO_DEV_STATUS_SUCCESS) {
		flexio_dev_get_thread_ctx(&dtctx);
		return ERR_BASE + flexio_dev_get_and_rst_errno(dtctx);
	}
	return p;
}

/* A load and a store through an address acquired before: no new check by a service, no
 * invalidation, no writeback, so they reach whatever the thread's window cache holds. */
__dpa_rpc__ uint64_t window_load(flexio_uintptr_t p)
{
	return *(volatile uint64_t *)p;
}

__dpa_rpc__ uint64_t window_store(flexio_uintptr_t p, uint64_t value)
{
	*(volatile uint64_t *)p = value;
	return 0;
}
