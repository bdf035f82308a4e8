/* Structs passed by value to an RPC through flexio_process_call reach the device member by
 * member, in the DPA's layout (dpacc packs them). */
#include <libflexio/flexio.h>

#include <stdio.h>
#include <string.h>

#include "../host/host_test.h"
#include "device/records.h"

extern flexio_func_t records_mixed_sum;

static int setup(void **state)
{
	(void)state;
	return flexio_version_set(FLEXIO_VER_USED) || sim_device_open() ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static void test_mixed(void **state)
{
	struct records_mixed m;
	records_small_t small = { .scale = 1.5f, .offset = -7 };
	struct records_inner in = { .half = 500, .tag = { 1, 2, 3 } };
	flexio_msg_stream_attr_t attr = { .data_bsize = 4096,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	struct flexio_msg_stream *stream = NULL;
	flexio_process *process = NULL;
	flexio_app *app = NULL;
	uint64_t result = 0;
	FILE *out = tmpfile();
	char *text;

	(void)state;
	/* Garbage in the padding: only the members may matter. */
	memset(&m, 0xA5, sizeof(m));
	m.a = 200;
	m.b = 0x1122334455667788ull;
	m.arr[0] = 1, m.arr[1] = 2, m.arr[2] = 4000000000u;
	m.in = (struct records_inner){ .half = 65535, .tag = { 9, 8, 7 } };
	m.s = -5;
	m.d = 2.25;
	m.pair[0] = (struct records_inner){ .half = 11 };
	m.pair[1] = (struct records_inner){ .tag = { 0, 0, 33 } };
	m.u.word = 0xdeadbeef;
	m.flag = 1;
	m.level = 99;
	m.where = (void *)0x1000;

	assert_non_null(out);
	assert_int_equal(
		flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "dpacc_records", .ibv_ctx = ctx }, &app),
		FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_msg_stream_create(process, &attr, out, NULL, &stream), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(
		flexio_process_call(process, &records_mixed_sum, &result, (uint8_t)17, m, small, 0.375, in, 2.75f),
		FLEXIO_STATUS_SUCCESS);
	assert_int_equal(result,
			 17 + 200 + 0x1122334455667788ull + 1 + 2 + 4000000000ull + 65535 - 5 + 1 + 99 - 7 + 500);
	assert_int_equal(flexio_msg_stream_destroy(stream), FLEXIO_STATUS_SUCCESS);
	text = file_text(out);
	assert_string_equal(text, "17|200 1234605616436508552 1,2,4000000000 65535 9.8.7 -5 9|11 33|deadbeef 1 99 "
				  "0x1000|3 -7|3|500 2|11\n");
	fclose(out);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mixed),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
