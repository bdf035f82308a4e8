/* The device libc (picolibc + the runtime's standard streams) on the engine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "harness.h"

extern flexio_func_t libc_strings, libc_snprintf, libc_streams, libc_errno, libc_asprintf;

static int setup(void **state)
{
	*state = harness_open("dpacc_libc");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

/* Each function returns a bit mask of the checks that failed. */
static void test_strings(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &libc_strings, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

static void test_snprintf(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &libc_snprintf, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

/* One message per line; text without a newline is sent when the function returns. */
static void test_streams(void **state)
{
	struct harness *h = *state;
	uint64_t stdin_at_eof = 0;

	assert_int_equal(harness_call(h, &libc_streams, &stdin_at_eof, 17), DPA_STOP_RETURNED);
	assert_int_equal(stdin_at_eof, 1);
	assert_string_equal(h->text, "printf 17\nputs line\nto stderr\nc\nno newline");
	assert_int_equal(h->last_level, FLEXIO_MSG_DEV_INFO);
	assert_int_equal(h->last_stream, FLEXIO_MSG_DEV_DEFAULT_STREAM_ID);
}

static void test_errno_in_tls(void **state)
{
	uint64_t error = 0;

	assert_int_equal(harness_call(*state, &libc_errno, &error), DPA_STOP_RETURNED);
	assert_int_equal(error, 34); /* ERANGE */
}

static void test_asprintf_malloc(void **state)
{
	uint64_t ok = 0;

	assert_int_equal(harness_call(*state, &libc_asprintf, &ok, 42), DPA_STOP_RETURNED);
	assert_int_equal(ok, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strings),         cmocka_unit_test(test_snprintf),
		cmocka_unit_test(test_streams),         cmocka_unit_test(test_errno_in_tls),
		cmocka_unit_test(test_asprintf_malloc),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
