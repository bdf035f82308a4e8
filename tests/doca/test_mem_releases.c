/* The memory family's older forms (mem_releases.h), one unit per release. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem_releases.h"
#include "mem_util.h"

static int capture(void **state)
{
	(void)state;
	sdk_log_capture();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mmap_1_4_takes_devices_and_chunks_after_start),
		cmocka_unit_test(mmap_1_4_properties),
		cmocka_unit_test(mmap_1_4_exports_once),
		cmocka_unit_test(buffers_1_4),
		cmocka_unit_test(mmap_2_2),
		cmocka_unit_test(buffers_and_lists_2_2),
		cmocka_unit_test(bufpool_2_2),
		cmocka_unit_test(buf_arr_2_2),
		cmocka_unit_test(buf_arr_2_7),
	};

	return cmocka_run_group_tests(tests, capture, NULL);
}
