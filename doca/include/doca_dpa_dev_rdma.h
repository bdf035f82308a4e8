/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_dev_rdma.h
 * @brief DOCA RDMA in device code (2.5 and later): the operations device code posts on an RDMA context whose data path is on the DPA.
 *
 * Device code only (doca_dpa_dev.h).
 */
#ifndef OPENDOCA_DOCA_DPA_DEV_RDMA_H
#define OPENDOCA_DOCA_DPA_DEV_RDMA_H

#include "doca_dpa_dev.h"
/* RDMA signals name sync events: programs including this header call doca_dpa_dev_sync_event_*
 * too (NVIDIA's 3.0 ping-pong sample). */
#include "doca_dpa_dev_sync_event.h"

#ifdef __cplusplus
extern "C" {
#endif

#if OPENDOCA_REL >= 25
/** An RDMA context (the host's doca_rdma_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_rdma_t;
#endif

#if OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
/** A shared receive queue of RDMA contexts (2.6 - 2.10). */
typedef uint64_t doca_dpa_dev_rdma_srq_t;
#endif

/**
 * @brief Reads remote memory into local memory over an RDMA context; doca_dpa_dev_rdma_synchronize waits for it.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_read(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
			    doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length);
#endif

/**
 * @brief Writes local memory to remote memory over an RDMA context; doca_dpa_dev_rdma_synchronize waits for it.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_write(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
			     doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length);
#endif

/**
 * @brief Adds to a remote 64-bit value atomically over an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] value the value
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset,
					size_t value);
#endif

/**
 * @brief Adds to a remote sync event over an RDMA context, after the operations posted before.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] remote_sync_event the remote sync event (its DPA handle)
 * @param [in] count the value
 * @par Releases
 * - 2.7, 3.0, 3.1: void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
 * - 2.5, 2.6: void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count) — symbol doca_dpa_dev_rdma_signal_add_v2_5
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				  doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
				  uint64_t count) OPENDOCA_FORM(doca_dpa_dev_rdma_signal_add_v2_5);
#endif

/**
 * @brief Sets a remote sync event over an RDMA context, after the operations posted before.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] remote_sync_event the remote sync event (its DPA handle)
 * @param [in] count the value
 * @par Releases
 * - 2.7, 3.0, 3.1: void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
 * - 2.5, 2.6: void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count) — symbol doca_dpa_dev_rdma_signal_set_v2_5
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				  doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
				  uint64_t count) OPENDOCA_FORM(doca_dpa_dev_rdma_signal_set_v2_5);
#endif

/**
 * @brief Waits for the operations of the calling thread on an RDMA context to complete.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_synchronize(doca_dpa_dev_rdma_t rdma);
#endif

/**
 * @brief Posts a send of local memory on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] mmap_handle the memory map's DPA handle
 * @param [in] addr the address
 * @param [in] length length in bytes
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @param [in] buf the buffer
 * @param [in] offset offset in the buffer
 * @par Releases
 * - 2.7, 3.0, 3.1: void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length, uint32_t flags)
 * - 2.6: void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length) — symbol doca_dpa_dev_rdma_post_send_v2_6
 * @since 2.6
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t mmap_handle,
				 uint64_t addr, size_t length, uint32_t flags);
#elif OPENDOCA_REL == 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length)
	OPENDOCA_FORM(doca_dpa_dev_rdma_post_send_v2_6);
#endif

/**
 * @brief Posts a send of local memory with an immediate value on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] mmap_handle the memory map's DPA handle
 * @param [in] addr the address
 * @param [in] length length in bytes
 * @param [in] immediate the immediate value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t mmap_handle,
				     uint64_t addr, size_t length, uint32_t immediate, uint32_t flags);
#endif

/**
 * @brief Posts a receive into local memory on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] mmap_handle the memory map's DPA handle
 * @param [in] addr the address
 * @param [in] length length in bytes
 * @param [in] buf the buffer
 * @param [in] offset offset in the buffer
 * @par Releases
 * - 2.7, 3.0, 3.1: void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length)
 * - 2.6: void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length) — symbol doca_dpa_dev_rdma_post_receive_v2_6
 * @since 2.6
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap_handle, uint64_t addr,
				    size_t length);
#elif OPENDOCA_REL == 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t buf, uint64_t offset, size_t length)
	OPENDOCA_FORM(doca_dpa_dev_rdma_post_receive_v2_6);
#endif

/**
 * @brief Posts a receive into local memory on a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [in] buf the buffer
 * @param [in] offset offset in the buffer
 * @param [in] length length in bytes
 * @since 2.6
 */
#if OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_srq_post_receive(doca_dpa_dev_rdma_srq_t rdma_srq, doca_dpa_dev_buf_t buf, uint64_t offset,
					size_t length);
