/*
 * The sync event forms of 2.5 - 2.10 that 3.0 dropped (the 2.7 headers declare them all; 2.2
 * declares the exports too): the DPU locations and export (the remote PCI peer of 2.7 and later),
 * export_to_dpa (3.0's get_dpa_handle), the GPU exports, wait_gt tasks (3.0's wait_neq and
 * wait_eq took their place).
 */
#define DOCA_VER_USED DOCA_VER(2, 7, 0)

#include "doca_sync_event.h"

#include "private.h"
#include "sync_event.h"

doca_error_t doca_sync_event_add_publisher_location_dpu(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_DPU, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_add_subscriber_location_dpu(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_DPU, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_cap_is_export_to_dpu_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_EXPORT, __func__);
}

doca_error_t doca_sync_event_cap_task_wait_gt_is_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_CPU, __func__);
}

doca_error_t doca_sync_event_export_to_dpu(struct doca_sync_event *event, struct doca_dev *dev, const uint8_t **data,
					   size_t *sz)
{
	return opendoca_se_export(event, OPENDOCA_SE_EXPORT_PCI, dev, data, sz, __func__);
}

doca_error_t doca_sync_event_export_to_dpa(struct doca_sync_event *event, struct doca_dpa *dpa,
					   doca_dpa_dev_sync_event_t *dpa_dev_se_handle)
{
	return opendoca_se_dpa_handle(event, false, dpa, dpa_dev_se_handle, __func__);
}

doca_error_t doca_sync_event_remote_net_export_to_dpa(struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
						      doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event)
{
	return opendoca_se_dpa_handle(event, true, dpa, dpa_remote_event, __func__);
}

doca_error_t doca_sync_event_export_to_gpu(struct doca_sync_event *event, struct doca_gpu *gpu,
					   doca_gpu_dev_sync_event_t **gpu_dev_se)
{
	return opendoca_se_gpu_handle(event, false, gpu, gpu_dev_se, __func__);
}

doca_error_t doca_sync_event_remote_net_export_to_gpu(struct doca_sync_event_remote_net *event, struct doca_gpu *gpu,
						      doca_gpu_dev_sync_event_remote_net_t *gpu_remote_event)
{
	return opendoca_se_gpu_handle(event, true, gpu, gpu_remote_event, __func__);
}

WAIT_TYPE(wait_gt, OPENDOCA_SE_TASK_WAIT_GT)
