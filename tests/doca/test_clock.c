/*
 * DOCA clocks (doca_clock.h, 3.2): the host's clocks against the system's, the simulated device's
 * NIC clocks (none: DOCA_ERROR_NOT_SUPPORTED), the device held while a clock exists, and every
 * function with bad input (one SDK line naming it).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <cmocka.h>

#include <doca_clock.h>
#include <doca_dev.h>

#include "mem_util.h"

static int64_t ns_of(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static void host_clocks_read_the_systems(void **state)
{
	static const struct {
		uint64_t type;
		clockid_t id;
	} clocks[] = {
		{ DOCA_CLOCK_HOST_REAL_TIME, CLOCK_REALTIME },
		{ DOCA_CLOCK_HOST_MONOTONIC, CLOCK_MONOTONIC },
		{ DOCA_CLOCK_HOST_MONOTONIC_RAW, CLOCK_MONOTONIC_RAW },
	};
	struct doca_dev *dev = sim_dev_open(0);
	union doca_clock_timespec_t ts, ts2;
	struct doca_clock *clock;

	(void)state;
	sdk_log_capture();
	expect_ok(doca_clock_create(dev, &clock));
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		struct timespec before, after;

		clock_gettime(clocks[i].id, &before);
		expect_ok(doca_clock_get_timestamp(clock, clocks[i].type, &ts));
		clock_gettime(clocks[i].id, &after);
		assert_true(ns_of(&before) <= ns_of(&ts.ts) && ns_of(&ts.ts) <= ns_of(&after));
		assert_true(ts.ts.tv_nsec >= 0 && ts.ts.tv_nsec < 1000000000);
	}
	expect_ok(doca_clock_get_timestamp(clock, DOCA_CLOCK_HOST_COUNTER_CYCLES, &ts));
	expect_ok(doca_clock_get_timestamp(clock, DOCA_CLOCK_HOST_COUNTER_CYCLES, &ts2));
	assert_true(ts2.counter > ts.counter);
	/* the device is in use while the clock exists */
	assert_int_equal(doca_dev_close(dev), DOCA_ERROR_IN_USE);
	free(sdk_log_take());
	expect_ok(doca_clock_destroy(clock));
	sim_dev_close(dev);
}

static void the_simulated_device_has_no_nic_clock(void **state)
{
	static const uint64_t nic[] = { DOCA_CLOCK_NIC_FREE_RUNNING, DOCA_CLOCK_NIC_REAL_TIME,
					DOCA_CLOCK_NIC_DPA_TIMER };
	struct doca_dev *dev = sim_dev_open(0);
	union doca_clock_timespec_t a, b;
	struct doca_clock *clock;
	uint64_t accuracy;

	(void)state;
	sdk_log_capture();
	/* an answer, not a failure: nothing logged */
	expect_ok(0);
	assert_int_equal(doca_clock_cap_nic_free_running_is_supported(doca_dev_as_devinfo(dev)),
			 DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(doca_clock_cap_nic_real_time_is_supported(doca_dev_as_devinfo(dev)), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(doca_clock_cap_nic_dpa_timer_is_supported(doca_dev_as_devinfo(dev)), DOCA_ERROR_NOT_SUPPORTED);
	expect_ok(0);
	expect_ok(doca_clock_create(dev, &clock));
	for (size_t i = 0; i < sizeof(nic) / sizeof(nic[0]); i++) {
		expect_fail(doca_clock_get_timestamp(clock, nic[i], &a), DOCA_ERROR_NOT_SUPPORTED,
			    "doca_clock_get_timestamp");
		expect_fail(doca_clock_get_crosstimestamp(clock, DOCA_CLOCK_HOST_REAL_TIME, nic[i], &a, &b, &accuracy),
			    DOCA_ERROR_NOT_SUPPORTED, "doca_clock_get_crosstimestamp");
	}
	expect_ok(doca_clock_destroy(clock));
	sim_dev_close(dev);
}

static void refuses_bad_input(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	union doca_clock_timespec_t a, b;
	struct doca_clock *clock;
	uint64_t accuracy;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_clock_cap_nic_free_running_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_cap_nic_free_running_is_supported");
	expect_fail(doca_clock_cap_nic_real_time_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_cap_nic_real_time_is_supported");
	expect_fail(doca_clock_cap_nic_dpa_timer_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_cap_nic_dpa_timer_is_supported");
	expect_fail(doca_clock_create(NULL, &clock), DOCA_ERROR_INVALID_VALUE, "doca_clock_create");
	expect_fail(doca_clock_create(dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_clock_create");
	expect_ok(doca_clock_create(dev, &clock));
	expect_fail(doca_clock_get_timestamp(clock, DOCA_CLOCK_HOST_REAL_TIME, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_get_timestamp");
	expect_fail(doca_clock_get_timestamp(clock, 0, &a), DOCA_ERROR_INVALID_VALUE, "doca_clock_get_timestamp");
	expect_fail(doca_clock_get_timestamp(clock, DOCA_CLOCK_HOST_REAL_TIME | DOCA_CLOCK_HOST_MONOTONIC, &a),
		    DOCA_ERROR_INVALID_VALUE, "doca_clock_get_timestamp");
	expect_fail(doca_clock_get_timestamp(clock, 1ULL << 40, &a), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_get_timestamp");
	expect_fail(doca_clock_get_timestamp(NULL, DOCA_CLOCK_HOST_REAL_TIME, &a), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_get_timestamp");
	expect_fail(doca_clock_get_crosstimestamp(clock, DOCA_CLOCK_HOST_REAL_TIME, DOCA_CLOCK_HOST_MONOTONIC, &a, &b,
						  &accuracy),
		    DOCA_ERROR_INVALID_VALUE, "doca_clock_get_crosstimestamp");
	expect_fail(
		doca_clock_get_crosstimestamp(clock, DOCA_CLOCK_HOST_REAL_TIME, DOCA_CLOCK_NIC_REAL_TIME, &a, &b, NULL),
		DOCA_ERROR_INVALID_VALUE, "doca_clock_get_crosstimestamp");
	expect_fail(doca_clock_get_crosstimestamp(NULL, DOCA_CLOCK_HOST_REAL_TIME, DOCA_CLOCK_NIC_REAL_TIME, &a, &b,
						  &accuracy),
		    DOCA_ERROR_INVALID_VALUE, "doca_clock_get_crosstimestamp");
	expect_ok(doca_clock_destroy(clock));
	/* destroyed: refused, even as another clock takes its place */
	expect_fail(doca_clock_destroy(clock), DOCA_ERROR_INVALID_VALUE, "doca_clock_destroy");
	expect_fail(doca_clock_get_timestamp(clock, DOCA_CLOCK_HOST_REAL_TIME, &a), DOCA_ERROR_INVALID_VALUE,
		    "doca_clock_get_timestamp");
	expect_fail(doca_clock_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_clock_destroy");
	sim_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(host_clocks_read_the_systems),
		cmocka_unit_test(the_simulated_device_has_no_nic_clock),
		cmocka_unit_test(refuses_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
