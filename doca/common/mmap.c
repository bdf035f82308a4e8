/*
 * DOCA memory maps (doca_mmap.h), 2.5 and later, and what every release's spelling shares
 * (mmap.h): the map's state machine, its devices and the registration of its memory with them,
 * what buffers ask of it. mmap_v2_2.c and mmap_v1_4.c spell the older forms; mmap_export.c exports
 * and imports; mmap_dpa.c maps over DPA memory.
 *
 * The errors are NVIDIA's (the DOCA API reference): a setter on a started map DOCA_ERROR_BAD_STATE;
 * a setter, device change or start on an exported map or one created from an export
 * DOCA_ERROR_NOT_PERMITTED (a map created from an export stops, as it started at creation), as are devices added to or removed from a started map, stopping or
 * destroying a map buffers still point into, and a second memory range; DOCA_ERROR_NO_MEMORY past
 * the maximum number of devices, DOCA_ERROR_ALREADY_EXIST for a device added twice,
 * DOCA_ERROR_NOT_FOUND for one removed that was not added.
 */
#include "doca_mmap.h"
#include "doca_log.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "mmap.h"
#include "private.h"

const struct opendoca_kind opendoca_mmap_kind = { "memory map" };

/* Every access flag any release defines (2.5's names; 2.2's DPU flags are the PCI ones). */
#define ACCESS_ALL                                                                                         \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ | DOCA_ACCESS_FLAG_RDMA_WRITE |    \
	 DOCA_ACCESS_FLAG_RDMA_ATOMIC | DOCA_ACCESS_FLAG_PCI_READ_ONLY | DOCA_ACCESS_FLAG_PCI_READ_WRITE | \
	 DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING)

/*
 * The defaults: one device and one chunk (the DOCA Core programming guide gives both), local read
 * and write (NVIDIA's samples that set no permission still copy into their maps).
 */
#define DEFAULT_MAX_DEVICES 1u
#define DEFAULT_MAX_CHUNKS 1u
#define DEFAULT_PERMISSIONS DOCA_ACCESS_FLAG_LOCAL_READ_WRITE

struct opendoca_mmap *opendoca_mmap_get(const struct doca_mmap *mmap, const char *func)
{
	return opendoca_handle_get(mmap, &opendoca_mmap_kind, func);
}

/* ---------------------------------------------------------------------------------------------- */
/* Registration                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

uint32_t opendoca_mmap_access_all(void)
{
	return ACCESS_ALL;
}

/* The rdma-core access of a map's memory regions: what its permissions let devices do. */
int opendoca_mmap_ibv_access(uint32_t permissions)
{
	int access = 0;

	if (permissions & DOCA_ACCESS_FLAG_LOCAL_READ_WRITE)
		access |= IBV_ACCESS_LOCAL_WRITE;
	if (permissions & DOCA_ACCESS_FLAG_RDMA_READ)
		access |= IBV_ACCESS_REMOTE_READ;
	/* rdma-core refuses remote writes and atomics without local writes. */
	if (permissions & DOCA_ACCESS_FLAG_RDMA_WRITE)
		access |= IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_LOCAL_WRITE;
	if (permissions & DOCA_ACCESS_FLAG_RDMA_ATOMIC)
		access |= IBV_ACCESS_REMOTE_ATOMIC | IBV_ACCESS_LOCAL_WRITE;
	if (permissions & DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING)
		access |= IBV_ACCESS_RELAXED_ORDERING;
	return access;
}

