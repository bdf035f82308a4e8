/*
 * DOCA RDMA's connection manager (3.0: addresses, listen, connect_to_addr, accept/reject,
 * disconnect, the connection state callbacks) on the simulated machine. Every simulated device is
 * on this machine, so a server listening on port P is an abstract SOCK_SEQPACKET socket named
 * "opendoca-rdma-cm/P" and a client reaches it whatever address it gives (the address is checked
 * and kept, as the program's). A client's connection sends a request on its socket; the server's
 * progress accepts it as a new connection and calls the request callback; the program accepts
 * (or rejects) it; both sides' progress then calls the established (or failure) callback. The
 * connection then carries messages as a connection to another process does (rdma_socket.c: the
 * one socket both ways); a side that disconnects closes it, and the peer's progress calls the
 * disconnection callback. Progress calls at most one callback per call, as its last action, so
 * that a callback may stop the context.
 */
#include "doca_rdma.h"
#include "doca_log.h"

#include "rdma.h"

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static const struct opendoca_kind addr_kind = { "RDMA connection manager address" };

enum rdma_cm_state {
	CM_NONE,
	CM_WAIT_REQUEST,   /* server: accepted a socket, its request not read yet */
	CM_REQUESTED,      /* server: the request callback is due */
	CM_DECIDING,       /* server: the program's accept or reject is awaited */
	CM_ESTABLISH_DUE,  /* the established callback is due */
	CM_CONNECTING,     /* client: the server does not listen yet (retried until the request timeout) */
	CM_REQUESTING,     /* client: waiting for the server's answer */
	CM_FAILURE_DUE,    /* the failure callback is due */
	CM_ESTABLISHED,    /* connected */
	CM_DISCONNECT_DUE, /* the peer disconnected: the disconnection callback is due */
	CM_ENDED,
};

enum {
	CM_MSG_REQUEST = 16,
	CM_MSG_ACCEPT = 17,
	CM_MSG_REJECT = 18
};

/* How long a client tries to reach a server that does not listen yet, when the program set no timeout. */
#define CM_DEFAULT_TIMEOUT_MS 5000u

struct opendoca_rdma_addr {
	struct opendoca_object object;
	enum doca_rdma_addr_type type;
	uint16_t port;
	char address[INET6_ADDRSTRLEN];
	void *handle;
	bool owned; /* a connection's (doca_rdma_connection_get_addr), not the program's to destroy */
};

/*
 * A client's request: the GID its connection's queue pair has, and the port it asked for, which
 * the server's connection answers doca_rdma_connection_get_addr with (the peer's address).
 */
struct cm_request {
	struct rdma_sock_header h; /* CM_MSG_REQUEST, len: the bytes after it */
	uint8_t gid[16];
	uint16_t port;
	uint8_t reserved[6];
};

/* ---- Addresses ------------------------------------------------------------------------------- */

static void addr_free(struct opendoca_object *object)
{
	free(object);
}

/* A new address object (its handle open), or NULL when out of memory. */
static struct opendoca_rdma_addr *addr_new(enum doca_rdma_addr_type type, const char *address, uint16_t port,
					   bool owned)
{
	struct opendoca_rdma_addr *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->type = type;
	a->port = port;
	a->owned = owned;
	snprintf(a->address, sizeof(a->address), "%s", address);
	a->handle = opendoca_handle_open(&a->object, &addr_kind, addr_free);
	if (!a->handle) {
		free(a);
		return NULL;
	}
	return a;
}

static void addr_close(struct opendoca_rdma_addr *a, const char *func)
{
	if (opendoca_handle_close(a->handle, &addr_kind, func)) {
		opendoca_handle_put(&a->object);
		opendoca_handle_put(&a->object);
	}
}

doca_error_t doca_rdma_addr_create(enum doca_rdma_addr_type addr_type, const char *address, uint16_t port,
				   struct doca_rdma_addr **addr)
{
	unsigned char raw[16];
	struct opendoca_rdma_addr *a;

