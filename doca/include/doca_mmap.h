/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_mmap.h
 * @brief DOCA memory maps: memory ranges registered with devices, export and import.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_MMAP_H
#define OPENDOCA_DOCA_MMAP_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_devinfo;
struct doca_dpa;
struct doca_mmap;

#if OPENDOCA_REL <= 14
/** Memory map properties (1.4; values are the project's). */
enum doca_mmap_property {
	DOCA_MMAP_NAME = 1,
	DOCA_MMAP_MAX_NUM_CHUNKS = 2,
	DOCA_MMAP_MAX_NUM_DEVICES = 3,
	DOCA_MMAP_NUM_BUFS = 4,
	DOCA_MMAP_EXPORTED = 5,
	DOCA_MMAP_FROM_EXPORT = 6,
	DOCA_MMAP_ACCESS_FLAGS = 7,
};
#endif

/** A memory map as the DPA names it. */
#if OPENDOCA_REL >= 27
typedef uint32_t doca_dpa_dev_mmap_t;
#endif
/** Frees a memory range when its memory map is destroyed. */
typedef void(doca_mmap_memrange_free_cb_t)(void *addr, size_t len, void *opaque);

/**
 * @brief Registers the memory of a memory map with a device.
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_add_dev(struct doca_mmap *mmap, struct doca_dev *dev);
#endif

/**
 * @brief Tells whether a device supports create from export pci for the memory map.
 *
 * @param [in] devinfo the device information
 * @param [out] from_export from export
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_cap_is_create_from_export_pci_supported(const struct doca_devinfo *devinfo,
							       uint8_t *from_export);
#endif

/**
 * @brief Tells whether a device supports export pci for the memory map.
 *
 * @param [in] devinfo the device information
 * @param [out] mmap_export mmap export
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_cap_is_export_pci_supported(const struct doca_devinfo *devinfo, uint8_t *mmap_export);
#endif

/**
 * @brief Creates a memory map.
 *
 * @param [out] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_create(struct doca_mmap **mmap)
 * - 2.2: doca_error_t doca_mmap_create(const union doca_data *user_data, struct doca_mmap **mmap) — symbol doca_mmap_create_v2_2@DOCA_2.2
 * - 1.4: doca_error_t doca_mmap_create(const char *name, struct doca_mmap **mmap) — symbol doca_mmap_create_v1_4@DOCA_1.4
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_create(struct doca_mmap **mmap);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_create(const union doca_data *user_data, struct doca_mmap **mmap)
	OPENDOCA_FORM(doca_mmap_create_v2_2);
#elif OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_create(const char *name, struct doca_mmap **mmap) OPENDOCA_FORM(doca_mmap_create_v1_4);
#endif

/**
 * @brief Creates a memory map from an export descriptor.
 *
 * @param [in] user_data user data
 * @param [in] export_desc export descriptor
 * @param [in] export_desc_len length of the export descriptor in bytes
 * @param [in] dev the device
 * @param [out] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.2, 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_create_from_export(const union doca_data *user_data, const void *export_desc, size_t export_desc_len, struct doca_dev *dev, struct doca_mmap **mmap)
 * - 1.4: doca_error_t doca_mmap_create_from_export(const char *name, const uint8_t *export_desc, size_t export_desc_len, struct doca_dev *dev, struct doca_mmap **mmap) — symbol doca_mmap_create_from_export_v1_4@DOCA_1.4
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_create_from_export(const union doca_data *user_data, const void *export_desc,
					  size_t export_desc_len, struct doca_dev *dev, struct doca_mmap **mmap);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_create_from_export(const union doca_data *user_data, const void *export_desc,
					  size_t export_desc_len, struct doca_dev *dev, struct doca_mmap **mmap);
#elif OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_create_from_export(const char *name, const uint8_t *export_desc, size_t export_desc_len,
					  struct doca_dev *dev, struct doca_mmap **mmap)
	OPENDOCA_FORM(doca_mmap_create_from_export_v1_4);
#endif

/**
 * @brief Destroys a memory map.
 *
 * @param [in] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_destroy(struct doca_mmap *mmap);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_destroy(struct doca_mmap *mmap);
#endif

/**
 * @brief Registers the memory of a memory map with a device (2.2 and 1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_dev_add(struct doca_mmap *mmap, struct doca_dev *dev);
#endif

/**
 * @brief The handle by which DPA code of a device reaches a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @param [out] dpa_mmap_handle dpa mmap handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7 (what the 2.9 DOCA DPA samples call; 3.0's form)
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_dev_get_dpa_handle(struct doca_mmap *mmap, const struct doca_dev *dev,
					  doca_dpa_dev_mmap_t *dpa_mmap_handle);
#endif

/**
 * @brief Deregisters the memory of a memory map from a device (2.2 and 1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_dev_rm(struct doca_mmap *mmap, struct doca_dev *dev);
#endif

/**
 * @brief Lets several threads use a memory map at once.
 *
 * @param [in] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_enable_thread_safety(struct doca_mmap *mmap);
#endif

/**
 * @brief Exports a memory map for a device, for doca_mmap_create_from_export (1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @param [out] export_desc export descriptor
 * @param [out] export_desc_len length of the export descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_export(struct doca_mmap *mmap, const struct doca_dev *dev, uint8_t **export_desc,
			      size_t *export_desc_len);
#endif

/**
 * @brief Exports a memory map to the DPU side of a device (2.2).
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @param [in] export_desc export descriptor
 * @param [out] export_desc_len length of the export descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_export_dpu(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				  size_t *export_desc_len);
#endif

/**
 * @brief Exports a memory map for the other side of a PCI device (host or DPU).
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @param [in] export_desc export descriptor
 * @param [out] export_desc_len length of the export descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_export_pci(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				  size_t *export_desc_len);
#endif

/**
 * @brief Exports a memory map for RDMA peers of a device.
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @param [in] export_desc export descriptor
 * @param [out] export_desc_len length of the export descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				   size_t *export_desc_len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				   size_t *export_desc_len);
#endif

/**
 * @brief Gets the exported of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] exported exported
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_get_exported(const struct doca_mmap *mmap, uint8_t *exported)
 * - 1.4, 2.2: doca_error_t doca_mmap_get_exported(struct doca_mmap *mmap, uint8_t *exported)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_exported(const struct doca_mmap *mmap, uint8_t *exported);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_exported(struct doca_mmap *mmap, uint8_t *exported);
#endif

/**
 * @brief Gets the from export of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] from_export from export
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_get_from_export(const struct doca_mmap *mmap, uint8_t *from_export)
 * - 1.4, 2.2: doca_error_t doca_mmap_get_from_export(struct doca_mmap *mmap, uint8_t *from_export)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_from_export(const struct doca_mmap *mmap, uint8_t *from_export);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_from_export(struct doca_mmap *mmap, uint8_t *from_export);
#endif

/**
 * @brief Gets the max num devices of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] max_num_devices maximum number of devices
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_get_max_num_devices(const struct doca_mmap *mmap, uint32_t *max_num_devices)
 * - 1.4, 2.2: doca_error_t doca_mmap_get_max_num_devices(struct doca_mmap *mmap, uint32_t *max_num_devices)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_max_num_devices(const struct doca_mmap *mmap, uint32_t *max_num_devices);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_max_num_devices(struct doca_mmap *mmap, uint32_t *max_num_devices);
#endif

/**
 * @brief Gets the memrange of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] addr start address
 * @param [out] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_memrange(const struct doca_mmap *mmap, void **addr, size_t *len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_memrange(const struct doca_mmap *mmap, void **addr, size_t *len);
#endif

/**
 * @brief Gets the num bufs of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] num_bufs num bufs
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_get_num_bufs(const struct doca_mmap *mmap, uint32_t *num_bufs)
 * - 1.4, 2.2: doca_error_t doca_mmap_get_num_bufs(struct doca_mmap *mmap, uint32_t *num_bufs)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_num_bufs(const struct doca_mmap *mmap, uint32_t *num_bufs);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_num_bufs(struct doca_mmap *mmap, uint32_t *num_bufs);
#endif

/**
 * @brief Gets the user data of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_get_user_data(const struct doca_mmap *mmap, union doca_data *user_data)
 * - 1.4, 2.2: doca_error_t doca_mmap_get_user_data(struct doca_mmap *mmap, union doca_data *user_data)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_get_user_data(const struct doca_mmap *mmap, union doca_data *user_data);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_get_user_data(struct doca_mmap *mmap, union doca_data *user_data);
#endif

/**
 * @brief Adds a memory range to a memory map (1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] addr start address
 * @param [in] len length in bytes
 * @param [in] pg_sz page size the range is aligned to
 * @param [in] free_cb called to free the memory range when the map is destroyed
 * @param [in] opaque passed to free_cb
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_populate(struct doca_mmap *mmap, char *addr, size_t len, size_t pg_sz,
				doca_mmap_memrange_free_cb_t *free_cb, void *opaque);
#endif

/**
 * @brief Gets a property of a memory map (1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_property_get(struct doca_mmap *mmap, enum doca_mmap_property property, const uint8_t *value,
				    uint32_t size);
#endif

/**
 * @brief Sets a property of a memory map (1.4).
 *
 * @param [in] mmap the memory map
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_property_set(struct doca_mmap *mmap, enum doca_mmap_property property, const uint8_t *value,
				    uint32_t size);
#endif

/**
 * @brief Deregisters the memory of a memory map from a device.
 *
 * @param [in] mmap the memory map
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_rm_dev(struct doca_mmap *mmap, struct doca_dev *dev);
#endif

/**
 * @brief Sets the dmabuf memrange of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] dmabuf_fd the dma-buf file descriptor
 * @param [in] addr start address
 * @param [in] dmabuf_offset offset in the dma-buf
 * @param [in] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, void *addr, size_t dmabuf_offset, size_t len)
 * - 1.4, 2.2: doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, size_t offset, size_t len) — symbol doca_mmap_set_dmabuf_memrange_v2_2@DOCA_2.2
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, void *addr, size_t dmabuf_offset,
					   size_t len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_dmabuf_memrange(struct doca_mmap *mmap, int dmabuf_fd, size_t offset, size_t len)
	OPENDOCA_FORM(doca_mmap_set_dmabuf_memrange_v2_2);
#endif

/**
 * @brief Sets the dpa memrange of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] dpa the DOCA DPA context
 * @param [in] dpa_addr dpa addr
 * @param [in] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.7 (what the 2.9 DOCA DPA samples call; 3.0's form)
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_dpa_memrange(struct doca_mmap *mmap, struct doca_dpa *dpa, uint64_t dpa_addr, size_t len);
#endif

/**
 * @brief Sets the free cb of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] free_cb called to free the memory range when the map is destroyed
 * @param [in] opaque passed to free_cb
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_free_cb(struct doca_mmap *mmap, doca_mmap_memrange_free_cb_t *free_cb, void *opaque);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_free_cb(struct doca_mmap *mmap, doca_mmap_memrange_free_cb_t *free_cb, void *opaque);
#endif

/**
 * @brief Sets the max num devices of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] max_num_devices maximum number of devices
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap, uint32_t max_num_devices);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap, uint32_t max_num_devices);
#endif

/**
 * @brief Sets the memrange of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] addr start address
 * @param [in] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_memrange(struct doca_mmap *mmap, void *addr, size_t len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_memrange(struct doca_mmap *mmap, void *addr, size_t len);
#endif

/**
 * @brief Sets the permissions of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] access_mask DOCA_ACCESS_* flags or-ed
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t access_mask);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t access_mask);
#endif

/**
 * @brief Sets the user data of a memory map.
 *
 * @param [in] mmap the memory map
 * @param [in] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_set_user_data(struct doca_mmap *mmap, union doca_data user_data);
#endif

/**
 * @brief Starts a memory map.
 *
 * @param [in] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_start(struct doca_mmap *mmap);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_start(struct doca_mmap *mmap);
#endif

/**
 * @brief Stops a memory map.
 *
 * @param [in] mmap the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_mmap_stop(struct doca_mmap *mmap);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_mmap_stop(struct doca_mmap *mmap);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_MMAP_H */
