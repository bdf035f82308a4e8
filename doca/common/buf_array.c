/*
 * DOCA buffer arrays (doca_buf_array.h), 3.0's forms; buf_array_v2_7.c spells those of 2.2 - 2.10.
 * An array is num_elem fixed-size elements of a map, from start_offset on, for a GPU or the DPA:
 * the host configures it, starting it writes the table its target reads (struct
 * opendoca_dpa_buf_arr, in the DPA memory of the target DOCA DPA context) and keeps the map from
 * stopping, the DPA handle is the table's address. No GPU is simulated: a GPU target is not
 * supported. Errors are NVIDIA's: DOCA_ERROR_BAD_STATE to configure a started array, to start one
 * twice, without a target or with its map stopped; DOCA_ERROR_NO_MEMORY when the table finds no
 * DPA memory.
 */
#include "doca_buf_array.h"
#include "doca_log.h"

#include <stddef.h>
#include <stdlib.h>

#include "buf.h"
#include "mmap.h"
#include "private.h"

const struct opendoca_kind opendoca_buf_arr_kind = { "buffer array" };

struct opendoca_buf_arr *opendoca_buf_arr_get(const struct doca_buf_arr *buf_arr, const char *func)
{
	return opendoca_handle_get(buf_arr, &opendoca_buf_arr_kind, func);
}

static void arr_put(struct opendoca_buf_arr *arr)
{
	opendoca_handle_put(&arr->object);
}

/* Frees a started array's table and lets its map stop. */
static void stop(struct opendoca_buf_arr *arr)
{
	if (!arr->started)
		return;
	arr->dpa->ops->mem_free(arr->dpa, arr->dpa_table);
	opendoca_mmap_buf_unref(arr->mmap);
	arr->started = false;
}

static void arr_free(struct opendoca_object *object)
{
	struct opendoca_buf_arr *arr = (struct opendoca_buf_arr *)object;

	stop(arr);
	if (arr->mmap)
		opendoca_mmap_put(arr->mmap);
	if (arr->dpa)
		opendoca_handle_put(&arr->dpa->object);
	free(arr);
}

doca_error_t opendoca_buf_arr_create(uint64_t num_elem, struct doca_mmap *mmap_handle, struct doca_buf_arr **handle,
				     const char *func)
{
	struct opendoca_mmap *mmap = NULL;
	struct opendoca_buf_arr *arr;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buf_arr is NULL");
	if (mmap_handle && !(mmap = opendoca_mmap_get(mmap_handle, func)))
		return DOCA_ERROR_INVALID_VALUE;
	arr = calloc(1, sizeof(*arr));
	if (!arr) {
		if (mmap)
			opendoca_mmap_put(mmap);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for a buffer array");
	}
	arr->mmap = mmap; /* the call's reference becomes the array's */
	arr->num_elem = num_elem;
	*handle = opendoca_handle_open(&arr->object, &opendoca_buf_arr_kind, arr_free);
	if (!*handle) {
		arr_free(&arr->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of buffer arrays");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_arr_create(size_t num_elem, struct doca_buf_arr **buf_arr)
{
	if (!num_elem)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_elem is 0");
	return opendoca_buf_arr_create(num_elem, NULL, buf_arr, __func__);
}

doca_error_t doca_buf_arr_destroy(struct doca_buf_arr *handle)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (!opendoca_handle_close(handle, &opendoca_buf_arr_kind, __func__)) {
		arr_put(arr);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* Destroy stops it (NVIDIA's rule): its map may stop once this returns. */
	stop(arr);
	arr_put(arr); /* this call's */
	arr_put(arr); /* the close's */
	arr_put(arr); /* its own */
	return DOCA_SUCCESS;
}

static doca_error_t stopped(const struct opendoca_buf_arr *arr, const void *handle, const char *func)
{
	if (arr->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "buffer array %p is started", handle);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_arr_set_params(struct doca_buf_arr *handle, struct doca_mmap *mmap_handle, uint64_t num_elem,
					 size_t elem_size, uint64_t start_offset, const char *func)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, func);
	struct opendoca_mmap *mmap = NULL;
	doca_error_t err;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (mmap_handle && !(mmap = opendoca_mmap_get(mmap_handle, func))) {
		arr_put(arr);
		return DOCA_ERROR_INVALID_VALUE;
	}
	err = stopped(arr, handle, func);
	if (!err && (!elem_size || !num_elem))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%lu elements of %zu bytes",
				    (unsigned long)num_elem, elem_size);
	if (!err && !mmap && !arr->mmap)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buffer array %p has no memory map",
				    (void *)handle);
	if (err) {
		if (mmap)
			opendoca_mmap_put(mmap);
		arr_put(arr);
		return err;
	}
	if (mmap) {
		if (arr->mmap)
			opendoca_mmap_put(arr->mmap);
		arr->mmap = mmap;
	}
	arr->num_elem = num_elem;
	arr->elem_size = elem_size;
	arr->start_offset = start_offset;
	arr_put(arr);
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, struct doca_mmap *mmap, size_t elem_size,
				     uint64_t start_offset)
{
	struct opendoca_buf_arr *arr;
	uint64_t num_elem;

	if (!mmap)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "mmap is NULL");
	arr = opendoca_buf_arr_get(buf_arr, __func__);
	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	num_elem = arr->num_elem; /* 3.0: the count is the creation's */
	arr_put(arr);
	return opendoca_buf_arr_set_params(buf_arr, mmap, num_elem, elem_size, start_offset, __func__);
}

