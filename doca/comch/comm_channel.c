/*
 * DOCA Comm Channel (doca_comm_channel.h, 2.2): endpoints over the machine's channels (channel.h,
 * shared with DOCA Comch).
 *
 * An endpoint is a handle with a mutex: every call on it or on one of its peer addresses takes it,
 * so that no misuse from several threads can corrupt it (DOCA gives an endpoint to one thread).
 * A service listens on its channels; a client connects and sends its hello at
 * doca_comm_channel_ep_connect. Nothing happens behind the program's back: recvfrom accepts clients,
 * completes handshakes (a service answers a client's hello with its own) and reads one message;
 * peer_addr_update_info completes a client's handshake; update_service_state_info accepts too.
 * Each connection is a peer address, a handle of its own holding a reference to its endpoint; a
 * connection that failed stays listed (its handle answers) until the program disconnects it.
 *
 * Event channels are epoll descriptors: the receive channel holds the listening sockets and the
 * connections (level-triggered: readable while something waits for recvfrom); the send channel an
 * eventfd and, once armed, the connections whose last send found the peer's queue full
 * (EPOLLOUT, one-shot); the service channel the listening sockets and an eventfd written when a
 * client came or went.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80) /* the only release of the Comm Channel */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "channel.h"
#include "dev.h"
#include "doca_comm_channel.h"
#include "doca_log.h"
#include "private.h"

/* The project's figures for the simulated device (DOCA leaves them to the device). */
#define CC_DEFAULT_QUEUE 64u
#define CC_MAX_CONNECTIONS 512u

enum cc_role {
	CC_IDLE,
	CC_SERVICE,
	CC_CLIENT
};
enum cc_state {
	CC_HANDSHAKE,
	CC_UP,
	CC_FAILED
};

struct cc_stats {
	uint64_t send_messages, send_bytes, recv_messages, recv_bytes;
};

struct cc_ep;

struct cc_peer {
	struct opendoca_object obj; /* first: a handle */
	struct cc_ep *ep;           /* a reference */
	struct cc_peer *next;       /* the endpoint's list, which holds a reference */
	int fd;                     /* -1: failed or disconnected */
	enum cc_state state;
	bool reported;        /* its failure was answered by recvfrom */
	bool blocked;         /* its last send found the peer's queue full */
	bool in_send_channel; /* registered in the send channel */
	uint32_t max_msg_size;
	uint64_t user_data;
	struct cc_stats live, taken; /* taken: at the last update_info */
};

struct cc_ep {
	struct opendoca_object obj; /* first: a handle */
	pthread_mutex_t lock;
	enum cc_role role;
	struct doca_dev *dev; /* held */
	struct doca_dev_rep *rep;
	uint16_t max_msg_size, send_queue, recv_queue;
	int listen_fd[2];
	int recv_channel, send_channel, send_ready, service_channel, service_event; /* -1: none */
	struct cc_peer *peers;
	uint32_t num_peers;
	/* update_service_state_info's snapshot */
	struct doca_comm_channel_addr_t **snapshot;
	uint32_t snapshot_len, pending;
};

static const struct opendoca_kind ep_kind = { "Comm Channel endpoint" };
static const struct opendoca_kind peer_kind = { "Comm Channel peer address" };

/* ---- Objects ---- */

static void free_ep(struct opendoca_object *obj)
{
	struct cc_ep *ep = (struct cc_ep *)obj;

	pthread_mutex_destroy(&ep->lock);
	free(ep->snapshot);
	free(ep);
}

static void free_peer(struct opendoca_object *obj)
{
	struct cc_peer *peer = (struct cc_peer *)obj;

	opendoca_handle_put(&peer->ep->obj);
	free(peer);
}

/* The endpoint of handle, locked, with a reference; NULL after one line naming func. */
static struct cc_ep *ep_lock(const void *handle, const char *func)
{
	struct cc_ep *ep = opendoca_handle_get(handle, &ep_kind, func);

	if (ep)
		pthread_mutex_lock(&ep->lock);
	return ep;
}

static doca_error_t ep_unlock(struct cc_ep *ep, doca_error_t err)
{
	pthread_mutex_unlock(&ep->lock);
	opendoca_handle_put(&ep->obj);
	return err;
}

/*
 * The peer address of handle and its endpoint, locked; each with a reference. NULL after one line
 * naming func (a handle that is no peer address, or one disconnected).
 */
static struct cc_peer *peer_lock(const void *handle, const char *func)
{
	struct cc_peer *peer = opendoca_handle_get(handle, &peer_kind, func);

	if (!peer)
		return NULL;
	opendoca_handle_hold(&peer->ep->obj);
	pthread_mutex_lock(&peer->ep->lock);
	return peer;
}

static doca_error_t peer_unlock(struct cc_peer *peer, doca_error_t err)
{
	struct cc_ep *ep = peer->ep;

	opendoca_handle_put(&peer->obj);
	return ep_unlock(ep, err);
}

