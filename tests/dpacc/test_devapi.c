/* libflexio_dev's current edition on top of the ecall services (the harness plays the runtime). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include "harness.h"

extern flexio_func_t devapi_thread, devapi_errno, devapi_outbox, devapi_window, devapi_messages, devapi_misc,
	devapi_end;

static int setup(void **state)
{
	*state = harness_open("dpacc_devapi");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

/* Functions returning `failed` return a bit mask of the device-side checks that failed. */
static void test_thread_context(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &devapi_thread, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

static void test_errno(void **state)
{
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(*state, &devapi_errno, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

static void test_outbox_doorbell(void **state)
{
	struct harness *h = *state;
	uint64_t id = 0;

	h->doorbell_count = 0;
	assert_int_equal(harness_call(h, &devapi_outbox, &id, HARNESS_OUTBOX_ID, 0x4321), DPA_STOP_RETURNED);
	assert_int_equal(id, HARNESS_OUTBOX_ID);
	assert_int_equal(h->doorbell_count, 1);
	assert_int_equal(h->doorbells[0].offset, FLEXIO_OUTBOX_CQ_DB);
	assert_int_equal(h->doorbells[0].value, FLEXIO_OUTBOX_V_CQ_DB(0x4321, 0x123));
}

static void test_window(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull, stored;

	memset(h->window, 0, sizeof(h->window));
	assert_int_equal(harness_call(h, &devapi_window, &failed, harness_window_haddr(h)), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	memcpy(&stored, h->window, sizeof(stored));
	assert_int_equal(stored, 0x1122334455667788ull);
	assert_string_equal((const char *)h->window + 64, "copied to host");
}

static void test_messages(void **state)
{
	struct harness *h = *state;
	uint64_t printed = 0;

	assert_int_equal(harness_call(h, &devapi_messages, &printed), DPA_STOP_RETURNED);
	assert_int_equal(printed, strlen("warn 1|error two|print 3|puts|") + 599);
	assert_int_equal(h->text_len, strlen("warn 1|error two|print 3|puts|") + 511);
	assert_memory_equal(h->text, "warn 1|error two|print 3|puts|yyy", 33);
	assert_int_equal(h->last_stream, 5);
	assert_int_equal(h->last_level, FLEXIO_MSG_DEV_DEBUG);
}

static void test_activation_counters_pcc(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(h, &devapi_misc, &failed), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	assert_int_equal(h->activated, 1);
}

static void check_end(struct harness *h, uint32_t how, uint32_t code, uint64_t service, uint64_t arg)
{
	char expected[32];
	uint64_t result;

	assert_int_equal(harness_call(h, &devapi_end, &result, how, code), DPA_STOP_REQUESTED);
	assert_int_equal(h->end_service, service);
	if (service == DPA_ECALL_PROCESS_ERROR)
		assert_int_equal(h->end_arg, arg);
	snprintf(expected, sizeof(expected), "ending %u", how);
	assert_string_equal(h->text, expected);
}

static void test_invocation_ends(void **state)
{
	check_end(*state, 0, 0, DPA_ECALL_THREAD_FINISH, 0);
	check_end(*state, 1, 0, DPA_ECALL_THREAD_RESCHEDULE, 0);
	check_end(*state, 2, 0, DPA_ECALL_THREAD_RETRIGGER, 0);
	check_end(*state, 3, 0, DPA_ECALL_PROCESS_FINISH, 0);
	check_end(*state, 4, 200, DPA_ECALL_PROCESS_ERROR, 200);
	check_end(*state, 4, 128, DPA_ECALL_PROCESS_ERROR, 128);
	check_end(*state, 4, 5, DPA_ECALL_PROCESS_ERROR, 0x42); /* outside the user range */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thread_context),  cmocka_unit_test(test_errno),
		cmocka_unit_test(test_outbox_doorbell), cmocka_unit_test(test_window),
		cmocka_unit_test(test_messages),        cmocka_unit_test(test_activation_counters_pcc),
		cmocka_unit_test(test_invocation_ends),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
