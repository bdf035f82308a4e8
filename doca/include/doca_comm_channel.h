/*
 * OpenDOCA — written from the facts of NVIDIA's DOCA 2.2 headers (facts/doca-2.2-comm-channel.tsv:
 * names, types, values) and DOCA's public Comm Channel documentation; no NVIDIA header text.
 */

/**
 * @file doca_comm_channel.h
 * @brief DOCA Comm Channel (2.2; its successor from 2.7 is DOCA Comch, doca_comch.h): message
 * channels between a service on the DPU and clients on the host.
 *
 * An endpoint (doca_comm_channel_ep_create) gets a device, on the DPU side also the representor of
 * the host function its clients use, and its queue and message sizes; then it either listens as a
 * service (doca_comm_channel_ep_listen) or connects to one as a client
 * (doca_comm_channel_ep_connect). Each connection is a peer address (struct
 * doca_comm_channel_addr_t): messages go to one with doca_comm_channel_ep_sendto and come from any
 * with doca_comm_channel_ep_recvfrom. Nothing blocks: DOCA_ERROR_AGAIN says there is no message yet
 * or no room in the peer's queue, and the event channels (file descriptors for epoll) say when to
 * try again. A service accepts its clients in doca_comm_channel_ep_recvfrom too.
 *
 * OpenDOCA carries the channels over sockets of the machine (the simulated DPU and host are
 * processes of one machine): a service is found by the PCI address of its representor and its
 * name. Declared for the 2.2 line only (DOCA_VER_USED 2.0 - 2.4, doca_release.h): the DOCA 1.x
 * Core programming guide has no Comm Channel, and 2.5 renamed the library.
 */
#ifndef OPENDOCA_DOCA_COMM_CHANNEL_H
#define OPENDOCA_DOCA_COMM_CHANNEL_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_dev.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An endpoint: a service or a client. */
struct doca_comm_channel_ep_t;
/** A peer address: one connection of an endpoint, the source and destination of messages. */
struct doca_comm_channel_addr_t;

#if OPENDOCA_REL == 22
/** @brief The flags of doca_comm_channel_ep_sendto and doca_comm_channel_ep_recvfrom. */
enum doca_comm_channel_msg_flags {
	DOCA_CC_MSG_FLAG_NONE = 0, /**< none (the only value) */
};

/**
 * @brief A file descriptor to wait on (epoll, poll) for an endpoint's events.
 */
typedef doca_event_handle_t doca_event_channel_t;

