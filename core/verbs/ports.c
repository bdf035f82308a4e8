/*
 * The uplink ports of the simulated devices (ports.h): their configuration
 * (FLEXIO_SIM_PORTS, FLEXIO_SIM_PORTS_FILE; PORTS.md), the per-frame paths between the NIC,
 * steering and the backends, the counters, and the receive threads of the backends.
 *
 * The ports of a device live as long as the library, as its NIC does; they are found by the
 * device's index in a table read with acquire loads, so that the per-frame paths take no
 * lock. At unload the receive threads are stopped and captures flushed (the NICs, never
 * destroyed, may still be sending on other threads: descriptors stay open).
 */
#include "verbs_internal.h"

#include <ctype.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "../host/log.h"
#include "nic.h"
#include "port_backend.h"
#include "steering.h"

#define SIM_PORTS 1 /* ports of each device's NIC (nic.c makes it with one) */

struct sim_ports {
	struct sim_port port[SIM_PORTS];
};

/* The ports of each device by its index, published with release stores. */
static struct sim_ports *ports_table[SIM_MAX_CREATED];

static struct sim_port *port_get(struct sim_nic *nic, unsigned port)
{
	struct sim_ports *ports;

	if (!nic || port < 1 || port > SIM_PORTS)
		return NULL;
	ports = __atomic_load_n(&ports_table[nic->device->index], __ATOMIC_ACQUIRE);
	return ports ? &ports->port[port - 1] : NULL;
}

/* The port, once it is open (its configuration is then read-only), else NULL: a frame that
 * comes while the port is still opening (the NIC is published first) is not received. */
static struct sim_port *port_open_get(struct sim_nic *nic, unsigned port)
{
	struct sim_port *p = port_get(nic, port);

	return p && atomic_load_explicit(&p->open, memory_order_acquire) ? p : NULL;
}

static void add(_Atomic uint64_t *counter, uint64_t value)
{
	atomic_fetch_add_explicit(counter, value, memory_order_relaxed);
}

/* ---- the per-frame paths ---- */

void sim_port_receive(struct sim_nic *nic, unsigned port, const void *frame, size_t len)
{
	struct sim_port *p = port_open_get(nic, port);
	uint32_t tirn = 0;
	int rc;

	if (!p)
		return;
	add(&p->rx_frames, 1);
	add(&p->rx_bytes, len);
	if (p->capture && p->capture_rx)
		sim_port_capture_frame(p->capture, frame, len);
	/* malformed (shorter than an Ethernet header) or longer than the MTU allows: the MAC
	 * drops it before any rule sees it */
	if (len < 14 || len > atomic_load_explicit(&p->max_frame, memory_order_relaxed)) {
		add(&p->rx_dropped, 1);
		return;
	}
	switch (sim_steer_rx(nic, port, frame, len, &tirn)) {
	case SIM_STEER_RX_TIR:
		rc = nic_tir_rx(nic->nic, tirn, frame, len);
		add(rc ? &p->rx_dropped : &p->rx_to_queue, 1);
		return;
	case SIM_STEER_RX_TIR_MISS:
		/* a mirror: the queue's copy, then the frame's normal path below */
		rc = nic_tir_rx(nic->nic, tirn, frame, len);
		add(rc ? &p->rx_dropped : &p->rx_to_queue, 1);
		break;
	case SIM_STEER_RX_DROP:
		add(&p->rx_dropped, 1);
		return;
	case SIM_STEER_RX_MISS:
		break;
	}
	/* The miss path: the port's own receive TIR when one is set (nic_port_set: the queue
	 * the NIC engine hands a port's frames to without steering), else the kernel behind the
	 * port (TAP), else nowhere. */
	rc = nic_port_rx(nic->nic, port, frame, len);
	if (!rc) {
		add(&p->rx_to_queue, 1);
		return;
	}
	if (rc != -ENOENT) {
		add(&p->rx_dropped, 1);
		return;
	}
	add(&p->rx_missed, 1);
	if (p->backend && p->backend->miss)
		p->backend->miss(p, frame, len);
}

