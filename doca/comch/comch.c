/*
 * DOCA Comch (doca_comch.h, 2.7 and later): servers and clients as contexts of libdoca_common's
 * private context API, over the machine's sockets.
 *
 * A channel is a socket of the machine (channel.h, shared with 2.2's Comm Channel). A client's
 * start connects and sends a hello with its largest message; the server answers with its own, both
 * keep the smaller, and the client runs once the answer came (starting until then, DOCA's
 * asynchronous client start). Everything else happens in the progress operation, which
 * never blocks: accepting, receiving (each message to the program's receive callback),
 * connections made and lost (the connection callbacks). A send task is one send() of the message.
 * The engine's notification handle covers an epoll descriptor of the object's sockets.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "doca_comch.h"
#include "doca_ctx.h"
#include "doca_dev.h"
#include "doca_log.h"
#include "channel.h"
#include "dev.h"
#include "private.h"
#include "private_ctx.h"

struct comch;

struct comch_conn {
	struct opendoca_object obj; /* first: a handle */
	struct comch *owner;
	struct comch_conn *next; /* the owner's list, which holds a reference */
	int fd;                  /* -1: gone */
	bool up;                 /* hello exchanged */
	uint32_t max_msg_size;   /* the smaller of both sides' */
	union doca_data user_data;
};

struct comch {
	struct opendoca_object obj; /* first: a handle */
	struct opendoca_ctx *ctx;
	bool server;
	struct doca_dev *dev; /* held */
	char name[OPENDOCA_CHANNEL_MAX_NAME + 1];
	/*
	 * The PCI addresses naming the channel: [0] the host function's (the server's representor, the
	 * client's device); [1] a server's own device's, for a host program running on the same
	 * simulated device as the DPU's (one simulated BlueField stands for both sides of a machine).
	 */
	char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE];
	uint32_t max_msg_size;
	uint32_t recv_queue_size;
	doca_comch_event_msg_recv_cb_t recv_cb;
	doca_comch_event_connection_status_changed_cb_t connect_cb, disconnect_cb;
	/* while started */
	int epfd;
	bool connecting;          /* client: starting, no socket connected yet */
	int listen_fd[2];         /* server: on the names of pci[0], pci[1] (-1: none) */
	struct comch_conn *conns; /* server: its clients; client: its one connection */
	uint8_t *rx;              /* max_msg_size + 1 bytes: a longer message shows */
};

struct comch_send {
	void *conn; /* its handle */
	const void *msg;
	uint32_t len;
};

static const struct opendoca_kind server_kind = { "Comch server" };
static const struct opendoca_kind client_kind = { "Comch client" };
static const struct opendoca_kind conn_kind = { "Comch connection" };

static void send_invoke(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
			union doca_data ctx_user_data)
{
	((doca_comch_task_send_completion_cb_t)cb)((struct doca_comch_task_send *)task, task_user_data, ctx_user_data);
}

static const struct opendoca_task_type send_type = {
	.name = "send task",
	.priv_size = sizeof(struct comch_send),
	.max_tasks = 1u << 16,
	.invoke = send_invoke,
};

static void free_object(struct opendoca_object *obj)
{
	free(obj);
}

/* ---- Connections ---- */

static struct comch_conn *conn_add(struct comch *c, int fd)
{
	struct comch_conn *conn = calloc(1, sizeof(*conn));
	struct epoll_event ev = { .events = EPOLLIN };

	if (!conn || !opendoca_handle_open(&conn->obj, &conn_kind, free_object)) {
		free(conn);
		close(fd);
		return NULL;
	}
	opendoca_handle_hold(&conn->obj); /* the list's */
	conn->owner = c;
	conn->fd = fd;
	conn->max_msg_size = c->max_msg_size;
	conn->next = c->conns;
	c->conns = conn;
	ev.data.fd = fd;
	epoll_ctl(c->epfd, EPOLL_CTL_ADD, fd, &ev);
	return conn;
}

