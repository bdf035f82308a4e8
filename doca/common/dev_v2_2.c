/*
 * 2.2's spellings of the device calls (and 1.x's, which has 2.2's): doca_devinfo_list_create,
 * the doca_devinfo_get_is_*_supported capabilities, doca_devinfo_rep_list_create and the
 * representor filters' capabilities.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_dev.h"

#include "dev_internal.h"

doca_error_t doca_devinfo_list_create(struct doca_devinfo ***dev_list, uint32_t *nb_devs)
{
	return dev_list_create(dev_list, nb_devs, __func__);
}

doca_error_t doca_devinfo_list_destroy(struct doca_devinfo **dev_list)
{
	return dev_list_destroy(dev_list, __func__);
}

doca_error_t doca_devinfo_get_is_pci_addr_equal(const struct doca_devinfo *devinfo, const char *pci_addr_str,
						uint8_t *is_equal)
{
	return dev_is_equal_pci_addr(devinfo, pci_addr_str, is_equal, __func__);
}

doca_error_t doca_devinfo_get_is_hotplug_manager_supported(const struct doca_devinfo *devinfo,
							   uint8_t *is_hotplug_manager)
{
	return dev_cap(devinfo, OPENDOCA_CAP_HOTPLUG_MANAGER, is_hotplug_manager, __func__);
}

doca_error_t doca_devinfo_get_is_mmap_export_dpu_supported(const struct doca_devinfo *devinfo, uint8_t *mmap_export)
{
	return dev_cap(devinfo, OPENDOCA_CAP_MMAP_EXPORT_PCI, mmap_export, __func__);
}

doca_error_t doca_devinfo_get_is_mmap_from_export_dpu_supported(const struct doca_devinfo *devinfo,
								uint8_t *from_export)
{
	return dev_cap(devinfo, OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI, from_export, __func__);
}

doca_error_t doca_devinfo_rep_get_is_list_all_supported(const struct doca_devinfo *devinfo, uint8_t *all_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_ALL, all_supported, __func__);
}

doca_error_t doca_devinfo_rep_get_is_list_net_supported(const struct doca_devinfo *devinfo, uint8_t *net_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_NET, net_supported, __func__);
}

doca_error_t doca_devinfo_rep_get_is_list_emulated_supported(const struct doca_devinfo *devinfo,
							     uint8_t *emulated_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_EMULATED, emulated_supported, __func__);
}

doca_error_t doca_devinfo_rep_list_create(struct doca_dev *dev, int filter, struct doca_devinfo_rep ***dev_list_rep,
					  uint32_t *nb_devs_rep)
{
	return dev_rep_list_create(dev, filter, &opendoca_repinfo_kind, (void ***)dev_list_rep, nb_devs_rep, __func__);
}

doca_error_t doca_devinfo_rep_list_destroy(struct doca_devinfo_rep **dev_list_rep)
{
	return dev_rep_list_destroy((void **)dev_list_rep, &opendoca_repinfo_kind, __func__);
}

doca_error_t doca_devinfo_rep_get_is_pci_addr_equal(const struct doca_devinfo_rep *devinfo_rep,
						    const char *pci_addr_str, uint8_t *is_equal)
{
	return dev_rep_is_equal_pci_addr(devinfo_rep, pci_addr_str, is_equal, __func__);
}