void sim_port_transmit(struct sim_nic *nic, unsigned port, uint32_t sqn, const void *frame, size_t len)
{
	struct sim_port *p = port_open_get(nic, port);

	if (!p)
		return;
	switch (sim_steer_tx(nic, port, sqn, frame, len)) {
	case SIM_STEER_TX_DROP:
		add(&p->tx_dropped, 1);
		return;
	case SIM_STEER_TX_LOOPBACK:
		sim_port_receive(nic, port, frame, len);
		return;
	case SIM_STEER_TX_WIRE:
		break;
	}
	if (p->capture)
		sim_port_capture_frame(p->capture, frame, len);
	if (!p->backend || p->backend->transmit(p, frame, len)) {
		add(&p->tx_dropped, 1);
		return;
	}
	add(&p->tx_frames, 1);
	add(&p->tx_bytes, len);
}

void sim_port_malformed(struct sim_port *port, size_t len)
{
	add(&port->rx_frames, 1);
	add(&port->rx_bytes, len);
	add(&port->rx_dropped, 1);
}

void sim_port_counters(struct sim_nic *nic, unsigned port, struct sim_port_counters *counters)
{
	struct sim_port *p = port_get(nic, port);

	memset(counters, 0, sizeof(*counters));
	if (!p)
		return;
	counters->rx_frames = atomic_load_explicit(&p->rx_frames, memory_order_relaxed);
	counters->rx_bytes = atomic_load_explicit(&p->rx_bytes, memory_order_relaxed);
	counters->tx_frames = atomic_load_explicit(&p->tx_frames, memory_order_relaxed);
	counters->tx_bytes = atomic_load_explicit(&p->tx_bytes, memory_order_relaxed);
	counters->rx_to_queue = atomic_load_explicit(&p->rx_to_queue, memory_order_relaxed);
	counters->rx_missed = atomic_load_explicit(&p->rx_missed, memory_order_relaxed);
	counters->rx_dropped = atomic_load_explicit(&p->rx_dropped, memory_order_relaxed);
	counters->tx_dropped = atomic_load_explicit(&p->tx_dropped, memory_order_relaxed);
}

bool sim_port_state(struct sim_nic *nic, unsigned port, bool *connected, uint32_t *mtu)
{
	struct sim_port *p = port_open_get(nic, port);

	if (!p)
		return false;
	*connected = __atomic_load_n(&p->connected, __ATOMIC_RELAXED);
	*mtu = p->mtu;
	return true;
}

SIM_EXPORT int flexio_verbs_port_counters(int device_index, unsigned port, struct flexio_verbs_port_counters *counters)
{
	struct sim_port_counters c;
	struct sim_nic *nic;

	SIM_DELEGATE(flexio_verbs_port_counters, (device_index, port, counters));
	if (!counters || device_index < 0 || device_index >= SIM_MAX_CREATED)
		return -EINVAL;
	nic = sim_nic_at(device_index);
	if (!port_get(nic, port))
		return -ENOENT;
	sim_port_counters(nic, port, &c);
	*counters = (struct flexio_verbs_port_counters){
		.rx_frames = c.rx_frames,
		.rx_bytes = c.rx_bytes,
		.tx_frames = c.tx_frames,
		.tx_bytes = c.tx_bytes,
		.rx_to_queue = c.rx_to_queue,
		.rx_missed = c.rx_missed,
		.rx_dropped = c.rx_dropped,
		.tx_dropped = c.tx_dropped,
	};
	return 0;
}

/* ---- receive threads ---- */

int sim_port_thread_start(struct sim_port *port, void *(*main)(void *))
{
	port->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (port->stop_fd < 0) {
		sim_port_log(port, "eventfd: %s", strerror(errno));
		return -1;
	}
	port->thread_main = main;
	return 0;
}

