/*
 * A GDB remote serial protocol stub into a live DPA process (FLEXIO_SIM_GDB=PORT or
 * flexio_process_gdb_listen): gdb-multiarch attaches with `target remote :PORT`.
 *
 * Only 127.0.0.1 is listened on: the protocol has no authentication and lets its client write
 * DPA memory and registers. One debugger at a time; another may attach after it leaves.
 *
 * All-stop model. While the debugger looks at the process (between stop replies and its next
 * resume) the stub holds a pause of the process (dpa_process_pause): every DPA thread is at a
 * safe point and its registers and memory are still. A resume (vCont, c, s) lets the threads
 * with an action go: all of them by resuming the process, only some (a step over a breakpoint
 * with the other threads stopped) by releasing those harts from the pause
 * (dpa_hart_debug_hold). When a thread stops (a breakpoint, a finished step, a fault) or the
 * debugger interrupts (^C), the stub pauses the process again and sends the stop reply.
 *
 * Breakpoints are engine traps (core/dpa/debug.c): patched pre-decoded ops of the process's own
 * copy of its code, set only while the process is paused, costing nothing elsewhere. Watchpoints
 * (Z2 write, Z3 read, Z4 access; DPA_DEBUG_WATCHES of them, as hardware has a few) are the engine's: a
 * thread stops before the access, in on_trap as at a breakpoint, and the stop reply names the
 * watchpoint (watch:, rwatch:, awatch:). GDB's RISC-V watchpoints are "non-steppable" (they
 * trigger before the access, as the debug spec's triggers): GDB removes them, steps the
 * instruction and shows the values after it, so the user sees the pc after the store. A thread
 * reaching one calls on_trap on its own host thread, outside its gate; a breakpoint the debugger
 * asked for, or the end of that thread's single step, holds it there until it is resumed. A
 * step plants a trap at the one pc the instruction leads to (dpa_hart_next_pc: the registers
 * are known, the thread is stopped). Threads that stop while another's stop is being reported
 * stay held with their event queued; the next resume that includes them reports it at once
 * when its breakpoint is still there, else lets them go.
 *
 * Threads are the process's DPA threads (sim_thread), GDB thread id = thread id + 1; they are
 * looked up under threads_lock for every use, so a destroyed thread is simply gone. A thread
 * being destroyed (sim_thread_leave) is gone for the debugger at once: the stub lets it go
 * wherever it holds it and never holds it again, so that destroying an event handler (or the
 * process) never waits for the debugger.
 *
 * Packets: a packet whose checksum is wrong is not acted on; the stub answers '-' (the client
 * sends it again) or, in no-ack mode, where the protocol lets a receiver ignore checksums but no
 * '-' exists, an error reply, so that the client is not left waiting. Replies are queued and sent
 * as the socket takes them, never blocking: while one waits, the client's next packets wait in
 * the receive buffer, so a client that stops reading holds nothing but its own session, and
 * closing the stub (the process being destroyed) never waits for it.
 *
 * Locks: stub lock, then threads_lock, then the engine's pause lock (inside dpa_*). A hart waits
 * for the stub lock only outside its gate, so pausing with the stub lock held cannot deadlock.
 * Nothing blocks on the client with the stub lock held.
 */
#define _GNU_SOURCE /* accept4, pipe2 */
#include "sim_gdb.h"
#include "log.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define GDB_PACKET_MAX 16384 /* PacketSize we announce, and our receive buffer */
/* Thread ids per qfThreadInfo/qsThreadInfo reply (gdbserver sends one; a few hundred keep a
 * reply well inside a packet and the round trips few). */
#define GDB_THREAD_IDS_PER_REPLY 256
#define GDB_PC_REGNUM 32
#define GDB_SIGINT 2
#define GDB_SIGILL 4
#define GDB_SIGTRAP 5
#define GDB_SIGBUS 10 /* GDB's numbering (7 is SIGEMT), not the host's */
#define GDB_SIGSEGV 11
#define GDB_ENV_PORTS 64 /* FLEXIO_SIM_GDB=PORT tries PORT .. PORT + 63 */

/* What the stub knows of one DPA thread beyond the engine's state. */
struct gdb_thread {
	uint32_t id;   /* sim_thread id */
	bool in_trap;  /* held in on_trap or sim_gdb_fault */
	bool go;       /* let it leave */
	bool stepping; /* a single step is under way, ending at step_pc */
	uint64_t step_pc;
	bool released;   /* runs alone while the process is paused (dpa_hart_debug_hold) */
	bool has_event;  /* a stop not reported yet */
	bool breakpoint; /* ... at a breakpoint (else the end of a step, or a fault) */
	bool fatal;      /* ... a fault: the process stops once it is resumed */
	unsigned watch;  /* ... a watchpoint's (enum dpa_watch_kind; 0: none) at watch_address */
	uint64_t watch_address;
	int signal;
	uint64_t event_pc, seq;
	char action; /* of the resume being applied: 0 (stays stopped), 'c' or 's' */
	struct gdb_thread *next;
};

struct sim_gdb {
	struct sim_process *p;
	int listen_fd, client_fd;
	int wake[2]; /* events and closing wake the stub thread */
	pthread_t thread;
	pthread_mutex_t lock; /* everything below */
	pthread_cond_t changed;
	bool closing;
	bool hold;           /* the pause sim_gdb_listen(hold) took, until the first resume */
	bool paused;         /* the stub holds a pause of the process */
	bool partial;        /* some harts run alone (released) while paused */
	bool running;        /* the debugger waits for a stop reply */
	bool fatal_reported; /* the last stop was a fault: the next resume ends the process */
	bool no_ack;
	bool exited;           /* the session ends after the reply being sent */
	uint32_t current;      /* GDB thread id of Hg (0: the first thread) */
	uint32_t listed_up_to; /* qfThreadInfo/qsThreadInfo: the last id sent */
	uint64_t seq;
	struct gdb_thread *threads;
	uint64_t *breakpoints;
	size_t nbreakpoints, breakpoints_cap;
	uint64_t *traps; /* the pcs patched now */
	size_t ntraps, traps_cap;
	struct dpa_watch_set {
		uint64_t address, length;
		enum dpa_watch_kind kind;
	} watches[DPA_DEBUG_WATCHES]; /* as set in the engine */
	unsigned nwatches;
	unsigned in_trap; /* harts inside on_trap / sim_gdb_fault */
	char rx[GDB_PACKET_MAX + 8];
	size_t rx_len;
	/* What is still to be sent to the client: a reply (less than GDB_PACKET_MAX), its ack, a
	 * stop reply, the end of the session. */
	char tx[2 * GDB_PACKET_MAX + 8];
	size_t tx_len;
	char doc[65536]; /* replies built for queries */
};

/* ---- threads ---------------------------------------------------------------------------- */

static struct gdb_thread *thread_state(struct sim_gdb *g, uint32_t id)
{
	struct gdb_thread *s;

	for (s = g->threads; s; s = s->next)
		if (s->id == id)
			return s;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->id = id;
	s->next = g->threads;
	g->threads = s;
	return s;
}

/* The thread with GDB id tid (threads_lock held), or NULL (also when it is being destroyed). */
static struct sim_thread *find_thread(struct sim_process *p, uint32_t tid)
{
	struct sim_thread *t;

