/* The device tests' SDK log and configuration (dev_util.h). */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_log.h>

#include "dev_util.h"

static FILE *sdk_file;
static long sdk_start;

void sdk_begin(void)
{
	if (!sdk_file) {
		struct doca_log_backend *backend;

		sdk_file = tmpfile();
		assert_non_null(sdk_file);
		assert_int_equal(doca_log_backend_create_with_file_sdk(sdk_file, &backend), DOCA_SUCCESS);
		/* Every line of the library: its DEBUG ones too. */
		assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_DEBUG), DOCA_SUCCESS);
	}
	fflush(sdk_file);
	fseek(sdk_file, 0, SEEK_END);
	sdk_start = ftell(sdk_file);
}

/* What reached the SDK log since sdk_begin (the caller frees it). */
static char *sdk_text(void)
{
	long end;
	char *text;

	fflush(sdk_file);
	fseek(sdk_file, 0, SEEK_END);
	end = ftell(sdk_file);
	text = calloc(1, (size_t)(end - sdk_start) + 1);
	assert_non_null(text);
	fseek(sdk_file, sdk_start, SEEK_SET);
	assert_int_equal(fread(text, 1, (size_t)(end - sdk_start), sdk_file), (size_t)(end - sdk_start));
	return text;
}

void sdk_one_line(const char *func)
{
	char *text = sdk_text();
	char name[128];
	int lines = 0;

	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	snprintf(name, sizeof(name), "[%s]", func);
	if (lines != 1 || !strstr(text, name))
		fail_msg("expected one line naming %s, got:\n%s", func, text);
	free(text);
}

void sdk_silent(void)
{
	char *text = sdk_text();

	if (*text)
		fail_msg("expected no SDK line, got:\n%s", text);
	free(text);
}

void sim_devices(const char *devices, const char *config)
{
	if (devices)
		setenv("FLEXIO_SIM_DEVICES", devices, 1);
	else
		unsetenv("FLEXIO_SIM_DEVICES");
	if (config)
		setenv("FLEXIO_SIM_DEVICE_CONFIG", config, 1);
	else
		unsetenv("FLEXIO_SIM_DEVICE_CONFIG");
}

int sim_reset(void **state)
{
	(void)state;
	sim_devices(NULL, NULL);
	return 0;
}
