/*
 * The device side of the heap/window example: sum count numbers the host put in DPA heap
 * memory, and store the sum in host memory through a window (the DPA memory model: window stores are
 * cached on the DPA and reach the host at __dpa_thread_window_writeback()).
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t heap_window_sum(flexio_uintptr_t data, uint32_t count, uint32_t window_id, uint32_t mkey,
				     uint64_t result_haddr)
{
	const uint64_t *numbers = (const uint64_t *)data;
	flexio_uintptr_t result;
	uint64_t sum = 0;

	for (uint32_t i = 0; i < count; i++)
		sum += numbers[i];
	if (flexio_dev_multi_window_config(FLEXIO_DEV_WINDOW_ENTITY_0, (uint16_t)window_id, mkey) !=
		    FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire(FLEXIO_DEV_WINDOW_ENTITY_0, result_haddr, &result) !=
		    FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	*(volatile uint64_t *)result = sum;
	__dpa_thread_window_writeback();
	flexio_dev_print("Summed %u numbers on the DPA\n", count);
	return 0;
}
