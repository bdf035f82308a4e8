/* What the command-queue and error tests share: the simulated device, the test application,
 * checks of logged failures, and reading results back through RPCs. */
#ifndef OPENFLEXIO_TESTS_HOST_CMDQ_TEST_COMMON_H
#define OPENFLEXIO_TESTS_HOST_CMDQ_TEST_COMMON_H

#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <time.h>

#include "host_test.h"

extern flexio_func_t set_record, read_u64, write_u64, record_task, spin_record_task, finish_thread_task, fault_task,
	error_task, finish_process_task, fault_rpc, on_error, on_error_faulting;

static flexio_app *app;

static int open_simulated_device(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "cmdq_test" }, &app);
}

static int close_simulated_device(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static inline flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	assert_int_equal(flexio_process_create(ctx, app, NULL, &p), FLEXIO_STATUS_SUCCESS);
	assert_non_null(p);
	return p;
}

static inline flexio_cmdq *new_cmdq(flexio_process *p, int workers, int batch_size, enum flexio_cmdq_state state)
{
	struct flexio_cmdq_attr attr = { .workers = workers, .batch_size = batch_size, .state = state };
	flexio_cmdq *q = NULL;

	assert_int_equal(flexio_cmdq_create(p, &attr, &q), FLEXIO_STATUS_SUCCESS);
	assert_non_null(q);
	return q;
}

/* A heap record of `capacity` task arguments, made the device's record. */
static inline flexio_uintptr_t new_record(flexio_process *p, size_t capacity)
{
	flexio_uintptr_t daddr = 0;
	uint64_t ret;

	assert_int_equal(flexio_buf_dev_alloc(p, (1 + capacity) * 8, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_memset(p, 0, (1 + capacity) * 8, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &set_record, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	return daddr;
}

static inline uint64_t dev_read(flexio_process *p, flexio_uintptr_t daddr)
{
	uint64_t value = 0;

	assert_int_equal(flexio_process_call(p, &read_u64, &value, daddr), FLEXIO_STATUS_SUCCESS);
	return value;
}

static inline double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Waits (at most 60 s) until the queue reports empty. */
static inline void wait_empty(flexio_cmdq *q)
{
	double deadline = now_s() + 60;

	while (!flexio_cmdq_is_empty(q)) {
		if (now_s() > deadline)
			fail_msg("the command queue did not drain in 60 s");
		usleep(200);
	}
}

static inline int occurrences(const char *text, const char *what)
{
	int n = 0;

	for (const char *s = text; (s = strstr(s, what)); s += strlen(what))
		n++;
	return n;
}

#endif
