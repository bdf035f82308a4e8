/*
 * DPA thread groups (doca_dpa_thread_group_*, 3.0): ranks for DPA threads, which their functions
 * read with doca_dpa_dev_thread_rank and doca_dpa_dev_num_threads. A thread gets its rank while it
 * is not started (the rank goes into its descriptor at its start); a group names its threads
 * (they refuse destruction while it does) until it is destroyed.
 */
#include "thread.h"

#include <stdlib.h>

static const struct opendoca_kind group_kind = { "DPA thread group" };

struct dpa_tg {
	struct opendoca_object object; /* first: the handle's object */
	struct dpa_context *ctx;       /* held while the group lives */
	unsigned int num_threads;
	bool started;
	struct dpa_thread **threads; /* by rank, each held */
};

static void group_free(struct opendoca_object *object)
{
	struct dpa_tg *g = (struct dpa_tg *)object;

	dpa_put(g->ctx);
	free(g->threads);
	free(g);
}

doca_error_t doca_dpa_thread_group_create(struct doca_dpa *dpa, unsigned int num_threads, struct doca_dpa_tg **tg)
{
	struct dpa_context *ctx = dpa_get(dpa, __func__);
	struct doca_dpa_tg *handle;
	struct dpa_tg *g;

	if (!ctx)
		return DOCA_ERROR_INVALID_VALUE;
	if (!tg || !num_threads) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s", !tg ? "tg is NULL" : "num_threads is 0");
	}
	g = calloc(1, sizeof(*g));
	if (g)
		g->threads = calloc(num_threads, sizeof(*g->threads));
	if (!g || !g->threads) {
		free(g);
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a group of %u DPA threads",
				     num_threads);
	}
	g->ctx = ctx; /* the call's reference becomes the group's */
	g->num_threads = num_threads;
	handle = opendoca_handle_open(&g->object, &group_kind, group_free);
	if (!handle) {
		group_free(&g->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a DPA thread group");
	}
	*tg = handle;
	return DOCA_SUCCESS;
}

static struct dpa_tg *get_locked(const struct doca_dpa_tg *handle, const char *func)
{
	struct dpa_tg *g = opendoca_handle_get(handle, &group_kind, func);

	if (g)
		pthread_mutex_lock(&g->ctx->lock);
	return g;
}

static void unlock_put(struct dpa_tg *g)
{
	pthread_mutex_unlock(&g->ctx->lock);
	opendoca_handle_put(&g->object);
}

/* Lets a thread go (lock held): a thread not started forgets its rank. */
static void release_rank(struct dpa_tg *g, unsigned int rank)
{
	struct dpa_thread *t = g->threads[rank];

	if (!t)
		return;
	if (!dpa_thread_started(t))
		dpa_thread_set_rank(t, 0, 1, NULL);
	dpa_thread_detach(t);
	dpa_thread_put(t);
	g->threads[rank] = NULL;
}

doca_error_t doca_dpa_thread_group_destroy(struct doca_dpa_tg *tg)
{
	struct dpa_tg *g = get_locked(tg, __func__);
	struct opendoca_object *closed = NULL;
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return DOCA_ERROR_INVALID_VALUE;
	if (g->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread group %p is started", (void *)tg);
	} else {
		closed = opendoca_handle_close(tg, &group_kind, __func__);
		if (!closed)
			err = DOCA_ERROR_INVALID_VALUE;
		for (unsigned int r = 0; closed && r < g->num_threads; r++)
			release_rank(g, r);
	}
	unlock_put(g);
	if (closed) {
		opendoca_handle_put(closed);
		opendoca_handle_put(closed);
	}
	return err;
}

doca_error_t doca_dpa_thread_group_set_thread(struct doca_dpa_tg *tg, struct doca_dpa_thread *thread, unsigned int rank)
{
	struct dpa_thread *t = dpa_thread_get(thread, __func__);
	struct dpa_tg *g;
	doca_error_t err = DOCA_SUCCESS;

	if (!t)
		return DOCA_ERROR_INVALID_VALUE;
	g = get_locked(tg, __func__);
	if (!g) {
		dpa_thread_put(t);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dpa_thread_context(t) != g->ctx)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "DPA thread %p is of another DOCA DPA context",
				    (void *)thread);
	else if (rank >= g->num_threads)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "rank %u: the group has ranks 0 to %u", rank,
				    g->num_threads - 1);
	else if (g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread group %p is started", (void *)tg);
	for (unsigned int r = 0; !err && r < g->num_threads; r++)
		if (g->threads[r] == t && r != rank)
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
					    "DPA thread %p has rank %u of the group already", (void *)thread, r);
	if (!err && g->threads[rank] != t)
		err = dpa_thread_set_rank(t, rank, g->num_threads, __func__);
	if (!err && g->threads[rank] != t) {
		release_rank(g, rank);
		dpa_thread_attach(t);
		g->threads[rank] = t; /* the call's reference becomes the group's */
		t = NULL;
	}
	unlock_put(g);
	if (t)
		dpa_thread_put(t);
	return err;
}

doca_error_t doca_dpa_thread_group_get_num_threads(struct doca_dpa_tg *tg, unsigned int *num_threads)
{
	struct dpa_tg *g = get_locked(tg, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return DOCA_ERROR_INVALID_VALUE;
	if (!num_threads)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_threads is NULL");
	else
		*num_threads = g->num_threads;
	unlock_put(g);
	return err;
}

doca_error_t doca_dpa_thread_group_start(struct doca_dpa_tg *tg)
{
	struct dpa_tg *g = get_locked(tg, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return DOCA_ERROR_INVALID_VALUE;
	if (g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread group %p is started", (void *)tg);
	for (unsigned int r = 0; !err && r < g->num_threads; r++)
		if (!g->threads[r])
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
					    "DPA thread group %p has no thread of rank %u", (void *)tg, r);
	if (!err)
		g->started = true;
	unlock_put(g);
	return err;
}

doca_error_t doca_dpa_thread_group_stop(struct doca_dpa_tg *tg)
{
	struct dpa_tg *g = get_locked(tg, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return DOCA_ERROR_INVALID_VALUE;
	if (!g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "DPA thread group %p is not started", (void *)tg);
	else
		g->started = false;
	unlock_put(g);
	return err;
}
