/*
 * The version a program sees: doca_version() (compile time, the release it selected: the newest of
 * its line) and doca_version_runtime() (the libraries: the newest release they serve).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_version.h>

#include "version_of.h"

static void each_release_compiles_its_version(void **state)
{
	static const struct {
		int (*of)(const char **compiled);
		const char *want;
	} releases[] = {
		{ version_of_1_4, "1.4.0" },     { version_of_2_2, "2.2.0080" },  { version_of_2_5, "2.5.0108" },
		{ version_of_2_6, "2.6.0058" },  { version_of_2_9, "2.10.0087" }, { version_of_3_0, "3.0.0058" },
		{ version_of_default, "3.3.0" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(releases) / sizeof(releases[0]); i++) {
		const char *compiled = NULL;

		assert_true(releases[i].of(&compiled));
		assert_string_equal(compiled, releases[i].want);
	}
}

static void runtime_is_the_newest_release_served(void **state)
{
	(void)state;
	assert_string_equal(doca_version_runtime(), "3.3.0");
	assert_string_equal(doca_version_runtime(), doca_version());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_release_compiles_its_version),
		cmocka_unit_test(runtime_is_the_newest_release_served),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
