/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_buf.h
 * @brief DOCA buffers: a head/length inside a memory map with a data section, refcounts and lists.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_BUF_H
#define OPENDOCA_DOCA_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;

#if OPENDOCA_REL <= 22
/** Buffer extensions of an inventory. */
enum doca_buf_extension {
	DOCA_BUF_EXTENSION_NONE = 0,
};
#endif

/**
 * @brief Appends buffer list list2 to buffer list list1.
 *
 * @param [in] list1 the first list
 * @param [in] list2 the second list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_chain_list(struct doca_buf *list1, struct doca_buf *list2);
#endif

/**
 * @brief Appends buffer list list2 to buffer list list1 whose last buffer is list1_tail.
 *
 * @param [out] list1_head list1 head
 * @param [out] list1_tail list1 tail
 * @param [in] list2 the second list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_buf_chain_list_tail(struct doca_buf *list1_head, struct doca_buf *list1_tail, struct doca_buf *list2);
#endif

/**
 * @brief Drops a reference to a buffer; the last one returns it to its inventory.
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_dec_refcount(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief Gets the data of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] data data address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_data(const struct doca_buf *buf, void **data);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_get_data(const struct doca_buf *buf, void **data);
#endif

/**
 * @brief Gets the data len of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] data_len data length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_data_len(const struct doca_buf *buf, size_t *data_len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_get_data_len(const struct doca_buf *buf, size_t *data_len);
#endif

/**
 * @brief Gets the head of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] head head
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_head(const struct doca_buf *buf, void **head);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_get_head(const struct doca_buf *buf, void **head);
#endif

/**
 * @brief Gets the last in list of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] last_buf last buf
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_last_in_list(struct doca_buf *buf, struct doca_buf **last_buf);
#endif

/**
 * @brief Gets the len of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_len(const struct doca_buf *buf, size_t *len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_get_len(const struct doca_buf *buf, size_t *len);
#endif

/**
 * @brief Gets the list len of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] num_elements number of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_list_len(const struct doca_buf *buf, uint32_t *num_elements);
#endif

/**
 * @brief Gets the next in list of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] next_buf next buf
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_next_in_list(struct doca_buf *buf, struct doca_buf **next_buf);
#endif

/**
 * @brief Gets the refcount of a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_buf_get_refcount(const struct doca_buf *buf, uint16_t *refcount)
 * - 1.4, 2.2: doca_error_t doca_buf_get_refcount(struct doca_buf *buf, uint16_t *refcount)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_get_refcount(const struct doca_buf *buf, uint16_t *refcount);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_get_refcount(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief The address of the memory a buffer points to (1.4).
 *
 * @param [in] buf the buffer
 * @param [out] head head
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_head_get(struct doca_buf *buf, uint8_t **head);
#endif

/**
 * @brief Adds a reference to a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_inc_refcount(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief Tells whether a buffer is first in list.
 *
 * @param [in] buf the buffer
 * @param [out] is_first is first
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_is_first_in_list(const struct doca_buf *buf, uint8_t *is_first);
#endif

/**
 * @brief Tells whether a buffer is in list.
 *
 * @param [in] buf the buffer
 * @param [out] is_in_list is in list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_is_in_list(const struct doca_buf *buf, uint8_t *is_in_list);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_is_in_list(const struct doca_buf *buf, uint8_t *is_in_list);
#endif

/**
 * @brief Tells whether a buffer is last in list.
 *
 * @param [in] buf the buffer
 * @param [out] is_last is last
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_is_last_in_list(const struct doca_buf *buf, uint8_t *is_last);
#endif

/**
 * @brief The length of the memory a buffer points to (1.4).
 *
 * @param [in] buf the buffer
 * @param [in] len length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_len_get(struct doca_buf *buf, size_t *len);
#endif

/**
 * @brief Appends buffer list list2 to buffer list list1 (2.2).
 *
 * @param [in] list1 the first list
 * @param [in] list2 the second list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_chain(struct doca_buf *list1, struct doca_buf *list2);
#endif

/**
 * @brief Tells whether a buffer list is first.
 *
 * @param [in] buf the buffer
 * @param [out] is_first is first
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_is_first(const struct doca_buf *buf, bool *is_first);
#endif

/**
 * @brief Tells whether a buffer list is last.
 *
 * @param [in] buf the buffer
 * @param [out] is_last is last
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_is_last(const struct doca_buf *buf, bool *is_last);
#endif

/**
 * @brief The last buffer of the list a buffer is in (2.2).
 *
 * @param [in] buf the buffer
 * @param [out] last_buf last buf
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_last(struct doca_buf *buf, struct doca_buf **last_buf);
#endif

/**
 * @brief The buffer after a buffer in its list (2.2).
 *
 * @param [in] buf the buffer
 * @param [out] next_buf next buf
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_next(struct doca_buf *buf, struct doca_buf **next_buf);
#endif

/**
 * @brief The number of buffers of the list a buffer heads (2.2).
 *
 * @param [in] buf the buffer
 * @param [out] num_elements number of elements
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_num_elements(const struct doca_buf *buf, uint32_t *num_elements);
#endif

/**
 * @brief Splits buffer list list1 before list2 (2.2).
 *
 * @param [in] list1 the first list
 * @param [in] list2 the second list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_list_unchain(struct doca_buf *list1, struct doca_buf *list2);
#endif

/**
 * @brief Adds a reference to a buffer.
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_refcount_add(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief The reference count of a buffer (1.4).
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_refcount_get(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief Drops a reference to a buffer; the last one returns it to its inventory.
 *
 * @param [in] buf the buffer
 * @param [out] refcount the reference count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_refcount_rm(struct doca_buf *buf, uint16_t *refcount);
#endif

/**
 * @brief Empties the data section of a buffer (its data length becomes 0).
 *
 * @param [in] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_reset_data_len(struct doca_buf *buf);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_reset_data_len(struct doca_buf *buf);
#endif

/**
 * @brief Sets the data of a buffer.
 *
 * @param [in] buf the buffer
 * @param [in] data data address
 * @param [in] data_len data length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_set_data(struct doca_buf *buf, void *data, size_t data_len);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_buf_set_data(struct doca_buf *buf, void *data, size_t data_len);
#endif

/**
 * @brief Sets the data len of a buffer.
 *
 * @param [in] buf the buffer
 * @param [in] data_len data length in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_STABLE
doca_error_t doca_buf_set_data_len(struct doca_buf *buf, size_t data_len);
#endif

/**
 * @brief Splits buffer list list1 before list2.
 *
 * @param [in] list1 the first list
 * @param [in] list2 the second list
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_buf_unchain_list(struct doca_buf *list1, struct doca_buf *list2);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_BUF_H */
