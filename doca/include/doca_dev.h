/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_dev.h
 * @brief DOCA devices: discovery, properties, capabilities, opening; representors; 1.4 remote devices.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_DEV_H
#define OPENDOCA_DOCA_DEV_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dev_remote;
struct doca_dev_rep;
struct doca_devinfo;
struct doca_devinfo_remote;
struct doca_devinfo_rep;

/** Size of an IB device name, terminating zero included. */
#define DOCA_DEVINFO_IBDEV_NAME_SIZE 64
/** Size of an interface name, terminating zero included. */
#define DOCA_DEVINFO_IFACE_NAME_SIZE 256
/** Size of an IPv4 address. */
#define DOCA_DEVINFO_IPV4_ADDR_SIZE 4
/** Size of an IPv6 address. */
#define DOCA_DEVINFO_IPV6_ADDR_SIZE 16
/** Size of a MAC address. */
#define DOCA_DEVINFO_MAC_ADDR_SIZE 6
/** Size of a PCI address string "XXXX:XX:XX.X", terminating zero included. */
#define DOCA_DEVINFO_PCI_ADDR_SIZE 13
/** Size of a PCI BDF string "XX:XX.X", terminating zero included. */
#define DOCA_DEVINFO_PCI_BDF_SIZE 8
/** Size of a representor's PCI address string, terminating zero included. */
#define DOCA_DEVINFO_REP_PCI_ADDR_SIZE 13
/** Size of a representor's PCI BDF string, terminating zero included. */
#define DOCA_DEVINFO_REP_PCI_BDF_SIZE 8
/** Size of a representor's VUID, terminating zero included. */
#define DOCA_DEVINFO_REP_VUID_SIZE 128
/** Size of a VUID, terminating zero included. */
#define DOCA_DEVINFO_VUID_SIZE 128

#if OPENDOCA_REL <= 14
/** Which remote devices a list holds (1.4). */
enum doca_dev_remote_filter {
	DOCA_DEV_REMOTE_FILTER_ALL = 0,
	DOCA_DEV_REMOTE_FILTER_NET = 2,
	DOCA_DEV_REMOTE_FILTER_EMULATED = 4,
};
#endif

#if OPENDOCA_REL <= 22
/** Which representors a list holds (2.2). */
enum doca_dev_rep_filter {
	DOCA_DEV_REP_FILTER_ALL = 0,
	DOCA_DEV_REP_FILTER_NET = 2,
	DOCA_DEV_REP_FILTER_EMULATED = 4,
};
#endif

#if OPENDOCA_REL <= 14
/** Device properties (1.4; values are the project's). */
enum doca_devinfo_property {
	DOCA_DEVINFO_PROPERTY_VUID = 1,
	DOCA_DEVINFO_PROPERTY_PCI_ADDR = 2,
	DOCA_DEVINFO_PROPERTY_IPV4_ADDR = 3,
	DOCA_DEVINFO_PROPERTY_IPV6_ADDR = 4,
	DOCA_DEVINFO_PROPERTY_IFACE_NAME = 5,
	DOCA_DEVINFO_PROPERTY_IBDEV_NAME = 6,
};
#endif

#if OPENDOCA_REL <= 14
/** Remote device properties (1.4; values are the project's). */
enum doca_devinfo_remote_property {
	DOCA_DEVINFO_REMOTE_PROPERTY_VUID = 1,
};
#endif

#if OPENDOCA_REL >= 25
/** Which representors a list holds. */
enum doca_devinfo_rep_filter {
	DOCA_DEVINFO_REP_FILTER_ALL = 0,
	DOCA_DEVINFO_REP_FILTER_NET = 2,
	DOCA_DEVINFO_REP_FILTER_EMULATED = 4,
};
#endif

