/* The memory family's tests' helpers (mem_util.h), built for the newest release. */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_error.h>
#include <doca_log.h>

#include "mem_util.h"

static FILE *sdk_file;
static long sdk_start;

void sdk_log_capture(void)
{
	struct doca_log_backend *backend;

	if (sdk_file)
		return;
	sdk_file = tmpfile();
	assert_non_null(sdk_file);
	assert_int_equal(doca_log_backend_create_with_file_sdk(sdk_file, &backend), DOCA_SUCCESS);
	sdk_start = ftell(sdk_file);
}

char *sdk_log_take(void)
{
	long end;
	char *text;

	sdk_log_capture();
	fflush(sdk_file);
	end = ftell(sdk_file);
	text = calloc(1, (size_t)(end - sdk_start) + 1);
	assert_non_null(text);
	fseek(sdk_file, sdk_start, SEEK_SET);
	assert_int_equal(fread(text, 1, (size_t)(end - sdk_start), sdk_file), (size_t)(end - sdk_start));
	fseek(sdk_file, end, SEEK_SET);
	sdk_start = end;
	return text;
}

static int lines_of(const char *text)
{
	int lines = 0;

	for (; *text; text++)
		lines += *text == '\n';
	return lines;
}

void expect_fail_at(int err, int want, const char *func, const char *file, int line)
{
	char *text = sdk_log_take(), tag[128];

	if (err != want)
		fprintf(stderr, "%s:%d: %s, not %s; logged:\n%s", file, line, doca_error_get_name((doca_error_t)err),
			doca_error_get_name((doca_error_t)want), text);
	_assert_int_equal((uintmax_t)err, (uintmax_t)want, file, line);
	snprintf(tag, sizeof(tag), "[ERR][%s] ", func);
	if (lines_of(text) != 1 || !strstr(text, tag))
		fprintf(stderr, "%s:%d: want one line naming %s, logged:\n%s", file, line, func, text);
	_assert_int_equal((uintmax_t)lines_of(text), 1, file, line);
	_assert_true(strstr(text, tag) != NULL, "the line names the function", file, line);
	free(text);
}

void expect_ok_at(int err, const char *file, int line)
{
	char *text = sdk_log_take();

	if (err || *text)
		fprintf(stderr, "%s:%d: %s; logged:\n%s", file, line, doca_error_get_name((doca_error_t)err), text);
	_assert_int_equal((uintmax_t)err, DOCA_SUCCESS, file, line);
	_assert_string_equal(text, "", file, line);
	free(text);
}

struct doca_dev *sim_dev_open(int index)
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	char want[DOCA_DEVINFO_IBDEV_NAME_SIZE], name[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	uint32_t n;

	snprintf(want, sizeof(want), "mlx5_sim%d", index);
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	for (uint32_t i = 0; i < n && !dev; i++) {
		assert_int_equal(doca_devinfo_get_ibdev_name(list[i], name, sizeof(name)), DOCA_SUCCESS);
		if (!strcmp(name, want))
			assert_int_equal(doca_dev_open(list[i], &dev), DOCA_SUCCESS);
	}
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	if (!dev)
		fail_msg("no device %s (FLEXIO_SIM_DEVICES)", want);
	return dev;
}

void sim_dev_close(struct doca_dev *dev)
{
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}
