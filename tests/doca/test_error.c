/*
 * doca_error_get_name / doca_error_get_descr of every code, and 2.2's doca_get_error_name /
 * doca_get_error_string (error_2_2.c calls them through the 2.2 headers): the strings programs
 * print, and "unrecognized error code" for a code no release has.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <doca_error.h>

#include "error_2_2.h"

static const struct {
	doca_error_t code;
	const char *name;
	const char *descr;
} codes[] = {
	{ DOCA_SUCCESS, "DOCA_SUCCESS", "Success" },
	{ DOCA_ERROR_UNKNOWN, "DOCA_ERROR_UNKNOWN", "Unknown error" },
	{ DOCA_ERROR_NOT_PERMITTED, "DOCA_ERROR_NOT_PERMITTED", "Operation not permitted" },
	{ DOCA_ERROR_IN_USE, "DOCA_ERROR_IN_USE", "Resource already in use" },
	{ DOCA_ERROR_NOT_SUPPORTED, "DOCA_ERROR_NOT_SUPPORTED", "Operation not supported" },
	{ DOCA_ERROR_AGAIN, "DOCA_ERROR_AGAIN", "Resource temporarily unavailable, try again" },
	{ DOCA_ERROR_INVALID_VALUE, "DOCA_ERROR_INVALID_VALUE", "Invalid input" },
	{ DOCA_ERROR_NO_MEMORY, "DOCA_ERROR_NO_MEMORY", "Memory allocation failure" },
	{ DOCA_ERROR_INITIALIZATION, "DOCA_ERROR_INITIALIZATION", "Resource initialization failure" },
	{ DOCA_ERROR_TIME_OUT, "DOCA_ERROR_TIME_OUT", "Timer expired waiting for resource" },
	{ DOCA_ERROR_SHUTDOWN, "DOCA_ERROR_SHUTDOWN", "Shut down in process or completed" },
	{ DOCA_ERROR_CONNECTION_RESET, "DOCA_ERROR_CONNECTION_RESET", "Connection reset by peer" },
	{ DOCA_ERROR_CONNECTION_ABORTED, "DOCA_ERROR_CONNECTION_ABORTED", "Connection aborted" },
	{ DOCA_ERROR_CONNECTION_INPROGRESS, "DOCA_ERROR_CONNECTION_INPROGRESS", "Connection in progress" },
	{ DOCA_ERROR_NOT_CONNECTED, "DOCA_ERROR_NOT_CONNECTED", "Not Connected" },
	{ DOCA_ERROR_NO_LOCK, "DOCA_ERROR_NO_LOCK", "Unable to acquire required lock" },
	{ DOCA_ERROR_NOT_FOUND, "DOCA_ERROR_NOT_FOUND", "Resource Not Found" },
	{ DOCA_ERROR_IO_FAILED, "DOCA_ERROR_IO_FAILED", "Input/Output Operation Failed" },
	{ DOCA_ERROR_BAD_STATE, "DOCA_ERROR_BAD_STATE", "Bad State" },
	{ DOCA_ERROR_UNSUPPORTED_VERSION, "DOCA_ERROR_UNSUPPORTED_VERSION", "Unsupported version" },
	{ DOCA_ERROR_OPERATING_SYSTEM, "DOCA_ERROR_OPERATING_SYSTEM", "Operating system call failure" },
	{ DOCA_ERROR_DRIVER, "DOCA_ERROR_DRIVER", "DOCA Driver call failure" },
	{ DOCA_ERROR_UNEXPECTED, "DOCA_ERROR_UNEXPECTED", "An unexpected scenario was detected" },
	{ DOCA_ERROR_ALREADY_EXIST, "DOCA_ERROR_ALREADY_EXIST", "Resource already exist" },
	{ DOCA_ERROR_FULL, "DOCA_ERROR_FULL", "No more space in resource" },
	{ DOCA_ERROR_EMPTY, "DOCA_ERROR_EMPTY", "No entry is available in resource" },
	{ DOCA_ERROR_IN_PROGRESS, "DOCA_ERROR_IN_PROGRESS", "Operation is in progress" },
	{ DOCA_ERROR_TOO_BIG, "DOCA_ERROR_TOO_BIG", "Requested operation too big to be contained" },
	{ DOCA_ERROR_AUTHENTICATION, "DOCA_ERROR_AUTHENTICATION", "Authentication failure" },
	{ DOCA_ERROR_BAD_CONFIG, "DOCA_ERROR_BAD_CONFIG", "Configuration is not valid" },
	{ DOCA_ERROR_SKIPPED, "DOCA_ERROR_SKIPPED", "Result is valid, but some previous output data was dropped" },
};

static void every_code_has_its_name_and_description(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		assert_string_equal(doca_error_get_name(codes[i].code), codes[i].name);
		assert_string_equal(doca_error_get_descr(codes[i].code), codes[i].descr);
	}
}

static void unknown_codes_are_unrecognized(void **state)
{
	(void)state;
	/* The first code after the newest release's last, a far one, and a negative one. */
	const int unknown[] = { DOCA_ERROR_SKIPPED + 1, 1000, -1 };

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		assert_string_equal(doca_error_get_name((doca_error_t)unknown[i]), "unrecognized error code");
		assert_string_equal(doca_error_get_descr((doca_error_t)unknown[i]), "unrecognized error code");
	}
}

static void release_2_2_spellings_say_the_same(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		assert_string_equal(name_2_2(codes[i].code), codes[i].name);
		assert_string_equal(string_2_2(codes[i].code), codes[i].descr);
	}
	assert_string_equal(string_2_2(-1), "unrecognized error code");
}

static void propagate_keeps_the_first_error(void **state)
{
	doca_error_t result = DOCA_SUCCESS;

	(void)state;
	DOCA_ERROR_PROPAGATE(result, DOCA_SUCCESS);
	assert_int_equal(result, DOCA_SUCCESS);
	DOCA_ERROR_PROPAGATE(result, DOCA_ERROR_AGAIN);
	DOCA_ERROR_PROPAGATE(result, DOCA_ERROR_NO_MEMORY);
	assert_int_equal(result, DOCA_ERROR_AGAIN);
	assert_true(DOCA_IS_ERROR(result));
	assert_false(DOCA_IS_ERROR(DOCA_SUCCESS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_code_has_its_name_and_description),
		cmocka_unit_test(unknown_codes_are_unrecognized),
		cmocka_unit_test(release_2_2_spellings_say_the_same),
		cmocka_unit_test(propagate_keeps_the_first_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
