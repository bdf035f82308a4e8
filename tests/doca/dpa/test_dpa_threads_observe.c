/*
 * DOCA DPA threads as the observability tools show them: a DPA thread is a FlexIO event handler
 * named after the thread's function, so dpa_stats, the GDB stub and the timeline's row of the
 * thread name it by that function, not by the device library's entry that runs it.
 *
 * The simulated device traces, serves a GDB stub and publishes statistics (observe_util.h).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>

#include "mem_util.h"
#include "observe_util.h"

extern struct doca_dpa_app *doca_dpa_threads_app;
extern doca_dpa_func_t thread_func, kernel_notify;

/* thread_func's argument: a struct thread_arg (device/dpa_threads_device.c), zeroed (no
 * completion, notification or local storage); its first word counts its runs. */
#define THREAD_ARG_SIZE 256

static void thread_names(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	doca_dpa_dev_uintptr_t arg;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nh;
	struct doca_dpa_thread *t;
	struct doca_dpa *dpa;
	uint64_t runs = 0;
	char *text;

	(void)state;
	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_threads_app));
	expect_ok(doca_dpa_start(dpa));
	expect_ok(doca_dpa_mem_alloc(dpa, THREAD_ARG_SIZE, &arg));
	expect_ok(doca_dpa_memset(dpa, arg, 0, THREAD_ARG_SIZE));
	expect_ok(doca_dpa_thread_create(dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, arg));
	expect_ok(doca_dpa_thread_start(t));
	expect_ok(doca_dpa_notification_completion_create(dpa, t, &nc));
	expect_ok(doca_dpa_notification_completion_start(nc));
	expect_ok(doca_dpa_notification_completion_get_dpa_handle(nc, &nh));
	expect_ok(doca_dpa_thread_run(t));
	expect_ok(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, NULL, 0, 1, &kernel_notify, nh)); /* wakes it */
	while (!runs)
		expect_ok(doca_dpa_d2h_memcpy(dpa, &runs, arg, sizeof(runs)));

	text = observe_stats_thread_names();
	assert_non_null(strstr(text, "thread_func\n"));
	assert_null(strstr(text, "opendoca_dpa_thread_entry"));
	free(text);
	text = observe_gdb_threads();
	assert_non_null(strstr(text, "name=\"thread_func\""));
	assert_null(strstr(text, "opendoca_dpa_thread_entry"));
	free(text);

	expect_ok(doca_dpa_notification_completion_destroy(nc));
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(dpa, arg));
	expect_ok(doca_dpa_destroy(dpa));
	sim_dev_close(dev);
	/* The timeline's row of the thread (its spans are the entry's activations). */
	text = observe_slurp(observe_trace_path);
	assert_non_null(strstr(text, "\"thread_name\""));
	assert_non_null(strstr(text, "\"args\":{\"name\":\"thread_func\"}"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(thread_names),
	};

	return cmocka_run_group_tests(tests, observe_setup, observe_teardown);
}
