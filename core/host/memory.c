/*
 * DPA heap memory of a process, from the host (flexio_buf_dev_*, flexio_host2dev_memcpy,
 * flexio_copy_from_host; flexio_dev2host_memcpy is in bindings.c).
 *
 * Zero sizes (capi/CHOICES-host.md): a transfer of 0 bytes (memset, host2dev, dev2host)
 * succeeds and touches nothing, whatever the device address; an allocation of 0 bytes
 * (buf_dev_alloc, copy_from_host, recoverable_buf_dev_alloc) fails, as there is no buffer
 * to hand out. Host pointers must never be NULL.
 */
#include "process.h"

#include "log.h"

#include <string.h>

static bool allocate(struct process *process, size_t size, flexio_uintptr_t *daddr, const char *func)
{
	if (!size) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "buff_bsize is 0");
		return false;
	}
	*daddr = heap_alloc(&process->heap, size);
	if (!*daddr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\": no %zu bytes free in the DPA heap (%llu bytes, %zu in use)",
			      process->name, size, (unsigned long long)process->heap.size, process->heap.allocated);
		return false;
	}
	return true;
}

/* Checks that [daddr, daddr + size) lies in one allocated heap buffer. */
static bool in_buffer(struct process *process, flexio_uintptr_t daddr, size_t size, const char *func)
{
	if (heap_contains(&process->heap, daddr, size))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": [0x%llx, +%zu) is not inside an allocated heap buffer",
		      process->name, (unsigned long long)daddr, size);
	return false;
}

static bool write_device(struct process *process, const void *src, size_t size, flexio_uintptr_t daddr,
			 const char *func)
{
	if (!size)
		return true;
	if (!in_buffer(process, daddr, size, func))
		return false;
	if (process->provider->memory_write(process->device, daddr, src, size)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot write DPA memory at 0x%llx",
			      process->name, (unsigned long long)daddr);
		return false;
	}
	return true;
}

FLEXIO_STABLE flexio_status flexio_buf_dev_alloc(flexio_process *handle, size_t buff_bsize,
						 flexio_uintptr_t *dest_daddr_p)
{
	struct process *process;
	bool ok;

	if (dest_daddr_p)
		*dest_daddr_p = 0;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!dest_daddr_p) {
		flexio_err("dest_daddr_p is NULL");
		ok = false;
	} else {
		ok = allocate(process, buff_bsize, dest_daddr_p, __func__);
	}
	process_put(process);
	return ok ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_buf_dev_free(flexio_process *handle, flexio_uintptr_t daddr)
{
	struct process *process = process_get(handle, __func__);
	bool ok = true;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (daddr) {
		recoverable_buf_release(process, daddr); /* a recoverable buffer is dumped first (mkey.c) */
		ok = heap_free(&process->heap, daddr);
		if (!ok)
			flexio_err("process \"%s\": 0x%llx is not an allocated heap buffer", process->name,
				   (unsigned long long)daddr);
	}
	process_put(process);
	return ok ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_buf_dev_memset(flexio_process *handle, int value, size_t buff_bsize,
						  flexio_uintptr_t dest_daddr)
{
	struct process *process = process_get(handle, __func__);
	bool ok = true;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (buff_bsize) {
		ok = in_buffer(process, dest_daddr, buff_bsize, __func__);
		if (ok && process->provider->memory_set(process->device, dest_daddr, value, buff_bsize)) {
			flexio_err("process \"%s\": cannot write DPA memory at 0x%llx", process->name,
				   (unsigned long long)dest_daddr);
			ok = false;
		}
	}
	process_put(process);
	return ok ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_host2dev_memcpy(flexio_process *handle, void *src_haddr, size_t buff_bsize,
						   flexio_uintptr_t dest_daddr)
{
	struct process *process = process_get(handle, __func__);
	bool ok;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!src_haddr) {
		flexio_err("src_haddr is NULL");
		ok = false;
	} else {
		ok = write_device(process, src_haddr, buff_bsize, dest_daddr, __func__);
	}
	process_put(process);
	return ok ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_copy_from_host(flexio_process *handle, void *src_haddr, size_t buff_bsize,
						  flexio_uintptr_t *dest_daddr_p)
{
	struct process *process;
	bool ok = false;

	if (dest_daddr_p)
		*dest_daddr_p = 0;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!src_haddr || !dest_daddr_p) {
		flexio_err("%s is NULL", src_haddr ? "dest_daddr_p" : "src_haddr");
	} else if (allocate(process, buff_bsize, dest_daddr_p, __func__)) {
		ok = write_device(process, src_haddr, buff_bsize, *dest_daddr_p, __func__);
		if (!ok) {
			heap_free(&process->heap, *dest_daddr_p);
			*dest_daddr_p = 0;
		}
	}
	process_put(process);
	return ok ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}
