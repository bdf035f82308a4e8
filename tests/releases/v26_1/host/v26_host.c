/*
 * A FlexIO 26.1 host program: flexio_version_set(FLEXIO_VER(26, 1, 0)), a message stream set up
 * with 26.x's struct flexio_msg_stream_attr (transport_mode FLEXIO_MSG_TRANSPORT_QP_RC,
 * FLEXIO_MSG_DEV_SYNC_MODE_SYNC), a named process, command-queue tasks filling a DPA heap
 * table, RPCs, a refused stream attribute and a device error.
 *
 * Usage: v26_1 [DEVICE]   (default mlx5_sim0)
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(26, 1, 0)

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

extern flexio_func_t v26_set_table, v26_cube_task, v26_check_table, v26_fail;

#define COUNT 64
#define USER_ERROR 200

#define CHECK(cond, ...)                                               \
	do {                                                           \
		if (!(cond)) {                                         \
			fprintf(stderr, "v26_1 FAILED: " __VA_ARGS__); \
			fputc('\n', stderr);                           \
			goto out;                                      \
		}                                                      \
	} while (0)

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct flexio_app_select_attr select = { .app_name = STRINGIFY(DEV_APP_NAME),
						 .hw_model_id = FLEXIO_HW_MODEL_DEF };
	struct flexio_process_attr process_attr = { .name = "v26-tables" };
	struct flexio_msg_stream_attr stream_attr = {
		.data_bsize = 8192,
		.sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
		.level = FLEXIO_MSG_DEV_DEBUG,
		.transport_mode = FLEXIO_MSG_TRANSPORT_QP_RC,
	};
	struct flexio_cmdq_attr cmdq_attr = { .workers = 4, .batch_size = 8, .state = FLEXIO_CMDQ_STATE_PENDING };
	struct flexio_msg_stream *stream = NULL;
	struct flexio_process *process = NULL;
	struct flexio_cmdq *cmdq = NULL;
	struct ibv_context *ctx = NULL;
	struct ibv_device **list;
	struct flexio_app *app;
	flexio_uintptr_t daddr = 0;
	uint64_t result = 0;
	int ok = 0, n = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (flexio_version_set(FLEXIO_VER(26, 1, 0)) != FLEXIO_STATUS_SUCCESS)
		return 1;
	list = ibv_get_device_list(&n);
	for (int i = 0; list && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(list[i]), dev_name))
			ctx = ibv_open_device(list[i]);
	CHECK(ctx, "cannot open %s", dev_name);
	select.ibv_ctx = ctx;
	CHECK(flexio_app_get(&select, &app) == FLEXIO_STATUS_SUCCESS, "flexio_app_get(%s)", select.app_name);
	CHECK(flexio_process_create(ctx, app, &process_attr, &process) == FLEXIO_STATUS_SUCCESS,
	      "flexio_process_create");

	/* 26.x reads transport_mode: a value no transport has is refused, QP RC accepted. */
	stream_attr.transport_mode = (enum flexio_msg_transport)7;
	CHECK(flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) != FLEXIO_STATUS_SUCCESS,
	      "a stream with transport_mode 7 was created");
	stream_attr.transport_mode = FLEXIO_MSG_TRANSPORT_QP_RC;
	CHECK(flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) == FLEXIO_STATUS_SUCCESS,
	      "flexio_msg_stream_create");
	printf("v26_1: process %s, stream %d over QP RC\n", process_attr.name, flexio_msg_stream_get_id(stream));

	/* The DPA heap, filled by command-queue tasks on DPA worker threads. */
	CHECK(flexio_buf_dev_alloc(process, COUNT * sizeof(uint64_t), &daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_buf_dev_alloc");
	CHECK(flexio_buf_dev_memset(process, 0xff, COUNT * sizeof(uint64_t), daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_buf_dev_memset");
	CHECK(flexio_process_call(process, &v26_set_table, &result, daddr) == FLEXIO_STATUS_SUCCESS, "v26_set_table");
	CHECK(flexio_cmdq_create(process, &cmdq_attr, &cmdq) == FLEXIO_STATUS_SUCCESS, "flexio_cmdq_create");
	for (uint64_t i = 0; i < COUNT; i++)
		CHECK(flexio_cmdq_task_add(cmdq, &v26_cube_task, i) == FLEXIO_STATUS_SUCCESS, "task %llu",
		      (unsigned long long)i);
	CHECK(flexio_cmdq_state_running(cmdq) == FLEXIO_STATUS_SUCCESS, "flexio_cmdq_state_running");
	for (int tries = 0; !flexio_cmdq_is_empty(cmdq); tries++) {
		CHECK(tries < 10000, "the tasks did not complete");
		usleep(1000);
	}
	CHECK(flexio_process_call(process, &v26_check_table, &result, (uint64_t)COUNT) == FLEXIO_STATUS_SUCCESS &&
		      result == COUNT,
	      "%llu of %d entries right", (unsigned long long)result, COUNT);
	printf("v26_1: %d command-queue tasks filled the DPA heap table\n", COUNT);

	/* The error path: a user error code ends the process. */
	CHECK(flexio_process_call(process, &v26_fail, &result, (uint64_t)USER_ERROR) != FLEXIO_STATUS_SUCCESS,
	      "the failing call succeeded");
	CHECK(flexio_err_status_get(process) == USER_ERROR, "status %d", flexio_err_status_get(process));
	printf("v26_1: device error reported, status %d\n", flexio_err_status_get(process));
	ok = 1;
	printf("v26_1: OK\n");
out:
	if (cmdq)
		flexio_cmdq_destroy(cmdq);
	if (stream)
		flexio_msg_stream_destroy(stream);
	if (process)
		flexio_process_destroy(process);
	if (ctx)
		ibv_close_device(ctx);
	if (list)
		ibv_free_device_list(list);
	return ok ? 0 : 1;
}
