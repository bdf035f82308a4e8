/*
 * The headers give DOCA programs what NVIDIA's do beyond declarations (sample_headers.c, one unit
 * per release): a program that compiles against NVIDIA's headers compiles against these.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#include "sample_headers.h"

static void dma_header_gives_inttypes(void **state)
{
	int (*const units[])(char *, size_t) = { sample_headers_2_2, sample_headers_2_9, sample_headers_default };
	char out[64];

	(void)state;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		assert_int_equal(units[i](out, sizeof(out)), (int)strlen("1099511627776 deadbeef"));
		assert_string_equal(out, "1099511627776 deadbeef");
	}
}

static void clock_header_gives_the_device_header(void **state)
{
	(void)state;
	assert_int_equal(sample_headers_clock(), 13 + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dma_header_gives_inttypes),
		cmocka_unit_test(clock_header_gives_the_device_header),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