/* Registers chunk index of mmap with its device at dev (under the lock). */
static doca_error_t register_chunk(struct opendoca_mmap *mmap, struct opendoca_mmap_dev *dev, uint32_t index,
				   const char *func)
{
	struct opendoca_mmap_chunk *chunk = &mmap->chunks[index];
	struct ibv_pd *pd = opendoca_dev_ibv_pd(dev->dev);
	int access = opendoca_mmap_ibv_access(mmap->permissions);
	struct ibv_mr *mr;

	if (!pd)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "device %p has no protection domain", (void *)dev->dev);
	if (mmap->kind == OPENDOCA_MEM_DMABUF)
		mr = ibv_reg_dmabuf_mr(pd, mmap->dmabuf_offset, chunk->len, chunk->addr, mmap->dmabuf_fd, access);
	else
		mr = ibv_reg_mr(pd, (void *)(uintptr_t)chunk->addr, chunk->len, access);
	if (!mr) {
		int error = errno;

		return opendoca_fail(error == EOPNOTSUPP ? DOCA_ERROR_NOT_SUPPORTED : DOCA_ERROR_DRIVER, func,
				     "registering [%#lx, +%zu) with device %p failed: %s", (unsigned long)chunk->addr,
				     chunk->len, (void *)dev->dev, strerror(error));
	}
	dev->mrs[index] = mr;
	return DOCA_SUCCESS;
}

static void deregister_chunk(struct opendoca_mmap_dev *dev, uint32_t index)
{
	if (dev->mrs[index] && ibv_dereg_mr(dev->mrs[index]))
		opendoca_sdk_log(DOCA_LOG_LEVEL_WARNING, "doca_mmap", "deregistering a memory region failed: %s",
				 strerror(errno));
	dev->mrs[index] = NULL;
}

static void deregister_dev(struct opendoca_mmap *mmap, struct opendoca_mmap_dev *dev)
{
	for (uint32_t c = 0; c < mmap->num_chunks; c++)
		deregister_chunk(dev, c);
}

/* Registers every chunk with dev; nothing stays registered on failure. */
static doca_error_t register_dev(struct opendoca_mmap *mmap, struct opendoca_mmap_dev *dev, const char *func)
{
	for (uint32_t c = 0; c < mmap->num_chunks; c++) {
		doca_error_t err = register_chunk(mmap, dev, c, func);

		if (err) {
			deregister_dev(mmap, dev);
			return err;
		}
	}
	return DOCA_SUCCESS;
}

static void deregister_all(struct opendoca_mmap *mmap)
{
	for (uint32_t d = 0; d < mmap->num_devs; d++)
		deregister_dev(mmap, &mmap->devs[d]);
	if (mmap->kind == OPENDOCA_MEM_DPA)
		opendoca_mmap_dpa_deregister(mmap);
}

/* ---------------------------------------------------------------------------------------------- */
/* Creation and destruction                                                                       */
/* ---------------------------------------------------------------------------------------------- */

static void call_free_callbacks(struct opendoca_mmap *mmap)
{
	for (uint32_t c = 0; c < mmap->num_chunks; c++) {
		struct opendoca_mmap_chunk *chunk = &mmap->chunks[c];
		opendoca_mmap_free_cb *cb = chunk->memrange ? mmap->free_cb : chunk->free_cb;
		void *opaque = chunk->memrange ? mmap->free_opaque : chunk->opaque;

		if (cb)
			cb((void *)(uintptr_t)chunk->addr, chunk->len, opaque);
	}
}

/* The last reference is gone (destroyed, and the last buffer back): the map stops and goes. */
static void mmap_free(struct opendoca_object *object)
{
	struct opendoca_mmap *mmap = (struct opendoca_mmap *)object;

	/* Nobody else holds the map now: its lock is for the revocation's rule only. */
	pthread_mutex_lock(&mmap->lock);
	opendoca_mmap_revoke_exports(mmap);
	pthread_mutex_unlock(&mmap->lock);
	if (atomic_load(&mmap->started))
		deregister_all(mmap);
	for (uint32_t d = 0; d < mmap->num_devs; d++) {
		free(mmap->devs[d].mrs);
		opendoca_dev_release(mmap->devs[d].dev);
	}
	if (mmap->dpa)
		opendoca_handle_put(&mmap->dpa->object);
	if (mmap->import)
		opendoca_mmap_import_free(mmap->import);
	/* NVIDIA's rule: the callbacks free the memory of a map that was started. */
	if (mmap->ever_started && !mmap->from_export)
		call_free_callbacks(mmap);
	pthread_mutex_destroy(&mmap->lock);
	free(mmap->devs);
	free(mmap->chunks);
	free(mmap->name);
	free(mmap);
}

