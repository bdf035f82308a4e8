/*
 * The older edition's forms of flexio_uar_create (a caller's devx UAR) and
 * flexio_outbox_create (other_ctx, uar), bound to FLEXIO_1.0, on the simulated device.
 */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include <libflexio/flexio.h>

#include <infiniband/mlx5dv.h>

#include "host_test.h"

extern struct flexio_app *window_test; /* from the dpacc archive */

static int open_simulated_device(void **state)
{
	(void)state;
	return !sim_device_open() && window_test ? 0 : -1;
}

static int close_simulated_device(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static void older_forms(void **state)
{
	flexio_process *p = NULL, *q = NULL;
	struct mlx5dv_devx_uar *devx = mlx5dv_devx_alloc_uar(ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	struct mlx5dv_devx_uar *freed = mlx5dv_devx_alloc_uar(ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	flexio_uar *uar = NULL, *quar = NULL, *x = NULL;
	flexio_outbox *o = NULL, *o2 = NULL, *y = NULL;
	flexio_window *w = NULL;

	(void)state;
	assert_non_null(devx);
	assert_non_null(freed);
	mlx5dv_devx_free_uar(freed);
	assert_int_equal(flexio_process_create(ctx, window_test, NULL, &p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_create(ctx, window_test, NULL, &q), FLEXIO_STATUS_SUCCESS);

	assert_int_equal(flexio_uar_create(p, devx, &uar), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_uar_create(q, devx, &quar), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_uar_create(p, NULL, &x), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_create(p, freed, &x), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_create(p, (struct mlx5dv_devx_uar *)&x, &x), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_create(p, devx, NULL), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_create(NULL, devx, &x), "flexio_uar_create");
	assert_null(x);

	assert_int_equal(flexio_outbox_create(p, NULL, uar, &o), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_outbox_create(p, ctx, uar, &o2), FLEXIO_STATUS_SUCCESS); /* ctx == the process's */
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, NULL, NULL, &y), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, NULL, quar, &y), "flexio_outbox_create"); /* another process's */
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, (struct ibv_context *)&y, uar, &y), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, NULL, uar, NULL), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(NULL, NULL, uar, &y), "flexio_outbox_create");
	assert_null(y);

	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(uar), "flexio_uar_destroy"); /* outboxes use it */
	assert_int_equal(flexio_outbox_destroy(o), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_outbox_destroy(o2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_uar_destroy(uar), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(uar), "flexio_uar_destroy");

	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	assert_int_equal(flexio_window_create(p, pd, &w), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_destroy(w), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ibv_dealloc_pd(pd), 0);

	assert_int_equal(flexio_process_destroy(q), FLEXIO_STATUS_SUCCESS); /* quar goes with it */
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
	mlx5dv_devx_free_uar(devx); /* still the caller's */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(older_forms),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