/* Starts the receive thread of a port just opened (sim_port_thread_start). */
static void thread_start(struct sim_port *port)
{
	int rc;

	if (!port->thread_main)
		return;
	rc = pthread_create(&port->thread, NULL, port->thread_main, port);
	if (rc) {
		/* a port that cannot receive is not up: ibv_query_port says DOWN (the port is
		 * published already, hence the atomic store sim_port_state's load pairs with) */
		__atomic_store_n(&port->connected, false, __ATOMIC_RELAXED);
		sim_err("FLEXIO_SIM_PORTS",
			"%s: cannot start the receive thread (%s): nothing is received, the port is DOWN", port->entry,
			strerror(rc));
		return;
	}
	port->thread_running = true;
	port->thread_pid = getpid();
}

int sim_port_wait(struct sim_port *port, int fd, int timeout_ms)
{
	struct pollfd fds[2] = { { .fd = port->stop_fd, .events = POLLIN }, { .fd = fd, .events = POLLIN } };
	int n;

	do {
		n = poll(fds, fd >= 0 ? 2 : 1, timeout_ms);
	} while (n < 0 && errno == EINTR);
	if (n < 0 || fds[0].revents)
		return -1;
	return n ? 1 : 0;
}

/* ---- configuration ---- */

void sim_port_log(struct sim_port *port, const char *format, ...)
{
	char text[512];
	va_list args;

	va_start(args, format);
	vsnprintf(text, sizeof(text), format, args);
	va_end(args);
	sim_err("FLEXIO_SIM_PORTS", "%s: %s; the port is down", port->entry, text);
}

/* The item of args at position index, as [*start, *end); false past the last. */
static bool item_at(const char *args, int index, const char **start, const char **end)
{
	const char *s = args;

	for (int i = 0; s; i++) {
		const char *e = strchr(s, ',');

		if (!e)
			e = s + strlen(s);
		if (i == index) {
			*start = s;
			*end = e;
			return e > s || *e;
		}
		s = *e ? e + 1 : NULL;
	}
	return false;
}

bool sim_port_arg(const char *args, const char *key, char *value, size_t size)
{
	const char *s, *e;

	for (int i = 0; item_at(args, i, &s, &e); i++) {
		const char *eq = memchr(s, '=', (size_t)(e - s));
		const char *from;
		size_t klen = eq ? (size_t)(eq - s) : 0;

		if (key ? !eq || klen != strlen(key) || strncmp(s, key, klen) : eq || i)
			continue;
		from = eq ? eq + 1 : s;
		if ((size_t)(e - from) >= size)
			return false;
		memcpy(value, from, (size_t)(e - from));
		value[e - from] = '\0';
		return true;
	}
	return false;
}

bool sim_port_args_check(struct sim_port *port, const char *args, const char *const *keys)
{
	const char *s, *e;

	for (int i = 0; item_at(args, i, &s, &e); i++) {
		const char *eq = memchr(s, '=', (size_t)(e - s));
		size_t klen = eq ? (size_t)(eq - s) : 0;
		bool known = false;

		for (const char *const *k = keys; *k && !known; k++)
			known = eq ? strlen(*k) == klen && !strncmp(s, *k, klen) && klen : !**k && !i && e > s;
		if (!known) {
			sim_port_log(port, "unknown argument '%.*s'", (int)(e - s), s);
			return false;
		}
	}
	return true;
}

bool sim_port_arg_uint(struct sim_port *port, const char *args, const char *key, unsigned long min, unsigned long max,
		       unsigned long *value)
{
	char text[32], *end;

	if (!sim_port_arg(args, key, text, sizeof(text)))
		return true; /* absent: *value keeps its default */
	errno = 0;
	*value = strtoul(text, &end, 0);
	if (!isdigit((unsigned char)text[0]) || *end || errno || *value < min || *value > max) {
		sim_port_log(port, "%s=%s is not a number in %lu..%lu", key, text, min, max);
		return false;
	}
	return true;
}

/* Appends the entries of FLEXIO_SIM_PORTS_FILE (lines; '#' starts a comment) then those of
 * FLEXIO_SIM_PORTS (';' or newlines between them) to a ';'-separated text (malloc'ed; NULL
 * when there is none). Later entries for a port win. */