/* Ends a connection: its handle is refused from now on; the list lets go of it at the next purge. */
static void conn_end(struct comch_conn *conn)
{
	struct opendoca_object *obj;

	if (conn->fd < 0)
		return;
	epoll_ctl(conn->owner->epfd, EPOLL_CTL_DEL, conn->fd, NULL);
	close(conn->fd);
	conn->fd = -1;
	obj = opendoca_handle_close(opendoca_handle_of(&conn->obj), &conn_kind, __func__);
	if (obj) {
		opendoca_handle_put(obj);
		opendoca_handle_put(obj);
	}
}

static void conns_purge(struct comch *c)
{
	struct comch_conn **p = &c->conns;

	while (*p) {
		struct comch_conn *conn = *p;

		if (conn->fd >= 0) {
			p = &conn->next;
			continue;
		}
		*p = conn->next;
		opendoca_handle_put(&conn->obj);
	}
}

/* The connection of a handle, owned by c, live; NULL (not logged) otherwise. */
static struct comch_conn *conn_get(const void *handle)
{
	return opendoca_handle_try_get(handle, &conn_kind);
}

/* ---- Operations ---- */

static void close_listeners(struct comch *c)
{
	for (int i = 0; i < 2; i++) {
		if (c->listen_fd[i] >= 0)
			close(c->listen_fd[i]);
		c->listen_fd[i] = -1;
	}
}

static doca_error_t comch_start(struct opendoca_ctx *ctx)
{
	struct comch *c = opendoca_ctx_priv(ctx);
	doca_error_t err = DOCA_ERROR_NO_MEMORY;

	c->rx = malloc(c->max_msg_size + 1);
	c->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (!c->rx || c->epfd < 0)
		goto fail;
	if (!c->server) {
		c->connecting = true; /* at progress, once: a client whose server goes stops */
		return DOCA_ERROR_IN_PROGRESS;
	}
	if (opendoca_channel_serve(c->pci, c->name, c->listen_fd)) {
		err = errno == EADDRINUSE ? DOCA_ERROR_ALREADY_EXIST : DOCA_ERROR_OPERATING_SYSTEM;
		goto fail;
	}
	for (int i = 0; i < 2; i++) {
		struct epoll_event ev = { .events = EPOLLIN, .data.fd = c->listen_fd[i] };

		if (c->listen_fd[i] >= 0)
			epoll_ctl(c->epfd, EPOLL_CTL_ADD, c->listen_fd[i], &ev);
	}
	return DOCA_SUCCESS;
fail:
	if (c->epfd >= 0)
		close(c->epfd);
	c->epfd = -1;
	free(c->rx);
	c->rx = NULL;
	return err;
}

static void comch_stop(struct opendoca_ctx *ctx)
{
	struct comch *c = opendoca_ctx_priv(ctx);

	for (struct comch_conn *conn = c->conns; conn; conn = conn->next)
		conn_end(conn);
	close_listeners(c);
	c->connecting = false;
}

static void comch_stopped(struct opendoca_ctx *ctx)
{
	struct comch *c = opendoca_ctx_priv(ctx);

	comch_stop(ctx);
	conns_purge(c);
	close(c->epfd);
	c->epfd = -1;
	free(c->rx);
	c->rx = NULL;
}

/* A connection's first message: the peer's hello. */
static bool take_hello(struct comch *c, struct comch_conn *conn, ssize_t n)
{
	conn->up = opendoca_channel_take_hello(c->rx, n, &conn->max_msg_size);
	return conn->up;
}

static void lost(struct comch *c, struct comch_conn *conn)
{
	bool was_up = conn->up;
	void *handle = opendoca_handle_of(&conn->obj);

	if (c->server && was_up && c->disconnect_cb)
		c->disconnect_cb((struct doca_comch_event_connection_status_changed *)opendoca_ctx_handle(c->ctx),
				 handle, 1);
	conn_end(conn);
	/* A client whose server went before answering: its start failed. */
	if (!c->server && !was_up)
		opendoca_ctx_start_done(c->ctx, DOCA_ERROR_CONNECTION_ABORTED);
	else if (!c->server)
		opendoca_ctx_request_stop(c->ctx);
}

