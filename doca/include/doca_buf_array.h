/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_buf_array.h
 * @brief DOCA buffer arrays: fixed-size buffers for the GPU and the DPA.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_BUF_ARRAY_H
#define OPENDOCA_DOCA_BUF_ARRAY_H

#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_mmap.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf_arr;
struct doca_dpa;
struct doca_dpa_dev_buf_arr;
struct doca_gpu;
struct doca_gpu_buf_arr;
struct doca_mmap;

/** A buffer array as the DPA names it. */
#if OPENDOCA_REL >= 30
typedef uint64_t doca_dpa_dev_buf_arr_t;
#endif

/**
 * @brief Creates a buffer array.
 *
 * @param [in] num_elem number of elements
 * @param [out] buf_arr the buffer array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 3.0, 3.1: doca_error_t doca_buf_arr_create(size_t num_elem, struct doca_buf_arr **buf_arr)
 * - 1.4, 2.2, 2.5, 2.6, 2.7: doca_error_t doca_buf_arr_create(struct doca_mmap *mmap, struct doca_buf_arr **buf_arr) — symbol doca_buf_arr_create_v2_2@DOCA_2.2
 * @since 2.2
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_create(size_t num_elem, struct doca_buf_arr **buf_arr);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_create(struct doca_mmap *mmap, struct doca_buf_arr **buf_arr)
	OPENDOCA_FORM(doca_buf_arr_create_v2_2);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_create(struct doca_mmap *mmap, struct doca_buf_arr **buf_arr)
	OPENDOCA_FORM(doca_buf_arr_create_v2_2);
#endif

/**
 * @brief Destroys a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_destroy(struct doca_buf_arr *buf_arr);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_destroy(struct doca_buf_arr *buf_arr);
#endif

/**
 * @brief Gets the dpa handle of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [out] dpa_buf_arr dpa buf arr
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 3.0, 3.1: doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, doca_dpa_dev_buf_arr_t *dpa_buf_arr)
 * - 2.5, 2.6, 2.7: doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, struct doca_dpa_dev_buf_arr **dpa_buf_arr) — symbol doca_buf_arr_get_dpa_handle_v2_5@DOCA_2.5
 * @since 2.5
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, doca_dpa_dev_buf_arr_t *dpa_buf_arr);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr, struct doca_dpa_dev_buf_arr **dpa_buf_arr)
	OPENDOCA_FORM(doca_buf_arr_get_dpa_handle_v2_5);
#endif

/**
 * @brief Gets the gpu handle of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [out] gpu_buf_arr gpu buf arr
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_get_gpu_handle(const struct doca_buf_arr *buf_arr, struct doca_gpu_buf_arr **gpu_buf_arr);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_get_gpu_handle(const struct doca_buf_arr *buf_arr, struct doca_gpu_buf_arr **gpu_buf_arr);
#endif

/**
 * @brief Sets the params of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [in] mmap the memory map
 * @param [in] elem_size size of each element
 * @param [in] start_offset offset of the first element in the memory map
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @par Releases
 * - 3.0, 3.1: doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, struct doca_mmap *mmap, size_t elem_size, uint64_t start_offset)
 * - 1.4, 2.2, 2.5, 2.6, 2.7: doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, size_t size, uint32_t num_elem, uint32_t start_offset) — symbol doca_buf_arr_set_params_v2_2@DOCA_2.2
 * @since 2.2
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, struct doca_mmap *mmap, size_t elem_size,
				     uint64_t start_offset);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, size_t size, uint32_t num_elem,
				     uint32_t start_offset) OPENDOCA_FORM(doca_buf_arr_set_params_v2_2);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr, size_t size, uint32_t num_elem,
				     uint32_t start_offset) OPENDOCA_FORM(doca_buf_arr_set_params_v2_2);
#endif

/**
 * @brief Sets the target dpa of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [in] dpa_handler the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_target_dpa(struct doca_buf_arr *buf_arr, struct doca_dpa *dpa_handler);
#endif

/**
 * @brief Sets the target gpu of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [in] gpu_handler the DOCA GPU device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_target_gpu(struct doca_buf_arr *buf_arr, struct doca_gpu *gpu_handler);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_set_target_gpu(struct doca_buf_arr *buf_arr, struct doca_gpu *gpu_handler);
#endif

/**
 * @brief Starts a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_start(struct doca_buf_arr *buf_arr);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_start(struct doca_buf_arr *buf_arr);
#endif

/**
 * @brief Stops a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_stop(struct doca_buf_arr *buf_arr);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_arr_stop(struct doca_buf_arr *buf_arr);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_BUF_ARRAY_H */
