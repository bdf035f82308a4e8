/*
 * Memory keys over DPA memory (flexio_device_mkey_*, flexio_mkey_get_id) and recoverable
 * buffers (flexio_recoverable_buf_dev_alloc).
 *
 * A device mkey covers [daddr, daddr + len) of one allocated heap buffer, on a PD of the
 * process's device, with access flags among IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE,
 * _REMOTE_READ and _REMOTE_ATOMIC. Its id is the key the NIC will use.
 *
 * A recoverable buffer is a heap buffer of a whole number of DPA memory blocks
 * (RECOVERABLE_BLOCK_SIZE, 4096 bytes) tied to a host memory region: mkey is the lkey of a
 * region registered on the process's PD with IBV_ACCESS_LOCAL_WRITE, exactly as long as the
 * rounded-up buffer. When the buffer is freed (flexio_buf_dev_free) or its process destroyed
 * (also after a fatal error: that is what it is for), its content is copied to the region.
 */
#include "process.h"

#include "log.h"
#include "uar.h"

#include <infiniband/verbs.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MKEY_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

struct mkey {
	struct process_child child; /* first: handle_get returns the object */
	uint32_t id;
	struct ibv_pd *pd; /* held (provider pd_hold) */
};

static void mkey_free(struct process_child *child)
{
	struct mkey *mkey = (struct mkey *)child;

	child->process->provider->device_mkey_destroy(child->process->device, mkey->id);
	child->process->provider->pd_release(mkey->pd);
	free(mkey);
}

static flexio_status mkey_create(struct process *process, const struct flexio_mkey_attr *fattr, flexio_mkey **mkey_ptr,
				 const char *func)
{
	struct mkey *mkey;
	void *handle;
	int rc;

	if (fattr->access & ~MKEY_ACCESS) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->access 0x%x has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, "
			      "_REMOTE_READ and _REMOTE_ATOMIC",
			      (unsigned)fattr->access);
		return FLEXIO_STATUS_FAILED;
	}
	if (!fattr->len) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->len is 0");
		return FLEXIO_STATUS_FAILED;
	}
	if (!heap_contains(&process->heap, fattr->daddr, fattr->len)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\": [0x%llx, +%zu) is not inside an allocated heap buffer", process->name,
			      (unsigned long long)fattr->daddr, fattr->len);
		return FLEXIO_STATUS_FAILED;
	}
	/* Holding the PD checks it too: a PD deallocated meanwhile is refused, and none can be while held. */
	if (!fattr->pd || process->provider->pd_hold(process->ibv_ctx, fattr->pd)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->pd %p is not a live protection domain of process \"%s\"'s device",
			      (void *)fattr->pd, process->name);
		return FLEXIO_STATUS_FAILED;
	}
	mkey = calloc(1, sizeof(*mkey));
	if (!mkey) {
		process->provider->pd_release(fattr->pd);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	mkey->pd = fattr->pd;
	rc = process->provider->device_mkey_create(process->device, fattr->pd, fattr->daddr, fattr->len, fattr->access,
						   &mkey->id);
	if (rc) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create a memory key: %s", process->name,
			      strerror(-rc));
		process->provider->pd_release(fattr->pd);
		free(mkey);
		return FLEXIO_STATUS_FAILED;
	}
	handle = process_child_open(process, &mkey->child, HANDLE_MKEY, NULL, mkey_free, func);
	if (!handle) {
		mkey->child.process = process;
		mkey_free(&mkey->child);
		return FLEXIO_STATUS_FAILED;
	}
	*mkey_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_device_mkey_create(flexio_process *handle, struct flexio_mkey_attr *fattr,
						      flexio_mkey **mkey_ptr)
{
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (mkey_ptr)
		*mkey_ptr = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !mkey_ptr)
		flexio_err("%s is NULL", fattr ? "mkey" : "fattr");
	else
		status = mkey_create(process, fattr, mkey_ptr, __func__);
	process_put(process);
	return status;
}

