/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_rdma.h
 * @brief DOCA RDMA: sends, receives, reads, writes and atomics between two connected RDMA contexts.
 *
 * An RDMA context (libdoca_rdma) is a DOCA context on a device: configured while idle
 * (permissions, transport, queue sizes, GID index, connections), started on a progress engine
 * (2.5 and later) or with work queues (2.2), connected to a peer by exchanging the bytes of
 * doca_rdma_export and giving the peer's to doca_rdma_connect. Its tasks then move data between
 * this side's buffers and the peer's (a write or read names the peer's memory by a buffer of a
 * memory map created from the peer's doca_mmap_export_rdma).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_RDMA_H
#define OPENDOCA_DOCA_RDMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_dev.h"
#include "doca_ctx.h"
#include "doca_pe.h"
#include "doca_sync_event.h"

#ifdef __cplusplus
extern "C" {
#endif


struct doca_buf;
struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_dpa_completion;
struct doca_dpa_dev_rdma;
struct doca_dpa_dev_rdma_srq;
struct doca_gpu_dev_rdma;
struct doca_job;
struct doca_rdma;
struct doca_rdma_addr;
struct doca_rdma_connection;
struct doca_rdma_gid;
struct doca_rdma_job_atomic;
struct doca_rdma_job_read_write;
struct doca_rdma_job_recv;
struct doca_rdma_job_send;
struct doca_rdma_result;
struct doca_rdma_srq;
struct doca_rdma_task_atomic_cmp_swp;
struct doca_rdma_task_atomic_fetch_add;
struct doca_rdma_task_read;
struct doca_rdma_task_receive;
struct doca_rdma_task_remote_net_sync_event_get;
struct doca_rdma_task_remote_net_sync_event_notify_add;
struct doca_rdma_task_remote_net_sync_event_notify_set;
struct doca_rdma_task_send;
struct doca_rdma_task_send_imm;
struct doca_rdma_task_write;
struct doca_rdma_task_write_imm;
struct doca_sync_event_remote_net;
struct doca_task;
struct rdma_cm_id;

#if OPENDOCA_REL >= 27
/** The kinds of address a connection manager address holds. */
enum doca_rdma_addr_type {
	DOCA_RDMA_ADDR_TYPE_IPv4 = 0,
	DOCA_RDMA_ADDR_TYPE_IPv6 = 1,
	DOCA_RDMA_ADDR_TYPE_GID = 2,
};
#endif

#if OPENDOCA_REL == 22
/** The job types of an RDMA context (2.2). */
enum doca_rdma_job_types {
	DOCA_RDMA_JOB_RECV = 851969,
	DOCA_RDMA_JOB_SEND = 851970,
	DOCA_RDMA_JOB_SEND_IMM = 851971,
	DOCA_RDMA_JOB_READ = 851972,
	DOCA_RDMA_JOB_WRITE = 851973,
	DOCA_RDMA_JOB_WRITE_IMM = 851974,
	DOCA_RDMA_JOB_ATOMIC_CMP_SWP = 851975,
	DOCA_RDMA_JOB_ATOMIC_FETCH_ADD = 851976,
};
#endif

#if OPENDOCA_REL >= 25
/** What a received message was: a send, a send with immediate data, a write with immediate data. */
enum doca_rdma_opcode {
	DOCA_RDMA_OPCODE_RECV_SEND = 0,
	DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM = 1,
	DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM = 2,
};
#endif

#if OPENDOCA_REL == 22
/** What a received message was (2.2). */
enum doca_rdma_opcode_t {
	DOCA_RDMA_OPCODE_RECV_SEND = 0,
	DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM = 1,
	DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM = 2,
};
#endif

#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
/** How a shared receive queue keeps its receive buffers (2.6). */
enum doca_rdma_srq_type {
	DOCA_RDMA_SRQ_TYPE_LINKED_LIST = 0,
	DOCA_RDMA_SRQ_TYPE_CYCLIC = 1,
};
#endif

#if OPENDOCA_REL == 22
/** The states of an RDMA context's connection (2.2). */
enum doca_rdma_state {
	DOCA_RDMA_STATE_RESET = 0,
	DOCA_RDMA_STATE_INIT = 1,
	DOCA_RDMA_STATE_CONNECTED = 2,
	DOCA_RDMA_STATE_ERROR = 3,
};
#endif

#if OPENDOCA_REL == 22
/** The transport an RDMA context uses: reliable connection (RC) or dynamically connected (DC). */
enum doca_rdma_transport_type {
	DOCA_RDMA_TRANSPORT_RC = 0,
	DOCA_RDMA_TRANSPORT_DC = 1,
};
#endif

#if OPENDOCA_REL >= 25
/** The transport an RDMA context uses: reliable connection (RC) or dynamically connected (DC). */
enum doca_rdma_transport_type {
	DOCA_RDMA_TRANSPORT_TYPE_RC = 0,
	DOCA_RDMA_TRANSPORT_TYPE_DC = 1,
};
#endif

/** A GID of a device port (its table: doca_rdma_cap_get_gid). */
#if OPENDOCA_REL >= 22
struct doca_rdma_gid {
	uint8_t raw[16]; /**< the 16 bytes of the GID */
};
#endif

/** A 2.2 RDMA atomic job (fetch and add, compare and swap). */
#if OPENDOCA_REL == 22
struct doca_rdma_job_atomic {
	struct doca_job base;                        /**< the common job part */
	struct doca_buf *cmp_or_add_dest_buff;       /**< the remote 8 bytes the atomic works on */
	struct doca_buf *result_buff;                /**< where the original remote value is written */
	uint64_t swap_or_add_data;                   /**< the value swapped in or added */
	uint64_t cmp_data;                           /**< the value compared (compare and swap) */
	const struct doca_rdma_addr *rdma_peer_addr; /**< the peer (DC transport; NULL for RC) */
};
#endif

/** A 2.2 RDMA read or write job (with or without immediate data). */
#if OPENDOCA_REL == 22
struct doca_rdma_job_read_write {
	struct doca_job base;                        /**< the common job part */
	struct doca_buf *dst_buff;                   /**< the destination buffer */
	const struct doca_buf *src_buff;             /**< the source buffer */
	doca_be32_t immediate_data;                  /**< the immediate data (big endian) */
	const struct doca_rdma_addr *rdma_peer_addr; /**< the peer (DC transport; NULL for RC) */
};
#endif

/** A 2.2 RDMA receive job. */
#if OPENDOCA_REL == 22
struct doca_rdma_job_recv {
	struct doca_job base;      /**< the common job part */
	struct doca_buf *dst_buff; /**< the destination buffer */
};
#endif

/** A 2.2 RDMA send job (with or without immediate data). */
#if OPENDOCA_REL == 22
struct doca_rdma_job_send {
	struct doca_job base;                        /**< the common job part */
	const struct doca_buf *src_buff;             /**< the source buffer */
	doca_be32_t immediate_data;                  /**< the immediate data (big endian) */
	const struct doca_rdma_addr *rdma_peer_addr; /**< the peer (DC transport; NULL for RC) */
};
#endif

/** The result of a 2.2 RDMA job, in its event. */
#if OPENDOCA_REL == 22
struct doca_rdma_result {
	doca_error_t result;                   /**< the status of the job */
	enum doca_rdma_opcode_t opcode;        /**< what the received message was */
	uint32_t length;                       /**< the bytes received */
	struct doca_rdma_addr *rdma_peer_addr; /**< the peer (DC transport; NULL for RC) */
	doca_be32_t immediate_data;            /**< the immediate data (big endian) */
};
#endif

/** The handle of an RDMA context in DPA code (doca_rdma_get_dpa_handle). */
#if OPENDOCA_REL >= 27
typedef uint64_t doca_dpa_dev_rdma_t;
#endif

/** Called on a connection disconnection (doca_rdma_set_connection_state_callbacks). */
#if OPENDOCA_REL >= 27
typedef void (*doca_rdma_connection_disconnection_cb_t)(struct doca_rdma_connection *, union doca_data,
							union doca_data);
#endif

/** Called on a connection established (doca_rdma_set_connection_state_callbacks). */
#if OPENDOCA_REL >= 27
typedef void (*doca_rdma_connection_established_cb_t)(struct doca_rdma_connection *, union doca_data, union doca_data);
#endif

/** Called on a connection failure (doca_rdma_set_connection_state_callbacks). */
#if OPENDOCA_REL >= 27
typedef void (*doca_rdma_connection_failure_cb_t)(struct doca_rdma_connection *, union doca_data, union doca_data);
#endif

/** Called on a connection request (doca_rdma_set_connection_state_callbacks). */
#if OPENDOCA_REL >= 27
typedef void (*doca_rdma_connection_request_cb_t)(struct doca_rdma_connection *, union doca_data);
#endif

/** Called when a atomic cmp swp task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_atomic_cmp_swp_completion_cb_t)(struct doca_rdma_task_atomic_cmp_swp *, union doca_data,
							      union doca_data);
#endif

/** Called when a atomic fetch add task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_atomic_fetch_add_completion_cb_t)(struct doca_rdma_task_atomic_fetch_add *,
								union doca_data, union doca_data);
#endif

/** Called when a read task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_read_completion_cb_t)(struct doca_rdma_task_read *, union doca_data, union doca_data);
#endif

/** Called when a receive task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_receive_completion_cb_t)(struct doca_rdma_task_receive *, union doca_data,
						       union doca_data);
#endif

/** Called when a remote net sync event get task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_remote_net_sync_event_get_completion_cb_t)(
	struct doca_rdma_task_remote_net_sync_event_get *, union doca_data, union doca_data);
#endif

/** Called when a remote net sync event notify add task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t)(
	struct doca_rdma_task_remote_net_sync_event_notify_add *, union doca_data, union doca_data);
#endif

/** Called when a remote net sync event notify set task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t)(
	struct doca_rdma_task_remote_net_sync_event_notify_set *, union doca_data, union doca_data);
#endif

/** Called when a send task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_send_completion_cb_t)(struct doca_rdma_task_send *, union doca_data, union doca_data);
#endif

/** Called when a send imm task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_send_imm_completion_cb_t)(struct doca_rdma_task_send_imm *, union doca_data,
							union doca_data);
#endif

/** Called when a write task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_write_completion_cb_t)(struct doca_rdma_task_write *, union doca_data, union doca_data);
#endif

/** Called when a write imm task completes (its completion or error callback). */
#if OPENDOCA_REL >= 25
typedef void (*doca_rdma_task_write_imm_completion_cb_t)(struct doca_rdma_task_write_imm *, union doca_data,
							 union doca_data);
#endif

/**
 * @brief Creates a connection manager address.
 *
 * @param [in] addr_type addr type
 * @param [in] address address
 * @param [in] port port
 * @param [out] addr the connection manager address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_addr_create(enum doca_rdma_addr_type addr_type, const char *address, uint16_t port,
				   struct doca_rdma_addr **addr);
#endif

/**
 * @brief Destroys a connection manager address.
 *
 * @param [in] addr the connection manager address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_addr_destroy(struct doca_rdma_addr *addr);
#endif

/**
 * @brief The params of an address.
 *
 * @param [in] addr the connection manager address
 * @param [out] addr_type addr type
 * @param [out] address address
 * @param [out] port port
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_addr_get_params(struct doca_rdma_addr *addr, enum doca_rdma_addr_type *addr_type,
				       const char **address, uint16_t *port);
#endif

/**
 * @brief The context (struct doca_ctx) of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *rdma);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *rdma);
#endif

/**
 * @brief Accepts a connection prepared on the program's connection manager identifier.
 *
 * @param [in] rdma the RDMA context
 * @param [in] private_data private data
 * @param [in] private_data_len private data len
 * @param [in] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_bridge_accept(struct doca_rdma *rdma, void *private_data, uint8_t private_data_len,
				     struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Tells the RDMA context a connection prepared on the program's connection manager identifier is established.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_bridge_established(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Prepares a connection on the program's connection manager identifier.
 *
 * @param [in] rdma the RDMA context
 * @param [out] cm_id cm id
 * @param [out] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_bridge_prepare_connection(struct doca_rdma *rdma, struct rdma_cm_id *cm_id,
						 struct doca_rdma_connection **rdma_connection);
#endif

/**
 * @brief The device's gid.
 *
 * @param [in] devinfo the device information
 * @param [in] start_index start index
 * @param [in] num_entries num entries
 * @param [out] gid_array gid array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_gid(const struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
				   struct doca_rdma_gid *gid_array);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_gid(struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
				   struct doca_rdma_gid *gid_array);
#endif

/**
 * @brief The device's gid table size.
 *
 * @param [in] devinfo the device information
 * @param [out] gid_table_size gid table size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_gid_table_size(const struct doca_devinfo *devinfo, uint32_t *gid_table_size);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_gid_table_size(struct doca_devinfo *devinfo, uint32_t *gid_table_size);
#endif

/**
 * @brief The device's max message size.
 *
 * @param [in] devinfo the device information
 * @param [out] max_message_size max message size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size);
#endif

/**
 * @brief The device's max recv queue size.
 *
 * @param [in] devinfo the device information
 * @param [out] max_recv_queue_size max recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_max_recv_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size);
#endif

/**
 * @brief The device's max send buf list len.
 *
 * @param [in] devinfo the device information
 * @param [out] max_send_buf_list_len max send buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_max_send_buf_list_len(const struct doca_devinfo *devinfo,
						     uint32_t *max_send_buf_list_len);
#endif

/**
 * @brief The device's max send queue size.
 *
 * @param [in] devinfo the device information
 * @param [out] max_send_queue_size max send queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_get_max_send_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size);
#endif

/**
 * @brief Tells whether a device supports atomic cmp swp tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_atomic_cmp_swp_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports atomic fetch add tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_atomic_fetch_add_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports read tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_read_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief The device's task receive max dst buf list len.
 *
 * @param [in] devinfo the device information
 * @param [in] transport_type transport type
 * @param [out] max_buf_list_len max buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_receive_get_max_dst_buf_list_len(const struct doca_devinfo *devinfo,
								 enum doca_rdma_transport_type transport_type,
								 uint32_t *max_buf_list_len);
#endif

/**
 * @brief Tells whether a device supports receive tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_receive_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net sync event get tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_remote_net_sync_event_get_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net sync event notify add tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_remote_net_sync_event_notify_add_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net sync event notify set tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_remote_net_sync_event_notify_set_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports send imm tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_send_imm_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports send tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_send_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports write imm tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_write_imm_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports write tasks of the RDMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_task_write_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports a transport type.
 *
 * @param [in] devinfo the device information
 * @param [in] transport_type transport type
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_cap_transport_type_is_supported(const struct doca_devinfo *devinfo,
						       enum doca_rdma_transport_type transport_type);
#endif

/**
 * @brief Connects a running RDMA context (a connection of it) to a peer by the peer's exported details.
 *
 * @param [in] rdma the RDMA context
 * @param [in] remote_rdma_conn_details remote rdma conn details
 * @param [in] remote_rdma_conn_details_size remote rdma conn details size
 * @param [in] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connect(struct doca_rdma *rdma, const void *remote_rdma_conn_details,
			       size_t remote_rdma_conn_details_size, struct doca_rdma_connection *rdma_connection);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connect(struct doca_rdma *rdma, const void *remote_rdma_conn_details,
			       size_t remote_rdma_conn_details_size) OPENDOCA_FORM(doca_rdma_connect_v2_2);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connect(struct doca_rdma *rdma, const void *remote_rdma_conn_details,
			       size_t remote_rdma_conn_details_size) OPENDOCA_FORM(doca_rdma_connect_v2_2);
#endif

/**
 * @brief Connects through the connection manager to a peer listening at an address.
 *
 * @param [in] rdma the RDMA context
 * @param [in] addr the connection manager address
 * @param [in] connection_user_data the connection's user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connect_to_addr(struct doca_rdma *rdma, struct doca_rdma_addr *addr,
				       union doca_data connection_user_data);
#endif

/**
 * @brief Accepts a connection request.
 *
 * @param [in] rdma_connection the connection
 * @param [in] private_data private data
 * @param [in] private_data_len private data len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_accept(struct doca_rdma_connection *rdma_connection, void *private_data,
					 uint8_t private_data_len);
#endif

/**
 * @brief Ends a connection.
 *
 * @param [in] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_disconnect(struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief The addr of a connection.
 *
 * @param [in] rdma_connection the connection
 * @param [out] addr the connection manager address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_get_addr(const struct doca_rdma_connection *rdma_connection,
					   struct doca_rdma_addr **addr);
#endif

/**
 * @brief The id of a connection.
 *
 * @param [in] rdma_connection the connection
 * @param [out] connection_id connection id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_get_id(const struct doca_rdma_connection *rdma_connection, uint32_t *connection_id);
#endif

/**
 * @brief The user data of a connection.
 *
 * @param [in] rdma_connection the connection
 * @param [out] connection_user_data the connection's user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_get_user_data(const struct doca_rdma_connection *rdma_connection,
						union doca_data *connection_user_data);
#endif

/**
 * @brief Rejects a connection request.
 *
 * @param [in] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_reject(struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the user data of a connection.
 *
 * @param [in] rdma_connection the connection
 * @param [in] connection_user_data the connection's user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_connection_set_user_data(struct doca_rdma_connection *rdma_connection,
						union doca_data connection_user_data);
#endif

/**
 * @brief Creates an RDMA context, idle.
 *
 * @param [in] dev the device
 * @param [out] rdma the RDMA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **rdma);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_create(struct doca_rdma **rdma) OPENDOCA_FORM(doca_rdma_create_v2_2);
#endif

/**
 * @brief Creates an RDMA context receiving on a shared receive queue.
 *
 * @param [in] dev the device
 * @param [in] rdma_srq the shared receive queue
 * @param [out] rdma the RDMA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_create_with_srq(struct doca_dev *dev, struct doca_rdma_srq *rdma_srq, struct doca_rdma **rdma);
#endif

/**
 * @brief Destroys an idle RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_destroy(struct doca_rdma *rdma);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_destroy(struct doca_rdma *rdma);
#endif

/**
 * @brief Attaches a DOCA DPA completion context to an RDMA context with its datapath on the DPA.
 *
 * @param [in] rdma the RDMA context
 * @param [in] dpa_comp dpa comp
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_dpa_completion_attach(struct doca_rdma *rdma, struct doca_dpa_completion *dpa_comp);
#endif

/**
 * @brief Exports the details of a connection of a running RDMA context (bytes the peer gives doca_rdma_connect).
 *
 * @param [in] rdma the RDMA context
 * @param [out] local_rdma_conn_details local rdma conn details
 * @param [out] local_rdma_conn_details_size local rdma conn details size
 * @param [out] rdma_connection the connection
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_export(struct doca_rdma *rdma, const void **local_rdma_conn_details,
			      size_t *local_rdma_conn_details_size, struct doca_rdma_connection **rdma_connection);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_export(const struct doca_rdma *rdma, const void **local_rdma_conn_details,
			      size_t *local_rdma_conn_details_size) OPENDOCA_FORM(doca_rdma_export_v2_2);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_export(const struct doca_rdma *rdma, const void **local_rdma_conn_details,
			      size_t *local_rdma_conn_details_size) OPENDOCA_FORM(doca_rdma_export_v2_2);
#endif

/**
 * @brief The connection request timeout of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] timeout timeout
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_connection_request_timeout(const struct doca_rdma *rdma, uint16_t *timeout);
#endif

/**
 * @brief The dpa handle of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] dpa_rdma dpa rdma
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma, doca_dpa_dev_rdma_t *dpa_rdma);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma, struct doca_dpa_dev_rdma **dpa_rdma)
	OPENDOCA_FORM(doca_rdma_get_dpa_handle_v2_5);
#endif

/**
 * @brief The gid of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [in] start_index start index
 * @param [in] num_entries num entries
 * @param [out] gid_array gid array
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_gid(struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
			       struct doca_rdma_gid *gid_array);
#endif

/**
 * @brief The gid index of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] gid_index gid index
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_gid_index(const struct doca_rdma *rdma, uint32_t *gid_index);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_gid_index(const struct doca_rdma *rdma, uint32_t *gid_index);
#endif

/**
 * @brief The gid table size of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] gid_table_size gid table size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_gid_table_size(struct doca_devinfo *devinfo, uint32_t *gid_table_size);
#endif

/**
 * @brief The gpu handle of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] gpu_rdma gpu rdma
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_gpu_handle(struct doca_rdma *rdma, struct doca_gpu_dev_rdma **gpu_rdma);
#endif

/**
 * @brief The grh enabled of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] grh_enabled grh enabled
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma, uint8_t *grh_enabled);
#elif OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma, _Bool *grh_enabled)
	OPENDOCA_FORM(doca_rdma_get_grh_enabled_v2_2);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma, _Bool *grh_enabled)
	OPENDOCA_FORM(doca_rdma_get_grh_enabled_v2_2);
#endif

/**
 * @brief The max buf chain len of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [in] job_type job type
 * @param [in] transport_type transport type
 * @param [out] max_buf_chain_len max buf chain len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_buf_chain_len(const struct doca_devinfo *devinfo, enum doca_rdma_job_types job_type,
					     enum doca_rdma_transport_type transport_type, uint32_t *max_buf_chain_len);
#endif

/**
 * @brief The max message size of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] max_message_size max message size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size);
#endif

/**
 * @brief The max num connections of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] max_num_connections max num connections
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_num_connections(struct doca_rdma *rdma, uint16_t *max_num_connections);
#endif

/**
 * @brief The max recv queue size of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] max_recv_queue_size max recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_recv_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size);
#endif

/**
 * @brief The max send buf list len of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] max_send_buf_list_len max send buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_send_buf_list_len(const struct doca_rdma *rdma, uint32_t *max_send_buf_list_len);
#endif

/**
 * @brief The max send queue size of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] max_send_queue_size max send queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_max_send_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size);
#endif

/**
 * @brief The mtu of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] mtu mtu
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_mtu(const struct doca_rdma *rdma, enum doca_mtu_size *mtu);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_mtu(const struct doca_rdma *rdma, enum doca_mtu_size *mtu);
#endif

/**
 * @brief The permissions of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] permissions permissions
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_permissions(struct doca_rdma *rdma, uint32_t *permissions);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_permissions(struct doca_rdma *rdma, uint32_t *permissions);
#endif

/**
 * @brief The recv buf chain len of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] recv_buf_chain_len recv buf chain len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_recv_buf_chain_len(const struct doca_rdma *rdma, uint32_t *recv_buf_chain_len);
#endif

/**
 * @brief The recv queue size of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] recv_queue_size recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_recv_queue_size(const struct doca_rdma *rdma, uint32_t *recv_queue_size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_recv_queue_size(const struct doca_rdma *rdma, uint32_t *recv_queue_size);
#endif

/**
 * @brief The rnr retry count of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] rnr_retry_count rnr retry count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_rnr_retry_count(const struct doca_rdma *rdma, uint8_t *rnr_retry_count);
#endif

/**
 * @brief The send queue size of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] send_queue_size send queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_send_queue_size(const struct doca_rdma *rdma, uint32_t *send_queue_size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_send_queue_size(const struct doca_rdma *rdma, uint32_t *send_queue_size);
#endif

/**
 * @brief The sl of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] sl sl
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_sl(const struct doca_rdma *rdma, uint32_t *sl);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_sl(const struct doca_rdma *rdma, uint32_t *sl);
#endif

/**
 * @brief The state of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] state state
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_state(const struct doca_rdma *rdma, enum doca_rdma_state *state);
#endif

/**
 * @brief The transport type of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [out] transport_type transport type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_transport_type(const struct doca_rdma *rdma, enum doca_rdma_transport_type *transport_type);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_transport_type(const struct doca_rdma *rdma, enum doca_rdma_transport_type *transport_type);
#endif

/**
 * @brief The transport type supported of an RDMA context.
 *
 * @param [in] devinfo the device information
 * @param [in] transport_type transport type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_get_transport_type_supported(const struct doca_devinfo *devinfo,
						    enum doca_rdma_transport_type transport_type);
#endif

/**
 * @brief Tells whether a device supports a job type of the RDMA context (2.2).
 *
 * @param [in] devinfo the device information
 * @param [in] job_type job type
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_job_get_supported(const struct doca_devinfo *devinfo, enum doca_rdma_job_types job_type);
#endif

/**
 * @brief Sets the connection request timeout of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] timeout timeout
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_connection_request_timeout(struct doca_rdma *rdma, uint16_t timeout);
#endif

/**
 * @brief Sets the connection state callbacks of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] doca_rdma_connect_request_cb doca rdma connect request cb
 * @param [in] doca_rdma_connect_established_cb doca rdma connect established cb
 * @param [in] doca_rdma_connect_failure_cb doca rdma connect failure cb
 * @param [in] doca_rdma_disconnect_cb doca rdma disconnect cb
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t
doca_rdma_set_connection_state_callbacks(struct doca_rdma *rdma,
					 doca_rdma_connection_request_cb_t doca_rdma_connect_request_cb,
					 doca_rdma_connection_established_cb_t doca_rdma_connect_established_cb,
					 doca_rdma_connection_failure_cb_t doca_rdma_connect_failure_cb,
					 doca_rdma_connection_disconnection_cb_t doca_rdma_disconnect_cb);
#endif

/**
 * @brief Sets the gid index of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] gid_index gid index
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_gid_index(struct doca_rdma *rdma, uint32_t gid_index);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_gid_index(struct doca_rdma *rdma, uint32_t gid_index);
#endif

/**
 * @brief Sets the grh enabled of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] grh_enabled grh enabled
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma, uint8_t grh_enabled);
#elif OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma, _Bool grh_enabled)
	OPENDOCA_FORM(doca_rdma_set_grh_enabled_v2_2);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma, _Bool grh_enabled)
	OPENDOCA_FORM(doca_rdma_set_grh_enabled_v2_2);
#endif

/**
 * @brief Sets the max num connections of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] max_num_connections max num connections
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_max_num_connections(struct doca_rdma *rdma, uint16_t max_num_connections);
#endif

/**
 * @brief Sets the max send buf list len of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] max_send_buf_list_len max send buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_max_send_buf_list_len(struct doca_rdma *rdma, uint32_t max_send_buf_list_len);
#endif

/**
 * @brief Sets the mtu of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] mtu mtu
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_mtu(struct doca_rdma *rdma, enum doca_mtu_size mtu);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_mtu(struct doca_rdma *rdma, enum doca_mtu_size mtu);
#endif

/**
 * @brief Sets the permissions of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] permissions permissions
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_permissions(struct doca_rdma *rdma, uint32_t permissions);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_permissions(struct doca_rdma *rdma, uint32_t permissions);
#endif

/**
 * @brief Sets the recv buf chain len of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] recv_buf_chain_len recv buf chain len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_recv_buf_chain_len(struct doca_rdma *rdma, uint32_t recv_buf_chain_len);
#endif

/**
 * @brief Sets the recv queue size of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] recv_queue_size recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_recv_queue_size(struct doca_rdma *rdma, uint32_t recv_queue_size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_recv_queue_size(struct doca_rdma *rdma, uint32_t recv_queue_size);
#endif

/**
 * @brief Sets the rnr retry count of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rnr_retry_count rnr retry count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_rnr_retry_count(struct doca_rdma *rdma, uint8_t rnr_retry_count);
#endif

/**
 * @brief Sets the send queue size of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] send_queue_size send queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_send_queue_size(struct doca_rdma *rdma, uint32_t send_queue_size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_send_queue_size(struct doca_rdma *rdma, uint32_t send_queue_size);
#endif

/**
 * @brief Sets the sl of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] sl sl
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_sl(struct doca_rdma *rdma, uint32_t sl);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_sl(struct doca_rdma *rdma, uint32_t sl);
#endif

/**
 * @brief Sets the transport type of an RDMA context.
 *
 * @param [in] rdma the RDMA context
 * @param [in] transport_type transport type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_transport_type(struct doca_rdma *rdma, enum doca_rdma_transport_type transport_type);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_rdma_set_transport_type(struct doca_rdma *rdma, enum doca_rdma_transport_type transport_type);
#endif

/**
 * @brief The context (struct doca_ctx) of a shared receive queue.
 *
 * @param [in] rdma_srq_ctx the shared receive queue
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
struct doca_ctx *doca_rdma_srq_as_ctx(struct doca_rdma_srq *rdma_srq_ctx);
#endif

/**
 * @brief The device's max shared recv queue size.
 *
 * @param [in] devinfo the device information
 * @param [out] max_shared_recv_queue_size max shared recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_cap_get_max_shared_recv_queue_size(const struct doca_devinfo *devinfo,
							      uint32_t *max_shared_recv_queue_size);
#endif

/**
 * @brief The device's task receive max dst buf list len.
 *
 * @param [in] devinfo the device information
 * @param [out] max_buf_list_len max buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_cap_task_receive_get_max_dst_buf_list_len(const struct doca_devinfo *devinfo,
								     uint32_t *max_buf_list_len);
#endif

/**
 * @brief Creates a shared receive queue context.
 *
 * @param [in] dev the device
 * @param [out] rdma_srq the shared receive queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_create(struct doca_dev *dev, struct doca_rdma_srq **rdma_srq);
#endif

/**
 * @brief Destroys a shared receive queue context.
 *
 * @param [in] rdma_srq the shared receive queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_destroy(struct doca_rdma_srq *rdma_srq);
#endif

/**
 * @brief The dpa handle of a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [out] dpa_rdma_srq dpa rdma srq
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_get_dpa_handle(const struct doca_rdma_srq *rdma_srq,
					  struct doca_dpa_dev_rdma_srq **dpa_rdma_srq);
#endif

/**
 * @brief The shared recv queue size of a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [out] shared_recv_queue_size shared recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_get_shared_recv_queue_size(const struct doca_rdma_srq *rdma_srq,
						      uint32_t *shared_recv_queue_size);
#endif

/**
 * @brief The type of a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [out] srq_type srq type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_get_type(struct doca_rdma_srq *rdma_srq, enum doca_rdma_srq_type *srq_type);
#endif

/**
 * @brief Sets the shared recv queue size of a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [in] shared_recv_queue_size shared recv queue size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_set_shared_recv_queue_size(struct doca_rdma_srq *rdma_srq, uint32_t shared_recv_queue_size);
#endif

/**
 * @brief Sets the type of a shared receive queue.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [in] srq_type srq type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_set_type(struct doca_rdma_srq *rdma_srq, enum doca_rdma_srq_type srq_type);
#endif

/**
 * @brief The dst buf list len of a receive task.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [out] buf_list_len buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_task_receive_get_dst_buf_list_len(const struct doca_rdma_srq *rdma_srq,
							     uint32_t *buf_list_len);
#endif

/**
 * @brief Sets the dst buf list len of a receive task.
 *
 * @param [in] rdma_srq the shared receive queue
 * @param [in] buf_list_len buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.6
 */
#if (OPENDOCA_REL >= 26 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_srq_task_receive_set_dst_buf_list_len(struct doca_rdma_srq *rdma_srq, uint32_t buf_list_len);
#endif

/**
 * @brief Listens for connection manager requests on a port.
 *
 * @param [in] rdma the RDMA context
 * @param [in] port port
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_start_listen_to_port(struct doca_rdma *rdma, uint16_t port);
#endif

/**
 * @brief Stops listening for connection manager requests.
 *
 * @param [in] rdma the RDMA context
 * @param [in] port port
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_stop_listen_to_port(struct doca_rdma *rdma, uint16_t port);
#endif

/**
 * @brief Allocates a atomic cmp swp task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [out] dst_buf dst buf
 * @param [out] result_buf result buf
 * @param [in] cmp_data cmp data
 * @param [in] swap_data swap data
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(struct doca_rdma *rdma,
							 struct doca_rdma_connection *rdma_connection,
							 struct doca_buf *dst_buf, struct doca_buf *result_buf,
							 uint64_t cmp_data, uint64_t swap_data,
							 union doca_data user_data,
							 struct doca_rdma_task_atomic_cmp_swp **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
							 struct doca_buf *result_buf, uint64_t cmp_data,
							 uint64_t swap_data, union doca_data user_data,
							 struct doca_rdma_task_atomic_cmp_swp **task)
	OPENDOCA_FORM(doca_rdma_task_atomic_cmp_swp_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_atomic_cmp_swp_as_task(struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief The cmp data of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_rdma_task_atomic_cmp_swp_get_cmp_data(const struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief The dst buf of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_atomic_cmp_swp_get_dst_buf(const struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief The rdma connection of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *
doca_rdma_task_atomic_cmp_swp_get_rdma_connection(const struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief The result buf of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_atomic_cmp_swp_get_result_buf(const struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief The swap data of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_rdma_task_atomic_cmp_swp_get_swap_data(const struct doca_rdma_task_atomic_cmp_swp *task);
#endif

/**
 * @brief Sets the cmp data of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @param [in] cmp_data cmp data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_cmp_swp_set_cmp_data(struct doca_rdma_task_atomic_cmp_swp *task, uint64_t cmp_data);
#endif

/**
 * @brief Configures the atomic cmp swp tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_cmp_swp_set_conf(
	struct doca_rdma *rdma, doca_rdma_task_atomic_cmp_swp_completion_cb_t successful_task_completion_cb,
	doca_rdma_task_atomic_cmp_swp_completion_cb_t error_task_completion_cb, uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_cmp_swp_set_dst_buf(struct doca_rdma_task_atomic_cmp_swp *task, struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the rdma connection of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_cmp_swp_set_rdma_connection(struct doca_rdma_task_atomic_cmp_swp *task,
						       struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the result buf of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @param [in] result_buf result buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_cmp_swp_set_result_buf(struct doca_rdma_task_atomic_cmp_swp *task,
						  struct doca_buf *result_buf);
#endif

/**
 * @brief Sets the swap data of a atomic cmp swp task.
 *
 * @param [in] task the task
 * @param [in] swap_data swap data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_cmp_swp_set_swap_data(struct doca_rdma_task_atomic_cmp_swp *task, uint64_t swap_data);
#endif

/**
 * @brief Allocates a atomic fetch add task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [out] dst_buf dst buf
 * @param [out] result_buf result buf
 * @param [in] add_data add data
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(struct doca_rdma *rdma,
							   struct doca_rdma_connection *rdma_connection,
							   struct doca_buf *dst_buf, struct doca_buf *result_buf,
							   uint64_t add_data, union doca_data user_data,
							   struct doca_rdma_task_atomic_fetch_add **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
							   struct doca_buf *result_buf, uint64_t add_data,
							   union doca_data user_data,
							   struct doca_rdma_task_atomic_fetch_add **task)
	OPENDOCA_FORM(doca_rdma_task_atomic_fetch_add_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a atomic fetch add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_atomic_fetch_add_as_task(struct doca_rdma_task_atomic_fetch_add *task);
#endif

/**
 * @brief The add data of a atomic fetch add task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_rdma_task_atomic_fetch_add_get_add_data(const struct doca_rdma_task_atomic_fetch_add *task);
#endif

/**
 * @brief The dst buf of a atomic fetch add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_atomic_fetch_add_get_dst_buf(const struct doca_rdma_task_atomic_fetch_add *task);
#endif

/**
 * @brief The rdma connection of a atomic fetch add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *
doca_rdma_task_atomic_fetch_add_get_rdma_connection(const struct doca_rdma_task_atomic_fetch_add *task);
#endif

/**
 * @brief The result buf of a atomic fetch add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_atomic_fetch_add_get_result_buf(const struct doca_rdma_task_atomic_fetch_add *task);
#endif

/**
 * @brief Sets the add data of a atomic fetch add task.
 *
 * @param [in] task the task
 * @param [in] add_data add data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_fetch_add_set_add_data(struct doca_rdma_task_atomic_fetch_add *task, uint64_t add_data);
#endif

/**
 * @brief Configures the atomic fetch add tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_atomic_fetch_add_set_conf(
	struct doca_rdma *rdma, doca_rdma_task_atomic_fetch_add_completion_cb_t successful_task_completion_cb,
	doca_rdma_task_atomic_fetch_add_completion_cb_t error_task_completion_cb, uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a atomic fetch add task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_fetch_add_set_dst_buf(struct doca_rdma_task_atomic_fetch_add *task,
						 struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the rdma connection of a atomic fetch add task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_fetch_add_set_rdma_connection(struct doca_rdma_task_atomic_fetch_add *task,
							 struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the result buf of a atomic fetch add task.
 *
 * @param [in] task the task
 * @param [in] result_buf result buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_atomic_fetch_add_set_result_buf(struct doca_rdma_task_atomic_fetch_add *task,
						    struct doca_buf *result_buf);
#endif

/**
 * @brief Allocates a read task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] src_buf src buf
 * @param [out] dst_buf dst buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_read_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
					       const struct doca_buf *src_buf, struct doca_buf *dst_buf,
					       union doca_data user_data, struct doca_rdma_task_read **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_read_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
					       struct doca_buf *dst_buf, union doca_data user_data,
					       struct doca_rdma_task_read **task)
	OPENDOCA_FORM(doca_rdma_task_read_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a read task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_read_as_task(struct doca_rdma_task_read *task);
#endif

/**
 * @brief The dst buf of a read task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_read_get_dst_buf(const struct doca_rdma_task_read *task);
#endif

/**
 * @brief The rdma connection of a read task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_read_get_rdma_connection(const struct doca_rdma_task_read *task);
#endif

/**
 * @brief The result len of a read task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
uint32_t doca_rdma_task_read_get_result_len(const struct doca_rdma_task_read *task);
#endif

/**
 * @brief The result length of a read task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
uint32_t doca_rdma_task_read_get_result_length(const struct doca_rdma_task_read *task);
#endif

/**
 * @brief The src buf of a read task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_read_get_src_buf(const struct doca_rdma_task_read *task);
#endif

/**
 * @brief Configures the read tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_read_set_conf(struct doca_rdma *rdma,
					  doca_rdma_task_read_completion_cb_t successful_task_completion_cb,
					  doca_rdma_task_read_completion_cb_t error_task_completion_cb,
					  uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a read task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_read_set_dst_buf(struct doca_rdma_task_read *task, struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the rdma connection of a read task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_read_set_rdma_connection(struct doca_rdma_task_read *task,
					     struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the src buf of a read task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_read_set_src_buf(struct doca_rdma_task_read *task, const struct doca_buf *src_buf);
#endif

/**
 * @brief Allocates a receive task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [out] dst_buf dst buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_receive_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
						  union doca_data user_data, struct doca_rdma_task_receive **task);
#endif

/**
 * @brief The task (struct doca_task) of a receive task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_receive_as_task(struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The dst buf of a receive task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_receive_get_dst_buf(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The dst buf list len of a receive task.
 *
 * @param [in] rdma the RDMA context
 * @param [out] buf_list_len buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_receive_get_dst_buf_list_len(const struct doca_rdma *rdma, uint32_t *buf_list_len);
#endif

/**
 * @brief The result immediate data of a receive task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_be32_t doca_rdma_task_receive_get_result_immediate_data(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The result len of a receive task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
uint32_t doca_rdma_task_receive_get_result_len(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The result length of a receive task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
uint32_t doca_rdma_task_receive_get_result_length(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The result opcode of a receive task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
enum doca_rdma_opcode doca_rdma_task_receive_get_result_opcode(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief The result rdma connection of a receive task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *
doca_rdma_task_receive_get_result_rdma_connection(const struct doca_rdma_task_receive *task);
#endif

/**
 * @brief Configures the receive tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_receive_set_conf(struct doca_rdma *rdma,
					     doca_rdma_task_receive_completion_cb_t successful_task_completion_cb,
					     doca_rdma_task_receive_completion_cb_t error_task_completion_cb,
					     uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a receive task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_receive_set_dst_buf(struct doca_rdma_task_receive *task, struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the dst buf list len of a receive task.
 *
 * @param [in] rdma the RDMA context
 * @param [in] buf_list_len buf list len
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_receive_set_dst_buf_list_len(struct doca_rdma *rdma, uint32_t buf_list_len);
#endif

/**
 * @brief Allocates a remote net sync event get task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] event event
 * @param [out] dst_buf dst buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
	const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_get **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
	struct doca_rdma *rdma, const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf,
	union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_get **task)
	OPENDOCA_FORM(doca_rdma_task_remote_net_sync_event_get_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a remote net sync event get task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *
doca_rdma_task_remote_net_sync_event_get_as_task(struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief The get dst buf of a remote net sync event task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *
doca_rdma_task_remote_net_sync_event_get_get_dst_buf(const struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief The get rdma connection of a remote net sync event task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_remote_net_sync_event_get_get_rdma_connection(
	const struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief The get result len of a remote net sync event task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
uint32_t
doca_rdma_task_remote_net_sync_event_get_get_result_len(const struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief The get result length of a remote net sync event task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
uint32_t
doca_rdma_task_remote_net_sync_event_get_get_result_length(const struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief The get sync event of a remote net sync event task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_get_get_sync_event(const struct doca_rdma_task_remote_net_sync_event_get *task);
#endif

/**
 * @brief Configures the remote net sync event get tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_get_set_conf(
	struct doca_rdma *rdma, doca_rdma_task_remote_net_sync_event_get_completion_cb_t successful_task_completion_cb,
	doca_rdma_task_remote_net_sync_event_get_completion_cb_t error_task_completion_cb, uint32_t num_tasks);
#endif

/**
 * @brief The set dst buf of a remote net sync event task.
 *
 * @param [in] task the task
 * @param [out] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_get_set_dst_buf(struct doca_rdma_task_remote_net_sync_event_get *task,
							  struct doca_buf *dst_buf);
#endif

/**
 * @brief The set rdma connection of a remote net sync event task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_get_set_rdma_connection(struct doca_rdma_task_remote_net_sync_event_get *task,
								  struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief The set sync event of a remote net sync event task.
 *
 * @param [in] task the task
 * @param [in] event event
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_get_set_sync_event(struct doca_rdma_task_remote_net_sync_event_get *task,
							     const struct doca_sync_event_remote_net *event);
#endif

/**
 * @brief Allocates a remote net sync event notify add task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [out] event event
 * @param [out] result_buf result buf
 * @param [in] add_data add data
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection, struct doca_sync_event_remote_net *event,
	struct doca_buf *result_buf, uint64_t add_data, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_notify_add **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
	struct doca_rdma *rdma, struct doca_sync_event_remote_net *event, struct doca_buf *result_buf,
	uint64_t add_data, union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_add **task)
	OPENDOCA_FORM(doca_rdma_task_remote_net_sync_event_notify_add_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *
doca_rdma_task_remote_net_sync_event_notify_add_as_task(struct doca_rdma_task_remote_net_sync_event_notify_add *task);
#endif

/**
 * @brief The add data of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_rdma_task_remote_net_sync_event_notify_add_get_add_data(
	const struct doca_rdma_task_remote_net_sync_event_notify_add *task);
#endif

/**
 * @brief The rdma connection of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_remote_net_sync_event_notify_add_get_rdma_connection(
	const struct doca_rdma_task_remote_net_sync_event_notify_add *task);
#endif

/**
 * @brief The result buf of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_remote_net_sync_event_notify_add_get_result_buf(
	const struct doca_rdma_task_remote_net_sync_event_notify_add *task);
#endif

/**
 * @brief The sync event of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_sync_event_remote_net *doca_rdma_task_remote_net_sync_event_notify_add_get_sync_event(
	const struct doca_rdma_task_remote_net_sync_event_notify_add *task);
#endif

/**
 * @brief Sets the add data of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @param [in] add_data add data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_add_set_add_data(
	struct doca_rdma_task_remote_net_sync_event_notify_add *task, uint64_t add_data);
#endif

/**
 * @brief Configures the remote net sync event notify add tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_set_conf(
	struct doca_rdma *rdma,
	doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t successful_task_completion_cb,
	doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t error_task_completion_cb, uint32_t num_tasks);
#endif

/**
 * @brief Sets the rdma connection of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_add_set_rdma_connection(
	struct doca_rdma_task_remote_net_sync_event_notify_add *task, struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the result buf of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @param [in] result_buf result buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_add_set_result_buf(
	struct doca_rdma_task_remote_net_sync_event_notify_add *task, struct doca_buf *result_buf);
#endif

/**
 * @brief Sets the sync event of a remote net sync event notify add task.
 *
 * @param [in] task the task
 * @param [in] event event
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_add_set_sync_event(
	struct doca_rdma_task_remote_net_sync_event_notify_add *task, struct doca_sync_event_remote_net *event);
#endif

/**
 * @brief Allocates a remote net sync event notify set task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [out] event event
 * @param [in] src_buf src buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection, struct doca_sync_event_remote_net *event,
	const struct doca_buf *src_buf, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_notify_set **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
	struct doca_rdma *rdma, struct doca_sync_event_remote_net *event, const struct doca_buf *src_buf,
	union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_set **task)
	OPENDOCA_FORM(doca_rdma_task_remote_net_sync_event_notify_set_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a remote net sync event notify set task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *
doca_rdma_task_remote_net_sync_event_notify_set_as_task(struct doca_rdma_task_remote_net_sync_event_notify_set *task);
#endif

/**
 * @brief Sets the get rdma connection of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_remote_net_sync_event_notify_set_get_rdma_connection(
	const struct doca_rdma_task_remote_net_sync_event_notify_set *task);
#endif

/**
 * @brief Sets the get src buf of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_remote_net_sync_event_notify_set_get_src_buf(
	const struct doca_rdma_task_remote_net_sync_event_notify_set *task);
#endif

/**
 * @brief Sets the get sync event of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_sync_event_remote_net *doca_rdma_task_remote_net_sync_event_notify_set_get_sync_event(
	const struct doca_rdma_task_remote_net_sync_event_notify_set *task);
#endif

/**
 * @brief Configures the remote net sync event notify set tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_set_conf(
	struct doca_rdma *rdma,
	doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t successful_task_completion_cb,
	doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t error_task_completion_cb, uint32_t num_tasks);
#endif

/**
 * @brief Sets the set rdma connection of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_set_set_rdma_connection(
	struct doca_rdma_task_remote_net_sync_event_notify_set *task, struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the set src buf of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_set_set_src_buf(
	struct doca_rdma_task_remote_net_sync_event_notify_set *task, const struct doca_buf *src_buf);
#endif

/**
 * @brief Sets the set sync event of a remote net sync event notify task.
 *
 * @param [in] task the task
 * @param [in] event event
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_remote_net_sync_event_notify_set_set_sync_event(
	struct doca_rdma_task_remote_net_sync_event_notify_set *task, struct doca_sync_event_remote_net *event);
#endif

/**
 * @brief Allocates a send task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] src_buf src buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
					       const struct doca_buf *src_buf, union doca_data user_data,
					       struct doca_rdma_task_send **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
					       union doca_data user_data, struct doca_rdma_task_send **task)
	OPENDOCA_FORM(doca_rdma_task_send_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a send task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_send_as_task(struct doca_rdma_task_send *task);
#endif

/**
 * @brief The rdma connection of a send task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_send_get_rdma_connection(const struct doca_rdma_task_send *task);
#endif

/**
 * @brief The src buf of a send task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_send_get_src_buf(const struct doca_rdma_task_send *task);
#endif

/**
 * @brief Allocates a send imm task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] src_buf src buf
 * @param [in] immediate_data immediate data
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_imm_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
						   const struct doca_buf *src_buf, doca_be32_t immediate_data,
						   union doca_data user_data, struct doca_rdma_task_send_imm **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_imm_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						   doca_be32_t immediate_data, union doca_data user_data,
						   struct doca_rdma_task_send_imm **task)
	OPENDOCA_FORM(doca_rdma_task_send_imm_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a send imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_send_imm_as_task(struct doca_rdma_task_send_imm *task);
#endif

/**
 * @brief The immediate data of a send imm task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_be32_t doca_rdma_task_send_imm_get_immediate_data(const struct doca_rdma_task_send_imm *task);
#endif

/**
 * @brief The rdma connection of a send imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *
doca_rdma_task_send_imm_get_rdma_connection(const struct doca_rdma_task_send_imm *task);
#endif

/**
 * @brief The src buf of a send imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_send_imm_get_src_buf(const struct doca_rdma_task_send_imm *task);
#endif

/**
 * @brief Configures the send imm tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_imm_set_conf(struct doca_rdma *rdma,
					      doca_rdma_task_send_imm_completion_cb_t successful_task_completion_cb,
					      doca_rdma_task_send_imm_completion_cb_t error_task_completion_cb,
					      uint32_t num_tasks);
#endif

/**
 * @brief Sets the immediate data of a send imm task.
 *
 * @param [in] task the task
 * @param [in] immediate_data immediate data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_send_imm_set_immediate_data(struct doca_rdma_task_send_imm *task, doca_be32_t immediate_data);
#endif

/**
 * @brief Sets the rdma connection of a send imm task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_send_imm_set_rdma_connection(struct doca_rdma_task_send_imm *task,
						 struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the src buf of a send imm task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_send_imm_set_src_buf(struct doca_rdma_task_send_imm *task, const struct doca_buf *src_buf);
#endif

/**
 * @brief Configures the send tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_send_set_conf(struct doca_rdma *rdma,
					  doca_rdma_task_send_completion_cb_t successful_task_completion_cb,
					  doca_rdma_task_send_completion_cb_t error_task_completion_cb,
					  uint32_t num_tasks);
#endif

/**
 * @brief Sets the rdma connection of a send task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_send_set_rdma_connection(struct doca_rdma_task_send *task,
					     struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the src buf of a send task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_send_set_src_buf(struct doca_rdma_task_send *task, const struct doca_buf *src_buf);
#endif

/**
 * @brief Allocates a write task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] src_buf src buf
 * @param [out] dst_buf dst buf
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
						const struct doca_buf *src_buf, struct doca_buf *dst_buf,
						union doca_data user_data, struct doca_rdma_task_write **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						struct doca_buf *dst_buf, union doca_data user_data,
						struct doca_rdma_task_write **task)
	OPENDOCA_FORM(doca_rdma_task_write_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a write task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_write_as_task(struct doca_rdma_task_write *task);
#endif

/**
 * @brief The dst buf of a write task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_write_get_dst_buf(const struct doca_rdma_task_write *task);
#endif

/**
 * @brief The rdma connection of a write task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *doca_rdma_task_write_get_rdma_connection(const struct doca_rdma_task_write *task);
#endif

/**
 * @brief The src buf of a write task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_write_get_src_buf(const struct doca_rdma_task_write *task);
#endif

/**
 * @brief Allocates a write imm task from the RDMA context's pool and sets its fields.
 *
 * @param [in] rdma the RDMA context
 * @param [in] rdma_connection the connection
 * @param [in] src_buf src buf
 * @param [out] dst_buf dst buf
 * @param [in] immediate_data immediate data
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when every task is allocated,
 *         DOCA_ERROR_BAD_STATE unless the context is running.
 * @since 2.5
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_imm_allocate_init(struct doca_rdma *rdma,
						    struct doca_rdma_connection *rdma_connection,
						    const struct doca_buf *src_buf, struct doca_buf *dst_buf,
						    doca_be32_t immediate_data, union doca_data user_data,
						    struct doca_rdma_task_write_imm **task);
#elif (OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26)
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_imm_allocate_init(struct doca_rdma *rdma, const struct doca_buf *src_buf,
						    struct doca_buf *dst_buf, doca_be32_t immediate_data,
						    union doca_data user_data, struct doca_rdma_task_write_imm **task)
	OPENDOCA_FORM(doca_rdma_task_write_imm_allocate_init_v2_5);
#endif

/**
 * @brief The task (struct doca_task) of a write imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_rdma_task_write_imm_as_task(struct doca_rdma_task_write_imm *task);
#endif

/**
 * @brief The dst buf of a write imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_buf *doca_rdma_task_write_imm_get_dst_buf(const struct doca_rdma_task_write_imm *task);
#endif

/**
 * @brief The immediate data of a write imm task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad task).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_be32_t doca_rdma_task_write_imm_get_immediate_data(const struct doca_rdma_task_write_imm *task);
#endif

/**
 * @brief The rdma connection of a write imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
const struct doca_rdma_connection *
doca_rdma_task_write_imm_get_rdma_connection(const struct doca_rdma_task_write_imm *task);
#endif

/**
 * @brief The src buf of a write imm task.
 *
 * @param [in] task the task
 * @return the value, or NULL / 0 for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const struct doca_buf *doca_rdma_task_write_imm_get_src_buf(const struct doca_rdma_task_write_imm *task);
#endif

/**
 * @brief Configures the write imm tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_imm_set_conf(struct doca_rdma *rdma,
					       doca_rdma_task_write_imm_completion_cb_t successful_task_completion_cb,
					       doca_rdma_task_write_imm_completion_cb_t error_task_completion_cb,
					       uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a write imm task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_write_imm_set_dst_buf(struct doca_rdma_task_write_imm *task, struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the immediate data of a write imm task.
 *
 * @param [in] task the task
 * @param [in] immediate_data immediate data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_write_imm_set_immediate_data(struct doca_rdma_task_write_imm *task, doca_be32_t immediate_data);
#endif

/**
 * @brief Sets the rdma connection of a write imm task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_write_imm_set_rdma_connection(struct doca_rdma_task_write_imm *task,
						  struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the src buf of a write imm task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_write_imm_set_src_buf(struct doca_rdma_task_write_imm *task, const struct doca_buf *src_buf);
#endif

/**
 * @brief Configures the write tasks of an RDMA context: the completion and error callbacks and how many tasks it has.
 *
 * @param [in] rdma the RDMA context
 * @param [in] successful_task_completion_cb successful task completion cb
 * @param [in] error_task_completion_cb error task completion cb
 * @param [in] num_tasks num tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless the context is idle.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_rdma_task_write_set_conf(struct doca_rdma *rdma,
					   doca_rdma_task_write_completion_cb_t successful_task_completion_cb,
					   doca_rdma_task_write_completion_cb_t error_task_completion_cb,
					   uint32_t num_tasks);
#endif

/**
 * @brief Sets the dst buf of a write task.
 *
 * @param [in] task the task
 * @param [in] dst_buf dst buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_write_set_dst_buf(struct doca_rdma_task_write *task, struct doca_buf *dst_buf);
#endif

/**
 * @brief Sets the rdma connection of a write task.
 *
 * @param [in] task the task
 * @param [in] rdma_connection the connection
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_rdma_task_write_set_rdma_connection(struct doca_rdma_task_write *task,
					      struct doca_rdma_connection *rdma_connection);
#endif

/**
 * @brief Sets the src buf of a write task.
 *
 * @param [in] task the task
 * @param [in] src_buf src buf
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_rdma_task_write_set_src_buf(struct doca_rdma_task_write *task, const struct doca_buf *src_buf);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_RDMA_H */
