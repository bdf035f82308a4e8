/*
 * DOCA RDMA, the forms only 2.5 declares (doca/README.md, "Writing a family"): GRH as a bool, the
 * result lengths' older names. Defined under their public names, which this unit's header (2.5
 * selected) binds to their symbols.
 */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)
#include "doca_rdma.h"

#include "rdma.h"

doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma, bool grh_enabled)
{
	return rdma_grh(rdma, grh_enabled, NULL, __func__);
}

doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma, bool *grh_enabled)
{
	uint8_t grh = 0;
	doca_error_t err = rdma_grh((struct doca_rdma *)(uintptr_t)rdma, -1, grh_enabled ? &grh : NULL, __func__);

	if (!err)
		*grh_enabled = grh != 0;
	return err;
}

uint32_t doca_rdma_task_read_get_result_length(const struct doca_rdma_task_read *task)
{
	return rdma_result_len(task, T_READ, __func__);
}

uint32_t doca_rdma_task_receive_get_result_length(const struct doca_rdma_task_receive *task)
{
	return rdma_result_len(task, T_RECEIVE, __func__);
}

uint32_t
doca_rdma_task_remote_net_sync_event_get_get_result_length(const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	return rdma_result_len(task, T_SE_GET, __func__);
}
