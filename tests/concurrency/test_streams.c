/*
 * Message streams with many threads printing, flushing and destroying at once: every byte is
 * delivered once, in order per DPA thread, and nothing hangs. Each case hung or duplicated
 * output before streams were drained by one thread at a time.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../host/host_test.h"

extern flexio_func_t print_task;
extern flexio_func_t print_lines;

static flexio_app *app;

static int setup(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "concurrency_test", .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *process = NULL;

	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	return process;
}

/* Counts the lines of f equal to "task <i>" for each i < n: each exactly once. */
static void expect_each_task_once(FILE *f, unsigned n)
{
	unsigned char *seen = calloc(n, 1);
	char line[64];
	unsigned long i;

	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		assert_int_equal(sscanf(line, "task %lu", &i), 1);
		assert_true(i < n);
		assert_int_equal(seen[i], 0);
		seen[i] = 1;
	}
	for (i = 0; i < n; i++)
		assert_int_equal(seen[i], 1);
	free(seen);
}

/* 8 workers (batch 4) print 20000 lines into a 2 KiB BATCH stream: the queue drains, every
 * line arrives once, and the process is destroyed without a hang. */
static void cmdq_into_small_batch_stream(void **state)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = 2048,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_BATCH,
					  .level = FLEXIO_MSG_DEV_INFO };
	struct flexio_cmdq_attr qattr = { .workers = 8, .batch_size = 4, .state = FLEXIO_CMDQ_STATE_RUNNING };
	flexio_process *process = new_process();
	flexio_msg_stream *stream;
	flexio_cmdq *cmdq;
	FILE *out = tmpfile();
	const unsigned tasks = 20000;

	(void)state;
	assert_int_equal(flexio_msg_stream_create(process, &attr, out, NULL, &stream), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_create(process, &qattr, &cmdq), FLEXIO_STATUS_SUCCESS);
	for (unsigned i = 0; i < tasks; i++)
		assert_int_equal(flexio_cmdq_task_add(cmdq, &print_task, i), FLEXIO_STATUS_SUCCESS);
	while (!flexio_cmdq_is_empty(cmdq))
		sched_yield();
	assert_int_equal(flexio_msg_stream_flush(stream), FLEXIO_STATUS_SUCCESS);
	expect_each_task_once(out, tasks);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	fclose(out);
}

struct flusher {
	flexio_msg_stream *stream;
	atomic_bool *stop;
};

static void *flush_loop(void *arg)
{
	struct flusher *f = arg;

	while (!atomic_load(f->stop))
		assert_int_equal(flexio_msg_stream_flush(f->stream), FLEXIO_STATUS_SUCCESS);
	return NULL;
}

/* Each line "<tag> <i>" once, and per tag in order: i counts 0..per_call-1 in each call. */
static void expect_lines_in_order(FILE *f, unsigned tags, unsigned per_call, unsigned count)
{
	unsigned next[8] = { 0 }, tag, i;
	char line[64];

	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		assert_int_equal(sscanf(line, "%u %u", &tag, &i), 2);
		assert_true(tag < tags);
		assert_int_equal(i, next[tag] % per_call);
		next[tag]++;
	}
	for (tag = 0; tag < tags; tag++)
		assert_int_equal(next[tag], count);
}

