/*
 * The TAP backend: a port whose cable ends in a Linux TAP interface (tap:NAME), in the network
 * namespace the process runs in. Frames the kernel sends on the interface arrive at the port;
 * frames the port sends, and received frames no steering rule took (the miss path: a real NIC
 * hands those to the kernel's netdev), are written to it, so the kernel receives them.
 *
 * The interface is made with IFF_TAP | IFF_NO_PI (an existing persistent TAP of that name is
 * attached to) and brought up (up=0 leaves it as it is). A thread reads it.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>


struct tap {
	int fd;
	char name[IFNAMSIZ];
};

static void *tap_main(void *arg)
{
	struct net_port *port = arg;
	struct tap *tap = port->state;
	uint8_t *frame = malloc(NET_FRAME_MAX);

	while (frame && net_port_wait(port, tap->fd, -1) > 0) {
		ssize_t n;

		/* what one wake-up finds, then back to poll() */
		while ((n = read(tap->fd, frame, NET_FRAME_MAX)) > 0)
			net_port_receive(port, frame, (size_t)n);
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			break; /* the interface was deleted */
	}
	free(frame);
	return NULL;
}

/* Brings the interface up: false (errno set) when the process may not. */
static bool tap_up(const char *name)
{
	struct ifreq ifr = { 0 };
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	bool ok;

	if (s < 0)
		return false;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	ok = !ioctl(s, SIOCGIFFLAGS, &ifr);
	if (ok && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ok = !ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
	return ok;
}

static int tap_open(struct net_port *port, const char *args)
{
	static const char *const keys[] = { "", "name", "up", NULL };
	struct ifreq ifr = { .ifr_flags = IFF_TAP | IFF_NO_PI };
	unsigned long up = 1;
	struct tap *tap;

	if (!net_port_args_check(port, args, keys) || !net_port_arg_uint(port, args, "up", 0, 1, &up))
		return -1;
	tap = calloc(1, sizeof(*tap));
	if (!tap) {
		net_port_log(port, "out of memory");
		return -1;
	}
	if ((!net_port_arg(args, "name", tap->name, sizeof(tap->name)) &&
	     !net_port_arg(args, NULL, tap->name, sizeof(tap->name))) ||
	    !tap->name[0]) {
		net_port_log(port, "tap needs an interface name shorter than %d characters (tap:NAME)", IFNAMSIZ);
		goto fail;
	}
	tap->fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (tap->fd < 0) {
		net_port_log(port, "cannot open /dev/net/tun: %s", strerror(errno));
		goto fail;
	}
	memcpy(ifr.ifr_name, tap->name, sizeof(ifr.ifr_name));
	if (ioctl(tap->fd, TUNSETIFF, &ifr)) {
		net_port_log(port, "cannot attach the TAP interface %s: %s", tap->name, strerror(errno));
		goto fail_fd;
	}
	if (up && !tap_up(tap->name)) {
		net_port_log(port, "cannot bring %s up: %s", tap->name, strerror(errno));
		goto fail_fd;
	}
	port->state = tap;
	if (net_port_thread_start(port, tap_main))
		goto fail_fd;
	return 0;
fail_fd:
	close(tap->fd);
fail:
	port->state = NULL;
	free(tap);
	return -1;
}

/* The kernel takes the frame as one the interface received. A full queue (the kernel does not
 * read fast enough) loses it, as a NIC's would. */
static int tap_transmit(struct net_port *port, const void *frame, size_t len)
{
	struct tap *tap = port->state;
	ssize_t n = write(tap->fd, frame, len);

	return n == (ssize_t)len ? 0 : n < 0 ? -errno : -EIO;
}

static void tap_miss(struct net_port *port, const void *frame, size_t len)
{
	tap_transmit(port, frame, len);
}

const struct net_backend net_tap = {
	.name = "tap",
	.open = tap_open,
	.transmit = tap_transmit,
	.miss = tap_miss,
};
