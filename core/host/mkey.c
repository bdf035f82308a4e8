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

#include "handle.h"
#include "log.h"

#include <infiniband/verbs.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MKEY_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

static bool mkey_check(const struct flexio_mkey *mkey, const char *func)
{
	if (handle_is(mkey, HANDLE_MKEY))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live memory key", (const void *)mkey);
	return false;
}

FLEXIO_STABLE flexio_status flexio_device_mkey_create(flexio_process *process, struct flexio_mkey_attr *fattr,
						      flexio_mkey **mkey_ptr)
{
	struct flexio_mkey *mkey;
	int rc;

	if (mkey_ptr)
		*mkey_ptr = NULL;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!fattr || !mkey_ptr) {
		flexio_err("%s is NULL", fattr ? "mkey" : "fattr");
		return FLEXIO_STATUS_FAILED;
	}
	if (!fattr->pd || process->provider->pd_check(process->ibv_ctx, fattr->pd)) {
		flexio_err("fattr->pd %p is not a live protection domain of process \"%s\"'s device", (void *)fattr->pd,
			   process->name);
		return FLEXIO_STATUS_FAILED;
	}
	if (!fattr->len) {
		flexio_err("fattr->len is 0");
		return FLEXIO_STATUS_FAILED;
	}
	if (fattr->access & ~MKEY_ACCESS) {
		flexio_err("fattr->access 0x%x has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, "
			   "_REMOTE_READ and _REMOTE_ATOMIC",
			   (unsigned)fattr->access);
		return FLEXIO_STATUS_FAILED;
	}
	if (!heap_contains(&process->heap, fattr->daddr, fattr->len)) {
		flexio_err("process \"%s\": [0x%llx, +%zu) is not inside an allocated heap buffer", process->name,
			   (unsigned long long)fattr->daddr, fattr->len);
		return FLEXIO_STATUS_FAILED;
	}
	mkey = calloc(1, sizeof(*mkey));
	if (!mkey) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	mkey->process = process;
	rc = process->provider->device_mkey_create(process->device, fattr->pd, fattr->daddr, fattr->len,
						    fattr->access, &mkey->id);
	if (!rc && !handle_add(mkey, HANDLE_MKEY)) {
		process->provider->device_mkey_destroy(process->device, mkey->id);
		rc = -ENOMEM;
	}
	if (rc) {
		flexio_err("process \"%s\": cannot create a memory key: %s", process->name, strerror(-rc));
		free(mkey);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&process->objects.lock);
	mkey->next = process->objects.mkeys;
	process->objects.mkeys = mkey;
	pthread_mutex_unlock(&process->objects.lock);
	*mkey_ptr = mkey;
	return FLEXIO_STATUS_SUCCESS;
}

void mkey_free(struct flexio_mkey *mkey)
{
	handle_remove(mkey);
	mkey->process->provider->device_mkey_destroy(mkey->process->device, mkey->id);
	free(mkey);
}

FLEXIO_STABLE flexio_status flexio_device_mkey_destroy(flexio_mkey *mkey)
{
	struct flexio_process *process;
	struct flexio_mkey **link;

	if (!mkey)
		return FLEXIO_STATUS_SUCCESS; /* NULL is valid */
	if (!mkey_check(mkey, __func__))
		return FLEXIO_STATUS_FAILED;
	process = mkey->process;
	pthread_mutex_lock(&process->objects.lock);
	for (link = &process->objects.mkeys; *link != mkey; link = &(*link)->next)
		;
	*link = mkey->next;
	pthread_mutex_unlock(&process->objects.lock);
	mkey_free(mkey);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_mkey_get_id(flexio_mkey *mkey)
{
	return mkey_check(mkey, __func__) ? mkey->id : UINT32_MAX;
}

/* ---- recoverable buffers ------------------------------------------------------------------ */

FLEXIO_STABLE flexio_status flexio_recoverable_buf_dev_alloc(flexio_process *process, size_t buff_bsize,
							     uint32_t mkey, flexio_uintptr_t *dest_daddr_p)
{
	struct recoverable_buf *buf;
	uint64_t iova, length;
	size_t size;
	int rc;

	if (dest_daddr_p)
		*dest_daddr_p = 0;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!dest_daddr_p || !buff_bsize) {
		flexio_err("%s", dest_daddr_p ? "buff_bsize is 0" : "dest_daddr_p is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (buff_bsize > process->heap.size) {
		flexio_err("process \"%s\": %zu bytes is more than the DPA heap (%llu bytes)", process->name, buff_bsize,
			   (unsigned long long)process->heap.size);
		return FLEXIO_STATUS_FAILED;
	}
	size = (buff_bsize + RECOVERABLE_BLOCK_SIZE - 1) / RECOVERABLE_BLOCK_SIZE * RECOVERABLE_BLOCK_SIZE;
	rc = process->provider->mr_range(process->pd, mkey, IBV_ACCESS_LOCAL_WRITE, &iova, &length);
	if (rc) {
		flexio_err("mkey 0x%x: %s", mkey,
			   rc == -EPERM	   ? "its memory region is registered on another PD than the process's"
			   : rc == -EACCES ? "its memory region is not writable (IBV_ACCESS_LOCAL_WRITE)"
					   : "no live memory region has this key on the process's PD");
		return FLEXIO_STATUS_FAILED;
	}
	if (length != size) {
		flexio_err("mkey 0x%x: its memory region has %llu bytes; a recoverable buffer of %zu bytes needs "
			   "exactly %zu (whole %u-byte DPA memory blocks)",
			   mkey, (unsigned long long)length, buff_bsize, size, RECOVERABLE_BLOCK_SIZE);
		return FLEXIO_STATUS_FAILED;
	}
	buf = calloc(1, sizeof(*buf));
	if (!buf) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	buf->daddr = heap_alloc(&process->heap, size);
	if (!buf->daddr) {
		flexio_err("process \"%s\": no %zu bytes free in the DPA heap", process->name, size);
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

static void dump(struct flexio_process *process, struct recoverable_buf *buf, const char *func)
{
	int rc = process->provider->memory_dump(process->device, buf->daddr, buf->size, process->pd, buf->mkey);

	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, func,
			      "process \"%s\": recoverable buffer 0x%llx not dumped to mkey 0x%x: %s", process->name,
			      (unsigned long long)buf->daddr, buf->mkey, strerror(-rc));
}

bool recoverable_buf_release(struct flexio_process *process, uint64_t daddr)
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

void recoverable_dump_all(struct flexio_process *process)
{
	while (process->objects.recoverable) {
		struct recoverable_buf *next = process->objects.recoverable->next;

		dump(process, process->objects.recoverable, "flexio_process_destroy");
		free(process->objects.recoverable);
		process->objects.recoverable = next;
	}
}