static void signal_fd(int fd)
{
	uint64_t one = 1;

	if (fd >= 0)
		(void)!write(fd, &one, sizeof(one));
}

static void clear_fd(int fd)
{
	uint64_t value;

	(void)!read(fd, &value, sizeof(value));
}

static void watch(int epfd, int fd, uint32_t events)
{
	struct epoll_event ev = { .events = events, .data.fd = fd };

	epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}

/* ---- Connections ---- */

static struct cc_peer *peer_add(struct cc_ep *ep, int fd)
{
	struct cc_peer *peer = calloc(1, sizeof(*peer));

	if (!peer || !opendoca_handle_open(&peer->obj, &peer_kind, free_peer)) {
		free(peer);
		close(fd);
		return NULL;
	}
	opendoca_handle_hold(&peer->obj); /* the list's */
	opendoca_handle_hold(&ep->obj);   /* the peer's */
	peer->ep = ep;
	peer->fd = fd;
	peer->state = CC_HANDSHAKE;
	peer->max_msg_size = ep->max_msg_size;
	peer->next = ep->peers;
	ep->peers = peer;
	ep->num_peers++;
	watch(ep->recv_channel, fd, EPOLLIN);
	return peer;
}

/* A connection failed or its peer left: its socket closes (leaving the channels), its handle stays. */
static void peer_fail(struct cc_ep *ep, struct cc_peer *peer)
{
	if (peer->fd >= 0)
		close(peer->fd);
	peer->fd = -1;
	peer->state = CC_FAILED;
	if (ep->role == CC_SERVICE)
		signal_fd(ep->service_event);
}

/* Ends a connection: unlisted, its handle closed (refused from now on). */
static void peer_end(struct cc_ep *ep, struct cc_peer *peer)
{
	struct opendoca_object *obj;

	for (struct cc_peer **p = &ep->peers; *p; p = &(*p)->next)
		if (*p == peer) {
			*p = peer->next;
			break;
		}
	ep->num_peers--;
	if (peer->fd >= 0)
		close(peer->fd);
	peer->fd = -1;
	obj = opendoca_handle_close(opendoca_handle_of(&peer->obj), &peer_kind, __func__);
	if (obj) {
		opendoca_handle_put(obj);
		opendoca_handle_put(obj);
	}
	opendoca_handle_put(&peer->obj); /* the list's */
}

/* Reads a connection's hello, if it came: up (a service answers with its own), or failed. */
static void handshake(struct cc_ep *ep, struct cc_peer *peer)
{
	uint8_t hello[16];
	ssize_t n = opendoca_channel_recv(peer->fd, hello, sizeof(hello), MSG_DONTWAIT | MSG_TRUNC);

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (!opendoca_channel_take_hello(hello, n, &peer->max_msg_size)) {
		peer_fail(ep, peer);
		return;
	}
	peer->state = CC_UP;
	if (ep->role == CC_SERVICE) {
		opendoca_channel_send_hello(peer->fd, ep->max_msg_size);
		signal_fd(ep->service_event);
	}
}

