/*
 * The VXLAN backend (RFC 7348): the port's frames travel in UDP datagrams to a remote tunnel
 * end, another simulated device's VXLAN port or a Linux vxlan interface (ip link add ... type
 * vxlan id VNI remote ADDR dstport 4789), so a simulated device joins a real virtual network.
 *
 *   vxlan:remote=ADDR,vni=N[,local=ADDR][,dstport=4789][,srcport=P]
 *
 * Each frame is sent as one datagram: the 8-byte VXLAN header (flags 0x08: the VNI is valid;
 * the 24-bit VNI; reserved bytes 0), then the frame, to remote:dstport, from local:srcport
 * (srcport defaults to dstport; the RFC lets the source port be any, and Linux accepts any).
 * The socket is bound to local (default: any address) and srcport, where a thread receives:
 * datagrams with the I flag and this VNI are decapsulated into the port; others (another VNI,
 * a short or flagless header) are counted as received and dropped. IPv4 or IPv6, by the
 * remote address.
 */
#include "internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>


#define VXLAN_HEADER 8
#define VXLAN_FLAG_VNI 0x08

struct vxlan {
	int fd;
	uint32_t vni;
	struct sockaddr_storage remote;
	socklen_t remote_len;
};

static void *vxlan_main(void *arg)
{
	struct net_port *port = arg;
	struct vxlan *v = port->state;
	uint8_t *datagram = malloc(NET_FRAME_MAX + VXLAN_HEADER);

	while (datagram && net_port_wait(port, v->fd, -1) > 0) {
		ssize_t n;

		while ((n = recv(v->fd, datagram, NET_FRAME_MAX + VXLAN_HEADER, MSG_DONTWAIT)) >= 0) {
			if (n < VXLAN_HEADER || !(datagram[0] & VXLAN_FLAG_VNI) ||
			    ((uint32_t)datagram[4] << 16 | (uint32_t)datagram[5] << 8 | datagram[6]) != v->vni)
				nic_port_rx_error(port->nic, port->num,
						  n > VXLAN_HEADER ? (size_t)n - VXLAN_HEADER : 0);
			else
				net_port_receive(port, datagram + VXLAN_HEADER, (size_t)n - VXLAN_HEADER);
		}
	}
	free(datagram);
	return NULL;
}

/* A numeric address (and port) into *addr; false when it is none. */
static bool address(const char *text, unsigned long port, int family, struct sockaddr_storage *addr, socklen_t *len)
{
	struct addrinfo hints = { .ai_family = family,
				  .ai_socktype = SOCK_DGRAM,
				  .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE };
	struct addrinfo *found;
	char service[8];

	snprintf(service, sizeof(service), "%lu", port);
	if (getaddrinfo(text, service, &hints, &found))
		return false;
	memcpy(addr, found->ai_addr, found->ai_addrlen);
	*len = found->ai_addrlen;
	freeaddrinfo(found);
	return true;
}

static int vxlan_open(struct net_port *port, const char *args)
{
	static const char *const keys[] = { "remote", "vni", "local", "dstport", "srcport", NULL };
	char remote[64], local[64];
	unsigned long vni = 0, dstport = 4789, srcport = 0;
	struct sockaddr_storage self;
	socklen_t self_len;
	struct vxlan *v;
	int one = 1;

	if (!net_port_args_check(port, args, keys) || !net_port_arg_uint(port, args, "vni", 0, 0xffffff, &vni) ||
	    !net_port_arg_uint(port, args, "dstport", 1, 65535, &dstport) ||
	    !net_port_arg_uint(port, args, "srcport", 1, 65535, &srcport))
		return -1;
	if (!net_port_arg(args, "remote", remote, sizeof(remote)) || !strstr(args, "vni=")) {
		net_port_log(port, "vxlan needs remote=ADDR and vni=N");
		return -1;
	}
	v = calloc(1, sizeof(*v));
	if (!v) {
		net_port_log(port, "out of memory");
		return -1;
	}
	v->vni = (uint32_t)vni;
	if (!address(remote, dstport, AF_UNSPEC, &v->remote, &v->remote_len)) {
		net_port_log(port, "remote=%s is no IPv4 or IPv6 address", remote);
		goto fail;
	}
	if (!net_port_arg(args, "local", local, sizeof(local)))
		snprintf(local, sizeof(local), "%s", v->remote.ss_family == AF_INET6 ? "::" : "0.0.0.0");
	if (!address(local, srcport ? srcport : dstport, v->remote.ss_family, &self, &self_len)) {
		net_port_log(port, "local=%s is no address of the remote's family", local);
		goto fail;
	}
	v->fd = socket(v->remote.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (v->fd < 0) {
		net_port_log(port, "socket: %s", strerror(errno));
		goto fail;
	}
	setsockopt(v->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(v->fd, (struct sockaddr *)&self, self_len)) {
		net_port_log(port, "cannot bind UDP %s port %lu: %s", local, srcport ? srcport : dstport,
			     strerror(errno));
		goto fail_fd;
	}
	port->state = v;
	if (net_port_thread_start(port, vxlan_main))
		goto fail_fd;
	return 0;
fail_fd:
	close(v->fd);
fail:
	port->state = NULL;
	free(v);
	return -1;
}

static int vxlan_transmit(struct net_port *port, const void *frame, size_t len)
{
	struct vxlan *v = port->state;
	uint8_t header[VXLAN_HEADER] = { VXLAN_FLAG_VNI,  0, 0, 0, (uint8_t)(v->vni >> 16), (uint8_t)(v->vni >> 8),
					 (uint8_t)v->vni, 0 };
	struct iovec iov[2] = { { header, sizeof(header) }, { (void *)frame, len } };
	struct msghdr msg = { .msg_name = &v->remote, .msg_namelen = v->remote_len, .msg_iov = iov, .msg_iovlen = 2 };

	return sendmsg(v->fd, &msg, MSG_DONTWAIT) == (ssize_t)(len + sizeof(header)) ? 0 : -errno;
}

const struct net_backend net_vxlan = {
	.name = "vxlan",
	.open = vxlan_open,
	.transmit = vxlan_transmit,
};