	if (!addr || !address)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", addr ? "address" : "addr");
	/* a GID is written as an IPv6 address */
	if ((addr_type != DOCA_RDMA_ADDR_TYPE_IPv4 && addr_type != DOCA_RDMA_ADDR_TYPE_IPv6 &&
	     addr_type != DOCA_RDMA_ADDR_TYPE_GID) ||
	    inet_pton(addr_type == DOCA_RDMA_ADDR_TYPE_IPv4 ? AF_INET : AF_INET6, address, raw) != 1)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "\"%s\" is no address of type %d", address,
				     (int)addr_type);
	a = addr_new(addr_type, address, port, false);
	if (!a)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	*addr = a->handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_addr_destroy(struct doca_rdma_addr *addr)
{
	struct opendoca_rdma_addr *a = opendoca_handle_get(addr, &addr_kind, __func__);
	bool owned;

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	owned = a->owned;
	opendoca_handle_put(&a->object);
	/* DOCA's "address in use": a connection's, which goes with the connection */
	if (owned)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				     "address %p is a connection's (doca_rdma_connection_get_addr)", (void *)addr);
	addr_close(a, __func__);
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_addr_get_params(struct doca_rdma_addr *addr, enum doca_rdma_addr_type *addr_type,
				       const char **address, uint16_t *port)
{
	struct opendoca_rdma_addr *a = opendoca_handle_get(addr, &addr_kind, __func__);

	if (!a)
		return DOCA_ERROR_INVALID_VALUE;
	if (addr_type && address && port) {
		*addr_type = a->type;
		*address = a->address; /* valid until the address is destroyed */
		*port = a->port;
	}
	opendoca_handle_put(&a->object);
	return addr_type && address && port ? DOCA_SUCCESS
					    : opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "an output is NULL");
}

/* ---- Callbacks, listening -------------------------------------------------------------------- */

doca_error_t doca_rdma_set_connection_state_callbacks(struct doca_rdma *handle,
						      doca_rdma_connection_request_cb_t request,
						      doca_rdma_connection_established_cb_t established,
						      doca_rdma_connection_failure_cb_t failure,
						      doca_rdma_connection_disconnection_cb_t disconnect)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_idle(rdma, __func__);
	if (!err && (!request || !established || !failure || !disconnect))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "a callback is NULL");
	if (!err) {
		rdma->cm_request = (opendoca_callback)request;
		rdma->cm_established = (opendoca_callback)established;
		rdma->cm_failure = (opendoca_callback)failure;
		rdma->cm_disconnect = (opendoca_callback)disconnect;
	}
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

static socklen_t cm_address(struct sockaddr_un *sa, uint16_t port)
{
	int n;

	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	n = snprintf(sa->sun_path + 1, sizeof(sa->sun_path) - 1, "opendoca-rdma-cm/%u", port);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

doca_error_t doca_rdma_start_listen_to_port(struct doca_rdma *handle, uint16_t port)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	struct sockaddr_un sa;
	socklen_t len = cm_address(&sa, port);
	doca_error_t err;
	int fd = -1;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_running(rdma, __func__);
	if (!err)
		err = rdma_cpu_datapath(rdma, __func__);
	if (!err && !rdma->cm_request)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "no connection state callbacks were set");
	if (!err && rdma->cm_listen_fd >= 0)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the context listens already");
	if (!err) {
		fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
		if (fd < 0 || bind(fd, (struct sockaddr *)&sa, len) || listen(fd, 64)) {
			err = opendoca_fail(errno == EADDRINUSE ? DOCA_ERROR_ALREADY_EXIST
								: DOCA_ERROR_OPERATING_SYSTEM,
					    __func__, "listening on port %u: %s", port, strerror(errno));
			if (fd >= 0)
				close(fd);
		} else {
			rdma->cm_listen_fd = fd;
		}
	}
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

doca_error_t doca_rdma_stop_listen_to_port(struct doca_rdma *handle, uint16_t port)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	doca_error_t err = DOCA_SUCCESS;

	(void)port;
	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	if (rdma->cm_listen_fd < 0)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the context does not listen");
	else
		rdma_cm_stop(rdma);
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

void rdma_cm_stop(struct opendoca_rdma *rdma)
{
	if (rdma->cm_listen_fd >= 0)
		close(rdma->cm_listen_fd);
	rdma->cm_listen_fd = -1;
}

/* ---- Connecting ------------------------------------------------------------------------------ */

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static bool send_control(int fd, uint32_t type)
{
	struct rdma_sock_header h = { .type = type };

	return send(fd, &h, sizeof(h), MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)sizeof(h);
}

/*
 * A client's attempt to reach its server: requesting, or connecting again later (the server does
 * not listen yet), or failed once the request timeout passed.
 */
static void client_try(struct opendoca_rdma_conn *conn)
{
	struct sockaddr_un sa;
	socklen_t len = cm_address(&sa, conn->cm_port);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	struct cm_request req = { .h = { .type = CM_MSG_REQUEST, .len = sizeof(req) - sizeof(req.h) },
				  .port = conn->cm_port };

	memcpy(req.gid, conn->local.gid, sizeof(req.gid));
	if (fd >= 0 && !connect(fd, (struct sockaddr *)&sa, len) &&
	    send(fd, &req, sizeof(req), MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)sizeof(req)) {
		conn->in_fd = conn->out_fd = fd;
		conn->cm_state = CM_REQUESTING;
		return;
	}
	if (fd >= 0)
		close(fd);
	conn->cm_state = now_ms() < conn->cm_deadline ? CM_CONNECTING : CM_FAILURE_DUE;
}

