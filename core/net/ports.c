/*
 * The attachments of the NICs' ports (net.h): their configuration (FLEXIO_SIM_PORTS,
 * FLEXIO_SIM_PORTS_FILE; PORTS.md), the per-frame paths between a backend and the NIC's port,
 * and the receive threads of the backends.
 *
 * The attachments live as long as the library, as the NICs do; a frame finds its port through
 * the link the NIC was given (sent) or the port its thread serves (received), and reads what
 * the port's opening set once `open` is published: the per-frame paths take no lock. At unload
 * the receive threads are stopped and captures flushed (the NICs, never destroyed, may still
 * be sending on other threads: descriptors stay open).
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* Every device attached, newest first (devices_lock: attachments and look-ups by name). */
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;
static struct net_device *devices;

/* ---- the per-frame paths ---- */

void net_port_receive(struct net_port *port, const void *frame, size_t len)
{
	if (!atomic_load_explicit(&port->open, memory_order_acquire))
		return;
	if (port->capture && port->capture_rx)
		net_capture_frame(port->capture, frame, len);
	/* no rule and no receive TIR took it: the kernel behind the port, if there is one */
	if (nic_port_rx(port->nic, port->num, frame, len) == -ENOENT && port->backend && port->backend->miss)
		port->backend->miss(port, frame, len);
}

/* A frame the NIC sends out of the port (its link's transmit, attached once the port is open:
 * its configuration is read-only then): to the port's capture, if any, and its backend. 0, or
 * a negative errno value (no cable: -ENOTCONN; the backend failed), which the NIC counts as
 * tx_dropped. Any thread, NIC queue locks held: it never waits for a receive path. */
static int port_transmit(void *user, unsigned num, const void *frame, size_t len)
{
	struct net_port *p = user;

	(void)num; /* the link is the port's own */
	if (p->capture)
		net_capture_frame(p->capture, frame, len);
	return p->backend ? p->backend->transmit(p, frame, len) : -ENOTCONN;
}

struct net_device *net_device_named(const char *name)
{
	struct net_device *d;

	pthread_mutex_lock(&devices_lock);
	for (d = devices; d && strcmp(d->name, name); d = d->next)
		;
	pthread_mutex_unlock(&devices_lock);
	return d;
}

/* ---- receive threads ---- */

int net_port_thread_start(struct net_port *port, void *(*main)(void *))
{
	port->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (port->stop_fd < 0) {
		net_port_log(port, "eventfd: %s", strerror(errno));
		return -1;
	}
	port->thread_main = main;
	return 0;
}

/* Logs one line naming what the configuration is read from. */
static void env_log(const struct net_env *env, const char *what, const char *format, ...)
	__attribute__((format(printf, 3, 4)));
static void env_log(const struct net_env *env, const char *what, const char *format, ...)
{
	char text[512];
	va_list args;

	va_start(args, format);
	vsnprintf(text, sizeof(text), format, args);
	va_end(args);
	env->log(env->user, what, text);
}

/* The link state a port's query reports. */
static void link_set(struct net_port *port, bool up)
{
	struct nic_port_attr attr;

	if (nic_port_get(port->nic, port->num, &attr))
		return;
	attr.mtu = port->mtu;
	attr.down = !up;
	nic_port_set(port->nic, port->num, &attr);
}

/* Starts the receive thread of a port just opened (net_port_thread_start). */
static void thread_start(struct net_port *port)
{
	int rc;

	if (!port->thread_main)
		return;
	rc = pthread_create(&port->thread, NULL, port->thread_main, port);
	if (rc) {
		/* a port that cannot receive is not up: its query says DOWN */
		link_set(port, false);
		env_log(&port->device->env, "FLEXIO_SIM_PORTS",
			"%s: cannot start the receive thread (%s): nothing is received, the port is DOWN", port->entry,
			strerror(rc));
		return;
	}
	port->thread_running = true;
	port->thread_pid = getpid();
}

int net_port_wait(struct net_port *port, int fd, int timeout_ms)
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

