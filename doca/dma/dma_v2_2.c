/*
 * DOCA DMA of 2.2 (and 1.x, whose forms 2.2 kept): a DMA context without a device until
 * doca_ctx_dev_add, memcpy jobs (struct doca_dma_job_memcpy) through work queues, and the
 * device's limits under 2.2's names. The context and its copies are dma.c's.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_dma.h"

#include "dma.h"

_Static_assert(DOCA_DMA_JOB_MEMCPY == DOCA_ACTION_DMA_FIRST + 1, "2.2's first DMA job type");

doca_error_t opendoca_dma_job_init(struct opendoca_task *task, const struct doca_job *job)
{
	const struct doca_dma_job_memcpy *memcpy_job = (const struct doca_dma_job_memcpy *)job;

	if (job->type != DOCA_DMA_JOB_MEMCPY)
		return DOCA_ERROR_NOT_SUPPORTED;
	if (!memcpy_job->src_buff || !memcpy_job->dst_buff)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_dma_task_set(task, NULL, memcpy_job->src_buff, memcpy_job->dst_buff);
	return DOCA_SUCCESS;
}

doca_error_t doca_dma_create(struct doca_dma **dma)
{
	return opendoca_dma_create(OPENDOCA_CTX_API_WORKQ, NULL, dma, __func__);
}

doca_error_t doca_dma_job_get_supported(struct doca_devinfo *devinfo, enum doca_dma_job_types job_type)
{
	bool supported = false;
	doca_error_t err = opendoca_dma_supported(devinfo, &supported, __func__);

	if (err)
		return err;
	/* Not supported is the answer, not a failure: nothing logged. */
	return supported && job_type == DOCA_DMA_JOB_MEMCPY ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

doca_error_t doca_dma_get_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *buf_size)
{
	return opendoca_dma_max_buf_size(devinfo, buf_size, __func__);
}

doca_error_t doca_dma_get_max_list_buf_num_elem(const struct doca_devinfo *devinfo, uint32_t *max_list_num_elem)
{
	return opendoca_dma_max_list_len(devinfo, max_list_num_elem, __func__);
}
