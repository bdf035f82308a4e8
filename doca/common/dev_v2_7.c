/* 2.6 - 2.10's form of doca_devinfo_get_active_rate: a double, in Gb/s (3.0: an integer, bits/s). */
#define DOCA_VER_USED DOCA_VER(2, 10, 87)

#include "doca_dev.h"

#include "dev_internal.h"

doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, double *active_rate)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!active_rate)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "active_rate is NULL");
	*active_rate = props.active_rate_gbps;
	return DOCA_SUCCESS;
}
