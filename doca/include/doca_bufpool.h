/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_bufpool.h
 * @brief DOCA buffer pools (2.2 spelling).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_BUFPOOL_H
#define OPENDOCA_DOCA_BUFPOOL_H

#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_mmap.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_bufpool;
struct doca_mmap;

/**
 * @brief Takes a buffer from a buffer pool (2.2).
 *
 * @param [in] bufpool the buffer pool
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_buf_alloc(struct doca_bufpool *bufpool, struct doca_buf **buf);
#endif

/**
 * @brief Creates a buffer pool.
 *
 * @param [in] user_data user data
 * @param [in] num_elements number of elements
 * @param [in] extensions buffer extensions (DOCA_BUF_EXTENSION_*)
 * @param [in] element_size size of each element
 * @param [in] element_alignment alignment of each element
 * @param [in] mmap the memory map
 * @param [out] bufpool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_create(const union doca_data *user_data, size_t num_elements, uint32_t extensions,
				 size_t element_size, size_t element_alignment, const struct doca_mmap *mmap,
				 struct doca_bufpool **bufpool);
#endif

/**
 * @brief Destroys a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_destroy(struct doca_bufpool *bufpool);
#endif

/**
 * @brief Gets the num elements of a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @param [out] num_of_elements num of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_get_num_elements(const struct doca_bufpool *bufpool, uint32_t *num_of_elements);
#endif

/**
 * @brief Gets the num free elements of a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @param [out] num_of_free_elements num of free elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_get_num_free_elements(const struct doca_bufpool *bufpool, uint32_t *num_of_free_elements);
#endif

/**
 * @brief Gets the user data of a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_get_user_data(const struct doca_bufpool *bufpool, union doca_data *user_data);
#endif

/**
 * @brief Starts a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_start(struct doca_bufpool *bufpool);
#endif

/**
 * @brief Stops a buffer pool.
 *
 * @param [in] bufpool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_bufpool_stop(struct doca_bufpool *bufpool);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_BUFPOOL_H */
