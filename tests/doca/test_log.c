/*
 * DOCA logging: program sources and the DOCA_LOG macros, levels and limits of backends and of the
 * process, file / fd / buffer backends, the SDK log (one line per failure), and a 2.2 program's
 * logging through the 2.2 API (log_2_2.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_log.h>

#include "log_2_2.h"
#include "private.h"

DOCA_LOG_REGISTER(TEST_LOG);

/*
 * A backend's output, read from where it was when the test started: backends live as long as the
 * process, so each test opens its own stream (never closed) and reads what reached it.
 */
struct output {
	FILE *file;
	long start;
};

static struct output output_open(void)
{
	struct output out = { .file = tmpfile() };

	assert_non_null(out.file);
	out.start = ftell(out.file);
	return out;
}

/* What reached out since it was opened or last read (the caller frees it). */
static char *output_text(struct output *out)
{
	long end;
	char *text;

	fflush(out->file);
	end = ftell(out->file);
	text = calloc(1, (size_t)(end - out->start) + 1);
	assert_non_null(text);
	fseek(out->file, out->start, SEEK_SET);
	assert_int_equal(fread(text, 1, (size_t)(end - out->start), out->file), (size_t)(end - out->start));
	fseek(out->file, end, SEEK_SET);
	out->start = end;
	return text;
}

static int count_lines(const char *text)
{
	int lines = 0;

	for (; *text; text++)
		lines += *text == '\n';
	return lines;
}

static int restore_levels(void **state)
{
	(void)state;
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_CRIT), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	return 0;
}

static void a_program_message_names_file_line_and_function(void **state)
{
	struct output out = output_open();
	struct doca_log_backend *backend;
	char *text, want[256];
	int line;

	(void)state;
	assert_int_equal(doca_log_backend_create_with_file(out.file, &backend), DOCA_SUCCESS);
	line = __LINE__ + 1;
	DOCA_LOG_INFO("hello %d", 7);
	text = output_text(&out);
	snprintf(want, sizeof(want), "][%d][DOCA][INF][test_log.c:%d][%s] hello 7\n", (int)getpid(), line, __func__);
	assert_non_null(strstr(text, want));
	/* "[HH:MM:SS:microseconds]" first */
	assert_int_equal(text[0], '[');
	assert_int_equal(text[3], ':');
	assert_int_equal(text[9], ':');
	assert_int_equal(count_lines(text), 1);
	free(text);
}

static void levels_filter_messages(void **state)
{
	struct output out = output_open();
	struct doca_log_backend *backend;
	char *text;

	(void)state;
	assert_int_equal(doca_log_backend_create_with_file(out.file, &backend), DOCA_SUCCESS);
	DOCA_LOG_DBG("hidden by default");
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_DEBUG), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DEBUG);
	DOCA_LOG_DBG("shown at debug");
	/* The upper limit: the most severe level printed. */
	assert_int_equal(doca_log_backend_set_level_upper_limit(backend, DOCA_LOG_LEVEL_ERROR), DOCA_SUCCESS);
	DOCA_LOG_CRIT("too severe for this backend");
	DOCA_LOG_ERR("severe enough");
	text = output_text(&out);
	assert_null(strstr(text, "hidden by default"));
	assert_non_null(strstr(text, "[DBG]"));
	assert_non_null(strstr(text, "shown at debug"));
	assert_null(strstr(text, "too severe"));
	assert_non_null(strstr(text, "[ERR]"));
	assert_int_equal(count_lines(text), 2);
	free(text);
}

