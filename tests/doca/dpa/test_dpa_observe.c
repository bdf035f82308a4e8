/*
 * DOCA DPA kernels as the observability tools show them: while a kernel's threads run, dpa_stats
 * and the GDB stub name their DPA threads by the kernel's function, and the timeline names their
 * spans by it (not by the device library's entry that runs kernels); a faulting kernel stops the
 * context with the fault record FlexIO gives for the same fault.
 *
 * The simulated device traces, serves a GDB stub and publishes statistics (observe_util.h).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API

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
#include <doca_sync_event.h>
#include <infiniband/verbs.h>
#include <libflexio/flexio.h>
#include <libflexio/flexio_ext.h>

#include "mem_util.h"
#include "observe_util.h"

extern struct doca_dpa_app *doca_dpa_kernels;
extern doca_dpa_func_t kernel_nothing, kernel_fault;

/* A kernel waiting on an event shows by its name while it waits, and its spans after. */
static void kernel_names(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_sync_event *go, *done;
	struct doca_dpa *dpa;
	char *text;
	uint64_t value = 0;

	(void)state;
	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_ok(doca_dpa_start(dpa));
	expect_ok(doca_sync_event_create(&go));
	expect_ok(doca_sync_event_add_publisher_location_cpu(go, dev));
	expect_ok(doca_sync_event_add_subscriber_location_dpa(go, dpa));
	expect_ok(doca_sync_event_start(go));
	expect_ok(doca_sync_event_create(&done));
	expect_ok(doca_sync_event_add_publisher_location_dpa(done, dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(done, dev));
	expect_ok(doca_sync_event_start(done));
	expect_ok(doca_dpa_kernel_launch_update_add(dpa, go, 1, done, 1, 2, &kernel_nothing));

	/* Its two threads wait for go: dpa_stats and the GDB stub name them by the kernel. The
	 * worker takes its task's name when it starts it: wait until dpa_stats sees it. */
	for (int i = 0; i < 500; i++) {
		text = observe_stats_thread_names();
		if (strstr(text, "kernel_nothing\n"))
			break;
		free(text);
		text = NULL;
		usleep(10000);
	}
	assert_non_null(text);
	assert_null(strstr(text, "opendoca_dpa_kernel_thread"));
	free(text);
	text = observe_gdb_threads();
	assert_non_null(strstr(text, "name=\"kernel_nothing\""));
	assert_null(strstr(text, "opendoca_dpa_kernel_thread"));
	free(text);

	expect_ok(doca_sync_event_update_set(go, 1));
	expect_ok(doca_sync_event_wait_gt(done, 0, UINT64_MAX));
	expect_ok(doca_sync_event_get(done, &value));
	assert_int_equal(value, 1);
	expect_ok(doca_sync_event_destroy(go));
	expect_ok(doca_sync_event_destroy(done));
	/* Destroyed, the process adds its timeline to the file: two spans of the kernel's tasks. */
	expect_ok(doca_dpa_destroy(dpa));
	sim_dev_close(dev);
	text = observe_slurp(observe_trace_path);
	assert_non_null(strstr(text, "{\"name\":\"kernel_nothing\",\"cat\":\"task\""));
	assert_non_null(strstr(strstr(text, "{\"name\":\"kernel_nothing\",\"cat\":\"task\"") + 1,
			       "{\"name\":\"kernel_nothing\",\"cat\":\"task\""));
	assert_null(strstr(text, "opendoca_dpa_kernel_thread"));
	free(text);
}

/*
 * The same fault in a kernel and in a FlexIO call of the same application: the context reports
 * FlexIO's fault record (cause, pc, address, status) as FlexIO reports it.
 */
static void fault_record(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct flexio_process_fault fault;
	struct flexio_process *process;
	struct ibv_device **devices = ibv_get_device_list(NULL);
	struct ibv_context *ibv_ctx = NULL;
	struct doca_dpa *dpa;
	char record[256], *text;
	uint64_t ret;

	(void)state;
	/* FlexIO: the application's kernel_fault called on a process of its own, on the same device. */
	for (int i = 0; devices && devices[i] && !ibv_ctx; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim0"))
			ibv_ctx = ibv_open_device(devices[i]);
	ibv_free_device_list(devices);
	assert_non_null(ibv_ctx);
	assert_int_equal(flexio_process_create(ibv_ctx, (flexio_app *)doca_dpa_kernels, NULL, &process),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(process, (flexio_func_t *)&kernel_fault, &ret), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_process_fault_get(process, &fault), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(fault.cause, FLEXIO_FAULT_UNMAPPED);
	assert_int_equal(fault.address, 8);
	snprintf(record, sizeof(record), "a DPA thread fault (%s at pc 0x%llx, address 0x%llx), status 0x%x",
		 flexio_fault_cause_name(fault.cause), (unsigned long long)fault.pc, (unsigned long long)fault.address,
		 fault.status);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	ibv_close_device(ibv_ctx);

	/* DOCA: the same function as a kernel. */
	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_ok(doca_dpa_start(dpa));
	expect_ok(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, NULL, 0, 1, &kernel_fault));
	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(dpa) == DOCA_SUCCESS; i++)
		usleep(2000);
	free(sdk_log_take());
	assert_int_equal(doca_dpa_peek_at_last_error(dpa), DOCA_ERROR_BAD_STATE);
	text = sdk_log_take();
	fprintf(stderr, "FlexIO: %s\nDOCA: %s", record, text);
	assert_non_null(strstr(text, "[doca_dpa_peek_at_last_error] "));
	assert_non_null(strstr(text, record));
	free(text);
	expect_ok(doca_dpa_destroy(dpa));
	sim_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kernel_names),
		cmocka_unit_test(fault_record),
	};

	return cmocka_run_group_tests(tests, observe_setup, observe_teardown);
}
