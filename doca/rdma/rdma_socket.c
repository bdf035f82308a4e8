/*
 * A connection of an RDMA context to a peer in another process. The simulated devices of two
 * processes share no fabric (each process has its own NIC), so such a connection carries its
 * messages over sockets of the machine instead of its queue pair: each side listens at export on
 * an abstract SOCK_SEQPACKET socket named by its process and the connection's random token
 * ("opendoca-rdma/<pid>/<token>"), and connects to the peer's at doca_rdma_connect, opening with
 * the peer's token (which only a holder of the peer's exported details knows). A side sends on the
 * socket it connected and receives on the one it accepted; one message per send (its immediate
 * data with it) or per write with immediate (the notification, after the bytes went through the
 * peer's memory exporter). Messages wait in the socket until a receive task takes them; a send the
 * peer's socket has no room for waits in the connection's backlog, retried at progress.
 */
#include "doca_rdma.h"
#include "doca_log.h"

#include "buf.h"
#include "mmap.h"
#include "rdma.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* The largest message between processes (a send's data). */
#define SOCK_MAX_MSG (1u << 16)

enum {
	MSG_HELLO = 1,
	MSG_SEND = 2,
	MSG_WRITE_IMM = 3
};


static socklen_t address(struct sockaddr_un *sa, uint32_t pid, uint64_t token)
{
	int n;

	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	n = snprintf(sa->sun_path + 1, sizeof(sa->sun_path) - 1, "opendoca-rdma/%" PRIu32 "/%016" PRIx64, pid, token);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

doca_error_t rdma_sock_listen(struct opendoca_rdma_conn *conn, const char *func)
{
	struct sockaddr_un sa;
	socklen_t len = address(&sa, conn->local.pid, conn->local.token);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, len) || listen(fd, 1)) {
		int error = errno;

		if (fd >= 0)
			close(fd);
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "the connection's socket: %s", strerror(error));
	}
	conn->listen_fd = fd;
	return DOCA_SUCCESS;
}

doca_error_t rdma_sock_connect(struct opendoca_rdma_conn *conn, const struct opendoca_rdma_details *peer,
			       const char *func)
{
	struct sockaddr_un sa;
	socklen_t len = address(&sa, peer->pid, peer->token);
	struct rdma_sock_header hello = { .type = MSG_HELLO, .token = peer->token };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	/* A blocking connect and hello: the peer's listener queues them whether or not it accepts yet. */
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, len) ||
	    send(fd, &hello, sizeof(hello), MSG_NOSIGNAL) != (ssize_t)sizeof(hello)) {
		int error = errno;

		if (fd >= 0)
			close(fd);
		return opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func, "the peer in process %u: %s", peer->pid,
				     strerror(error));
	}
	conn->out_fd = fd;
	conn->other_process = true;
	return DOCA_SUCCESS;
}

/* Gathers a buffer list's data into out (at most SOCK_MAX_MSG bytes); its length, or an error. */
static doca_error_t gather(const struct doca_buf *pointer, char *out, uint32_t *len, const char *func)
{
	*len = 0;
	for (struct opendoca_buf *buf = opendoca_buf_get(pointer, func); buf; buf = buf->next) {
		struct opendoca_reach reach;
		doca_error_t err;

		if (!buf->data_len)
			continue;
		if (*len + buf->data_len > SOCK_MAX_MSG)
			return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
					     "a message of more than %u bytes to another process", SOCK_MAX_MSG);
		err = opendoca_mmap_reach(buf->mmap, NULL, (uint64_t)(uintptr_t)buf->data, buf->data_len, &reach, func);
		if (err)
			return err;
		if (!reach.host)
			return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
					     "a message to another process from memory this process does not address");
		memcpy(out + *len, reach.host, buf->data_len);
		*len += (uint32_t)buf->data_len;
	}
	return DOCA_SUCCESS;
}

/* Sends t's message; DOCA_ERROR_AGAIN when the peer's socket is full. */
static doca_error_t send_one(struct opendoca_rdma_conn *conn, struct rdma_task *t)
{
	static const char *func = "doca_task_submit";
	struct {
		struct rdma_sock_header h;
		char data[SOCK_MAX_MSG];
	} *m = malloc(sizeof(*m));
	doca_error_t err = m ? DOCA_SUCCESS : DOCA_ERROR_NO_MEMORY;
	ssize_t n;

	if (!err) {
		m->h = (struct rdma_sock_header){ .type = t->kind == T_WRITE_IMM ? MSG_WRITE_IMM : MSG_SEND,
						  .has_imm = t->kind != T_SEND,
						  .imm = t->imm };
		if (t->kind != T_WRITE_IMM)
			err = gather(t->src, m->data, &m->h.len, func);
	}
	if (!err) {
		n = send(conn->out_fd, m, sizeof(m->h) + m->h.len, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			err = DOCA_ERROR_AGAIN;
		else if (n < 0)
			err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func, "the peer process is gone: %s",
					    strerror(errno));
	}
	free(m);
	return err;
}