/* Receives what one connection has; returns whether anything happened. */
static bool receive(struct comch *c, struct comch_conn *conn)
{
	bool any = false;

	while (conn->fd >= 0) {
		ssize_t n = opendoca_channel_recv(conn->fd, c->rx, c->max_msg_size + 1, MSG_DONTWAIT | MSG_TRUNC);
		void *handle = opendoca_handle_of(&conn->obj);

		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			return any;
		any = true;
		if (n <= 0) {
			lost(c, conn);
			return true;
		}
		if (!conn->up) {
			if (!take_hello(c, conn, n)) {
				lost(c, conn);
				return true;
			}
			if (c->server) {
				opendoca_channel_send_hello(conn->fd, c->max_msg_size);
				if (c->connect_cb)
					c->connect_cb((struct doca_comch_event_connection_status_changed *)
							      opendoca_ctx_handle(c->ctx),
						      handle, 1);
			} else {
				opendoca_ctx_start_done(c->ctx, DOCA_SUCCESS);
			}
			continue;
		}
		if ((size_t)n > conn->max_msg_size) {
			/* The peer broke the agreed size: the project drops the message, one line. */
			opendoca_sdk_log(DOCA_LOG_LEVEL_WARNING, "doca_pe_progress",
					 "a %s received %zd bytes, over the connection's %u: dropped",
					 c->server ? "Comch server" : "Comch client", n, conn->max_msg_size);
			continue;
		}
		if (c->recv_cb)
			c->recv_cb((struct doca_comch_event_msg_recv *)opendoca_ctx_handle(c->ctx), c->rx, (uint32_t)n,
				   handle);
	}
	return any;
}

static bool client_connect(struct comch *c)
{
	/* recv_queue_size messages waiting in the connection's socket (the kernel's default else) */
	int fd = opendoca_channel_connect(c->pci[0], c->name, 0, c->recv_queue_size, c->max_msg_size);
	struct comch_conn *conn;

	/* No server yet (or its backlog full): tried again at the next progress, DOCA's client waits. */
	if (fd < 0)
		return false;
	conn = conn_add(c, fd);
	if (!conn)
		return false;
	opendoca_channel_send_hello(conn->fd, c->max_msg_size);
	return true;
}