/**
 * @brief Frees a device's resources of destroyed objects now rather than lazily.
 *
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_dev_accelerate_resource_reclaim(struct doca_dev *dev);
#endif

/**
 * @brief The device information of an open device.
 *
 * @param [in] dev the device
 * @return the object, or NULL for a bad argument.
 * @par Releases
 * - 2.2, 2.5, 2.6, 2.7, 3.0, 3.1: struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev)
 * - 1.4: doca_error_t doca_dev_as_devinfo(struct doca_dev *dev, struct doca_devinfo **devinfo) — symbol doca_dev_as_devinfo_v1_4@DOCA_1.4
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev);
#elif OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_as_devinfo(struct doca_dev *dev, struct doca_devinfo **devinfo)
	OPENDOCA_FORM(doca_dev_as_devinfo_v1_4);
#endif

/**
 * @brief Closes a device.
 *
 * NULL is no device: nothing is closed and DOCA_SUCCESS returned, as free(NULL) does.
 *
 * @param [in] dev the device, or NULL
 * @return DOCA_SUCCESS, DOCA_ERROR_IN_USE while memory maps, contexts or representors use it,
 *         DOCA_ERROR_INVALID_VALUE for a pointer that is no open device.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dev_close(struct doca_dev *dev);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_close(struct doca_dev *dev);
#endif

/**
 * @brief Opens a device.
 *
 * @param [in] devinfo the device information
 * @param [out] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev);
#endif

/**
 * @brief The remote device information of an open remote device (1.4).
 *
 * @param [out] dev_remote the remote device
 * @param [out] devinfo_remote the remote device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_remote_as_devinfo(struct doca_dev_remote *dev_remote,
					struct doca_devinfo_remote **devinfo_remote);
#endif

/**
 * @brief Closes a remote device.
 *
 * @param [in] dev_remote the remote device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_remote_close(struct doca_dev_remote *dev_remote);
#endif

/**
 * @brief Opens a remote device.
 *
 * @param [out] devinfo_remote the remote device information
 * @param [out] dev_remote the remote device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_remote_open(struct doca_devinfo_remote *devinfo_remote, struct doca_dev_remote **dev_remote);
#endif

/**
 * @brief The representor information of an open representor.
 *
 * @param [in] dev_rep the representor
 * @return the object, or NULL for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep);
#endif

/**
 * @brief Closes a device representor.
 *
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev);
#endif

/**
 * @brief Opens a device representor.
 *
 * @param [in] devinfo the device information
 * @param [out] dev_rep the representor
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo, struct doca_dev_rep **dev_rep);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo, struct doca_dev_rep **dev_rep);
#endif

/**
 * @brief Tells whether a device supports accelerate resource reclaim for the device information.
 *
 * @param [in] devinfo the device information
 * @param [out] is_accelerate_resource_reclaim is accelerate resource reclaim
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_cap_is_accelerate_resource_reclaim_supported(const struct doca_devinfo *devinfo,
								       uint8_t *is_accelerate_resource_reclaim);
#endif

/**
 * @brief Tells whether a device supports hotplug manager for the device information.
 *
 * @param [in] devinfo the device information
 * @param [out] is_hotplug_manager is hotplug manager
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_cap_is_hotplug_manager_supported(const struct doca_devinfo *devinfo,
							   uint8_t *is_hotplug_manager);
#endif

/**
 * @brief Tells whether a device supports notification moderation for the device information.
 *
 * @param [in] devinfo the device information
 * @param [out] is_notification_moderation_supported is notification moderation supported
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_cap_is_notification_moderation_supported(const struct doca_devinfo *devinfo,
								   uint8_t *is_notification_moderation_supported);
#endif

/**
 * @brief Lists the devices of the machine.
 *
 * @param [out] dev_list the device list
 * @param [out] nb_devs number of devices in the list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_create_list(struct doca_devinfo ***dev_list, uint32_t *nb_devs);
#endif

/**
 * @brief Releases a device list (open devices stay open).
 *
 * @param [out] dev_list the device list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_destroy_list(struct doca_devinfo **dev_list);
#endif

/**
 * @brief Gets the active rate of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] active_rate active rate
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 3.0, 3.1: doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, uint64_t *active_rate)
 * - 2.6, 2.7: doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, double *active_rate) — symbol doca_devinfo_get_active_rate_v2_6@DOCA_2.6
 * @since 2.6
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, uint64_t *active_rate);
#elif OPENDOCA_REL >= 26 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, double *active_rate)
	OPENDOCA_FORM(doca_devinfo_get_active_rate_v2_6);
#endif

/**
 * @brief Gets the ibdev name of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] ibdev_name ibdev name
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *ibdev_name, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *ibdev_name, uint32_t size);
#endif

/**
 * @brief Gets the iface name of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] iface_name iface name
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *iface_name, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *iface_name, uint32_t size);
#endif

/**
 * @brief Gets the ipv4 addr of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] ipv4_addr ipv4 addr
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo, uint8_t *ipv4_addr, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo, uint8_t *ipv4_addr, uint32_t size);
#endif

/**
 * @brief Gets the ipv6 addr of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] ipv6_addr ipv6 addr
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_ipv6_addr(const struct doca_devinfo *devinfo, uint8_t *ipv6_addr, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_ipv6_addr(const struct doca_devinfo *devinfo, uint8_t *ipv6_addr, uint32_t size);
#endif

/**
 * @brief Gets the is hotplug manager supported of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] is_hotplug_manager is hotplug manager
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_hotplug_manager_supported(const struct doca_devinfo *devinfo,
							   uint8_t *is_hotplug_manager);
#endif

/**
 * @brief Gets the is mmap export dpu supported of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] mmap_export mmap export
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_mmap_export_dpu_supported(const struct doca_devinfo *devinfo, uint8_t *mmap_export);
#endif

/**
 * @brief Gets the is mmap from export dpu supported of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] from_export from export
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_mmap_from_export_dpu_supported(const struct doca_devinfo *devinfo,
								uint8_t *from_export);
#endif

/**
 * @brief Gets the is pci addr equal of a device information.
 *
 * @param [in] devinfo the device information
 * @param [in] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @param [out] is_equal 1 when equal, 0 otherwise
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_pci_addr_equal(const struct doca_devinfo *devinfo, const char *pci_addr_str,
						uint8_t *is_equal);
#endif

/**
 * @brief Gets the lid of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] lid lid
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_lid(const struct doca_devinfo *devinfo, uint16_t *lid);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_lid(const struct doca_devinfo *devinfo, uint16_t *lid);
#endif

/**
 * @brief Gets the mac addr of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] mac_addr mac addr
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo, uint8_t *mac_addr, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo, uint8_t *mac_addr, uint32_t size);
#endif

/**
 * @brief Gets the pci addr str of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo, char *pci_addr_str);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo, char *pci_addr_str);
#endif

/**
 * @brief Gets the pci func type of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] pci_func_type pci func type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.1
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_pci_func_type(const struct doca_devinfo *devinfo, enum doca_pci_func_type *pci_func_type);
#endif

/**
 * @brief Gets the sf index of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] sf_index sf index
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.1
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_sf_index(const struct doca_devinfo *devinfo, uint32_t *sf_index);
#endif

/**
 * @brief Gets the vhca id of a device information.
 *
 * @param [in] devinfo the device information
 * @param [out] vhca_id vhca id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_vhca_id(const struct doca_devinfo *devinfo, uint16_t *vhca_id);
#endif

/**
 * @brief Tells whether a device information is equal pci addr.
 *
 * @param [in] devinfo the device information
 * @param [in] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @param [out] is_equal 1 when equal, 0 otherwise
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_is_equal_pci_addr(const struct doca_devinfo *devinfo, const char *pci_addr_str,
					    uint8_t *is_equal);
#endif

/**
 * @brief Lists the devices of the machine.
 *
 * @param [out] dev_list the device list
 * @param [out] nb_devs number of devices in the list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_list_create(struct doca_devinfo ***dev_list, uint32_t *nb_devs);
#endif

/**
 * @brief Releases a device list (open devices stay open).
 *
 * @param [out] dev_list the device list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_list_destroy(struct doca_devinfo **dev_list);
#endif

/**
 * @brief Gets a property of a device information (1.4).
 *
 * @param [in] devinfo the device information
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_property_get(const struct doca_devinfo *devinfo, enum doca_devinfo_property property,
				       uint8_t *value, uint32_t size);
#endif

/**
 * @brief Lists the remote devices a local device can see (1.4).
 *
 * @param [in] dev the device
 * @param [in] filter which representors
 * @param [out] devinfo_remote_list devinfo remote list
 * @param [out] nb_devs_remote nb devs remote
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_remote_list_create(struct doca_dev *dev, int filter,
					     struct doca_devinfo_remote ***devinfo_remote_list,
					     uint32_t *nb_devs_remote);
#endif

/**
 * @brief Releases a remote device list (1.4).
 *
 * @param [out] devinfo_remote_list devinfo remote list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_remote_list_destroy(struct doca_devinfo_remote **devinfo_remote_list);
#endif

/**
 * @brief Gets a property of a remote device information (1.4).
 *
 * @param [in] devinfo_remote the remote device information
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_remote_property_get(const struct doca_devinfo_remote *devinfo_remote,
					      enum doca_devinfo_remote_property property, uint8_t *value,
					      uint32_t size);
#endif

/**
 * @brief Tells whether a device supports filter all for the representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] filter_all_supported filter all supported
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_cap_is_filter_all_supported(const struct doca_devinfo *devinfo,
							  uint8_t *filter_all_supported);
#endif

/**
 * @brief Tells whether a device supports filter emulated for the representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] filter_emulated_supported filter emulated supported
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_cap_is_filter_emulated_supported(const struct doca_devinfo *devinfo,
							       uint8_t *filter_emulated_supported);
#endif

/**
 * @brief Tells whether a device supports filter net for the representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] filter_net_supported filter net supported
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_cap_is_filter_net_supported(const struct doca_devinfo *devinfo,
							  uint8_t *filter_net_supported);
#endif

/**
 * @brief Lists the representors a device can see.
 *
 * @param [in] dev the device
 * @param [in] filter which representors
 * @param [out] dev_list_rep the representor list
 * @param [out] nb_devs_rep number of representors in the list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_create_list(struct doca_dev *dev, int filter, struct doca_devinfo_rep ***dev_list_rep,
					  uint32_t *nb_devs_rep);
#endif

/**
 * @brief Releases a representor list.
 *
 * @param [out] dev_list_rep the representor list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_destroy_list(struct doca_devinfo_rep **dev_list_rep);
#endif

/**
 * @brief Gets the iface name of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] iface_name iface name
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_iface_name(const struct doca_devinfo_rep *devinfo_rep, char *iface_name,
					     uint32_t size);
#endif

/**
 * @brief Gets the is hotplug of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] is_hotplug is hotplug
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_get_is_hotplug(const struct doca_devinfo_rep *devinfo_rep, uint8_t *is_hotplug);
#endif

/**
 * @brief Gets the is list all supported of a representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] all_supported all supported
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_is_list_all_supported(const struct doca_devinfo *devinfo, uint8_t *all_supported);
#endif

/**
 * @brief Gets the is list emulated supported of a representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] emulated_supported emulated supported
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_is_list_emulated_supported(const struct doca_devinfo *devinfo,
							     uint8_t *emulated_supported);
#endif

/**
 * @brief Gets the is list net supported of a representor information.
 *
 * @param [in] devinfo the device information
 * @param [out] net_supported net supported
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_is_list_net_supported(const struct doca_devinfo *devinfo, uint8_t *net_supported);
#endif

/**
 * @brief Gets the is pci addr equal of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [in] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @param [out] is_equal 1 when equal, 0 otherwise
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_is_pci_addr_equal(const struct doca_devinfo_rep *devinfo_rep,
						    const char *pci_addr_str, uint8_t *is_equal);
#endif

/**
 * @brief Gets the pci addr str of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str);
#endif

/**
 * @brief Gets the pci func type of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] pci_func_type pci func type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_get_pci_func_type(const struct doca_devinfo_rep *devinfo_rep,
						enum doca_pci_func_type *pci_func_type);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_pci_func_type(const struct doca_devinfo_rep *devinfo_rep,
						enum doca_pci_func_type *pci_func_type);
#endif

/**
 * @brief Gets the vhca id of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] vhca_id vhca id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_vhca_id(const struct doca_devinfo_rep *devinfo_rep, uint16_t *vhca_id);
#endif

/**
 * @brief Gets the vuid of a representor information.
 *
 * @param [in] devinfo_rep the representor information
 * @param [out] rep_vuid rep vuid
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_get_vuid(const struct doca_devinfo_rep *devinfo_rep, char *rep_vuid, uint32_t size);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_get_vuid(const struct doca_devinfo_rep *devinfo_rep, char *rep_vuid, uint32_t size);
#endif

/**
 * @brief Tells whether a representor information is equal pci addr.
 *
 * @param [in] devinfo_rep the representor information
 * @param [in] pci_addr_str PCI address "XXXX:XX:XX.X"
 * @param [out] is_equal 1 when equal, 0 otherwise
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_devinfo_rep_is_equal_pci_addr(const struct doca_devinfo_rep *devinfo_rep, const char *pci_addr_str,
						uint8_t *is_equal);
#endif

/**
 * @brief Lists the representors a device can see.
 *
 * @param [in] dev the device
 * @param [in] filter which representors
 * @param [out] dev_list_rep the representor list
 * @param [out] nb_devs_rep number of representors in the list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_list_create(struct doca_dev *dev, int filter, struct doca_devinfo_rep ***dev_list_rep,
					  uint32_t *nb_devs_rep);
#endif

/**
 * @brief Releases a representor list.
 *
 * @param [out] dev_list_rep the representor list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_rep_list_destroy(struct doca_devinfo_rep **dev_list_rep);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DEV_H */
