/*
 * DOCA RDMA, the forms of 2.5 and 2.6 that 3.0 changed (doca/README.md, "Writing a family"): one
 * connection per context, exported and connected without a connection handle, and tasks without
 * one (the context's). Defined under their public names, which this unit's header (2.6 selected)
 * binds to their older symbols.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 58)
#include "doca_rdma.h"

#include "rdma.h"

doca_error_t doca_rdma_export(const struct doca_rdma *rdma, const void **local_rdma_conn_details,
			      size_t *local_rdma_conn_details_size)
{
	struct doca_rdma_connection *conn;

	return rdma_export(rdma, local_rdma_conn_details, local_rdma_conn_details_size, &conn, true, __func__);
}

doca_error_t doca_rdma_connect(struct doca_rdma *rdma, const void *remote_rdma_conn_details,
			       size_t remote_rdma_conn_details_size)
{
	const void *details;
	size_t size;
	struct doca_rdma_connection *conn = NULL;
	doca_error_t err = rdma_export(rdma, &details, &size, &conn, true, __func__);

	return err ? err : rdma_connect(rdma, remote_rdma_conn_details, remote_rdma_conn_details_size, conn, __func__);
}

doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma, struct doca_dpa_dev_rdma **dpa_rdma)
{
	uint64_t handle = 0;
	doca_error_t err = dpa_rdma ? rdma_dpa_handle(rdma, &handle, __func__)
				    : opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_rdma is NULL");

	if (!err) /* 2.5 and 2.6 name the DPA handle by a pointer type: its DPA address */
		*dpa_rdma = (struct doca_dpa_dev_rdma *)(uintptr_t)handle;
	return err;
}

doca_error_t doca_rdma_task_send_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
					       union doca_data user_data, struct doca_rdma_task_send **task)
{
	return rdma_transfer_task(rdma, T_SEND, NULL, src_buf, NULL, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_send_imm_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						   doca_be32_t immediate_data, union doca_data user_data,
						   struct doca_rdma_task_send_imm **task)
{
	return rdma_transfer_task(rdma, T_SEND_IMM, NULL, src_buf, NULL, immediate_data, user_data, task, __func__);
}

doca_error_t doca_rdma_task_read_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
					       struct doca_buf *dst_buf, union doca_data user_data,
					       struct doca_rdma_task_read **task)
{
	return rdma_transfer_task(rdma, T_READ, NULL, src_buf, dst_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_write_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						struct doca_buf *dst_buf, union doca_data user_data,
						struct doca_rdma_task_write **task)
{
	return rdma_transfer_task(rdma, T_WRITE, NULL, src_buf, dst_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_write_imm_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						    struct doca_buf *dst_buf, doca_be32_t immediate_data,
						    union doca_data user_data, struct doca_rdma_task_write_imm **task)
{
	return rdma_transfer_task(rdma, T_WRITE_IMM, NULL, src_buf, dst_buf, immediate_data, user_data, task, __func__);
}

doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
							   struct doca_buf *result_buf, uint64_t add_data,
							   union doca_data user_data,
							   struct doca_rdma_task_atomic_fetch_add **task)
{
	return rdma_atomic_task(rdma, T_FETCH_ADD, NULL, dst_buf, result_buf, 0, add_data, user_data, task, __func__);
}

doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
							 struct doca_buf *result_buf, uint64_t cmp_data,
							 uint64_t swap_data, union doca_data user_data,
							 struct doca_rdma_task_atomic_cmp_swp **task)
{
	return rdma_atomic_task(rdma, T_CMP_SWP, NULL, dst_buf, result_buf, cmp_data, swap_data, user_data, task,
				__func__);
}

doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
	struct doca_rdma *rdma, const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf,
	union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_get **task)
{
	return rdma_se_task(rdma, T_SE_GET, NULL, event, dst_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
	struct doca_rdma *rdma, struct doca_sync_event_remote_net *event, const struct doca_buf *src_buf,
	union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_set **task)
{
	return rdma_se_task(rdma, T_SE_SET, NULL, event, src_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
	struct doca_rdma *rdma, struct doca_sync_event_remote_net *event, struct doca_buf *result_buf,
	uint64_t add_data, union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_add **task)
{
	return rdma_se_task(rdma, T_SE_ADD, NULL, event, result_buf, add_data, user_data, task, __func__);
}