FLEXIO_STABLE flexio_status flexio_device_mkey_destroy(flexio_mkey *mkey)
{
	if (!mkey)
		return FLEXIO_STATUS_SUCCESS; /* NULL is valid */
	return process_child_destroy(mkey, HANDLE_MKEY, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_mkey_get_id(flexio_mkey *handle)
{
	return handle_read_u32(handle, HANDLE_MKEY, offsetof(struct mkey, id), __func__);
}

/* ---- recoverable buffers ------------------------------------------------------------------ */

static flexio_status recoverable_alloc(struct process *process, size_t buff_bsize, uint32_t mkey,
				       flexio_uintptr_t *dest_daddr_p, const char *func)
{
	struct recoverable_buf *buf;
	uint64_t iova, length;
	size_t size;
	int rc;

	if (!buff_bsize) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "buff_bsize is 0");
		return FLEXIO_STATUS_FAILED;
	}
	if (buff_bsize > process->heap.size) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\": %zu bytes is more than the DPA heap (%llu bytes)", process->name,
			      buff_bsize, (unsigned long long)process->heap.size);
		return FLEXIO_STATUS_FAILED;
	}
	size = (buff_bsize + RECOVERABLE_BLOCK_SIZE - 1) / RECOVERABLE_BLOCK_SIZE * RECOVERABLE_BLOCK_SIZE;
	rc = process->provider->mr_range(process->pd, mkey, IBV_ACCESS_LOCAL_WRITE, &iova, &length);
	if (rc) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "mkey 0x%x: %s", mkey,
			      rc == -EPERM    ? "its memory region is registered on another PD than the process's"
			      : rc == -EACCES ? "its memory region is not writable (IBV_ACCESS_LOCAL_WRITE)"
					      : "no live memory region has this key on the process's PD");
		return FLEXIO_STATUS_FAILED;
	}
	if (length != size) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "mkey 0x%x: its memory region has %llu bytes; a recoverable buffer of %zu bytes needs "
			      "exactly %zu (whole %u-byte DPA memory blocks)",
			      mkey, (unsigned long long)length, buff_bsize, size, RECOVERABLE_BLOCK_SIZE);
		return FLEXIO_STATUS_FAILED;
	}
	buf = calloc(1, sizeof(*buf));
	if (!buf) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	buf->daddr = heap_alloc(&process->heap, size);
	if (!buf->daddr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": no %zu bytes free in the DPA heap",
			      process->name, size);
		free(buf);
		return FLEXIO_STATUS_FAILED;
	}
	buf->size = size;
	buf->mkey = mkey;
	pthread_mutex_lock(&process->objects.lock);
	buf->next = process->objects.recoverable;
	process->objects.recoverable = buf;
	pthread_mutex_unlock(&process->objects.lock);
	*dest_daddr_p = buf->daddr;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_recoverable_buf_dev_alloc(flexio_process *handle, size_t buff_bsize, uint32_t mkey,
							     flexio_uintptr_t *dest_daddr_p)
{
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (dest_daddr_p)
		*dest_daddr_p = 0;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!dest_daddr_p)
		flexio_err("dest_daddr_p is NULL");
	else
		status = recoverable_alloc(process, buff_bsize, mkey, dest_daddr_p, __func__);
	process_put(process);
	return status;
}

static void dump(struct process *process, struct recoverable_buf *buf, const char *func)
{
	int rc = process->provider->memory_dump(process->device, buf->daddr, buf->size, process->pd, buf->mkey);

	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, func,
			      "process \"%s\": recoverable buffer 0x%llx not dumped to mkey 0x%x: %s", process->name,
			      (unsigned long long)buf->daddr, buf->mkey, strerror(-rc));
}

bool recoverable_buf_release(struct process *process, uint64_t daddr)
{
	struct recoverable_buf **link, *buf = NULL;

	pthread_mutex_lock(&process->objects.lock);
	for (link = &process->objects.recoverable; *link; link = &(*link)->next) {
		if ((*link)->daddr == daddr) {
			buf = *link;
			*link = buf->next;
			break;
		}
	}
	pthread_mutex_unlock(&process->objects.lock);
	if (!buf)
		return false;
	dump(process, buf, "flexio_buf_dev_free");
	free(buf);
	return true;
}

void recoverable_dump_all(struct process *process)
{
	while (process->objects.recoverable) {
		struct recoverable_buf *next = process->objects.recoverable->next;

		dump(process, process->objects.recoverable, "flexio_process_destroy");
		free(process->objects.recoverable);
		process->objects.recoverable = next;
	}
}
