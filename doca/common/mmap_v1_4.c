/*
 * 1.x's forms of the memory map calls (the DOCA Core programming guide): create with a name,
 * properties, populate (chunks added to a started map), export (a descriptor the caller frees),
 * create_from_export with a name. A 1.x map is started first; its devices (doca_mmap_dev_add) and
 * chunks come after, each registered as it comes (mmap.h). Properties are set before start; NAME,
 * NUM_BUFS, EXPORTED and FROM_EXPORT are read-only. Their values: strings (NAME), uint32_t (the
 * numbers, ACCESS_FLAGS), uint8_t (EXPORTED, FROM_EXPORT); size must be theirs (at least the
 * name's length and its terminator for NAME).
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include "doca_mmap.h"

#include <stdlib.h>
#include <string.h>

#include "mmap.h"
#include "private.h"

doca_error_t doca_mmap_create(const char *name, struct doca_mmap **mmap)
{
	return opendoca_mmap_create(true, name ? name : "", NULL, mmap, __func__);
}

doca_error_t doca_mmap_create_from_export(const char *name, const uint8_t *export_desc, size_t export_desc_len,
					  struct doca_dev *dev, struct doca_mmap **mmap)
{
	return opendoca_mmap_import(name ? name : "", NULL, export_desc, export_desc_len, dev, mmap, __func__);
}

doca_error_t doca_mmap_populate(struct doca_mmap *handle, char *addr, size_t len, size_t pg_sz,
				doca_mmap_memrange_free_cb_t *free_cb, void *opaque)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = opendoca_mmap_populate(mmap, addr, len, pg_sz, free_cb, opaque, __func__);
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_export(struct doca_mmap *handle, const struct doca_dev *dev, uint8_t **export_desc,
			      size_t *export_desc_len)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	const void *desc;
	size_t len;
	doca_error_t err;
	bool exported;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	exported = mmap->exported;
	pthread_mutex_unlock(&mmap->lock);
	if (!export_desc || !export_desc_len) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL",
				    export_desc ? "export_desc_len" : "export_desc");
	} else if (exported) {
		/* The guide: a map is exported once. */
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "memory map %p was already exported",
				    (void *)handle);
	} else {
		err = opendoca_mmap_export(mmap, dev, OPENDOCA_EXPORT_PCI, &desc, &len, __func__);
		if (!err) {
			/* The caller frees it (the guide): a copy of the map's own. */
			*export_desc = malloc(len);
			if (!*export_desc)
				err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
			else
				memcpy(*export_desc, desc, len);
			if (!err)
				*export_desc_len = len;
		}
	}
	opendoca_mmap_put(mmap);
	return err;
}

/* The size of each property's value (0: a string, NAME). */
static uint32_t property_size(enum doca_mmap_property property)
{
	switch (property) {
	case DOCA_MMAP_NAME:
		return 0;
	case DOCA_MMAP_EXPORTED:
	case DOCA_MMAP_FROM_EXPORT:
		return sizeof(uint8_t);
	default:
		return sizeof(uint32_t);
	}
}

doca_error_t doca_mmap_property_get(struct doca_mmap *handle, enum doca_mmap_property property, const uint8_t *value,
				    uint32_t size)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	/* The guide's "value" is where the property is written, const as it is. */
	uint8_t *out = (uint8_t *)(uintptr_t)value;
	doca_error_t err = DOCA_SUCCESS;
	uint32_t number = 0;
	uint8_t flag = 0;
	size_t name_len;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (!value) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	} else if (property < DOCA_MMAP_NAME || property > DOCA_MMAP_ACCESS_FLAGS) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not a memory map property",
				    (int)property);
	} else if (property == DOCA_MMAP_NAME) {
		name_len = strlen(mmap->name ? mmap->name : "") + 1;
		if (size < name_len)
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the name takes %zu bytes, not %u",
					    name_len, size);
		else
			memcpy(out, mmap->name ? mmap->name : "", name_len);
	} else if (size != property_size(property)) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "property %d takes %u bytes, not %u",
				    (int)property, property_size(property), size);
	} else {
		switch (property) {
		case DOCA_MMAP_MAX_NUM_CHUNKS:
			number = mmap->max_chunks;
			break;
		case DOCA_MMAP_MAX_NUM_DEVICES:
			number = mmap->max_devices;
			break;
		case DOCA_MMAP_NUM_BUFS:
			number = atomic_load(&mmap->num_bufs);
			break;
		case DOCA_MMAP_ACCESS_FLAGS:
			number = mmap->permissions;
			break;
		case DOCA_MMAP_EXPORTED:
			flag = mmap->exported;
			break;
		default:
			flag = mmap->from_export;
			break;
		}
		if (size == sizeof(flag))
			*out = flag;
		else
			memcpy(out, &number, sizeof(number));
	}
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_property_set(struct doca_mmap *handle, enum doca_mmap_property property, const uint8_t *value,
				    uint32_t size)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;
	uint32_t number = 0;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	if (!value) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	} else if (property < DOCA_MMAP_NAME || property > DOCA_MMAP_ACCESS_FLAGS) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not a memory map property",
				    (int)property);
	} else if (property != DOCA_MMAP_MAX_NUM_CHUNKS && property != DOCA_MMAP_MAX_NUM_DEVICES &&
		   property != DOCA_MMAP_ACCESS_FLAGS) {
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "memory map property %d is read-only",
				    (int)property);
	} else if (size != sizeof(number)) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "property %d takes %zu bytes, not %u",
				    (int)property, sizeof(number), size);
	} else {
		memcpy(&number, value, sizeof(number));
		err = opendoca_mmap_configurable(mmap, __func__);
	}
	if (err)
		goto out;
	if (property == DOCA_MMAP_ACCESS_FLAGS) {
		if (number & ~opendoca_mmap_access_all())
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "access flags %#x: undefined flags %#x",
					    number, number & ~opendoca_mmap_access_all());
		else
			mmap->permissions = number;
	} else if (!number || number < (property == DOCA_MMAP_MAX_NUM_CHUNKS ? mmap->num_chunks : mmap->num_devs)) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%u: the map needs at least 1, and has %u",
				    number, property == DOCA_MMAP_MAX_NUM_CHUNKS ? mmap->num_chunks : mmap->num_devs);
	} else if (property == DOCA_MMAP_MAX_NUM_CHUNKS) {
		mmap->max_chunks = number;
	} else {
		mmap->max_devices = number;
	}
out:
	pthread_mutex_unlock(&mmap->lock);
	opendoca_mmap_put(mmap);
	return err;
}
