/* A program linked with flexio::flexio_verbs alone (no libflexio): rdma-core's device list
 * holds the simulated mlx5_sim0, which it opens and queries. */
#include <infiniband/verbs.h>

#include <stdio.h>
#include <string.h>

int main(void)
{
	struct ibv_device_attr attr;
	struct ibv_context *ctx = NULL;
	struct ibv_device **devs;
	int n = 0, ok = 0;

	devs = ibv_get_device_list(&n);
	for (int i = 0; devs && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devs[i]);
	if (ctx && ibv_query_device(ctx, &attr) == 0) {
		printf("flexio_verbs: mlx5_sim0 opened, %d ports\n", attr.phys_port_cnt);
		ok = 1;
	}
	if (ctx)
		ibv_close_device(ctx);
	if (devs)
		ibv_free_device_list(devs);
	return ok ? 0 : 1;
}
