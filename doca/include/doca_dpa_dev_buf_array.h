/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_dev_buf_array.h
 * @brief DOCA buffer arrays in device code (2.5; 2.6 and later: doca_dpa_dev_buf.h).
 *
 * Device code only (doca_dpa_dev.h).
 */
#ifndef OPENDOCA_DOCA_DPA_DEV_BUF_ARRAY_H
#define OPENDOCA_DOCA_DPA_DEV_BUF_ARRAY_H

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The buffer at an index of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [in] buf_idx index of the buffer
 * @since 2.5 (doca_dpa_dev_buf.h in 2.6, 2.7, 3.0, 3.1)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_dpa_dev_buf_t doca_dpa_dev_buf_array_get_buf(doca_dpa_dev_buf_arr_t buf_arr, const uint64_t buf_idx);
#endif

/**
 * @brief The address of a buffer.
 *
 * @param [in] buf the buffer
 * @since 2.5 (doca_dpa_dev_buf.h in 2.6, 2.7, 3.0, 3.1)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf);
#endif

/**
 * @brief The length of a buffer.
 *
 * @param [in] buf the buffer
 * @since 2.5 (doca_dpa_dev_buf.h in 2.6, 2.7, 3.0, 3.1)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
uint64_t doca_dpa_dev_buf_get_len(doca_dpa_dev_buf_t buf);
#endif

/**
 * @brief A pointer the DPA reaches a buffer's memory by.
 *
 * @param [in] buf the buffer
 * @param [in] buf_offset offset in the buffer
 * @since 2.5 (doca_dpa_dev_buf.h in 2.6, 2.7, 3.0, 3.1)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf, uint64_t buf_offset)
	OPENDOCA_FORM(doca_dpa_dev_buf_get_external_ptr_v2_5);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_DEV_BUF_ARRAY_H */
