/*
 * Device functions of the memory-model checker's test: a store and a load through a window,
 * with or without the writeback / invalidation the DPA memory model requires. Each returns the pc of its
 * store or load (auipc right before it), which the checker must report, or ERR when a window
 * call failed.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>

#define ERR 1u

static uint64_t last_value;

/* A pointer to haddr through entity 0 configured with (window, mkey), or 0. */
static flexio_uintptr_t acquire(uint32_t window, uint32_t mkey, uint64_t haddr)
{
	flexio_uintptr_t p = 0;

	if (flexio_dev_multi_window_config(FLEXIO_DEV_WINDOW_ENTITY_0, window, mkey) != FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, haddr, &p) != FLEXIO_DEV_STATUS_SUCCESS)
		return 0;
	return p;
}

/* Stores value at haddr through the window; writes back when asked. */
__dpa_rpc__ uint64_t mc_store(uint32_t window, uint32_t mkey, uint64_t haddr, uint64_t value, int writeback)
{
	flexio_uintptr_t p = acquire(window, mkey, haddr);
	uint64_t pc;

	if (!p)
		return ERR;
	__asm__ __volatile__("auipc %0, 0\n\tsd %1, 0(%2)" : "=&r"(pc) : "r"(value), "r"(p) : "memory");
	if (writeback)
		__dpa_thread_window_writeback();
	return pc + 4;
}

/* Loads from haddr through the window (kept for mc_last_value), after an invalidation when
 * asked. */
__dpa_rpc__ uint64_t mc_load(uint32_t window, uint32_t mkey, uint64_t haddr, int invalidate)
{
	flexio_uintptr_t p = acquire(window, mkey, haddr);
	uint64_t pc, v;

	if (!p)
		return ERR;
	if (invalidate)
		__dpa_thread_window_read_inv();
	__asm__ __volatile__("auipc %0, 0\n\tld %1, 0(%2)" : "=&r"(pc), "=&r"(v) : "r"(p) : "memory");
	last_value = v;
	return pc + 4;
}

__dpa_rpc__ uint64_t mc_last_value(uint64_t unused)
{
	(void)unused;
	return last_value;
}

__dpa_rpc__ uint64_t mc_thread_id(uint64_t unused)
{
	struct flexio_dev_thread_ctx *dtctx;

	(void)unused;
	flexio_dev_get_thread_ctx(&dtctx);
	return flexio_dev_get_thread_id(dtctx);
}

/* DPA memory for the misaligned accesses below: 8 bytes at offset 1 are not 8-byte aligned. */
static uint8_t misaligned_bytes[16] __attribute__((aligned(8)));

/* The source line of mc_misaligned_store's store, which the checker's report names (this
 * program is built with -g). */
static uint64_t misaligned_store_line;

/* Stores value at offset 1 of misaligned_bytes (performed, as BlueField-3 performs it, unless
 * strict alignment makes it a fault); returns the store's pc. */
__dpa_rpc__ uint64_t mc_misaligned_store(uint64_t value)
{
	uint64_t pc;

	misaligned_store_line = __LINE__ + 1;
	__asm__ __volatile__("auipc %0, 0\n\tsd %1, 1(%2)" : "=&r"(pc) : "r"(value), "r"(misaligned_bytes) : "memory");
	return pc + 4;
}

/* The line of the store above, once mc_misaligned_store has run. */
__dpa_rpc__ uint64_t mc_misaligned_store_line(uint64_t unused)
{
	(void)unused;
	return misaligned_store_line;
}

/* The 8 bytes at offset 1 of misaligned_bytes, read by one misaligned load. */
__dpa_rpc__ uint64_t mc_misaligned_load(uint64_t unused)
{
	uint64_t v;

	(void)unused;
	__asm__ __volatile__("ld %0, 1(%1)" : "=r"(v) : "r"(misaligned_bytes) : "memory");
	return v;
}
