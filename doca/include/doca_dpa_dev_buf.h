/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_dev_buf.h
 * @brief DOCA buffers and buffer arrays in device code (2.6 and later; 2.5: doca_dpa_dev_buf_array.h), and memory copies.
 *
 * Device code only (doca_dpa_dev.h).
 */
#ifndef OPENDOCA_DOCA_DPA_DEV_BUF_H
#define OPENDOCA_DOCA_DPA_DEV_BUF_H

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

#if OPENDOCA_REL >= 26
/**
 * A buffer of a buffer array as the host lays it out in DPA memory; a doca_dpa_dev_buf_t is its
 * address. Packed: 32 bytes at any alignment.
 */
struct doca_dpa_dev_buf {
	uintptr_t addr; /**< address of the buffer's memory */
	uint64_t len;   /**< length of the buffer */
#if OPENDOCA_REL >= 27
	doca_dpa_dev_mmap_t mmap;   /**< the memory map the buffer is in (its DPA handle) */
	unsigned char reserved[12]; /**< not for the program */
#else
	unsigned char reserved[16]; /**< not for the program */
#endif
} __attribute__((__packed__));

/** A buffer array as the host lays it out in DPA memory; a doca_dpa_dev_buf_arr_t is its address. */
struct doca_dpa_dev_buf_arr {
	struct doca_dpa_dev_buf *bufs; /**< the buffers, in order */
	unsigned char reserved[20];    /**< not for the program */
} __attribute__((__aligned__(64)));
#endif

/**
 * @brief Starts a copy between memories the DPA reaches; doca_dpa_dev_memcpy_synchronize waits for it.
 *
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @since 2.2 (doca_dpa_dev.h in 2.2, 2.5)
 */
#if OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
			    uint64_t src_offset, size_t length);
#endif

/**
 * @brief Starts a copy that transposes a matrix of elements; doca_dpa_dev_memcpy_synchronize waits for it.
 *
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @param [in] element_size size of an element
 * @param [in] num_columns number of columns
 * @param [in] num_rows number of rows
 * @since 2.2 (doca_dpa_dev.h in 2.2, 2.5)
 */
#if OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_transpose2D_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
					uint64_t src_offset, size_t length, size_t element_size, size_t num_columns,
					size_t num_rows);
#endif

/**
 * @brief Waits for the calling thread's copies (doca_dpa_dev_memcpy_nb) to complete.
 *
 * @since 2.2 (doca_dpa_dev.h in 2.2, 2.5)
 */
#if OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_synchronize(void);
#endif

/**
 * @brief The buffer at an index of a buffer array.
 *
 * @param [in] buf_arr the buffer array
 * @param [in] buf_idx index of the buffer
 * @since 2.5 (doca_dpa_dev_buf_array.h in 2.5)
 */
#if OPENDOCA_REL >= 26
OPENDOCA_EXPERIMENTAL_INLINE_
static inline doca_dpa_dev_buf_t doca_dpa_dev_buf_array_get_buf(doca_dpa_dev_buf_arr_t buf_arr, const uint64_t buf_idx)
{
	return (doca_dpa_dev_buf_t)(uintptr_t) &
	       ((const struct doca_dpa_dev_buf_arr *)(uintptr_t)buf_arr)->bufs[buf_idx];
}
#endif

/**
 * @brief The address of a buffer.
 *
 * @param [in] buf the buffer
 * @since 2.5 (doca_dpa_dev_buf_array.h in 2.5)
 */
#if OPENDOCA_REL >= 26
OPENDOCA_EXPERIMENTAL_INLINE_
static inline uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf)
{
	return ((const struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr;
}
#endif

/**
 * @brief The length of a buffer.
 *
 * @param [in] buf the buffer
 * @since 2.5 (doca_dpa_dev_buf_array.h in 2.5)
 */
#if OPENDOCA_REL >= 26
OPENDOCA_EXPERIMENTAL_INLINE_
static inline uint64_t doca_dpa_dev_buf_get_len(doca_dpa_dev_buf_t buf)
{
	return ((const struct doca_dpa_dev_buf *)(uintptr_t)buf)->len;
}
#endif

/**
 * @brief The memory map (its DPA handle) of a buffer.
 *
 * @param [in] buf the buffer
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
OPENDOCA_EXPERIMENTAL_INLINE_
static inline doca_dpa_dev_mmap_t doca_dpa_dev_buf_get_mmap(doca_dpa_dev_buf_t buf)
{
	return ((const struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap;
}
#endif

/**
 * @brief Sets the address of a buffer.
 *
 * @param [in] buf the buffer
 * @param [in] addr the address
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
OPENDOCA_EXPERIMENTAL_INLINE_
static inline void doca_dpa_dev_buf_set_addr(doca_dpa_dev_buf_t buf, uintptr_t addr)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr = addr;
}
#endif

/**
 * @brief Sets the length of a buffer.
 *
 * @param [in] buf the buffer
 * @param [in] len the length
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
OPENDOCA_EXPERIMENTAL_INLINE_
static inline void doca_dpa_dev_buf_set_len(doca_dpa_dev_buf_t buf, size_t len)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->len = len;
}
#endif

/**
 * @brief Sets the memory map (its DPA handle) of a buffer.
 *
 * @param [in] buf the buffer
 * @param [in] mmap the memory map's DPA handle
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
OPENDOCA_EXPERIMENTAL_INLINE_
static inline void doca_dpa_dev_buf_set_mmap(doca_dpa_dev_buf_t buf, doca_dpa_dev_mmap_t mmap)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap = mmap;
}
#endif

/**
 * @brief A pointer the DPA reaches a buffer's memory by.
 *
 * @param [in] buf the buffer
 * @param [in] buf_offset offset in the buffer
 * @par Releases
 * - 3.0, 3.1: doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf)
 * - 2.6, 2.7: doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf, uint64_t buf_offset) — symbol doca_dpa_dev_buf_get_external_ptr_v2_5
 * @since 2.5 (doca_dpa_dev_buf_array.h in 2.5)
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf);
#elif OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf, uint64_t buf_offset)
	OPENDOCA_FORM(doca_dpa_dev_buf_get_external_ptr_v2_5);
#endif

/**
 * @brief A pointer the DPA reaches an address of a memory map by.
 *
 * @param [in] mmap_handle the memory map's DPA handle
 * @param [in] addr the address
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_dpa_dev_uintptr_t doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle, uint64_t addr);
#endif

/**
 * @brief Posts a copy between memory maps on an asynchronous-operations queue.
 *
 * @param [in] async_ops_handle the asynchronous-operations queue
 * @param [in] dst_mmap_handle destination memory map
 * @param [in] dst_addr destination address
 * @param [in] src_mmap_handle source memory map
 * @param [in] src_addr source address
 * @param [in] length length in bytes
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_post_memcpy(doca_dpa_dev_async_ops_t async_ops_handle, doca_dpa_dev_mmap_t dst_mmap_handle,
			      uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
			      uint32_t flags);
#endif

/**
 * @brief Posts a copy between buffers on an asynchronous-operations queue.
 *
 * @param [in] async_ops_handle the asynchronous-operations queue
 * @param [in] dst_buf_handle destination buffer
 * @param [in] src_buf_handle source buffer
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_post_buf_memcpy(doca_dpa_dev_async_ops_t async_ops_handle, doca_dpa_dev_buf_t dst_buf_handle,
				  doca_dpa_dev_buf_t src_buf_handle, uint32_t flags);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_DEV_BUF_H */