/* A service takes the clients waiting on its channels (over its limit: refused at once). */
static void accept_clients(struct cc_ep *ep)
{
	for (int i = 0; ep->role == CC_SERVICE && i < 2; i++) {
		int fd;

		while (ep->listen_fd[i] >= 0 &&
		       (fd = accept4(ep->listen_fd[i], NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
			if (ep->num_peers >= CC_MAX_CONNECTIONS) {
				close(fd); /* the client's handshake fails */
				continue;
			}
			opendoca_channel_size(fd, ep->send_queue, ep->recv_queue, ep->max_msg_size);
			if (peer_add(ep, fd))
				signal_fd(ep->service_event);
		}
	}
}

/* ---- Capabilities ---- */

doca_error_t doca_comm_channel_get_max_service_name_len(uint32_t *max_service_name_len)
{
	if (!max_service_name_len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_service_name_len is NULL");
	*max_service_name_len = OPENDOCA_CHANNEL_MAX_NAME + 1;
	return DOCA_SUCCESS;
}

static doca_error_t cap(const struct doca_devinfo *devinfo, uint32_t *out, uint32_t value, const char *func)
{
	if (!devinfo || !out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", devinfo ? "the output" : "devinfo");
	*out = value;
	return DOCA_SUCCESS;
}

doca_error_t doca_comm_channel_get_max_message_size(struct doca_devinfo *devinfo, uint32_t *max_message_size)
{
	return cap(devinfo, max_message_size, OPENDOCA_CHANNEL_MAX_MSG_SIZE, __func__);
}

doca_error_t doca_comm_channel_get_max_send_queue_size(struct doca_devinfo *devinfo, uint32_t *max_send_queue_size)
{
	return cap(devinfo, max_send_queue_size, OPENDOCA_CHANNEL_MAX_QUEUE, __func__);
}

doca_error_t doca_comm_channel_get_max_recv_queue_size(struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size)
{
	return cap(devinfo, max_recv_queue_size, OPENDOCA_CHANNEL_MAX_QUEUE, __func__);
}

doca_error_t doca_comm_channel_get_service_max_num_connections(struct doca_devinfo *devinfo,
							       uint32_t *max_num_connections)
{
	return cap(devinfo, max_num_connections, CC_MAX_CONNECTIONS, __func__);
}

/* ---- Endpoints ---- */

doca_error_t doca_comm_channel_ep_create(struct doca_comm_channel_ep_t **ep)
{
	struct cc_ep *e;

	if (!ep)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ep is NULL");
	e = calloc(1, sizeof(*e));
	if (!e)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an endpoint");
	pthread_mutex_init(&e->lock, NULL);
	e->max_msg_size = OPENDOCA_CHANNEL_MAX_MSG_SIZE;
	e->send_queue = e->recv_queue = CC_DEFAULT_QUEUE;
	e->listen_fd[0] = e->listen_fd[1] = -1;
	e->recv_channel = e->send_channel = e->send_ready = e->service_channel = e->service_event = -1;
	if (!opendoca_handle_open(&e->obj, &ep_kind, free_ep)) {
		pthread_mutex_destroy(&e->lock);
		free(e);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left");
	}
	*ep = opendoca_handle_of(&e->obj);
	return DOCA_SUCCESS;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void close_channels(struct cc_ep *ep)
{
	close_fd(&ep->recv_channel);
	close_fd(&ep->send_channel);
	close_fd(&ep->send_ready);
	close_fd(&ep->service_channel);
	close_fd(&ep->service_event);
}

doca_error_t doca_comm_channel_ep_destroy(struct doca_comm_channel_ep_t *local_ep)
{
	struct cc_ep *ep = opendoca_handle_try_get(local_ep, &ep_kind);
	struct doca_dev *dev;

	if (!ep)
		return opendoca_fail(DOCA_ERROR_NOT_CONNECTED, __func__, "%p is no endpoint", (void *)local_ep);
	pthread_mutex_lock(&ep->lock);
	/* Another thread destroying it meanwhile: refused (logged by the close), the reference is ours. */
	if (!opendoca_handle_close(local_ep, &ep_kind, __func__))
		return ep_unlock(ep, DOCA_ERROR_NOT_CONNECTED);
	while (ep->peers)
		peer_end(ep, ep->peers);
	for (int i = 0; i < 2; i++)
		close_fd(&ep->listen_fd[i]);
	close_channels(ep);
	dev = ep->dev;
	ep->dev = NULL;
	pthread_mutex_unlock(&ep->lock);
	if (dev)
		opendoca_dev_release(dev);
	opendoca_handle_put(&ep->obj); /* the close's two */
	opendoca_handle_put(&ep->obj);
	opendoca_handle_put(&ep->obj); /* try_get's */
	return DOCA_SUCCESS;
}

/* ---- Properties ---- */

/* The endpoint of handle, locked, neither listening nor connected; NULL after one line. */
static struct cc_ep *ep_lock_idle(const void *handle, const char *func)
{
	struct cc_ep *ep = ep_lock(handle, func);

	if (ep && ep->role != CC_IDLE) {
		bool service = ep->role == CC_SERVICE;

		ep_unlock(ep, DOCA_SUCCESS);
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the endpoint is already %s",
			      service ? "listening" : "connected");
		return NULL;
	}
	return ep;
}

doca_error_t doca_comm_channel_ep_set_device(struct doca_comm_channel_ep_t *ep, struct doca_dev *device)
{
	struct cc_ep *e;
	struct doca_dev *old;
	doca_error_t err;

	if (!device)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "device is NULL");
	e = ep_lock_idle(ep, __func__);
	if (!e)
		return opendoca_last_error();
	err = opendoca_dev_hold(device, __func__);
	if (err)
		return ep_unlock(e, err);
	old = e->dev;
	e->dev = device;
	if (old)
		opendoca_dev_release(old);
	return ep_unlock(e, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_set_device_rep(struct doca_comm_channel_ep_t *ep, struct doca_dev_rep *device_rep)
{
	struct cc_ep *e;

	if (!device_rep)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "device_rep is NULL");
	e = ep_lock_idle(ep, __func__);
	if (!e)
		return opendoca_last_error();
	/* Read at listen: the representor's PCI address names the service's channel. */
	e->rep = device_rep;
	return ep_unlock(e, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_set_max_msg_size(struct doca_comm_channel_ep_t *ep, uint16_t max_msg_size)
{
	struct cc_ep *e;

	if (!max_msg_size || max_msg_size > OPENDOCA_CHANNEL_MAX_MSG_SIZE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_msg_size %u is not 1 - %u", max_msg_size,
				     OPENDOCA_CHANNEL_MAX_MSG_SIZE);
	e = ep_lock_idle(ep, __func__);
	if (!e)
		return opendoca_last_error();
	e->max_msg_size = max_msg_size;
	return ep_unlock(e, DOCA_SUCCESS);
}

/* A queue's size as used: rounded up to a power of two. */
static uint16_t queue_size(uint16_t size)
{
	uint16_t used = 1;

	while (used < size)
		used <<= 1;
	return used;
}

static doca_error_t set_queue(const void *handle, bool send, uint16_t size, const char *func)
{
	struct cc_ep *e;

	if (!size || size > OPENDOCA_CHANNEL_MAX_QUEUE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "size %u is not 1 - %u", size,
				     OPENDOCA_CHANNEL_MAX_QUEUE);
	e = ep_lock_idle(handle, func);
	if (!e)
		return opendoca_last_error();
	*(send ? &e->send_queue : &e->recv_queue) = queue_size(size);
	return ep_unlock(e, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_set_send_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t send_queue_size)
{
	return set_queue(ep, true, send_queue_size, __func__);
}

doca_error_t doca_comm_channel_ep_set_recv_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t recv_queue_size)
{
	return set_queue(ep, false, recv_queue_size, __func__);
}

/* Which property a getter reads. */
enum cc_property {
	CC_DEVICE,
	CC_DEVICE_REP,
	CC_MAX_MSG_SIZE,
	CC_SEND_QUEUE,
	CC_RECV_QUEUE
};

static doca_error_t get_property(const void *handle, enum cc_property which, void *out, const char *func)
{
	struct cc_ep *e;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	e = ep_lock(handle, func);
	if (!e)
		return DOCA_ERROR_INVALID_VALUE;
	switch (which) {
	case CC_DEVICE:
		*(struct doca_dev **)out = e->dev;
		break;
	case CC_DEVICE_REP:
		*(struct doca_dev_rep **)out = e->rep;
		break;
	case CC_MAX_MSG_SIZE:
		*(uint16_t *)out = e->max_msg_size;
		break;
	case CC_SEND_QUEUE:
		*(uint16_t *)out = e->send_queue;
		break;
	case CC_RECV_QUEUE:
		*(uint16_t *)out = e->recv_queue;
		break;
	}
	return ep_unlock(e, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_get_device(struct doca_comm_channel_ep_t *ep, struct doca_dev **device)
{
	return get_property(ep, CC_DEVICE, device, __func__);
}

doca_error_t doca_comm_channel_ep_get_device_rep(struct doca_comm_channel_ep_t *ep, struct doca_dev_rep **device_rep)
{
	return get_property(ep, CC_DEVICE_REP, device_rep, __func__);
}

doca_error_t doca_comm_channel_ep_get_max_msg_size(struct doca_comm_channel_ep_t *ep, uint16_t *max_msg_size)
{
	return get_property(ep, CC_MAX_MSG_SIZE, max_msg_size, __func__);
}

doca_error_t doca_comm_channel_ep_get_send_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t *send_queue_size)
{
	return get_property(ep, CC_SEND_QUEUE, send_queue_size, __func__);
}

doca_error_t doca_comm_channel_ep_get_recv_queue_size(struct doca_comm_channel_ep_t *ep, uint16_t *recv_queue_size)
{
	return get_property(ep, CC_RECV_QUEUE, recv_queue_size, __func__);
}

/* ---- Listen, connect ---- */

/* The event channels of an endpoint becoming a service or a client; false when the system refused. */
static bool open_channels(struct cc_ep *ep, bool service)
{
	ep->recv_channel = epoll_create1(EPOLL_CLOEXEC);
	ep->send_channel = epoll_create1(EPOLL_CLOEXEC);
	ep->send_ready = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (service) {
		ep->service_channel = epoll_create1(EPOLL_CLOEXEC);
		ep->service_event = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	}
	if (ep->recv_channel < 0 || ep->send_channel < 0 || ep->send_ready < 0 ||
	    (service && (ep->service_channel < 0 || ep->service_event < 0))) {
		close_channels(ep);
		return false;
	}
	watch(ep->send_channel, ep->send_ready, EPOLLIN);
	if (service)
		watch(ep->service_channel, ep->service_event, EPOLLIN);
	return true;
}

/* Checks what listen and connect share: the name and that the endpoint is neither yet. */
static doca_error_t check_start(struct cc_ep *ep, const char *name, const char *func)
{
	if (!opendoca_channel_name_ok(name))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "name \"%.*s\" is not 1 - %u characters without '/'",
				     (int)OPENDOCA_CHANNEL_MAX_NAME, name, OPENDOCA_CHANNEL_MAX_NAME);
	if (ep->role == CC_SERVICE || ep->peers)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the endpoint is already %s",
				     ep->role == CC_SERVICE ? "listening" : "connected");
	if (!ep->dev)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the endpoint has no device");
	return DOCA_SUCCESS;
}

doca_error_t doca_comm_channel_ep_listen(struct doca_comm_channel_ep_t *local_ep, const char *name)
{
	char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE];
	struct cc_ep *ep;
	doca_error_t err;

	if (!name)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "name is NULL");
	ep = ep_lock(local_ep, __func__);
	if (!ep)
		return DOCA_ERROR_INVALID_VALUE;
	err = check_start(ep, name, __func__);
	if (err)
		return ep_unlock(ep, err);
	if (ep->role == CC_CLIENT)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "the endpoint is a client"));
	if (!ep->rep)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the endpoint has no representor"));
	if (!opendoca_channel_pci(ep->dev, ep->rep, pci))
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
						   "the device or the representor has no PCI address"));
	if (!open_channels(ep, true))
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_INITIALIZATION, __func__, "no event channel: %s",
						   strerror(errno)));
	if (opendoca_channel_serve((const char(*)[DOCA_DEVINFO_PCI_ADDR_SIZE])pci, name, ep->listen_fd)) {
		int saved = errno;

		close_channels(ep);
		if (saved == EADDRINUSE)
			err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, __func__,
					    "another service \"%s\" serves the host function at %s", name, pci[0]);
		else
			err = opendoca_fail(DOCA_ERROR_INITIALIZATION, __func__, "cannot listen: %s", strerror(saved));
		return ep_unlock(ep, err);
	}
	for (int i = 0; i < 2; i++)
		if (ep->listen_fd[i] >= 0) {
			watch(ep->recv_channel, ep->listen_fd[i], EPOLLIN);
			watch(ep->service_channel, ep->listen_fd[i], EPOLLIN);
		}
	ep->role = CC_SERVICE;
	return ep_unlock(ep, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_connect(struct doca_comm_channel_ep_t *local_ep, const char *name,
					  struct doca_comm_channel_addr_t **peer_addr)
{
	char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE];
	struct cc_ep *ep;
	struct cc_peer *peer;
	doca_error_t err;
	int fd;

	if (!name || !peer_addr)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", name ? "peer_addr" : "name");
	ep = ep_lock(local_ep, __func__);
	if (!ep)
		return DOCA_ERROR_INVALID_VALUE;
	err = check_start(ep, name, __func__);
	if (err)
		return ep_unlock(ep, err);
	if (!opendoca_channel_pci(ep->dev, NULL, pci))
		return ep_unlock(ep,
				 opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the device has no PCI address"));
	if (ep->role == CC_IDLE && !open_channels(ep, false))
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_INITIALIZATION, __func__, "no event channel: %s",
						   strerror(errno)));
	fd = opendoca_channel_connect(pci[0], name, ep->send_queue, ep->recv_queue, ep->max_msg_size);
	if (fd < 0) {
		int saved = errno;

		if (ep->role == CC_IDLE) /* still configurable */
			close_channels(ep);
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, __func__,
						   "no service \"%s\" for the host function at %s: %s", name, pci[0],
						   strerror(saved)));
	}
	ep->role = CC_CLIENT; /* its channels stay, for a connection again after a disconnect */
	peer = peer_add(ep, fd);
	if (!peer)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a peer address"));
	opendoca_channel_send_hello(fd, ep->max_msg_size);
	*peer_addr = opendoca_handle_of(&peer->obj);
	return ep_unlock(ep, DOCA_SUCCESS);
}

