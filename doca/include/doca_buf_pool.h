/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_buf_pool.h
 * @brief DOCA buffer pools: fixed-size buffers carved from a memory map.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_BUF_POOL_H
#define OPENDOCA_DOCA_BUF_POOL_H

#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_mmap.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_buf_pool;
struct doca_mmap;

/**
 * @brief Takes a buffer from a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [out] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_buf_alloc(struct doca_buf_pool *buf_pool, struct doca_buf **buf);
#endif

/**
 * @brief Creates a buffer pool.
 *
 * @param [in] num_elements number of elements
 * @param [in] element_size size of each element
 * @param [in] mmap the memory map
 * @param [out] buf_pool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_create(size_t num_elements, size_t element_size, const struct doca_mmap *mmap,
				  struct doca_buf_pool **buf_pool);
#endif

/**
 * @brief Destroys a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_destroy(struct doca_buf_pool *buf_pool);
#endif

/**
 * @brief Gets the element alignment of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [out] element_alignment alignment of each element
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_get_element_alignment(const struct doca_buf_pool *buf_pool, size_t *element_alignment);
#endif

/**
 * @brief Gets the num elements of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [out] num_of_elements num of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_get_num_elements(const struct doca_buf_pool *buf_pool, uint32_t *num_of_elements);
#endif

/**
 * @brief Gets the num free elements of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [out] num_of_free_elements num of free elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_get_num_free_elements(const struct doca_buf_pool *buf_pool, uint32_t *num_of_free_elements);
#endif

/**
 * @brief Gets the user data of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_get_user_data(const struct doca_buf_pool *buf_pool, union doca_data *user_data);
#endif

/**
 * @brief Sets the element alignment of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [in] element_alignment alignment of each element
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_set_element_alignment(struct doca_buf_pool *buf_pool, size_t element_alignment);
#endif

/**
 * @brief Sets the user data of a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @param [in] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_set_user_data(struct doca_buf_pool *buf_pool, union doca_data user_data);
#endif

/**
 * @brief Starts a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_start(struct doca_buf_pool *buf_pool);
#endif

/**
 * @brief Stops a buffer pool.
 *
 * @param [in] buf_pool the buffer pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_pool_stop(struct doca_buf_pool *buf_pool);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_BUF_POOL_H */
