/*
 * OpenDOCA — written from the calls of NVIDIA's DOCA samples (2.9 - 3.3) and DOCA's public Comch
 * documentation; no NVIDIA header text.
 */

/**
 * @file doca_comch.h
 * @brief DOCA Comch (2.7 and later): message channels between a server (on the DPU, for a host
 * function it represents) and its clients (on the host).
 *
 * A server (doca_comch_server_create: a device, the representor of the clients' function, a name)
 * and a client (doca_comch_client_create: the client's device, the server's name) are contexts
 * (doca_ctx.h) on a progress engine. Starting a server listens; starting a client answers
 * DOCA_ERROR_IN_PROGRESS and the client runs once its server accepted it. Messages go as send
 * tasks and arrive through the receive callback, called by doca_pe_progress like the connection
 * callbacks.
 *
 * OpenDOCA carries the channels over sockets of the machine (the simulated DPU and host are
 * processes of one machine): a server is found by its representor's PCI address and its name.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_COMCH_H
#define OPENDOCA_DOCA_COMCH_H

#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_dev;
struct doca_dev_rep;
struct doca_devinfo;
struct doca_task;
/** A Comch server: a context. */
struct doca_comch_server;
/** A Comch client: a context. */
struct doca_comch_client;
/** A connection between a server and one of its clients. */
struct doca_comch_connection;
/** A send task: one message over a connection. */
struct doca_comch_task_send;
/** The event of a received message. */
struct doca_comch_event_msg_recv;
/** The event of a connection made or ended. */
struct doca_comch_event_connection_status_changed;

#if OPENDOCA_REL >= 27
/**
 * @brief Called by doca_pe_progress for each message received.
 *
 * The buffer is valid during the call only.
 */
typedef void (*doca_comch_event_msg_recv_cb_t)(struct doca_comch_event_msg_recv *event, uint8_t *recv_buffer,
					       uint32_t msg_len, struct doca_comch_connection *comch_connection);
/**
 * @brief Called by doca_pe_progress when a client connected to a server or disconnected from it.
 */
typedef void (*doca_comch_event_connection_status_changed_cb_t)(
	struct doca_comch_event_connection_status_changed *event, struct doca_comch_connection *comch_connection,
	uint8_t change_successful);
/**
 * @brief Called by doca_pe_progress when a send task completed (sent, or failed).
 */
typedef void (*doca_comch_task_send_completion_cb_t)(struct doca_comch_task_send *task, union doca_data task_user_data,
						     union doca_data ctx_user_data);
