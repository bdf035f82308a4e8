/* The sync event forms of older releases (sync_event_releases.h), on a simulated device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mem_util.h"
#include "sync_event_releases.h"

static int setup(void **state)
{
	sdk_log_capture();
	*state = sim_dev_open(0);
	free(sdk_log_take());
	return 0;
}

static int teardown(void **state)
{
	sim_dev_close(*state);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sync_event_2_2_configuration),
		cmocka_unit_test(sync_event_2_2_jobs),
		cmocka_unit_test(sync_event_2_7_dpu_and_exports),
		cmocka_unit_test(sync_event_2_7_wait_gt_tasks),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