struct opendoca_mmap *opendoca_mmap_alloc(bool legacy, const char *name, const union doca_data *user_data,
					  const char *func)
{
	struct opendoca_mmap *mmap = calloc(1, sizeof(*mmap));

	if (!mmap || (name && !(mmap->name = strdup(name)))) {
		free(mmap);
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for a memory map");
		return NULL;
	}
	pthread_mutex_init(&mmap->lock, NULL);
	mmap->legacy = legacy;
	if (user_data)
		mmap->user_data = *user_data;
	mmap->permissions = DEFAULT_PERMISSIONS;
	mmap->max_devices = DEFAULT_MAX_DEVICES;
	mmap->max_chunks = DEFAULT_MAX_CHUNKS;
	mmap->dmabuf_fd = -1;
	return mmap;
}

void opendoca_mmap_discard(struct opendoca_mmap *mmap)
{
	mmap_free(&mmap->object);
}

doca_error_t opendoca_mmap_open(struct opendoca_mmap *mmap, struct doca_mmap **handle, const char *func)
{
	void *opened = opendoca_handle_open(&mmap->object, &opendoca_mmap_kind, mmap_free);

	if (!opened) {
		mmap_free(&mmap->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory maps");
	}
	*handle = opened;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_mmap_create(bool legacy, const char *name, const union doca_data *user_data,
				  struct doca_mmap **handle, const char *func)
{
	struct opendoca_mmap *mmap;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "mmap is NULL");
	mmap = opendoca_mmap_alloc(legacy, name, user_data, func);
	if (!mmap)
		return DOCA_ERROR_NO_MEMORY;
	return opendoca_mmap_open(mmap, handle, func);
}

doca_error_t doca_mmap_create(struct doca_mmap **mmap)
{
	return opendoca_mmap_create(false, NULL, NULL, mmap, __func__);
}

doca_error_t doca_mmap_destroy(struct doca_mmap *handle)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	uint32_t bufs;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	bufs = atomic_load(&mmap->num_bufs);
	pthread_mutex_unlock(&mmap->lock);
	/* With thread safety enabled, NVIDIA's destroy succeeds: the map goes with its last buffer. */
	if (bufs && !mmap->thread_safe) {
		opendoca_mmap_put(mmap);
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "%u buffers still point into memory map %p",
				     bufs, (void *)handle);
	}
	if (!opendoca_handle_close(handle, &opendoca_mmap_kind, __func__)) {
		opendoca_mmap_put(mmap);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* No importer reaches the memory once destroy returns, even while buffers keep the map. */
	pthread_mutex_lock(&mmap->lock);
	opendoca_mmap_revoke_exports(mmap);
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap); /* this call's */
	opendoca_mmap_put(mmap); /* the close's */
	opendoca_mmap_put(mmap); /* the map's own */
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* State                                                                                          */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t opendoca_mmap_configurable(struct opendoca_mmap *mmap, const char *func)
{
	if (mmap->from_export)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was created from an export",
				     opendoca_handle_of(&mmap->object));
	if (mmap->exported)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was exported",
				     opendoca_handle_of(&mmap->object));
	if (atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p is started",
				     opendoca_handle_of(&mmap->object));
	return DOCA_SUCCESS;
}

