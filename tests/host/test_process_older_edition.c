/* The older edition's printing and error calls: flexio_print_*, flexio_err_status, flexio_err_display. */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include <libflexio/flexio.h>

#include "host_test.h"

extern flexio_func_t print_numbered, load_from;
extern struct flexio_app *process_test;

static int open_simulated_device(void **state)
{
	(void)state;
	return sim_device_open();
}

static int close_simulated_device(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static void print_async_flush_destroy(void **state)
{
	flexio_process *p = NULL;
	FILE *out = tmpfile();
	uint64_t ret;

	(void)state;
	assert_int_equal(flexio_process_create(ctx, process_test, NULL, &p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_print_init(p, NULL, 4096, out, 1, NULL), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_print_init(p, NULL, 4096, out, 1, NULL), FLEXIO_STATUS_FAILED); /* once */
	assert_int_equal(flexio_process_call(p, &print_numbered, &ret, 3u), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(file_text(out), "");
	assert_int_equal(flexio_print_flush(p), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(file_text(out), "message 0\nmessage 1\nmessage 2\n");
	assert_int_equal(flexio_print_destroy(p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_print_flush(p), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_print_destroy(p), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_print_init(p, NULL, 1000, out, 0, NULL), FLEXIO_STATUS_FAILED); /* not 2^n */
	assert_int_equal(flexio_print_init(NULL, NULL, 4096, out, 0, NULL), FLEXIO_STATUS_FAILED);
	flexio_process_destroy(p);
	fclose(out);
}

static void err_status_until_displayed(void **state)
{
	flexio_process *p = NULL;
	struct stderr_capture c;
	const char *text;
	uint64_t ret;

	(void)state;
	assert_int_equal(flexio_process_create(ctx, process_test, NULL, &p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_err_status(p), 0);
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &load_from, &ret, 0ull), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	assert_int_equal(flexio_err_status(p), 0x10);
	capture_begin(&c);
	flexio_err_display(p);
	text = capture_end(&c);
	assert_non_null(strstr(text, "fault: "));
	assert_non_null(strstr(text, "x10 a0"));
	assert_int_equal(flexio_err_status(p), 0); /* reset by flexio_err_display */
	flexio_process_destroy(p);
	capture_begin(&c);
	flexio_err_display(p); /* destroyed: one line, no crash */
	assert_int_equal(flexio_err_status(p), 0);
	text = capture_end(&c);
	assert_non_null(strstr(text, "flexio ERR flexio_err_display: "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(print_async_flush_destroy),
		cmocka_unit_test(err_status_until_displayed),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