static bool comch_progress(struct opendoca_binding *binding)
{
	struct comch *c = opendoca_ctx_priv(binding->ctx);
	bool any = false;

	if (c->epfd < 0)
		return false;
	conns_purge(c);
	for (int i = 0; c->server && i < 2; i++) {
		int fd;

		while (c->listen_fd[i] >= 0 &&
		       (fd = accept4(c->listen_fd[i], NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
			opendoca_channel_size(fd, 0, c->recv_queue_size, c->max_msg_size);
			conn_add(c, fd);
			any = true;
		}
	}
	if (c->connecting && client_connect(c)) {
		c->connecting = false;
		any = true;
	}
	/* Callbacks may end connections (doca_comch_server_disconnect, doca_ctx_stop): ended ones stay
	 * listed until the next purge, so the walk stays valid. */
	for (struct comch_conn *conn = c->conns; conn; conn = conn->next)
		any |= receive(c, conn);
	return any;
}

static int comch_event_fd(struct opendoca_binding *binding)
{
	return ((struct comch *)opendoca_ctx_priv(binding->ctx))->epfd;
}

static bool comch_arm(struct opendoca_binding *binding)
{
	struct pollfd p = { .fd = comch_event_fd(binding), .events = POLLIN };

	/* Level-triggered: readable while anything waits, so arming only reports it. */
	return poll(&p, 1, 0) > 0;
}

static doca_error_t comch_submit(struct opendoca_task *task, uint32_t flags)
{
	struct comch_send *s = opendoca_task_priv(task);
	struct comch_conn *conn = conn_get(s->conn);
	doca_error_t status = DOCA_ERROR_NOT_CONNECTED;

	(void)flags;
	if (conn && conn->fd >= 0) {
		if (send(conn->fd, s->msg, s->len, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)s->len)
			status = DOCA_SUCCESS;
		else if (errno == EAGAIN || errno == EWOULDBLOCK) {
			/* The peer's queue is full: the program keeps the task and submits it again. */
			opendoca_handle_put(&conn->obj);
			return DOCA_ERROR_AGAIN;
		} else
			status = DOCA_ERROR_CONNECTION_RESET;
	}
	if (conn)
		opendoca_handle_put(&conn->obj);
	opendoca_task_complete(task, status);
	return DOCA_SUCCESS;
}

static const struct opendoca_ctx_ops comch_ops = {
	.name = "Comch context",
	.task_types = &send_type,
	.num_task_types = 1,
	.start = comch_start,
	.stop = comch_stop,
	.stopped = comch_stopped,
	.submit = comch_submit,
	.progress = comch_progress,
	.event_fd = comch_event_fd,
	.arm = comch_arm,
};

/* ---- Create, destroy ---- */

static doca_error_t comch_create(bool server, struct doca_dev *dev, struct doca_dev_rep *rep, const char *name,
				 void **out, const char *func)
{
	struct comch *c;
	doca_error_t err;

	if (!name || !out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", name ? "the output" : "name");
	if (!opendoca_channel_name_ok(name))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "name \"%.*s\" is not 1 - %u characters without '/'",
				     (int)OPENDOCA_CHANNEL_MAX_NAME, name, OPENDOCA_CHANNEL_MAX_NAME);
	if (server && !rep)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the representor is NULL");
	c = calloc(1, sizeof(*c));
	if (!c)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a Comch context");
	c->server = server;
	c->max_msg_size = OPENDOCA_CHANNEL_MAX_MSG_SIZE;
	c->epfd = c->listen_fd[0] = c->listen_fd[1] = -1;
	strcpy(c->name, name);
	err = opendoca_dev_hold(dev, func);
	if (err) {
		free(c);
		return err;
	}
	/* The host function's address names the channel: the representor's on the server side. */
	if (!opendoca_channel_pci(dev, server ? rep : NULL, c->pci)) {
		opendoca_dev_release(dev);
		free(c);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s has no PCI address",
				     server ? "representor" : "device");
	}
	c->dev = dev;
	if (!opendoca_handle_open(&c->obj, server ? &server_kind : &client_kind, free_object)) {
		opendoca_dev_release(dev);
		free(c);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no handle left");
	}
	err = opendoca_ctx_create(&comch_ops, OPENDOCA_CTX_API_PE, c, &c->ctx, func);
	if (err) {
		struct opendoca_object *obj = opendoca_handle_close(opendoca_handle_of(&c->obj), c->obj.kind, func);

		opendoca_dev_release(dev);
		opendoca_handle_put(obj);
		opendoca_handle_put(obj);
		return err;
	}
	*out = opendoca_handle_of(&c->obj);
	return DOCA_SUCCESS;
}

static doca_error_t comch_destroy(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct comch *c = opendoca_handle_get(handle, kind, func);
	struct doca_dev *dev;
	doca_error_t err;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_destroy(c->ctx, func);
	if (err) {
		opendoca_handle_put(&c->obj);
		return err;
	}
	dev = c->dev;
	opendoca_handle_put(&c->obj);
	c = opendoca_handle_close(handle, kind, func);
	opendoca_dev_release(dev);
	if (c) {
		opendoca_handle_put(&c->obj);
		opendoca_handle_put(&c->obj);
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_comch_server_create(struct doca_dev *dev, struct doca_dev_rep *repr, const char *name,
				      struct doca_comch_server **comch_server)
{
	return comch_create(true, dev, repr, name, (void **)comch_server, __func__);
}

doca_error_t doca_comch_client_create(struct doca_dev *dev, const char *name, struct doca_comch_client **comch_client)
{
	return comch_create(false, dev, NULL, name, (void **)comch_client, __func__);
}

doca_error_t doca_comch_server_destroy(struct doca_comch_server *comch_server)
{
	return comch_destroy(comch_server, &server_kind, __func__);
}

doca_error_t doca_comch_client_destroy(struct doca_comch_client *comch_client)
{
	return comch_destroy(comch_client, &client_kind, __func__);
}

static struct doca_ctx *as_ctx(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct comch *c = opendoca_handle_get(handle, kind, func);
	struct doca_ctx *ctx;

	if (!c)
		return NULL;
	ctx = opendoca_ctx_handle(c->ctx);
	opendoca_handle_put(&c->obj);
	return ctx;
}

struct doca_ctx *doca_comch_server_as_ctx(struct doca_comch_server *comch_server)
{
	return as_ctx(comch_server, &server_kind, __func__);
}

struct doca_ctx *doca_comch_client_as_ctx(struct doca_comch_client *comch_client)
{
	return as_ctx(comch_client, &client_kind, __func__);
}

/* ---- Configuration (idle only) ---- */

/* The object of handle, idle, with a reference; NULL after one line naming func. */
static struct comch *get_idle(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct comch *c = opendoca_handle_get(handle, kind, func);
	enum doca_ctx_states state;

	if (!c)
		return NULL;
	if (doca_ctx_get_state(opendoca_ctx_handle(c->ctx), &state) || state != DOCA_CTX_STATE_IDLE) {
		opendoca_handle_put(&c->obj);
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the %s is not idle", kind->name);
		return NULL;
	}
	return c;
}

static doca_error_t set_max_msg_size(const void *handle, const struct opendoca_kind *kind, uint32_t size,
				     const char *func)
{
	struct comch *c;

	if (!size || size > OPENDOCA_CHANNEL_MAX_MSG_SIZE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "size %u is not 1 - %u", size,
				     OPENDOCA_CHANNEL_MAX_MSG_SIZE);
	c = get_idle(handle, kind, func);
	if (!c)
		return opendoca_last_error();
	c->max_msg_size = size;
	opendoca_handle_put(&c->obj);
	return DOCA_SUCCESS;
}

static doca_error_t set_recv_queue_size(const void *handle, const struct opendoca_kind *kind, uint32_t size,
					const char *func)
{
	struct comch *c;

	if (!size || size > OPENDOCA_CHANNEL_MAX_QUEUE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "size %u is not 1 - %u", size,
				     OPENDOCA_CHANNEL_MAX_QUEUE);
	c = get_idle(handle, kind, func);
	if (!c)
		return opendoca_last_error();
	c->recv_queue_size = size;
	opendoca_handle_put(&c->obj);
	return DOCA_SUCCESS;
}

doca_error_t doca_comch_server_set_max_msg_size(struct doca_comch_server *comch_server, uint32_t size)
{
	return set_max_msg_size(comch_server, &server_kind, size, __func__);
}

doca_error_t doca_comch_client_set_max_msg_size(struct doca_comch_client *comch_client, uint32_t size)
{
	return set_max_msg_size(comch_client, &client_kind, size, __func__);
}

doca_error_t doca_comch_server_set_recv_queue_size(struct doca_comch_server *comch_server, uint32_t size)
{
	return set_recv_queue_size(comch_server, &server_kind, size, __func__);
}

doca_error_t doca_comch_client_set_recv_queue_size(struct doca_comch_client *comch_client, uint32_t size)
{
	return set_recv_queue_size(comch_client, &client_kind, size, __func__);
}

static doca_error_t set_recv_cb(const void *handle, const struct opendoca_kind *kind, doca_comch_event_msg_recv_cb_t cb,
				const char *func)
{
	struct comch *c;

	if (!cb)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the callback is NULL");
	c = get_idle(handle, kind, func);
	if (!c)
		return opendoca_last_error();
	c->recv_cb = cb;
	opendoca_handle_put(&c->obj);
	return DOCA_SUCCESS;
}

doca_error_t doca_comch_server_event_msg_recv_register(struct doca_comch_server *comch_server,
						       doca_comch_event_msg_recv_cb_t recv_event_cb)
{
	return set_recv_cb(comch_server, &server_kind, recv_event_cb, __func__);
}

doca_error_t doca_comch_client_event_msg_recv_register(struct doca_comch_client *comch_client,
						       doca_comch_event_msg_recv_cb_t recv_event_cb)
{
	return set_recv_cb(comch_client, &client_kind, recv_event_cb, __func__);
}

doca_error_t doca_comch_server_event_connection_status_changed_register(
	struct doca_comch_server *comch_server, doca_comch_event_connection_status_changed_cb_t connect_event_cb,
	doca_comch_event_connection_status_changed_cb_t disconnect_event_cb)
{
	struct comch *c;

	if (!connect_event_cb || !disconnect_event_cb)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the %s callback is NULL",
				     connect_event_cb ? "disconnect" : "connect");
	c = get_idle(comch_server, &server_kind, __func__);
	if (!c)
		return opendoca_last_error();
	c->connect_cb = connect_event_cb;
	c->disconnect_cb = disconnect_event_cb;
	opendoca_handle_put(&c->obj);
	return DOCA_SUCCESS;
}

static doca_error_t send_set_conf(const void *handle, const struct opendoca_kind *kind,
				  doca_comch_task_send_completion_cb_t completion,
				  doca_comch_task_send_completion_cb_t error, uint32_t num, const char *func)
{
	struct comch *c = opendoca_handle_get(handle, kind, func);
	doca_error_t err;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_set_task_conf(c->ctx, 0, (opendoca_callback)completion, (opendoca_callback)error, num, func);
	opendoca_handle_put(&c->obj);
	return err;
}

doca_error_t doca_comch_server_task_send_set_conf(struct doca_comch_server *comch_server,
						  doca_comch_task_send_completion_cb_t task_completion_cb,
						  doca_comch_task_send_completion_cb_t task_error_cb,
						  uint32_t num_send_tasks)
{
	return send_set_conf(comch_server, &server_kind, task_completion_cb, task_error_cb, num_send_tasks, __func__);
}

doca_error_t doca_comch_client_task_send_set_conf(struct doca_comch_client *comch_client,
						  doca_comch_task_send_completion_cb_t task_completion_cb,
						  doca_comch_task_send_completion_cb_t task_error_cb,
						  uint32_t num_send_tasks)
{
	return send_set_conf(comch_client, &client_kind, task_completion_cb, task_error_cb, num_send_tasks, __func__);
}

/* ---- Connections and tasks ---- */

static doca_error_t send_alloc(const void *handle, const struct opendoca_kind *kind, struct doca_comch_connection *peer,
			       const void *msg, uint32_t len, struct doca_comch_task_send **task, const char *func)
{
	struct comch *c;
	struct comch_conn *conn;
	struct opendoca_task *t;
	doca_error_t err;

	if (!msg || !task)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", msg ? "the output" : "msg");
	c = opendoca_handle_get(handle, kind, func);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	conn = conn_get(peer);
	if (!conn || conn->owner != c || !conn->up) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the connection is not one of this %s's",
				    kind->name);
		goto out;
	}
	if (!len || len > conn->max_msg_size) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "len %u is not 1 - %u (the connection's largest)",
				    len, conn->max_msg_size);
		goto out;
	}
	err = opendoca_task_alloc(c->ctx, 0, (union doca_data){ 0 }, &t, func);
	if (!err) {
		struct comch_send *s = opendoca_task_priv(t);

		s->conn = peer;
		s->msg = msg;
		s->len = len;
		*task = (struct doca_comch_task_send *)opendoca_task_ref(t);
	}