/* ---- Messages ---- */

/* The peer of handle if it is one of ep's (ep locked), with a reference; NULL otherwise. */
static struct cc_peer *own_peer(struct cc_ep *ep, const void *handle)
{
	struct cc_peer *peer = handle ? opendoca_handle_try_get(handle, &peer_kind) : NULL;

	if (peer && peer->ep != ep) {
		opendoca_handle_put(&peer->obj);
		return NULL;
	}
	return peer;
}

doca_error_t doca_comm_channel_ep_sendto(struct doca_comm_channel_ep_t *local_ep, const void *msg, size_t len,
					 int flags, struct doca_comm_channel_addr_t *peer_addr)
{
	struct cc_ep *ep;
	struct cc_peer *peer;
	doca_error_t err = DOCA_SUCCESS;

	if (!msg || !len || flags != DOCA_CC_MSG_FLAG_NONE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s",
				     !msg   ? "msg is NULL"
				     : !len ? "len is 0"
					    : "flags are not 0");
	ep = ep_lock(local_ep, __func__);
	if (!ep)
		return DOCA_ERROR_INVALID_VALUE;
	peer = own_peer(ep, peer_addr);
	if (peer && peer->state == CC_HANDSHAKE) /* a client sending before asking whether it is connected */
		handshake(ep, peer);
	if (!peer || peer->state == CC_HANDSHAKE)
		err = opendoca_fail(DOCA_ERROR_NOT_CONNECTED, __func__,
				    "%p is no established connection of the endpoint", (void *)peer_addr);
	else if (peer->state == CC_FAILED)
		err = opendoca_fail(DOCA_ERROR_CONNECTION_RESET, __func__, "the connection failed: disconnect it");
	else if (len > peer->max_msg_size)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "len %zu is over the connection's largest (%u)",
				    len, peer->max_msg_size);
	else if (send(peer->fd, msg, len, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)len) {
		peer->blocked = false;
		peer->live.send_messages++;
		peer->live.send_bytes += len;
	} else if (errno == EAGAIN || errno == EWOULDBLOCK) {
		/* The peer's queue is full: the program tries again (the send channel says when). */
		peer->blocked = true;
		err = DOCA_ERROR_AGAIN;
	} else {
		int saved = errno;

		peer_fail(ep, peer);
		err = opendoca_fail(DOCA_ERROR_CONNECTION_RESET, __func__, "the connection failed (%s): disconnect it",
				    strerror(saved));
	}
	if (peer)
		opendoca_handle_put(&peer->obj);
	return ep_unlock(ep, err);
}

