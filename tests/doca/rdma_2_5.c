/* DOCA RDMA as a 2.5 program calls it: GRH as a bool, the GID table of a non-const devinfo. */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)
#define DOCA_ALLOW_EXPERIMENTAL_API /* DOCA RDMA is experimental in every release */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <doca_dev.h>
#include <doca_rdma.h>

#include "mem_util.h"
#include "rdma_releases.h"

void rdma_2_5_grh(struct doca_dev *dev)
{
	struct doca_rdma *rdma;
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_rdma_gid gid;
	uint32_t size = 0;
	bool grh = false;

	sdk_log_capture();
	expect_ok(doca_rdma_cap_get_gid_table_size(info, &size));
	assert_int_equal(size, 2);
	expect_ok(doca_rdma_cap_get_gid(info, size - 1, 1, &gid));
	expect_fail(doca_rdma_cap_get_gid(info, size, 1, &gid), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	expect_ok(doca_rdma_create(dev, &rdma));
	expect_ok(doca_rdma_set_grh_enabled(rdma, true));
	expect_ok(doca_rdma_get_grh_enabled(rdma, &grh));
	assert_true(grh);
	expect_fail(doca_rdma_get_grh_enabled(rdma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_grh_enabled");
	expect_fail(doca_rdma_set_grh_enabled(NULL, true), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_grh_enabled");
	assert_int_equal(doca_rdma_task_read_get_result_length(NULL), 0);
	free(sdk_log_take());
	expect_ok(doca_rdma_destroy(rdma));
}
