/*
 * A program linked with plain -libverbs -lmlx5, knowing nothing of the simulator.
 *
 *   test_verbs_plain real    it must see rdma-core only: no mlx5_sim device
 *   test_verbs_plain sim N   (run with LD_PRELOAD=libflexio_verbs.so.1) it must see mlx5_sim0..N-1
 *                            first and use each of them through rdma-core's calls
 */
#include <errno.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(condition)                                                                              \
	do {                                                                                          \
		if (!(condition)) {                                                                   \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
			exit(1);                                                                      \
		}                                                                                     \
	} while (0)

/* Opens a simulated device and goes through every simulated call once. */
static void use_device(struct ibv_device *device)
{
	static char buffer[4096];
	struct ibv_device_attr attr;
	struct mlx5dv_devx_uar *uar;
	struct ibv_context *context;
	struct ibv_pd *pd;
	struct ibv_mr *mr;

	CHECK(ibv_get_device_guid(device) != 0);
	context = ibv_open_device(device);
	CHECK(context && context->device == device);
	CHECK(ibv_query_device(context, &attr) == 0);
	CHECK(attr.vendor_id == 0x02c9 && strstr(attr.fw_ver, "simulator"));
	pd = ibv_alloc_pd(context);
	CHECK(pd && pd->context == context);
	mr = ibv_reg_mr(pd, buffer, sizeof(buffer), IBV_ACCESS_LOCAL_WRITE);
	CHECK(mr && mr->lkey && mr->addr == buffer);
	uar = mlx5dv_devx_alloc_uar(context, MLX5DV_UAR_ALLOC_TYPE_NC);
	CHECK(uar && uar->base_addr);
	mlx5dv_devx_free_uar(uar);
	CHECK(ibv_dereg_mr(mr) == 0);
	CHECK(ibv_dealloc_pd(pd) == 0);
	CHECK(ibv_close_device(context) == 0);
}

int main(int argc, char **argv)
{
	int expected = argc == 3 && !strcmp(argv[1], "sim") ? atoi(argv[2]) : 0;
	struct ibv_device **list;
	int count = 0;
	int simulated = 0;

	CHECK(argc >= 2 && (expected > 0 || !strcmp(argv[1], "real")));
	list = ibv_get_device_list(&count);
	if (!list) {
		/* rdma-core without kernel support fails the listing: then there is nothing to see */
		CHECK(!expected);
		printf("rdma-core alone: no device list (%s)\n", strerror(errno));
		return 0;
	}
	for (int i = 0; i < count; i++) {
		const char *name = ibv_get_device_name(list[i]);

		if (!strncmp(name, "mlx5_sim", 8)) {
			char wanted[32];

			/* simulated devices come first, in order */
			snprintf(wanted, sizeof(wanted), "mlx5_sim%d", i);
			CHECK(i == simulated && !strcmp(name, wanted));
			use_device(list[i]);
			simulated++;
		}
	}
	CHECK(list[count] == NULL);
	CHECK(simulated == expected);
	if (expected) {
		/* rdma-core itself would crash on NULL: a clean refusal shows who answered */
		CHECK(ibv_alloc_pd(NULL) == NULL && errno == EINVAL);
	}
	ibv_free_device_list(list);
	printf("%d simulated device(s), %d real\n", simulated, count - simulated);
	return 0;
}