/*
 * What one connection has for recvfrom: DOCA_SUCCESS (a message), DOCA_ERROR_AGAIN (nothing), or a
 * failure already logged.
 */
static doca_error_t receive_from(struct cc_ep *ep, struct cc_peer *peer, void *msg, size_t *len, const char *func)
{
	for (;;) {
		uint8_t probe;
		ssize_t n;

		if (peer->state == CC_FAILED) {
			if (peer->reported)
				return DOCA_ERROR_AGAIN;
			peer->reported = true;
			return opendoca_fail(DOCA_ERROR_CONNECTION_RESET, func,
					     "the connection %p failed or its peer left: disconnect it",
					     opendoca_handle_of(&peer->obj));
		}
		if (peer->state == CC_HANDSHAKE) {
			handshake(ep, peer);
			if (peer->state == CC_HANDSHAKE)
				return DOCA_ERROR_AGAIN;
			continue;
		}
		/* The next message's length, leaving it queued. */
		n = opendoca_channel_recv(peer->fd, &probe, 0, MSG_DONTWAIT | MSG_PEEK | MSG_TRUNC);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			return DOCA_ERROR_AGAIN;
		if (n <= 0) { /* no message is empty: the peer left */
			peer_fail(ep, peer);
			continue;
		}
		if ((size_t)n > peer->max_msg_size) {
			/* The peer broke the agreed size: the project drops the message, one line. */
			opendoca_sdk_log(DOCA_LOG_LEVEL_WARNING, func,
					 "a message of %zd bytes, over the connection's %u: dropped", n,
					 peer->max_msg_size);
			(void)!recv(peer->fd, &probe, 0, MSG_DONTWAIT);
			continue;
		}
		if ((size_t)n > *len)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "a message of %zd bytes does not fit len %zu (it stays queued)", n, *len);
		n = recv(peer->fd, msg, (size_t)n, MSG_DONTWAIT);
		if (n <= 0) {
			peer_fail(ep, peer);
			continue;
		}
		*len = (size_t)n;
		peer->live.recv_messages++;
		peer->live.recv_bytes += (uint64_t)n;
		return DOCA_SUCCESS;
	}
}

