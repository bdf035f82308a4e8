/*
 * A 25.1 program's message stream, as NVIDIA's 25.1 samples set it up: FLEXIO_VER(25, 1, 0)
 * serves struct flexio_msg_stream_attr with transport_mode and the FLEXIO_MSG_DEV_SYNC_MODE_*
 * names, and the library, told 25.1 by flexio_version_set, reads transport_mode: an unknown
 * transport is refused, the UD one accepted. Before, both came at 25.7 and this did not compile.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(25, 1, 0)
#include <libflexio/flexio.h>

#include "host_test.h"

extern struct flexio_app *process_test; /* from the dpacc archive */

static flexio_process *p;

static int setup(void **state)
{
	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() || !process_test)
		return -1;
	return flexio_process_create(ctx, process_test, NULL, &p);
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(p));
	sim_device_close();
	return 0;
}

static void transport_mode_read_in_25(void **state)
{
	struct flexio_msg_stream_attr attr = { .data_bsize = 4096,
					       .sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
					       .level = FLEXIO_MSG_DEV_INFO,
					       .transport_mode = (enum flexio_msg_transport)7 };
	flexio_msg_stream *stream = NULL;

	(void)state;
	_Static_assert(sizeof(struct flexio_msg_stream_attr) == 64, "25.1's stream attributes end with transport_mode");
	EXPECT_FAILURE_LOGGED(flexio_msg_stream_create(p, &attr, stdout, NULL, &stream), "flexio_msg_stream_create");
	assert_null(stream);
	attr.transport_mode = FLEXIO_MSG_TRANSPORT_QP_UD;
	MUST(flexio_msg_stream_create(p, &attr, stdout, NULL, &stream));
	MUST(flexio_msg_stream_destroy(stream));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(transport_mode_read_in_25),
	};

	return cmocka_run_group_tests_name("stream_25", tests, setup, teardown);
}
