/*
 * The DOCA Core programming guide's (1.x) device calls: doca_dev_as_devinfo with an output
 * parameter, doca_devinfo_property_get, and remote devices, which are the representors of the
 * host's network functions a BlueField's device sees (dev_rep.c serves both).
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include "doca_dev.h"

#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "dev_internal.h"

doca_error_t doca_dev_as_devinfo(struct doca_dev *dev, struct doca_devinfo **devinfo)
{
	struct doca_devinfo *info;

	if (!devinfo)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "devinfo is NULL");
	info = dev_as_devinfo(dev, __func__);
	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	*devinfo = info;
	return DOCA_SUCCESS;
}

/* A string property into value: size at least the property's size (the DOCA_DEVINFO_*_SIZE). */
static doca_error_t string_property(const char *text, const char *what, uint8_t *value, uint32_t size, uint32_t need,
				    const char *ibdev, const char *func)
{
	if (size < need)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s is %u bytes, the value's size %u", what,
				     need, size);
	if (!text[0])
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "%s has no %s", ibdev, what);
	snprintf((char *)value, size, "%s", text);
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_property_get(const struct doca_devinfo *devinfo, enum doca_devinfo_property property,
				       uint8_t *value, uint32_t size)
{
	struct dev_props props;
	struct doca_pci_bdf bdf;
	unsigned bus, device, function;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!value)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	switch (property) {
	case DOCA_DEVINFO_PROPERTY_VUID:
		return string_property(props.vuid, "VUID", value, size, DOCA_DEVINFO_VUID_SIZE, props.ibdev_name,
				       __func__);
	case DOCA_DEVINFO_PROPERTY_IFACE_NAME:
		return string_property(props.iface_name, "network interface", value, size, DOCA_DEVINFO_IFACE_NAME_SIZE,
				       props.ibdev_name, __func__);
	case DOCA_DEVINFO_PROPERTY_IBDEV_NAME:
		return string_property(props.ibdev_name, "IB device name", value, size, DOCA_DEVINFO_IBDEV_NAME_SIZE,
				       props.ibdev_name, __func__);
	case DOCA_DEVINFO_PROPERTY_IPV4_ADDR:
		return dev_ip_addr(devinfo, AF_INET, value, size, __func__);
	case DOCA_DEVINFO_PROPERTY_IPV6_ADDR:
		return dev_ip_addr(devinfo, AF_INET6, value, size, __func__);
	case DOCA_DEVINFO_PROPERTY_PCI_ADDR:
		/* "returned as Bus Device Function format": a struct doca_pci_bdf */
		if (size < sizeof(bdf))
			return opendoca_fail(
				DOCA_ERROR_INVALID_VALUE, __func__,
				"the PCI address is a struct doca_pci_bdf of %zu bytes, the value's size %u",
				sizeof(bdf), size);
		if (sscanf(props.pci_addr + 5, "%2x:%2x.%1x", &bus, &device, &function) != 3)
			return opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "%s has no PCI address", props.ibdev_name);
		memset(&bdf, 0, sizeof(bdf));
		bdf.bus = (uint16_t)bus;
		bdf.device = (uint16_t)device;
		bdf.function = (uint16_t)function;
		memcpy(value, &bdf, sizeof(bdf));
		return DOCA_SUCCESS;
	}
	return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "no property %d", (int)property);
}

doca_error_t doca_devinfo_remote_list_create(struct doca_dev *dev, int filter,
					     struct doca_devinfo_remote ***devinfo_remote_list,
					     uint32_t *nb_devs_remote)
{
	return dev_rep_list_create(dev, filter, &opendoca_remote_info_kind, (void ***)devinfo_remote_list,
				   nb_devs_remote, __func__);
}

doca_error_t doca_devinfo_remote_list_destroy(struct doca_devinfo_remote **devinfo_remote_list)
{
	return dev_rep_list_destroy((void **)devinfo_remote_list, &opendoca_remote_info_kind, __func__);
}

doca_error_t doca_devinfo_remote_property_get(const struct doca_devinfo_remote *devinfo_remote,
					      enum doca_devinfo_remote_property property, uint8_t *value, uint32_t size)
{
	struct rep_props props;
	doca_error_t err = dev_rep_props_of(devinfo_remote, &opendoca_remote_info_kind, &props, __func__);

	if (err)
		return err;
	if (!value)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "value is NULL");
	if (property != DOCA_DEVINFO_REMOTE_PROPERTY_VUID)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "no property %d", (int)property);
	return string_property(props.vuid, "VUID", value, size, DOCA_DEVINFO_VUID_SIZE, props.iface_name, __func__);
}

doca_error_t doca_dev_remote_open(struct doca_devinfo_remote *devinfo_remote, struct doca_dev_remote **dev_remote)
{
	return dev_rep_open(devinfo_remote, &opendoca_remote_kind, (void **)dev_remote, __func__);
}

doca_error_t doca_dev_remote_close(struct doca_dev_remote *dev_remote)
{
	return dev_rep_close(dev_remote, &opendoca_remote_kind, __func__);
}

doca_error_t doca_dev_remote_as_devinfo(struct doca_dev_remote *dev_remote, struct doca_devinfo_remote **devinfo_remote)
{
	struct doca_devinfo_remote *info;

	if (!devinfo_remote)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "devinfo_remote is NULL");
	info = dev_rep_as_devinfo(dev_remote, &opendoca_remote_kind, __func__);
	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	*devinfo_remote = info;
	return DOCA_SUCCESS;
}
