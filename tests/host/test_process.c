/*
 * The host runtime on the simulated device: processes, RPC, DPA heap, message
 * streams, and what happens on bad input and device faults.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include "host_test.h"

extern flexio_func_t add3, sum_bytes, print_levels, print_numbered, load_misaligned, load_from, spin_forever,
	finish_process, user_error;

static flexio_app *app;

static int open_simulated_device(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "process_test" }, &app);
}

static int close_simulated_device(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	assert_int_equal(flexio_process_create(ctx, app, NULL, &p), FLEXIO_STATUS_SUCCESS);
	assert_non_null(p);
	return p;
}

static void rpc_passes_typed_arguments(void **state)
{
	flexio_process *p = new_process();
	uint64_t ret = 0;

	(void)state;
	assert_int_equal(flexio_process_call(p, &add3, &ret, 1ull << 40, 0xFFFFFFFFu, -5), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, (1ull << 40) + 0xFFFFFFFFull - 5);
	assert_int_equal(flexio_process_call(p, &add3, &ret, 0ull, 1u, 127), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 128);
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
}

static void process_getters(void **state)
{
	flexio_process *p = new_process(), *q = new_process();
	struct ibv_pd *pd = flexio_process_get_pd(p);

	(void)state;
	assert_non_null(pd);
	assert_ptr_equal(pd->context, ctx);
	assert_int_not_equal(flexio_process_get_dumem_id(p), UINT32_MAX);
	assert_int_not_equal(flexio_process_get_dumem_id(p), flexio_process_get_dumem_id(q));
	assert_int_equal(flexio_process_udbg_token_get(p), 0);
	assert_int_equal(flexio_err_status_get(p), 0);
	assert_true(flexio_err_handler_fd(p) >= 0);
	flexio_process_destroy(q);
	flexio_process_destroy(p);
	/* Destroyed: the getters give their error values. */
	assert_null(flexio_process_get_pd(p));
	assert_int_equal(flexio_process_get_dumem_id(p), UINT32_MAX);
	assert_int_equal(flexio_err_handler_fd(p), -1);
}

static void heap_memory(void **state)
{
	flexio_process *p = new_process();
	struct flexio_heap_mem_info info;
	unsigned char bytes[100];
	flexio_uintptr_t a = 0, b = 0;
	uint64_t sum = 0;

	(void)state;
	for (int i = 0; i < 100; i++)
		bytes[i] = (unsigned char)(i + 1);
	assert_int_equal(flexio_buf_dev_alloc(p, sizeof(bytes), &a), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(a % 64, 0);
	assert_int_equal(flexio_process_mem_info_get(p, &info), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(info.requested, 100);
	assert_int_equal(info.allocated, 128);
	assert_true(a >= info.base_addr && a < info.base_addr + info.size);

	assert_int_equal(flexio_host2dev_memcpy(p, bytes, sizeof(bytes), a), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &sum_bytes, &sum, a, 100u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(sum, 5050);
	assert_int_equal(flexio_buf_dev_memset(p, 2, 50, a + 50), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &sum_bytes, &sum, a, 100u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(sum, 1275 + 100);

	assert_int_equal(flexio_copy_from_host(p, bytes, 10, &b), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(b, a);
	assert_int_equal(flexio_process_call(p, &sum_bytes, &sum, b, 10u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(sum, 55);

	/* Outside allocated buffers, wrong sizes, bad addresses. */
	EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(p, bytes, 101, a), "flexio_host2dev_memcpy");
	EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(p, bytes, 8, a + 96), "flexio_host2dev_memcpy");
	EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(p, NULL, 8, a), "flexio_host2dev_memcpy");
	EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(p, bytes, 8, 0x10000), "flexio_host2dev_memcpy");
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_memset(p, 0, 200, a), "flexio_buf_dev_memset");
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(p, 0, &b), "flexio_buf_dev_alloc");
	assert_int_equal(b, 0);
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(p, 1ull << 40, &b), "flexio_buf_dev_alloc");
	assert_int_equal(b, 0);
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(p, 8, NULL), "flexio_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_copy_from_host(p, NULL, 8, &b), "flexio_copy_from_host");

	assert_int_equal(flexio_buf_dev_free(p, a), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_free(p, a), "flexio_buf_dev_free");
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_free(p, a + 64), "flexio_buf_dev_free");
	assert_int_equal(flexio_buf_dev_free(p, 0), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_mem_info_get(p, &info), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(info.requested, 10);
	EXPECT_FAILURE_LOGGED(flexio_process_mem_info_get(p, NULL), "flexio_process_mem_info_get");
	/* The process frees what is left. */
	flexio_process_destroy(p);
}

