/*
 * doca-pe-bench: the task path of DOCA progress engines, submit -> completion -> callback, on one
 * thread, with the reference copy context of the tests (tests/doca/copy_context.c) copying 64
 * bytes per task. Each completion callback submits its task again, as a throughput loop does;
 * WINDOW tasks are in flight. The ways a context completes:
 *
 *   in submit            the copy done in submit, its completion queued on the same thread: what
 *                        libdoca_common itself costs per task (no thread, no device);
 *   pushed, 1 thread     the copies done between progress calls by this thread, completed as
 *                        another thread's are (the lock-free push and its collection) but without
 *                        another CPU: that path's own cost;
 *   worker, pushed       a worker thread executes (the device) and completes each task with
 *                        opendoca_task_complete: a lock-free push the progress thread collects;
 *   worker, polled       the worker writes a per-binding completion queue the context's progress
 *                        operation polls, as DOCA DMA's polls its CQ.
 *
 * Not a test: it prints, it judges nothing (bench/doca/README.md). Usage: doca-pe-bench
 * [TASKS [WINDOW [ROUNDS]]] (default 2000000 64 3; the best of ROUNDS runs each).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_ctx.h>
#include <doca_pe.h>

#include "copy_context.h"

#define LEN 64
#define MAX_WINDOW 4096

struct run {
	long target, submitted, completed;
	char (*src)[LEN], (*dst)[LEN];
};

static void done(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	struct run *run = ctx_user_data.ptr;
	struct doca_task *t = copy_task_as_task(task);

	(void)task_user_data;
	run->completed++;
	if (run->submitted < run->target && doca_task_submit(t) == DOCA_SUCCESS)
		run->submitted++;
	else
		doca_task_free(t);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void fail(const char *what, doca_error_t err)
{
	fprintf(stderr, "doca-pe-bench: %s: %s\n", what, doca_error_get_descr(err));
	exit(1);
}

/* Tasks per second of one run; drain: this thread completes the context's copies itself. */
static double measure(enum copy_mode mode, bool drain, long tasks, int window)
{
	static char src[MAX_WINDOW][LEN], dst[MAX_WINDOW][LEN];
	struct run run = { .target = tasks, .src = src, .dst = dst };
	struct doca_pe *pe;
	struct copy_ctx *cc;
	struct doca_ctx *ctx;
	doca_error_t err;
	double start, seconds;

	if ((err = doca_pe_create(&pe)) || (err = copy_ctx_create(OPENDOCA_CTX_API_PE, mode, &cc)))
		fail("create", err);
	ctx = copy_ctx_as_ctx(cc);
	if ((err = doca_pe_connect_ctx(pe, ctx)) ||
	    (err = doca_ctx_set_user_data(ctx, (union doca_data){ .ptr = &run })) ||
	    (err = copy_task_set_conf(cc, done, done, (uint32_t)window)) || (err = doca_ctx_start(ctx)))
		fail("start", err);
	copy_ctx_hold(cc, drain);
	start = now();
	for (int i = 0; i < window; i++) {
		struct copy_task *task;

		if ((err = copy_task_alloc_init(cc, dst[i], src[i], LEN, (union doca_data){ .u64 = i }, &task)) ||
		    (err = doca_task_submit(copy_task_as_task(task))))
			fail("submit", err);
		run.submitted++;
	}
	while (run.completed < run.submitted) {
		if (drain)
			copy_ctx_drain(cc);
		doca_pe_progress(pe);
	}
	seconds = now() - start;
	if ((err = doca_ctx_stop(ctx)) || (err = copy_ctx_destroy(cc)) || (err = doca_pe_destroy(pe)))
		fail("stop", err);
	return run.completed / seconds;
}

int main(int argc, char **argv)
{
	long tasks = argc > 1 ? atol(argv[1]) : 2000000;
	int window = argc > 2 ? atoi(argv[2]) : 64, rounds = argc > 3 ? atoi(argv[3]) : 3;
	static const struct {
		enum copy_mode mode;
		bool drain;
		const char *name;
	} modes[] = {
		{ COPY_SYNC, false, "in submit" },
		{ COPY_ASYNC, true, "pushed, 1 thread" },
		{ COPY_ASYNC, false, "worker, pushed" },
		{ COPY_POLL, false, "worker, polled" },
	};

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (tasks < window || window < 1 || window > MAX_WINDOW || rounds < 1) {
		fprintf(stderr, "usage: doca-pe-bench [TASKS [WINDOW (1-%d) [ROUNDS]]]\n", MAX_WINDOW);
		return 2;
	}
	printf("doca_pe task path: %ld tasks of %d bytes, %d in flight, best of %d\n", tasks, LEN, window, rounds);
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		double best = 0;

		for (int r = 0; r < rounds; r++) {
			double rate = measure(modes[m].mode, modes[m].drain, tasks, window);

			if (rate > best)
				best = rate;
		}
		printf("  %-16s %7.2f M tasks/s  %6.1f ns/task\n", modes[m].name, best / 1e6, 1e9 / best);
	}
	return 0;
}