static char *config_text(void)
{
	const char *path = getenv("FLEXIO_SIM_PORTS_FILE"), *env = getenv("FLEXIO_SIM_PORTS");
	char *text = NULL, line[1024];
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	FILE *file;

	if (!out)
		return NULL;
	if (path && *path) {
		file = fopen(path, "re");
		if (!file) {
			sim_err("FLEXIO_SIM_PORTS_FILE", "cannot open %s: %s", path, strerror(errno));
		} else {
			while (fgets(line, sizeof(line), file)) {
				line[strcspn(line, "#\r\n")] = '\0';
				fprintf(out, "%s;", line);
			}
			fclose(file);
		}
	}
	if (env)
		fprintf(out, "%s", env);
	fclose(out);
	for (char *c = text; c && *c; c++)
		if (*c == '\n')
			*c = ';';
	return text;
}

/* The entry's text without surrounding blanks, in place. */
static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Splits "DEV:PORT=REST": true when the entry names a port, *rest pointing past '='. */
static bool entry_port(char *entry, char **device, unsigned long *port, char **rest)
{
	char *eq = strchr(entry, '='), *colon, *end;

	if (!eq)
		return false;
	*eq = '\0';
	colon = strrchr(entry, ':');
	if (!colon)
		return false;
	*colon = '\0';
	*device = trim(entry);
	*port = strtoul(colon + 1, &end, 10);
	*rest = trim(eq + 1);
	return *trim(colon + 1) && (!*trim(end));
}

/* The configuration of port num of device (its backend and arguments, malloc'ed into *spec),
 * the last entry for it winning. An in-process wire configures both its ends: "A:1=wire:B:1"
 * also makes B:1's entry "wire:A:1" when B:1 has none. Entries that name no port are logged. */
static char *port_spec(const char *device, unsigned num, bool *implicit)
{
	char *text = config_text(), *spec = NULL, *reverse = NULL, *save = NULL;
	char self[128];

	*implicit = false;
	if (!text)
		return NULL;
	snprintf(self, sizeof(self), "%s:%u", device, num);
	for (char *e = strtok_r(text, ";", &save); e; e = strtok_r(NULL, ";", &save)) {
		char copy[1024], *name, *rest;
		unsigned long port;

		if (!*trim(e))
			continue;
		snprintf(copy, sizeof(copy), "%s", trim(e));
		if (!entry_port(copy, &name, &port, &rest)) {
			sim_err("FLEXIO_SIM_PORTS", "'%s' is no entry DEVICE:PORT=BACKEND[:ARGS] (ignored)", e);
			continue;
		}
		if (!strcmp(name, device) && port == num) {
			free(spec);
			spec = strdup(rest);
		} else if (!strcmp(name, device) && (port < 1 || port > SIM_PORTS) && num == 1) {
			sim_err("FLEXIO_SIM_PORTS", "'%s': %s has port 1 only (ignored)", e, device);
		} else if (!strncmp(rest, "wire:", 5) && !strncmp(rest + 5, self, strlen(self)) &&
			   (!rest[5 + strlen(self)] || rest[5 + strlen(self)] == ',')) {
			char peer[160];

			snprintf(peer, sizeof(peer), "wire:%s:%lu", name, port);
			free(reverse);
			reverse = strdup(peer);
		}
	}
	free(text);
	if (!spec && reverse) {
		*implicit = true;
		return reverse;
	}
	free(reverse);
	return spec;
}

/* Generic arguments every backend takes, removed from args (in place): out=FILE (pcap capture
 * of the frames sent), capture_rx=1 (and of those received), mtu=N. */
static bool generic_args(struct sim_port *port, char *args)
{
	static const char *const keys[] = { "out=", "capture_rx=", "mtu=" };
	char path[512], *kept = strdup(args), *w = kept;
	const char *s, *e;
	unsigned long value = 1500;

	if (!kept)
		return false;
	for (int i = 0; item_at(args, i, &s, &e); i++) {
		bool generic = false;

		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			generic |= !strncmp(s, keys[k], strlen(keys[k]));
		if (generic)
			continue;
		if (w > kept)
			*w++ = ',';
		memcpy(w, s, (size_t)(e - s));
		w += e - s;
	}
	*w = '\0';
	if (!sim_port_arg_uint(port, args, "mtu", 68, 9978, &value))
		goto fail;
	port->mtu = (uint32_t)value;
	value = 0;
	if (!sim_port_arg_uint(port, args, "capture_rx", 0, 1, &value))
		goto fail;
	port->capture_rx = value;
	if (sim_port_arg(args, "out", path, sizeof(path)) && !(port->capture = sim_port_capture_open(port, path)))
		goto fail;
	strcpy(args, kept);
	free(kept);
	return true;
fail:
	free(kept);
	return false;
}

