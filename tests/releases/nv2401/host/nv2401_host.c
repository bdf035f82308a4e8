/*
 * A host program written for NVIDIA FlexIO 24.01 .. 24.07: no flexio_version_set (24.01 has
 * none), the application is the variable dpacc defines (extern struct flexio_app
 * *DEV_APP_NAME, the name given by meson), 24.01's structures (struct flexio_process_attr
 * {pd, en_pcc}, struct flexio_log_dev_attr through flexio_msg_stream_attr_t). RPC, a message
 * stream printing from the device, the DPA heap, and a device error. Built with -Werror.
 *
 * Usage: nv2401 [DEVICE]   (default mlx5_sim0)
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)

#include <poll.h>
#include <stdio.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

/* The application dpacc built (its name comes from the build: -DDEV_APP_NAME=...). */
extern struct flexio_app *DEV_APP_NAME;
extern flexio_func_t nv2401_sum, nv2401_read, nv2401_fail;

#define COUNT 8
#define USER_ERROR 0x85

static struct ibv_context *open_device(const char *name, struct ibv_device ***list)
{
	struct ibv_context *ctx = NULL;
	int n = 0;

	*list = ibv_get_device_list(&n);
	for (int i = 0; *list && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name((*list)[i]), name))
			ctx = ibv_open_device((*list)[i]);
	return ctx;
}

#define CHECK(cond, ...)                                                                            \
	do {                                                                                        \
		if (!(cond)) {                                                                      \
			fprintf(stderr, "nv2401 FAILED: " __VA_ARGS__);                             \
			fputc('\n', stderr);                                                        \
			goto out;                                                                   \
		}                                                                                   \
	} while (0)

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct flexio_process_attr process_attr = {0};
	flexio_msg_stream_attr_t stream_attr = {0};
	struct flexio_msg_stream *stream = NULL;
	struct flexio_process *process = NULL;
	struct flexio_heap_mem_info heap = {0};
	struct ibv_device **list = NULL;
	struct ibv_context *ctx;
	struct ibv_pd *pd = NULL;
	uint64_t values[COUNT], expected = 0, result = 0;
	flexio_uintptr_t daddr = 0;
	struct pollfd err_fd;
	int ok = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ctx = open_device(dev_name, &list);
	CHECK(ctx, "cannot open %s", dev_name);
	pd = ibv_alloc_pd(ctx);
	CHECK(pd, "ibv_alloc_pd");

	/* 24.01's process attributes: a PD of ours and en_pcc, nothing else. */
	process_attr.pd = pd;
	process_attr.en_pcc = 0;
	CHECK(flexio_process_create(ctx, DEV_APP_NAME, &process_attr, &process) == FLEXIO_STATUS_SUCCESS,
	      "flexio_process_create");
	CHECK(flexio_process_get_pd(process) == pd, "the process does not use the PD it was given");
	printf("nv2401: process of %s created on %s\n", flexio_app_get_name(DEV_APP_NAME), dev_name);

	stream_attr.data_bsize = 4096;
	stream_attr.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
	stream_attr.level = FLEXIO_MSG_DEV_INFO;
	CHECK(flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) == FLEXIO_STATUS_SUCCESS,
	      "flexio_msg_stream_create");

	/* The DPA heap: numbers in, their sum computed and stored by the device, read back. */
	CHECK(flexio_process_mem_info_get(process, &heap) == FLEXIO_STATUS_SUCCESS, "flexio_process_mem_info_get");
	printf("nv2401: DPA heap of %llu MiB\n", (unsigned long long)(heap.size >> 20));
	for (int i = 0; i < COUNT; i++)
		expected += values[i] = (uint64_t)(i + 1) * 1000003;
	CHECK(flexio_buf_dev_alloc(process, sizeof(values) + sizeof(uint64_t), &daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_buf_dev_alloc");
	CHECK(flexio_host2dev_memcpy(process, values, sizeof(values), daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_host2dev_memcpy");
	CHECK(flexio_process_call(process, &nv2401_sum, &result, daddr, (uint64_t)COUNT) == FLEXIO_STATUS_SUCCESS,
	      "flexio_process_call(nv2401_sum)");
	CHECK(result == expected, "sum %llu, expected %llu", (unsigned long long)result,
	      (unsigned long long)expected);
	CHECK(flexio_process_call(process, &nv2401_read, &result, daddr + sizeof(values)) == FLEXIO_STATUS_SUCCESS &&
		      result == expected,
	      "the sum stored in the heap is %llu", (unsigned long long)result);
	printf("nv2401: sum %llu read back from the DPA heap\n", (unsigned long long)result);

	/* The error path: the device gives up; the call fails, the process reports the error. */
	err_fd.fd = flexio_err_handler_fd(process);
	err_fd.events = POLLIN;
	CHECK(err_fd.fd >= 0, "flexio_err_handler_fd");
	CHECK(flexio_err_status_get(process) == FLEXIO_DEV_NO_ERROR, "an error before the failing call");
	CHECK(flexio_process_call(process, &nv2401_fail, &result, (uint64_t)USER_ERROR) != FLEXIO_STATUS_SUCCESS,
	      "the failing call succeeded");
	CHECK(poll(&err_fd, 1, 5000) == 1, "the error fd did not turn readable");
	CHECK(flexio_err_status_get(process) == FLEXIO_DEV_USER_ERROR, "no user error status after flexio_dev_error");
	printf("nv2401: device error reported, status 0x%x\n", (unsigned)flexio_err_status_get(process));
	CHECK(flexio_process_call(process, &nv2401_read, &result, daddr) != FLEXIO_STATUS_SUCCESS,
	      "a call on the stopped process succeeded");
	ok = 1;
	printf("nv2401: OK\n");
out:
	if (stream)
		flexio_msg_stream_destroy(stream);
	if (process)
		flexio_process_destroy(process);
	if (pd)
		ibv_dealloc_pd(pd);
	if (ctx)
		ibv_close_device(ctx);
	if (list)
		ibv_free_device_list(list);
	return ok ? 0 : 1;
}