static void a_failure_is_one_sdk_line_naming_the_function(void **state)
{
	struct output sdk = output_open(), program = output_open();
	struct doca_log_backend *sdk_backend, *program_backend;
	char *sdk_text, *program_text;

	(void)state;
	assert_int_equal(doca_log_backend_create_with_file_sdk(sdk.file, &sdk_backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_create_with_file(program.file, &program_backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(NULL, DOCA_LOG_LEVEL_INFO), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(opendoca_last_error(), DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(opendoca_last_error_message(), "the backend is NULL");
	sdk_text = output_text(&sdk);
	program_text = output_text(&program);
	assert_int_equal(count_lines(sdk_text), 1);
	assert_non_null(strstr(sdk_text, "[DOCA][ERR][doca_log_backend_set_level_lower_limit] the backend is NULL\n"));
	assert_string_equal(program_text, "");
	free(sdk_text);
	free(program_text);
	/* The SDK level of the backend and of the process filter SDK messages too. */
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_CRIT), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_CRIT);
	assert_int_equal(doca_log_backend_set_level_lower_limit(NULL, DOCA_LOG_LEVEL_INFO), DOCA_ERROR_INVALID_VALUE);
	sdk_text = output_text(&sdk);
	assert_string_equal(sdk_text, "");
	free(sdk_text);
	/* An SDK level is an SDK backend's only. */
	assert_int_equal(doca_log_backend_set_sdk_level(program_backend, DOCA_LOG_LEVEL_ERROR),
			 DOCA_ERROR_INVALID_VALUE);
}

static void strict_limits_stay(void **state)
{
	struct output out = output_open();
	struct doca_log_backend *backend;
	char *text;

	(void)state;
	assert_int_equal(doca_log_backend_create_with_file(out.file, &backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(backend, DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit_strict(backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(backend, DOCA_LOG_LEVEL_DEBUG),
			 DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(doca_log_backend_set_level_upper_limit_strict(backend), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_upper_limit(backend, DOCA_LOG_LEVEL_ERROR),
			 DOCA_ERROR_NOT_PERMITTED);
	/* A process-wide limit leaves a strict backend's alone. */
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_DEBUG), DOCA_SUCCESS);
	DOCA_LOG_INFO("below the strict limit");
	DOCA_LOG_WARN("at the strict limit");
	text = output_text(&out);
	assert_null(strstr(text, "below the strict limit"));
	assert_non_null(strstr(text, "at the strict limit"));
	free(text);
}

static void bad_arguments_are_refused(void **state)
{
	struct doca_log_backend *backend;
	char buffer[64];
	int source;

	(void)state;
	assert_int_equal(doca_log_backend_create_with_file(NULL, &backend), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_file(stderr, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_fd(-1, &backend), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_buf(buffer, 0, NULL, &backend), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_syslog(NULL, &backend), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_lower_limit(35), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_register_source(NULL, &source), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_register_source("X", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log(DOCA_LOG_LEVEL_INFO, 9999, __FILE__, __LINE__, __func__, "x"),
			 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log(DOCA_LOG_LEVEL_DISABLE, log_source, __FILE__, __LINE__, __func__, "x"),
			 DOCA_ERROR_INVALID_VALUE);
	/* An unregistered source logs no more. */
	assert_int_equal(doca_log_register_source("GONE", &source), DOCA_SUCCESS);
	assert_int_equal(doca_log_unregister_source(source), DOCA_SUCCESS);
	assert_int_equal(doca_log_unregister_source(source), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log(DOCA_LOG_LEVEL_INFO, source, __FILE__, __LINE__, __func__, "x"),
			 DOCA_ERROR_INVALID_VALUE);
}

static char flushed[8][256];
static int flush_count;

static void collect(char *line)
{
	snprintf(flushed[flush_count++ % 8], sizeof(flushed[0]), "%s", line);
}

static void buffer_and_fd_backends_get_each_line(void **state)
{
	struct doca_log_backend *buffer_backend, *fd_backend;
	static char buffer[256];
	char piped[512] = { 0 };
	int fds[2];

	(void)state;
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(doca_log_backend_create_with_buf(buffer, sizeof(buffer), collect, &buffer_backend),
			 DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_create_with_fd(fds[1], &fd_backend), DOCA_SUCCESS);
	flush_count = 0;
	DOCA_LOG_WARN("through buffer and pipe");
	assert_int_equal(flush_count, 1);
	assert_non_null(strstr(flushed[0], "[WRN]"));
	assert_non_null(strstr(flushed[0], "through buffer and pipe\n"));
	assert_true(read(fds[0], piped, sizeof(piped) - 1) > 0);
	assert_string_equal(piped, flushed[0]);
	/* The pipe stays the backend's for the rest of the process: its ends are not closed. */
}

static void a_2_2_program_logs_through_its_api(void **state)
{
	struct output out = output_open();
	char *text, want[128];

	(void)state;
	assert_int_equal(log_2_2_file_backend(out.file), DOCA_SUCCESS);
	log_2_2_info("from 2.2");
	log_2_2_burst(10, 3);
	text = output_text(&out);
	/* 2.2's doca_log has no file or function: the line names the source. */
	snprintf(want, sizeof(want), "][%d][DOCA][INF][OLD_RELEASE:%d]: from 2.2\n", (int)getpid(), log_2_2_line);
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, "burst 2\n"));
	assert_null(strstr(text, "burst 3\n"));
	assert_int_equal(count_lines(text), 4);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(a_program_message_names_file_line_and_function, restore_levels),
		cmocka_unit_test_teardown(levels_filter_messages, restore_levels),
		cmocka_unit_test_teardown(a_failure_is_one_sdk_line_naming_the_function, restore_levels),
		cmocka_unit_test_teardown(strict_limits_stay, restore_levels),
		cmocka_unit_test_teardown(bad_arguments_are_refused, restore_levels),
		cmocka_unit_test_teardown(buffer_and_fd_backends_get_each_line, restore_levels),
		cmocka_unit_test_teardown(a_2_2_program_logs_through_its_api, restore_levels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