#endif

/**
 * @brief Posts an RDMA write of local memory to remote memory.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_mmap_handle destination memory map
 * @param [in] dst_addr destination address
 * @param [in] src_mmap_handle source memory map
 * @param [in] src_addr source address
 * @param [in] length length in bytes
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t dst_mmap_handle,
				  uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
				  size_t length, uint32_t flags);
#endif

/**
 * @brief Posts an RDMA write of local memory to remote memory with an immediate value.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_mmap_handle destination memory map
 * @param [in] dst_addr destination address
 * @param [in] src_mmap_handle source memory map
 * @param [in] src_addr source address
 * @param [in] length length in bytes
 * @param [in] immediate the immediate value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				      doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
				      doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
				      uint32_t immediate, uint32_t flags);
#endif

/**
 * @brief Posts an RDMA read of remote memory into local memory.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
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
void doca_dpa_dev_rdma_post_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id, doca_dpa_dev_mmap_t dst_mmap_handle,
				 uint64_t dst_addr, doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
				 size_t length, uint32_t flags);
#endif

/**
 * @brief Posts an atomic add to a remote 64-bit value.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_mmap_handle destination memory map
 * @param [in] dst_addr destination address
 * @param [in] value the value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					     doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr, uint64_t value,
					     uint32_t flags);
#endif

/**
 * @brief Posts a send of a buffer on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] send_buf_handle the buffer sent
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				     doca_dpa_dev_buf_t send_buf_handle, uint32_t flags);
#endif

/**
 * @brief Posts a send of a buffer with an immediate value on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] send_buf_handle the buffer sent
 * @param [in] immediate the immediate value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					 doca_dpa_dev_buf_t send_buf_handle, uint32_t immediate, uint32_t flags);
#endif

/**
 * @brief Posts a receive into a buffer on an RDMA context.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] receive_buf_handle the buffer received into
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t receive_buf_handle);
#endif

/**
 * @brief Posts an RDMA write of a buffer to a remote buffer.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_buf_handle destination buffer
 * @param [in] src_buf_handle source buffer
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				      doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
				      uint32_t flags);
#endif

/**
 * @brief Posts an RDMA write of a buffer to a remote buffer with an immediate value.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_buf_handle destination buffer
 * @param [in] src_buf_handle source buffer
 * @param [in] immediate the immediate value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
					  doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
					  uint32_t immediate, uint32_t flags);
#endif

/**
 * @brief Posts an RDMA read of a remote buffer into a buffer.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_buf_handle destination buffer
 * @param [in] src_buf_handle source buffer
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
				     doca_dpa_dev_buf_t dst_buf_handle, doca_dpa_dev_buf_t src_buf_handle,
				     uint32_t flags);
#endif

/**
 * @brief Posts an atomic add to the remote 64-bit value a buffer names.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] connection_id the connection of the RDMA context
 * @param [in] dst_buf_handle destination buffer
 * @param [in] value the value
 * @param [in] flags submit flags (enum doca_dpa_dev_submit_flag)
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_post_buf_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
						 doca_dpa_dev_buf_t dst_buf_handle, uint64_t value, uint32_t flags);
#endif

/**
 * @brief Acknowledges receives completed, making their room available again.
 *
 * @param [in] rdma the RDMA context (doca_rdma_get_dpa_handle)
 * @param [in] num_acked number of receives
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_rdma_receive_ack(doca_dpa_dev_rdma_t rdma, uint32_t num_acked);
#endif

/**
 * @brief The index of the work request a completion of an RDMA context reports.
 *
 * @param [in] comp_element the completion
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
uint32_t doca_dpa_dev_rdma_completion_get_wr_index(doca_dpa_dev_completion_element_t comp_element);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_DEV_RDMA_H */