out:
	if (conn)
		opendoca_handle_put(&conn->obj);
	opendoca_handle_put(&c->obj);
	return err;
}

doca_error_t doca_comch_server_task_send_alloc_init(struct doca_comch_server *comch_server,
						    struct doca_comch_connection *peer, const void *msg, uint32_t len,
						    struct doca_comch_task_send **task)
{
	return send_alloc(comch_server, &server_kind, peer, msg, len, task, __func__);
}

doca_error_t doca_comch_client_task_send_alloc_init(struct doca_comch_client *comch_client,
						    struct doca_comch_connection *peer, const void *msg, uint32_t len,
						    struct doca_comch_task_send **task)
{
	return send_alloc(comch_client, &client_kind, peer, msg, len, task, __func__);
}

struct doca_task *doca_comch_task_send_as_task(struct doca_comch_task_send *task)
{
	return (struct doca_task *)task;
}

doca_error_t doca_comch_client_get_connection(const struct doca_comch_client *comch_client,
					      struct doca_comch_connection **connection)
{
	struct comch *c;
	doca_error_t err = DOCA_SUCCESS;

	if (!connection)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the output is NULL");
	c = opendoca_handle_get(comch_client, &client_kind, __func__);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	if (!c->conns || c->conns->fd < 0 || !c->conns->up)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the client is not connected");
	else
		*connection = opendoca_handle_of(&c->conns->obj);
	opendoca_handle_put(&c->obj);
	return err;
}

