/*
 * A host program of the current edition, built with plain gcc: finds the application dpacc
 * registered by name and checks what was registered for each device function.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <stdio.h>
#include <string.h>

#include <libflexio/flexio.h>

#ifndef DEV_APP_NAME
#define DEV_APP_NAME shell_app
#endif
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

extern flexio_func_t app_rpc, app_handler;
#ifdef WITH_LIBRARY
extern flexio_func_t mylib_rpc;
#endif

static int check(flexio_app *app, flexio_func_t *fn, const char *name, size_t argbuf_size)
{
	char dev_name[FLEXIO_MAX_NAME_LEN + 1], unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	flexio_uintptr_t dev_addr, unpack_addr;
	flexio_func_arg_pack_fn_t *pack;
	size_t size;
	uint32_t pup;

	if (flexio_func_get_register_info(app, fn, &pup, dev_name, unpack_name, sizeof(dev_name), &size, &pack,
					  &dev_addr, &unpack_addr) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "%s is not registered\n", name);
		return 1;
	}
	if (!pup || strcmp(dev_name, name) || size != argbuf_size || !pack || !dev_addr || !unpack_addr) {
		fprintf(stderr, "%s: unexpected registration (pup %u, name %s, argbuf %zu)\n", name, pup, dev_name,
			size);
		return 1;
	}
	return 0;
}

int main(void)
{
	struct flexio_app_select_attr select = { .app_name = STRINGIFY(DEV_APP_NAME),
						 .hw_model_id = FLEXIO_HW_MODEL_DEF };
	flexio_app *app = NULL;
	int failed = 0;

	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS ||
	    flexio_app_get(&select, &app) != FLEXIO_STATUS_SUCCESS || flexio_app_get_elf_size(app) == 0) {
		fprintf(stderr, "application %s not found\n", STRINGIFY(DEV_APP_NAME));
		return 1;
	}
	failed |= check(app, &app_rpc, "app_rpc", 8);
	failed |= check(app, &app_handler, "app_handler", 8);
#ifdef WITH_LIBRARY
	failed |= check(app, &mylib_rpc, "mylib_rpc", 8);
#endif
	if (!failed)
		printf("%s: %zu-byte ELF, functions registered\n", flexio_app_get_name(app),
		       flexio_app_get_elf_size(app));
	return failed;
}
