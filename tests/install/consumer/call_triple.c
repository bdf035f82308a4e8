/*
 * Calls the device function triple(14) on mlx5_sim0 and prints "triple(14) = 42". Two builds:
 *   by default:  linked with the archive dpacc made of device/triple.c (app "triple_app"), whose
 *                constructor registered the application and the handle `triple` (docs/install.md
 *                builds it so);
 *   -DFROM_ELF:  argv[1] is a DPA ELF built from device/triple.c by clang with pkg-config
 *                flexio-dev, loaded with flexio_app_create, the function registered by name.
 */
#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FROM_ELF
extern flexio_func_t triple;

static flexio_app *load_app(struct ibv_context *ibv_ctx, int argc, char **argv, flexio_func_t **func)
{
	struct flexio_app_select_attr select = { .app_name = "triple_app",
						 .ibv_ctx = ibv_ctx,
						 .hw_model_id = FLEXIO_HW_MODEL_DEF };
	flexio_app *app = NULL;

	(void)argc;
	(void)argv;
	*func = &triple;
	return flexio_app_get(&select, &app) == FLEXIO_STATUS_SUCCESS ? app : NULL;
}

static void unload_app(flexio_app *app)
{
	(void)app; /* dpacc's destructor destroys it */
}
#else
static void *read_elf(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	void *elf = NULL;
	long length;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (length = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		elf = malloc((size_t)length);
		if (elf && fread(elf, 1, (size_t)length, f) != (size_t)length) {
			free(elf);
			elf = NULL;
		}
		*size = (size_t)length;
	}
	fclose(f);
	return elf;
}

static flexio_app *load_app(struct ibv_context *ibv_ctx, int argc, char **argv, flexio_func_t **func)
{
	struct flexio_app_attr attr = { .app_name = "tiny_elf" };
	flexio_app *app = NULL;

	(void)ibv_ctx;
	if (argc < 2 || !(attr.app_ptr = read_elf(argv[1], &attr.app_bsize))) {
		fprintf(stderr, "cannot read the DPA ELF %s\n", argc < 2 ? "(none given)" : argv[1]);
		return NULL;
	}
	if (flexio_app_create(&attr, &app) != FLEXIO_STATUS_SUCCESS ||
	    flexio_func_register(app, "triple", func) != FLEXIO_STATUS_SUCCESS) {
		flexio_app_destroy(app);
		app = NULL;
	}
	free(attr.app_ptr); /* flexio_app_create copied it */
	return app;
}

static void unload_app(flexio_app *app)
{
	flexio_app_destroy(app);
}
#endif

int main(int argc, char **argv)
{
	struct flexio_process *process = NULL;
	struct ibv_context *ibv_ctx = NULL;
	flexio_func_t *func = NULL;
	flexio_app *app = NULL;
	struct ibv_device **devs;
	uint64_t result = 0;
	int ok = 0, n = 0;

	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	devs = ibv_get_device_list(&n);
	for (int i = 0; devs && i < n && !ibv_ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), "mlx5_sim0"))
			ibv_ctx = ibv_open_device(devs[i]);
	if (!ibv_ctx) {
		fprintf(stderr, "cannot open mlx5_sim0\n");
		goto out;
	}
	app = load_app(ibv_ctx, argc, argv, &func);
	if (!app || flexio_process_create(ibv_ctx, app, NULL, &process) != FLEXIO_STATUS_SUCCESS ||
	    flexio_process_call(process, func, &result, (uint64_t)14) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "cannot call triple on the DPA\n");
		goto out;
	}
	printf("triple(14) = %llu\n", (unsigned long long)result);
	ok = 1;
out:
	if (process)
		flexio_process_destroy(process);
	if (app)
		unload_app(app);
	if (ibv_ctx)
		ibv_close_device(ibv_ctx);
	if (devs)
		ibv_free_device_list(devs);
	return ok ? 0 : 1;
}