static void *owner_of(const struct doca_comch_connection *connection, bool server, const char *func)
{
	struct comch_conn *conn = opendoca_handle_get(connection, &conn_kind, func);
	void *owner = NULL;

	if (!conn)
		return NULL;
	if (conn->owner->server == server)
		owner = opendoca_handle_of(&conn->owner->obj);
	else
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the connection is a %s's", server ? "client" : "server");
	opendoca_handle_put(&conn->obj);
	return owner;
}

struct doca_comch_server *doca_comch_server_get_server_ctx(const struct doca_comch_connection *connection)
{
	return owner_of(connection, true, __func__);
}

struct doca_comch_client *doca_comch_client_get_client_ctx(const struct doca_comch_connection *connection)
{
	return owner_of(connection, false, __func__);
}

doca_error_t doca_comch_connection_set_user_data(struct doca_comch_connection *connection, union doca_data user_data)
{
	struct comch_conn *conn = opendoca_handle_get(connection, &conn_kind, __func__);

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	conn->user_data = user_data;
	opendoca_handle_put(&conn->obj);
	return DOCA_SUCCESS;
}

union doca_data doca_comch_connection_get_user_data(const struct doca_comch_connection *connection)
{
	struct comch_conn *conn = opendoca_handle_get(connection, &conn_kind, __func__);
	union doca_data data = { 0 };

