/* 2.6 - 2.10's doca_devinfo_get_active_rate: a double, in Gb/s (symbol doca_devinfo_get_active_rate_v2_6). */
#define DOCA_VER_USED DOCA_VER(2, 9, 72)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dev_releases.h"
#include "dev_util.h"

static void the_active_rate_is_in_gbps(void **state)
{
	struct doca_devinfo **list;
	uint32_t count;
	double rate = 0;

	(void)state;
	assert_int_equal(doca_devinfo_create_list(&list, &count), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_get_active_rate(list[0], &rate), DOCA_SUCCESS);
	assert_true(rate == 200.0); /* 4X HDR */
	EXPECT_FAIL(doca_devinfo_get_active_rate(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_active_rate");
	EXPECT_FAIL(doca_devinfo_get_active_rate(NULL, &rate), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_active_rate");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

int dev_2_7_tests(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(the_active_rate_is_in_gbps, sim_reset),
	};

	return cmocka_run_group_tests_name("doca devices (2.6 - 2.10 forms)", tests, NULL, NULL);
}
