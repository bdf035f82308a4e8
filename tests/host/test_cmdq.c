/*
 * Command queues on the simulated device: tasks run, in order, by DPA worker threads;
 * pending queues wait for flexio_cmdq_state_running; faults stop the process cleanly;
 * every function rejects bad input with one log line.
 */
#include "cmdq_test_common.h"

#include <unistd.h>

static void tasks_run_in_order(void **state)
{
	enum {
		N = 200
	};
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, N);
	flexio_cmdq *q = new_cmdq(p, 1, 4, FLEXIO_CMDQ_STATE_RUNNING);

	(void)state;
	for (uint64_t i = 0; i < N; i++)
		assert_int_equal(flexio_cmdq_task_add(q, &record_task, 1000 + i), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec), N);
	for (uint64_t i = 0; i < N; i++)
		assert_int_equal(dev_read(p, rec + 8 * (1 + i)), 1000 + i);
	/* A queue that ran dry takes more work. */
	assert_int_equal(flexio_cmdq_task_add(q, &finish_thread_task, 7), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add(q, &record_task, 8), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec), N + 2);
	assert_int_equal(dev_read(p, rec + 8 * (1 + N)), 7);
	assert_int_equal(dev_read(p, rec + 8 * (2 + N)), 8);
	assert_int_equal(flexio_cmdq_destroy(q), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
}

static void pending_until_running(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 16);
	flexio_cmdq *q = new_cmdq(p, 2, 1, FLEXIO_CMDQ_STATE_PENDING);

	(void)state;
	assert_int_equal(flexio_cmdq_is_empty(q), 1); /* nothing added yet */
	for (uint64_t i = 0; i < 10; i++)
		assert_int_equal(flexio_cmdq_task_add(q, &record_task, i), FLEXIO_STATUS_SUCCESS);
	usleep(50000);
	assert_int_equal(flexio_cmdq_is_empty(q), 0);
	assert_int_equal(dev_read(p, rec), 0);
	assert_int_equal(flexio_cmdq_state_running(q), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec), 10);
	/* No effect on a running queue. */
	assert_int_equal(flexio_cmdq_state_running(q), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add(q, &record_task, 10), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec), 11);
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

static void is_empty_means_performed(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 4);
	flexio_cmdq *q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);

	(void)state;
	/* A task of about 65535 loop iterations: still running right after it is added. */
	assert_int_equal(flexio_cmdq_task_add(q, &spin_record_task, 0xffff), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add(q, &record_task, 1), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	/* Empty: both have run to completion. */
	assert_int_equal(dev_read(p, rec), 2);
	assert_int_equal(dev_read(p, rec + 8), 0xffff);
	assert_int_equal(dev_read(p, rec + 16), 1);
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

/* Many workers, many tasks, several queues of one process: every task runs exactly once. */
static void many_workers(void **state)
{
	enum {
		N = 2000
	};
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 2 * N);
	flexio_cmdq *q = new_cmdq(p, 64, 3, FLEXIO_CMDQ_STATE_RUNNING);
	flexio_cmdq *q2 = new_cmdq(p, 5, 100, FLEXIO_CMDQ_STATE_RUNNING);
	static unsigned char seen[2 * N];

	(void)state;
	memset(seen, 0, sizeof(seen));
	for (uint64_t i = 0; i < N; i++) {
		assert_int_equal(flexio_cmdq_task_add(q, &spin_record_task, (i << 16) | (i % 2000)),
				 FLEXIO_STATUS_SUCCESS);
		assert_int_equal(flexio_cmdq_task_add(q2, &record_task, (uint64_t)(N + i) << 16),
				 FLEXIO_STATUS_SUCCESS);
	}
	wait_empty(q);
	wait_empty(q2);
	assert_int_equal(dev_read(p, rec), 2 * N);
	for (uint64_t i = 0; i < 2 * N; i++) {
		uint64_t id = dev_read(p, rec + 8 * (1 + i)) >> 16;

		assert_true(id < 2 * N);
		assert_int_equal(seen[id], 0);
		seen[id] = 1;
	}
	assert_int_equal(flexio_err_status_get(p), 0);
	flexio_cmdq_destroy(q2);
	flexio_process_destroy(p); /* destroys q too */
}

/* FLEXIO_SIM_DETERMINISTIC: tasks run on the thread that asks whether the queue is empty. */
static void deterministic_queue(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 64);
	flexio_cmdq *q;

	(void)state;
	setenv("FLEXIO_SIM_DETERMINISTIC", "1", 1);
	q = new_cmdq(p, 4, 2, FLEXIO_CMDQ_STATE_RUNNING);
	unsetenv("FLEXIO_SIM_DETERMINISTIC");
	for (uint64_t i = 0; i < 64; i++)
		assert_int_equal(flexio_cmdq_task_add(q, &spin_record_task, (i << 16) | 100), FLEXIO_STATUS_SUCCESS);
	usleep(20000);
	assert_int_equal(dev_read(p, rec), 0);
	assert_int_equal(flexio_cmdq_is_empty(q), 1);
	assert_int_equal(dev_read(p, rec), 64);
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