doca_error_t doca_buf_arr_set_target_dpa(struct doca_buf_arr *handle, struct doca_dpa *dpa_handler)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);
	struct opendoca_dpa *dpa;
	doca_error_t err;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	dpa = opendoca_handle_get(dpa_handler, opendoca_dpa_kind(), __func__);
	err = dpa ? stopped(arr, handle, __func__) : DOCA_ERROR_INVALID_VALUE;
	if (!err) {
		if (arr->dpa)
			opendoca_handle_put(&arr->dpa->object);
		arr->dpa = dpa; /* the call's reference becomes the array's */
	} else if (dpa) {
		opendoca_handle_put(&dpa->object);
	}
	arr_put(arr);
	return err;
}

doca_error_t doca_buf_arr_set_target_gpu(struct doca_buf_arr *handle, struct doca_gpu *gpu_handler)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);
	doca_error_t err;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (!gpu_handler)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "gpu_handler is NULL");
	else
		err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "no GPU is simulated: %p is not a DOCA GPU",
				    (void *)gpu_handler);
	arr_put(arr);
	return err;
}

/* Writes the table of arr into its DPA context's memory (the map holds the elements). */
static doca_error_t write_table(struct opendoca_buf_arr *arr, const void *handle, const char *func)
{
	struct opendoca_mmap *mmap = arr->mmap;
	uint64_t base = mmap->chunks[0].addr + arr->start_offset;
	size_t size = sizeof(struct opendoca_dpa_buf_arr) + arr->num_elem * sizeof(struct opendoca_dpa_buf);
	struct opendoca_dpa_buf_arr *table;
	struct opendoca_reach reach;
	doca_error_t err;

	/* The DPA reaches the elements by the map's key on the DPA's device. */
	err = opendoca_mmap_reach(mmap, arr->dpa->dev, base, arr->num_elem * arr->elem_size, &reach, func);
	if (err)
		return err;
	table = malloc(size);
	if (!table)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for the table of buffer array %p",
				     handle);
	memset(table, 0, size);
	table->num_elem = arr->num_elem;
	table->elem_size = arr->elem_size;
	for (uint64_t i = 0; i < arr->num_elem; i++)
		table->elems[i] = (struct opendoca_dpa_buf){ .addr = base + i * arr->elem_size,
							     .len = arr->elem_size,
							     .mkey = reach.mkey };
	err = arr->dpa->ops->mem_alloc(arr->dpa, size, &arr->dpa_table, func);
	if (!err) {
		table->bufs = arr->dpa_table + offsetof(struct opendoca_dpa_buf_arr, elems);
		err = arr->dpa->ops->mem_write(arr->dpa, arr->dpa_table, table, size, func);
		if (err)
			arr->dpa->ops->mem_free(arr->dpa, arr->dpa_table);
	}
	free(table);
	return err;
}

doca_error_t doca_buf_arr_start(struct doca_buf_arr *handle)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);
	uint64_t bytes = 0;
	doca_error_t err = DOCA_SUCCESS;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (arr->ever_started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "buffer array %p was started before",
				    (void *)handle);
	else if (!arr->dpa)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "buffer array %p has no target", (void *)handle);
	else if (!arr->mmap || !arr->elem_size)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "buffer array %p has no parameters",
				    (void *)handle);
	else if (__builtin_mul_overflow(arr->num_elem, (uint64_t)arr->elem_size, &bytes) ||
		 __builtin_add_overflow(bytes, arr->start_offset, &bytes))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "buffer array %p does not fit any memory map",
				    (void *)handle);
	if (err) {
		arr_put(arr);
		return err;
	}
	/* Its elements are the map's: the map counts the array as a buffer (it cannot stop meanwhile). */
	pthread_mutex_lock(&arr->mmap->lock);
	err = arr->mmap->num_chunks ? opendoca_mmap_buf_ref(arr->mmap, arr->mmap->chunks[0].addr + arr->start_offset,
							    bytes - arr->start_offset, __func__)
				    : opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
						    "the memory map of buffer array %p has no range", (void *)handle);
	pthread_mutex_unlock(&arr->mmap->lock);
	if (!err) {
		err = write_table(arr, handle, __func__);
		if (err)
			opendoca_mmap_buf_unref(arr->mmap);
	}
	if (!err)
		arr->started = arr->ever_started = true;
	arr_put(arr);
	return err;
}

doca_error_t doca_buf_arr_stop(struct doca_buf_arr *handle)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (!arr->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "buffer array %p is not started", (void *)handle);
	else
		stop(arr);
	arr_put(arr);
	return err;
}

doca_error_t opendoca_buf_arr_dpa_handle(const struct doca_buf_arr *handle, uint64_t *out, const char *func)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dpa_buf_arr is NULL");
	else if (!arr->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "buffer array %p is not started", (void *)handle);
	else
		*out = arr->dpa_table;
	arr_put(arr);
	return err;
}

doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, doca_dpa_dev_buf_arr_t *dpa_buf_arr)
{
	return opendoca_buf_arr_dpa_handle(buf_arr, dpa_buf_arr, __func__);
}

doca_error_t doca_buf_arr_get_gpu_handle(const struct doca_buf_arr *handle, struct doca_gpu_buf_arr **gpu_buf_arr)
{
	struct opendoca_buf_arr *arr = opendoca_buf_arr_get(handle, __func__);
	doca_error_t err;

	if (!arr)
		return DOCA_ERROR_INVALID_VALUE;
	if (!gpu_buf_arr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "gpu_buf_arr is NULL");
	else if (!arr->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "buffer array %p is not started", (void *)handle);
	else
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "buffer array %p targets the DPA, not a GPU",
				    (void *)handle);
	arr_put(arr);
	return err;
}
