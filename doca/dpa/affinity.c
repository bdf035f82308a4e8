/*
 * Execution-unit affinities (doca_dpa_eu_affinity_*, 2.7 on): the execution unit a DPA thread runs
 * on, a strict FlexIO affinity when the thread starts. An affinity names one execution unit, 0 to
 * doca_dpa_get_total_num_eus_available() - 1; doca_dpa_thread_set_affinity copies it, so NVIDIA's
 * samples set one affinity anew for each thread they make, and destroy it after.
 */
#include "thread.h"

#include <stdlib.h>

static const struct opendoca_kind affinity_kind = { "DPA execution-unit affinity" };

struct dpa_eu_affinity {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while the affinity lives */
	bool set;
	unsigned int eu;
};

static void affinity_free(struct opendoca_object *object)
{
	struct dpa_eu_affinity *a = (struct dpa_eu_affinity *)object;

	dpa_put(a->ctx);
	free(a);
}

doca_error_t doca_dpa_eu_affinity_create(struct doca_dpa *dpa, struct doca_dpa_eu_affinity **affinity)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_eu_affinity *handle;
	struct dpa_eu_affinity *a;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	if (!affinity) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "affinity is NULL");
	}
	a = calloc(1, sizeof(*a));
	if (!a) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an affinity");
	}
	a->ctx = ctx; /* the call's reference becomes the affinity's */
	handle = opendoca_handle_open(&a->object, &affinity_kind, affinity_free);
	if (!handle) {
		affinity_free(&a->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for an affinity");
	}
	*affinity = handle;
	return DOCA_SUCCESS;
}

/* Threads copy the execution unit: one that named the affinity does not hold it. */
doca_error_t doca_dpa_eu_affinity_destroy(struct doca_dpa_eu_affinity *affinity)
{
	struct opendoca_object *closed = opendoca_handle_close(affinity, &affinity_kind, __func__);

	if (!closed)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

/* The affinity of a handle, locked (its context's lock: threads read it under that lock). */
static struct dpa_eu_affinity *get_locked(const struct doca_dpa_eu_affinity *handle, const char *func)
{
	struct dpa_eu_affinity *a = opendoca_handle_get(handle, &affinity_kind, func);

	if (a)
		pthread_mutex_lock(&a->ctx->lock);
	return a;
}

static void unlock_put(struct dpa_eu_affinity *a)
{
	pthread_mutex_unlock(&a->ctx->lock);
	opendoca_handle_put(&a->object);
}

doca_error_t doca_dpa_eu_affinity_set(struct doca_dpa_eu_affinity *affinity, unsigned int eu_id)
{
	struct dpa_eu_affinity *a = get_locked(affinity, __func__);
	unsigned int total = 0;
	doca_error_t err;

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	err = doca_dpa_get_total_num_eus_available(opendoca_handle_of(&a->ctx->base.object), &total);
	if (!err && eu_id >= total)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "execution unit %u: the DPA has 0 to %u", eu_id,
				    total - 1);
	if (!err) {
		a->set = true;
		a->eu = eu_id;
	}
	unlock_put(a);
	return err;
}

doca_error_t doca_dpa_eu_affinity_get(struct doca_dpa_eu_affinity *affinity, unsigned int *eu_id)
{
	struct dpa_eu_affinity *a = get_locked(affinity, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	if (!eu_id)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "eu_id is NULL");
	else if (!a->set)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "affinity %p names no execution unit",
				    (void *)affinity);
	else
		*eu_id = a->eu;
	unlock_put(a);
	return err;
}

doca_error_t doca_dpa_eu_affinity_clear(struct doca_dpa_eu_affinity *affinity)
{
	struct dpa_eu_affinity *a = get_locked(affinity, __func__);

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	a->set = false;
	unlock_put(a);
	return DOCA_SUCCESS;
}

/* Called with ctx's lock held (a thread's setter): the handle is read without taking it again. */
doca_error_t dpa_eu_affinity_eu(const struct doca_dpa_eu_affinity *affinity, struct dpa_context *ctx, unsigned int *eu,
				const char *func)
{
	struct dpa_eu_affinity *a = opendoca_handle_get(affinity, &affinity_kind, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	if (a->ctx != ctx)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "affinity %p is of another DOCA DPA context",
				    (const void *)affinity);
	else if (!a->set)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "affinity %p names no execution unit",
				    (const void *)affinity);
	else
		*eu = a->eu;
	opendoca_handle_put(&a->object);
	return err;
}
