/*
 * DOCA buffer pools (doca_buf_pool.h, 2.5 and later; buf_pool_v2_2.c spells 2.2's doca_bufpool):
 * num elements of elem_size bytes carved from a map's range, each at an address aligned to the
 * pool's alignment (1 by default, a power of 2): element i is at align_up(range start, alignment)
 * + i * align_up(elem_size, alignment). A pool's descriptors are bound to their elements at start;
 * a buffer of the pool is its element, its data empty. Errors are NVIDIA's: DOCA_ERROR_BAD_STATE
 * for a stopped pool or map, DOCA_ERROR_INITIALIZATION when the range is too small for the pool,
 * DOCA_ERROR_EMPTY when every buffer is out, DOCA_ERROR_IN_USE to stop or destroy a pool whose
 * buffers are not all back.
 */
#include "doca_buf_pool.h"

#include <stdlib.h>

#include "buf.h"
#include "mmap.h"
#include "private.h"

const struct opendoca_kind opendoca_pool_kind = { "buffer pool" };

struct opendoca_pool *opendoca_pool_get(const void *pool, const char *func)
{
	return opendoca_handle_get(pool, &opendoca_pool_kind, func);
}

static void pool_put(struct opendoca_pool *pool)
{
	opendoca_handle_put(&pool->object);
}

static void pool_free(struct opendoca_object *object)
{
	struct opendoca_pool *pool = (struct opendoca_pool *)object;

	opendoca_buf_store_release(&pool->store);
	if (pool->mmap)
		opendoca_mmap_put(pool->mmap);
	free(pool);
}

static bool power_of_2(size_t n)
{
	return n && !(n & (n - 1));
}

doca_error_t opendoca_pool_create(const union doca_data *user_data, size_t num, size_t elem_size, size_t alignment,
				  const struct doca_mmap *mmap_handle, void **handle, const char *func)
{
	struct opendoca_mmap *mmap;
	struct opendoca_pool *pool;
	doca_error_t err;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buf_pool is NULL");
	if (!num || num > UINT32_MAX || !elem_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "%zu elements of %zu bytes: from 1 to %u elements of 1 byte or more", num,
				     elem_size, UINT32_MAX);
	if (!power_of_2(alignment))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "alignment %zu is not a power of 2", alignment);
	mmap = opendoca_mmap_get(mmap_handle, func);
	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&mmap->lock);
	err = mmap->num_chunks ? DOCA_SUCCESS
			       : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "memory map %p has no memory range",
					       (void *)mmap_handle);
	pthread_mutex_unlock(&mmap->lock);
	pool = err ? NULL : calloc(1, sizeof(*pool));
	if (!err && !pool)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for a buffer pool");
	if (err) {
		opendoca_mmap_put(mmap);
		return err;
	}
	pool->mmap = mmap; /* the call's reference becomes the pool's */
	pool->elem_size = elem_size;
	pool->alignment = alignment;
	if (user_data)
		pool->user_data = *user_data;
	pool->store.owner = &pool->object;
	err = opendoca_buf_store_grow(&pool->store, (uint32_t)num, func);
	if (err) {
		pool_free(&pool->object);
		return err;
	}
	*handle = opendoca_handle_open(&pool->object, &opendoca_pool_kind, pool_free);
	if (!*handle) {
		pool_free(&pool->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of buffer pools");
	}
	return DOCA_SUCCESS;
}

/* Refuses while buffers are out (stop, destroy). */
static doca_error_t all_back(struct opendoca_pool *pool, const void *handle, const char *func)
{
	uint32_t out = pool->store.num_elements - pool->store.num_free;

	if (out)
		return opendoca_fail(DOCA_ERROR_IN_USE, func, "%u buffers of pool %p are not back", out, handle);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_pool_destroy(void *handle, const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	if (all_back(pool, handle, func)) {
		pool_put(pool);
		return DOCA_ERROR_IN_USE;
	}
	if (!opendoca_handle_close(handle, &opendoca_pool_kind, func)) {
		pool_put(pool);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pool_put(pool); /* this call's */
	pool_put(pool); /* the close's */
	pool_put(pool); /* its own */
	return DOCA_SUCCESS;
}

struct layout {
	uint64_t first;
	uint64_t stride;
	size_t elem_size;
};

static void bind(struct opendoca_buf *buf, size_t index, void *arg)
{
	const struct layout *layout = arg;

	buf->head = (void *)(uintptr_t)(layout->first + index * layout->stride);
	buf->len = layout->elem_size;
}

/* Lays the elements out in the map's range (under its lock): DOCA_ERROR_INITIALIZATION if too small. */
static doca_error_t lay_out(struct opendoca_pool *pool, const void *handle, const char *func)
{
	const struct opendoca_mmap_chunk *range = &pool->mmap->chunks[0];
	uint64_t mask = pool->alignment - 1, num = pool->store.num_elements, need;
	struct layout layout = { .elem_size = pool->elem_size };
	bool fits = !__builtin_add_overflow(range->addr, mask, &layout.first) &&
		    !__builtin_add_overflow(pool->elem_size, mask, &layout.stride);

	layout.first &= ~mask;
	layout.stride &= ~mask;
	/* (first - start) + (num - 1) * stride + elem_size bytes, counted without overflow. */
	fits = fits && !__builtin_mul_overflow(num - 1, layout.stride, &need) &&
	       !__builtin_add_overflow(need, layout.first - range->addr, &need) &&
	       !__builtin_add_overflow(need, pool->elem_size, &need) && need <= range->len;
	if (!fits)
		return opendoca_fail(DOCA_ERROR_INITIALIZATION, func,
				     "%lu elements of %zu bytes aligned to %zu do not fit in the %zu bytes of memory "
				     "map %p (pool %p)",
				     (unsigned long)num, pool->elem_size, pool->alignment, range->len,
				     opendoca_handle_of(&pool->mmap->object), handle);
	opendoca_buf_store_each(&pool->store, bind, &layout);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_pool_start(void *handle, const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);
	doca_error_t err;

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&pool->mmap->lock);
	if (pool->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "pool %p is already started", handle);
	else if (!atomic_load(&pool->mmap->started))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "memory map %p of pool %p is not started",
				    opendoca_handle_of(&pool->mmap->object), handle);
	else
		err = lay_out(pool, handle, func);
	if (!err)
		pool->store.started = true;
	pthread_mutex_unlock(&pool->mmap->lock);
	pool_put(pool);
	return err;
}

