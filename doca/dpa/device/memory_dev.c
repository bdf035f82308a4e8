/*
 * Host memory from DPA code, 3.0's forms (doca_dpa_dev_buf.h): a pointer to a buffer's memory, or
 * a map's, through the context's window (the map's DPA handle is its key on the context's device).
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev_err.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"

/* The window's pointer to haddr (key mkey); a refused one stops the process. */
uint64_t opendoca_dev_external_ptr(uint64_t haddr, uint32_t mkey)
{
	volatile uint64_t *p = opendoca_dev_host_ptr(haddr, mkey);

	if (!p)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_HOST_ACCESS);
	return (uint64_t)(uintptr_t)p;
}

doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf)
{
	return opendoca_dev_external_ptr(doca_dpa_dev_buf_get_addr(buf), doca_dpa_dev_buf_get_mmap(buf));
}

doca_dpa_dev_uintptr_t doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle, uint64_t addr)
{
	return opendoca_dev_external_ptr(addr, mmap_handle);
}
