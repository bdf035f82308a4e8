/* The host logger: levels, FLEXIO_LOG_LEVEL, one line per event naming the function. */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "../../core/host/log.h"
#include "capture.h"

/* ctest runs this program with FLEXIO_LOG_LEVEL set to the level named by argv[1]. */
static enum flexio_log_lvl level_from_environment;

static void environment_sets_the_starting_level(void **state)
{
	enum flexio_log_lvl start;

	(void)state;
	start = flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	assert_int_equal(start, level_from_environment);
	flexio_log_lvl_set(start);
}

static void set_returns_the_previous_level(void **state)
{
	enum flexio_log_lvl start = flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);

	(void)state;
	assert_int_equal(flexio_log_lvl_set(FLEXIO_LOG_LVL_INFO), FLEXIO_LOG_LVL_DBG);
	assert_int_equal(flexio_log_lvl_set(start), FLEXIO_LOG_LVL_INFO);
}

static void invalid_level_is_rejected_with_one_line(void **state)
{
	struct stderr_capture c;
	const char *text;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR);
	capture_begin(&c);
	assert_int_equal(flexio_log_lvl_set((enum flexio_log_lvl)7), FLEXIO_LOG_LVL_ERR);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, "flexio ERR flexio_log_lvl_set: level 7"));
	assert_int_equal(flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR), FLEXIO_LOG_LVL_ERR);
}

static void only_entries_at_or_above_the_level_print(void **state)
{
	struct stderr_capture c;
	const char *text;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, "fn_err", "e %d", 1);
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "fn_warn", "w");
	flexio_log_at(FLEXIO_LOG_LVL_INFO, "fn_info", "i");
	flexio_log_at(FLEXIO_LOG_LVL_DBG, "fn_dbg", "d");
	text = capture_end(&c);
	assert_string_equal(text, "flexio ERR fn_err: e 1\nflexio WARN fn_warn: w\n");

	flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_DBG, "fn_dbg", "d");
	text = capture_end(&c);
	assert_string_equal(text, "flexio DBG fn_dbg: d\n");
}

static void long_messages_stay_one_line(void **state)
{
	struct stderr_capture c;
	char big[3000];
	const char *text;

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, "fn", "%s", big);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_true(text[strlen(text) - 1] == '\n');
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(environment_sets_the_starting_level),
		cmocka_unit_test(set_returns_the_previous_level),
		cmocka_unit_test(invalid_level_is_rejected_with_one_line),
		cmocka_unit_test(only_entries_at_or_above_the_level_print),
		cmocka_unit_test(long_messages_stay_one_line),
	};
	level_from_environment = argc > 1 ? (enum flexio_log_lvl)atoi(argv[1]) : FLEXIO_LOG_LVL_WARN;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
