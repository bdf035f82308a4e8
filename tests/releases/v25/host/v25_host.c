/*
 * A FlexIO 25.x host program: flexio_version_set(FLEXIO_VER_USED), the application found with
 * flexio_app_get, a named process (25.x's flexio_process_attr.name), the default message
 * stream and a stream of its own, the DPA heap, and a device fault with its crash data.
 *
 * Usage: v25 [DEVICE]   (default mlx5_sim0)
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(25, 1, 0)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

extern flexio_func_t v25_scale, v25_checksum, v25_crash;

#define COUNT 100
#define FACTOR 3

#define CHECK(cond, ...)                                             \
	do {                                                         \
		if (!(cond)) {                                       \
			fprintf(stderr, "v25 FAILED: " __VA_ARGS__); \
			fputc('\n', stderr);                         \
			goto out;                                    \
		}                                                    \
	} while (0)

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct flexio_app_select_attr select = { .app_name = STRINGIFY(DEV_APP_NAME),
						 .hw_model_id = FLEXIO_HW_MODEL_DEF };
	struct flexio_process_attr process_attr = { .name = "v25-worker" };
	flexio_msg_stream_attr_t default_attr = { .data_bsize = 4096,
						  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
						  .level = FLEXIO_MSG_DEV_INFO };
	flexio_msg_stream_attr_t own_attr = { .data_bsize = 2048,
					      .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					      .stream_name = "v25-errors",
					      .level = FLEXIO_MSG_DEV_ERROR };
	struct flexio_msg_stream *default_stream = NULL, *own_stream = NULL;
	struct flexio_process *process = NULL;
	struct ibv_context *ctx = NULL;
	struct ibv_device **list;
	struct flexio_app *app;
	uint64_t values[COUNT], expected = 0, result = 0;
	flexio_uintptr_t daddr = 0;
	int ok = 0, n = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
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
	CHECK(flexio_msg_stream_create(process, &default_attr, stdout, NULL, &default_stream) == FLEXIO_STATUS_SUCCESS,
	      "default stream");
	CHECK(flexio_msg_stream_create(process, &own_attr, stdout, NULL, &own_stream) == FLEXIO_STATUS_SUCCESS,
	      "own stream");
	printf("v25: process %s of %s, streams %d and %d\n", process_attr.name, flexio_app_get_name(app),
	       flexio_msg_stream_get_id(default_stream), flexio_msg_stream_get_id(own_stream));

	/* The DPA heap. */
	for (int i = 0; i < COUNT; i++) {
		values[i] = (uint64_t)i * i;
		expected += (uint64_t)(i + 1) * values[i] * FACTOR;
	}
	CHECK(flexio_copy_from_host(process, values, sizeof(values), &daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_copy_from_host");
	CHECK(flexio_process_call(process, &v25_scale, &result, daddr, (uint64_t)COUNT, (uint64_t)FACTOR,
				  (uint64_t)flexio_msg_stream_get_id(own_stream)) == FLEXIO_STATUS_SUCCESS &&
		      result == COUNT,
	      "v25_scale");
	CHECK(flexio_process_call(process, &v25_scale, &result, daddr, 0ull, 1ull,
				  (uint64_t)flexio_msg_stream_get_id(own_stream)) == FLEXIO_STATUS_SUCCESS,
	      "v25_scale of nothing");
	CHECK(flexio_process_call(process, &v25_checksum, &result, daddr, (uint64_t)COUNT) == FLEXIO_STATUS_SUCCESS,
	      "v25_checksum");
	CHECK(result == expected, "checksum %llu, expected %llu", (unsigned long long)result,
	      (unsigned long long)expected);
	printf("v25: checksum %llu of the scaled heap buffer\n", (unsigned long long)result);
	CHECK(flexio_buf_dev_free(process, daddr) == FLEXIO_STATUS_SUCCESS, "flexio_buf_dev_free");

	/* The error path: a fault stops the process; its crash data names it. */
	CHECK(flexio_process_call(process, &v25_crash, &result, 0x10ull) != FLEXIO_STATUS_SUCCESS,
	      "the faulting call succeeded");
	CHECK(flexio_err_status_get(process) == 0x10, "status 0x%x after a fault", flexio_err_status_get(process));
	printf("v25: the device faulted, status 0x%x\n", flexio_err_status_get(process));
	CHECK(flexio_crash_data(process, "v25") == FLEXIO_STATUS_SUCCESS, "flexio_crash_data");
	ok = 1;
	printf("v25: OK\n");
out:
	if (own_stream)
		flexio_msg_stream_destroy(own_stream);
	if (default_stream)
		flexio_msg_stream_destroy(default_stream);
	if (process)
		flexio_process_destroy(process);
	if (ctx)
		ibv_close_device(ctx);
	if (list)
		ibv_free_device_list(list);
	return ok ? 0 : 1;
}
