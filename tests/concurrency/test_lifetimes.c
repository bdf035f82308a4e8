/*
 * Objects destroyed while other threads use them, destroyed twice at once, and handles kept
 * after destroy: calls complete or fail with one log line, one destroyer wins, and a destroyed
 * handle is refused even when a new object took its memory. Each case crashed, hung or acted
 * on the wrong object before handles carried generations and references.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../host/host_test.h"

extern flexio_func_t add;
extern flexio_func_t spin;
extern flexio_func_t print_task;

static flexio_app *app;
static struct ibv_pd *pd;

static int setup(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	pd = ibv_alloc_pd(ctx);
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "concurrency_test", .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	sim_device_close();
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *process = NULL;

	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	return process;
}

struct caller {
	flexio_process *process;
	atomic_int *started;
	int ok, failed;
};

/* Calls until the process is gone; every call either works or fails cleanly. */
static void *call_until_destroyed(void *arg)
{
	struct caller *c = arg;
	uint64_t ret;

	atomic_fetch_add(c->started, 1);
	for (;;) {
		if (flexio_process_call(c->process, &add, &ret, 40, 2) != FLEXIO_STATUS_SUCCESS) {
			c->failed++;
			return NULL;
		}
		assert_int_equal(ret, 42);
		c->ok++;
	}
}

/* flexio_process_destroy while four threads call into the process. */
static void process_destroyed_while_called(void **state)
{
	for (int round = 0; round < 20; round++) {
		flexio_process *process = new_process();
		atomic_int started = 0;
		struct caller callers[4];
		pthread_t threads[4];
		struct stderr_capture c;

		(void)state;
		capture_begin(&c);
		for (int i = 0; i < 4; i++) {
			callers[i] = (struct caller){ process, &started, 0, 0 };
			assert_int_equal(pthread_create(&threads[i], NULL, call_until_destroyed, &callers[i]), 0);
		}
		while (atomic_load(&started) < 4)
			sched_yield();
		assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
		for (int i = 0; i < 4; i++) {
			pthread_join(threads[i], NULL);
			assert_int_equal(callers[i].failed, 1);
		}
		/* Each caller's last call logged one line: the process is gone. */
		assert_int_equal(count_lines(capture_end(&c)), 4);
	}
}

/* A long call in progress when its process is destroyed completes; the process goes after. */
struct long_call {
	flexio_process *process;
	atomic_bool *running;
	flexio_status status;
	uint64_t ret;
};

static void *call_spin(void *arg)
{
	struct long_call *l = arg;

	atomic_store(l->running, true);
	l->status = flexio_process_call(l->process, &spin, &l->ret, 2000000);
	return NULL;
}

static void destroy_during_long_call(void **state)
{
	atomic_bool running = false;
	struct long_call l = { new_process(), &running, FLEXIO_STATUS_FAILED, 0 };
	pthread_t thread;

	(void)state;
	assert_int_equal(pthread_create(&thread, NULL, call_spin, &l), 0);
	while (!atomic_load(&running))
		sched_yield();
	assert_int_equal(flexio_process_destroy(l.process), FLEXIO_STATUS_SUCCESS);
	pthread_join(thread, NULL);
	/* Either the call began before the destroy (and completed) or after (and was refused). */
	if (l.status == FLEXIO_STATUS_SUCCESS)
		assert_int_equal(l.ret, 2000000);
}

struct destroy_race {
	void *handle;
	flexio_status (*destroy)(void *handle);
	atomic_int *go;
	flexio_status status;
};

static void *destroy_when_told(void *arg)
{
	struct destroy_race *d = arg;

	while (!atomic_load(d->go))
		;
	d->status = d->destroy(d->handle);
	return NULL;
}

/* Two threads destroy the same handle: exactly one succeeds, the other logs one line. */
static void two_destroyers(void *handle, flexio_status (*destroy)(void *), const char *func)
{
	atomic_int go = 0;
	struct destroy_race d[2];
	pthread_t threads[2];
	struct stderr_capture c;
	const char *text;

	capture_begin(&c);
	for (int i = 0; i < 2; i++) {
		d[i] = (struct destroy_race){ handle, destroy, &go, FLEXIO_STATUS_SUCCESS };
		assert_int_equal(pthread_create(&threads[i], NULL, destroy_when_told, &d[i]), 0);
	}
	atomic_store(&go, 1);
	for (int i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	text = capture_end(&c);
	assert_int_equal((d[0].status == FLEXIO_STATUS_SUCCESS) + (d[1].status == FLEXIO_STATUS_SUCCESS), 1);
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, func));
}

static flexio_status destroy_window(void *h)
{
	return flexio_window_destroy(h);
}
static flexio_status destroy_cmdq(void *h)
{
	return flexio_cmdq_destroy(h);
}
static flexio_status destroy_stream(void *h)
{
	return flexio_msg_stream_destroy(h);
}
static flexio_status destroy_process(void *h)
{
	return flexio_process_destroy(h);
}
static flexio_status destroy_outbox(void *h)
{
	return flexio_outbox_destroy(h);
}

