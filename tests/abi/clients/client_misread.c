/*
 * The control of the client tests: a program built with 24.10's headers (a 56-byte stream
 * attribute block) that announces 26.1, so the library reads transport_mode 8 bytes past the
 * block. Under AddressSanitizer this must be reported as a heap-buffer-overflow: the same
 * check is what makes the other clients' success mean the library read their layouts right.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(24, 10, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include "client.h"

int main(void)
{
	struct ibv_device **list;
	struct ibv_context *ctx;
	struct flexio_process *process = NULL;
	struct flexio_msg_stream *stream = NULL;
	FILE *out = tmpfile();

	if (flexio_version_set(FLEXIO_VER(26, 1, 0)) != FLEXIO_STATUS_SUCCESS)
		return 1;
	ctx = client_device(&list);
	CHECK(flexio_process_create(ctx, abi_clients, NULL, &process) == FLEXIO_STATUS_SUCCESS);
	struct flexio_msg_stream_attr *attr =
		EXACT(struct flexio_msg_stream_attr,
		      { .data_bsize = 4096, .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC, .level = FLEXIO_MSG_DEV_INFO });
	flexio_msg_stream_create(process, attr, out, NULL, &stream); /* ASan stops the program here */
	free(attr);
	printf("abi client misread: not caught\n");
	flexio_process_destroy(process);
	ibv_close_device(ctx);
	ibv_free_device_list(list);
	return 1;
}
