/*
 * Memory safety of device code on the simulated device, through the real toolchain (dpacc):
 *   - a frame larger than the thread's stack faults the process (stack overflow) before it
 *     writes anything outside the stack: the DPA heap keeps what the host wrote there;
 *   - a window line cached before its memory region is deregistered is unreachable at once:
 *     the next load through it faults the process instead of returning the old bytes.
 * In both cases the host program and other processes go on.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include "host_test.h"

extern flexio_func_t frame_100k, frame_1m, add2, window_acquire, window_load, window_store;

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
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "memory_safety_test" }, &app);
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

	assert_int_equal(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = test_pd }, &p),
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

/* ---- windows ------------------------------------------------------------------------------ */

struct host_buf {
	uint64_t *data;
	struct ibv_mr *mr;
};

static struct host_buf host_buf(uint64_t first)
{
	struct host_buf b;

	b.data = aligned_alloc(4096, 4096);
	assert_non_null(b.data);
	memset(b.data, 0, 4096);
	b.data[0] = first;
	b.mr = ibv_reg_mr(test_pd, b.data, 4096, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(b.mr);
	return b;
}

static void host_buf_dereg(struct host_buf *b)
{
	assert_int_equal(ibv_dereg_mr(b->mr), 0);
	b->mr = NULL;
}

static void host_buf_free(struct host_buf *b)
{
	if (b->mr)
		host_buf_dereg(b);
	free(b->data);
}

/* A window over b's region on p, and the DPA address of its first word. */
static flexio_uintptr_t window_over(flexio_process *p, flexio_window **w, struct host_buf *b)
{
	uint64_t daddr = 0;

	assert_int_equal(flexio_window_create(p, test_pd, w), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &window_acquire, &daddr, flexio_window_get_id(*w), b->mr->lkey,
					     (uint64_t)b->data),
			 FLEXIO_STATUS_SUCCESS);
	assert_true(daddr > ERR_BASE + 1000);
	return daddr;
}

static void clean_line_unreachable_after_dereg(void **state)
{
	flexio_process *p = new_process();
	struct host_buf b = host_buf(0x1122334455667788ull);
	flexio_window *w = NULL;
	flexio_uintptr_t daddr;
	uint64_t ret = 0;

	(void)state;
	daddr = window_over(p, &w, &b);
	assert_int_equal(flexio_process_call(p, &window_load, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 0x1122334455667788ull); /* the line is in the thread's cache now */
	host_buf_dereg(&b);
	expect_cause(call_failing(p, &window_load, daddr, 0), "aperture");
	assert_int_equal(b.data[0], 0x1122334455667788ull);
	flexio_process_destroy(p);
	host_buf_free(&b);
}

static void dirty_line_unreachable_after_dereg(void **state)
{
	flexio_process *p = new_process();
	struct host_buf b = host_buf(1);
	flexio_window *w = NULL;
	flexio_uintptr_t daddr;
	uint64_t ret = 0;

	(void)state;
	daddr = window_over(p, &w, &b);
	assert_int_equal(flexio_process_call(p, &window_store, &ret, daddr, 77ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &window_load, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 77); /* from the cache: not written back */
	host_buf_dereg(&b);
	expect_cause(call_failing(p, &window_load, daddr, 0), "aperture");
	assert_int_equal(b.data[0], 1); /* nothing reached the deregistered memory */
	flexio_process_destroy(p);
	host_buf_free(&b);
}

/* Deregistering another region does not cut a window off its own. */
static void other_region_dereg_keeps_window(void **state)
{
	flexio_process *p = new_process();
	struct host_buf b = host_buf(5), other = host_buf(6);
	flexio_window *w = NULL;
	flexio_uintptr_t daddr;
	uint64_t ret = 0;

	(void)state;
	daddr = window_over(p, &w, &b);
	assert_int_equal(flexio_process_call(p, &window_load, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 5);
	host_buf_dereg(&other);
	assert_int_equal(flexio_process_call(p, &window_load, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 5);
	assert_int_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
	host_buf_free(&b);
	host_buf_free(&other);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(frame_of_100k_faults),
		cmocka_unit_test(frame_of_1m_faults),
		cmocka_unit_test(clean_line_unreachable_after_dereg),
		cmocka_unit_test(dirty_line_unreachable_after_dereg),
		cmocka_unit_test(other_region_dereg_keeps_window),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