doca_error_t opendoca_pool_stop(void *handle, const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);
	doca_error_t err;

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	err = all_back(pool, handle, func);
	if (!err)
		pool->store.started = false;
	pool_put(pool);
	return err;
}

doca_error_t opendoca_pool_buf_alloc(void *handle, struct doca_buf **out, const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);
	struct opendoca_buf *buf = NULL;
	doca_error_t err;

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buf is NULL");
	else if (!pool->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "pool %p is not started", handle);
	else
		err = opendoca_buf_store_take_bound(&pool->store, pool->mmap, &buf, func);
	if (!err)
		*out = opendoca_buf_pointer(buf);
	pool_put(pool);
	return err;
}

doca_error_t opendoca_pool_read(const void *handle, enum opendoca_pool_value what, void *out, const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	if (!out) {
		pool_put(pool);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	}
	switch (what) {
	case OPENDOCA_POOL_NUM_ELEMENTS:
		*(uint32_t *)out = pool->store.num_elements;
		break;
	case OPENDOCA_POOL_NUM_FREE:
		*(uint32_t *)out = pool->store.num_free;
		break;
	case OPENDOCA_POOL_ALIGNMENT:
		*(size_t *)out = pool->alignment;
		break;
	case OPENDOCA_POOL_USER_DATA:
		*(union doca_data *)out = pool->user_data;
		break;
	}
	pool_put(pool);
	return DOCA_SUCCESS;
}

/* A property of a stopped pool. */
static doca_error_t set_while_stopped(struct doca_buf_pool *handle, size_t *alignment, const union doca_data *user_data,
				      const char *func)
{
	struct opendoca_pool *pool = opendoca_pool_get(handle, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!pool)
		return DOCA_ERROR_INVALID_VALUE;
	if (alignment && !power_of_2(*alignment))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "alignment %zu is not a power of 2", *alignment);
	else if (pool->store.started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "pool %p is started", (void *)handle);
	else if (alignment)
		pool->alignment = *alignment;
	else
		pool->user_data = *user_data;
	pool_put(pool);
	return err;
}

doca_error_t doca_buf_pool_create(size_t num_elements, size_t element_size, const struct doca_mmap *mmap,
				  struct doca_buf_pool **buf_pool)
{
	return opendoca_pool_create(NULL, num_elements, element_size, 1, mmap, (void **)buf_pool, __func__);
}

doca_error_t doca_buf_pool_destroy(struct doca_buf_pool *buf_pool)
{
	return opendoca_pool_destroy(buf_pool, __func__);
}

doca_error_t doca_buf_pool_start(struct doca_buf_pool *buf_pool)
{
	return opendoca_pool_start(buf_pool, __func__);
}

doca_error_t doca_buf_pool_stop(struct doca_buf_pool *buf_pool)
{
	return opendoca_pool_stop(buf_pool, __func__);
}

doca_error_t doca_buf_pool_buf_alloc(struct doca_buf_pool *buf_pool, struct doca_buf **buf)
{
	return opendoca_pool_buf_alloc(buf_pool, buf, __func__);
}

doca_error_t doca_buf_pool_get_num_elements(const struct doca_buf_pool *buf_pool, uint32_t *num_of_elements)
{
	return opendoca_pool_read(buf_pool, OPENDOCA_POOL_NUM_ELEMENTS, num_of_elements, __func__);
}

doca_error_t doca_buf_pool_get_num_free_elements(const struct doca_buf_pool *buf_pool, uint32_t *num_of_free_elements)
{
	return opendoca_pool_read(buf_pool, OPENDOCA_POOL_NUM_FREE, num_of_free_elements, __func__);
}

doca_error_t doca_buf_pool_get_element_alignment(const struct doca_buf_pool *buf_pool, size_t *element_alignment)
{
	return opendoca_pool_read(buf_pool, OPENDOCA_POOL_ALIGNMENT, element_alignment, __func__);
}

doca_error_t doca_buf_pool_get_user_data(const struct doca_buf_pool *buf_pool, union doca_data *user_data)
{
	return opendoca_pool_read(buf_pool, OPENDOCA_POOL_USER_DATA, user_data, __func__);
}

doca_error_t doca_buf_pool_set_element_alignment(struct doca_buf_pool *buf_pool, size_t element_alignment)
{
	return set_while_stopped(buf_pool, &element_alignment, NULL, __func__);
}

doca_error_t doca_buf_pool_set_user_data(struct doca_buf_pool *buf_pool, union doca_data user_data)
{
	return set_while_stopped(buf_pool, NULL, &user_data, __func__);
}