static const struct sim_port_backend *backend_named(const char *name)
{
	static const struct sim_port_backend *const all[] = { &sim_port_wire, &sim_port_tap, &sim_port_pcap,
							      &sim_port_vxlan };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

/* Connects a port as its entry says (or leaves it unconnected). */
static void port_open(struct sim_port *port, const char *device)
{
	bool implicit;
	char *spec = port_spec(device, port->num, &implicit);
	char *args, *colon;
	const struct sim_port_backend *backend;

	port->connected = true; /* unconfigured: up, frames out dropped (PORTS.md) */
	if (!spec)
		return;
	snprintf(port->entry, sizeof(port->entry), "%s:%u=%s%s", device, port->num, spec,
		 implicit ? " (the other end of its wire)" : "");
	colon = strchr(spec, ':');
	args = colon ? colon + 1 : spec + strlen(spec);
	if (colon)
		*colon = '\0';
	port->connected = false;
	if (!strcmp(spec, "none")) {
		port->connected = generic_args(port, args) && sim_port_args_check(port, args, (const char *[]){ NULL });
	} else if (!strcmp(spec, "down")) {
		generic_args(port, args);
	} else if (!(backend = backend_named(spec))) {
		sim_port_log(port, "no backend '%s' (none, down, wire, tap, pcap, vxlan)", spec);
	} else if (generic_args(port, args) && !backend->open(port, args)) {
		port->backend = backend;
		port->connected = true;
	}
	free(spec);
}

void sim_ports_open(struct sim_nic *nic)
{
	struct sim_ports *ports = calloc(1, sizeof(*ports));
	const char *device = nic->device->ibv.name;

	if (!ports) {
		sim_err("FLEXIO_SIM_PORTS", "%s: out of memory: its ports stay unconnected", device);
		return;
	}
	for (unsigned i = 0; i < SIM_PORTS; i++) {
		struct sim_port *port = &ports->port[i];

		port->nic = nic;
		port->num = i + 1;
		port->stop_fd = -1;
		port->mtu = 1500;
		snprintf(port->entry, sizeof(port->entry), "%s:%u", device, port->num);
	}
	/* published first: an in-process wire's peer, opened below, finds this end */
	__atomic_store_n(&ports_table[nic->device->index], ports, __ATOMIC_RELEASE);
	for (unsigned i = 0; i < SIM_PORTS; i++) {
		struct sim_port *port = &ports->port[i];
		struct nic_port_attr attr;

		port_open(port, device);
		atomic_store(&port->max_frame, port->mtu + 18);
		if (!nic_port_get(nic->nic, port->num, &attr)) {
			attr.mtu = port->mtu;
			nic_port_set(nic->nic, port->num, &attr);
		}
		atomic_store_explicit(&port->open, true, memory_order_release);
		thread_start(port);
	}
}

/* Stops the receive threads when the library is unloaded (or the process exits). */
__attribute__((destructor)) static void ports_stop(void)
{
	for (int d = 0; d < SIM_MAX_CREATED; d++) {
		struct sim_ports *ports = __atomic_load_n(&ports_table[d], __ATOMIC_ACQUIRE);

		for (unsigned i = 0; ports && i < SIM_PORTS; i++) {
			struct sim_port *port = &ports->port[i];

			/* a forked child has no thread, and the eventfd is its parent's too */
			if (port->thread_running && port->thread_pid == getpid()) {
				uint64_t one = 1;

				if (write(port->stop_fd, &one, sizeof(one)) == sizeof(one))
					pthread_join(port->thread, NULL);
				port->thread_running = false;
			}
			if (port->capture)
				sim_port_capture_close(port->capture);
		}
	}
}
