/*
 * The device side of a FlexIO 26.1 program: command-queue tasks filling a table in the DPA
 * heap, RPCs that set it up and check it, messages at two levels, a user error.
 */
#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(26, 1, 0)

#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

uint64_t v26_set_table(uint64_t daddr);
flexio_dev_async_rpc_handler_t v26_cube_task;
uint64_t v26_check_table(uint64_t count);
uint64_t v26_fail(uint64_t code);

static volatile uint64_t *table;

__dpa_rpc__ uint64_t v26_set_table(uint64_t daddr)
{
	table = (volatile uint64_t *)daddr;
	flexio_dev_msg_dbg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, "v26: table at 0x%lx\n", daddr);
	return 0;
}

/* A command-queue task: one entry of the table. */
__dpa_global__ void v26_cube_task(uint64_t index)
{
	table[index] = index * index * index;
}

/* How many of the first count entries are right; says so. */
__dpa_rpc__ uint64_t v26_check_table(uint64_t count)
{
	uint64_t right = 0;

	for (uint64_t i = 0; i < count; i++)
		right += table[i] == i * i * i;
	flexio_dev_print("v26: %lu of %lu cubes right\n", right, count);
	return right;
}

__dpa_rpc__ uint64_t v26_fail(uint64_t code)
{
	flexio_dev_msg_err(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, "v26: giving up with error %lu\n", code);
	flexio_dev_error((uint8_t)code);
}
