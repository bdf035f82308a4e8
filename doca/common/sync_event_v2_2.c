/*
 * The sync event forms of 2.2 (and the 1.x line, which sees 2.2's declarations): the
 * publisher_add_location / subscriber_add_location spellings, the get_*_supported capabilities,
 * export_remote, and jobs on work queues (DOCA_SYNC_EVENT_JOB_*: their records are filled here,
 * executed by the event's context, sync_event_task.c).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_sync_event.h"

#include "private.h"
#include "private_ctx.h"
#include "sync_event.h"

doca_error_t doca_sync_event_publisher_add_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_CPU, dev, NULL, __func__);
}

doca_error_t doca_sync_event_publisher_add_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_DPA, NULL, dpa, __func__);
}

doca_error_t doca_sync_event_publisher_add_location_dpu(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, true, OPENDOCA_SE_DPU, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_publisher_add_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu)
{
	return opendoca_se_gpu_location(event, gpu, __func__);
}

doca_error_t doca_sync_event_subscriber_add_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_CPU, dev, NULL, __func__);
}

doca_error_t doca_sync_event_subscriber_add_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_DPA, NULL, dpa, __func__);
}

doca_error_t doca_sync_event_subscriber_add_location_dpu(struct doca_sync_event *event)
{
	return opendoca_se_add_location(event, false, OPENDOCA_SE_DPU, NULL, NULL, __func__);
}

doca_error_t doca_sync_event_subscriber_add_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu)
{
	return opendoca_se_gpu_location(event, gpu, __func__);
}

doca_error_t doca_sync_event_get_create_from_export_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_EXPORT, __func__);
}

doca_error_t doca_sync_event_get_export_to_dpa_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_EXPORT_DPA, __func__);
}

doca_error_t doca_sync_event_get_export_to_dpu_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_EXPORT, __func__);
}

doca_error_t doca_sync_event_get_export_to_gpu_supported(const struct doca_devinfo *devinfo)
{
	return opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_GPU, __func__);
}

doca_error_t doca_sync_event_job_get_supported(struct doca_devinfo *devinfo, enum doca_sync_event_job_types type)
{
	doca_error_t err = opendoca_se_cap(devinfo, OPENDOCA_SE_CAP_CPU, __func__);

	if (err || (type >= DOCA_SYNC_EVENT_JOB_WAIT_GT && type <= DOCA_SYNC_EVENT_JOB_UPDATE_ADD))
		return err;
	return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is no sync event job type", (int)type);
}

/* The remote handle: what DPA endpoints' signals reach the counter by (sync_event.h). */
doca_error_t doca_sync_event_export_remote(struct doca_sync_event *event, doca_sync_event_remote_t *handle)
{
	return opendoca_se_remote_handle(event, handle ? handle->data : NULL, __func__);
}

doca_error_t opendoca_se_job_init(struct opendoca_task *task, const struct doca_job *job)
{
	struct opendoca_se_op *op = opendoca_task_priv(task);

	switch (job->type) {
	case DOCA_SYNC_EVENT_JOB_WAIT_GT: {
		const struct doca_sync_event_job_wait *wait = (const struct doca_sync_event_job_wait *)job;

		*op = (struct opendoca_se_op){ .type = OPENDOCA_SE_TASK_WAIT_GT,
					       .value = wait->value,
					       .mask = wait->mask };
		return DOCA_SUCCESS;
	}
	case DOCA_SYNC_EVENT_JOB_GET: {
		const struct doca_sync_event_job_get *get = (const struct doca_sync_event_job_get *)job;

		if (!get->value)
			return DOCA_ERROR_INVALID_VALUE;
		*op = (struct opendoca_se_op){ .type = OPENDOCA_SE_TASK_GET, .out = get->value };
		return DOCA_SUCCESS;
	}
	case DOCA_SYNC_EVENT_JOB_UPDATE_SET: {
		const struct doca_sync_event_job_update_set *set = (const struct doca_sync_event_job_update_set *)job;

		*op = (struct opendoca_se_op){ .type = OPENDOCA_SE_TASK_NOTIFY_SET, .value = set->value };
		return DOCA_SUCCESS;
	}
	case DOCA_SYNC_EVENT_JOB_UPDATE_ADD: {
		const struct doca_sync_event_job_update_add *add = (const struct doca_sync_event_job_update_add *)job;

		*op = (struct opendoca_se_op){ .type = OPENDOCA_SE_TASK_NOTIFY_ADD,
					       .value = add->value,
					       .out = add->fetched };
		return DOCA_SUCCESS;
	}
	default:
		return DOCA_ERROR_NOT_SUPPORTED;
	}
}