	for (t = p->threads; t; t = t->next)
		if (t->id + 1 == tid)
			return atomic_load(&t->leaving) ? NULL : t;
	return NULL;
}

static int compare_ids(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* GDB ids of the live threads, ascending: an array of *count (free it), or NULL with *count 0
 * when there are none or memory ran out at once (the ids gathered so far when it ran out on the
 * way). No fixed cap: a process may run thousands. */
static uint32_t *thread_ids(struct sim_process *p, size_t *count)
{
	struct sim_thread *t;
	uint32_t *ids = NULL;
	size_t n = 0, cap = 0;

	pthread_mutex_lock(&p->threads_lock);
	for (t = p->threads; t; t = t->next) {
		if (atomic_load(&t->leaving))
			continue;
		if (n == cap) {
			uint32_t *grown = realloc(ids, (cap = cap ? cap * 2 : 64) * sizeof(*ids));

			if (!grown)
				break;
			ids = grown;
		}
		ids[n++] = t->id + 1;
	}
	pthread_mutex_unlock(&p->threads_lock);
	if (n)
		qsort(ids, n, sizeof(*ids), compare_ids);
	*count = n;
	return ids;
}

/* Hg's thread, or the first one when it names none alive. */
static uint32_t current_thread(struct sim_gdb *g)
{
	size_t n, i;
	uint32_t *ids = thread_ids(g->p, &n), found = n ? ids[0] : 0;

	for (i = 0; i < n; i++)
		if (ids[i] == g->current)
			found = g->current;
	free(ids);
	return found;
}

/* ---- traps ------------------------------------------------------------------------------- */

static bool contains(const uint64_t *set, size_t n, uint64_t pc)
{
	for (size_t i = 0; i < n; i++)
		if (set[i] == pc)
			return true;
	return false;
}

static int add_pc(uint64_t **set, size_t *n, size_t *cap, uint64_t pc)
{
	if (contains(*set, *n, pc))
		return 0;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		uint64_t *grown = realloc(*set, c * sizeof(**set));

		if (!grown)
			return -ENOMEM;
		*set = grown;
		*cap = c;
	}
	(*set)[(*n)++] = pc;
	return 0;
}

static void remove_pc(uint64_t *set, size_t *n, uint64_t pc)
{
	for (size_t i = 0; i < *n; i++)
		if (set[i] == pc) {
			set[i] = set[--*n];
			return;
		}
}

/* Patches the engine to the breakpoints and step targets wanted now (process paused). */
static void sync_traps(struct sim_gdb *g)
{
	struct dpa_process *engine = g->p->engine;
	struct gdb_thread *s;
	size_t i;

	for (i = 0; i < g->ntraps;) {
		uint64_t pc = g->traps[i];
		bool wanted = contains(g->breakpoints, g->nbreakpoints, pc);

		for (s = g->threads; s && !wanted; s = s->next)
			wanted = s->stepping && s->step_pc == pc;
		if (wanted) {
			i++;
			continue;
		}
		dpa_process_debug_trap(engine, pc, false);
		remove_pc(g->traps, &g->ntraps, pc);
	}
	for (i = 0; i < g->nbreakpoints; i++)
		if (!contains(g->traps, g->ntraps, g->breakpoints[i]) &&
		    add_pc(&g->traps, &g->ntraps, &g->traps_cap, g->breakpoints[i]) == 0)
			dpa_process_debug_trap(engine, g->breakpoints[i], true);
	for (s = g->threads; s; s = s->next)
		if (s->stepping && !contains(g->traps, g->ntraps, s->step_pc) &&
		    add_pc(&g->traps, &g->ntraps, &g->traps_cap, s->step_pc) == 0)
			dpa_process_debug_trap(engine, s->step_pc, true);
}

/* ---- stopping and resuming ---------------------------------------------------------------- */

static void wake_stub(struct sim_gdb *g)
{
	char c = 1;

	/* A full pipe already wakes it. */
	if (write(g->wake[1], &c, 1) < 0)
		return;
}

/* Every thread stops: the process is paused, harts running alone are held again. */
static void stop_all(struct sim_gdb *g)
{
	struct gdb_thread *s;
	struct sim_thread *t;

	if (!g->paused) {
		dpa_process_pause(g->p->engine);
		g->paused = true;
	}
	if (g->partial) {
		pthread_mutex_lock(&g->p->threads_lock);
		for (s = g->threads; s; s = s->next) {
			if (s->released && (t = find_thread(g->p, s->id + 1)))
				dpa_hart_debug_hold(t->hart, true);
			s->released = false;
		}
		pthread_mutex_unlock(&g->p->threads_lock);
		g->partial = false;
	}
}

/* Holds the calling hart's thread with an event until the debugger lets it go (stub lock
 * held). watch: the kind of the watchpoint at watch_address it stopped for, or 0. */
static void hold_with_event(struct sim_gdb *g, struct gdb_thread *s, int signal, bool breakpoint, bool fatal,
			    uint64_t pc, unsigned watch, uint64_t watch_address)
{
	s->has_event = true;
	s->signal = signal;
	s->breakpoint = breakpoint;
	s->fatal = fatal;
	s->watch = watch;
	s->watch_address = watch_address;
	s->event_pc = pc;
	s->seq = ++g->seq;
	s->in_trap = true;
	s->go = false;
	wake_stub(g);
	while (!s->go)
		pthread_cond_wait(&g->changed, &g->lock);
	s->in_trap = false;
}

/* The engine's trap function: a hart is at a patched pc. */
static void on_trap(void *user, struct dpa_hart *hart)
{
	struct sim_gdb *g = user;
	struct sim_thread *t = dpa_hart_user(hart);
	uint64_t pc = dpa_hart_pc(hart);
	struct gdb_thread *s;

	pthread_mutex_lock(&g->lock);
	g->in_trap++;
	s = thread_state(g, t->id);
	if (s && g->client_fd >= 0 && !g->closing && !atomic_load(&t->leaving)) {
		bool step = s->stepping && s->step_pc == pc;
		bool breakpoint = contains(g->breakpoints, g->nbreakpoints, pc);
		uint64_t watch_address;
		unsigned watch = dpa_hart_debug_watch_hit(hart, &watch_address);

		if (watch) {
			/* Before the access: a step under way ends here too, GDB steps it again. */
			s->stepping = false;
			hold_with_event(g, s, GDB_SIGTRAP, false, false, pc, watch, watch_address);
		} else if (step || breakpoint) {
			/* (Else another thread's step target, or a trap left from an earlier stop: run
			 * on.) */
			s->stepping = false;
			hold_with_event(g, s, GDB_SIGTRAP, breakpoint && !step, false, pc, 0, 0);
		}
	}
	g->in_trap--;
	pthread_cond_broadcast(&g->changed);
	pthread_mutex_unlock(&g->lock);
}

static int fault_signal(enum dpa_fault_cause cause)
{
	switch (cause) {
	case DPA_FAULT_MISALIGNED:
		return GDB_SIGBUS;
	case DPA_FAULT_ILLEGAL:
	case DPA_FAULT_BAD_SERVICE:
		return GDB_SIGILL;
	case DPA_FAULT_BREAKPOINT:
		return GDB_SIGTRAP;
	default:
		return GDB_SIGSEGV;
	}
}

