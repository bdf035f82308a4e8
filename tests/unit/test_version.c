/* flexio_version_set / flexio_version_get, the manual's semantics (one process: the state is global). */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"

static void expect_one_error_line(flexio_status (*call)(uint64_t), uint64_t version, const char *reason)
{
	struct stderr_capture c;
	const char *text;

	capture_begin(&c);
	assert_int_equal(call(version), FLEXIO_STATUS_FAILED);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, "flexio ERR flexio_version_set: "));
	assert_non_null(strstr(text, reason));
}

static void newer_than_current_fails(void **state)
{
	(void)state;
	expect_one_error_line(flexio_version_set, FLEXIO_VER(26, 5, 0), "newer than FLEXIO_CURRENT_VERSION");
	expect_one_error_line(flexio_version_set, FLEXIO_VER(27, 0, 0), "newer");
}

static void older_than_last_supported_fails(void **state)
{
	(void)state;
	expect_one_error_line(flexio_version_set, FLEXIO_VER(22, 10, 0), "older than FLEXIO_LAST_SUPPORTED_VERSION");
	expect_one_error_line(flexio_version_set, 0, "older");
}

/* The version is set once per process: each one is tried in a child of its own. */
static void every_served_release_is_accepted(void **state)
{
	static const uint64_t served[] = {
		FLEXIO_LAST_SUPPORTED_VERSION, FLEXIO_OLDER_EDITION_VERSION,
		FLEXIO_VER(23, 10, 0),         FLEXIO_VER(24, 1, 0),
		FLEXIO_VER(24, 4, 0),          FLEXIO_VER(24, 7, 0),
		FLEXIO_VER(24, 10, 0),         FLEXIO_VER(25, 1, 0),
		FLEXIO_VER(25, 7, 0),          FLEXIO_VER(25, 10, 0),
		FLEXIO_VER(26, 1, 0),          FLEXIO_VER(26, 4, 0),
		FLEXIO_CURRENT_VERSION,        FLEXIO_VER_LATEST,
	};
	size_t i;

	(void)state;
	assert_int_equal(FLEXIO_CURRENT_VERSION, FLEXIO_VER(26, 4, 0));
	for (i = 0; i < sizeof(served) / sizeof(served[0]); i++) {
		pid_t child = fork();
		int status = -1;

		assert_true(child >= 0);
		if (child == 0)
			_exit(flexio_version_set(served[i]) == FLEXIO_STATUS_SUCCESS ? 0 : 1);
		assert_int_equal(waitpid(child, &status, 0), child);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
}

static void failures_leave_the_version_unset(void **state)
{
	uint64_t set = 1;

	(void)state;
	assert_int_equal(flexio_version_get(&set), FLEXIO_CURRENT_VERSION);
	assert_int_equal(set, 0);
}

static void first_set_succeeds_and_repeats_are_fine(void **state)
{
	uint64_t set = 0;

	(void)state;
	assert_int_equal(flexio_version_set(FLEXIO_VER(24, 7, 0)), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_version_set(FLEXIO_VER(24, 7, 0)), FLEXIO_STATUS_SUCCESS);
	flexio_version_get(&set);
	assert_int_equal(set, FLEXIO_VER(24, 7, 0));
}

static void a_different_version_fails(void **state)
{
	(void)state;
	expect_one_error_line(flexio_version_set, FLEXIO_CURRENT_VERSION, "already set to 24.7.0");
	expect_one_error_line(flexio_version_set, FLEXIO_LAST_SUPPORTED_VERSION, "already set");
}

static void get_accepts_null(void **state)
{
	(void)state;
	assert_int_equal(flexio_version_get(NULL), FLEXIO_CURRENT_VERSION);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(newer_than_current_fails),
		cmocka_unit_test(older_than_last_supported_fails),
		cmocka_unit_test(every_served_release_is_accepted),
		cmocka_unit_test(failures_leave_the_version_unset),
		cmocka_unit_test(first_set_succeeds_and_repeats_are_fine),
		cmocka_unit_test(a_different_version_fails),
		cmocka_unit_test(get_accepts_null),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
