/*
 * The heap/window example: the host copies numbers into the DPA process's heap, registers a
 * host buffer and creates a window on its protection domain; the device sums the numbers and
 * writes the sum into the host buffer through the window; the host prints it.
 *
 * Usage: flexio-heap-window [DEVICE [COUNT]]   (default: mlx5_sim0 1000)
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API /* flexio_window_get_id */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

extern flexio_func_t heap_window_sum;

static struct ibv_context *open_device(struct ibv_device **devs, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), name))
			return ibv_open_device(devs[i]);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	uint32_t count = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 1000;
	flexio_msg_stream_attr_t stream_attr = {
		.data_bsize = 4096,
		.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
		.level = FLEXIO_MSG_DEV_INFO,
	};
	struct flexio_app_select_attr app_attr = {.app_name = "heap_window_app", .hw_model_id = FLEXIO_HW_MODEL_DEF};
	struct flexio_msg_stream *stream = NULL;
	struct flexio_process *process = NULL;
	struct flexio_window *window = NULL;
	struct ibv_context *ibv_ctx = NULL;
	struct ibv_mr *mr = NULL;
	struct ibv_pd *pd = NULL;
	struct ibv_device **devs;
	struct flexio_app *app;
	flexio_uintptr_t data = 0;
	uint64_t *numbers = NULL, *result = NULL, expected = 0, ret = 1;
	int ok = 0, n = 0;

	if (!count) {
		fprintf(stderr, "COUNT must be at least 1\n");
		return 1;
	}
	devs = ibv_get_device_list(&n);
	if (devs)
		ibv_ctx = open_device(devs, n, dev_name);
	if (!ibv_ctx) {
		fprintf(stderr, "Failed to open device %s\n", dev_name);
		goto out;
	}
	app_attr.ibv_ctx = ibv_ctx;
	pd = ibv_alloc_pd(ibv_ctx);
	if (!pd || flexio_app_get(&app_attr, &app) != FLEXIO_STATUS_SUCCESS ||
	    flexio_process_create(ibv_ctx, app, &(struct flexio_process_attr){.pd = pd}, &process) !=
		    FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to create the DPA process\n");
		goto out;
	}
	if (flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) != FLEXIO_STATUS_SUCCESS)
		goto out;

	/* The numbers, in DPA heap memory. */
	numbers = calloc(count, sizeof(*numbers));
	if (!numbers)
		goto out;
	for (uint32_t i = 0; i < count; i++) {
		numbers[i] = (uint64_t)i * i + 1;
		expected += numbers[i];
	}
	if (flexio_copy_from_host(process, numbers, count * sizeof(*numbers), &data) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to copy the numbers to the DPA heap\n");
		goto out;
	}

	/* Where the device writes the sum: registered host memory, reached through a window. */
	result = calloc(1, sizeof(*result));
	if (!result)
		goto out;
	mr = ibv_reg_mr(pd, result, sizeof(*result), IBV_ACCESS_LOCAL_WRITE);
	if (!mr || flexio_window_create(process, pd, &window) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to set up the window\n");
		goto out;
	}

	if (flexio_process_call(process, &heap_window_sum, &ret, data, count, flexio_window_get_id(window), mr->lkey,
				(uint64_t)(uintptr_t)result) != FLEXIO_STATUS_SUCCESS ||
	    ret) {
		fprintf(stderr, "The device could not write the sum\n");
		goto out;
	}
	printf("Sum of %u numbers: %lu (expected %lu)\n", count, (unsigned long)*result, (unsigned long)expected);
	ok = *result == expected;
out:
	if (window)
		flexio_window_destroy(window);
	if (data)
		flexio_buf_dev_free(process, data);
	if (stream)
		flexio_msg_stream_destroy(stream);
	flexio_process_destroy(process);
	if (mr)
		ibv_dereg_mr(mr);
	if (pd)
		ibv_dealloc_pd(pd);
	free(result);
	free(numbers);
	if (ibv_ctx)
		ibv_close_device(ibv_ctx);
	if (devs)
		ibv_free_device_list(devs);
	return ok ? 0 : 1;
}