void rdma_sock_submit(struct opendoca_rdma_conn *conn, struct rdma_task *t)
{
	doca_error_t err = conn->backlog ? DOCA_ERROR_AGAIN : send_one(conn, t);

	if (err == DOCA_ERROR_AGAIN) {
		t->next = NULL;
		if (conn->backlog_end)
			conn->backlog_end->next = t;
		else
			conn->backlog = t;
		conn->backlog_end = t;
		return;
	}
	opendoca_task_complete(opendoca_task_of_priv(t), err);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Scatters a message into a receive task's buffers (each after its data). */
static doca_error_t scatter(struct rdma_task *t, const char *data, uint32_t len, const char *func)
{
	uint32_t done = 0;

	if (!len)
		return DOCA_SUCCESS;
	for (struct opendoca_buf *buf = t->dst ? opendoca_buf_get(t->dst, func) : NULL; buf && done < len;
	     buf = buf->next) {
		char *at = (char *)buf->data + buf->data_len;
		uint64_t room = (uint64_t)((char *)buf->head + buf->len - at),
			 n = len - done < room ? len - done : room;
		struct opendoca_reach reach;
		doca_error_t err;

		if (!n)
			continue;
		err = opendoca_mmap_reach(buf->mmap, NULL, (uint64_t)(uintptr_t)at, n, &reach, func);
		if (err)
			return err;
		if (!reach.host || !reach.writable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
					     "the receive buffer is not this process's writable memory");
		memcpy(reach.host, data + done, n);
		done += (uint32_t)n;
	}
	if (done < len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "a message of %u bytes, room for %u", len, done);
	rdma_grow(t->dst, len, func);
	return DOCA_SUCCESS;
}

/* Hands the messages waiting on conn's socket to the context's waiting receives. */
static bool deliver(struct opendoca_rdma *rdma, struct opendoca_rdma_conn *conn, char *buffer)
{
	static const char *func = "doca_pe_progress";
	bool done = false;

	while (rdma->pending) {
		struct rdma_sock_header *h = (struct rdma_sock_header *)(void *)buffer;
		ssize_t n = recv(conn->in_fd, buffer, sizeof(*h) + SOCK_MAX_MSG, MSG_DONTWAIT);
		struct rdma_task *t;
		doca_error_t err;

		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n < (ssize_t)sizeof(*h) || (size_t)n != sizeof(*h) + h->len) {
			/* the peer went (0) or spoke nonsense: the connection ends (the connection
			 * manager's, whose one socket goes both ways, sees it and tells the program) */
			if (conn->in_fd != conn->out_fd)
				close_fd(&conn->in_fd);
			break;
		}
		done = true;
		if (!conn->hello) {
			if (h->type != MSG_HELLO || h->token != conn->local.token) {
				close(conn->in_fd);
				conn->in_fd = -1;
				break;
			}
			conn->hello = true;
			continue;
		}
		t = rdma->pending;
		rdma->pending = t->next;
		if (!rdma->pending)
			rdma->pending_end = NULL;
		t->result_conn = conn;
		t->len = h->len;
		t->result_imm = h->imm;
		t->opcode = h->type == MSG_WRITE_IMM ? DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM
			    : h->has_imm             ? DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM
						     : DOCA_RDMA_OPCODE_RECV_SEND;
		err = h->type == MSG_WRITE_IMM ? DOCA_SUCCESS : scatter(t, buffer + sizeof(*h), h->len, func);
		opendoca_task_complete(opendoca_task_of_priv(t), err);
	}
	return done;
}

bool rdma_sock_progress(struct opendoca_rdma *rdma)
{
	char *buffer = NULL;
	bool done = false;

	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n; i++) {
		struct opendoca_rdma_conn *conn = rdma->conns[i];

		if (conn->listen_fd >= 0 && conn->in_fd < 0 && !conn->hello) {
			conn->in_fd = accept4(conn->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
			done |= conn->in_fd >= 0;
		}
		while (conn->backlog) {
			struct rdma_task *t = conn->backlog;
			doca_error_t err = send_one(conn, t);

			if (err == DOCA_ERROR_AGAIN)
				break;
			conn->backlog = t->next;
			if (!conn->backlog)
				conn->backlog_end = NULL;
			opendoca_task_complete(opendoca_task_of_priv(t), err);
			done = true;
		}
		if (conn->in_fd >= 0 && rdma->pending && __atomic_load_n(&conn->connected, __ATOMIC_ACQUIRE)) {
			if (!buffer && !(buffer = malloc(sizeof(struct rdma_sock_header) + SOCK_MAX_MSG)))
				break;
			done |= deliver(rdma, conn, buffer);
		}
	}
	free(buffer);
	return done;
}

bool rdma_sock_ready(struct opendoca_rdma *rdma)
{
	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n; i++) {
		struct opendoca_rdma_conn *conn = rdma->conns[i];
		struct pollfd p = { .fd = conn->in_fd >= 0 ? conn->in_fd : conn->listen_fd, .events = POLLIN };

		if (conn->backlog || (p.fd >= 0 && poll(&p, 1, 0) > 0 && (conn->in_fd < 0 || rdma->pending)))
			return true;
	}
	return false;
}

void rdma_sock_stop(struct opendoca_rdma_conn *conn)
{
	struct rdma_task *t = conn->backlog;

	conn->backlog = conn->backlog_end = NULL;
	while (t) {
		struct rdma_task *next = t->next;

		opendoca_task_complete(opendoca_task_of_priv(t), DOCA_ERROR_IO_FAILED);
		t = next;
	}
	close_fd(&conn->listen_fd);
	if (conn->out_fd == conn->in_fd)
		conn->out_fd = -1; /* the connection manager's: one socket */
	close_fd(&conn->in_fd);
	close_fd(&conn->out_fd);
}