static void concurrent_double_destroy(void **state)
{
	struct flexio_cmdq_attr qattr = { .workers = 2, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_RUNNING };
	flexio_msg_stream_attr_t sattr = { .data_bsize = 4096,
					   .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					   .level = FLEXIO_MSG_DEV_INFO };
	struct flexio_outbox_attr oattr = { 0 };

	(void)state;
	for (int round = 0; round < 20; round++) {
		flexio_process *process = new_process();
		flexio_window *window;
		flexio_cmdq *cmdq;
		flexio_msg_stream *stream;
		flexio_outbox *outbox;

		assert_int_equal(flexio_window_create(process, pd, &window), FLEXIO_STATUS_SUCCESS);
		two_destroyers(window, destroy_window, "flexio_window_destroy");
		assert_int_equal(flexio_cmdq_create(process, &qattr, &cmdq), FLEXIO_STATUS_SUCCESS);
		two_destroyers(cmdq, destroy_cmdq, "flexio_cmdq_destroy");
		assert_int_equal(flexio_msg_stream_create(process, &sattr, stdout, NULL, &stream),
				 FLEXIO_STATUS_SUCCESS);
		two_destroyers(stream, destroy_stream, "flexio_msg_stream_destroy");
		assert_int_equal(flexio_outbox_create(process, &oattr, &outbox), FLEXIO_STATUS_SUCCESS);
		two_destroyers(outbox, destroy_outbox, "flexio_outbox_destroy");
		two_destroyers(process, destroy_process, "flexio_process_destroy");
	}
}

struct poller {
	flexio_cmdq *cmdq;
	int refused;
};

static void *poll_until_gone(void *arg)
{
	struct poller *p = arg;

	/* Adds and polls until the queue is refused (is_empty answers 0 for a bad handle). */
	for (;;) {
		if (flexio_cmdq_task_add(p->cmdq, &print_task, 0) != FLEXIO_STATUS_SUCCESS) {
			p->refused = 1;
			return NULL;
		}
		flexio_cmdq_is_empty(p->cmdq);
	}
}

/* flexio_cmdq_destroy while another thread polls flexio_cmdq_is_empty and adds tasks. */
static void cmdq_destroyed_while_polled(void **state)
{
	struct flexio_cmdq_attr qattr = { .workers = 4, .batch_size = 2, .state = FLEXIO_CMDQ_STATE_RUNNING };
	flexio_process *process = new_process();

	(void)state;
	for (int round = 0; round < 20; round++) {
		struct poller p = { 0 };
		struct stderr_capture c;
		pthread_t thread;

		assert_int_equal(flexio_cmdq_create(process, &qattr, &p.cmdq), FLEXIO_STATUS_SUCCESS);
		for (int i = 0; i < 64; i++)
			assert_int_equal(flexio_cmdq_task_add(p.cmdq, &print_task, (uint64_t)i), FLEXIO_STATUS_SUCCESS);
		capture_begin(&c);
		assert_int_equal(pthread_create(&thread, NULL, poll_until_gone, &p), 0);
		assert_int_equal(flexio_cmdq_destroy(p.cmdq), FLEXIO_STATUS_SUCCESS);
		pthread_join(thread, NULL);
		capture_end(&c);
		assert_int_equal(p.refused, 1);
	}
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
}

/* Destroy w1, create w2 (which may take w1's memory): w1 is refused and w2 is untouched. */
static void stale_handles_refused(void **state)
{
	struct flexio_cmdq_attr qattr = { .workers = 1, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_PENDING };
	flexio_process *process = new_process(), *p1, *p2;
	flexio_window *w1, *w2;
	flexio_cmdq *q1, *q2;
	uint64_t ret;

	(void)state;
	assert_int_equal(flexio_window_create(process, pd, &w1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_destroy(w1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_create(process, pd, &w2), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(w1), "flexio_window_destroy");
	assert_int_not_equal(flexio_window_get_id(w2), UINT32_MAX);
	assert_int_equal(flexio_window_destroy(w2), FLEXIO_STATUS_SUCCESS);

	assert_int_equal(flexio_cmdq_create(process, &qattr, &q1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_destroy(q1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_create(process, &qattr, &q2), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_cmdq_destroy(q1), "flexio_cmdq_destroy");
	assert_int_equal(flexio_cmdq_task_add(q2, &print_task, 1), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_destroy(q2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);

	p1 = new_process();
	assert_int_equal(flexio_process_destroy(p1), FLEXIO_STATUS_SUCCESS);
	p2 = new_process();
	EXPECT_FAILURE_LOGGED(flexio_process_destroy(p1), "flexio_process_destroy");
	EXPECT_FAILURE_LOGGED(flexio_process_call(p1, &add, &ret, 1, 2), "flexio_process_call");
	assert_int_equal(flexio_process_call(p2, &add, &ret, 1, 2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 3);
	assert_int_equal(flexio_process_destroy(p2), FLEXIO_STATUS_SUCCESS);
}

/* Many create/destroy cycles: no old handle ever names a new object. */
static void handles_never_repeat(void **state)
{
	flexio_process *process = new_process();
	flexio_window *first, *w;

	(void)state;
	assert_int_equal(flexio_window_create(process, pd, &first), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_destroy(first), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 5000; i++) {
		assert_int_equal(flexio_window_create(process, pd, &w), FLEXIO_STATUS_SUCCESS);
		assert_ptr_not_equal(w, first);
		assert_int_equal(flexio_window_destroy(w), FLEXIO_STATUS_SUCCESS);
	}
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(process_destroyed_while_called), cmocka_unit_test(destroy_during_long_call),
		cmocka_unit_test(concurrent_double_destroy),      cmocka_unit_test(cmdq_destroyed_while_polled),
		cmocka_unit_test(stale_handles_refused),          cmocka_unit_test(handles_never_repeat),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
