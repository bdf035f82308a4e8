/*
 * DOCA DMA of 1.x (the DOCA Core programming guide): the device's DMA capabilities as a bit
 * mask. 1.x's other forms are 2.2's (dma_v2_2.c) and the newest (dma.c).
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include "doca_dma.h"

#include "dma.h"

doca_error_t doca_dma_devinfo_caps_get(struct doca_devinfo *devinfo, uint32_t *dma_caps)
{
	bool supported = false;
	doca_error_t err;

	if (!dma_caps)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dma_caps is NULL");
	err = opendoca_dma_supported(devinfo, &supported, __func__);
	if (!err)
		*dma_caps = supported ? DOCA_DMA_CAP_HW_OFFLOAD : DOCA_DMA_CAP_NONE;
	return err;
}
