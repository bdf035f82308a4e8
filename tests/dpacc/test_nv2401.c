/* A device program of NVIDIA's 24.01 .. 24.07 release (FLEXIO_DEV_VER_USED 24.1) built by dpacc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include "harness.h"

extern flexio_func_t nv2401_print, nv2401_window, nv2401_handler, nv2401_doorbells, nv2401_cqe;

static int setup(void **state)
{
	*state = harness_open("dpacc_nv2401");
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	harness_close(*state);
	return 0;
}

/* Functions declared through their typedef first, between the entry-point markers. */
static void test_typedef_declared_rpc(void **state)
{
	struct harness *h = *state;
	uint64_t printed = 0;

	assert_int_equal(harness_call(h, &nv2401_print, &printed, 2401), DPA_STOP_RETURNED);
	assert_int_equal(printed, strlen("nv2401 2401\n"));
	assert_string_equal(h->text, "nv2401 2401\n");
}

static void test_typedef_declared_handler(void **state)
{
	struct harness *h = *state;
	uint64_t result;

	assert_int_equal(harness_call(h, &nv2401_handler, &result, 0), DPA_STOP_REQUESTED);
	assert_int_equal(h->end_service, DPA_ECALL_THREAD_RESCHEDULE);
}

static void test_window(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;
	uint32_t stored;

	memset(h->window, 0, sizeof(h->window));
	assert_int_equal(harness_call(h, &nv2401_window, &failed, harness_window_haddr(h)), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	memcpy(&stored, h->window, sizeof(stored));
	assert_int_equal(stored, 0x2401);
}

static void test_doorbells(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;

	h->doorbell_count = 0;
	assert_int_equal(harness_call(h, &nv2401_doorbells, &failed, HARNESS_OUTBOX_ID, 0x55), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
	assert_int_equal(h->doorbell_count, 4);
	assert_int_equal(h->doorbells[0].offset, FLEXIO_OUTBOX_CQ_DB);
	assert_int_equal(h->doorbells[0].value, FLEXIO_OUTBOX_V_CQ_DB(0x55, 5));
	assert_int_equal(h->doorbells[1].offset, FLEXIO_OUTBOX_SXD_DB);
	assert_int_equal(h->doorbells[1].value, FLEXIO_OUTBOX_V_SXD_DB(9, 0x55));
	/* The hardware's CC_DB layout: 1/rate 31..0, RTT request 32, next action 35..34, queue 63..48. */
	assert_int_equal(h->doorbells[2].offset, FLEXIO_OUTBOX_CC_DB);
	assert_int_equal(h->doorbells[2].value, 0x89abcdefull | 1ull << 32 | 2ull << 34 | 0x1234ull << 48);
	assert_int_equal(h->doorbells[3].offset, FLEXIO_OUTBOX_CQ_DB);
	assert_int_equal(h->doorbells[3].value, FLEXIO_OUTBOX_V_CQ_DB(0x55, 6));
}

static void test_cqe_layout(void **state)
{
	struct harness *h = *state;
	uint64_t failed = ~0ull;

	assert_int_equal(harness_call(h, &nv2401_cqe, &failed, 0), DPA_STOP_RETURNED);
	assert_int_equal(failed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typedef_declared_rpc),
		cmocka_unit_test(test_typedef_declared_handler),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_doorbells),
		cmocka_unit_test(test_cqe_layout),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
