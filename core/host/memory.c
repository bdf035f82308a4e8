/* DPA heap memory of a process, from the host (flexio_buf_dev_*, flexio_copy_from_host, ...). */
#include "process.h"

#include "log.h"

#include <string.h>

FLEXIO_STABLE flexio_status flexio_buf_dev_alloc(flexio_process *process, size_t buff_bsize,
						 flexio_uintptr_t *dest_daddr_p)
{
	if (dest_daddr_p)
		*dest_daddr_p = 0;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!dest_daddr_p || !buff_bsize) {
		flexio_err("%s", dest_daddr_p ? "buff_bsize is 0" : "dest_daddr_p is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*dest_daddr_p = heap_alloc(&process->heap, buff_bsize);
	if (!*dest_daddr_p) {
		flexio_err("process \"%s\": no %zu bytes free in the DPA heap (%llu bytes, %zu in use)", process->name,
			   buff_bsize, (unsigned long long)process->heap.size, process->heap.allocated);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_buf_dev_free(flexio_process *process, flexio_uintptr_t daddr)
{
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!daddr)
		return FLEXIO_STATUS_SUCCESS;
	recoverable_buf_release(process, daddr); /* a recoverable buffer is dumped first (mkey.c) */
	if (!heap_free(&process->heap, daddr)) {
		flexio_err("process \"%s\": 0x%llx is not an allocated heap buffer", process->name,
			   (unsigned long long)daddr);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

/* Checks that [daddr, daddr + size) lies in one allocated heap buffer. */
static bool in_buffer(struct flexio_process *process, flexio_uintptr_t daddr, size_t size, const char *func)
{
	if (heap_contains(&process->heap, daddr, size))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": [0x%llx, +%zu) is not inside an allocated heap buffer",
		      process->name, (unsigned long long)daddr, size);
	return false;
}

FLEXIO_STABLE flexio_status flexio_buf_dev_memset(flexio_process *process, int value, size_t buff_bsize,
						  flexio_uintptr_t dest_daddr)
{
	if (!process_check(process, __func__) || !in_buffer(process, dest_daddr, buff_bsize, __func__))
		return FLEXIO_STATUS_FAILED;
	if (process->provider->memory_set(process->device, dest_daddr, value, buff_bsize)) {
		flexio_err("process \"%s\": cannot write DPA memory at 0x%llx", process->name,
			   (unsigned long long)dest_daddr);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_host2dev_memcpy(flexio_process *process, void *src_haddr, size_t buff_bsize,
						   flexio_uintptr_t dest_daddr)
{
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!src_haddr) {
		flexio_err("src_haddr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (!in_buffer(process, dest_daddr, buff_bsize, __func__))
		return FLEXIO_STATUS_FAILED;
	if (process->provider->memory_write(process->device, dest_daddr, src_haddr, buff_bsize)) {
		flexio_err("process \"%s\": cannot write DPA memory at 0x%llx", process->name,
			   (unsigned long long)dest_daddr);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_copy_from_host(flexio_process *process, void *src_haddr, size_t buff_bsize,
						  flexio_uintptr_t *dest_daddr_p)
{
	if (dest_daddr_p)
		*dest_daddr_p = 0;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!src_haddr || !dest_daddr_p) {
		flexio_err("%s is NULL", src_haddr ? "dest_daddr_p" : "src_haddr");
		return FLEXIO_STATUS_FAILED;
	}
	if (flexio_buf_dev_alloc(process, buff_bsize, dest_daddr_p) != FLEXIO_STATUS_SUCCESS)
		return FLEXIO_STATUS_FAILED;
	if (flexio_host2dev_memcpy(process, src_haddr, buff_bsize, *dest_daddr_p) != FLEXIO_STATUS_SUCCESS) {
		flexio_buf_dev_free(process, *dest_daddr_p);
		*dest_daddr_p = 0;
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}
