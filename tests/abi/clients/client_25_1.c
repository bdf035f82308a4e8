/*
 * A current client that announces 25.1 (flexio_version_set(FLEXIO_VER(25, 1, 0))) and passes
 * 25.x's structures in exact-size heap blocks: flexio_process_attr of 24 bytes with a name,
 * flexio_msg_stream_attr of 64 (with 25.1's transport_mode), flexio_app_attr of 64 with a
 * signature and device versions. The process name shows in error lines, crash data and the
 * core dump: the library read the 25.x layout right.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(25, 1, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <stddef.h>

#include "client.h"

_Static_assert(sizeof(struct flexio_process_attr) == 24, "25.x's flexio_process_attr");
_Static_assert(sizeof(struct flexio_msg_stream_attr) == 64, "25.x's flexio_msg_stream_attr");
_Static_assert(sizeof(struct flexio_app_attr) == 64, "25.x's flexio_app_attr");

int main(void)
{
	struct ibv_device **list;
	struct ibv_context *ctx;
	flexio_func_t *echo = NULL, *fail = NULL;
	struct flexio_process *process = NULL;
	struct flexio_msg_stream *stream = NULL;
	struct flexio_app *app = NULL;
	FILE *out = tmpfile();
	size_t elf_size;
	uint64_t *elf, ret = 0;
	flexio_status rc = FLEXIO_STATUS_FAILED;
	char dir[] = "/tmp/abi25-XXXXXX", path[256], base[128];
	const char *text;

	if (flexio_version_set(FLEXIO_VER(25, 1, 0)) != FLEXIO_STATUS_SUCCESS || !mkdtemp(dir))
		return 1;
	ctx = client_device(&list);
	elf = client_elf(&elf_size);

	uint64_t *versions =
		exact_copy((uint64_t[]){ FLEXIO_VER(25, 1, 0), FLEXIO_VER(24, 10, 0) }, 2 * sizeof(uint64_t));
	static const char signature[16] = "abi25 signature";
	struct flexio_app_attr *app_attr = EXACT(struct flexio_app_attr, { .app_name = "abi25_app",
									   .app_ptr = elf,
									   .app_bsize = elf_size,
									   .sig_ptr = (void *)signature,
									   .sig_bsize = sizeof(signature),
									   .dpa_api_version = 1,
									   .flexio_dev_versions = versions,
									   .flexio_dev_versions_len_size = 2 });
	CHECK(flexio_app_create(app_attr, &app) == FLEXIO_STATUS_SUCCESS);
	free(app_attr);
	free(versions);
	CHECK(flexio_func_register(app, "abi_echo", &echo) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_func_register(app, "abi_fail", &fail) == FLEXIO_STATUS_SUCCESS);

	struct flexio_process_attr *process_attr = EXACT(struct flexio_process_attr, { .name = "abi25-proc" });
	CHECK(flexio_process_create(ctx, app, process_attr, &process) == FLEXIO_STATUS_SUCCESS);
	free(process_attr);

	struct flexio_msg_stream_attr *stream_attr =
		EXACT(struct flexio_msg_stream_attr, { .data_bsize = 4096,
						       .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
						       .stream_name = "abi25",
						       .level = FLEXIO_MSG_DEV_INFO,
						       .transport_mode = FLEXIO_MSG_TRANSPORT_QP_RC });
	CHECK(flexio_msg_stream_create(process, stream_attr, out, NULL, &stream) == FLEXIO_STATUS_SUCCESS);
	free(stream_attr);
	CHECK(flexio_process_call(process, echo, &ret, 25ull) == FLEXIO_STATUS_SUCCESS && ret == 26);
	CHECK(!strcmp(client_file_text(out), "abi_echo 25\n"));

	/* The name given in the 25.x layout, in an error line ... */
	text = CAPTURE(rc = flexio_buf_dev_free(process, 0x1230));
	CHECK(rc == FLEXIO_STATUS_FAILED &&
	      strstr(text, "process \"abi25-proc\": 0x1230 is not an allocated heap buffer"));
	text = CAPTURE(rc = flexio_process_call(process, fail, &ret, 0x91ull));
	CHECK(rc != FLEXIO_STATUS_SUCCESS && strstr(text, "in process \"abi25-proc\"") && strstr(text, "status 0x91"));
	CHECK(flexio_err_status_get(process) == 0x91);

	/* ... in the crash data and in the core dump's process information. */
	snprintf(base, sizeof(base), "%s/abi25", dir);
	fflush(stdout);
	CHECK(flexio_crash_data(process, base) == FLEXIO_STATUS_SUCCESS);
	snprintf(path, sizeof(path), "%s.%u.crash", base, flexio_process_get_dumem_id(process));
	CHECK(client_file_holds(path, "process: abi25-proc\n"));
	remove(path);
	CHECK(flexio_coredump_create(process, base) == FLEXIO_STATUS_SUCCESS);
	snprintf(path, sizeof(path), "%s.%u.core", base, flexio_process_get_dumem_id(process));
	CHECK(client_file_holds(path, "abi25-proc"));
	remove(path);
	remove(dir);

	CHECK(flexio_msg_stream_destroy(stream) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_process_destroy(process) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_app_destroy(app) == FLEXIO_STATUS_SUCCESS);
	CHECK(ibv_close_device(ctx) == 0);
	ibv_free_device_list(list);
	free(elf);
	fclose(out);
	return client_done("abi client 25.1");
}