/**
 * @brief The longest service name, counting its terminating NUL.
 *
 * @param [out] max_service_name_len bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (NULL).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_get_max_service_name_len(uint32_t *max_service_name_len);

/**
 * @brief The largest message a device's channels carry.
 *
 * @param [in] devinfo the device
 * @param [out] max_message_size bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (an argument NULL).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_get_max_message_size(struct doca_devinfo *devinfo, uint32_t *max_message_size);

/**
 * @brief The longest send queue of an endpoint on a device.
 *
 * @param [in] devinfo the device
 * @param [out] max_send_queue_size messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (an argument NULL).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_get_max_send_queue_size(struct doca_devinfo *devinfo, uint32_t *max_send_queue_size);

/**
 * @brief The longest receive queue of an endpoint on a device.
 *
 * @param [in] devinfo the device
 * @param [out] max_recv_queue_size messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (an argument NULL).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_get_max_recv_queue_size(struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size);

/**
 * @brief How many clients a service on a device may have connected at once.
 *
 * @param [in] devinfo the device
 * @param [out] max_num_connections connections
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE (an argument NULL).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_get_service_max_num_connections(struct doca_devinfo *devinfo,
							       uint32_t *max_num_connections);

/**
 * @brief Creates an endpoint, neither service nor client yet.
 *
 * @param [out] ep the endpoint
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE (NULL); DOCA_ERROR_NO_MEMORY.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_create(struct doca_comm_channel_ep_t **ep);

/**
 * @brief The device set on an endpoint (NULL when none).
 *
 * @param [in] ep the endpoint
 * @param [out] device the device
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_device(struct doca_comm_channel_ep_t *ep, struct doca_dev **device);

/**
 * @brief The representor set on an endpoint (NULL when none).
 *
 * @param [in] ep the endpoint
 * @param [out] device_rep the representor
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_device_rep(struct doca_comm_channel_ep_t *ep, struct doca_dev_rep **device_rep);

/**
 * @brief The largest message an endpoint sends or receives (the default until set).
 *
 * A connection carries the smaller of both sides' sizes.
 *
 * @param [in] ep the endpoint
 * @param [out] max_msg_size bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_max_msg_size(struct doca_comm_channel_ep_t *ep, uint16_t *max_msg_size);

/**
 * @brief The send queue of an endpoint's connections, in messages (as used: rounded up to a power of
 * two; the default until set).
 *
 * @param [in] ep the endpoint
 * @param [out] send_queue_size messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_send_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t *send_queue_size);

/**
 * @brief The receive queue of an endpoint's connections, in messages (as used: rounded up to a power
 * of two; the default until set).
 *
 * @param [in] ep the endpoint
 * @param [out] recv_queue_size messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_recv_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t *recv_queue_size);

/**
 * @brief Sets the device of an endpoint (a client's: the host function; a service's: the DPU's).
 *
 * The endpoint uses the device until it is destroyed or given another (doca_dev_close refuses with
 * DOCA_ERROR_IN_USE meanwhile).
 *
 * @param [in] ep the endpoint, neither listening nor connected
 * @param [in] device an open device
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (listening or connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_set_device(struct doca_comm_channel_ep_t *ep, struct doca_dev *device);

/**
 * @brief Sets the representor of a service: the host function whose clients it serves.
 *
 * @param [in] ep the endpoint, neither listening nor connected
 * @param [in] device_rep an open representor
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (listening or connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_set_device_rep(struct doca_comm_channel_ep_t *ep, struct doca_dev_rep *device_rep);

/**
 * @brief Sets the largest message of an endpoint.
 *
 * @param [in] ep the endpoint, neither listening nor connected
 * @param [in] max_msg_size bytes, 1 to doca_comm_channel_get_max_message_size's
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (listening or connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_set_max_msg_size(struct doca_comm_channel_ep_t *ep, uint16_t max_msg_size);

/**
 * @brief Sets the send queue of an endpoint's connections: how many messages may wait in the peer's
 * queue before doca_comm_channel_ep_sendto answers DOCA_ERROR_AGAIN.
 *
 * @param [in] ep the endpoint, neither listening nor connected
 * @param [in] send_queue_size messages, 1 to doca_comm_channel_get_max_send_queue_size's (rounded up
 * to a power of two)
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (listening or connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_set_send_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t send_queue_size);

/**
 * @brief Sets the receive queue of an endpoint's connections: how many messages may wait for
 * doca_comm_channel_ep_recvfrom.
 *
 * @param [in] ep the endpoint, neither listening nor connected
 * @param [in] recv_queue_size messages, 1 to doca_comm_channel_get_max_recv_queue_size's (rounded up
 * to a power of two)
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (listening or connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_set_recv_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t recv_queue_size);

/**
 * @brief The event channels of a listening or connected endpoint, owned by it (closed by
 * doca_comm_channel_ep_destroy).
 *
 * The receive channel is readable while a message (or a client to accept) waits for
 * doca_comm_channel_ep_recvfrom; the send channel, once armed, when a connection whose send answered
 * DOCA_ERROR_AGAIN has room again (at once when none waits for room).
 *
 * @param [in] local_ep the endpoint
 * @param [out] send_event_channel the send channel, or NULL
 * @param [out] recv_event_channel the receive channel, or NULL
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE (no endpoint, or both outputs NULL);
 * DOCA_ERROR_BAD_STATE (neither listening nor connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_event_channel(struct doca_comm_channel_ep_t *local_ep,
						    doca_event_channel_t *send_event_channel,
						    doca_event_channel_t *recv_event_channel);

/**
 * @brief The service event channel of a listening endpoint: readable when a client came or went
 * since the last doca_comm_channel_ep_update_service_state_info (which arms it again).
 *
 * @param [in] local_ep the endpoint
 * @param [out] service_event_channel the channel
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_SUPPORTED (a client);
 * DOCA_ERROR_BAD_STATE (not listening).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_service_event_channel(struct doca_comm_channel_ep_t *local_ep,
							    doca_event_channel_t *service_event_channel);

/**
 * @brief Arms the send channel (see doca_comm_channel_ep_get_event_channel).
 *
 * @param [in] local_ep a listening or connected endpoint
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (neither listening nor
 * connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_event_handle_arm_send(struct doca_comm_channel_ep_t *local_ep);

/**
 * @brief Arms the receive channel: it is readable from now on while anything waits for
 * doca_comm_channel_ep_recvfrom.
 *
 * @param [in] local_ep a listening or connected endpoint
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (neither listening nor
 * connected).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_event_handle_arm_recv(struct doca_comm_channel_ep_t *local_ep);

/**
 * @brief Makes an endpoint a service of a name: its clients connect on the representor's host
 * function.
 *
 * @param [in] local_ep the endpoint, with a device and a representor
 * @param [in] name the service's name (see doca_comm_channel_get_max_service_name_len; no '/')
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (no device or representor);
 * DOCA_ERROR_NOT_PERMITTED (already listening or connected); DOCA_ERROR_CONNECTION_ABORTED (another
 * service of the name serves the host function); DOCA_ERROR_INITIALIZATION (the system refused).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_listen(struct doca_comm_channel_ep_t *local_ep, const char *name);

/**
 * @brief Connects an endpoint as a client to the service of a name.
 *
 * The handshake goes on after the call: doca_comm_channel_peer_addr_update_info answers
 * DOCA_ERROR_CONNECTION_INPROGRESS until the service accepted the client.
 *
 * @param [in] local_ep the endpoint, with a device
 * @param [in] name the service's name
 * @param [out] peer_addr the connection to the service
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_BAD_STATE (no device);
 * DOCA_ERROR_NOT_PERMITTED (already listening or connected); DOCA_ERROR_CONNECTION_ABORTED (no
 * service of the name listens); DOCA_ERROR_NO_MEMORY.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_connect(struct doca_comm_channel_ep_t *local_ep, const char *name,
					  struct doca_comm_channel_addr_t **peer_addr);

/**
 * @brief Sends a message to a peer, without waiting.
 *
 * @param [in] local_ep the endpoint
 * @param [in] msg the message
 * @param [in] len its bytes, 1 to the connection's largest message
 * @param [in] flags DOCA_CC_MSG_FLAG_NONE
 * @param [in] peer_addr a connection of the endpoint, established
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_CONNECTED (no such connection, or not
 * established); DOCA_ERROR_AGAIN (the peer's queue is full: nothing sent, not logged);
 * DOCA_ERROR_CONNECTION_RESET (the connection failed: disconnect it).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_sendto(struct doca_comm_channel_ep_t *local_ep, const void *msg, size_t len,
					 int flags, struct doca_comm_channel_addr_t *peer_addr);

/**
 * @brief Receives a message from any peer, without waiting; a service also accepts its new clients
 * and completes their handshakes here.
 *
 * @param [in] local_ep the endpoint
 * @param [out] msg where the message goes
 * @param [in,out] len in: msg's room; out: the message's bytes
 * @param [in] flags DOCA_CC_MSG_FLAG_NONE
 * @param [out] peer_addr the connection it came from
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE (an argument, or a message longer than *len: it
 * stays queued); DOCA_ERROR_NOT_CONNECTED (neither listening nor connected); DOCA_ERROR_AGAIN (no
 * message: not logged); DOCA_ERROR_CONNECTION_RESET (the connection *peer_addr failed or its peer
 * left: disconnect it; reported once).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_recvfrom(struct doca_comm_channel_ep_t *local_ep, void *msg, size_t *len, int flags,
					   struct doca_comm_channel_addr_t **peer_addr);

/**
 * @brief Ends a connection and frees its peer address; a client may connect again after.
 *
 * @param [in] local_ep the endpoint
 * @param [in] peer_addr one of its connections
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE (no endpoint); DOCA_ERROR_NOT_CONNECTED (no such
 * connection).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_disconnect(struct doca_comm_channel_ep_t *local_ep,
					     struct doca_comm_channel_addr_t *peer_addr);

/**
 * @brief Destroys an endpoint: its connections end, its event channels close, its device is free.
 *
 * @param [in] local_ep the endpoint
 * @return DOCA_SUCCESS, or DOCA_ERROR_NOT_CONNECTED (no such endpoint).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_destroy(struct doca_comm_channel_ep_t *local_ep);

/**
 * @brief The program's value kept in a peer address (0 until set).
 *
 * @param [in] peer_addr the peer address
 * @param [out] user_data the value
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_user_data(struct doca_comm_channel_addr_t *peer_addr, uint64_t *user_data);

/**
 * @brief Keeps a value of the program's in a peer address.
 *
 * @param [in] peer_addr the peer address
 * @param [in] user_context the value
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_set_user_data(struct doca_comm_channel_addr_t *peer_addr,
						       uint64_t user_context);

/**
 * @brief Takes a peer address's statistics as they are now (what the peer_addr_get_* calls then
 * answer) and says whether its connection is up.
 *
 * @param [in] peer_addr the peer address
 * @return DOCA_SUCCESS (established); DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_CONNECTION_INPROGRESS (the
 * handshake goes on: not logged); DOCA_ERROR_CONNECTION_ABORTED (the connection failed: disconnect it).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_update_info(struct doca_comm_channel_addr_t *peer_addr);

/**
 * @brief The messages sent to a peer (at the last doca_comm_channel_peer_addr_update_info).
 *
 * @param [in] peer_addr the peer address
 * @param [out] send_messages messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_send_messages(const struct doca_comm_channel_addr_t *peer_addr,
							   uint64_t *send_messages);

/**
 * @brief The bytes sent to a peer (at the last doca_comm_channel_peer_addr_update_info).
 *
 * @param [in] peer_addr the peer address
 * @param [out] send_bytes bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_send_bytes(const struct doca_comm_channel_addr_t *peer_addr,
							uint64_t *send_bytes);

/**
 * @brief The messages received from a peer (at the last doca_comm_channel_peer_addr_update_info).
 *
 * @param [in] peer_addr the peer address
 * @param [out] recv_messages messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_recv_messages(const struct doca_comm_channel_addr_t *peer_addr,
							   uint64_t *recv_messages);

/**
 * @brief The bytes received from a peer (at the last doca_comm_channel_peer_addr_update_info).
 *
 * @param [in] peer_addr the peer address
 * @param [out] recv_bytes bytes
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_recv_bytes(const struct doca_comm_channel_addr_t *peer_addr,
							uint64_t *recv_bytes);

/**
 * @brief The messages sent to a peer and not yet in its receive queue (at the last
 * doca_comm_channel_peer_addr_update_info).
 *
 * OpenDOCA's channels put a message in the peer's queue within doca_comm_channel_ep_sendto: none is
 * ever in transmission after it, the answer is 0.
 *
 * @param [in] peer_addr the peer address
 * @param [out] send_in_flight_messages messages
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_peer_addr_get_send_in_flight_messages(const struct doca_comm_channel_addr_t *peer_addr,
								     uint64_t *send_in_flight_messages);

/**
 * @brief Takes a service's state as it is now: its established connections and the clients whose
 * handshake doca_comm_channel_ep_recvfrom has still to complete. Arms the service event channel.
 *
 * Invalidates the array of an earlier doca_comm_channel_ep_get_peer_addr_list.
 *
 * @param [in] local_ep a listening endpoint
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_SUPPORTED (a client);
 * DOCA_ERROR_BAD_STATE (not listening); DOCA_ERROR_NO_MEMORY.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_update_service_state_info(struct doca_comm_channel_ep_t *local_ep);

/**
 * @brief The established connections of a service (at the last
 * doca_comm_channel_ep_update_service_state_info; none before).
 *
 * @param [in] local_ep a listening endpoint
 * @param [out] peer_addr_array the connections, owned by the endpoint
 * @param [out] peer_addr_array_len how many
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_SUPPORTED (a client).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_peer_addr_list(const struct doca_comm_channel_ep_t *local_ep,
						     struct doca_comm_channel_addr_t ***peer_addr_array,
						     uint32_t *peer_addr_array_len);

/**
 * @brief The clients of a service whose handshake is pending (at the last
 * doca_comm_channel_ep_update_service_state_info): doca_comm_channel_ep_recvfrom completes them.
 *
 * @param [in] local_ep a listening endpoint
 * @param [out] pending_connections how many
 * @return DOCA_SUCCESS; DOCA_ERROR_INVALID_VALUE; DOCA_ERROR_NOT_SUPPORTED (a client).
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_comm_channel_ep_get_pending_connections(const struct doca_comm_channel_ep_t *local_ep,
							  uint32_t *pending_connections);
#endif /* OPENDOCA_REL == 22 */

#ifdef __cplusplus
}
#endif

#endif /* OPENDOCA_DOCA_COMM_CHANNEL_H */
