/*
 * A current client that announces 26.1 and passes 26.x's structures in exact-size heap blocks:
 * flexio_msg_stream_attr of 64 bytes, whose transport_mode (@56) the library reads — QP UD
 * accepted, an unknown mode refused —, and a named flexio_process_attr of 24 bytes.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(26, 1, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <stddef.h>

#include "client.h"

_Static_assert(sizeof(struct flexio_process_attr) == 24, "26.x's flexio_process_attr");
_Static_assert(sizeof(struct flexio_msg_stream_attr) == 64, "26.x's flexio_msg_stream_attr");
_Static_assert(offsetof(struct flexio_msg_stream_attr, transport_mode) == 56, "26.x's transport_mode");

int main(void)
{
	struct ibv_device **list;
	struct ibv_context *ctx;
	flexio_func_t *echo = NULL;
	struct flexio_process *process = NULL;
	struct flexio_msg_stream *stream = NULL, *refused = NULL;
	struct flexio_app *app = NULL;
	FILE *out = tmpfile();
	size_t elf_size;
	uint64_t *elf, ret = 0;
	flexio_status rc = FLEXIO_STATUS_SUCCESS;
	const char *text;

	if (flexio_version_set(FLEXIO_VER(26, 1, 0)) != FLEXIO_STATUS_SUCCESS)
		return 1;
	ctx = client_device(&list);
	elf = client_elf(&elf_size);

	struct flexio_app_attr *app_attr =
		EXACT(struct flexio_app_attr, { .app_name = "abi26_app", .app_ptr = elf, .app_bsize = elf_size });
	CHECK(flexio_app_create(app_attr, &app) == FLEXIO_STATUS_SUCCESS);
	free(app_attr);
	CHECK(flexio_func_register(app, "abi_echo", &echo) == FLEXIO_STATUS_SUCCESS);

	struct flexio_process_attr *process_attr = EXACT(struct flexio_process_attr, { .name = "abi26-proc" });
	CHECK(flexio_process_create(ctx, app, process_attr, &process) == FLEXIO_STATUS_SUCCESS);
	free(process_attr);

	/* transport_mode is read: an unknown mode is refused ... */
	struct flexio_msg_stream_attr *bad_attr =
		EXACT(struct flexio_msg_stream_attr, { .data_bsize = 4096,
						       .sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
						       .level = FLEXIO_MSG_DEV_INFO,
						       .transport_mode = (enum flexio_msg_transport)7 });
	text = CAPTURE(rc = flexio_msg_stream_create(process, bad_attr, out, NULL, &refused));
	CHECK(rc == FLEXIO_STATUS_FAILED && !refused &&
	      strstr(text, "flexio ERR flexio_msg_stream_create: transport_mode 7 is not"));
	free(bad_attr);

	/* ... and a known one accepted. */
	struct flexio_msg_stream_attr *stream_attr =
		EXACT(struct flexio_msg_stream_attr, { .data_bsize = 4096,
						       .sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
						       .level = FLEXIO_MSG_DEV_INFO,
						       .transport_mode = FLEXIO_MSG_TRANSPORT_QP_UD });
	CHECK(flexio_msg_stream_create(process, stream_attr, out, NULL, &stream) == FLEXIO_STATUS_SUCCESS);
	free(stream_attr);
	CHECK(flexio_process_call(process, echo, &ret, 26ull) == FLEXIO_STATUS_SUCCESS && ret == 27);
	CHECK(!strcmp(client_file_text(out), "abi_echo 26\n"));

	text = CAPTURE(rc = flexio_buf_dev_free(process, 0x1230));
	CHECK(rc == FLEXIO_STATUS_FAILED &&
	      strstr(text, "process \"abi26-proc\": 0x1230 is not an allocated heap buffer"));

	CHECK(flexio_msg_stream_destroy(stream) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_process_destroy(process) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_app_destroy(app) == FLEXIO_STATUS_SUCCESS);
	CHECK(ibv_close_device(ctx) == 0);
	ibv_free_device_list(list);
	free(elf);
	fclose(out);
	return client_done("abi client 26.1");
}