doca_error_t doca_comm_channel_ep_recvfrom(struct doca_comm_channel_ep_t *local_ep, void *msg, size_t *len, int flags,
					   struct doca_comm_channel_addr_t **peer_addr)
{
	struct cc_ep *ep;
	struct cc_peer *served = NULL;
	doca_error_t err = DOCA_ERROR_AGAIN;

	if (!msg || !len || !peer_addr || flags != DOCA_CC_MSG_FLAG_NONE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s",
				     !msg         ? "msg is NULL"
				     : !len       ? "len is NULL"
				     : !peer_addr ? "peer_addr is NULL"
						  : "flags are not 0");
	ep = ep_lock(local_ep, __func__);
	if (!ep)
		return DOCA_ERROR_INVALID_VALUE;
	if (ep->role == CC_IDLE)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_NOT_CONNECTED, __func__,
						   "the endpoint neither listens nor is connected"));
	accept_clients(ep);
	for (struct cc_peer *peer = ep->peers; peer && err == DOCA_ERROR_AGAIN; peer = peer->next) {
		err = receive_from(ep, peer, msg, len, __func__);
		if (err != DOCA_ERROR_AGAIN)
			served = peer;
	}
	if (!served)
		return ep_unlock(ep, err);
	if (err != DOCA_ERROR_INVALID_VALUE) /* a message too long: nothing touched */
		*peer_addr = opendoca_handle_of(&served->obj);
	/* The connection served goes last, so that one busy peer does not starve the others. */
	if (served->next) {
		struct cc_peer **p = &ep->peers;

		while (*p != served)
			p = &(*p)->next;
		*p = served->next;
		while (*p)
			p = &(*p)->next;
		*p = served;
		served->next = NULL;
	}
	return ep_unlock(ep, err);
}

doca_error_t doca_comm_channel_ep_disconnect(struct doca_comm_channel_ep_t *local_ep,
					     struct doca_comm_channel_addr_t *peer_addr)
{
	struct cc_ep *ep = ep_lock(local_ep, __func__);
	struct cc_peer *peer;