doca_error_t doca_rdma_connect_to_addr(struct doca_rdma *handle, struct doca_rdma_addr *addr,
				       union doca_data connection_user_data)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	struct opendoca_rdma_addr *a = NULL, *copy = NULL;
	struct opendoca_rdma_conn *conn = NULL;
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_running(rdma, __func__);
	if (!err)
		err = rdma_cpu_datapath(rdma, __func__);
	if (!err && !rdma->cm_request)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "no connection state callbacks were set");
	if (!err && !(a = opendoca_handle_get(addr, &addr_kind, __func__)))
		err = DOCA_ERROR_INVALID_VALUE;
	/* the connection's address: the program's, copied (the program may destroy its own) */
	if (!err && !(copy = addr_new(a->type, a->address, a->port, true)))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	if (!err)
		err = rdma_conn_new(rdma, &conn, __func__);
	if (err && copy)
		addr_close(copy, __func__);
	if (!err) {
		conn->cm_addr = copy;
		conn->user_data = connection_user_data;
		conn->other_process = true;
		conn->hello = true;
		conn->cm_port = a->port;
		/* A server that never listens is the failure callback's news, as a real network's would be. */
		conn->cm_deadline = now_ms() + (rdma->cm_timeout ? rdma->cm_timeout : CM_DEFAULT_TIMEOUT_MS);
		client_try(conn);
	}
	pthread_mutex_unlock(&rdma->lock);
	if (a)
		opendoca_handle_put(&a->object);
	opendoca_handle_put(&rdma->object);
	return err;
}

/* The program's answer to a request (from the request callback or later). */
static doca_error_t decide(struct doca_rdma_connection *connection, bool accept, const char *func)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	if (conn->cm_state != CM_DECIDING)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the connection is no request waiting for an answer");
	else if (!send_control(conn->out_fd, accept ? CM_MSG_ACCEPT : CM_MSG_REJECT))
		err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func, "the client is gone: %s", strerror(errno));
	if (!err && accept) {
		__atomic_store_n(&conn->connected, true, __ATOMIC_RELEASE);
		conn->cm_state = CM_ESTABLISH_DUE;
	} else if (!err) {
		conn->cm_state = CM_ENDED;
	}
	opendoca_handle_put(&conn->object);
	return err;
}

doca_error_t doca_rdma_connection_accept(struct doca_rdma_connection *connection, void *private_data,
					 uint8_t private_data_len)
{
	if (private_data_len && !private_data)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "private_data is NULL, its length %u",
				     private_data_len);
	return decide(connection, true, __func__);
}

doca_error_t doca_rdma_connection_reject(struct doca_rdma_connection *connection)
{
	return decide(connection, false, __func__);
}

doca_error_t doca_rdma_connection_disconnect(struct doca_rdma_connection *connection)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, __func__);

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	__atomic_store_n(&conn->connected, false, __ATOMIC_RELEASE);
	/* the peer sees its socket end (a connection to another process) */
	if (conn->out_fd >= 0)
		shutdown(conn->out_fd, SHUT_RDWR);
	conn->cm_state = CM_ENDED;
	opendoca_handle_put(&conn->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_connection_get_addr(const struct doca_rdma_connection *rdma_connection,
					   struct doca_rdma_addr **addr)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(rdma_connection, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&conn->rdma->lock); /* a server's connection gets its address in progress */
	if (!addr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "addr is NULL");
	else if (!conn->cm_addr)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "connection %u has no address: the connection manager did not make it (it was "
				    "exported and connected)",
				    conn->id);
	else
		*addr = conn->cm_addr->handle;
	pthread_mutex_unlock(&conn->rdma->lock);
	opendoca_handle_put(&conn->object);
	return err;
}

void rdma_cm_conn_free(struct opendoca_rdma_conn *conn)
{
	if (conn->cm_addr)
		addr_close(conn->cm_addr, "doca_ctx_stop");
}

/* ---- Progress -------------------------------------------------------------------------------- */

