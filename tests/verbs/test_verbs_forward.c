/*
 * The forwarding half of libflexio_verbs, against fake_rdma_core (one "real" device, fake0):
 * real objects reach rdma-core, simulated ones never do, and with real devices present a
 * foreign pointer is still refused without being handed on.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>

#include "flexio_verbs.h"

extern int fake_rdma_calls;

static struct ibv_device **list;

static int list_devices(void **state)
{
	int count = 0;

	(void)state;
	list = ibv_get_device_list(&count);
	assert_non_null(list);
	assert_int_equal(count, 2);
	assert_string_equal(list[0]->name, "mlx5_sim0");
	assert_string_equal(list[1]->name, "fake0");
	assert_null(list[2]);
	return 0;
}

static int free_devices(void **state)
{
	int before = fake_rdma_calls;

	(void)state;
	ibv_free_device_list(list); /* frees rdma-core's list inside ours */
	return fake_rdma_calls == before + 1 ? 0 : -1;
}

static void test_real_objects_reach_rdma_core(void **state)
{
	static char buffer[64];
	struct ibv_device_attr attr;
	struct mlx5dv_devx_uar *uar;
	struct ibv_context *context;
	struct ibv_mr *mrs[3];
	struct ibv_pd *pd;
	int before = fake_rdma_calls;

	(void)state;
	assert_string_equal(ibv_get_device_name(list[1]), "fake0");
	assert_true(ibv_get_device_guid(list[1]) == 42);
	context = ibv_open_device(list[1]);
	assert_non_null(context);
	assert_int_equal(ibv_query_device(context, &attr), 0);
	assert_int_equal(attr.vendor_id, 0x15b3);
	pd = ibv_alloc_pd(context);
	assert_non_null(pd);
	mrs[0] = ibv_reg_mr(pd, buffer, sizeof(buffer), 0);
	mrs[1] = ibv_reg_mr_iova(pd, buffer, sizeof(buffer), 0, 0);
	mrs[2] = ibv_reg_mr_iova2(pd, buffer, sizeof(buffer), 0, 0);
	for (int i = 0; i < 3; i++) {
		assert_non_null(mrs[i]);
		assert_int_equal(mrs[i]->lkey, 7);
		assert_int_equal(ibv_dereg_mr(mrs[i]), 0);
	}
	uar = mlx5dv_devx_alloc_uar(context, 0);
	assert_non_null(uar);
	/* the internal API calls them what they are: not simulated */
	assert_int_equal(flexio_verbs_context_device(context), -1);
	assert_int_equal(flexio_verbs_pd_device(pd), -1);
	assert_null(flexio_verbs_uar_page(uar, NULL));
	mlx5dv_devx_free_uar(uar);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
	assert_int_equal(fake_rdma_calls - before, 15);

	/* a freed real UAR is forgotten: refused, not freed twice */
	before = fake_rdma_calls;
	mlx5dv_devx_free_uar(uar);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(fake_rdma_calls, before);
}

/* Devices rdma-core makes outside ibv_get_device_list are real ones too. */
static void test_vfio_and_imported_devices(void **state)
{
	struct mlx5dv_vfio_context_attr attr = { .pci_name = "0000:01:00.0" };
	struct ibv_device **vfio;
	struct ibv_context *contexts[2];
	int before = fake_rdma_calls;

	(void)state;
	vfio = mlx5dv_get_vfio_device_list(&attr);
	assert_non_null(vfio);
	assert_string_equal(ibv_get_device_name(vfio[0]), "vfio0");
	contexts[0] = ibv_open_device(vfio[0]);
	contexts[1] = ibv_import_device(3);
	for (int i = 0; i < 2; i++) {
		struct ibv_pd *pd;

		assert_non_null(contexts[i]);
		pd = ibv_alloc_pd(contexts[i]);
		assert_non_null(pd);
		assert_int_equal(ibv_dealloc_pd(pd), 0);
		assert_int_equal(ibv_close_device(contexts[i]), 0);
	}
	ibv_free_device_list(vfio); /* rdma-core's list: freed by rdma-core */
	assert_int_equal(fake_rdma_calls - before, 11);
	/* and only once */
	before = fake_rdma_calls;
	ibv_free_device_list(vfio);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(fake_rdma_calls, before);
}

static void test_simulated_objects_stay(void **state)
{
	struct ibv_context *context;
	struct ibv_pd *pd;
	int before = fake_rdma_calls;

	(void)state;
	context = ibv_open_device(list[0]);
	pd = ibv_alloc_pd(context);
	assert_int_equal(flexio_verbs_pd_device(pd), 0);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
	/* destroyed simulated objects are refused, never handed to rdma-core */
	assert_int_equal(ibv_dealloc_pd(pd), EINVAL);
	assert_int_equal(ibv_close_device(context), -1);
	assert_int_equal(fake_rdma_calls, before);
}

static void test_foreign_refused_with_real_devices(void **state)
{
	struct ibv_device_attr attr;
	char garbage[64];
	void *foreign[] = { garbage, (void *)(uintptr_t)0x10, (void *)(uintptr_t)0xdead0000000ULL };
	int before = fake_rdma_calls;

	(void)state;
	memset(garbage, 0x77, sizeof(garbage));
	for (int i = 0; i < 3; i++) {
		assert_null(ibv_open_device(foreign[i]));
		assert_null(ibv_alloc_pd(foreign[i]));
		assert_int_equal(ibv_query_device(foreign[i], &attr), EINVAL);
		assert_int_equal(ibv_dealloc_pd(foreign[i]), EINVAL);
		assert_null(ibv_reg_mr(foreign[i], garbage, 8, 0));
		assert_int_equal(ibv_dereg_mr(foreign[i]), EINVAL);
		mlx5dv_devx_free_uar(foreign[i]);
	}
	assert_int_equal(fake_rdma_calls, before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_objects_reach_rdma_core),
		cmocka_unit_test(test_vfio_and_imported_devices),
		cmocka_unit_test(test_simulated_objects_stay),
		cmocka_unit_test(test_foreign_refused_with_real_devices),
	};

	return cmocka_run_group_tests(tests, list_devices, free_devices);
}