static void streams_filter_levels_and_modes(void **state)
{
	flexio_process *p = new_process();
	FILE *default_out = tmpfile(), *async_out = tmpfile();
	flexio_msg_stream_attr_t sync_attr = { .data_bsize = 4096,
					       .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					       .level = FLEXIO_MSG_DEV_WARN };
	flexio_msg_stream_attr_t async_attr = { .data_bsize = 4096,
						.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_ASYNC,
						.level = FLEXIO_MSG_DEV_DEBUG };
	flexio_msg_stream *def, *second;
	pthread_t drainer;
	uint64_t ret;
	char *text;

	(void)state;
	assert_int_equal(flexio_msg_stream_create(p, &sync_attr, default_out, &drainer, &def), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_msg_stream_get_id(def), FLEXIO_MSG_DEV_DEFAULT_STREAM_ID);
	assert_int_equal(flexio_msg_stream_create(p, &async_attr, async_out, NULL, &second), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_msg_stream_get_id(second), 1);

	assert_int_equal(flexio_process_call(p, &print_levels, &ret, 0), FLEXIO_STATUS_SUCCESS);
	/* Synchronous: written by the time the call returns. */
	text = file_text(default_out);
	assert_string_equal(text, "level error\nlevel warn\nlevel always\n");

	assert_int_equal(flexio_process_call(p, &print_levels, &ret, 1), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(file_text(async_out), ""); /* asynchronous: only flush writes */
	assert_int_equal(flexio_msg_stream_flush(second), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(file_text(async_out), "level error\nlevel warn\nlevel info\nlevel debug\nlevel always\n");

	EXPECT_FAILURE_LOGGED(flexio_msg_stream_level_set(def, FLEXIO_MSG_DEV_DEBUG), "flexio_msg_stream_level_set");
	assert_int_equal(flexio_msg_stream_level_set(second, FLEXIO_MSG_DEV_NO_PRINT), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_level_set(second, FLEXIO_MSG_DEV_ALWAYS_PRINT),
			      "flexio_msg_stream_level_set");
	assert_int_equal(flexio_process_call(p, &print_levels, &ret, 1), FLEXIO_STATUS_SUCCESS);
	flexio_msg_stream_flush(second);
	assert_null(strstr(file_text(async_out) + 59, "level error"));
	assert_non_null(strstr(file_text(async_out) + 59, "level always"));

	assert_int_equal(flexio_msg_stream_destroy(second), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_flush(second), "flexio_msg_stream_flush");
	assert_int_equal(flexio_msg_stream_get_id(second), -1);
	flexio_process_destroy(p); /* destroys the default stream too */
	fclose(default_out);
	fclose(async_out);
}

static void batch_and_overrun(void **state)
{
	flexio_process *p = new_process();
	FILE *out = tmpfile();
	flexio_msg_stream_attr_t attr = { .data_bsize = 2048,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_BATCH,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_msg_stream *s;
	uint64_t ret;
	char *text;

	(void)state;
	assert_int_equal(flexio_msg_stream_create(p, &attr, out, NULL, &s), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &print_numbered, &ret, 300u), FLEXIO_STATUS_SUCCESS);
	flexio_msg_stream_flush(s);
	text = file_text(out);
	assert_non_null(strstr(text, "message 0\nmessage 1\n"));
	assert_non_null(strstr(text, "message 298\nmessage 299\n"));
	flexio_msg_stream_destroy(s);
	fclose(out);

	out = tmpfile();
	attr.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_ASYNC;
	assert_int_equal(flexio_log_dev_init(p, &attr, out, NULL), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &print_numbered, &ret, 300u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_log_dev_flush(p), FLEXIO_STATUS_SUCCESS);
	text = file_text(out);
	assert_non_null(strstr(text, "message 0\n"));
	assert_non_null(strstr(text, "device messages lost on stream 0: buffer overrun"));
	assert_int_equal(flexio_log_dev_destroy(p), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_log_dev_flush(p), "flexio_log_dev_flush");
	flexio_process_destroy(p);
	fclose(out);
}

static void bad_stream_attributes(void **state)
{
	flexio_process *p = new_process();
	flexio_msg_stream_attr_t attr = { .data_bsize = 3000,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_msg_stream *s = (flexio_msg_stream *)0x1;

	(void)state;
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, &s), "flexio_msg_stream_create");
	assert_null(s);
	attr.data_bsize = 1024;
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, &s), "flexio_msg_stream_create");
	attr.data_bsize = 4096;
	attr.level = FLEXIO_MSG_DEV_ALWAYS_PRINT;
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, &s), "flexio_msg_stream_create");
	attr.level = FLEXIO_MSG_DEV_INFO;
	attr.sync_mode = (flexio_msg_dev_sync_mode)9;
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, &s), "flexio_msg_stream_create");
	attr.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, NULL, NULL, &s), "flexio_msg_stream_create");
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, NULL, stdout, NULL, &s), "flexio_msg_stream_create");
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, NULL), "flexio_msg_stream_create");
	assert_int_equal(flexio_log_dev_init(p, &attr, stdout, NULL), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_log_dev_init(p, &attr, stdout, NULL), "flexio_log_dev_init");
	flexio_process_destroy(p);
}

