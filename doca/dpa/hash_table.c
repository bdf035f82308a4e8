/*
 * DPA hash tables (doca_dpa_hash_table_*, 3.0): a table of 32-bit keys and 64-bit values in the
 * DPA memory of a started context, which DPA code adds to, finds in and removes from
 * (device/hash_table_dev.h has the layout and how DPA threads share it). Its memory goes with the
 * context's process: a stop releases it (a started object of thread.h's list) and the table's
 * handle then only refuses its DPA handle, until destroyed.
 */
#include "thread.h"

#include <stddef.h>
#include <stdlib.h>

#include "device/hash_table_dev.h"

/* The most entries: the slots' count (twice as many, a power of two) stays a 32-bit index. */
#define MAX_ENTRIES (1u << 24)

static const struct opendoca_kind hash_table_kind = { "DPA hash table" };

struct dpa_hash_table {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while the table lives */
	struct dpa_object link;
	uint64_t mem; /* DPA memory (the DPA handle), 0 once released */
};

static void table_free(struct opendoca_object *object)
{
	struct dpa_hash_table *ht = (struct dpa_hash_table *)object;

	dpa_put(ht->ctx);
	free(ht);
}

/* Frees its memory (lock held; the process is alive). */
static void release_mem(struct dpa_hash_table *ht)
{
	if (!ht->mem)
		return;
	flexio_buf_dev_free(ht->ctx->process, ht->mem);
	ht->mem = 0;
	dpa_object_unlink(ht->ctx, &ht->link);
}

static void release(struct dpa_object *object)
{
	release_mem((struct dpa_hash_table *)((char *)object - offsetof(struct dpa_hash_table, link)));
}

/* The header and empty slots, in DPA memory (lock held). */
static doca_error_t make(struct dpa_hash_table *ht, unsigned int num_entries, const char *func)
{
	struct opendoca_dpa_ht header = { .max_entries = num_entries };
	flexio_process *process = ht->ctx->process;
	size_t size;

	while ((1u << header.log_capacity) < 2 * num_entries)
		header.log_capacity++;
	size = sizeof(header) + (sizeof(struct opendoca_dpa_ht_slot) << header.log_capacity);
	if (flexio_buf_dev_alloc(process, size, &ht->mem) != FLEXIO_STATUS_SUCCESS) {
		ht->mem = 0;
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func,
				     "no %zu bytes of DPA memory for a hash table of %u entries", size, num_entries);
	}
	/* Every slot EMPTY (0), then the header. */
	if (flexio_buf_dev_memset(process, 0, size, ht->mem) != FLEXIO_STATUS_SUCCESS ||
	    flexio_host2dev_memcpy(process, &header, sizeof(header), ht->mem) != FLEXIO_STATUS_SUCCESS) {
		flexio_buf_dev_free(process, ht->mem);
		ht->mem = 0;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing a hash table into DPA memory failed");
	}
	ht->link.release = release;
	dpa_object_link(ht->ctx, &ht->link);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_hash_table_create(struct doca_dpa *dpa, unsigned int num_entries, struct doca_dpa_hash_table **ht)
{
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);
	struct doca_dpa_hash_table *handle;
	struct dpa_hash_table *t;

	if (!ctx)
		return err;
	if (!ht || !num_entries || num_entries > MAX_ENTRIES) {
		dpa_put(ctx);
		if (!ht)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ht is NULL");
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_entries %u: 1 to %u", num_entries,
				     MAX_ENTRIES);
	}
	t = calloc(1, sizeof(*t));
	if (!t) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a hash table");
	}
	t->ctx = ctx; /* the call's reference becomes the table's */
	pthread_mutex_lock(&ctx->lock);
	err = ctx->started
		      ? make(t, num_entries, __func__)
		      : opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DOCA DPA context %p was stopped", (void *)dpa);
	pthread_mutex_unlock(&ctx->lock);
	if (err) {
		table_free(&t->object);
		return err;
	}
	handle = opendoca_handle_open(&t->object, &hash_table_kind, table_free);
	if (!handle) {
		pthread_mutex_lock(&ctx->lock);
		release_mem(t);
		pthread_mutex_unlock(&ctx->lock);
		table_free(&t->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a hash table");
	}
	*ht = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_hash_table_destroy(struct doca_dpa_hash_table *ht)
{
	struct dpa_hash_table *t = opendoca_handle_get(ht, &hash_table_kind, __func__);
	struct opendoca_object *closed;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	closed = opendoca_handle_close(ht, &hash_table_kind, __func__);
	if (closed)
		release_mem(t);
	pthread_mutex_unlock(&t->ctx->lock);
	opendoca_handle_put(&t->object);
	if (!closed)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_hash_table_get_dpa_handle(struct doca_dpa_hash_table *ht, doca_dpa_dev_hash_table_t *ht_handle)
{
	struct dpa_hash_table *t = opendoca_handle_get(ht, &hash_table_kind, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&t->ctx->lock);
	if (!ht_handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ht_handle is NULL");
	else if (!t->mem)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "its DOCA DPA context was stopped: the table is gone");
	else
		*ht_handle = t->mem;
	pthread_mutex_unlock(&t->ctx->lock);
	opendoca_handle_put(&t->object);
	return err;
}