	if (!ep)
		return DOCA_ERROR_INVALID_VALUE;
	peer = own_peer(ep, peer_addr);
	if (!peer)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_NOT_CONNECTED, __func__,
						   "%p is no connection of the endpoint", (void *)peer_addr));
	if (ep->role == CC_SERVICE && peer->state != CC_FAILED)
		signal_fd(ep->service_event);
	peer_end(ep, peer); /* the peer sees the connection end */
	opendoca_handle_put(&peer->obj);
	return ep_unlock(ep, DOCA_SUCCESS);
}

/* ---- Event channels ---- */

/* The endpoint of handle, locked, listening or connected; NULL after one line. */
static struct cc_ep *ep_lock_started(const void *handle, const char *func)
{
	struct cc_ep *ep = ep_lock(handle, func);

	if (ep && ep->role == CC_IDLE) {
		ep_unlock(ep, DOCA_SUCCESS);
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the endpoint neither listens nor is connected");
		return NULL;
	}
	return ep;
}

doca_error_t doca_comm_channel_ep_get_event_channel(struct doca_comm_channel_ep_t *local_ep,
						    doca_event_channel_t *send_event_channel,
						    doca_event_channel_t *recv_event_channel)
{
	struct cc_ep *ep;

	if (!send_event_channel && !recv_event_channel)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "both outputs are NULL");
	ep = ep_lock_started(local_ep, __func__);
	if (!ep)
		return opendoca_last_error();
	if (send_event_channel)
		*send_event_channel = ep->send_channel;
	if (recv_event_channel)
		*recv_event_channel = ep->recv_channel;
	return ep_unlock(ep, DOCA_SUCCESS);
}

/* The endpoint of handle, locked, listening; NULL after one line. */
static struct cc_ep *ep_lock_service(const void *handle, const char *func)
{
	struct cc_ep *ep = ep_lock(handle, func);

	if (ep && ep->role != CC_SERVICE) {
		bool client = ep->role == CC_CLIENT;

		ep_unlock(ep, DOCA_SUCCESS);
		opendoca_fail(client ? DOCA_ERROR_NOT_SUPPORTED : DOCA_ERROR_BAD_STATE, func, "the endpoint %s",
			      client ? "is a client" : "does not listen");
		return NULL;
	}
	return ep;
}