/* The device prints while two host threads flush the same stream. */
static void flushed_by_two_threads(flexio_msg_dev_sync_mode mode, size_t bsize, unsigned count)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = bsize, .sync_mode = mode, .level = FLEXIO_MSG_DEV_INFO };
	flexio_process *process = new_process();
	flexio_msg_stream *stream;
	atomic_bool stop = false;
	struct flusher f;
	pthread_t threads[2];
	uint64_t ret;
	FILE *out = tmpfile();

	assert_int_equal(flexio_msg_stream_create(process, &attr, out, NULL, &stream), FLEXIO_STATUS_SUCCESS);
	f = (struct flusher){ stream, &stop };
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, flush_loop, &f), 0);
	/* ASYNC drops what does not fit between flushes: print in pieces that fit, flushing after
	 * each here too (a third flusher). */
	for (unsigned done = 0; done < count; done += 64) {
		assert_int_equal(flexio_process_call(process, &print_lines, &ret, 0u, 64u), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(flexio_msg_stream_flush(stream), FLEXIO_STATUS_SUCCESS);
	}
	atomic_store(&stop, true);
	for (int i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	assert_int_equal(flexio_msg_stream_flush(stream), FLEXIO_STATUS_SUCCESS);
	/* The 64-line batches repeat the numbers 0..63: check order within each batch. */
	{
		char line[64];
		unsigned i, expected = 0, lines = 0;

		rewind(out);
		while (fgets(line, sizeof(line), out)) {
			assert_int_equal(sscanf(line, "0 %u", &i), 1);
			assert_int_equal(i, expected);
			expected = (expected + 1) % 64;
			lines++;
		}
		assert_int_equal(lines, count);
	}
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	fclose(out);
}

static void async_flushed_by_two_threads(void **state)
{
	(void)state;
	flushed_by_two_threads(FLEXIO_LOG_DEV_SYNC_MODE_ASYNC, 4096, 2048);
}

static void sync_flushed_while_printing(void **state)
{
	(void)state;
	flushed_by_two_threads(FLEXIO_LOG_DEV_SYNC_MODE_SYNC, 2048, 2048);
}

static void batch_flushed_by_two_threads(void **state)
{
	(void)state;
	flushed_by_two_threads(FLEXIO_LOG_DEV_SYNC_MODE_BATCH, 2048, 2048);
}

struct printer {
	flexio_process *process;
	unsigned tag;
};

static void *print_loop(void *arg)
{
	struct printer *p = arg;
	uint64_t ret;

	/* flexio_process_call is one call at a time per process: threads take turns, each in order. */
	for (int i = 0; i < 4; i++)
		assert_int_equal(flexio_process_call(p->process, &print_lines, &ret, p->tag, 100u),
				 FLEXIO_STATUS_SUCCESS);
	return NULL;
}

/* Four host threads make the device print, each its own tag: per tag in order, each once. */
static void many_printers_in_order(void **state)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = 2048,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_process *process = new_process();
	flexio_msg_stream *stream;
	struct printer printers[4];
	pthread_t threads[4];
	FILE *out = tmpfile();

	(void)state;
	assert_int_equal(flexio_msg_stream_create(process, &attr, out, NULL, &stream), FLEXIO_STATUS_SUCCESS);
	for (unsigned i = 0; i < 4; i++) {
		printers[i] = (struct printer){ process, i };
		assert_int_equal(pthread_create(&threads[i], NULL, print_loop, &printers[i]), 0);
	}
	for (int i = 0; i < 4; i++)
		pthread_join(threads[i], NULL);
	assert_int_equal(flexio_msg_stream_flush(stream), FLEXIO_STATUS_SUCCESS);
	expect_lines_in_order(out, 4, 100, 400);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	fclose(out);
}

struct destroyer {
	flexio_msg_stream *stream;
	flexio_status status;
};

static void *destroy_stream(void *arg)
{
	struct destroyer *d = arg;

	d->status = flexio_msg_stream_destroy(d->stream);
	return NULL;
}

static void *flush_until_gone(void *arg)
{
	struct destroyer *d = arg;

	while (flexio_msg_stream_flush(d->stream) == FLEXIO_STATUS_SUCCESS)
		;
	return NULL;
}

/* A stream destroyed while another thread flushes it, and by two threads at once: one destroy
 * succeeds, the other fails with one log line; the flusher stops cleanly. */
static void destroy_racing_flush_and_destroy(void **state)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = 4096,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_process *process = new_process();
	FILE *out = tmpfile();

	(void)state;
	for (int round = 0; round < 50; round++) {
		struct destroyer d[2];
		pthread_t flusher, destroyers[2];
		flexio_msg_stream *stream;
		struct stderr_capture c;
		uint64_t ret;

		assert_int_equal(flexio_msg_stream_create(process, &attr, out, NULL, &stream), FLEXIO_STATUS_SUCCESS);
		d[0] = d[1] = (struct destroyer){ stream, FLEXIO_STATUS_SUCCESS };
		assert_int_equal(flexio_process_call(process, &print_lines, &ret, 0u, 4u), FLEXIO_STATUS_SUCCESS);
		capture_begin(&c);
		assert_int_equal(pthread_create(&flusher, NULL, flush_until_gone, &d[0]), 0);
		for (int i = 0; i < 2; i++)
			assert_int_equal(pthread_create(&destroyers[i], NULL, destroy_stream, &d[i]), 0);
		for (int i = 0; i < 2; i++)
			pthread_join(destroyers[i], NULL);
		pthread_join(flusher, NULL);
		/* One destroyer won; the flusher's last call and the loser each logged one line. */
		assert_int_equal((d[0].status == FLEXIO_STATUS_SUCCESS) + (d[1].status == FLEXIO_STATUS_SUCCESS), 1);
		assert_int_equal(count_lines(capture_end(&c)), 2);
	}
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	fclose(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cmdq_into_small_batch_stream), cmocka_unit_test(async_flushed_by_two_threads),
		cmocka_unit_test(sync_flushed_while_printing),  cmocka_unit_test(batch_flushed_by_two_threads),
		cmocka_unit_test(many_printers_in_order),       cmocka_unit_test(destroy_racing_flush_and_destroy),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
