/*
 * The channels of the machine between a DOCA server and its clients, shared by DOCA Comch (comch.c,
 * 2.7 and later) and 2.2's DOCA Comm Channel (comm_channel.c).
 *
 * The simulated DPU and host are processes of one machine, so a channel is an abstract Unix
 * SOCK_SEQPACKET socket (messages keep their boundaries; no file to clean up) named
 * "opendoca-comch/<PCI address>/<service name>" from the host function's PCI address (the server's
 * representor, the client's device). A server also listens on its own device's address, so that a
 * host program run on the same simulated device as the DPU's reaches it (one simulated BlueField
 * stands for both sides of a machine). A connection's first message each way is a hello carrying the
 * sender's largest message; both sides keep the smaller. Both libraries name, reach and greet their
 * peers through this code alone.
 */
#ifndef OPENDOCA_COMCH_CHANNEL_H
#define OPENDOCA_COMCH_CHANNEL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "doca_dev.h"

/* The project's limits: a simulated channel carries what a BlueField-3's does (4080 bytes). */
#define OPENDOCA_CHANNEL_MAX_MSG_SIZE 4080u
#define OPENDOCA_CHANNEL_MAX_QUEUE 8192u
#define OPENDOCA_CHANNEL_MAX_NAME 120u

/* Whether name can name a service: 1 - OPENDOCA_CHANNEL_MAX_NAME characters, no '/'. */
bool opendoca_channel_name_ok(const char *name);

/*
 * The PCI addresses naming the channels of an endpoint: a server's (rep not NULL) [0] its
 * representor's, [1] its own device's; a client's [0] its device's (and [1] the same). False when a
 * device has no PCI address.
 */
bool opendoca_channel_pci(struct doca_dev *dev, struct doca_dev_rep *rep, char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE]);

/* A non-blocking socket listening on the channel pci/name, or -1 with errno set. */
int opendoca_channel_listen(const char *pci, const char *name);

/*
 * Listens as a server on its channels pci[0]/name and pci[1]/name: fds[0] and fds[1] (-1 when pci[1]
 * is pci[0] or another server of the name holds it: the device's own name is a convenience of the
 * simulation). 0, or -1 with errno set when pci[0]/name cannot be had (EADDRINUSE: another server).
 */
int opendoca_channel_serve(const char pci[2][DOCA_DEVINFO_PCI_ADDR_SIZE], const char *name, int fds[2]);

/*
 * A non-blocking socket connected to the channel pci/name, its buffers sized for the queues (see
 * opendoca_channel_size), or -1 with errno set (ECONNREFUSED, ENOENT: no server listens).
 */
int opendoca_channel_connect(const char *pci, const char *name, uint32_t send_queue, uint32_t recv_queue,
			     uint32_t max_msg_size);

/*
 * Sizes a connection's socket buffers for send_queue / recv_queue messages of max_msg_size (0: the
 * kernel's default). A Unix socket's sender is bounded by its send buffer, which holds what the peer
 * has not read yet: a full one is the peer's queue full (EAGAIN).
 */
void opendoca_channel_size(int fd, uint32_t send_queue, uint32_t recv_queue, uint32_t max_msg_size);

/*
 * recv() on a connection. A peer that closed with messages unread leaves the socket an error
 * (ECONNRESET) which the kernel reports before the messages still queued the other way: those come
 * first, then the end (0), as from a peer that read everything.
 */
ssize_t opendoca_channel_recv(int fd, void *buf, size_t len, int flags);

/* Sends the hello with the sender's largest message. */
void opendoca_channel_send_hello(int fd, uint32_t max_msg_size);

/*
 * Whether the n bytes at msg are a peer's hello; if so, lowers *max_msg_size to the peer's largest
 * message when that is smaller.
 */
bool opendoca_channel_take_hello(const void *msg, ssize_t n, uint32_t *max_msg_size);

#endif /* OPENDOCA_COMCH_CHANNEL_H */