/* Starts mmap (under its lock): registers its memory with its devices. */
static doca_error_t start_locked(struct opendoca_mmap *mmap, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);
	uint32_t d;
	doca_error_t err;

	if (mmap->from_export || mmap->exported)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was %s", handle,
				     mmap->from_export ? "created from an export"
						       : "exported (it can only be destroyed)");
	if (atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p is already started", handle);
	if (!mmap->legacy && mmap->kind == OPENDOCA_MEM_NONE)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p has no memory range", handle);
	/* 1.x's chunks come while started: the array takes them all now, so that it never moves then. */
	if (mmap->max_chunks > mmap->num_chunks) {
		struct opendoca_mmap_chunk *chunks = realloc(mmap->chunks, mmap->max_chunks * sizeof(*chunks));

		if (!chunks)
			return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for %u chunks",
					     mmap->max_chunks);
		mmap->chunks = chunks;
	}
	for (d = 0; d < mmap->num_devs; d++) {
		struct ibv_mr **mrs = calloc(mmap->max_chunks, sizeof(*mrs));

		if (!mrs) {
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for memory regions");
			goto undo;
		}
		free(mmap->devs[d].mrs);
		mmap->devs[d].mrs = mrs;
		err = register_dev(mmap, &mmap->devs[d], func);
		if (err)
			goto undo;
	}
	if (mmap->kind == OPENDOCA_MEM_DPA) {
		err = opendoca_mmap_dpa_register(mmap, func);
		if (err)
			goto undo;
	}
	mmap->ever_started = true;
	atomic_store(&mmap->started, true);
	return DOCA_SUCCESS;
undo:
	while (d--)
		deregister_dev(mmap, &mmap->devs[d]);
	return err;
}

doca_error_t doca_mmap_start(struct doca_mmap *handle)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = start_locked(mmap, __func__);
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_stop(struct doca_mmap *handle)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;
	uint32_t bufs;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	/* A map created from an export stops too (started at creation): NVIDIA's RDMA and devemu samples
	 * of 3.0 stop theirs before destroying them, and expect success. */
	if (!atomic_load(&mmap->started)) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "memory map %p is not started", (void *)handle);
	} else {
		/*
		 * Announced, then counted: a buffer taken meanwhile (opendoca_mmap_buf_ref counts first,
		 * then looks) is counted here, or waits for the outcome and follows it. started changes
		 * only when no buffer is out: no buffer ever sees its map stopped.
		 */
		atomic_store(&mmap->stopping, true);
		bufs = atomic_load(&mmap->num_bufs);
		if (!bufs)
			atomic_store(&mmap->started, false);
		atomic_store(&mmap->stopping, false);
		if (bufs) {
			err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
					    "%u buffers still point into memory map %p", bufs, (void *)handle);
		} else {
			opendoca_mmap_revoke_exports(mmap);
			deregister_all(mmap);
		}
	}
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Memory ranges                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

static bool range_wraps(uint64_t addr, size_t len)
{
	return len > UINT64_MAX - addr;
}

doca_error_t opendoca_mmap_set_range(struct opendoca_mmap *mmap, enum opendoca_mem_kind kind, uint64_t addr, size_t len,
				     const char *func)
{
	doca_error_t err = opendoca_mmap_configurable(mmap, func);

	if (err)
		return err;
	if (mmap->kind != OPENDOCA_MEM_NONE)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p already has its memory range",
				     opendoca_handle_of(&mmap->object));
	if (!len || (kind == OPENDOCA_MEM_HOST && !addr) || range_wraps(addr, len))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#lx, +%zu) is not a memory range",
				     (unsigned long)addr, len);
	if (kind == OPENDOCA_MEM_DPA && mmap->num_devs)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				     "memory map %p has devices: a map over DPA memory reaches the DPA's device only",
				     opendoca_handle_of(&mmap->object));
	mmap->chunks = calloc(1, sizeof(*mmap->chunks));
	if (!mmap->chunks)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	mmap->chunks[0] = (struct opendoca_mmap_chunk){ .addr = addr, .len = len, .memrange = true };
	mmap->num_chunks = 1;
	mmap->kind = kind;
	return DOCA_SUCCESS;
}