/* Writes p's crash data next to base and returns its text (the manual adds ".NNN.crash"). */
static char *crash_text(flexio_process *p, const char *base)
{
	char path[512];
	FILE *crash;
	char *text;

	assert_int_equal(flexio_crash_data(p, base), FLEXIO_STATUS_SUCCESS);
	snprintf(path, sizeof(path), "%s.%u.crash", base, flexio_process_get_dumem_id(p));
	crash = fopen(path, "r");
	assert_non_null(crash);
	text = file_text(crash);
	fclose(crash);
	unlink(path);
	return text;
}

static void device_fault_stops_only_its_process(void **state)
{
	flexio_process *p = new_process(), *other = new_process();
	flexio_uintptr_t buf;
	uint64_t ret = 7;

	(void)state;
	assert_int_equal(flexio_buf_dev_alloc(p, 64, &buf), FLEXIO_STATUS_SUCCESS);
	assert_false(fd_readable(flexio_err_handler_fd(p), 0));
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &load_misaligned, &ret, buf), "flexio_process_call");
	assert_int_equal(ret, 0);
	assert_int_equal(flexio_err_status_get(p), 0x10); /* a thread fault: the DPA OS range */
	assert_true(fd_readable(flexio_err_handler_fd(p), 1000));
	/* Stopped for good: further calls fail at once. */
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &add3, &ret, 1ull, 2u, 3), "flexio_process_call");

	assert_non_null(strstr(crash_text(p, "/tmp/flexio_test_fault"), "misaligned"));

	/* The other process never noticed. */
	assert_int_equal(flexio_err_status_get(other), 0);
	assert_int_equal(flexio_process_call(other, &add3, &ret, 1ull, 2u, 3), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 6);
	EXPECT_FAILURE_LOGGED(flexio_process_call(other, &load_from, &ret, 0ull), "flexio_process_call");
	assert_int_not_equal(flexio_err_status_get(other), 0);
	flexio_process_destroy(other);
	flexio_process_destroy(p);
}

static void watchdog_stops_runaway_code(void **state)
{
	flexio_process *p;
	uint64_t ret;

	(void)state;
	setenv("FLEXIO_SIM_WATCHDOG", "2000000", 1);
	p = new_process();
	unsetenv("FLEXIO_SIM_WATCHDOG");
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &spin_forever, &ret, 0ull), "flexio_process_call");
	assert_int_not_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
}

static void process_end_and_user_errors(void **state)
{
	flexio_process *p = new_process();
	char path[512];
	uint64_t ret = 1;

	(void)state;
	/* flexio_dev_process_finish ends the process normally: no error. */
	assert_int_equal(flexio_process_call(p, &finish_process, &ret, 0ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 0);
	assert_int_equal(flexio_err_status_get(p), 0);
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &add3, &ret, 1ull, 2u, 3), "flexio_process_call");
	flexio_process_destroy(p);

	p = new_process();
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &user_error, &ret, 200ull), "flexio_process_call");
	assert_int_equal(flexio_err_status_get(p), 200);
	assert_non_null(strstr(crash_text(p, "/tmp/flexio_test_user_error"), "status: 0xc8"));
	flexio_process_destroy(p);

	p = new_process();
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &user_error, &ret, 7ull), "flexio_process_call");
	assert_non_null(strstr(crash_text(p, "/tmp/flexio_test_illegal_code"), "status: 0x42"));
	EXPECT_FAILURE_LOGGED(flexio_crash_data(p, "/nonexistent/dir/crash"), "flexio_crash_data");
	/* No name: flexio_dev.NNN.crash in the current directory. */
	assert_int_equal(flexio_crash_data(p, NULL), FLEXIO_STATUS_SUCCESS);
	snprintf(path, sizeof(path), "flexio_dev.%u.crash", flexio_process_get_dumem_id(p));
	assert_int_equal(unlink(path), 0);
	flexio_process_destroy(p);
}

