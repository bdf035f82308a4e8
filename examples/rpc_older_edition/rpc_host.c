/*
 * The RPC example in the older edition (FlexIO up to 24.07): the application is
 * the variable dpacc defines, and device prints go through flexio_print_init.
 */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include <stdio.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

extern struct flexio_app *rpc_app_older;
extern flexio_func_t rpc_calculate_sum;

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct flexio_process *process = NULL;
	struct ibv_context *ibv_ctx = NULL;
	struct ibv_device **devs;
	uint64_t result = 0;
	int ok = 0, n = 0;

	devs = ibv_get_device_list(&n);
	for (int i = 0; devs && i < n && !ibv_ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), dev_name))
			ibv_ctx = ibv_open_device(devs[i]);
	if (!ibv_ctx || flexio_process_create(ibv_ctx, rpc_app_older, NULL, &process) != FLEXIO_STATUS_SUCCESS)
		goto out;
	if (flexio_print_init(process, NULL, 4096, stdout, 0, NULL) != FLEXIO_STATUS_SUCCESS)
		goto out;
	if (flexio_process_call(process, &rpc_calculate_sum, &result, 2ul, 40ul) != FLEXIO_STATUS_SUCCESS)
		goto out;
	printf("Result: %lu\n", (unsigned long)result);
	ok = 1;
out:
	flexio_process_destroy(process);
	if (ibv_ctx)
		ibv_close_device(ibv_ctx);
	if (devs)
		ibv_free_device_list(devs);
	return ok ? 0 : 1;
}
