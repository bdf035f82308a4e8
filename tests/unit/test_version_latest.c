/* FLEXIO_VER_LATEST and FLEXIO_VER_USED's default both mean FLEXIO_CURRENT_VERSION. */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static void latest_selects_current(void **state)
{
	uint64_t set = 0;

	(void)state;
	assert_int_equal(FLEXIO_VER_USED, FLEXIO_CURRENT_VERSION);
	assert_int_equal(FLEXIO_EDITION_OLD, 0);
	assert_int_equal(flexio_version_set(FLEXIO_VER_LATEST), FLEXIO_STATUS_SUCCESS);
	flexio_version_get(&set);
	assert_int_equal(set, FLEXIO_CURRENT_VERSION);
	assert_int_equal(flexio_version_set(FLEXIO_VER_USED), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_version_set(FLEXIO_VER(25, 0, 0)), FLEXIO_STATUS_FAILED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(latest_selects_current),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