static void bad_handles_and_arguments(void **state)
{
	flexio_process *p = new_process(), *dead = new_process(), *q = (flexio_process *)0x1;
	int local;
	flexio_process *fake = (flexio_process *)&local;
	flexio_app *dead_app;
	struct flexio_heap_mem_info info;
	flexio_uintptr_t daddr;
	uint64_t ret;
	unsigned char byte = 0;

	(void)state;
	flexio_process_destroy(dead);
	EXPECT_FAILURE_LOGGED(flexio_process_create(NULL, app, NULL, &q), "flexio_process_create");
	assert_null(q);
	EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, NULL, NULL, &q), "flexio_process_create");
	EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, app, NULL, NULL), "flexio_process_create");
	EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, (flexio_app *)&local, NULL, &q), "flexio_process_create");
	{
		struct flexio_app_attr attr = { .app_name = "short_lived", .app_ptr = NULL };
		uint64_t *elf = malloc(flexio_app_get_elf_size(app));

		flexio_app_get_elf(app, elf, flexio_app_get_elf_size(app));
		attr.app_ptr = elf;
		attr.app_bsize = flexio_app_get_elf_size(app);
		assert_int_equal(flexio_app_create(&attr, &dead_app), FLEXIO_STATUS_SUCCESS);
		free(elf);
		flexio_app_destroy(dead_app);
		EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, dead_app, NULL, &q), "flexio_process_create");
	}

	for (int i = 0; i < 2; i++) {
		flexio_process *bad = i ? dead : fake;

		EXPECT_FAILURE_LOGGED(flexio_process_destroy(bad), "flexio_process_destroy");
		EXPECT_FAILURE_LOGGED(flexio_process_call(bad, &add3, &ret, 1ull, 2u, 3), "flexio_process_call");
		EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(bad, 8, &daddr), "flexio_buf_dev_alloc");
		EXPECT_FAILURE_LOGGED(flexio_buf_dev_free(bad, 0), "flexio_buf_dev_free");
		EXPECT_FAILURE_LOGGED(flexio_buf_dev_memset(bad, 0, 8, 0), "flexio_buf_dev_memset");
		EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(bad, &byte, 1, 0), "flexio_host2dev_memcpy");
		EXPECT_FAILURE_LOGGED(flexio_copy_from_host(bad, &byte, 1, &daddr), "flexio_copy_from_host");
		EXPECT_FAILURE_LOGGED(flexio_process_mem_info_get(bad, &info), "flexio_process_mem_info_get");
		EXPECT_FAILURE_LOGGED(flexio_crash_data(bad, "/tmp/x"), "flexio_crash_data");
		EXPECT_FAILURE_LOGGED(flexio_log_dev_init(bad, NULL, stdout, NULL), "flexio_log_dev_init");
		EXPECT_FAILURE_LOGGED(flexio_log_dev_flush(bad), "flexio_log_dev_flush");
		EXPECT_FAILURE_LOGGED(flexio_log_dev_destroy(bad), "flexio_log_dev_destroy");
		assert_int_equal(flexio_err_status_get(bad), 0);
		assert_int_equal(flexio_process_udbg_token_get(bad), 0);
	}
	assert_int_equal(flexio_process_destroy(NULL), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_err_status_get(NULL), 0);

	/* A function of no application, a NULL result pointer. */
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, (flexio_func_t *)&local, &ret), "flexio_process_call");
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, NULL, &ret), "flexio_process_call");
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &add3, NULL, 1ull, 2u, 3), "flexio_process_call");
	flexio_process_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rpc_passes_typed_arguments),
		cmocka_unit_test(process_getters),
		cmocka_unit_test(heap_memory),
		cmocka_unit_test(streams_filter_levels_and_modes),
		cmocka_unit_test(batch_and_overrun),
		cmocka_unit_test(bad_stream_attributes),
		cmocka_unit_test(device_fault_stops_only_its_process),
		cmocka_unit_test(watchdog_stops_runaway_code),
		cmocka_unit_test(process_end_and_user_errors),
		cmocka_unit_test(bad_handles_and_arguments),
	};

	/* As current-release programs do first: the library then reads this release's layouts
	 * and answers flexio_err_status_get with the status itself. */
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
