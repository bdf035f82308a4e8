/* Arguments packed by the host reach the device with their types; results come back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "harness.h"

extern flexio_func_t args_signed, args_unsigned, args_sixteen, args_sum_array, args_none, args_negative_result,
	args_event_handler, args_last_event;
/* The variable dpacc defines for --app-name=dpacc_args (the older edition's way to the app). */
extern struct flexio_app *dpacc_args;

static int setup(void **state)
{
	*state = harness_open("dpacc_args");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

static void test_app_variable(void **state)
{
	struct harness *h = *state;

	assert_ptr_equal(dpacc_args, h->app);
	assert_string_equal(flexio_app_get_name(dpacc_args), "dpacc_args");
}

static void test_signed(void **state)
{
	uint64_t result = 0;

	assert_int_equal(harness_call(*state, &args_signed, &result, -100, -30000, -2000000000, -5000000000ll),
			 DPA_STOP_RETURNED);
	assert_int_equal((int64_t)result, -100 - 30000 - 2000000000ll - 5000000000ll);
}

static void test_unsigned(void **state)
{
	uint64_t result = 0;

	assert_int_equal(harness_call(*state, &args_unsigned, &result, 200, 60000, 4000000000u, 1ull << 40),
			 DPA_STOP_RETURNED);
	assert_int_equal(result, 200 + 60000 + 4000000000ull + (1ull << 40));
}

/* Values outside a parameter's range are converted on the device, as a C call converts them. */
static void test_truncation(void **state)
{
	uint64_t result = 0;

	assert_int_equal(harness_call(*state, &args_unsigned, &result, 0x1FF, 0x1FFFF, 1, 0), DPA_STOP_RETURNED);
	assert_int_equal(result, 0xFF + 0xFFFF + 1);
}

static void test_sixteen(void **state)
{
	struct harness *h = *state;
	uint32_t value = 4242;
	uint64_t result = 0;

	assert_int_equal(harness_write(h, h->heap, &value, sizeof(value)), 0);
	assert_int_equal(harness_call(h, &args_sixteen, &result, -8, 250, -16000, 65000, -32, 4000000000u, -64ll,
				      0xFFFFFFFFFFFFFFFFull, 1, 'z', -2, -7l, 7ul, (size_t)1234,
				      (flexio_uintptr_t)0xABCDEF, (flexio_uintptr_t)h->heap),
			 DPA_STOP_RETURNED);
	assert_int_equal(result, 16);
	assert_string_equal(h->text, "-8 250 -16000 65000 -32 4000000000 -64 18446744073709551615 1 z -2 -7 7 1234 "
				     "0xabcdef 4242\n");
}

static void test_pointer(void **state)
{
	struct harness *h = *state;
	uint32_t values[5] = { 1, 2, 3, 4, 1000 };
	uint64_t result = 0;

	assert_int_equal(harness_write(h, h->heap + 256, values, sizeof(values)), 0);
	assert_int_equal(harness_call(h, &args_sum_array, &result, (flexio_uintptr_t)(h->heap + 256), 5),
			 DPA_STOP_RETURNED);
	assert_int_equal(result, 1010);
}

static void test_no_arguments_and_negative_result(void **state)
{
	uint64_t result = 0;

	assert_int_equal(harness_call(*state, &args_none, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 0xC0FFEE);
	assert_int_equal(harness_call(*state, &args_negative_result, &result, 5), DPA_STOP_RETURNED);
	assert_int_equal((int64_t)result, -5);
}

static void test_event_handler(void **state)
{
	struct harness *h = *state;
	uint64_t result = 0;

	assert_int_equal(harness_call(h, &args_event_handler, &result, 0x1234567890ull), DPA_STOP_REQUESTED);
	assert_int_equal(h->end_service, DPA_ECALL_THREAD_RESCHEDULE);
	assert_string_equal(h->text, "event 78187493520\n");
	assert_int_equal(harness_call(h, &args_last_event, &result), DPA_STOP_RETURNED);
	assert_int_equal(result, 0x1234567890ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_app_variable),
		cmocka_unit_test(test_signed),
		cmocka_unit_test(test_unsigned),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_sixteen),
		cmocka_unit_test(test_pointer),
		cmocka_unit_test(test_no_arguments_and_negative_result),
		cmocka_unit_test(test_event_handler),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