/* A task registered by hand (flexio_func_register) instead of by dpacc. */
static void task_registered_by_name(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 4);
	flexio_cmdq *q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);
	flexio_func_t *f = NULL;

	(void)state;
	assert_int_equal(flexio_func_register(app, "record_task", &f), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add(q, f, 77), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec + 8), 77);
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

/* A task added as another function's runs its own function, and shows as the other one: its
 * span in the timeline is named by it; a worker running a plain task after it is unnamed again. */
static void task_shown_as(void **state)
{
	char path[] = "/tmp/cmdq-shown-as-XXXXXX";
	flexio_process *p = new_process();
	flexio_uintptr_t rec = new_record(p, 4);
	flexio_cmdq *q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);
	int fd = mkstemp(path);
	char text[1 << 16] = "";
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(flexio_process_trace_start(p, path), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add_as(q, &record_task, 5, &finish_thread_task), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_task_add(q, &record_task, 6), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	assert_int_equal(dev_read(p, rec), 2);
	assert_int_equal(dev_read(p, rec + 8), 5);
	assert_int_equal(flexio_process_trace_stop(p), FLEXIO_STATUS_SUCCESS);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_true(fread(text, 1, sizeof(text) - 1, f) > 0);
	fclose(f);
	unlink(path);
	assert_non_null(strstr(text, "{\"name\":\"finish_thread_task\",\"cat\":\"task\""));
	assert_non_null(strstr(text, "{\"name\":\"record_task\",\"cat\":\"task\""));
	/* the worker's row is named by its role, not by a task */
	assert_non_null(strstr(text, "\"args\":{\"name\":\"cmdq worker "));
	/* bad input: NULL or unregistered shown functions, bad queues */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add_as(q, &record_task, 0, NULL), "flexio_cmdq_task_add_as");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add_as(q, &record_task, 0, (flexio_func_t *)&f),
			      "flexio_cmdq_task_add_as");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add_as(q, NULL, 0, &record_task), "flexio_cmdq_task_add_as");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add_as(NULL, &record_task, 0, &record_task), "flexio_cmdq_task_add_as");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add_as((flexio_cmdq *)p, &record_task, 0, &record_task),
			      "flexio_cmdq_task_add_as");
	assert_int_equal(dev_read(p, rec), 2);
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

/* A faulting task stops the process; the program, and other processes, go on. */
static void faulting_task(void **state)
{
	flexio_process *p = new_process(), *other = new_process();
	flexio_uintptr_t rec = new_record(p, 16), other_rec = new_record(other, 4);
	flexio_cmdq *q = new_cmdq(p, 4, 2, FLEXIO_CMDQ_STATE_RUNNING);
	flexio_cmdq *oq = new_cmdq(other, 2, 1, FLEXIO_CMDQ_STATE_RUNNING);
	struct stderr_capture c;
	uint64_t ret;

	(void)state;
	(void)rec;
	for (uint64_t i = 0; i < 4; i++)
		assert_int_equal(flexio_cmdq_task_add(q, &record_task, i), FLEXIO_STATUS_SUCCESS);
	wait_empty(q);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &fault_task, 0x10), FLEXIO_STATUS_SUCCESS);
	for (uint64_t i = 0; i < 100; i++)
		flexio_cmdq_task_add(q, &spin_record_task, 1000); /* may fail once the process stopped */
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q); /* answers 1 with an error line once the process has stopped */
	assert_non_null(strstr(capture_end(&c), "DPA thread fault"));
	assert_int_not_equal(flexio_err_status_get(p), 0);

	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(q, &record_task, 1), "flexio_cmdq_task_add");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_state_running(q), "flexio_cmdq_state_running");
	EXPECT_LOGGED(flexio_cmdq_is_empty(q), 1, "flexio_cmdq_is_empty");
	{
		struct flexio_cmdq_attr attr = { .workers = 1, .batch_size = 1 };
		flexio_cmdq *late = (flexio_cmdq *)0x1;

		EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &late), "flexio_cmdq_create");
		assert_null(late);
	}
	assert_int_equal(flexio_cmdq_destroy(q), FLEXIO_STATUS_SUCCESS);

	/* The other process never noticed. */
	assert_int_equal(flexio_cmdq_task_add(oq, &record_task, 5), FLEXIO_STATUS_SUCCESS);
	wait_empty(oq);
	assert_int_equal(dev_read(other, other_rec), 1);
	assert_int_equal(flexio_err_status_get(other), 0);
	assert_int_equal(flexio_process_call(other, &read_u64, &ret, other_rec + 8), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 5);
	flexio_process_destroy(other);
	flexio_process_destroy(p);
}

