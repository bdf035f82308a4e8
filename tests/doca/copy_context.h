/*
 * A reference DOCA context for the tests and the benchmark of contexts, progress engines and work
 * queues (doca/common/private_ctx.h; doca/README.md, "Writing a context"): it copies memory, as
 * DMA's does, with a worker thread standing in for the device. Its tasks (2.5 and later) and jobs
 * (1.x, 2.2) complete out of order (a worker takes what was submitted at once and executes it
 * newest first), from another thread, and a stopping context flushes what it holds.
 *
 * Modes, the ways a library completes:
 *   COPY_SYNC   in submit, on the progress thread (no thread at all: the engine's own cost);
 *   COPY_ASYNC  from the worker, opendoca_task_complete (no progress operation);
 *   COPY_POLL   the worker queues completions per binding, as a device writes a CQ: the
 *               progress operation polls them, an eventfd notifies (event_fd, arm, clear);
 *               a failed task stops the context (as DMA does), a start can take some progress
 *               calls (copy_ctx_set_async_start).
 */
#ifndef TESTS_DOCA_COPY_CONTEXT_H
#define TESTS_DOCA_COPY_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "private_ctx.h"

enum copy_mode {
	COPY_SYNC,
	COPY_ASYNC,
	COPY_POLL,
};

/* A copy job of 1.x/2.2 (job type COPY_JOB); its event's result is the status. */
#define COPY_JOB (1 << 30)
#if OPENDOCA_REL <= 22
struct copy_job {
	struct doca_job base;
	void *dst;
	const void *src;
	size_t len; /* 0: the job fails (DOCA_ERROR_INVALID_VALUE) */
};
#endif

struct copy_ctx;
struct copy_task; /* a struct doca_task * of the copy type */
struct doca_ctx;
struct doca_task;

/* The copy task's callbacks, of their own type (as DMA's are). */
typedef void (*copy_task_cb)(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data);

/* A copy context of release model api; *cc is NULL after a failure (libdoca_common's). */
doca_error_t copy_ctx_create(enum opendoca_ctx_api api, enum copy_mode mode, struct copy_ctx **cc);
doca_error_t copy_ctx_destroy(struct copy_ctx *cc);
struct doca_ctx *copy_ctx_as_ctx(struct copy_ctx *cc);

/* Tasks (2.5 and later). */
doca_error_t copy_task_set_conf(struct copy_ctx *cc, copy_task_cb completion, copy_task_cb error, uint32_t num_tasks);
doca_error_t copy_task_alloc_init(struct copy_ctx *cc, void *dst, const void *src, size_t len,
				  union doca_data user_data, struct copy_task **task);
struct doca_task *copy_task_as_task(struct copy_task *task);
/* What a copy task copies to; NULL for what is no copy task. */
void *copy_task_get_dst(const struct copy_task *task);

/* Task batches (3.0): one callback per batch, its own type (as a library's are). */
struct doca_task_batch;
typedef void (*copy_batch_cb)(struct doca_task_batch *batch, uint16_t num_tasks, union doca_data batch_user_data,
			      union doca_data ctx_user_data);
doca_error_t copy_task_batch_set_conf(struct copy_ctx *cc, uint32_t max_tasks, uint32_t num_batches,
				      copy_batch_cb completion, copy_batch_cb error);
/* A batch of num_tasks copies, copy i from src[i] to dst[i], len[i] bytes (task user data: i). */
doca_error_t copy_task_batch_alloc_init(struct copy_ctx *cc, uint16_t num_tasks, void *const *dst,
					const void *const *src, const size_t *len, union doca_data user_data,
					struct doca_task_batch **batch);

/* While held, the worker executes nothing (a stop flushes what it holds). */
void copy_ctx_hold(struct copy_ctx *cc, bool hold);
/*
 * Executes what was submitted on the calling thread (outside the engine's calls: completions take
 * the path of another thread's, without another CPU), as the worker would.
 */
void copy_ctx_drain(struct copy_ctx *cc);
/* COPY_POLL: the next starts end after this many progress calls (0: at once). */
void copy_ctx_set_async_start(struct copy_ctx *cc, unsigned progress_calls, doca_error_t status);
/* Devices the context holds (1.x/2.2: any non-NULL pointer is a device to it). */
unsigned copy_ctx_devices(const struct copy_ctx *cc);
/* Tasks and jobs it executed, flushed. */
uint64_t copy_ctx_executed(struct copy_ctx *cc);
uint64_t copy_ctx_flushed(struct copy_ctx *cc);

#endif /* TESTS_DOCA_COPY_CONTEXT_H */