doca_error_t doca_mmap_set_memrange(struct doca_mmap *handle, void *addr, size_t len)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_set_range(mmap, OPENDOCA_MEM_HOST, (uintptr_t)addr, len, __func__);
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

/* The dma-buf memory range of every release: bufs address [addr, addr + len). */
doca_error_t opendoca_mmap_set_dmabuf(struct doca_mmap *handle, int fd, uint64_t addr, size_t offset, size_t len,
				      const char *func)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, func);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (fd < 0) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%d is not a dma-buf file descriptor", fd);
	} else {
		err = opendoca_mmap_set_range(mmap, OPENDOCA_MEM_DMABUF, addr, len, func);
		if (!err) {
			mmap->dmabuf_fd = fd;
			mmap->dmabuf_offset = offset;
		}
	}
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, void *addr, size_t dmabuf_offset,
					   size_t len)
{
	return opendoca_mmap_set_dmabuf(mmap, dmabuf_fd, (uintptr_t)addr, dmabuf_offset, len, __func__);
}

doca_error_t opendoca_mmap_populate(struct opendoca_mmap *mmap, void *addr, size_t len, size_t pg_sz,
				    opendoca_mmap_free_cb *free_cb, void *opaque, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);
	uint64_t at = (uintptr_t)addr;
	uint32_t c, d;
	doca_error_t err;

	if (!addr || !len || range_wraps(at, len))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%p, +%zu) is not a memory range", addr, len);
	if (!pg_sz || (pg_sz & (pg_sz - 1)))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "page size %zu is not a power of 2", pg_sz);
	if (mmap->from_export || mmap->exported)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was %s", handle,
				     mmap->from_export ? "created from an export" : "exported");
	if (!atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "memory map %p is not started (chunks come after start)", handle);
	if (mmap->kind != OPENDOCA_MEM_NONE && mmap->kind != OPENDOCA_MEM_HOST)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p is not over host memory", handle);
	if (mmap->num_chunks == mmap->max_chunks)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "memory map %p already has its %u chunks", handle,
				     mmap->max_chunks);
	for (c = 0; c < mmap->num_chunks; c++)
		if (at < mmap->chunks[c].addr + mmap->chunks[c].len && mmap->chunks[c].addr < at + len)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%p, +%zu) overlaps chunk [%#lx, +%zu)",
					     addr, len, (unsigned long)mmap->chunks[c].addr, mmap->chunks[c].len);
	c = mmap->num_chunks;
	mmap->chunks[c] = (struct opendoca_mmap_chunk){ .addr = at, .len = len, .free_cb = free_cb, .opaque = opaque };
	for (d = 0; d < mmap->num_devs; d++) {
		err = register_chunk(mmap, &mmap->devs[d], c, func);
		if (err) {
			while (d--)
				deregister_chunk(&mmap->devs[d], c);
			return err;
		}
	}
	mmap->kind = OPENDOCA_MEM_HOST;
	/* Published last: a buffer looking at the chunks (another thread) sees a complete one. */
	__atomic_store_n(&mmap->num_chunks, c + 1, __ATOMIC_RELEASE);
	return DOCA_SUCCESS;
}

doca_error_t doca_mmap_set_permissions(struct doca_mmap *handle, uint32_t access_mask)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_configurable(mmap, __func__);
	if (!err && (access_mask & ~ACCESS_ALL))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "access mask %#x has undefined flags %#x",
				    access_mask, access_mask & ~ACCESS_ALL);
	if (!err)
		mmap->permissions = access_mask;
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_set_free_cb(struct doca_mmap *handle, doca_mmap_memrange_free_cb_t *free_cb, void *opaque)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_configurable(mmap, __func__);
	if (!err) {
		mmap->free_cb = free_cb;
		mmap->free_opaque = opaque;
	}
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_get_memrange(const struct doca_mmap *handle, void **addr, size_t *len)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (!addr || !len)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", addr ? "len" : "addr");
	else if (!mmap->num_chunks)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "memory map %p has no memory range",
				    (void *)handle);
	if (!err) {
		*addr = (void *)(uintptr_t)mmap->chunks[0].addr;
		*len = mmap->chunks[0].len;
	}
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Devices                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

