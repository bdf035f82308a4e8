/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_buf_inventory.h
 * @brief DOCA buffer inventories: pools of buffer descriptors.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_BUF_INVENTORY_H
#define OPENDOCA_DOCA_BUF_INVENTORY_H

#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_mmap.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_buf_inventory;
struct doca_mmap;

#if OPENDOCA_REL <= 14
/** Buffer inventory properties (1.4; values are the project's). */
enum doca_buf_inventory_property {
	DOCA_BUF_INVENTORY_NAME = 1,
	DOCA_BUF_INVENTORY_NUM_ELEMENTS = 2,
	DOCA_BUF_INVENTORY_NUM_FREE_ELEMENTS = 3,
};
#endif

/**
 * @brief Takes a buffer from an inventory with its head, length and data range.
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] addr start address
 * @param [in] len length in bytes
 * @param [out] data data address
 * @param [in] data_len data length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_buf_by_args(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, void *addr,
					    size_t len, void *data, size_t data_len, struct doca_buf **buf);
#endif

/**
 * @brief Takes a buffer from an inventory that duplicates another buffer (the same memory).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] src_buf the source buffer
 * @param [out] dst_buf the new buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory, const struct doca_buf *src_buf,
					struct doca_buf **dst_buf);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory, const struct doca_buf *src_buf,
					struct doca_buf **dst_buf);
#endif

/**
 * @brief Takes a buffer from an inventory with its head, length and data range.
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] addr start address
 * @param [in] len length in bytes
 * @param [out] data data address
 * @param [in] data_len data length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_buf_get_by_args(struct doca_buf_inventory *inventory, struct doca_mmap *mmap,
						void *addr, size_t len, void *data, size_t data_len,
						struct doca_buf **buf);
#endif

/**
 * @brief Creates a buffer inventory.
 *
 * @param [in] num_elements number of elements
 * @param [out] inventory the buffer inventory
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_buf_inventory_create(size_t num_elements, struct doca_buf_inventory **inventory)
 * - 2.2: doca_error_t doca_buf_inventory_create(const union doca_data *user_data, size_t num_elements, uint32_t extensions, struct doca_buf_inventory **buf_inventory) — symbol doca_buf_inventory_create_v2_2@DOCA_2.2
 * - 1.4: doca_error_t doca_buf_inventory_create(const char *name, size_t num_elements, uint32_t extensions, struct doca_buf_inventory **buf_inventory) — symbol doca_buf_inventory_create_v1_4@DOCA_1.4
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_create(size_t num_elements, struct doca_buf_inventory **inventory);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_create(const union doca_data *user_data, size_t num_elements, uint32_t extensions,
				       struct doca_buf_inventory **buf_inventory)
	OPENDOCA_FORM(doca_buf_inventory_create_v2_2);
#elif OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_create(const char *name, size_t num_elements, uint32_t extensions,
				       struct doca_buf_inventory **buf_inventory)
	OPENDOCA_FORM(doca_buf_inventory_create_v1_4);
#endif

/**
 * @brief Destroys a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *inventory);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *inventory);
#endif

/**
 * @brief Adds descriptors to a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @param [in] num_elements number of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_expand(struct doca_buf_inventory *inventory, uint32_t num_elements);
#endif

/**
 * @brief Gets the num elements of a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @param [out] num_of_elements num of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_buf_inventory_get_num_elements(const struct doca_buf_inventory *inventory, uint32_t *num_of_elements)
 * - 1.4, 2.2: doca_error_t doca_buf_inventory_get_num_elements(struct doca_buf_inventory *inventory, uint32_t *num_of_elements)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_get_num_elements(const struct doca_buf_inventory *inventory, uint32_t *num_of_elements);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_get_num_elements(struct doca_buf_inventory *inventory, uint32_t *num_of_elements);
#endif

/**
 * @brief Gets the num free elements of a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @param [out] num_of_free_elements num of free elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_buf_inventory_get_num_free_elements(const struct doca_buf_inventory *inventory, uint32_t *num_of_free_elements)
 * - 1.4, 2.2: doca_error_t doca_buf_inventory_get_num_free_elements(struct doca_buf_inventory *inventory, uint32_t *num_of_free_elements)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_get_num_free_elements(const struct doca_buf_inventory *inventory,
						      uint32_t *num_of_free_elements);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_get_num_free_elements(struct doca_buf_inventory *inventory,
						      uint32_t *num_of_free_elements);
#endif

/**
 * @brief Gets the user data of a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_buf_inventory_get_user_data(const struct doca_buf_inventory *inventory, union doca_data *user_data)
 * - 1.4, 2.2: doca_error_t doca_buf_inventory_get_user_data(struct doca_buf_inventory *inventory, union doca_data *user_data)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_get_user_data(const struct doca_buf_inventory *inventory, union doca_data *user_data);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_get_user_data(struct doca_buf_inventory *inventory, union doca_data *user_data);
#endif

/**
 * @brief Gets a property of a buffer inventory (1.4).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_property_get(struct doca_buf_inventory *inventory,
					     enum doca_buf_inventory_property property, const uint8_t *value,
					     uint32_t size);
#endif

/**
 * @brief Sets a property of a buffer inventory (1.4).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_property_set(struct doca_buf_inventory *inventory,
					     enum doca_buf_inventory_property property, const uint8_t *value,
					     uint32_t size);
#endif

/**
 * @brief Sets the user data of a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @param [in] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_set_user_data(struct doca_buf_inventory *inventory, union doca_data user_data);
#endif

/**
 * @brief Starts a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory);
#endif

/**
 * @brief Stops a buffer inventory.
 *
 * @param [in] inventory the buffer inventory
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory);
#endif

/**
 * @brief Takes a buffer from an inventory over [addr, addr + len) of a memory map (no data).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] addr start address
 * @param [in] len length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.2: doca_error_t doca_buf_inventory_buf_by_addr(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, void *addr, size_t len, struct doca_buf **buf)
 * - 1.4: doca_error_t doca_buf_inventory_buf_by_addr(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, char *addr, size_t len, struct doca_buf **buf)
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL == 22
static inline doca_error_t doca_buf_inventory_buf_by_addr(struct doca_buf_inventory *inventory, struct doca_mmap *mmap,
							  void *addr, size_t len, struct doca_buf **buf)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	return doca_buf_inventory_buf_by_args(inventory, mmap, addr, len, addr, 0, buf);
#pragma GCC diagnostic pop
}
#elif OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_inventory_buf_by_addr(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, char *addr,
					    size_t len, struct doca_buf **buf);
#endif

/**
 * @brief Takes a buffer from an inventory whose data is [data, data + data_len).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] data data address
 * @param [in] data_len data length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
static inline doca_error_t doca_buf_inventory_buf_by_data(struct doca_buf_inventory *inventory, struct doca_mmap *mmap,
							  void *data, size_t data_len, struct doca_buf **buf)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	return doca_buf_inventory_buf_by_args(inventory, mmap, data, data_len, data, data_len, buf);
#pragma GCC diagnostic pop
}
#endif

/**
 * @brief Takes a buffer from an inventory over [addr, addr + len) of a memory map (no data).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] addr start address
 * @param [in] len length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
static inline doca_error_t doca_buf_inventory_buf_get_by_addr(struct doca_buf_inventory *inventory,
							      struct doca_mmap *mmap, void *addr, size_t len,
							      struct doca_buf **buf)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	return doca_buf_inventory_buf_get_by_args(inventory, mmap, addr, len, addr, 0, buf);
#pragma GCC diagnostic pop
}
#endif

/**
 * @brief Takes a buffer from an inventory whose data is [data, data + data_len).
 *
 * @param [in] inventory the buffer inventory
 * @param [in] mmap the memory map
 * @param [out] data data address
 * @param [in] data_len data length in bytes
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
static inline doca_error_t doca_buf_inventory_buf_get_by_data(struct doca_buf_inventory *inventory,
							      struct doca_mmap *mmap, void *data, size_t data_len,
							      struct doca_buf **buf)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	return doca_buf_inventory_buf_get_by_args(inventory, mmap, data, data_len, data, data_len, buf);
#pragma GCC diagnostic pop
}
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_BUF_INVENTORY_H */