doca_error_t doca_comm_channel_ep_get_service_event_channel(struct doca_comm_channel_ep_t *local_ep,
							    doca_event_channel_t *service_event_channel)
{
	struct cc_ep *ep;

	if (!service_event_channel)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "service_event_channel is NULL");
	ep = ep_lock_service(local_ep, __func__);
	if (!ep)
		return opendoca_last_error();
	*service_event_channel = ep->service_channel;
	return ep_unlock(ep, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_event_handle_arm_send(struct doca_comm_channel_ep_t *local_ep)
{
	struct cc_ep *ep = ep_lock_started(local_ep, __func__);
	struct epoll_event events[16];
	bool waiting = false;

	if (!ep)
		return opendoca_last_error();
	/*
	 * What the channel reported since the last arming is consumed, so that it shows only new room:
	 * the eventfd read, then the connections reported (one-shot: each is reported once, then off).
	 */
	clear_fd(ep->send_ready);
	while (epoll_wait(ep->send_channel, events, 16, 0) == 16)
		;
	for (struct cc_peer *peer = ep->peers; peer; peer = peer->next) {
		struct epoll_event ev = { .events = EPOLLOUT | EPOLLONESHOT, .data.fd = peer->fd };

		if (peer->fd < 0 || !peer->blocked)
			continue;
		waiting = true;
		epoll_ctl(ep->send_channel, peer->in_send_channel ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, peer->fd, &ev);
		peer->in_send_channel = true;
	}
	if (!waiting)
		signal_fd(ep->send_ready); /* no send waits for room */
	return ep_unlock(ep, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_event_handle_arm_recv(struct doca_comm_channel_ep_t *local_ep)
{
	struct cc_ep *ep = ep_lock_started(local_ep, __func__);

	/* The receive channel is level-triggered: armed for good. */
	return ep ? ep_unlock(ep, DOCA_SUCCESS) : opendoca_last_error();
}

/* ---- Peer addresses ---- */

doca_error_t doca_comm_channel_peer_addr_get_user_data(struct doca_comm_channel_addr_t *peer_addr, uint64_t *user_data)
{
	struct cc_peer *peer;

	if (!user_data)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data is NULL");
	peer = peer_lock(peer_addr, __func__);
	if (!peer)
		return DOCA_ERROR_INVALID_VALUE;
	*user_data = peer->user_data;
	return peer_unlock(peer, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_peer_addr_set_user_data(struct doca_comm_channel_addr_t *peer_addr,
						       uint64_t user_context)
{
	struct cc_peer *peer = peer_lock(peer_addr, __func__);

	if (!peer)
		return DOCA_ERROR_INVALID_VALUE;
	peer->user_data = user_context;
	return peer_unlock(peer, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_peer_addr_update_info(struct doca_comm_channel_addr_t *peer_addr)
{
	struct cc_peer *peer = peer_lock(peer_addr, __func__);

	if (!peer)
		return DOCA_ERROR_INVALID_VALUE;
	if (peer->state == CC_HANDSHAKE)
		handshake(peer->ep, peer);
	peer->taken = peer->live;
	if (peer->state == CC_HANDSHAKE)
		return peer_unlock(peer, DOCA_ERROR_CONNECTION_INPROGRESS);
	if (peer->state == CC_FAILED)
		return peer_unlock(peer, opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, __func__,
						       "the connection failed or its peer left"));
	return peer_unlock(peer, DOCA_SUCCESS);
}

/* Which statistic a getter reads (as taken by update_info). */
static doca_error_t get_stat(const void *handle, size_t offset, uint64_t *out, const char *func)
{
	struct cc_peer *peer;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	peer = peer_lock(handle, func);
	if (!peer)
		return DOCA_ERROR_INVALID_VALUE;
	memcpy(out, (const uint8_t *)&peer->taken + offset, sizeof(*out));
	return peer_unlock(peer, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_peer_addr_get_send_messages(const struct doca_comm_channel_addr_t *peer_addr,
							   uint64_t *send_messages)
{
	return get_stat(peer_addr, offsetof(struct cc_stats, send_messages), send_messages, __func__);
}

doca_error_t doca_comm_channel_peer_addr_get_send_bytes(const struct doca_comm_channel_addr_t *peer_addr,
							uint64_t *send_bytes)
{
	return get_stat(peer_addr, offsetof(struct cc_stats, send_bytes), send_bytes, __func__);
}

doca_error_t doca_comm_channel_peer_addr_get_recv_messages(const struct doca_comm_channel_addr_t *peer_addr,
							   uint64_t *recv_messages)
{
	return get_stat(peer_addr, offsetof(struct cc_stats, recv_messages), recv_messages, __func__);
}

doca_error_t doca_comm_channel_peer_addr_get_recv_bytes(const struct doca_comm_channel_addr_t *peer_addr,
							uint64_t *recv_bytes)
{
	return get_stat(peer_addr, offsetof(struct cc_stats, recv_bytes), recv_bytes, __func__);
}

doca_error_t doca_comm_channel_peer_addr_get_send_in_flight_messages(const struct doca_comm_channel_addr_t *peer_addr,
								     uint64_t *send_in_flight_messages)
{
	struct cc_peer *peer;

	if (!send_in_flight_messages)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "send_in_flight_messages is NULL");
	peer = peer_lock(peer_addr, __func__);
	if (!peer)
		return DOCA_ERROR_INVALID_VALUE;
	/* A send puts the message in the peer's queue before it returns: nothing is ever in transit. */
	*send_in_flight_messages = 0;
	return peer_unlock(peer, DOCA_SUCCESS);
}

/* ---- Service state ---- */

doca_error_t doca_comm_channel_ep_update_service_state_info(struct doca_comm_channel_ep_t *local_ep)
{
	struct cc_ep *ep = ep_lock_service(local_ep, __func__);
	struct doca_comm_channel_addr_t **snapshot;
	uint32_t up = 0, pending = 0;

	if (!ep)
		return opendoca_last_error();
	accept_clients(ep);
	snapshot = calloc(ep->num_peers ? ep->num_peers : 1, sizeof(*snapshot));
	if (!snapshot)
		return ep_unlock(ep, opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for %u peer addresses",
						   ep->num_peers));
	clear_fd(ep->service_event); /* armed again: readable at the next client coming or going */
	for (struct cc_peer *peer = ep->peers; peer; peer = peer->next) {
		if (peer->state == CC_UP)
			snapshot[up++] = opendoca_handle_of(&peer->obj);
		else if (peer->state == CC_HANDSHAKE)
			pending++;
	}
	free(ep->snapshot);
	ep->snapshot = snapshot;
	ep->snapshot_len = up;
	ep->pending = pending;
	return ep_unlock(ep, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_get_peer_addr_list(const struct doca_comm_channel_ep_t *local_ep,
						     struct doca_comm_channel_addr_t ***peer_addr_array,
						     uint32_t *peer_addr_array_len)
{
	struct cc_ep *ep;

	if (!peer_addr_array || !peer_addr_array_len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL",
				     peer_addr_array ? "peer_addr_array_len" : "peer_addr_array");
	ep = ep_lock_service(local_ep, __func__);
	if (!ep)
		return opendoca_last_error();
	*peer_addr_array = ep->snapshot;
	*peer_addr_array_len = ep->snapshot_len;
	return ep_unlock(ep, DOCA_SUCCESS);
}

doca_error_t doca_comm_channel_ep_get_pending_connections(const struct doca_comm_channel_ep_t *local_ep,
							  uint32_t *pending_connections)
{
	struct cc_ep *ep;

	if (!pending_connections)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "pending_connections is NULL");
	ep = ep_lock_service(local_ep, __func__);
	if (!ep)
		return opendoca_last_error();
	*pending_connections = ep->pending;
	return ep_unlock(ep, DOCA_SUCCESS);
}
