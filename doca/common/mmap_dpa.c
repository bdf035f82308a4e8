/*
 * Memory maps over DPA memory (3.0: doca_mmap_set_dpa_memrange, doca_mmap_dev_get_dpa_handle) and
 * the DOCA DPA contexts they name (mmap.h, struct opendoca_dpa).
 *
 * A map over DPA memory covers [dpa_addr, dpa_addr + len) of the heap of a DOCA DPA context's
 * FlexIO process. Starting it makes a memory key over that range (the context's mkey_create:
 * flexio_device_mkey_create, the access from the map's permissions): the key is how the NIC (DMA,
 * RDMA) and the DPA reach the memory, and what doca_mmap_dev_get_dpa_handle returns, for the
 * context's device (the only device of such a map). For a map of host memory, the handle is the
 * key of its memory region on the device asked for; for a map of an RDMA export, the exporter's key
 * (the remote key of RDMA from DPA code).
 */
#include "doca_mmap.h"

#include "mmap.h"
#include "private.h"

static const struct opendoca_kind dpa_kind = { "DOCA DPA context" };

const struct opendoca_kind *opendoca_dpa_kind(void)
{
	return &dpa_kind;
}

doca_error_t doca_mmap_set_dpa_memrange(struct doca_mmap *handle, struct doca_dpa *dpa_handle, uint64_t dpa_addr,
					size_t len)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	struct opendoca_dpa *dpa;
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	dpa = opendoca_handle_get(dpa_handle, &dpa_kind, __func__);
	if (!dpa) {
		opendoca_mmap_put(mmap);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_set_range(mmap, OPENDOCA_MEM_DPA, dpa_addr, len, __func__);
	if (!err)
		mmap->dpa = dpa; /* the call's reference becomes the map's */
	pthread_mutex_unlock(&mmap->lock);
	if (err)
		opendoca_handle_put(&dpa->object);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t opendoca_mmap_dpa_register(struct opendoca_mmap *mmap, const char *func)
{
	struct opendoca_mmap_chunk *range = &mmap->chunks[0];

	return mmap->dpa->ops->mkey_create(mmap->dpa, range->addr, range->len,
					   opendoca_mmap_ibv_access(mmap->permissions), &mmap->dpa_mkey, &mmap->dpa_key,
					   func);
}

void opendoca_mmap_dpa_deregister(struct opendoca_mmap *mmap)
{
	if (mmap->dpa_mkey)
		mmap->dpa->ops->mkey_destroy(mmap->dpa, mmap->dpa_mkey);
	mmap->dpa_mkey = NULL;
	mmap->dpa_key = 0;
}

uint32_t opendoca_mmap_dpa_key(const struct opendoca_mmap *mmap)
{
	return mmap->dpa_key;
}

doca_error_t doca_mmap_dev_get_dpa_handle(struct doca_mmap *handle, const struct doca_dev *dev,
					  doca_dpa_dev_mmap_t *dpa_mmap_handle)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	struct opendoca_reach reach;
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dpa_mmap_handle || !dev) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", dev ? "dpa_mmap_handle" : "dev");
	} else if (!atomic_load(&mmap->started)) {
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "memory map %p is not started", (void *)handle);
	} else {
		/* The key of the map's (first) range on dev: what the DPA names the memory by. A map of
		 * an RDMA peer's export is named by the peer's key, which DPA code posts to the peer. */
		err = opendoca_mmap_reach(mmap, dev, mmap->chunks[0].addr, mmap->chunks[0].len, &reach, __func__);
		if (!err && mmap->kind == OPENDOCA_MEM_IMPORTED)
			opendoca_mmap_import_rkey(mmap->import, &reach.mkey);
		if (!err && !reach.mkey)
			err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__,
					    "memory map %p has no memory key on device %p (another process's memory)",
					    (void *)handle, (void *)dev);
		if (!err)
			*dpa_mmap_handle = reach.mkey;
	}
	opendoca_mmap_put(mmap);
	return err;
}
