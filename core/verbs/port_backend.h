/*
 * What the port layer (ports.c) and its backends (port_wire.c, port_tap.c, port_pcap.c,
 * port_vxlan.c) share: a port, the backend operations, the receive thread every backend that
 * reads a file descriptor uses, the argument parser of the configuration (PORTS.md), and the
 * pcap capture any port may write.
 */
#ifndef OPENFLEXIO_CORE_VERBS_PORT_BACKEND_H
#define OPENFLEXIO_CORE_VERBS_PORT_BACKEND_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ports.h"

struct sim_port;
struct sim_port_capture;

/* The longest frame a backend reads at once: a jumbo MTU's frame and then some (longer ones
 * arrive truncated and are dropped as oversize by the NIC's MTU check). */
#define SIM_PORT_FRAME_MAX 16384

struct sim_port_backend {
	const char *name;
	/* Parses args (the text after "name:", maybe "") and connects the port: sets
	 * port->state and starts what receives (sim_port_thread_start). 0, or -1 after one
	 * log line naming the configuration entry (port->entry). */
	int (*open)(struct sim_port *port, const char *args);
	/* Gives a frame to the cable: 0, or a negative errno value (counted as tx_dropped). May
	 * run on any thread, with NIC queue locks held: it never waits for a receive path. */
	int (*transmit)(struct sim_port *port, const void *frame, size_t len);
	/* A received frame no rule took (the miss path): to the kernel behind the port (TAP).
	 * NULL: there is no kernel, the frame is dropped (counted as rx_missed either way). */
	void (*miss)(struct sim_port *port, const void *frame, size_t len);
};

extern const struct sim_port_backend sim_port_wire, sim_port_tap, sim_port_pcap, sim_port_vxlan;

struct sim_port {
	struct sim_nic *nic;
	unsigned num;    /* 1-based, as rdma-core numbers ports */
	char entry[256]; /* "mlx5_sim0:1=tap:sim0p1": for log lines */
	/* Set while the port opens, then read by any thread once `open` is: */
	_Atomic bool open;                      /* published with a release store */
	const struct sim_port_backend *backend; /* NULL: unconnected (frames out dropped) */
	void *state;                            /* the backend's */
	bool connected;                         /* ibv_query_port: ACTIVE */
	uint32_t mtu;
	_Atomic uint32_t max_frame; /* mtu + 18 (Ethernet header, FCS-less, VLAN) */
	/* The receive thread: poll() on the backend's descriptor and stop_fd (an eventfd). */
	void *(*thread_main)(void *); /* set by the backend's open */
	pthread_t thread;
	bool thread_running;
	pid_t thread_pid; /* the process that started it (not a forked child) */
	int stop_fd;
	/* pcap capture of the frames sent (and received with capture_rx), or NULL. */
	struct sim_port_capture *capture;
	bool capture_rx;
	/* Counters: relaxed atomics each thread adds to (no lock on the per-frame path). */
	_Atomic uint64_t rx_frames, rx_bytes, tx_frames, tx_bytes;
	_Atomic uint64_t rx_to_queue, rx_missed, rx_dropped, tx_dropped;
};

/* A frame the backend could not make sense of (a bad VXLAN header, a truncated datagram):
 * counted as received and dropped. */
void sim_port_malformed(struct sim_port *port, size_t len);

/* The port's receive thread will run main(port): started once the port is open, so that
 * everything it receives is taken. 0, or -1 after one log line. */
int sim_port_thread_start(struct sim_port *port, void *(*main)(void *));
/*
 * Waits until fd is readable (fd < 0: only the stop), at most timeout_ms (< 0: no limit).
 * 1: readable, 0: timed out, -1: the port is stopping (the thread returns).
 */
int sim_port_wait(struct sim_port *port, int fd, int timeout_ms);

/*
 * The arguments of an entry: items separated by ',', each "key=value" or a bare word. A bare
 * word at position 0 is the backend's positional argument. sim_port_arg copies the value of
 * key (or of the bare word at position 0 when key is NULL) into value (size bytes) and returns
 * true when present; false when absent. sim_port_args_check logs and returns false when an
 * item's key is not in keys (NULL-terminated; "" accepts a bare first word).
 */
bool sim_port_arg(const char *args, const char *key, char *value, size_t size);
bool sim_port_args_check(struct sim_port *port, const char *args, const char *const *keys);
/* An unsigned number argument within [min, max]; false (one log line) when malformed. */
bool sim_port_arg_uint(struct sim_port *port, const char *args, const char *key, unsigned long min, unsigned long max,
		       unsigned long *value);
/* Logs one line about the port's entry (the configuration or its backend failed). */
void sim_port_log(struct sim_port *port, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* pcap captures (port_pcap.c): DLT_EN10MB, microsecond timestamps, written with libpcap. */
struct sim_port_capture *sim_port_capture_open(struct sim_port *port, const char *path);
void sim_port_capture_frame(struct sim_port_capture *capture, const void *frame, size_t len);
void sim_port_capture_close(struct sim_port_capture *capture);

#endif