	if (!conn)
		return data;
	data = conn->user_data;
	opendoca_handle_put(&conn->obj);
	return data;
}

doca_error_t doca_comch_server_disconnect(struct doca_comch_server *comch_server,
					  struct doca_comch_connection *connection)
{
	struct comch *c = opendoca_handle_get(comch_server, &server_kind, __func__);
	struct comch_conn *conn;
	doca_error_t err = DOCA_SUCCESS;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	conn = conn_get(connection);
	if (!conn || conn->owner != c)
		err = opendoca_fail(conn ? DOCA_ERROR_INVALID_VALUE : DOCA_ERROR_NOT_CONNECTED, __func__,
				    "the connection is %s", conn ? "another server's" : "not connected");
	else
		conn_end(conn); /* the client sees the server go; no callback here (the program asked) */
	if (conn)
		opendoca_handle_put(&conn->obj);
	opendoca_handle_put(&c->obj);
	return err;
}

/* ---- Capabilities ---- */

doca_error_t doca_comch_cap_get_max_msg_size(const struct doca_devinfo *devinfo, uint32_t *size)
{
	if (!devinfo || !size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", devinfo ? "size" : "devinfo");
	*size = OPENDOCA_CHANNEL_MAX_MSG_SIZE;
	return DOCA_SUCCESS;
}

doca_error_t doca_comch_cap_server_is_supported(const struct doca_devinfo *devinfo)
{
	if (!devinfo)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "devinfo is NULL");
	return DOCA_SUCCESS;
}

doca_error_t doca_comch_cap_client_is_supported(const struct doca_devinfo *devinfo)
{
	if (!devinfo)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "devinfo is NULL");
	return DOCA_SUCCESS;
}
