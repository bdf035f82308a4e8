/*
 * Memory safety of device code on the simulated device, through the real toolchain (dpacc):
 *   - a frame larger than the thread's stack faults the process (stack overflow) before it
 *     writes anything outside the stack: the DPA heap keeps what the host wrote there;
 * the host program and other processes go on.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include "host_test.h"

extern flexio_func_t frame_100k, frame_1m, add2;

#define ERR_BASE 1000000u
#define BUF_SIZE (1u << 20)
#define MAX_BUFS 128

static struct ibv_pd *test_pd; /* the processes' PD, so regions may outlive a process */
static flexio_app *app;

static int open_simulated_device(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	test_pd = ibv_alloc_pd(ctx);
	if (!test_pd)
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){.app_name = "memory_safety_test"}, &app);
}

static int close_simulated_device(void **state)
{
	(void)state;
	assert_int_equal(ibv_dealloc_pd(test_pd), 0);
	sim_device_close();
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	assert_int_equal(flexio_process_create(ctx, app, &(struct flexio_process_attr){.pd = test_pd}, &p),
			 FLEXIO_STATUS_SUCCESS);
	return p;
}

/* Calls f(a0, a1), which must fail the process; returns what the library logged. */
static const char *call_failing(flexio_process *p, flexio_func_t *f, uint64_t a0, uint64_t a1)
{
	static struct stderr_capture c;
	flexio_status st;
	uint64_t ret = 0;
	const char *text;

	capture_begin(&c);
	st = flexio_process_call(p, f, &ret, a0, a1);
	text = capture_end(&c);
	assert_int_equal(st, FLEXIO_STATUS_FAILED);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	return text;
}

static void expect_cause(const char *text, const char *cause)
{
	if (!strstr(text, cause))
		fail_msg("expected a fault \"%s\", got \"%s\"", cause, text);
}

/* The pattern byte of heap buffer b at offset i. */
static unsigned char pattern(size_t b, size_t i)
{
	return (unsigned char)(b * 131 + i * 7 + 1);
}

/* Fills the whole free heap with 1 MiB buffers holding the pattern, calls f, and checks that
 * every byte is still there: the heap lies below the RPC thread's stack, so an unchecked large
 * frame would overwrite its top. */
static void large_frame_spares_heap(flexio_func_t *f)
{
	static unsigned char data[BUF_SIZE], back[BUF_SIZE];
	flexio_process *p = new_process(), *other;
	flexio_uintptr_t bufs[MAX_BUFS];
	const char *text;
	size_t n = 0;
	uint64_t ret = 0;

	while (n < MAX_BUFS && flexio_buf_dev_alloc(p, BUF_SIZE, &bufs[n]) == FLEXIO_STATUS_SUCCESS)
		n++;
	assert_true(n >= 8);
	for (size_t b = 0; b < n; b++) {
		for (size_t i = 0; i < BUF_SIZE; i++)
			data[i] = pattern(b, i);
		assert_int_equal(flexio_host2dev_memcpy(p, data, BUF_SIZE, bufs[b]), FLEXIO_STATUS_SUCCESS);
	}

	text = call_failing(p, f, 5, 0);
	for (size_t b = 0; b < n; b++) {
		assert_int_equal(flexio_dev2host_memcpy(p, back, BUF_SIZE, bufs[b]), FLEXIO_STATUS_SUCCESS);
		for (size_t i = 0; i < BUF_SIZE; i++)
			if (back[i] != pattern(b, i))
				fail_msg("heap buffer %zu changed at offset %zu", b, i);
	}
	expect_cause(text, "stack overflow");
	/* The program and another process go on. */
	other = new_process();
	assert_int_equal(flexio_process_call(other, &add2, &ret, 40ull, 2ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 42);
	assert_int_equal(flexio_process_destroy(other), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
}

static void frame_of_100k_faults(void **state)
{
	(void)state;
	large_frame_spares_heap(&frame_100k);
}

static void frame_of_1m_faults(void **state)
{
	(void)state;
	large_frame_spares_heap(&frame_1m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(frame_of_100k_faults),
		cmocka_unit_test(frame_of_1m_faults),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
