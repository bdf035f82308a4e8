/*
 * The experimental entries for language bindings (core/host/bindings.c):
 * flexio_process_call_args, flexio_last_error, flexio_dev2host_memcpy.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/verbs.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../unit/capture.h"

extern flexio_func_t add3, sum_bytes, load_misaligned;

static struct ibv_device **devices;
static struct ibv_context *ctx;
static flexio_app *app;

static int open_simulated_device(void **state)
{
	int n = 0;

	(void)state;
	devices = ibv_get_device_list(&n);
	for (int i = 0; devices && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devices[i]);
	if (!ctx)
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "process_test" }, &app);
}

static int close_simulated_device(void **state)
{
	(void)state;
	ibv_close_device(ctx);
	ibv_free_device_list(devices);
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	assert_int_equal(flexio_process_create(ctx, app, NULL, &p), FLEXIO_STATUS_SUCCESS);
	return p;
}

/* Runs call quietly (the library logs failures to stderr) and returns its status. */
#define QUIET(call)                       \
	({                                \
		struct stderr_capture c_; \
		flexio_status s_;         \
		capture_begin(&c_);       \
		s_ = (call);              \
		capture_end(&c_);         \
		s_;                       \
	})

static void call_args_matches_the_variadic_call(void **state)
{
	flexio_process *p = new_process();
	uint64_t args[3] = { 40, 2, (uint64_t)-2 }, r1 = 0, r2 = 0;
	flexio_func_t *unpacked = NULL;

	(void)state;
	/* add3(uint64_t a, uint32_t b, int8_t c): each argument as the pack function reads it */
	assert_int_equal(flexio_process_call_args(p, &add3, &r1, args, 3), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &add3, &r2, (uint64_t)40, (uint64_t)2, (uint64_t)-2),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(r1, 40);
	assert_int_equal(r1, r2);
	args[0] = 1ull << 40;
	args[1] = 0xFFFFFFFFu;
	args[2] = 127;
	assert_int_equal(flexio_process_call_args(p, &add3, &r1, args, 3), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(r1, (1ull << 40) + 0xFFFFFFFFu + 127);

	/* A function registered by name takes one argument. */
	assert_int_equal(flexio_func_register(app, "sum_bytes", &unpacked), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(QUIET(flexio_process_call_args(p, unpacked, &r1, args, 2)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "takes 1 argument, 2 given"));
	flexio_process_destroy(p);
}

/* A hand-registered function whose pack function reads 20 arguments (libffi's part). */
static void long_stub(void)
{
}

static void pack_twenty(void *argbuf, va_list ap)
{
	uint64_t *slot = argbuf, len = 0;

	slot[0] = va_arg(ap, uint64_t);
	for (int i = 1; i < 20; i++)
		len += va_arg(ap, uint64_t) * (uint64_t)i;
	slot[1] = len;
}

static void call_args_beyond_sixteen_arguments(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t buf = 0;
	uint64_t args[20], r = 0, len = 0;

	(void)state;
	assert_int_equal(flexio_func_pup_register(app, "sum_bytes", "__dpacc_unpack_sum_bytes", long_stub,
						  20 * sizeof(uint64_t), pack_twenty),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_alloc(p, 4096, &buf), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_memset(p, 1, 4096, buf), FLEXIO_STATUS_SUCCESS);
	args[0] = buf;
	for (int i = 1; i < 20; i++) {
		args[i] = (uint64_t)(i % 3);
		len += args[i] * (uint64_t)i;
	}
	/* sum_bytes(buf, len) over bytes of 1: the result is len, built from all 20 arguments */
	assert_int_equal(flexio_process_call_args(p, long_stub, &r, args, 20), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(r, len);
	assert_int_equal(QUIET(flexio_process_call_args(p, long_stub, &r, args, 17)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "takes 20 arguments, 17 given"));
	flexio_process_destroy(p);
}

static void call_args_rejects_bad_input(void **state)
{
	flexio_process *p = new_process();
	uint64_t args[4] = { 0 }, r = 7;

	(void)state;
	assert_int_equal(QUIET(flexio_process_call_args(p, &add3, &r, args, 2)), FLEXIO_STATUS_FAILED);
	assert_string_equal(flexio_last_error(),
			    "flexio ERR flexio_process_call_args: \"add3\" takes 3 arguments, 2 given");
	assert_int_equal(r, 0);
	assert_int_equal(QUIET(flexio_process_call_args(p, &add3, &r, NULL, 3)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "args is NULL"));
	assert_int_equal(QUIET(flexio_process_call_args(p, (flexio_func_t *)&args, &r, args, 3)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "is not a function registered"));
	assert_int_equal(QUIET(flexio_process_call_args(p, &add3, NULL, args, 3)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "flexio_process_call_args: func_ret is NULL"));
	assert_int_equal(QUIET(flexio_process_call_args((flexio_process *)args, &add3, &r, args, 3)),
			 FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "is not a live process"));
	flexio_process_destroy(p);
	assert_int_equal(QUIET(flexio_process_call_args(p, &add3, &r, args, 3)), FLEXIO_STATUS_FAILED);
}

/* Runs call, which must fail logging exactly one line that starts with line_start. */
#define EXPECT_ONE_LINE(call, line_start)                                   \
	do {                                                                \
		struct stderr_capture c_;                                   \
		const char *text_;                                          \
		capture_begin(&c_);                                         \
		assert_int_equal((call), FLEXIO_STATUS_FAILED);             \
		text_ = capture_end(&c_);                                   \
		assert_int_equal(count_lines(text_), 1);                    \
		assert_memory_equal(text_, line_start, strlen(line_start)); \
	} while (0)

/* The device call fails in flexio_process_call's name, as the bindings name the failed call;
 * the entry's own argument checks keep its name. */
static void call_args_after_a_device_fault(void **state)
{
	flexio_process *p = new_process();
	flexio_uintptr_t buf = 0;
	uint64_t r, arg;

	(void)state;
	assert_int_equal(flexio_buf_dev_alloc(p, 64, &buf), FLEXIO_STATUS_SUCCESS);
	arg = buf;
	EXPECT_ONE_LINE(flexio_process_call_args(p, &load_misaligned, &r, &arg, 1),
			"flexio ERR flexio_process_call: \"load_misaligned\" in process");
	assert_non_null(strstr(flexio_last_error(), "did not complete"));
	assert_true(flexio_err_status_get(p));
	EXPECT_ONE_LINE(flexio_process_call_args(p, &load_misaligned, &r, &arg, 1),
			"flexio ERR flexio_process_call: process \"");
	assert_non_null(strstr(flexio_last_error(), "has stopped on"));
	EXPECT_ONE_LINE(flexio_process_call_args(p, &load_misaligned, &r, &arg, 2),
			"flexio ERR flexio_process_call_args: \"load_misaligned\" takes 1 argument, 2 given");
	EXPECT_ONE_LINE(flexio_process_call(p, &load_misaligned, &r, arg),
			"flexio ERR flexio_process_call: process \"");
	flexio_process_destroy(p);
}

static void *other_thread_error(void *arg)
{
	(void)arg;
	return (void *)(uintptr_t)(flexio_last_error()[0] == '\0');
}

static void last_error_is_per_thread(void **state)
{
	flexio_uintptr_t d;
	pthread_t t;
	void *empty = NULL;

	(void)state;
	assert_int_equal(QUIET(flexio_buf_dev_alloc(NULL, 8, &d)), FLEXIO_STATUS_FAILED);
	assert_string_equal(flexio_last_error(), "flexio ERR flexio_buf_dev_alloc: (nil) is not a live process");
	assert_int_equal(pthread_create(&t, NULL, other_thread_error, NULL), 0);
	pthread_join(t, &empty);
	assert_true((uintptr_t)empty); /* another thread has no error */
	/* successes do not clear it; a later error replaces it */
	assert_int_equal(flexio_version_set(FLEXIO_VER_USED), FLEXIO_STATUS_SUCCESS);
	assert_non_null(strstr(flexio_last_error(), "flexio_buf_dev_alloc"));
	assert_int_equal(QUIET(flexio_buf_dev_free(NULL, 64)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "flexio ERR flexio_buf_dev_free: "));
}

static void dev2host_reads_heap_memory(void **state)
{
	flexio_process *p = new_process();
	unsigned char in[100], out[100];
	flexio_uintptr_t a = 0;
	uint64_t arg[2], sum = 0;

	(void)state;
	for (int i = 0; i < 100; i++)
		in[i] = (unsigned char)(3 * i);
	assert_int_equal(flexio_copy_from_host(p, in, sizeof(in), &a), FLEXIO_STATUS_SUCCESS);
	memset(out, 0, sizeof(out));
	assert_int_equal(flexio_dev2host_memcpy(p, out, sizeof(out), a), FLEXIO_STATUS_SUCCESS);
	assert_memory_equal(in, out, sizeof(in));
	assert_int_equal(flexio_dev2host_memcpy(p, out, 10, a + 90), FLEXIO_STATUS_SUCCESS);
	assert_memory_equal(in + 90, out, 10);
	/* what the device sees is what the host reads back */
	assert_int_equal(flexio_buf_dev_memset(p, 1, 50, a), FLEXIO_STATUS_SUCCESS);
	arg[0] = a;
	arg[1] = 100;
	assert_int_equal(flexio_process_call_args(p, &sum_bytes, &sum, arg, 2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_dev2host_memcpy(p, out, sizeof(out), a), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 100; i++)
		sum -= out[i];
	assert_int_equal(sum, 0);

	assert_int_equal(QUIET(flexio_dev2host_memcpy(p, out, 101, a)), FLEXIO_STATUS_FAILED);
	assert_non_null(strstr(flexio_last_error(), "not inside an allocated heap buffer"));
	assert_int_equal(QUIET(flexio_dev2host_memcpy(p, NULL, 8, a)), FLEXIO_STATUS_FAILED);
	assert_int_equal(QUIET(flexio_dev2host_memcpy(p, out, 8, 0x10000)), FLEXIO_STATUS_FAILED);
	assert_int_equal(QUIET(flexio_dev2host_memcpy(NULL, out, 8, a)), FLEXIO_STATUS_FAILED);
	flexio_process_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(call_args_matches_the_variadic_call),
		cmocka_unit_test(call_args_beyond_sixteen_arguments),
		cmocka_unit_test(call_args_rejects_bad_input),
		cmocka_unit_test(call_args_after_a_device_fault),
		cmocka_unit_test(last_error_is_per_thread),
		cmocka_unit_test(dev2host_reads_heap_memory),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
