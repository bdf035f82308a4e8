/* dpaintrin.h on the engine: fences, cache control, counters, Q16.16 fixed point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "harness.h"

extern flexio_func_t intrinsics_fences, intrinsics_counters, intrinsics_fxp;

static int setup(void **state)
{
	*state = harness_open("dpacc_intrinsics");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

static void test_fences_and_writebacks(void **state)
{
	struct harness *h = *state;
	uint64_t before = dpa_hart_memory_writebacks(h->hart), result = 0;

	assert_int_equal(harness_call(h, &intrinsics_fences, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 1);
	assert_int_equal(dpa_hart_memory_writebacks(h->hart), before + 2);
}

/* Each function returns a bit mask of the checks that failed. */
static void test_counters(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &intrinsics_counters, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

static void test_fixed_point(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &intrinsics_fxp, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fences_and_writebacks),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_fixed_point),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
