/*
 * What the attachments (ports.c) and their backends (wire.c, tap.c, pcap.c, vxlan.c) share: a
 * device's ports, the backend operations, the receive thread every backend that reads a file
 * descriptor uses, the argument parser of the configuration (PORTS.md), and the pcap capture
 * any port may write.
 */
#ifndef OPENFLEXIO_CORE_NET_INTERNAL_H
#define OPENFLEXIO_CORE_NET_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "net.h"
#include "nic.h"

struct net_port;
struct net_capture;

/* The ports of a device (the NIC makes one: ibv_query_device says so). */
#define NET_PORTS 1

/* The longest frame a backend reads at once: a jumbo MTU's frame and then some (longer ones
 * arrive truncated and are dropped as oversize by the NIC's MTU check). */
#define NET_FRAME_MAX 16384

struct net_backend {
	const char *name;
	/* Parses args (the text after "name:", maybe "") and connects the port: sets
	 * port->state and starts what receives (net_port_thread_start). 0, or -1 after one log
	 * line naming the configuration entry (port->entry). */
	int (*open)(struct net_port *port, const char *args);
	/* Gives a frame to the cable: 0, or a negative errno value (counted as tx_dropped). May
	 * run on any thread, with NIC queue locks held: it never waits for a receive path. */
	int (*transmit)(struct net_port *port, const void *frame, size_t len);
	/* A received frame no rule took (the miss path): to the kernel behind the port (TAP).
	 * NULL: there is no kernel, the frame is dropped (counted as rx_missed either way). */
	void (*miss)(struct net_port *port, const void *frame, size_t len);
};

extern const struct net_backend net_wire, net_tap, net_pcap, net_vxlan;

struct net_port {
	struct net_device *device;
	struct nic *nic;
	unsigned num;              /* 1-based, as rdma-core numbers ports */
	struct nic_port_link link; /* attached to the NIC's port: its frames out */
	char entry[256];           /* "mlx5_sim0:1=tap:sim0p1": for log lines */
	/* Set while the port opens, then read by any thread once `open` is: */
	_Atomic bool open;                 /* published with a release store */
	const struct net_backend *backend; /* NULL: unconnected (frames out dropped) */
	void *state;                       /* the backend's */
	uint32_t mtu;
	/* The receive thread: poll() on the backend's descriptor and stop_fd (an eventfd). */
	void *(*thread_main)(void *); /* set by the backend's open */
	pthread_t thread;
	bool thread_running;
	pid_t thread_pid; /* the process that started it (not a forked child) */
	int stop_fd;
	/* pcap capture of the frames sent (and received with capture_rx), or NULL. */
	struct net_capture *capture;
	bool capture_rx;
};

struct net_device {
	struct net_env env;
	struct nic *nic;
	char name[64];
	struct net_port port[NET_PORTS];
	struct net_device *next; /* every device attached (ports.c) */
};

/* A frame the port's backend received (on its receive thread, or the sending thread of an
 * in-process wire): captured with capture_rx, given to the NIC, and to the backend's kernel
 * when no rule took it. Ignored while the port is still opening. */
void net_port_receive(struct net_port *port, const void *frame, size_t len);

/* The attached device called name, or NULL. */
struct net_device *net_device_named(const char *name);

/* The port's receive thread will run main(port): started once the port is open, so that
 * everything it receives is taken. 0, or -1 after one log line. */
int net_port_thread_start(struct net_port *port, void *(*main)(void *));
/*
 * Waits until fd is readable (fd < 0: only the stop), at most timeout_ms (< 0: no limit).
 * 1: readable, 0: timed out, -1: the port is stopping (the thread returns).
 */
int net_port_wait(struct net_port *port, int fd, int timeout_ms);

/*
 * The arguments of an entry: items separated by ',', each "key=value" or a bare word. A bare
 * word at position 0 is the backend's positional argument. net_port_arg copies the value of
 * key (or of the bare word at position 0 when key is NULL) into value (size bytes) and returns
 * true when present; false when absent. net_port_args_check logs and returns false when an
 * item's key is not in keys (NULL-terminated; "" accepts a bare first word).
 */
bool net_port_arg(const char *args, const char *key, char *value, size_t size);
bool net_port_args_check(struct net_port *port, const char *args, const char *const *keys);
/* An unsigned number argument within [min, max]; false (one log line) when malformed. */
bool net_port_arg_uint(struct net_port *port, const char *args, const char *key, unsigned long min, unsigned long max,
		       unsigned long *value);
/* Logs one line about the port's entry (the configuration or its backend failed). */
void net_port_log(struct net_port *port, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* pcap captures (pcap.c): DLT_EN10MB, microsecond timestamps, written with libpcap. */
struct net_capture *net_capture_open(struct net_port *port, const char *path);
void net_capture_frame(struct net_capture *capture, const void *frame, size_t len);
void net_capture_close(struct net_capture *capture);

#endif