/* Reads a control message of conn's socket: its type, 0 when none waits, -1 when the socket ended. */
static int control(struct opendoca_rdma_conn *conn)
{
	struct rdma_sock_header h;
	ssize_t n = recv(conn->in_fd, &h, sizeof(h), MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	return n == (ssize_t)sizeof(h) ? (int)h.type : -1;
}

/*
 * A server's connection reads its client's request: CM_REQUESTED, its address the client's GID
 * and the port it asked for; CM_WAIT_REQUEST while none waits; CM_ENDED for anything else.
 */
static uint8_t read_request(struct opendoca_rdma_conn *conn)
{
	struct cm_request req;
	char gid[INET6_ADDRSTRLEN];
	ssize_t n = recv(conn->in_fd, &req, sizeof(req), MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return CM_WAIT_REQUEST;
	if (n != (ssize_t)sizeof(req) || req.h.type != CM_MSG_REQUEST || req.h.len != sizeof(req) - sizeof(req.h) ||
	    !inet_ntop(AF_INET6, req.gid, gid, sizeof(gid)) ||
	    !(conn->cm_addr = addr_new(DOCA_RDMA_ADDR_TYPE_GID, gid, req.port, true)))
		return CM_ENDED;
	return CM_REQUESTED;
}

/*
 * Whether an established connection's peer went (its socket ended), without taking a message:
 * messages it sent before going are delivered first (the socket ends after them).
 */
static bool peer_gone(struct opendoca_rdma_conn *conn)
{
	struct pollfd p = { .fd = conn->in_fd, .events = POLLIN };
	char c;
	ssize_t n;

	if (poll(&p, 1, 0) <= 0)
		return false;
	n = recv(conn->in_fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

bool rdma_cm_progress(struct opendoca_rdma *rdma)
{
	struct opendoca_rdma_conn *due = NULL;
	union doca_data ctx_data = { .u64 = 0 };
	bool done = false;
	int fd;

	if (!rdma->cm_request)
		return false;
	pthread_mutex_lock(&rdma->lock);
	/* a client's request: a new connection of this context */
	if (rdma->cm_listen_fd >= 0 &&
	    (fd = accept4(rdma->cm_listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
		struct opendoca_rdma_conn *conn;

		done = true;
		if (rdma_conn_new(rdma, &conn, "doca_pe_progress")) {
			close(fd);
		} else {
			conn->in_fd = conn->out_fd = fd;
			conn->other_process = true;
			conn->hello = true;
			conn->cm_state = CM_WAIT_REQUEST;
		}
	}
	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n && !due; i++) {
		struct opendoca_rdma_conn *conn = rdma->conns[i];
		int type;

		switch (conn->cm_state) {
		case CM_CONNECTING:
			client_try(conn);
			break;
		case CM_WAIT_REQUEST:
			conn->cm_state = read_request(conn);
			break;
		case CM_REQUESTING:
			type = control(conn);
			if (type == CM_MSG_ACCEPT) {
				__atomic_store_n(&conn->connected, true, __ATOMIC_RELEASE);
				conn->cm_state = CM_ESTABLISH_DUE;
			} else if (type) {
				conn->cm_state = CM_FAILURE_DUE;
			}
			break;
		case CM_ESTABLISHED:
			if (peer_gone(conn)) {
				__atomic_store_n(&conn->connected, false, __ATOMIC_RELEASE);
				conn->cm_state = CM_DISCONNECT_DUE;
			}
			break;
		default:
			break;
		}
		if (conn->cm_state == CM_REQUESTED || conn->cm_state == CM_ESTABLISH_DUE ||
		    conn->cm_state == CM_FAILURE_DUE || conn->cm_state == CM_DISCONNECT_DUE)
			due = conn;
	}
	pthread_mutex_unlock(&rdma->lock);
	if (!due)
		return done;
	doca_ctx_get_user_data(opendoca_ctx_handle(rdma->ctx), &ctx_data);
	switch (due->cm_state) {
	case CM_REQUESTED:
		due->cm_state = CM_DECIDING;
		((doca_rdma_connection_request_cb_t)rdma->cm_request)(due->handle, ctx_data);
		break;
	case CM_ESTABLISH_DUE:
		due->cm_state = CM_ESTABLISHED;
		((doca_rdma_connection_established_cb_t)rdma->cm_established)(due->handle, due->user_data, ctx_data);
		break;
	case CM_FAILURE_DUE:
		due->cm_state = CM_ENDED;
		((doca_rdma_connection_failure_cb_t)rdma->cm_failure)(due->handle, due->user_data, ctx_data);
		break;
	default:
		due->cm_state = CM_ENDED;
		((doca_rdma_connection_disconnection_cb_t)rdma->cm_disconnect)(due->handle, due->user_data, ctx_data);
		break;
	}
	return true;
}
