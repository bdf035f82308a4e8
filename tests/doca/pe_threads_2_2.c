/*
 * 2.2's threading (the DOCA Core programming guide: a work queue is one thread's interface to the
 * contexts, a context's operations are thread-safe): threads each with a work queue of their own,
 * added to one context, submitting jobs and retrieving their events at once. Built for 2.2.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <doca_ctx.h>

#include "copy_context.h"
#include "pe_threads_2_2.h"

#define THREADS 3
#define DEPTH 16
#define JOBS 3000
#define LEN 32

struct worker {
	struct copy_ctx *cc;
	char src[DEPTH][LEN], dst[DEPTH][LEN];
};

static void *submit_and_retrieve(void *arg)
{
	struct worker *w = arg;
	struct doca_ctx *ctx = copy_ctx_as_ctx(w->cc);
	struct doca_workq *workq;
	struct copy_job jobs[DEPTH];
	struct doca_event ev;
	int submitted = 0, retrieved = 0;

	assert_int_equal(doca_workq_create(DEPTH, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(ctx, workq), DOCA_SUCCESS);
	for (int i = 0; i < DEPTH; i++) {
		memset(w->src[i], i + 1, LEN);
		jobs[i] = (struct copy_job){ .base = { .type = COPY_JOB, .ctx = ctx, .user_data.u64 = i },
					     .dst = w->dst[i],
					     .src = w->src[i],
					     .len = LEN };
		assert_int_equal(doca_workq_submit(workq, &jobs[i].base), DOCA_SUCCESS);
		submitted++;
	}
	while (retrieved < JOBS) {
		doca_error_t err = doca_workq_progress_retrieve(workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE);

		if (err == DOCA_ERROR_AGAIN)
			continue;
		assert_int_equal(err, DOCA_SUCCESS);
		retrieved++;
		assert_memory_equal(w->dst[ev.user_data.u64], w->src[ev.user_data.u64], LEN);
		if (submitted < JOBS) {
			assert_int_equal(doca_workq_submit(workq, &jobs[ev.user_data.u64].base), DOCA_SUCCESS);
			submitted++;
		}
	}
	assert_int_equal(doca_ctx_workq_rm(ctx, workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
	return NULL;
}

void work_queues_of_many_threads_2_2(void **state)
{
	static struct worker workers[THREADS];
	pthread_t threads[THREADS];
	int device;

	(void)state;
	for (int mode = COPY_ASYNC; mode <= COPY_POLL; mode++) {
		struct copy_ctx *cc;

		assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, (enum copy_mode)mode, &cc), DOCA_SUCCESS);
		assert_int_equal(doca_ctx_dev_add(copy_ctx_as_ctx(cc), (struct doca_dev *)&device), DOCA_SUCCESS);
		assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
		for (int i = 0; i < THREADS; i++) {
			workers[i].cc = cc;
			assert_int_equal(pthread_create(&threads[i], NULL, submit_and_retrieve, &workers[i]), 0);
		}
		for (int i = 0; i < THREADS; i++)
			assert_int_equal(pthread_join(threads[i], NULL), 0);
		assert_int_equal(copy_ctx_executed(cc), THREADS * JOBS);
		assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
		assert_int_equal(doca_ctx_dev_rm(copy_ctx_as_ctx(cc), (struct doca_dev *)&device), DOCA_SUCCESS);
		assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
	}
}
