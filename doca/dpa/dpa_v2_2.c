/* 2.2's forms: doca_dpa_create takes the application and flags (none defined) and starts. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_dpa.h"

#include "dpa_ctx.h"

#include <limits.h>

doca_error_t doca_dpa_create(struct doca_dev *dev, doca_dpa_app_t app, doca_dpa_t *dpa, unsigned int flags)
{
	if (!app)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app is NULL");
	if (flags)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "flags %#x: none is defined", flags);
	return dpa_create(dev, (flexio_app *)app, dpa, __func__);
}

doca_error_t doca_dpa_app_name_get(doca_dpa_app_t app, char *app_name, int *app_name_len)
{
	size_t len;
	doca_error_t err;

	if (!app_name_len || *app_name_len < 0)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "app_name_len is %s",
				     !app_name_len ? "NULL" : "negative");
	len = (size_t)*app_name_len;
	err = dpa_app_name((flexio_app *)app, app_name, &len, __func__);
	if (!err)
		*app_name_len = (int)len;
	return err;
}
