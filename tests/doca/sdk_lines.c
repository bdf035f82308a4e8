/* The SDK lines of a test (sdk_lines.h): a file backend read from where the last check stopped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_log.h>

#include "sdk_lines.h"

static FILE *sink;
static long seen;

void sdk_lines_open(void)
{
	struct doca_log_backend *backend;

	sink = tmpfile();
	assert_non_null(sink);
	assert_int_equal(doca_log_backend_create_with_file_sdk(sink, &backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(backend, DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	seen = ftell(sink);
}

void sdk_lines_expect(const char *func, int count)
{
	char line[1024], tag[160];
	int lines = 0;

	snprintf(tag, sizeof(tag), "[%s]", func);
	fflush(sink);
	fseek(sink, seen, SEEK_SET);
	while (fgets(line, sizeof(line), sink)) {
		if (!strstr(line, tag))
			fail_msg("expected a line of %s, got: %s", func, line);
		lines++;
	}
	seen = ftell(sink);
	if (lines != count)
		fail_msg("%s logged %d lines, not %d", func, lines, count);
}
