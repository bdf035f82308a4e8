/* A device program of the older edition (FLEXIO_DEV_VER_USED 24.4) built by dpacc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include "harness.h"

extern flexio_func_t older_print, older_doorbells, older_window, older_handler;

static int setup(void **state)
{
	*state = harness_open("dpacc_older");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

static void test_print(void **state)
{
	struct harness *h = *state;
	uint64_t printed = 0;

	assert_int_equal(harness_call(h, &older_print, &printed, 77), DPA_STOP_RETURNED);
	assert_int_equal(printed, strlen("older 77\n"));
	assert_string_equal(h->text, "older 77\n");
}

static void test_doorbells(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;

	h->doorbell_count = 0;
	assert_int_equal(harness_call(h, &older_doorbells, &failed, HARNESS_OUTBOX_ID, 0x55), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	assert_int_equal(h->doorbell_count, 2);
	assert_int_equal(h->doorbells[0].offset, FLEXIO_OUTBOX_CQ_DB);
	assert_int_equal(h->doorbells[0].value, FLEXIO_OUTBOX_V_CQ_DB(0x55, 5));
	assert_int_equal(h->doorbells[1].offset, FLEXIO_OUTBOX_SXD_DB);
	assert_int_equal(h->doorbells[1].value, FLEXIO_OUTBOX_V_SXD_DB(9, 0x55));
}

static void test_window(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;
	uint32_t stored;

	memset(h->window, 0, sizeof(h->window));
	assert_int_equal(harness_call(h, &older_window, &failed, harness_window_haddr(h)), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	memcpy(&stored, h->window, sizeof(stored));
	assert_int_equal(stored, 0xABCD);
	assert_string_equal((const char *)h->window + 8, "old");
}

static void test_handler_ends(void **state)
{
	struct harness *h = *state;
	uint64_t result;

	assert_int_equal(harness_call(h, &older_handler, &result, 0), DPA_STOP_REQUESTED);
	assert_int_equal(h->end_service, DPA_ECALL_THREAD_RESCHEDULE);
	assert_int_equal(harness_call(h, &older_handler, &result, 1), DPA_STOP_REQUESTED);
	assert_int_equal(h->end_service, DPA_ECALL_PROCESS_FINISH);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print),
		cmocka_unit_test(test_doorbells),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_handler_ends),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
