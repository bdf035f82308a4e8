/*
 * An old client of the older API (23.4 selection: flexio_app_create(name, elf, size, &app) at
 * FLEXIO_1.0, flexio_print_init, flexio_err_status), passing the 16-byte flexio_process_attr
 * in an exact-size heap block, run against the current library under ASan.
 */
#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API /* flexio_app_get_elf_size is experimental in 23.x */
#include <libflexio/flexio.h>

#include "client.h"

_Static_assert(sizeof(struct flexio_process_attr) == 16, "23.x's flexio_process_attr");

int main(void)
{
	struct ibv_device **list;
	struct ibv_context *ctx = client_device(&list);
	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	flexio_func_t *echo = NULL, *fail = NULL;
	struct flexio_process *process = NULL;
	struct flexio_app *app = NULL;
	FILE *out = tmpfile();
	size_t elf_size;
	uint64_t *elf = client_elf(&elf_size);
	uint64_t ret = 0;
	flexio_status rc = FLEXIO_STATUS_FAILED;
	const char *text;

	CHECK(flexio_app_create("abi2304_app", elf, elf_size, &app) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_func_register(app, "abi_echo", &echo) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_func_register(app, "abi_fail", &fail) == FLEXIO_STATUS_SUCCESS);

	struct flexio_process_attr *process_attr = EXACT(struct flexio_process_attr, { .pd = pd, .en_pcc = 1 });
	CHECK(flexio_process_create(ctx, app, process_attr, &process) == FLEXIO_STATUS_SUCCESS);
	free(process_attr);

	CHECK(flexio_print_init(process, NULL, 4096, out, 0, NULL) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_process_call(process, echo, &ret, 22ull) == FLEXIO_STATUS_SUCCESS && ret == 23);
	CHECK(!strcmp(client_file_text(out), "abi_echo 22\n"));
	CHECK(flexio_print_destroy(process) == FLEXIO_STATUS_SUCCESS);

	text = CAPTURE(rc = flexio_buf_dev_free(process, 0x1230));
	CHECK(rc == FLEXIO_STATUS_FAILED &&
	      strstr(text, "process \"abi2304_app\": 0x1230 is not an allocated heap buffer"));

	text = CAPTURE(rc = flexio_process_call(process, fail, &ret, 0x90ull));
	CHECK(rc != FLEXIO_STATUS_SUCCESS && strstr(text, "status 0x90"));
	CHECK(flexio_err_status(process) == 0x90);

	CHECK(flexio_process_destroy(process) == FLEXIO_STATUS_SUCCESS);
	CHECK(flexio_app_destroy(app) == FLEXIO_STATUS_SUCCESS);
	CHECK(ibv_dealloc_pd(pd) == 0);
	CHECK(ibv_close_device(ctx) == 0);
	ibv_free_device_list(list);
	free(elf);
	fclose(out);
	return client_done("abi client 23.4");
}