void net_port_log(struct net_port *port, const char *format, ...)
{
	char text[512];
	va_list args;

	va_start(args, format);
	vsnprintf(text, sizeof(text), format, args);
	va_end(args);
	env_log(&port->device->env, "FLEXIO_SIM_PORTS", "%s: %s; the port is down", port->entry, text);
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

bool net_port_arg(const char *args, const char *key, char *value, size_t size)
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

bool net_port_args_check(struct net_port *port, const char *args, const char *const *keys)
{
	const char *s, *e;

	for (int i = 0; item_at(args, i, &s, &e); i++) {
		const char *eq = memchr(s, '=', (size_t)(e - s));
		size_t klen = eq ? (size_t)(eq - s) : 0;
		bool known = false;

		for (const char *const *k = keys; *k && !known; k++)
			known = eq ? strlen(*k) == klen && !strncmp(s, *k, klen) && klen : !**k && !i && e > s;
		if (!known) {
			net_port_log(port, "unknown argument '%.*s'", (int)(e - s), s);
			return false;
		}
	}
	return true;
}

bool net_port_arg_uint(struct net_port *port, const char *args, const char *key, unsigned long min, unsigned long max,
		       unsigned long *value)
{
	char text[32], *end;

	if (!net_port_arg(args, key, text, sizeof(text)))
		return true; /* absent: *value keeps its default */
	errno = 0;
	*value = strtoul(text, &end, 0);
	if (!isdigit((unsigned char)text[0]) || *end || errno || *value < min || *value > max) {
		net_port_log(port, "%s=%s is not a number in %lu..%lu", key, text, min, max);
		return false;
	}
	return true;
}

/* Appends the entries of FLEXIO_SIM_PORTS_FILE (lines; '#' starts a comment) then those of
 * FLEXIO_SIM_PORTS (';' or newlines between them) to a ';'-separated text (malloc'ed; NULL
 * when there is none). Later entries for a port win. */
static char *config_text(const struct net_env *env)
{
	const char *path = getenv("FLEXIO_SIM_PORTS_FILE"), *entries = getenv("FLEXIO_SIM_PORTS");
	char *text = NULL, line[1024];
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	FILE *file;

	if (!out)
		return NULL;
	if (path && *path) {
		file = fopen(path, "re");
		if (!file) {
			env_log(env, "FLEXIO_SIM_PORTS_FILE", "cannot open %s: %s", path, strerror(errno));
		} else {
			while (fgets(line, sizeof(line), file)) {
				line[strcspn(line, "#\r\n")] = '\0';
				fprintf(out, "%s;", line);
			}
			fclose(file);
		}
	}
	if (entries)
		fprintf(out, "%s", entries);
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
static char *port_spec(const struct net_env *env, const char *device, unsigned num, bool *implicit)
{
	char *text = config_text(env), *spec = NULL, *reverse = NULL, *save = NULL;
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
			env_log(env, "FLEXIO_SIM_PORTS", "'%s' is no entry DEVICE:PORT=BACKEND[:ARGS] (ignored)", e);
			continue;
		}
		if (!strcmp(name, device) && port == num) {
			free(spec);
			spec = strdup(rest);
		} else if (!strcmp(name, device) && (port < 1 || port > NET_PORTS) && num == 1) {
			env_log(env, "FLEXIO_SIM_PORTS", "'%s': %s has port 1 only (ignored)", e, device);
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
static bool generic_args(struct net_port *port, char *args)
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
	if (!net_port_arg_uint(port, args, "mtu", 68, 9978, &value))
		goto fail;
	port->mtu = (uint32_t)value;
	value = 0;
	if (!net_port_arg_uint(port, args, "capture_rx", 0, 1, &value))
		goto fail;
	port->capture_rx = value;
	if (net_port_arg(args, "out", path, sizeof(path)) && !(port->capture = net_capture_open(port, path)))
		goto fail;
	strcpy(args, kept);
	free(kept);
	return true;
fail:
	free(kept);
	return false;
}

static const struct net_backend *backend_named(const char *name)
{
	static const struct net_backend *const all[] = { &net_wire, &net_tap, &net_pcap, &net_vxlan };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

/* Connects a port as its entry says (or leaves it unconnected); true when it is up. */
static bool port_open(struct net_port *port)
{
	const char *device = port->device->name;
	bool implicit, up = false;
	char *spec = port_spec(&port->device->env, device, port->num, &implicit);
	char *args, *colon;
	const struct net_backend *backend;

	if (!spec)
		return true; /* unconfigured: up, frames out dropped (PORTS.md) */
	snprintf(port->entry, sizeof(port->entry), "%s:%u=%s%s", device, port->num, spec,
		 implicit ? " (the other end of its wire)" : "");
	colon = strchr(spec, ':');
	args = colon ? colon + 1 : spec + strlen(spec);
	if (colon)
		*colon = '\0';
	if (!strcmp(spec, "none")) {
		up = generic_args(port, args) && net_port_args_check(port, args, (const char *[]){ NULL });
	} else if (!strcmp(spec, "down")) {
		generic_args(port, args);
	} else if (!(backend = backend_named(spec))) {
		net_port_log(port, "no backend '%s' (none, down, wire, tap, pcap, vxlan)", spec);
	} else if (generic_args(port, args) && !backend->open(port, args)) {
		port->backend = backend;
		up = true;
	}
	free(spec);
	return up;
}

int net_device_attach(const struct net_env *env, struct nic *nic, const char *name)
{
	struct net_device *device = calloc(1, sizeof(*device));

	if (!device) {
		env_log(env, "FLEXIO_SIM_PORTS", "%s: out of memory: its ports stay unconnected", name);
		return -ENOMEM;
	}
	device->env = *env;
	device->nic = nic;
	snprintf(device->name, sizeof(device->name), "%s", name);
	for (unsigned i = 0; i < NET_PORTS; i++) {
		struct net_port *port = &device->port[i];

		port->device = device;
		port->nic = nic;
		port->num = i + 1;
		port->stop_fd = -1;
		port->mtu = 1500;
		port->link = (struct nic_port_link){ .transmit = port_transmit, .user = port };
		snprintf(port->entry, sizeof(port->entry), "%s:%u", name, port->num);
	}
	/* listed first: an in-process wire's far end, opened below, finds this end */
	pthread_mutex_lock(&devices_lock);
	device->next = devices;
	devices = device;
	pthread_mutex_unlock(&devices_lock);
	for (unsigned i = 0; i < NET_PORTS; i++) {
		struct net_port *port = &device->port[i];

		link_set(port, port_open(port));
		atomic_store_explicit(&port->open, true, memory_order_release);
		nic_port_attach(nic, port->num, &port->link);
		thread_start(port);
	}
	return 0;
}

/* Stops the receive threads when the library is unloaded (or the process exits). */
__attribute__((destructor)) static void ports_stop(void)
{
	pthread_mutex_lock(&devices_lock);
	for (struct net_device *d = devices; d; d = d->next) {
		for (unsigned i = 0; i < NET_PORTS; i++) {
			struct net_port *port = &d->port[i];

			/* a forked child has no thread, and the eventfd is its parent's too */
			if (port->thread_running && port->thread_pid == getpid()) {
				uint64_t one = 1;

				if (write(port->stop_fd, &one, sizeof(one)) == sizeof(one))
					pthread_join(port->thread, NULL);
				port->thread_running = false;
			}
			if (port->capture)
				net_capture_close(port->capture);
		}
	}
	pthread_mutex_unlock(&devices_lock);
}
