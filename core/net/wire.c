/*
 * The wire backend: a cable between two simulated ports.
 *   - wire:DEVICE:PORT, in one process: a frame sent on one end is received by the other on
 *     the sending thread (net_port_receive of the peer, as the NIC engine allows: receive
 *     paths never wait for send paths). Configuring one end configures both (ports.c).
 *   - wire:unix=NAME, between processes on one machine (in one network namespace): each end
 *     binds an abstract unix datagram socket, "\0openflexio-wire/NAME/0" or, when that one is
 *     taken by the other end, ".../1", and sends to the other name; a thread receives. A frame
 *     sent while the other end is not there is dropped (tx_dropped), as on an unplugged cable;
 *     a third process naming the same wire is refused.
 */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>


struct wire {
	/* in process */
	struct net_port *peer;
	/* between processes */
	int fd;
	struct sockaddr_un to;
	socklen_t to_len;
};

static socklen_t wire_address(struct sockaddr_un *addr, const char *name, int end)
{
	int n;

	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	/* abstract: sun_path[0] is '\0', the name is the bytes after it (no NUL counted) */
	n = snprintf(addr->sun_path + 1, sizeof(addr->sun_path) - 1, "openflexio-wire/%s/%d", name, end);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

static void *wire_main(void *arg)
{
	struct net_port *port = arg;
	struct wire *w = port->state;
	uint8_t *frame = malloc(NET_FRAME_MAX);

	while (frame && net_port_wait(port, w->fd, -1) > 0) {
		ssize_t n;

		while ((n = recv(w->fd, frame, NET_FRAME_MAX, MSG_DONTWAIT)) >= 0)
			net_port_receive(port, frame, (size_t)n);
	}
	free(frame);
	return NULL;
}

static int open_unix(struct net_port *port, struct wire *w, const char *name)
{
	struct sockaddr_un self;
	socklen_t len;
	int end;

	if (!*name || strlen(name) > 64) {
		net_port_log(port, "wire:unix=NAME needs a name of 1 to 64 characters");
		return -1;
	}
	w->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (w->fd < 0) {
		net_port_log(port, "socket: %s", strerror(errno));
		return -1;
	}
	for (end = 0; end < 2; end++) {
		len = wire_address(&self, name, end);
		if (!bind(w->fd, (struct sockaddr *)&self, len))
			break;
		if (errno != EADDRINUSE) {
			net_port_log(port, "cannot bind the wire's end: %s", strerror(errno));
			goto fail;
		}
	}
	if (end == 2) {
		net_port_log(port, "both ends of wire %s are taken by other processes", name);
		goto fail;
	}
	w->to_len = wire_address(&w->to, name, !end);
	if (net_port_thread_start(port, wire_main))
		goto fail;
	return 0;
fail:
	close(w->fd);
	return -1;
}

/* The port of the device called name (its NIC made now if need be: the integrator's), or NULL
 * when there is no such device. */
static struct net_port *peer_port(struct net_port *port, const char *name, unsigned num)
{
	const struct net_env *env = &port->device->env;
	struct net_device *device;

	if (!env->device_nic(env->user, name) || !(device = net_device_named(name)))
		return NULL;
	return &device->port[num - 1];
}

static int wire_open(struct net_port *port, const char *args)
{
	char text[160], *colon, *end;
	struct wire *w = calloc(1, sizeof(*w));
	unsigned long peer;

	if (!w) {
		net_port_log(port, "out of memory");
		return -1;
	}
	w->fd = -1;
	port->state = w;
	if (!strncmp(args, "unix=", 5)) {
		if (!open_unix(port, w, args + 5))
			return 0;
		goto fail;
	}
	snprintf(text, sizeof(text), "%s", args);
	colon = strrchr(text, ':');
	if (!colon || (*colon = '\0', peer = strtoul(colon + 1, &end, 10), *end || peer != 1)) {
		net_port_log(port, "wire needs DEVICE:PORT (port 1) or unix=NAME");
		goto fail;
	}
	if (!strcmp(text, port->device->name)) {
		net_port_log(port, "a wire from a port to itself: use the NIC's loopback");
		goto fail;
	}
	w->peer = peer_port(port, text, (unsigned)peer);
	if (!w->peer) {
		net_port_log(port, "no simulated device %s (FLEXIO_SIM_DEVICES lists the devices)", text);
		goto fail;
	}
	return 0;
fail:
	port->state = NULL;
	free(w);
	return -1;
}

static int wire_transmit(struct net_port *port, const void *frame, size_t len)
{
	struct wire *w = port->state;

	if (w->peer) {
		net_port_receive(w->peer, frame, len);
		return 0;
	}
	return sendto(w->fd, frame, len, MSG_DONTWAIT, (struct sockaddr *)&w->to, w->to_len) == (ssize_t)len ? 0
													     : -errno;
}

const struct net_backend net_wire = {
	.name = "wire",
	.open = wire_open,
	.transmit = wire_transmit,
};