/* flexio_dev_error and flexio_dev_process_finish in tasks stop the process too. */
static void tasks_ending_the_process(void **state)
{
	flexio_process *p = new_process();
	flexio_cmdq *q = new_cmdq(p, 2, 1, FLEXIO_CMDQ_STATE_RUNNING);
	struct stderr_capture c;

	(void)state;
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &error_task, 200), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q);
	capture_end(&c);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p); /* with its queue */

	p = new_process();
	q = new_cmdq(p, 2, 1, FLEXIO_CMDQ_STATE_RUNNING);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &finish_process_task, 0), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q);
	capture_end(&c);
	assert_int_equal(flexio_err_status_get(p), 0); /* a normal end */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(q, &record_task, 1), "flexio_cmdq_task_add");
	flexio_cmdq_destroy(q);
	flexio_process_destroy(p);
}

/* Destroying a queue or its process while tasks run stops them within a quantum. */
static void destroy_while_running(void **state)
{
	flexio_process *p = new_process();
	flexio_cmdq *q = new_cmdq(p, 8, 4, FLEXIO_CMDQ_STATE_RUNNING);
	flexio_cmdq *q2 = new_cmdq(p, 8, 4, FLEXIO_CMDQ_STATE_RUNNING);
	double start;

	(void)state;
	new_record(p, 2000);
	for (uint64_t i = 0; i < 1000; i++) {
		assert_int_equal(flexio_cmdq_task_add(q, &spin_record_task, 0xffff), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(flexio_cmdq_task_add(q2, &spin_record_task, 0xffff), FLEXIO_STATUS_SUCCESS);
	}
	start = now_s();
	assert_int_equal(flexio_cmdq_destroy(q), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
	assert_true(now_s() - start < 5);
	/* q2 went with its process. */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_destroy(q2), "flexio_cmdq_destroy");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_destroy(q), "flexio_cmdq_destroy");
}

static void bad_input(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	flexio_cmdq *q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_PENDING),
		    *gone = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);
	struct flexio_cmdq_attr attr = { .workers = 1, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_RUNNING };
	flexio_cmdq *out = (flexio_cmdq *)0x1;
	int local;
	flexio_cmdq *fake = (flexio_cmdq *)&local;

	(void)state;
	flexio_process_destroy(dead);
	assert_int_equal(flexio_cmdq_destroy(gone), FLEXIO_STATUS_SUCCESS);

	/* create: process, attributes, output */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(NULL, &attr, &out), "flexio_cmdq_create");
	assert_null(out);
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(dead, &attr, &out), "flexio_cmdq_create");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create((flexio_process *)&local, &attr, &out), "flexio_cmdq_create");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, NULL, &out), "flexio_cmdq_create");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, NULL), "flexio_cmdq_create");
	attr.workers = 0;
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &out), "flexio_cmdq_create");
	attr.workers = -3;
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &out), "flexio_cmdq_create");
	attr.workers = 189; /* the most: every DPA thread applications get on a BlueField-3 */
	assert_int_equal(flexio_cmdq_create(p, &attr, &out), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_cmdq_destroy(out), FLEXIO_STATUS_SUCCESS);
	out = (flexio_cmdq *)0x1;
	attr.workers = 190;
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &out), "flexio_cmdq_create");
	attr.workers = 1;
	attr.batch_size = 0;
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &out), "flexio_cmdq_create");
	attr.batch_size = 1;
	attr.state = (enum flexio_cmdq_state)2;
	EXPECT_FAILURE_LOGGED(flexio_cmdq_create(p, &attr, &out), "flexio_cmdq_create");
	assert_null(out);

	/* every other function: NULL, destroyed and foreign queues */
	for (int i = 0; i < 3; i++) {
		flexio_cmdq *bad = i == 0 ? NULL : i == 1 ? gone : fake;

		EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(bad, &record_task, 0), "flexio_cmdq_task_add");
		EXPECT_FAILURE_LOGGED(flexio_cmdq_state_running(bad), "flexio_cmdq_state_running");
		EXPECT_LOGGED(flexio_cmdq_is_empty(bad), 0, "flexio_cmdq_is_empty");
		EXPECT_FAILURE_LOGGED(flexio_cmdq_destroy(bad), "flexio_cmdq_destroy");
	}
	/* functions that are not registered in the process's application */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(q, NULL, 0), "flexio_cmdq_task_add");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(q, (flexio_func_t *)&local, 0), "flexio_cmdq_task_add");
	/* a process handle is not a queue */
	EXPECT_FAILURE_LOGGED(flexio_cmdq_destroy((flexio_cmdq *)p), "flexio_cmdq_destroy");
	assert_int_equal(flexio_cmdq_is_empty(q), 1);
	assert_int_equal(flexio_cmdq_destroy(q), FLEXIO_STATUS_SUCCESS);
	flexio_process_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tasks_run_in_order),
		cmocka_unit_test(pending_until_running),
		cmocka_unit_test(is_empty_means_performed),
		cmocka_unit_test(many_workers),
		cmocka_unit_test(deterministic_queue),
		cmocka_unit_test(task_registered_by_name),
		cmocka_unit_test(task_shown_as),
		cmocka_unit_test(faulting_task),
		cmocka_unit_test(tasks_ending_the_process),
		cmocka_unit_test(destroy_while_running),
		cmocka_unit_test(bad_input),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
