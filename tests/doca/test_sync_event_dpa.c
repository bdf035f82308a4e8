/*
 * Sync events and the DPA, with a FlexIO process on the simulated device standing for a DOCA DPA
 * context (dpa_context.h): DPA locations, 3.0's get_dpa_handle and remote_net_get_dpa_handle,
 * and DPA code reaching the counter by the handle as DOCA DPA's device library will
 * (sync_event_dpa.h): it reads what the CPU set and adds, and the CPU's waits see what it sets.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_sync_event.h>

#include "dev.h"
#include "dpa_context.h"
#include "mem_util.h"

extern flexio_func_t se_dpa_get, se_dpa_set, se_dpa_flags;
extern struct flexio_app *doca_se_dpa;

#define ERR_BASE 1000000u
#define ROUNDS 100

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	flexio_process *process;
	flexio_window *window;
	uint32_t window_id;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->dpa = dpa_context_create(fx->dev, doca_se_dpa, &fx->process);
	/* The window DOCA DPA's device library will have per context (issue 21). */
	assert_int_equal(flexio_window_create(fx->process, opendoca_dev_ibv_pd(fx->dev), &fx->window),
			 FLEXIO_STATUS_SUCCESS);
	fx->window_id = flexio_window_get_id(fx->window);
	free(sdk_log_take());
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(flexio_window_destroy(fx->window), FLEXIO_STATUS_SUCCESS);
	dpa_context_destroy(fx->dpa);
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

static void the_dpa_reads_and_sets_by_the_handle(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t handle, again;
	struct doca_sync_event *se;
	uint64_t value, fetched;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_dpa(se, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_fail(doca_sync_event_get_dpa_handle(se, fx->dpa, &handle), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_get_dpa_handle");
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_get_dpa_handle(se, fx->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_dpa_handle");
	expect_fail(doca_sync_event_get_dpa_handle(se, NULL, &handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_dpa_handle");
	expect_fail(doca_sync_event_get_dpa_handle(NULL, fx->dpa, &handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_dpa_handle");
	expect_ok(doca_sync_event_get_dpa_handle(se, fx->dpa, &handle));
	/* One handle per context. */
	expect_ok(doca_sync_event_get_dpa_handle(se, fx->dpa, &again));
	assert_int_equal(again, handle);
	assert_int_equal(dpa_call(fx->process, &se_dpa_flags, handle, 0, 0), 0);

	expect_ok(doca_sync_event_update_set(se, 0xabc));
	assert_int_equal(dpa_call(fx->process, &se_dpa_get, fx->window_id, handle, 0), 0xabc);
	/* The DPA's sets and reads and the CPU's adds interleave: each sees the other's. */
	for (uint64_t i = 0; i < ROUNDS; i++) {
		assert_int_equal(dpa_call(fx->process, &se_dpa_set, fx->window_id, handle, 2 * i), 0);
		expect_ok(doca_sync_event_update_add(se, 1, &fetched));
		assert_int_equal(fetched, 2 * i);
		assert_int_equal(dpa_call(fx->process, &se_dpa_get, fx->window_id, handle, 0), 2 * i + 1);
	}
	/* The CPU's wait sees the DPA's update. */
	assert_int_equal(dpa_call(fx->process, &se_dpa_set, fx->window_id, handle, 1000), 0);
	expect_ok(doca_sync_event_wait_eq(se, 1000, UINT64_MAX));
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 1000);
	/* The DPA context is in use while the event holds it; the handle goes with the event. */
	expect_ok(doca_sync_event_destroy(se));
}

static void the_dpa_reaches_a_counter_at_the_programs_address(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t handle;
	struct doca_sync_event *se;
	static uint64_t word = 5;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_add_subscriber_location_dpa(se, fx->dpa));
	expect_ok(doca_sync_event_set_addr(se, &word));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_get_dpa_handle(se, fx->dpa, &handle));
	assert_int_equal(dpa_call(fx->process, &se_dpa_get, fx->window_id, handle, 0), 5);
	assert_int_equal(dpa_call(fx->process, &se_dpa_set, fx->window_id, handle, 15), 0);
	assert_int_equal(word, 15);
	expect_ok(doca_sync_event_destroy(se));
}

static void remote_net_events_on_the_dpa(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_remote_net_t handle;
	struct doca_sync_event_remote_net *remote;
	struct doca_sync_event *se;
	const uint8_t *data;
	uint64_t value;
	size_t sz;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_remote_net(se, &data, &sz));
	expect_ok(doca_sync_event_remote_net_create_from_export(fx->dev, data, sz, &remote));
	expect_fail(doca_sync_event_remote_net_get_dpa_handle(remote, fx->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_remote_net_get_dpa_handle");
	expect_ok(doca_sync_event_remote_net_get_dpa_handle(remote, fx->dpa, &handle));
	assert_int_equal(dpa_call(fx->process, &se_dpa_flags, handle, 0, 0), 1);
	/* The remote peer's DPA signals the exporter's counter. */
	assert_int_equal(dpa_call(fx->process, &se_dpa_set, fx->window_id, handle, 4), 0);
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 4);
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_ok(doca_sync_event_destroy(se));
	/* An event on no device (its other location across PCI): no key to signal it by. */
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_remote_pci(se));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_remote_net(se, &data, &sz));
	expect_ok(doca_sync_event_remote_net_create_from_export(fx->dev, data, sz, &remote));
	expect_fail(doca_sync_event_remote_net_get_dpa_handle(remote, fx->dpa, &handle), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_sync_event_remote_net_get_dpa_handle");
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_ok(doca_sync_event_destroy(se));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_dpa_reads_and_sets_by_the_handle),
		cmocka_unit_test(the_dpa_reaches_a_counter_at_the_programs_address),
		cmocka_unit_test(remote_net_events_on_the_dpa),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