int opendoca_mmap_dev_index(const struct opendoca_mmap *mmap, const struct doca_dev *dev)
{
	for (uint32_t d = 0; d < mmap->num_devs; d++)
		if (mmap->devs[d].dev == dev)
			return (int)d;
	return -1;
}

/* Whether devices may be added or removed now: 2.x before start, 1.x after. */
static doca_error_t devices_changeable(struct opendoca_mmap *mmap, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);

	if (mmap->from_export || mmap->exported)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was %s", handle,
				     mmap->from_export ? "created from an export" : "exported");
	if (!mmap->legacy && atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p is started", handle);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_mmap_add_device(struct opendoca_mmap *mmap, struct doca_dev *dev, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);
	struct opendoca_mmap_dev *devs, *added;
	doca_error_t err = opendoca_dev_hold(dev, func);

	if (err)
		return err;
	pthread_mutex_lock(&mmap->lock);
	err = devices_changeable(mmap, func);
	if (err)
		goto out;
	if (mmap->legacy && !atomic_load(&mmap->started)) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				    "memory map %p is not started (a 1.x map takes its devices after start)", handle);
	} else if (mmap->kind == OPENDOCA_MEM_DPA) {
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				    "memory map %p is over DPA memory: it reaches the DPA's device only", handle);
	} else if (opendoca_mmap_dev_index(mmap, dev) >= 0) {
		err = opendoca_fail(DOCA_ERROR_ALREADY_EXIST, func, "device %p was already added to memory map %p",
				    (void *)dev, handle);
	} else if (mmap->num_devs == mmap->max_devices) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "memory map %p already has its %u devices", handle,
				    mmap->max_devices);
	}
	if (err)
		goto out;
	devs = realloc(mmap->devs, (mmap->num_devs + 1) * sizeof(*devs));
	if (!devs) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
		goto out;
	}
	mmap->devs = devs;
	added = &devs[mmap->num_devs];
	*added = (struct opendoca_mmap_dev){ .dev = dev };
	if (mmap->legacy) {
		/* 1.x: registered now with the chunks there are, and with each chunk to come. */
		added->mrs = calloc(mmap->max_chunks, sizeof(*added->mrs));
		if (!added->mrs)
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
		else
			err = register_dev(mmap, added, func);
		if (err) {
			free(added->mrs);
			goto out;
		}
	}
	mmap->num_devs++;
out:
	pthread_mutex_unlock(&mmap->lock);
	if (err)
		opendoca_dev_release(dev);
	return err;
}

doca_error_t opendoca_mmap_rm_device(struct opendoca_mmap *mmap, struct doca_dev *dev, const char *func)
{
	doca_error_t err;
	int index;

	pthread_mutex_lock(&mmap->lock);
	err = devices_changeable(mmap, func);
	if (!err) {
		index = opendoca_mmap_dev_index(mmap, dev);
		if (index < 0) {
			err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "device %p is not a device of memory map %p",
					    (void *)dev, opendoca_handle_of(&mmap->object));
		} else {
			struct opendoca_mmap_dev *gone = &mmap->devs[index];

			if (gone->mrs)
				deregister_dev(mmap, gone);
			free(gone->mrs);
			opendoca_dev_release(gone->dev);
			memmove(gone, gone + 1, (mmap->num_devs - (uint32_t)index - 1) * sizeof(*gone));
			mmap->num_devs--;
		}
	}
	pthread_mutex_unlock(&mmap->lock);
	return err;
}