#endif
/**
 * @brief Whether a device can run a Comch client.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS: it can; DOCA_ERROR_INVALID_VALUE: devinfo is NULL.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_cap_client_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief The largest message a Comch connection of a device carries.
 *
 * @param [in] devinfo the device
 * @param [out] size bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (an argument NULL).
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_cap_get_max_msg_size(const struct doca_devinfo *devinfo, uint32_t *size);
#endif

/**
 * @brief Whether a device can run a Comch server.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS: it can; DOCA_ERROR_INVALID_VALUE: devinfo is NULL.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_cap_server_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief The generic context of a client (start, stop, state, user data, progress engine).
 *
 * @param [in] comch_client the client
 * @return the context, NULL for an invalid client.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_ctx *doca_comch_client_as_ctx(struct doca_comch_client *comch_client);
#endif

/**
 * @brief Creates a client of the server called name, reached through dev (the host's function a server represents). Idle; doca_ctx_start connects (asynchronously: starting until the server accepted it, then running).
 *
 * @param [in] dev an open device
 * @param [in] name the server's name (1 - 120 characters)
 * @param [out] comch_client the client
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE (an argument invalid); DOCA_ERROR_NO_MEMORY.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_create(struct doca_dev *dev, const char *name, struct doca_comch_client **comch_client);
#endif

/**
 * @brief Destroys an idle client.
 *
 * @param [in] comch_client the client
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_destroy(struct doca_comch_client *comch_client);
#endif

/**
 * @brief Sets the callback a progress engine calls for each message the client receives (before start).
 *
 * @param [in] comch_client the client
 * @param [in] recv_event_cb the callback
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_event_msg_recv_register(struct doca_comch_client *comch_client,
						       doca_comch_event_msg_recv_cb_t recv_event_cb);
#endif

/**
 * @brief The client a connection belongs to.
 *
 * @param [in] connection the connection
 * @return the client, NULL when the connection is none of a client's.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_comch_client *doca_comch_client_get_client_ctx(const struct doca_comch_connection *connection);
#endif

/**
 * @brief The connection of a running client to its server.
 *
 * @param [in] comch_client the client
 * @param [out] connection the connection
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not running; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_get_connection(const struct doca_comch_client *comch_client,
					      struct doca_comch_connection **connection);
#endif

/**
 * @brief Sets the largest message the client sends and receives (before start; the connection carries the smaller of the two sides').
 *
 * @param [in] comch_client the client
 * @param [in] size bytes, 1 - doca_comch_cap_get_max_msg_size
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_set_max_msg_size(struct doca_comch_client *comch_client, uint32_t size);
#endif

/**
 * @brief Sets how many received messages may wait for the client's progress engine (before start).
 *
 * @param [in] comch_client the client
 * @param [in] size messages, 1 - 8192
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_set_recv_queue_size(struct doca_comch_client *comch_client, uint32_t size);
#endif

/**
 * @brief Allocates a send task of a message to the client's server (msg is read when the task is submitted).
 *
 * @param [in] comch_client the client
 * @param [in] peer its connection
 * @param [in] msg the message
 * @param [in] len its bytes, 1 - the connection's largest message
 * @param [out] task the task
 * @return DOCA_SUCCESS; DOCA_ERROR_NO_MEMORY (no free task); DOCA_ERROR_BAD_STATE (not running); DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_task_send_alloc_init(struct doca_comch_client *comch_client,
						    struct doca_comch_connection *peer, const void *msg, uint32_t len,
						    struct doca_comch_task_send **task);
#endif

/**
 * @brief Configures the client's send tasks (before start).
 *
 * @param [in] comch_client the client
 * @param [in] task_completion_cb called for a task sent
 * @param [in] task_error_cb called for a task that failed
 * @param [in] num_send_tasks how many tasks
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_client_task_send_set_conf(struct doca_comch_client *comch_client,
						  doca_comch_task_send_completion_cb_t task_completion_cb,
						  doca_comch_task_send_completion_cb_t task_error_cb,
						  uint32_t num_send_tasks);
#endif

/**
 * @brief The program's data of a connection.
 *
 * @param [in] connection the connection
 * @return its data, zero for an invalid connection.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
union doca_data doca_comch_connection_get_user_data(const struct doca_comch_connection *connection);
#endif

/**
 * @brief Sets the program's data of a connection.
 *
 * @param [in] connection the connection
 * @param [in] user_data the data
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_connection_set_user_data(struct doca_comch_connection *connection, union doca_data user_data);
#endif

/**
 * @brief The generic context of a server.
 *
 * @param [in] comch_server the server
 * @return the context, NULL for an invalid server.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_ctx *doca_comch_server_as_ctx(struct doca_comch_server *comch_server);
#endif

/**
 * @brief Creates a server called name on dev, for the clients of the host function repr represents. Idle; doca_ctx_start listens.
 *
 * @param [in] dev an open device
 * @param [in] repr the representor of the clients' function
 * @param [in] name the server's name (1 - 120 characters)
 * @param [out] comch_server the server
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NO_MEMORY.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_create(struct doca_dev *dev, struct doca_dev_rep *repr, const char *name,
				      struct doca_comch_server **comch_server);
#endif

/**
 * @brief Destroys an idle server.
 *
 * @param [in] comch_server the server
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_destroy(struct doca_comch_server *comch_server);
#endif

/**
 * @brief Ends a connection of a running server (its client sees the server go).
 *
 * @param [in] comch_server the server
 * @param [in] connection one of its connections
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_CONNECTED (already gone).
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_disconnect(struct doca_comch_server *comch_server,
					  struct doca_comch_connection *connection);
#endif

/**
 * @brief Sets the callbacks a progress engine calls when a client connects and when one disconnects (before start).
 *
 * @param [in] comch_server the server
 * @param [in] connect_event_cb a client connected
 * @param [in] disconnect_event_cb a client disconnected
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_event_connection_status_changed_register(
	struct doca_comch_server *comch_server, doca_comch_event_connection_status_changed_cb_t connect_event_cb,
	doca_comch_event_connection_status_changed_cb_t disconnect_event_cb);
#endif

/**
 * @brief Sets the callback a progress engine calls for each message the server receives (before start).
 *
 * @param [in] comch_server the server
 * @param [in] recv_event_cb the callback
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_event_msg_recv_register(struct doca_comch_server *comch_server,
						       doca_comch_event_msg_recv_cb_t recv_event_cb);
#endif

/**
 * @brief The server a connection belongs to.
 *
 * @param [in] connection the connection
 * @return the server, NULL when the connection is none of a server's.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_comch_server *doca_comch_server_get_server_ctx(const struct doca_comch_connection *connection);
#endif

/**
 * @brief Sets the largest message the server sends and receives (before start).
 *
 * @param [in] comch_server the server
 * @param [in] size bytes, 1 - doca_comch_cap_get_max_msg_size
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_set_max_msg_size(struct doca_comch_server *comch_server, uint32_t size);
#endif

/**
 * @brief Sets how many received messages may wait for the server's progress engine, per connection (before start).
 *
 * @param [in] comch_server the server
 * @param [in] size messages, 1 - 8192
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_set_recv_queue_size(struct doca_comch_server *comch_server, uint32_t size);
#endif

/**
 * @brief Allocates a send task of a message to a client of the server (msg is read when the task is submitted).
 *
 * @param [in] comch_server the server
 * @param [in] peer the client's connection
 * @param [in] msg the message
 * @param [in] len its bytes, 1 - the connection's largest message
 * @param [out] task the task
 * @return DOCA_SUCCESS; DOCA_ERROR_NO_MEMORY (no free task); DOCA_ERROR_BAD_STATE (not running); DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_task_send_alloc_init(struct doca_comch_server *comch_server,
						    struct doca_comch_connection *peer, const void *msg, uint32_t len,
						    struct doca_comch_task_send **task);
#endif

/**
 * @brief Configures the server's send tasks (before start).
 *
 * @param [in] comch_server the server
 * @param [in] task_completion_cb called for a task sent
 * @param [in] task_error_cb called for a task that failed
 * @param [in] num_send_tasks how many tasks
 * @return DOCA_SUCCESS; DOCA_ERROR_BAD_STATE when not idle; DOCA_ERROR_INVALID_VALUE.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_comch_server_task_send_set_conf(struct doca_comch_server *comch_server,
						  doca_comch_task_send_completion_cb_t task_completion_cb,
						  doca_comch_task_send_completion_cb_t task_error_cb,
						  uint32_t num_send_tasks);
#endif

/**
 * @brief The generic task of a send task (doca_task_submit, doca_task_free, user data).
 *
 * @param [in] task the send task
 * @return the task.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_task *doca_comch_task_send_as_task(struct doca_comch_task_send *task);
#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENDOCA_DOCA_COMCH_H */
