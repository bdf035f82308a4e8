/* Device functions the host-runtime tests call: results, prints, memory, faults, process ends. */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

__dpa_rpc__ uint64_t add3(uint64_t a, uint32_t b, int8_t c)
{
	return a + b + (int64_t)c;
}

/* Sums len bytes of heap memory the host filled. */
__dpa_rpc__ uint64_t sum_bytes(flexio_uintptr_t daddr, uint32_t len)
{
	const uint8_t *p = (const uint8_t *)daddr;
	uint64_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum += p[i];
	return sum;
}

/* One message per level to stream_id, then one ALWAYS_PRINT. */
__dpa_rpc__ uint64_t print_levels(int stream_id)
{
	flexio_dev_msg(stream_id, FLEXIO_MSG_DEV_ERROR, "level error\n");
	flexio_dev_msg(stream_id, FLEXIO_MSG_DEV_WARN, "level warn\n");
	flexio_dev_msg(stream_id, FLEXIO_MSG_DEV_INFO, "level info\n");
	flexio_dev_msg(stream_id, FLEXIO_MSG_DEV_DEBUG, "level debug\n");
	flexio_dev_msg(stream_id, FLEXIO_MSG_DEV_ALWAYS_PRINT, "level always\n");
	return 0;
}

__dpa_rpc__ uint64_t print_numbered(uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		flexio_dev_print("message %u\n", i);
	return count;
}

/* A 4-byte load-reserved from an address that is not 4-byte aligned: the DPA faults (a misaligned
 * atomic; plain loads and stores are performed, as BlueField-3 performs them). */
__dpa_rpc__ uint64_t load_misaligned(flexio_uintptr_t daddr)
{
	uint64_t value;

	__asm__ volatile("lr.w %0, (%1)" : "=r"(value) : "r"(daddr + 1) : "memory");
	return value;
}

__dpa_rpc__ uint64_t load_from(flexio_uintptr_t daddr)
{
	return *(volatile uint64_t *)daddr;
}

__dpa_rpc__ uint64_t spin_forever(uint64_t unused)
{
	volatile uint64_t n = unused;

	for (;;)
		n++;
	return n;
}

__dpa_rpc__ uint64_t finish_process(uint64_t unused)
{
	(void)unused;
	flexio_dev_process_finish();
}

__dpa_rpc__ uint64_t user_error(uint64_t code)
{
	flexio_dev_error((uint8_t)code);
}
