/*
 * Waits DPA code posts on an asynchronous-operations queue (doca_dpa_dev_sync_event_post_wait_gt,
 * _ne, 3.0): what DPA code does after the wait comes after its condition holds. DPA code in
 * device/dpa_rdma_device.c.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>

#include "dpa_util.h"
#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_rdma_app;
extern doca_dpa_func_t kernel_post_wait;

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_dpa_completion *comp;
	struct doca_dpa_async_ops *ops;
	doca_dpa_dev_async_ops_t ops_h;
	struct doca_sync_event *gate, *after;
	doca_dpa_dev_sync_event_t gate_h, after_h;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->dpa = dpa_util_start(fx->dev, doca_dpa_rdma_app);
	expect_ok(doca_dpa_completion_create(fx->dpa, 8, &fx->comp));
	expect_ok(doca_dpa_completion_start(fx->comp));
	expect_ok(doca_dpa_async_ops_create(fx->dpa, 8, 0, &fx->ops));
	expect_ok(doca_dpa_async_ops_attach(fx->ops, fx->comp));
	expect_ok(doca_dpa_async_ops_start(fx->ops));
	expect_ok(doca_dpa_async_ops_get_dpa_handle(fx->ops, &fx->ops_h));
	fx->gate = dpa_util_event(fx->dev, fx->dpa, false, &fx->gate_h);
	fx->after = dpa_util_event(fx->dev, fx->dpa, true, &fx->after_h);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_sync_event_destroy(fx->gate));
	expect_ok(doca_sync_event_destroy(fx->after));
	expect_ok(doca_dpa_async_ops_destroy(fx->ops));
	expect_ok(doca_dpa_completion_destroy(fx->comp));
	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* Launches the kernel waiting on the gate (ne: for a value other than value, else one above it). */
static void launch(struct fixture *fx, uint64_t value, uint32_t ne)
{
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_post_wait, fx->ops_h,
						    fx->gate_h, value, ne, fx->after_h));
}

static uint64_t after(struct fixture *fx)
{
	uint64_t v = 0;

	expect_ok(doca_sync_event_get(fx->after, &v));
	return v;
}

static void wait_gt(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_sync_event_update_set(fx->gate, 3));
	launch(fx, 4, 0);
	usleep(30000);
	assert_int_equal(after(fx), 0); /* 3 is not above 4 */
	expect_ok(doca_sync_event_update_set(fx->gate, 4));
	usleep(10000);
	assert_int_equal(after(fx), 0);
	expect_ok(doca_sync_event_update_set(fx->gate, 5));
	expect_ok(doca_sync_event_wait_gt(fx->after, 4, UINT64_MAX));
	assert_int_equal(after(fx), 5);
	/* Already true: no wait. */
	expect_ok(doca_sync_event_update_set(fx->gate, 9));
	launch(fx, 8, 0);
	expect_ok(doca_sync_event_wait_gt(fx->after, 8, UINT64_MAX));
	assert_int_equal(after(fx), 9);
}

static void wait_ne(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_sync_event_update_set(fx->gate, 7));
	launch(fx, 7, 1);
	usleep(30000);
	assert_int_equal(after(fx), 0);
	expect_ok(doca_sync_event_update_set(fx->gate, 6)); /* differs, though lower */
	expect_ok(doca_sync_event_wait_gt(fx->after, 7, UINT64_MAX));
	assert_int_equal(after(fx), 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(wait_gt, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_ne, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