doca_error_t doca_mmap_add_dev(struct doca_mmap *handle, struct doca_dev *dev)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_mmap_add_device(mmap, dev, __func__);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_rm_dev(struct doca_mmap *handle, struct doca_dev *dev)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_mmap_rm_device(mmap, dev, __func__);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *handle, uint32_t max_num_devices)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (mmap->ever_started || mmap->from_export)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "memory map %p was %s", (void *)handle,
				    mmap->from_export ? "created from an export" : "started");
	else if (!max_num_devices || max_num_devices < mmap->num_devs)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "%u devices: the map needs at least 1 and has %u", max_num_devices, mmap->num_devs);
	else
		mmap->max_devices = max_num_devices;
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_cap_is_export_pci_supported(const struct doca_devinfo *devinfo, uint8_t *mmap_export)
{
	return opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_MMAP_EXPORT_PCI, mmap_export, __func__);
}

doca_error_t doca_mmap_cap_is_create_from_export_pci_supported(const struct doca_devinfo *devinfo, uint8_t *from_export)
{
	return opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI, from_export, __func__);
}

/* ---------------------------------------------------------------------------------------------- */
/* Getters and the rest of the setters                                                            */
/* ---------------------------------------------------------------------------------------------- */

/* Reads one value of a map: what(mmap) into *out, for public function func. */
#define MMAP_GETTER(func, out, value)                                                             \
	do {                                                                                      \
		struct opendoca_mmap *m_ = opendoca_mmap_get(mmap, func);                         \
		if (!m_)                                                                          \
			return DOCA_ERROR_INVALID_VALUE;                                          \
		if (!(out)) {                                                                     \
			opendoca_mmap_put(m_);                                                    \
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", #out); \
		}                                                                                 \
		pthread_mutex_lock(&m_->lock);                                                    \
		*(out) = (value);                                                                 \
		pthread_mutex_unlock(&m_->lock);                                                  \
		opendoca_mmap_put(m_);                                                            \
		return DOCA_SUCCESS;                                                              \
	} while (0)

doca_error_t doca_mmap_get_exported(const struct doca_mmap *mmap, uint8_t *exported)
{
	MMAP_GETTER(__func__, exported, m_->exported);
}

doca_error_t doca_mmap_get_from_export(const struct doca_mmap *mmap, uint8_t *from_export)
{
	MMAP_GETTER(__func__, from_export, m_->from_export);
}

doca_error_t doca_mmap_get_max_num_devices(const struct doca_mmap *mmap, uint32_t *max_num_devices)
{
	MMAP_GETTER(__func__, max_num_devices, m_->max_devices);
}

doca_error_t doca_mmap_get_num_bufs(const struct doca_mmap *mmap, uint32_t *num_bufs)
{
	MMAP_GETTER(__func__, num_bufs, atomic_load(&m_->num_bufs));
}

doca_error_t doca_mmap_get_user_data(const struct doca_mmap *mmap, union doca_data *user_data)
{
	MMAP_GETTER(__func__, user_data, m_->user_data);
}

doca_error_t doca_mmap_set_user_data(struct doca_mmap *handle, union doca_data user_data)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_configurable(mmap, __func__);
	if (!err)
		mmap->user_data = user_data;
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_enable_thread_safety(struct doca_mmap *handle)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (atomic_load(&mmap->started) || atomic_load(&mmap->num_bufs))
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "memory map %p is started or has buffers",
				    (void *)handle);
	else
		mmap->thread_safe = true;
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Buffers                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

bool opendoca_mmap_holds(const struct opendoca_mmap *mmap, uint64_t addr, size_t len)
{
	uint32_t chunks = __atomic_load_n(&mmap->num_chunks, __ATOMIC_ACQUIRE);

	for (uint32_t c = 0; c < chunks; c++) {
		const struct opendoca_mmap_chunk *chunk = &mmap->chunks[c];

		if (addr >= chunk->addr && addr - chunk->addr <= chunk->len && len <= chunk->len - (addr - chunk->addr))
			return true;
	}
	return false;
}

doca_error_t opendoca_mmap_buf_ref(struct opendoca_mmap *mmap, uint64_t addr, size_t len, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);

	/* Counted first, then checked: a stop in between sees this buffer, or decides first (doca_mmap_stop). */
	atomic_fetch_add(&mmap->num_bufs, 1);
	while (atomic_load(&mmap->stopping))
		sched_yield();
	if (!atomic_load(&mmap->started)) {
		atomic_fetch_sub(&mmap->num_bufs, 1);
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p is not started", handle);
	}
	if (!opendoca_mmap_holds(mmap, addr, len)) {
		atomic_fetch_sub(&mmap->num_bufs, 1);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#lx, +%zu) is outside memory map %p",
				     (unsigned long)addr, len, handle);
	}
	opendoca_handle_hold(&mmap->object);
	return DOCA_SUCCESS;
}

