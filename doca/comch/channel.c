/* The machine's channels between DOCA servers and clients (channel.h has the design). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "channel.h"

#define HELLO_MAGIC 0x4843434fu /* "OCCH" */

struct hello {
	uint32_t magic;
	uint32_t max_msg_size;
};

bool opendoca_channel_name_ok(const char *name)
{
	size_t len = strlen(name);

	return len && len <= OPENDOCA_CHANNEL_MAX_NAME && !strchr(name, '/');
}

bool opendoca_channel_pci(struct doca_dev *dev, struct doca_dev_rep *rep, char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE])
{
	if (doca_devinfo_get_pci_addr_str(doca_dev_as_devinfo(dev), pci[1]))
		return false;
	if (!rep) {
		memcpy(pci[0], pci[1], DOCA_DEVINFO_PCI_ADDR_SIZE);
		return true;
	}
	return !doca_devinfo_rep_get_pci_addr_str(doca_dev_rep_as_devinfo(rep), pci[0]);
}

static socklen_t address_of(const char *pci, const char *name, struct sockaddr_un *address)
{
	int len;

	memset(address, 0, sizeof(*address));
	address->sun_family = AF_UNIX;
	/* The abstract namespace: no file to clean up, gone with the socket. */
	len = snprintf(address->sun_path + 1, sizeof(address->sun_path) - 1, "opendoca-comch/%s/%s", pci, name);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)len);
}

int opendoca_channel_listen(const char *pci, const char *name)
{
	struct sockaddr_un address;
	socklen_t len = address_of(pci, name, &address);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&address, len) || listen(fd, 64)) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int opendoca_channel_serve(const char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE], const char *name, int fds[2])
{
	fds[1] = -1;
	fds[0] = opendoca_channel_listen(pci[0], name);
	if (fds[0] < 0)
		return -1;
	if (strcmp(pci[0], pci[1]))
		fds[1] = opendoca_channel_listen(pci[1], name);
	return 0;
}

void opendoca_channel_size(int fd, uint32_t send_queue, uint32_t recv_queue, uint32_t max_msg_size)
{
	/* 1024: room for the kernel's bookkeeping of each message (its buffers count it too) */
	int send_bytes = (int)(send_queue * (max_msg_size + 1024));
	int recv_bytes = (int)(recv_queue * (max_msg_size + 1024));

	if (send_queue)
		setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &send_bytes, sizeof(send_bytes));
	if (recv_queue)
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &recv_bytes, sizeof(recv_bytes));
}

int opendoca_channel_connect(const char *pci, const char *name, uint32_t send_queue, uint32_t recv_queue,
			     uint32_t max_msg_size)
{
	struct sockaddr_un address;
	socklen_t len = address_of(pci, name, &address);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	opendoca_channel_size(fd, send_queue, recv_queue, max_msg_size);
	if (connect(fd, (struct sockaddr *)&address, len)) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

ssize_t opendoca_channel_recv(int fd, void *buf, size_t len, int flags)
{
	ssize_t n = recv(fd, buf, len, flags);

	/* The error is reported once (and cleared): the queue is read again. */
	if (n < 0 && errno == ECONNRESET)
		n = recv(fd, buf, len, flags);
	return n;
}

void opendoca_channel_send_hello(int fd, uint32_t max_msg_size)
{
	struct hello hello = { HELLO_MAGIC, max_msg_size };

	/* A fresh socket's buffer has room: a failure is the peer gone, which the next receive sees. */
	(void)send(fd, &hello, sizeof(hello), MSG_DONTWAIT | MSG_NOSIGNAL);
}

bool opendoca_channel_take_hello(const void *msg, ssize_t n, uint32_t *max_msg_size)
{
	struct hello hello;

	if (n != (ssize_t)sizeof(hello))
		return false;
	memcpy(&hello, msg, sizeof(hello));
	if (hello.magic != HELLO_MAGIC || !hello.max_msg_size)
		return false;
	if (hello.max_msg_size < *max_msg_size)
		*max_msg_size = hello.max_msg_size;
	return true;
}
