/* 2.5's forms: doca_dpa_create starts the context with its application; the capability's 2.5 name. */
#define DOCA_VER_USED DOCA_VER(2, 5, 0)

#include "doca_dev.h"
#include "doca_dpa.h"

#include "caps.h"
#include "dev.h"
#include "dpa_ctx.h"

doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_dpa **dpa)
{
	if (!app)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app is NULL");
	return dpa_create(dev, (flexio_app *)app, dpa, __func__);
}

doca_error_t doca_dpa_app_name_get(struct doca_dpa_app *app, char *app_name, size_t *app_name_len)
{
	return dpa_app_name((flexio_app *)app, app_name, app_name_len, __func__);
}

doca_error_t doca_devinfo_get_is_dpa_supported(const struct doca_devinfo *devinfo)
{
	uint8_t supported = 0;
	doca_error_t err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_DPA, &supported, __func__);

	if (err)
		return err;
	return supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}
