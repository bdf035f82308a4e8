/*
 * DPA functions of the memory family's DPA test (test_mem_dpa.c): read a buffer array's table as
 * DOCA DPA's device library will, and read host memory through a window with a memory map's DPA
 * handle. Each returns the value read, or ERR_BASE + errno when a device call failed.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

#include "buf_array_dpa.h"

#define ERR_BASE 1000000u

/* Field f of buffer array table (at DPA address table), element i: 0 count, 1 size, 2 addr, 3 len, 4 key. */
__dpa_rpc__ uint64_t arr_field(uint64_t table, uint64_t i, uint64_t f)
{
	const struct opendoca_dpa_buf_arr *arr = (const struct opendoca_dpa_buf_arr *)table;
	/* As DOCA DPA's doca_dpa_dev_buf_array_get_buf reads it: through the table's first word. */
	const struct opendoca_dpa_buf *bufs = (const struct opendoca_dpa_buf *)arr->bufs;

	switch (f) {
	case 0:
		return arr->num_elem;
	case 1:
		return arr->elem_size;
	case 2:
		return bufs[i].addr;
	case 3:
		return bufs[i].len;
	default:
		return bufs[i].mkey;
	}
}

/* The uint64_t at host address haddr, through window with key mkey. */
__dpa_rpc__ uint64_t host_load(uint32_t window, uint32_t mkey, uint64_t haddr)
{
	struct flexio_dev_thread_ctx *dtctx;
	flexio_uintptr_t p;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_multi_window_config((enum flexio_window_entity)0, (uint16_t)window, mkey) !=
		    FLEXIO_DEV_STATUS_SUCCESS ||
	    flexio_dev_multi_window_ptr_acquire((enum flexio_window_entity)0, haddr, &p) != FLEXIO_DEV_STATUS_SUCCESS)
		return ERR_BASE + flexio_dev_get_and_rst_errno(dtctx);
	__dpa_thread_window_read_inv();
	return *(volatile uint64_t *)p;
}
