/*
 * What calls reach through their arguments is checked: device contexts, protection domains,
 * sizes that overflow, empty file names; zero-size transfers behave alike; a PD in use cannot
 * be deallocated. Each failure logs exactly one line naming the function called.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "../host/host_test.h"

/* call fails, logging one line as func that contains reason. */
#define EXPECT_LOGGED_TEXT(call, func, reason)                                                                    \
	do {                                                                                                      \
		struct stderr_capture c_;                                                                         \
		const char *text_;                                                                                \
		capture_begin(&c_);                                                                               \
		assert_int_equal((call), FLEXIO_STATUS_FAILED);                                                   \
		text_ = capture_end(&c_);                                                                         \
		if (!strstr(text_, "flexio ERR " func ": ") || !strstr(text_, reason) || count_lines(text_) != 1) \
			fail_msg("expected one error line from %s with \"%s\", got:\n%s", func, reason, text_);   \
	} while (0)

/* Referencing a device function links the application's archive (and its registration). */
extern flexio_func_t add;

static flexio_app *app;

static int setup(void **state)
{
	(void)state;
	/* As current-release programs do first: the library reads this release's layouts. */
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "concurrency_test", .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static void contexts_checked(void **state)
{
	struct ibv_context *closed = ibv_open_device(devices[0]);
	uint64_t junk[64] = { 0 };
	flexio_process *process;
	flexio_app *found;

	(void)state;
	assert_non_null(closed);
	assert_int_equal(ibv_close_device(closed), 0);
	EXPECT_FAILURE_LOGGED(flexio_process_create(closed, app, NULL, &process), "flexio_process_create");
	EXPECT_FAILURE_LOGGED(flexio_process_create((struct ibv_context *)junk, app, NULL, &process),
			      "flexio_process_create");
	EXPECT_FAILURE_LOGGED(flexio_process_create(NULL, app, NULL, &process), "flexio_process_create");
	EXPECT_FAILURE_LOGGED(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "concurrency_test",
									       .ibv_ctx = (struct ibv_context *)junk },
					     &found),
			      "flexio_app_get");
}

static void pds_checked(void **state)
{
	struct ibv_pd *pd = ibv_alloc_pd(ctx), *dead = ibv_alloc_pd(ctx);
	static char buf[4096];
	struct ibv_mr *mr = ibv_reg_mr(pd, buf, sizeof(buf), IBV_ACCESS_LOCAL_WRITE);
	struct flexio_process_attr attr = { 0 };
	flexio_process *process;
	flexio_window *window;

	(void)state;
	assert_int_equal(ibv_dealloc_pd(dead), 0);
	attr.pd = dead;
	EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, app, &attr, &process), "flexio_process_create");
	attr.pd = (struct ibv_pd *)mr;
	EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, app, &attr, &process), "flexio_process_create");

	/* A PD in use by a process or a window cannot be deallocated (EBUSY), then it can. */
	assert_int_equal(ibv_dereg_mr(mr), 0);
	attr.pd = pd;
	assert_int_equal(flexio_process_create(ctx, app, &attr, &process), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ibv_dealloc_pd(pd), EBUSY);
	assert_int_equal(flexio_window_create(process, pd, &window), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
}

static void sizes_checked(void **state)
{
	static const unsigned char elf[64] = { 0x7f, 'E', 'L', 'F' };
	uint64_t versions[1] = { 0 };
	struct flexio_app_attr attr = { .app_name = "overflowing",
					.app_ptr = (void *)elf,
					.app_bsize = sizeof(elf),
					.flexio_dev_versions = versions,
					.flexio_dev_versions_len_size = SIZE_MAX / sizeof(uint64_t) + 2 };
	flexio_process *process;
	flexio_uintptr_t daddr;
	flexio_app *created;
	char byte = 0;

	(void)state;
	EXPECT_LOGGED_TEXT(flexio_app_create(&attr, &created), "flexio_app_create",
			   "device versions is more than memory holds");

	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(process, &add, &(uint64_t){ 0 }, 1, 2), FLEXIO_STATUS_SUCCESS);
	/* Failures inside flexio_copy_from_host are its own. */
	EXPECT_FAILURE_LOGGED(flexio_copy_from_host(process, &byte, SIZE_MAX, &daddr), "flexio_copy_from_host");
	EXPECT_FAILURE_LOGGED(flexio_copy_from_host(process, &byte, 0, &daddr), "flexio_copy_from_host");
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(process, 0, &daddr), "flexio_buf_dev_alloc");
	/* Zero-size transfers succeed and touch nothing, whatever the device address. */
	assert_int_equal(flexio_buf_dev_memset(process, 0, 0, 0x1234), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_host2dev_memcpy(process, &byte, 0, 0x1234), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_dev2host_memcpy(process, &byte, 0, 0x1234), FLEXIO_STATUS_SUCCESS);
	/* An empty file name is refused rather than writing a hidden file. */
	EXPECT_FAILURE_LOGGED(flexio_crash_data(process, ""), "flexio_crash_data");
	EXPECT_FAILURE_LOGGED(flexio_coredump_create(process, ""), "flexio_coredump_create");
	assert_int_equal(access(".1.crash", F_OK), -1);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(contexts_checked),
		cmocka_unit_test(pds_checked),
		cmocka_unit_test(sizes_checked),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