void sim_gdb_fault(struct sim_process *p, struct sim_thread *t, const struct dpa_fault *fault)
{
	struct sim_gdb *g = atomic_load_explicit(&p->gdb, memory_order_acquire);
	struct gdb_thread *s;

	if (!g || !t || !fault)
		return;
	pthread_mutex_lock(&g->lock);
	g->in_trap++;
	s = thread_state(g, t->id);
	if (s && g->client_fd >= 0 && !g->closing && g->running && !atomic_load(&t->leaving))
		hold_with_event(g, s, fault_signal(fault->cause), false, true, fault->pc, 0, 0);
	g->in_trap--;
	pthread_cond_broadcast(&g->changed);
	pthread_mutex_unlock(&g->lock);
}

/* The oldest queued event, or NULL. */
static struct gdb_thread *oldest_event(struct sim_gdb *g)
{
	struct gdb_thread *s, *best = NULL;

	for (s = g->threads; s; s = s->next)
		if (s->has_event && (!best || s->seq < best->seq))
			best = s;
	return best;
}

/* ---- packets ------------------------------------------------------------------------------ */

static const char hex_digits[] = "0123456789abcdef";

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Parses hex digits at *s (advanced past them) into *value; false when there are none. */
static bool parse_hex(const char **s, uint64_t *value)
{
	const char *at = *s;
	uint64_t v = 0;

	while (hex_value(*at) >= 0)
		v = (v << 4) | (uint64_t)hex_value(*at++);
	if (at == *s)
		return false;
	*value = v;
	*s = at;
	return true;
}

/* A thread id of H, T, vCont: hex, or -1 (all). 0 is any. */
static bool parse_tid(const char **s, int64_t *tid)
{
	uint64_t v;

	if (**s == '-' && (*s)[1] == '1') {
		*s += 2;
		*tid = -1;
		return true;
	}
	if (!parse_hex(s, &v))
		return false;
	*tid = (int64_t)v;
	return true;
}

static unsigned checksum(const char *data, size_t len)
{
	unsigned sum = 0;

	for (size_t i = 0; i < len; i++)
		sum += (unsigned char)data[i];
	return sum & 0xff;
}

/* Sends what the socket takes of the queue now; the session loop waits for room for the rest.
 * An error ends the session. */
