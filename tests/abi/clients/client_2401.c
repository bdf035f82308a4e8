/*
 * An old client: a program built for NVIDIA FlexIO 24.01 (no flexio_version_set, which 24.01
 * does not have) passing 24.01's structures — flexio_process_attr of 16 bytes {pd, en_pcc},
 * struct flexio_log_dev_attr (56 bytes), flexio_app_attr with app_sig_sec_name (32 bytes) —
 * on the stack and in exact-size heap blocks, run against the current library under ASan.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)
#include <libflexio/flexio.h>

#include <stddef.h>

#include "client.h"

_Static_assert(sizeof(struct flexio_process_attr) == 16, "24.01's flexio_process_attr");
_Static_assert(sizeof(struct flexio_log_dev_attr) == 56, "24.01's flexio_log_dev_attr");
_Static_assert(sizeof(struct flexio_app_attr) == 32, "24.01's flexio_app_attr");
_Static_assert(offsetof(struct flexio_app_attr, app_sig_sec_name) == 24, "24.01's app_sig_sec_name");

int main(void)
{
	struct ibv_device **list;
	struct ibv_context *ctx = client_device(&list);
	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	flexio_func_t *echo = NULL, *fail = NULL;
	struct flexio_process *process = NULL, *second = NULL;
	struct flexio_msg_stream *stream = NULL;
	struct flexio_app *app = NULL;
	FILE *out = tmpfile(), *log_out = tmpfile();
	size_t elf_size;
	uint64_t *elf = client_elf(&elf_size);
	uint64_t ret = 0;
	flexio_status rc = FLEXIO_STATUS_FAILED;
	const char *text;

	/* The application, from a 24.01 flexio_app_attr. */
	struct flexio_app_attr *app_attr = EXACT(
		struct flexio_app_attr,
		{ .app_name = "abi2401_app", .app_ptr = elf, .app_bsize = elf_size, .app_sig_sec_name = ".abi_sig" });
	CHECK(flexio_app_create(app_attr, &app) == FLEXIO_STATUS_SUCCESS);
	free(app_attr);
	CHECK(app && !strcmp(flexio_app_get_name(app), "abi2401_app"));
	CHECK(flexio_func_register(app, "abi_echo", &echo) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_func_register(app, "abi_fail", &fail) == FLEXIO_STATUS_SUCCESS);

	/* A process from a 16-byte attribute block: our PD, en_pcc. */
	struct flexio_process_attr *process_attr = EXACT(struct flexio_process_attr, { .pd = pd, .en_pcc = 1 });
	CHECK(flexio_process_create(ctx, app, process_attr, &process) == FLEXIO_STATUS_SUCCESS);
	free(process_attr);
	CHECK(flexio_process_get_pd(process) == pd);

	/* A message stream from a 56-byte struct flexio_log_dev_attr. */
	struct flexio_log_dev_attr *stream_attr =
		EXACT(struct flexio_log_dev_attr, { .data_bsize = 4096,
						    .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
						    .stream_name = "abi2401",
						    .level = FLEXIO_MSG_DEV_INFO });
	CHECK(flexio_msg_stream_create(process, stream_attr, out, NULL, &stream) == FLEXIO_STATUS_SUCCESS);
	free(stream_attr);
	CHECK(flexio_process_call(process, echo, &ret, 41ull) == FLEXIO_STATUS_SUCCESS && ret == 42);
	CHECK(!strcmp(client_file_text(out), "abi_echo 41\n"));
	CHECK(flexio_msg_stream_destroy(stream) == FLEXIO_STATUS_SUCCESS);

	/* 24.01's flexio_log_dev_* (deprecated there) with the attributes on the stack. */
	flexio_msg_stream_attr_t log_attr = { .data_bsize = 2048,
					      .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_BATCH,
					      .level = FLEXIO_MSG_DEV_DEBUG };
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	CHECK(flexio_log_dev_init(process, &log_attr, log_out, NULL) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_process_call(process, echo, &ret, 7ull) == FLEXIO_STATUS_SUCCESS && ret == 8);
	CHECK(flexio_log_dev_flush(process) == FLEXIO_STATUS_SUCCESS);
	CHECK(!strcmp(client_file_text(log_out), "abi_echo 7\n"));
	CHECK(flexio_log_dev_destroy(process) == FLEXIO_STATUS_SUCCESS);
#pragma GCC diagnostic pop

	/* 24.01 processes have no name: the application's shows in error lines. */
	text = CAPTURE(rc = flexio_buf_dev_free(process, 0x1230));
	CHECK(rc == FLEXIO_STATUS_FAILED &&
	      strstr(text, "process \"abi2401_app\": 0x1230 is not an allocated heap buffer"));

	/* Another process, its attributes on the stack, no PD of ours. */
	struct flexio_process_attr stack_attr = { .pd = NULL, .en_pcc = 0 };
	CHECK(flexio_process_create(ctx, app, &stack_attr, &second) == FLEXIO_STATUS_SUCCESS);
	CHECK(second && flexio_process_get_pd(second) && flexio_process_get_pd(second) != pd);
	CHECK(flexio_process_destroy(second) == FLEXIO_STATUS_SUCCESS);

	/* A device error. */
	text = CAPTURE(rc = flexio_process_call(process, fail, &ret, 0x90ull));
	CHECK(rc != FLEXIO_STATUS_SUCCESS && strstr(text, "status 0x90"));
	CHECK(flexio_err_status_get(process) == FLEXIO_DEV_USER_ERROR); /* 24.01: the kind, not the code */

	CHECK(flexio_process_destroy(process) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_app_destroy(app) == FLEXIO_STATUS_SUCCESS);
	CHECK(ibv_dealloc_pd(pd) == 0);
	CHECK(ibv_close_device(ctx) == 0);
	ibv_free_device_list(list);
	free(elf);
	fclose(out);
	fclose(log_out);
	return client_done("abi client 24.01");
}
