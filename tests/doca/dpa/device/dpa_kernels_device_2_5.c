/*
 * DPA code of the 2.5 tests (test_dpa_2_5.c), written against DOCA 2.5's device API: buffers of
 * buffer arrays by the functions of doca_dpa_dev_buf_array.h (inline functions from 2.6 on).
 */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)

#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf_array.h>

/* Writes buffer idx's address, length and first word (read through a host pointer) at out. */
__dpa_global__ void kernel_buf_info(doca_dpa_dev_buf_arr_t arr, uint64_t idx, uint64_t out)
{
	doca_dpa_dev_buf_t buf = doca_dpa_dev_buf_array_get_buf(arr, idx);
	volatile uint64_t *o = (volatile uint64_t *)(uintptr_t)out;

	o[0] = doca_dpa_dev_buf_get_addr(buf);
	o[1] = doca_dpa_dev_buf_get_len(buf);
	o[2] = *(volatile uint64_t *)(uintptr_t)doca_dpa_dev_buf_get_external_ptr(buf, 0);
}

/* The length of the buffer at DPA address buf (a bad handle when 0). */
__dpa_global__ void kernel_buf_len(doca_dpa_dev_buf_t buf, uint64_t out)
{
	*(volatile uint64_t *)(uintptr_t)out = doca_dpa_dev_buf_get_len(buf);
}

/* The address of the buffer at DPA address buf (a bad handle when 0). */
__dpa_global__ void kernel_buf_addr(doca_dpa_dev_buf_t buf, uint64_t out)
{
	*(volatile uint64_t *)(uintptr_t)out = doca_dpa_dev_buf_get_addr(buf);
}
