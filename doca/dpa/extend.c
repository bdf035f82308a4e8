/*
 * doca_dpa_device_extend (2.7 on): a DOCA DPA context extended to another device, so that its DPA
 * code reaches that device's objects — on a BlueField, an SF's RDMA contexts from the PF's DPA
 * process. A simulated device's DPA serves that device alone (its FlexIO process lives on the
 * device's ibv context and PD), so a started context's extension to another device is refused
 * with DOCA_ERROR_NOT_SUPPORTED. NVIDIA's DPA samples of 3.2 on extend only a PF that manages
 * representors (doca_devinfo_rep_cap_is_filter_net_supported: a BlueField's Arm side); a PF
 * without (a host's, FLEXIO_SIM_DEVICE_CONFIG "rep=none") serves RDMA itself and is not extended.
 */
#include <doca_dpa.h>

#include "dev.h"
#include "dpa_ctx.h"

doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa, struct doca_dev *other_dev, struct doca_dpa **extended_dpa)
{
	doca_error_t err;
	struct dpa_context *ctx = dpa_get_started(dpa, &err, __func__);

	if (!ctx)
		return err;
	if (!extended_dpa) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "extended_dpa is NULL");
	} else if (other_dev == ctx->base.dev) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "other_dev %p is the device of DOCA DPA context %p", (void *)other_dev,
				    (void *)dpa);
	} else {
		/* validates the device (an open one) and logs the refusal of one that is not */
		err = opendoca_dev_hold(other_dev, __func__);
		if (!err) {
			opendoca_dev_release(other_dev);
			err = opendoca_fail(
				DOCA_ERROR_NOT_SUPPORTED, __func__,
				"DOCA DPA context %p cannot be extended to device %p: the simulated DPA serves "
				"its own device only",
				(void *)dpa, (void *)other_dev);
		}
	}
	dpa_put(ctx);
	return err;
}