static void flush(struct sim_gdb *g)
{
	while (g->tx_len && !g->exited) {
		ssize_t w = send(g->client_fd, g->tx, g->tx_len, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (w <= 0) {
			g->exited = true;
			return;
		}
		memmove(g->tx, g->tx + w, g->tx_len - (size_t)w);
		g->tx_len -= (size_t)w;
	}
}

/* Room for n more bytes at the end of the queue, or NULL: the client has not read what it asked
 * for before (it waits for nothing we could still send), and the session ends. */
static char *queue_room(struct sim_gdb *g, size_t n)
{
	if (n > sizeof(g->tx) - g->tx_len) {
		g->exited = true;
		return NULL;
	}
	return g->tx + g->tx_len;
}

/* '+' or '-' (acknowledged mode). */
static void send_ack(struct sim_gdb *g, char ack)
{
	char *out = queue_room(g, 1);

	if (!out)
		return;
	*out = ack;
	g->tx_len++;
	flush(g);
}

static void send_packet(struct sim_gdb *g, const char *data, size_t len)
{
	unsigned sum;
	char *out;

	if (len > GDB_PACKET_MAX)
		len = GDB_PACKET_MAX;
	out = queue_room(g, len + 4);
	if (!out)
		return;
	sum = checksum(data, len);
	out[0] = '$';
	memcpy(out + 1, data, len);
	out[len + 1] = '#';
	out[len + 2] = hex_digits[sum >> 4];
	out[len + 3] = hex_digits[sum & 0xf];
	g->tx_len += len + 4;
	flush(g);
}

static void send_str(struct sim_gdb *g, const char *s)
{
	send_packet(g, s, strlen(s));
}

/* Appends the hex of size bytes to out at *n (out holds them). */
static void put_hex(char *out, size_t *n, const void *bytes, size_t size)
{
	const unsigned char *b = bytes;

	for (size_t i = 0; i < size; i++) {
		out[(*n)++] = hex_digits[b[i] >> 4];
		out[(*n)++] = hex_digits[b[i] & 0xf];
	}
}

/* Decodes 2 * size hex digits into bytes; false on a short or bad string. */
static bool get_hex(const char *s, void *bytes, size_t size)
{
	unsigned char *b = bytes;

	for (size_t i = 0; i < size; i++) {
		int hi = hex_value(s[2 * i]), lo = hi < 0 ? -1 : hex_value(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return false;
		b[i] = (unsigned char)(hi << 4 | lo);
	}
	return true;
}

/* A stop reply: signal, thread, and why (swbreak:, or the watchpoint of watch_address whose kind
 * watch is, 0 for none). */
static void send_stop_reply(struct sim_gdb *g, int signal, uint32_t tid, bool breakpoint, unsigned watch,
			    uint64_t watch_address)
{
	static const char *const watch_reasons[] = {
		[DPA_WATCH_WRITE] = "watch", [DPA_WATCH_READ] = "rwatch", [DPA_WATCH_ACCESS] = "awatch"
	};
	char reply[96];
	int n = snprintf(reply, sizeof(reply), "T%02xthread:%x;%s", signal, tid, breakpoint ? "swbreak:;" : "");

	if (watch)
		snprintf(reply + n, sizeof(reply) - (size_t)n, "%s:%llx;", watch_reasons[watch],
			 (unsigned long long)watch_address);
	send_str(g, reply);
}

/* Reports the oldest event: the process is stopped (stub lock held). */
static void report_event(struct sim_gdb *g, struct gdb_thread *s)
{
	stop_all(g);
	s->has_event = false;
	g->running = false;
	g->fatal_reported = s->fatal;
	g->current = s->id + 1;
	send_stop_reply(g, s->signal, s->id + 1, s->breakpoint, s->watch, s->watch_address);
}

/* ---- registers and memory ----------------------------------------------------------------- */

/* Reads the 33 registers of thread tid (x0..x31, pc); false when it is gone. */
static bool read_registers(struct sim_gdb *g, uint32_t tid, uint64_t regs[33])
{
	struct sim_thread *t;

	pthread_mutex_lock(&g->p->threads_lock);
	t = find_thread(g->p, tid);
	if (t) {
		for (unsigned i = 0; i < 32; i++)
			regs[i] = dpa_hart_reg(t->hart, i);
		regs[GDB_PC_REGNUM] = dpa_hart_pc(t->hart);
	}
	pthread_mutex_unlock(&g->p->threads_lock);
	return t != NULL;
}

static bool write_register(struct sim_gdb *g, uint32_t tid, unsigned index, uint64_t value)
{
	struct sim_thread *t;

	pthread_mutex_lock(&g->p->threads_lock);
	t = find_thread(g->p, tid);
	if (t && index > 0)
		dpa_hart_debug_set_reg(t->hart, index, value);
	pthread_mutex_unlock(&g->p->threads_lock);
	return t != NULL;
}

static void handle_g(struct sim_gdb *g)
{
	uint64_t regs[33];
	char out[33 * 16 + 1];
	size_t n = 0;

	if (!read_registers(g, current_thread(g), regs)) {
		send_str(g, "E01");
		return;
	}
	for (unsigned i = 0; i < 33; i++)
		put_hex(out, &n, &regs[i], 8); /* little endian, as the target */
	send_packet(g, out, n);
}

static void handle_G(struct sim_gdb *g, const char *args)
{
	uint32_t tid = current_thread(g);
	uint64_t regs[33];

	if (strlen(args) < 33 * 16) {
		send_str(g, "E01");
		return;
	}
	for (unsigned i = 0; i < 33; i++)
		if (!get_hex(args + 16 * i, &regs[i], 8)) {
			send_str(g, "E01");
			return;
		}
	for (unsigned i = 1; i < 33; i++)
		write_register(g, tid, i, regs[i]);
	send_str(g, "OK");
}

static void handle_p(struct sim_gdb *g, const char *args)
{
	uint64_t index, regs[33];
	char out[17];
	size_t n = 0;

	if (!parse_hex(&args, &index) || index > GDB_PC_REGNUM) {
		send_str(g, "E01");
		return;
	}
	if (!read_registers(g, current_thread(g), regs)) {
		send_str(g, "E01");
		return;
	}
	put_hex(out, &n, &regs[index], 8);
	send_packet(g, out, n);
}

static void handle_P(struct sim_gdb *g, const char *args)
{
	uint64_t index, value;

	if (!parse_hex(&args, &index) || index > GDB_PC_REGNUM || *args++ != '=' || !get_hex(args, &value, 8)) {
		send_str(g, "E01");
		return;
	}
	/* x0 stays 0; writing it is accepted as hardware ignores it. */
	send_str(g, write_register(g, current_thread(g), (unsigned)index, value) ? "OK" : "E01");
}

static void handle_m(struct sim_gdb *g, const char *args)
{
	uint64_t address, length;
	unsigned char bytes[GDB_PACKET_MAX / 2];
	char out[GDB_PACKET_MAX];
	size_t n = 0, got = 0;

	if (!parse_hex(&args, &address) || *args++ != ',' || !parse_hex(&args, &length)) {
		send_str(g, "E01");
		return;
	}
	if (length > sizeof(bytes) - 8)
		length = sizeof(bytes) - 8;
	/* DPA memory only (apertures would reach the host): as much of it as can be read. */
	if (dpa_process_read(g->p->engine, address, bytes, length) == 0)
		got = length;
	else
		while (got < length && dpa_process_read(g->p->engine, address + got, bytes + got, 1) == 0)
			got++;
	if (got == 0 && length > 0) {
		send_str(g, "E14"); /* EFAULT */
		return;
	}
	put_hex(out, &n, bytes, got);
	send_packet(g, out, n);
}

/* M addr,len:hex and X addr,len:binary (body binary-escaped, of body_len bytes). */
static void handle_write_memory(struct sim_gdb *g, const char *args, size_t args_len, bool binary)
{
	const char *start = args;
	uint64_t address, length;
	unsigned char bytes[GDB_PACKET_MAX];
	size_t i, k;

	if (!parse_hex(&args, &address) || *args++ != ',' || !parse_hex(&args, &length) || *args++ != ':' ||
	    length > sizeof(bytes)) {
		send_str(g, "E01");
		return;
	}
	args_len -= (size_t)(args - start);
	if (binary) {
		for (i = 0, k = 0; i < args_len && k < length; i++)
			bytes[k++] = args[i] == '}' && i + 1 < args_len ? (unsigned char)(args[++i] ^ 0x20)
									: (unsigned char)args[i];
		if (k != length) {
			send_str(g, "E01");
			return;
		}
	} else if (args_len < 2 * length || !get_hex(args, bytes, length)) {
		send_str(g, "E01");
		return;
	}
	/* Writable DPA memory only: code is never writable (breakpoints are Z0, not writes). */
	send_str(g, length == 0 || dpa_process_write(g->p->engine, address, bytes, length) == 0 ? "OK" : "E14");
}

/* ---- descriptions --------------------------------------------------------------------------- */

static const char *const register_names[33] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1",  "a0",  "a1", "a2", "a3", "a4", "a5", "a6",
	"a7",   "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6", "pc",
};

/* The target description: RV64 integer registers and pc (the DPA has no FPU). */
static size_t target_xml(char *out, size_t max)
{
	size_t n = (size_t)snprintf(out, max,
				    "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
				    "<target version=\"1.0\">\n<architecture>riscv:rv64</architecture>\n"
				    "<feature name=\"org.gnu.gdb.riscv.cpu\">\n");

	for (unsigned i = 0; i < 33 && n < max; i++)
		n += (size_t)snprintf(out + n, max - n, "<reg name=\"%s\" bitsize=\"64\" type=\"%s\" regnum=\"%u\"/>\n",
				      register_names[i],
				      i == 1 || i == GDB_PC_REGNUM ? "code_ptr"
				      : i == 2 || i == 8           ? "data_ptr"
								   : "int",
				      i);
	if (n < max)
		n += (size_t)snprintf(out + n, max - n, "</feature>\n</target>\n");
	return n < max ? n : max - 1;
}

/* A thread's name (flexio_event_handler_attr's) and what it is doing. */
static void thread_description(struct sim_gdb *g, uint32_t tid, char *name, size_t name_size, char *state,
			       size_t state_size)
{
	struct sim_thread *t;
	struct gdb_thread *s;
	bool in_trap = false;
	uint64_t pc = 0;

	for (s = g->threads; s; s = s->next)
		if (s->id + 1 == tid)
			in_trap = s->in_trap;
	name[0] = '\0';
	pthread_mutex_lock(&g->p->threads_lock);
	t = find_thread(g->p, tid);
	if (t) {
		char text[FLEXIO_MAX_NAME_LEN + 1] = "";

		dpa_process_read(g->p->engine, t->name, text, FLEXIO_MAX_NAME_LEN);
		text[FLEXIO_MAX_NAME_LEN] = '\0';
		snprintf(name, name_size, "%s",
			 text[0]          ? text
			 : t == g->p->rpc ? "rpc"
			 : t->event       ? "event handler"
					  : "thread");
		pc = dpa_hart_pc(t->hart);
	}
	pthread_mutex_unlock(&g->p->threads_lock);
	snprintf(state, state_size, "%s",
		 !t                         ? "gone"
		 : in_trap                  ? "stopped at a trap"
		 : pc == DPA_RETURN_ADDRESS ? "idle (between activations)"
					    : "paused");
}

/* Appends s XML-escaped. */
static size_t xml_escaped(char *out, size_t n, size_t max, const char *s)
{
	for (; *s && n + 8 < max; s++) {
		const char *e = *s == '<'   ? "&lt;"
				: *s == '>' ? "&gt;"
				: *s == '&' ? "&amp;"
				: *s == '"' ? "&quot;"
					    : NULL;

		if (e)
			n += (size_t)snprintf(out + n, max - n, "%s", e);
		else
			out[n++] = *s;
	}
	out[n] = '\0';
	return n;
}

/* The qXfer:threads document of every live thread (free it; NULL when memory ran out), its
 * length in *size. Sized for the threads there are: each entry is bounded by its name and state
 * with every character escaped. */
static char *threads_xml(struct sim_gdb *g, size_t *size)
{
	char name[FLEXIO_MAX_NAME_LEN + 32], state[64];
	const size_t entry_max = 6 * (sizeof(name) + sizeof(state)) + 64;
	size_t count, n, max;
	uint32_t *ids = thread_ids(g->p, &count);
	char *out;

	max = 64 + count * entry_max;
	out = malloc(max);
	if (!out) {
		free(ids);
		return NULL;
	}
	n = (size_t)snprintf(out, max, "<?xml version=\"1.0\"?>\n<threads>\n");
	for (size_t i = 0; i < count; i++) {
		thread_description(g, ids[i], name, sizeof(name), state, sizeof(state));
		n += (size_t)snprintf(out + n, max - n, "<thread id=\"%x\" name=\"", ids[i]);
		n = xml_escaped(out, n, max, name);
		n += (size_t)snprintf(out + n, max - n, "\">");
		n = xml_escaped(out, n, max, state);
		n += (size_t)snprintf(out + n, max - n, "</thread>\n");
	}
	n += (size_t)snprintf(out + n, max - n, "</threads>\n");
	free(ids);
	*size = n;
	return out;
}

/* qXfer:<object>:read:<annex>:offset,length over a document; binary-escaped reply. */
static void send_xfer(struct sim_gdb *g, const char *doc, size_t size, const char *range)
{
	uint64_t offset, length;
	char out[GDB_PACKET_MAX];
	size_t n = 0;

	if (!parse_hex(&range, &offset) || *range++ != ',' || !parse_hex(&range, &length)) {
		send_str(g, "E01");
		return;
	}
	if (offset >= size) {
		send_str(g, "l");
		return;
	}
	if (length > GDB_PACKET_MAX / 2 - 8)
		length = GDB_PACKET_MAX / 2 - 8;
	out[n++] = offset + length < size ? 'm' : 'l';
	for (uint64_t i = offset; i < size && i < offset + length; i++) {
		char c = doc[i];

		if (c == '#' || c == '$' || c == '}' || c == '*') {
			out[n++] = '}';
			c ^= 0x20;
		}
		out[n++] = c;
	}
	send_packet(g, out, n);
}

/* ---- queries ------------------------------------------------------------------------------ */

static void handle_query(struct sim_gdb *g, const char *q)
{
	char *doc = g->doc, out[512];

	if (!strncmp(q, "qSupported", 10)) {
		snprintf(out, sizeof(out),
			 "PacketSize=%x;qXfer:features:read+;qXfer:threads:read+;swbreak+;vContSupported+;"
			 "QStartNoAckMode+",
			 GDB_PACKET_MAX);
		send_str(g, out);
	} else if (!strcmp(q, "qAttached")) {
		send_str(g, "1"); /* quitting gdb detaches: the host program owns the process */
	} else if (!strcmp(q, "qC")) {
		snprintf(out, sizeof(out), "QC%x", current_thread(g));
		send_str(g, out);
	} else if (!strcmp(q, "qfThreadInfo") || !strcmp(q, "qsThreadInfo")) {
		/* GDB_THREAD_IDS_PER_REPLY ids at a time: qf from the first, each qs after the last
		 * id sent (ids ascend, so threads made or gone in between do not confuse the list). */
		size_t count, n = 0, i = 0, end;
		uint32_t *ids = thread_ids(g->p, &count);

		if (q[1] == 'f')
			g->listed_up_to = 0;
		while (i < count && ids[i] <= g->listed_up_to)
			i++;
		if (i == count) {
			send_str(g, "l");
		} else {
			doc[n++] = 'm';
			for (end = i + GDB_THREAD_IDS_PER_REPLY; i < count && i < end; i++) {
				n += (size_t)snprintf(doc + n, sizeof(g->doc) - n, "%s%x", n > 1 ? "," : "", ids[i]);
				g->listed_up_to = ids[i];
			}
			send_packet(g, doc, n);
		}
		free(ids);
	} else if (!strncmp(q, "qThreadExtraInfo,", 17)) {
		const char *at = q + 17;
		uint64_t tid;
		char name[FLEXIO_MAX_NAME_LEN + 32], state[64], text[FLEXIO_MAX_NAME_LEN + 128];
		size_t n = 0;

		if (!parse_hex(&at, &tid)) {
			send_str(g, "E01");
			return;
		}
		thread_description(g, (uint32_t)tid, name, sizeof(name), state, sizeof(state));
		snprintf(text, sizeof(text), "%s, %s", name, state);
		put_hex(doc, &n, text, strlen(text));
		send_packet(g, doc, n);
	} else if (!strncmp(q, "qXfer:features:read:target.xml:", 31)) {
		send_xfer(g, doc, target_xml(doc, sizeof(g->doc)), q + 31);
	} else if (!strncmp(q, "qXfer:threads:read::", 20)) {
		size_t size;
		char *threads = threads_xml(g, &size);

		if (threads)
			send_xfer(g, threads, size, q + 20);
		else
			send_str(g, "E0c"); /* ENOMEM */
		free(threads);
	} else if (!strncmp(q, "qSymbol:", 8)) {
		send_str(g, "OK");
	} else {
		send_str(g, ""); /* not supported */
	}
}

/* ---- resuming ----------------------------------------------------------------------------- */

/* The watchpoint of kind at address and of length (0: any), or -1. */
static int watch_index(const struct sim_gdb *g, uint64_t address, uint64_t length, unsigned kind)
{
	for (unsigned i = 0; i < g->nwatches; i++)
		if (g->watches[i].address == address && g->watches[i].kind == kind &&
		    (length == 0 || g->watches[i].length == length))
			return (int)i;
	return -1;
}

/*
 * Applies one action per thread (0 = stays stopped) already stored in the threads' action.
 * Reports a queued event of a resumed thread at once instead of resuming (all-stop); else
 * plants the steps, lets the threads go and waits for the next stop.
 */
static void resume(struct sim_gdb *g, bool all)
{
	struct gdb_thread *s, *pending = NULL;
	struct sim_thread *t;

	if (g->running)
		return; /* all-stop: gdb resumes a stopped target only */
	if (g->fatal_reported) {
		/* The thread's fault stops the process: the debugger sees it terminate. */
		char reply[8] = "X0b";

		for (s = g->threads; s; s = s->next)
			if (s->fatal && s->in_trap)
				snprintf(reply, sizeof(reply), "X%02x", s->signal);
		send_str(g, reply);
		g->exited = true;
		return;
	}
	for (s = g->threads; s; s = s->next) {
		if (!s->has_event || !s->action)
			continue;
		if ((s->breakpoint && contains(g->breakpoints, g->nbreakpoints, s->event_pc)) ||
		    (s->watch && watch_index(g, s->watch_address, 0, s->watch) >= 0)) {
			if (!pending || s->seq < pending->seq)
				pending = s;
		} else if (!s->fatal) {
			/* stale: its breakpoint or watchpoint went, or a step GDB gave up */
			s->has_event = false;
		}
	}
	if (pending) {
		report_event(g, pending);
		return;
	}
	pthread_mutex_lock(&g->p->threads_lock);
	for (s = g->threads; s; s = s->next) {
		s->stepping = false;
		if (s->action == 's' && (t = find_thread(g->p, s->id + 1))) {
			s->step_pc = dpa_hart_next_pc(t->hart);
			/* A step out of the thread's function (to its return address) ends its
			 * activation: nothing to trap, it simply runs on. */
			s->stepping = dpa_image_is_code(dpa_process_image(g->p->engine), s->step_pc);
		}
	}
	pthread_mutex_unlock(&g->p->threads_lock);
	sync_traps(g);
	pthread_mutex_lock(&g->p->threads_lock);
	for (s = g->threads; s; s = s->next) {
		if (!s->action)
			continue;
		if (s->in_trap)
			s->go = true;
		if (!all && (t = find_thread(g->p, s->id + 1))) {
			dpa_hart_debug_hold(t->hart, false);
			s->released = true;
			g->partial = true;
		}
	}
	pthread_mutex_unlock(&g->p->threads_lock);
	pthread_cond_broadcast(&g->changed);
	if (all) {
		dpa_process_resume(g->p->engine);
		g->paused = false;
	}
	if (g->hold) {
		/* The first resume ends FLEXIO_SIM_GDB_WAIT's hold. */
		dpa_process_resume(g->p->engine);
		g->hold = false;
	}
	g->running = true;
}

/* Gives every thread known and alive a state node, so that actions reach all of them. */
static void know_all_threads(struct sim_gdb *g)
{
	size_t n;
	uint32_t *ids = thread_ids(g->p, &n);

	for (size_t i = 0; i < n; i++)
		thread_state(g, ids[i] - 1);
	free(ids);
}

/* vCont;action[:tid];... : the first action naming a thread (or none) applies to it. */
static void handle_vcont(struct sim_gdb *g, const char *args)
{
	struct gdb_thread *s;
	bool all = true;

	know_all_threads(g);
	for (s = g->threads; s; s = s->next)
		s->action = 0;
	while (*args == ';') {
		char kind = *++args;
		int64_t tid = -1;

		if (kind != 'c' && kind != 'C' && kind != 's' && kind != 'S' && kind != 't') {
			send_str(g, "E01");
			return;
		}
		args++;
		if (kind == 'C' || kind == 'S') { /* the signal is not delivered: DPA code has none */
			uint64_t signal;

			parse_hex(&args, &signal);
		}
		if (*args == ':') {
			bool alive;

			args++;
			if (!parse_tid(&args, &tid)) {
				send_str(g, "E01");
				return;
			}
			/* A thread that does not exist (or no longer): an error, as gdbserver gives, and
			 * nothing resumed (else GDB would wait for a stop that never comes). */
			pthread_mutex_lock(&g->p->threads_lock);
			alive = tid <= 0 || find_thread(g->p, (uint32_t)tid);
			pthread_mutex_unlock(&g->p->threads_lock);
			if (!alive) {
				send_str(g, "E01");
				return;
			}
		}
		for (s = g->threads; s; s = s->next)
			if (!s->action && (tid == -1 || tid == 0 || (uint32_t)tid == s->id + 1))
				s->action = kind == 't' ? 0 : (kind == 'C' ? 'c' : kind == 'S' ? 's' : kind);
	}
	for (s = g->threads; s; s = s->next)
		all = all && s->action;
	resume(g, all);
}

/* Legacy c / s: continue everything, or step the current thread alone. */
static void handle_legacy_resume(struct sim_gdb *g, bool step)
{
	uint32_t tid;
	struct gdb_thread *s;

	know_all_threads(g);
	tid = current_thread(g);
	for (s = g->threads; s; s = s->next)
		s->action = step ? (s->id + 1 == tid ? 's' : 0) : 'c';
	resume(g, !step);
}

/* Z2/Z3/Z4 (insert) and z2/z3/z4: a watchpoint of kind on [address, address + length); set in
 * the engine at once (the process is paused while GDB is not waiting for a stop). */
static void handle_watchpoint(struct sim_gdb *g, uint64_t address, uint64_t length, enum dpa_watch_kind kind,
			      bool insert)
{
	int i = watch_index(g, address, length, kind), rc;
	char reply[8];

	if (g->running || length == 0) {
		send_str(g, "E01");
		return;
	}
	if (!insert) {
		if (i >= 0) {
			dpa_process_debug_watch(g->p->engine, address, length, kind, false);
			g->watches[i] = g->watches[--g->nwatches];
		}
		send_str(g, "OK");
		return;
	}
	if (i >= 0) {
		send_str(g, "OK");
		return;
	}
	/* Beyond DPA_DEBUG_WATCHES the engine says -ENOSPC (E1c): GDB reports that it could not
	 * insert the watchpoint. */
	rc = dpa_process_debug_watch(g->p->engine, address, length, kind, true);
	if (rc) {
		snprintf(reply, sizeof(reply), "E%02x", -rc & 0xff);
		send_str(g, reply);
		return;
	}
	g->watches[g->nwatches++] = (struct dpa_watch_set){ .address = address, .length = length, .kind = kind };
	send_str(g, "OK");
}

static void handle_breakpoint(struct sim_gdb *g, const char *args, bool insert)
{
	static const enum dpa_watch_kind watch_kinds[] = {
		[2] = DPA_WATCH_WRITE, [3] = DPA_WATCH_READ, [4] = DPA_WATCH_ACCESS
	};
	uint64_t type, address, length = 0;

	if (!parse_hex(&args, &type) || *args++ != ',' || !parse_hex(&args, &address)) {
		send_str(g, "E01");
		return;
	}
	if (type > 4) {
		send_str(g, ""); /* not supported */
		return;
	}
	if (type >= 2) {
		if (*args++ != ',' || !parse_hex(&args, &length)) {
			send_str(g, "E01");
			return;
		}
		handle_watchpoint(g, address, length, watch_kinds[type], insert);
		return;
	}
	if (!insert) {
		remove_pc(g->breakpoints, &g->nbreakpoints, address);
		send_str(g, "OK");
		return;
	}
	/* A trap is an instruction of the image's code (planted at the next resume). */
	if (!dpa_image_is_code(dpa_process_image(g->p->engine), address) || (address & 1) ||
	    add_pc(&g->breakpoints, &g->nbreakpoints, &g->breakpoints_cap, address)) {
		send_str(g, "E01");
		return;
	}
	send_str(g, "OK");
}

/* The thread a ^C names, as gdbserver names the one it interrupted: Hg's when it is busy (in
 * code, not idle between activations), else the busy thread with the lowest id, else
 * current_thread's choice. With many idle handlers the lowest id is seldom the one working. */
static uint32_t interrupted_thread(struct sim_gdb *g)
{
	uint32_t chosen = current_thread(g), busy = 0;
	struct sim_thread *t;

	pthread_mutex_lock(&g->p->threads_lock);
	for (t = g->p->threads; t; t = t->next) {
		if (atomic_load(&t->leaving) || dpa_hart_pc(t->hart) == DPA_RETURN_ADDRESS)
			continue;
		if (t->id + 1 == chosen) {
			busy = chosen;
			break;
		}
		if (!busy || t->id + 1 < busy)
			busy = t->id + 1;
	}
	pthread_mutex_unlock(&g->p->threads_lock);
	return busy ? busy : chosen;
}

static void handle_interrupt(struct sim_gdb *g)
{
	if (!g->running)
		return;
	stop_all(g);
	g->running = false;
	g->fatal_reported = false;
	send_stop_reply(g, GDB_SIGINT, interrupted_thread(g), false, 0, 0);
}

/* One packet (without $ and checksum, NUL-terminated). */
static void handle_packet(struct sim_gdb *g, const char *pkt, size_t len)
{
	int64_t tid;
	const char *at;

	switch (pkt[0]) {
	case '?':
		send_stop_reply(g, GDB_SIGTRAP, current_thread(g), false, 0, 0);
		return;
	case 'g':
		handle_g(g);
		return;
	case 'G':
		handle_G(g, pkt + 1);
		return;
	case 'p':
		handle_p(g, pkt + 1);
		return;
	case 'P':
		handle_P(g, pkt + 1);
		return;
	case 'm':
		handle_m(g, pkt + 1);
		return;
	case 'M':
		handle_write_memory(g, pkt + 1, len - 1, false);
		return;
	case 'X':
		handle_write_memory(g, pkt + 1, len - 1, true);
		return;
	case 'H':
		at = pkt + 2;
		if (!parse_tid(&at, &tid)) {
			send_str(g, "E01");
			return;
		}
		if (pkt[1] == 'g' && tid > 0)
			g->current = (uint32_t)tid;
		send_str(g, "OK");
		return;
	case 'T':
		at = pkt + 1;
		if (parse_tid(&at, &tid) && tid > 0) {
			pthread_mutex_lock(&g->p->threads_lock);
			send_str(g, find_thread(g->p, (uint32_t)tid) ? "OK" : "E01");
			pthread_mutex_unlock(&g->p->threads_lock);
		} else {
			send_str(g, "E01");
		}
		return;
	case 'c':
	case 'C':
		handle_legacy_resume(g, false);
		return;
	case 's':
	case 'S':
		handle_legacy_resume(g, true);
		return;
	case 'Z':
	case 'z':
		handle_breakpoint(g, pkt + 1, pkt[0] == 'Z');
		return;
	case 'D':
		send_str(g, "OK");
		g->exited = true;
		return;
	case 'k':
		g->exited = true; /* kill detaches: the host program owns the process */
		return;
	case 'q':
		handle_query(g, pkt);
		return;
	case 'Q':
		if (!strcmp(pkt, "QStartNoAckMode")) {
			send_str(g, "OK");
			g->no_ack = true;
			return;
		}
		break;
	case 'v':
		if (!strcmp(pkt, "vCont?")) {
			send_str(g, "vCont;c;C;s;S;t");
			return;
		}
		if (!strncmp(pkt, "vCont;", 6)) {
			handle_vcont(g, pkt + 5);
			return;
		}
		if (!strncmp(pkt, "vKill", 5)) {
			send_str(g, "OK");
			g->exited = true;
			return;
		}
		if (!strcmp(pkt, "vCtrlC")) {
			send_str(g, "OK");
			handle_interrupt(g);
			return;
		}
		break;
	default:
		break;
	}
	send_str(g, "");
}

/* Consumes complete packets and interrupts from the receive buffer (stub lock held), while the
 * client takes the replies: one waiting to be sent leaves the rest for later. */
static void process_input(struct sim_gdb *g)
{
	size_t start = 0;
	bool incomplete = false;

	while (start < g->rx_len && !g->exited && !g->tx_len) {
		char c = g->rx[start], *data = g->rx + start + 1, *hash;
		size_t len;
		int high, low;

		if (c == 0x03) {
			handle_interrupt(g);
			start++;
			continue;
		}
		if (c != '$') { /* acks and noise */
			start++;
			continue;
		}
		hash = memchr(data, '#', g->rx_len - start - 1);
		if (!hash || (size_t)(hash - g->rx) + 3 > g->rx_len) {
			incomplete = true;
			break;
		}
		len = (size_t)(hash - data);
		high = hex_value(hash[1]);
		low = hex_value(hash[2]);
		start = (size_t)(hash - g->rx) + 3;
		if (high < 0 || low < 0 || (unsigned)(high << 4 | low) != checksum(data, len)) {
			if (g->no_ack)
				send_str(g, "E01");
			else
				send_ack(g, '-');
			continue;
		}
		if (!g->no_ack)
			send_ack(g, '+');
		*hash = '\0';
		handle_packet(g, data, len);
	}
	memmove(g->rx, g->rx + start, g->rx_len - start);
	g->rx_len -= start;
	if (incomplete && g->rx_len == sizeof(g->rx) - 1) /* a packet larger than announced: drop it */
		g->rx_len = 0;
}

/* ---- sessions ----------------------------------------------------------------------------- */

/* The debugger left: every trap goes, every thread runs (stub lock held; dropped while the
 * engine waits for the harts leaving on_trap, which take it). */
static void end_session(struct sim_gdb *g)
{
	struct gdb_thread *s;

	stop_all(g);
	g->nbreakpoints = 0;
	g->nwatches = 0; /* the engine's go with the detach below */
	for (s = g->threads; s; s = s->next) {
		s->stepping = false;
		s->has_event = false;
		s->go = true;
	}
	sync_traps(g);
	g->client_fd = -1; /* on_trap holds nobody from here on */
	pthread_cond_broadcast(&g->changed);
	pthread_mutex_unlock(&g->lock);
	dpa_process_debug_detach(g->p->engine);
	pthread_mutex_lock(&g->lock);
	dpa_process_resume(g->p->engine);
	g->paused = false;
	if (g->hold) {
		dpa_process_resume(g->p->engine);
		g->hold = false;
	}
	g->running = false;
	g->fatal_reported = false;
}

static void session(struct sim_gdb *g, int fd)
{
	struct pollfd fds[2] = { { .fd = fd }, { .fd = g->wake[0], .events = POLLIN } };
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	pthread_mutex_lock(&g->lock);
	g->client_fd = fd;
	g->no_ack = false;
	g->exited = false;
	g->rx_len = 0;
	g->tx_len = 0;
	g->current = 0;
	stop_all(g); /* gdb attaches to a stopped process */
	if (dpa_process_debug_attach(g->p->engine, on_trap, g)) {
		end_session(g);
		pthread_mutex_unlock(&g->lock);
		return;
	}
	pthread_mutex_unlock(&g->lock);
	for (;;) {
		/* Only this thread queues and sends: while a reply waits, wait for room, not input. */
		int ready, error;

		fds[0].events = g->tx_len ? POLLOUT : POLLIN;
		ready = poll(fds, 2, -1);
		error = errno;
		pthread_mutex_lock(&g->lock);
		if (ready < 0) {
			g->exited = error != EINTR;
			fds[0].revents = fds[1].revents = 0;
		}
		if (fds[1].revents) {
			char drain[64];

			while (read(g->wake[0], drain, sizeof(drain)) > 0)
				;
			if (g->closing) {
				if (g->running)
					send_str(g, "W00"); /* the host program destroyed the process */
				g->exited = true;
			} else if (g->running) {
				struct gdb_thread *s = oldest_event(g);

				if (s)
					report_event(g, s);
			}
		}
		if (fds[0].revents & (POLLOUT | POLLERR | POLLHUP))
			flush(g);
		if (fds[0].revents && !g->exited && !g->tx_len) {
			ssize_t n = recv(fd, g->rx + g->rx_len, sizeof(g->rx) - 1 - g->rx_len, MSG_DONTWAIT);

			if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
				g->exited = true;
			else if (n > 0)
				g->rx_len += (size_t)n;
		}
		if (!g->exited)
			process_input(g); /* (also what waited for the last reply to go) */
		if (g->exited) {
			end_session(g);
			pthread_mutex_unlock(&g->lock);
			break;
		}
		pthread_mutex_unlock(&g->lock);
	}
}

static void *stub_main(void *arg)
{
	struct sim_gdb *g = arg;
	struct pollfd fds[2] = { { .fd = g->listen_fd, .events = POLLIN }, { .fd = g->wake[0], .events = POLLIN } };

	for (;;) {
		int fd;
		bool closing;

		/* Checked before waiting too: a session may have drained the wake-up of closing. */
		pthread_mutex_lock(&g->lock);
		closing = g->closing;
		pthread_mutex_unlock(&g->lock);
		if (closing || (poll(fds, 2, -1) < 0 && errno != EINTR))
			break;
		if (fds[1].revents) {
			char drain[64];

			while (read(g->wake[0], drain, sizeof(drain)) > 0)
				;
		}
		if (!fds[0].revents)
			continue;
		fd = accept4(g->listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		session(g, fd);
		close(fd);
	}
	return NULL;
}

int sim_gdb_listen(struct sim_process *p, uint16_t port, bool hold, uint16_t *bound)
{
	struct sockaddr_in addr = { .sin_family = AF_INET,
				    .sin_port = htons(port),
				    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t addr_len = sizeof(addr);
	struct sim_gdb *g, *none = NULL;
	int one = 1, rc;

	if (atomic_load(&p->gdb))
		return -EALREADY;
	g = calloc(1, sizeof(*g));
	if (!g)
		return -ENOMEM;
	g->p = p;
	g->client_fd = -1;
	g->wake[0] = g->wake[1] = -1;
	g->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (g->listen_fd < 0 || pipe2(g->wake, O_CLOEXEC | O_NONBLOCK))
		goto fail_errno;
	setsockopt(g->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(g->listen_fd, (struct sockaddr *)&addr, sizeof(addr)) || listen(g->listen_fd, 1) ||
	    getsockname(g->listen_fd, (struct sockaddr *)&addr, &addr_len))
		goto fail_errno;
	pthread_mutex_init(&g->lock, NULL);
	pthread_cond_init(&g->changed, NULL);
	if (!atomic_compare_exchange_strong(&p->gdb, &none, g)) {
		rc = -EALREADY;
		goto fail_sync;
	}
	if (hold) {
		dpa_process_pause(p->engine);
		g->hold = true;
	}
	rc = -pthread_create(&g->thread, NULL, stub_main, g);
	if (rc) {
		if (hold)
			dpa_process_resume(p->engine);
		atomic_store(&p->gdb, NULL);
		goto fail_sync;
	}
	if (bound)
		*bound = ntohs(addr.sin_port);
	return 0;
fail_errno:
	rc = -errno;
	goto fail;
fail_sync:
	pthread_cond_destroy(&g->changed);
	pthread_mutex_destroy(&g->lock);
fail:
	if (g->listen_fd >= 0)
		close(g->listen_fd);
	if (g->wake[0] >= 0) {
		close(g->wake[0]);
		close(g->wake[1]);
	}
	free(g);
	return rc;
}

int sim_gdb_listen_op(struct provider_process *process, uint16_t port, uint16_t *bound)
{
	return sim_gdb_listen((struct sim_process *)process, port, false, bound);
}

void sim_gdb_from_env(struct sim_process *p, const char *func)
{
	const char *value = getenv("FLEXIO_SIM_GDB"), *wait = getenv("FLEXIO_SIM_GDB_WAIT");
	bool hold = wait && *wait && strcmp(wait, "0") != 0;
	unsigned long first;
	uint16_t bound = 0;
	char *end;
	int rc = -EINVAL;

	if (!value || !*value)
		return;
	first = strtoul(value, &end, 10);
	if (*end || first > 65535) {
		flexio_log_at(FLEXIO_LOG_LVL_WARN, func, "FLEXIO_SIM_GDB=\"%s\" is not a port number; no GDB stub",
			      value);
		return;
	}
	/* Several processes: each takes the next free port. */
	for (unsigned i = 0; i < (first ? GDB_ENV_PORTS : 1) && first + i <= 65535; i++) {
		rc = sim_gdb_listen(p, (uint16_t)(first + i), hold, &bound);
		if (rc != -EADDRINUSE)
			break;
	}
	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, func, "no GDB stub for DPA process %u: %s", p->dumem_id,
			      strerror(-rc));
	else
		flexio_log_at(FLEXIO_LOG_LVL_WARN, func,
			      "DPA process %u: GDB stub listening on 127.0.0.1:%u%s (gdb-multiarch: target remote :%u)",
			      p->dumem_id, bound, hold ? ", the process waits for the debugger" : "", bound);
}

void sim_gdb_thread_leaving(struct sim_process *p, struct sim_thread *t)
{
	struct sim_gdb *g = atomic_load_explicit(&p->gdb, memory_order_acquire);
	struct gdb_thread *s;

	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	for (s = g->threads; s; s = s->next)
		if (s->id == t->id) {
			/* Its step trap goes at the next resume (sync_traps), its stop is not reported;
			 * stop_all no longer finds it to hold it again. */
			s->stepping = false;
			s->has_event = false;
			s->released = false;
			s->go = true;
		}
	pthread_cond_broadcast(&g->changed);
	pthread_mutex_unlock(&g->lock);
}

void sim_gdb_close(struct sim_process *p)
{
	struct sim_gdb *g = atomic_exchange(&p->gdb, NULL);
	struct gdb_thread *s;

	if (!g)
		return;
	pthread_mutex_lock(&g->lock);
	g->closing = true;
	wake_stub(g);
	pthread_mutex_unlock(&g->lock);
	pthread_join(g->thread, NULL);
	pthread_mutex_lock(&g->lock);
	if (g->hold) /* never attached */
		dpa_process_resume(p->engine);
	g->hold = false;
	/* Harts still inside on_trap (let go by end_session) leave before the state goes. */
	while (g->in_trap)
		pthread_cond_wait(&g->changed, &g->lock);
	pthread_mutex_unlock(&g->lock);
	while ((s = g->threads)) {
		g->threads = s->next;
		free(s);
	}
	close(g->listen_fd);
	close(g->wake[0]);
	close(g->wake[1]);
	free(g->breakpoints);
	free(g->traps);
	pthread_cond_destroy(&g->changed);
	pthread_mutex_destroy(&g->lock);
	free(g);
}
