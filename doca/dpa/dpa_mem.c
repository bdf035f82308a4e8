/*
 * DPA memory of a DOCA DPA context (doca_dpa.h): allocation from the process's heap, memset, and
 * copies between host and DPA memory (3.0's doca_buf forms copy a buffer's data / into its room).
 * The DPA memory functions of every release have the same form.
 */
#include "doca_buf.h"
#include "doca_dpa.h"

#include "buf.h"
#include "dpa_ctx.h"

#include <stdlib.h>

/* The process of a started context, with its lock held (unlock with pthread_mutex_unlock). */
static struct dpa_context *lock_started(struct doca_dpa *dpa, doca_error_t *err, const char *func)
{
	struct dpa_context *ctx = dpa_get(dpa, func);

	*err = DOCA_ERROR_INVALID_VALUE;
	if (!ctx)
		return NULL;
	pthread_mutex_lock(&ctx->lock);
	if (!ctx->started) {
		*err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "DOCA DPA context %p is not started", (void *)dpa);
		pthread_mutex_unlock(&ctx->lock);
		dpa_put(ctx);
		return NULL;
	}
	*err = DOCA_SUCCESS;
	return ctx;
}

static void unlock(struct dpa_context *ctx)
{
	pthread_mutex_unlock(&ctx->lock);
	dpa_put(ctx);
}

doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size, doca_dpa_dev_uintptr_t *dev_ptr)
{
	doca_error_t err;
	struct dpa_context *ctx = lock_started(dpa, &err, __func__);
	uint64_t daddr;

	if (!ctx)
		return err;
	if (!dev_ptr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev_ptr is NULL");
	else if (!size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "size is 0");
	else if (flexio_buf_dev_alloc(ctx->process, size, &daddr) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no %zu bytes of DPA memory", size);
	else
		*dev_ptr = daddr;
	unlock(ctx);
	return err;
}

doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr)
{
	doca_error_t err;
	struct dpa_context *ctx = lock_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	if (flexio_buf_dev_free(ctx->process, dev_ptr) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "%#llx is no DPA memory of doca_dpa_mem_alloc's (or was freed)",
				    (unsigned long long)dev_ptr);
	unlock(ctx);
	return err;
}

doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr, int value, size_t size)
{
	doca_error_t err;
	struct dpa_context *ctx = lock_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	if (!dev_ptr || !size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is 0", !dev_ptr ? "dev_ptr" : "size");
	else if (flexio_buf_dev_memset(ctx->process, value, size, dev_ptr) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "[%#llx, +%zu) is not DPA memory of the context", (unsigned long long)dev_ptr,
				    size);
	unlock(ctx);
	return err;
}

static doca_error_t h2d(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, const void *src, size_t size,
			const char *func)
{
	doca_error_t err;
	struct dpa_context *ctx = lock_started(dpa, &err, func);

	if (!ctx)
		return err;
	if (!dst_ptr || !src || !size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s",
				    !dst_ptr ? "dst_ptr is 0"
				    : !src   ? "the source is NULL"
					     : "size is 0");
	else if (flexio_host2dev_memcpy(ctx->process, (void *)src, size, dst_ptr) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#llx, +%zu) is not DPA memory of the context",
				    (unsigned long long)dst_ptr, size);
	unlock(ctx);
	return err;
}

static doca_error_t d2h(struct doca_dpa *dpa, void *dst, doca_dpa_dev_uintptr_t src_ptr, size_t size, const char *func)
{
	doca_error_t err;
	struct dpa_context *ctx = lock_started(dpa, &err, func);

	if (!ctx)
		return err;
	if (!dst || !src_ptr || !size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s",
				    !dst       ? "the destination is NULL"
				    : !src_ptr ? "src_ptr is 0"
					       : "size is 0");
	else if (flexio_dev2host_memcpy(ctx->process, dst, size, src_ptr) != FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#llx, +%zu) is not DPA memory of the context",
				    (unsigned long long)src_ptr, size);
	unlock(ctx);
	return err;
}

doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr, size_t size)
{
	return h2d(dpa, dst_ptr, src_ptr, size, __func__);
}

doca_error_t doca_dpa_d2h_memcpy(struct doca_dpa *dpa, void *dst_ptr, doca_dpa_dev_uintptr_t src_ptr, size_t size)
{
	return d2h(dpa, dst_ptr, src_ptr, size, __func__);
}

/* A buffer's memory as this process addresses it (a host map's), for the buf forms. */
static void *buf_host(struct doca_buf *buf, bool data, size_t size, const char *func, doca_error_t *err)
{
	struct opendoca_buf *b = opendoca_buf_get(buf, func);
	uintptr_t at, end;

	*err = DOCA_ERROR_INVALID_VALUE;
	if (!b)
		return NULL;
	/* The source is the buffer's data; the destination its room after the data. */
	at = (uintptr_t)b->data + (data ? 0 : b->data_len);
	end = data ? (uintptr_t)b->data + b->data_len : (uintptr_t)b->head + b->len;
	if (b->mmap->kind != OPENDOCA_MEM_HOST) {
		*err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "buffer %p is not in this process's memory",
				     (void *)buf);
		return NULL;
	}
	if (size > end - at) {
		*err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buffer %p has %zu bytes of %s, not %zu",
				     (void *)buf, (size_t)(end - at), data ? "data" : "room", size);
		return NULL;
	}
	*err = DOCA_SUCCESS;
	return (void *)at;
}

doca_error_t doca_dpa_h2d_buf_memcpy(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, struct doca_buf *buf,
				     size_t size)
{
	doca_error_t err;
	void *src = buf_host(buf, true, size, __func__, &err);

	return src ? h2d(dpa, dst_ptr, src, size, __func__) : err;
}

doca_error_t doca_dpa_d2h_buf_memcpy(struct doca_dpa *dpa, struct doca_buf *buf, doca_dpa_dev_uintptr_t src_ptr,
				     size_t size)
{
	doca_error_t err;
	void *dst = buf_host(buf, false, size, __func__, &err);

	if (!dst)
		return err;
	err = d2h(dpa, dst, src_ptr, size, __func__);
	if (!err)
		opendoca_buf_get(buf, __func__)->data_len += size;
	return err;
}