void opendoca_mmap_buf_unref(struct opendoca_mmap *mmap)
{
	atomic_fetch_sub(&mmap->num_bufs, 1);
	opendoca_handle_put(&mmap->object);
}

/* ---------------------------------------------------------------------------------------------- */
/* Reaching the memory (DOCA_PRIVATE)                                                             */
/* ---------------------------------------------------------------------------------------------- */

/* The chunk of mmap holding [addr, addr + len) (opendoca_mmap_holds said one does). */
static uint32_t chunk_of(const struct opendoca_mmap *mmap, uint64_t addr, size_t len)
{
	uint32_t c = 0;

	while (!(addr >= mmap->chunks[c].addr && addr - mmap->chunks[c].addr <= mmap->chunks[c].len &&
		 len <= mmap->chunks[c].len - (addr - mmap->chunks[c].addr)))
		c++;
	return c;
}

static doca_error_t reach_locked(struct opendoca_mmap *mmap, const struct doca_dev *dev, uint64_t addr, size_t len,
				 struct opendoca_reach *reach, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);
	int index;

	if (!atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p is not started", handle);
	if (!opendoca_mmap_holds(mmap, addr, len))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#lx, +%zu) is outside memory map %p",
				     (unsigned long)addr, len, handle);
	if (mmap->kind == OPENDOCA_MEM_IMPORTED)
		return opendoca_mmap_import_reach(mmap->import, dev, addr, len, reach, func);
	*reach = (struct opendoca_reach){
		.host = mmap->kind == OPENDOCA_MEM_HOST ? (void *)(uintptr_t)addr : NULL,
		.readable = true,
		.writable = (opendoca_mmap_ibv_access(mmap->permissions) & IBV_ACCESS_LOCAL_WRITE) != 0,
	};
	if (!dev)
		return DOCA_SUCCESS;
	if (mmap->kind == OPENDOCA_MEM_DPA) {
		if (dev != mmap->dpa->dev)
			return opendoca_fail(DOCA_ERROR_NOT_FOUND, func,
					     "device %p is not the DPA's device of memory map %p", (void *)dev, handle);
		reach->mkey = opendoca_mmap_dpa_key(mmap);
		return DOCA_SUCCESS;
	}
	index = opendoca_mmap_dev_index(mmap, dev);
	if (index < 0)
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "device %p is not a device of memory map %p",
				     (void *)dev, handle);
	reach->mkey = mmap->devs[index].mrs[chunk_of(mmap, addr, len)]->lkey;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_mmap_reach(struct opendoca_mmap *mmap, const struct doca_dev *dev, uint64_t addr, size_t len,
				 struct opendoca_reach *reach, const char *func)
{
	doca_error_t err;

	/*
	 * A started 2.x map does not change: the data path reads it without the lock. A 1.x map takes
	 * devices and chunks while started.
	 */
	if (!mmap->legacy)
		return reach_locked(mmap, dev, addr, len, reach, func);
	pthread_mutex_lock(&mmap->lock);
	err = reach_locked(mmap, dev, addr, len, reach, func);
	pthread_mutex_unlock(&mmap->lock);
	return err;
}
