/*
 * Timelines of the simulated DPA processes (sim_trace.h says what is recorded and what it
 * costs). The trace of a process lives from its creation to its destroy; a recording session
 * (start .. stop) fills per-DPA-thread buffers that stop writes out and empties.
 *
 * Buffers: a DPA thread gets its buffer at its first event of any session, linked into the
 * trace (under the trace's lock, once per thread). Events are appended under the buffer's own
 * lock, taken again by stop to empty it: a recorder that finds tracing off under that lock
 * drops its event, so nothing is appended to a session that has been written. A destroyed
 * thread's buffer is only marked gone (its events are still to be written) and freed at the next
 * stop. Each buffer holds at most SIM_TRACE_MAX_EVENTS events; more are counted as dropped.
 *
 * FLEXIO_SIM_TRACE=FILE traces every process of the OS process from its creation ("%p" in FILE
 * becomes the OS process id): each one's timeline joins the file's when it is destroyed, and the
 * file is rewritten whole then (so it is complete after every destroy), and once more at exit
 * with the processes still alive.
 */
#include "sim_trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SIM_TRACE_MAX_EVENTS (1u << 18)
#define SIM_TRACE_ENV "FLEXIO_SIM_TRACE"
/* The tid of events of no thread (an EQE, a fault no thread caused): no DPA thread has it. */
#define SIM_TRACE_NO_THREAD UINT32_MAX
#define DPACC_UNPACK_PREFIX "__dpacc_unpack_"

struct sim_trace_event {
	uint8_t kind; /* enum sim_trace_kind */
	uint8_t end;  /* enum sim_trace_end, spans */
	uint32_t x;   /* doorbell: queue; cqe, eqe: cqn; activate: source thread; fault: status */
	uint64_t host_ns, host_end_ns;
	uint64_t cycles, cycles_end, instret, instret_end;
	uint64_t a, b, c; /* span: function; doorbell: index, kind, raw; fault: cause, pc, address */
	const char *name; /* span: its name, NULL: function's symbol */
};

struct sim_trace_buf {
	pthread_mutex_t lock; /* the events, gone */
	uint32_t tid;
	char name[FLEXIO_MAX_NAME_LEN + 16];
	struct sim_trace_event *events;
	size_t count, cap;
	uint64_t dropped;
	bool gone;
	struct sim_trace_buf *next; /* in the trace's list (trace lock) */
};

struct sim_trace {
	pthread_mutex_t lock;          /* the list, the session (start, stop, writing) */
	struct sim_trace_buf *bufs;    /* newest first */
	struct sim_trace_buf nothread; /* events of no thread */
	uint64_t since_ns;             /* the session's start: older marks are not its spans */
	FILE *out;                     /* the file stop writes (NULL: FLEXIO_SIM_TRACE's) */
	bool from_env;
	char label[2 * FLEXIO_MAX_NAME_LEN + 32]; /* the process's name in the trace */
	struct sim_process *env_next;             /* in env.live while traced from FLEXIO_SIM_TRACE */
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- recording ------------------------------------------------------------------------------- */

static void buf_init(struct sim_trace_buf *b, uint32_t tid, const char *name)
{
	pthread_mutex_init(&b->lock, NULL);
	b->tid = tid;
	snprintf(b->name, sizeof(b->name), "%s", name);
}

/* The name a thread shows: its role for a command-queue worker (its spans are named by its
 * tasks), else its own (flexio_event_handler_attr.name), else its role. */
static void thread_label(struct sim_thread *t, char *out, size_t size)
{
	char name[FLEXIO_MAX_NAME_LEN + 1] = "";

	if (t->name && dpa_process_read(t->process->engine, t->name, name, sizeof(name) - 1))
		name[0] = '\0';
	name[sizeof(name) - 1] = '\0';
	if (t->owner)
		snprintf(out, size, "cmdq worker %u", t->id);
	else if (name[0])
		snprintf(out, size, "%s", name);
	else if (t == t->process->rpc)
		snprintf(out, size, "rpc");
	else if (t->event)
		snprintf(out, size, "event handler %u", t->id);
	else
		snprintf(out, size, "thread %u", t->id);
}

/* t's buffer, made at its first event (NULL: out of memory, the event is lost). */
static struct sim_trace_buf *buf_of(struct sim_thread *t)
{
	struct sim_trace *trace = t->process->trace;
	struct sim_trace_buf *b = atomic_load_explicit(&t->trace_buf, memory_order_acquire), *old;
	char name[FLEXIO_MAX_NAME_LEN + 16];

	if (b)
		return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	thread_label(t, name, sizeof(name));
	buf_init(b, t->id, name);
	pthread_mutex_lock(&trace->lock);
	old = atomic_load_explicit(&t->trace_buf, memory_order_acquire);
	if (!old) {
		b->next = trace->bufs;
		trace->bufs = b;
		atomic_store_explicit(&t->trace_buf, b, memory_order_release);
	}
	pthread_mutex_unlock(&trace->lock);
	if (old) { /* another recorder of t made it meanwhile (a CQE while t rang a doorbell) */
		pthread_mutex_destroy(&b->lock);
		free(b);
		return old;
	}
	return b;
}

static void append(struct sim_process *p, struct sim_trace_buf *b, const struct sim_trace_event *ev)
{
	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	if (!atomic_load_explicit(&p->tracing, memory_order_acquire)) {
		/* stopped since the hook looked: the session is written */
	} else if (b->count < b->cap) {
		b->events[b->count++] = *ev;
	} else {
		size_t cap = b->cap ? b->cap * 2 : 256;
		struct sim_trace_event *grown =
			cap <= SIM_TRACE_MAX_EVENTS ? realloc(b->events, cap * sizeof(*grown)) : NULL;

		if (grown) {
			b->events = grown;
			b->cap = cap;
			b->events[b->count++] = *ev;
		} else {
			b->dropped++;
		}
	}
	pthread_mutex_unlock(&b->lock);
}

void sim_trace_mark(struct sim_thread *t, struct sim_trace_mark *mark)
{
	mark->host_ns = now_ns();
	mark->cycles = dpa_hart_cycles(t->hart);
	mark->instret = dpa_hart_instret(t->hart);
}

void sim_trace_span(struct sim_thread *t, enum sim_trace_kind kind, const struct sim_trace_mark *mark,
		    uint64_t function, const char *name, enum sim_trace_end end)
{
	struct sim_process *p = t->process;
	struct sim_trace_event ev = { .kind = (uint8_t)kind, .end = (uint8_t)end, .a = function, .name = name };

	/* a mark of an earlier session (or none): not a span of this one */
	if (!mark->host_ns || mark->host_ns < atomic_load_explicit(&p->trace_since, memory_order_relaxed))
		return;
	ev.host_ns = mark->host_ns;
	ev.host_end_ns = now_ns();
	ev.cycles = mark->cycles;
	ev.instret = mark->instret;
	ev.cycles_end = dpa_hart_cycles(t->hart);
	ev.instret_end = dpa_hart_instret(t->hart);
	append(p, buf_of(t), &ev);
}

void sim_trace_doorbell(struct sim_thread *t, const struct provider_doorbell *db)
{
	struct sim_trace_event ev = { .kind = SIM_TRACE_DOORBELL,
				      .x = db->queue,
				      .a = db->index,
				      .b = (uint64_t)db->kind,
				      .c = db->raw,
				      .host_ns = now_ns() };

	ev.cycles = dpa_hart_cycles(t->hart);
	ev.instret = dpa_hart_instret(t->hart);
	append(t->process, buf_of(t), &ev);
}

void sim_trace_wakeup(struct sim_thread *t, enum sim_trace_kind kind, uint32_t from)
{
	struct sim_trace_event ev = { .kind = (uint8_t)kind, .x = from, .host_ns = now_ns() };

	append(t->process, buf_of(t), &ev);
}

void sim_trace_eqe(struct sim_process *p, uint32_t cqn)
{
	struct sim_trace_event ev = { .kind = SIM_TRACE_EQE, .x = cqn, .host_ns = now_ns() };

	append(p, &p->trace->nothread, &ev);
}

void sim_trace_fault(struct sim_process *p, struct sim_thread *t, uint32_t status, const struct dpa_fault *fault)
{
	struct sim_trace_event ev = { .kind = SIM_TRACE_FAULT, .x = status, .host_ns = now_ns() };

	if (fault) {
		ev.a = (uint64_t)sim_fault_cause(fault->cause);
		ev.b = fault->pc;
		ev.c = fault->address;
		ev.cycles = fault->cycles;
		ev.instret = fault->instret;
	}
	append(p, t ? buf_of(t) : &p->trace->nothread, &ev);
}

void sim_trace_thread_gone(struct sim_thread *t)
{
	struct sim_trace_buf *b = atomic_load_explicit(&t->trace_buf, memory_order_acquire);

	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	b->gone = true;
	pthread_mutex_unlock(&b->lock);
}

/* ---- writing: Chrome's trace event format ---------------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f) /* names are bytes: non-ASCII ones escaped as such */
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* Chrome's timestamps are microseconds: ns as a decimal with three places. */
static void json_us(FILE *f, const char *key, uint64_t ns)
{
	fprintf(f, ",\"%s\":%" PRIu64 ".%03u", key, ns / 1000u, (unsigned)(ns % 1000u));
}

static const char *end_name(unsigned end)
{
	static const char *const names[] = {
		[SIM_TRACE_END_RETURNED] = "returned",   [SIM_TRACE_END_RESCHEDULE] = "reschedule",
		[SIM_TRACE_END_FINISH] = "finish",       [SIM_TRACE_END_RETRIGGER] = "retrigger",
		[SIM_TRACE_END_YIELD] = "yield",         [SIM_TRACE_END_YIELD_RETRIGGER] = "yield_retrigger",
		[SIM_TRACE_END_FAULT] = "fault",         [SIM_TRACE_END_HALTED] = "halted",
		[SIM_TRACE_END_CANCELLED] = "cancelled", [SIM_TRACE_END_FAILED] = "failed",
	};

	return end < sizeof(names) / sizeof(names[0]) && names[end] ? names[end] : "unknown";
}

static const char *doorbell_name(uint64_t kind)
{
	static const char *const names[] = {
		[PROVIDER_DB_CQ_ARM] = "cq_arm",         [PROVIDER_DB_EQ_REARM] = "eq_rearm",
		[PROVIDER_DB_EQ_NO_REARM] = "eq_update", [PROVIDER_DB_SEND] = "send",
		[PROVIDER_DB_EMU_ARM] = "emu_arm",       [PROVIDER_DB_EMU_TRIGGER] = "emu_trigger",
		[PROVIDER_DB_ZERO_CQE] = "zero_cqe",     [PROVIDER_DB_CC] = "cc",
		[PROVIDER_DB_CC_MSB] = "cc_msb",         [PROVIDER_DB_CROSS_DEVICE] = "cross_device",
	};

	return kind < sizeof(names) / sizeof(names[0]) && names[kind] ? names[kind] : "unknown";
}

static const char *kind_name(unsigned kind)
{
	static const char *const names[] = {
		[SIM_TRACE_ACTIVATION] = "activation", [SIM_TRACE_RPC] = "rpc",     [SIM_TRACE_TASK] = "task",
		[SIM_TRACE_DOORBELL] = "doorbell",     [SIM_TRACE_CQE] = "cqe",     [SIM_TRACE_EQE] = "eqe",
		[SIM_TRACE_ACTIVATE] = "activate",     [SIM_TRACE_FAULT] = "fault",
	};

	return kind < sizeof(names) / sizeof(names[0]) && names[kind] ? names[kind] : "unknown";
}

static int by_time(const void *a, const void *b)
{
	const struct sim_trace_event *x = a, *y = b;

	return x->host_ns < y->host_ns ? -1 : x->host_ns > y->host_ns;
}

/* "," before every record but the file's first. */
static void separate(FILE *f, bool *first)
{
	fputs(*first ? "\n" : ",\n", f);
	*first = false;
}

static void write_event(FILE *f, struct sim_process *p, uint32_t tid, const struct sim_trace_event *ev, bool *first)
{
	const char *fn;
	char fallback[32];

	separate(f, first);
	switch (ev->kind) {
	case SIM_TRACE_ACTIVATION:
	case SIM_TRACE_RPC:
	case SIM_TRACE_TASK:
		fn = ev->name ? ev->name : dpa_image_symbol_name(dpa_process_image(p->engine), ev->a);
		/* an RPC runs dpacc's unpacking wrapper of the function: the span shows the function */
		if (fn && !strncmp(fn, DPACC_UNPACK_PREFIX, strlen(DPACC_UNPACK_PREFIX)))
			fn += strlen(DPACC_UNPACK_PREFIX);
		if (!fn) {
			snprintf(fallback, sizeof(fallback), "0x%" PRIx64, ev->a);
			fn = fallback;
		}
		fputs("{\"name\":", f);
		json_string(f, fn);
		fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":%u", kind_name(ev->kind), p->dumem_id, tid);
		json_us(f, "ts", ev->host_ns);
		json_us(f, "dur", ev->host_end_ns > ev->host_ns ? ev->host_end_ns - ev->host_ns : 0);
		fprintf(f,
			",\"args\":{\"end\":\"%s\",\"function\":\"0x%" PRIx64 "\",\"cycles\":%" PRIu64
			",\"cycles_end\":%" PRIu64 ",\"instret\":%" PRIu64 ",\"instret_end\":%" PRIu64 "}}",
			end_name(ev->end), ev->a, ev->cycles, ev->cycles_end, ev->instret, ev->instret_end);
		return;
	case SIM_TRACE_DOORBELL:
		fprintf(f,
			"{\"name\":\"doorbell %s\",\"cat\":\"doorbell\",\"ph\":\"i\",\"s\":\"t\",\"pid\":%u,\"tid\":%u",
			doorbell_name(ev->b), p->dumem_id, tid);
		json_us(f, "ts", ev->host_ns);
		fprintf(f,
			",\"args\":{\"kind\":\"%s\",\"queue\":%u,\"index\":%" PRIu64 ",\"raw\":\"0x%" PRIx64
			"\",\"cycles\":%" PRIu64 ",\"instret\":%" PRIu64 "}}",
			doorbell_name(ev->b), ev->x, ev->a, ev->c, ev->cycles, ev->instret);
		return;
	case SIM_TRACE_CQE:
	case SIM_TRACE_EQE:
	case SIM_TRACE_ACTIVATE:
		/* an EQE is an MSI-X message of the process's vector (through the vector's CQ) */
		fprintf(f, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"%s\",\"pid\":%u,\"tid\":%u",
			ev->kind == SIM_TRACE_EQE ? "msix" : kind_name(ev->kind), kind_name(ev->kind),
			ev->kind == SIM_TRACE_EQE ? "p" : "t", p->dumem_id, tid);
		json_us(f, "ts", ev->host_ns);
		fprintf(f, ",\"args\":{\"%s\":%u}}", ev->kind == SIM_TRACE_ACTIVATE ? "from_thread" : "cqn", ev->x);
		return;
	case SIM_TRACE_FAULT:
		fprintf(f, "{\"name\":\"fault\",\"cat\":\"fault\",\"ph\":\"i\",\"s\":\"%s\",\"pid\":%u,\"tid\":%u",
			tid == SIM_TRACE_NO_THREAD ? "p" : "t", p->dumem_id, tid);
		json_us(f, "ts", ev->host_ns);
		fprintf(f,
			",\"args\":{\"status\":%u,\"cause\":%" PRIu64 ",\"pc\":\"0x%" PRIx64
			"\",\"address\":\"0x%" PRIx64 "\",\"cycles\":%" PRIu64 ",\"instret\":%" PRIu64 "}}",
			ev->x, ev->a, ev->b, ev->c, ev->cycles, ev->instret);
		return;
	}
}

/* Takes b's events (emptied; NULL when none) under its lock. */
static struct sim_trace_event *take(struct sim_trace_buf *b, size_t *count, uint64_t *dropped)
{
	struct sim_trace_event *events;

	pthread_mutex_lock(&b->lock);
	events = b->events;
	*count = b->count;
	*dropped = b->dropped;
	b->events = NULL;
	b->count = b->cap = 0;
	b->dropped = 0;
	pthread_mutex_unlock(&b->lock);
	return events;
}

static void write_buf(FILE *f, struct sim_process *p, struct sim_trace_buf *b, bool *first, uint64_t *dropped)
{
	size_t count;
	uint64_t lost;
	struct sim_trace_event *events = take(b, &count, &lost);

	*dropped += lost;
	if (!count && b->tid == SIM_TRACE_NO_THREAD) {
		free(events);
		return;
	}
	separate(f, first);
	fprintf(f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":", p->dumem_id,
		b->tid);
	json_string(f, b->name);
	fputs("}}", f);
	separate(f, first);
	fprintf(f, "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"sort_index\":%u}}",
		p->dumem_id, b->tid, b->tid);
	if (count)
		qsort(events, count, sizeof(*events), by_time);
	for (size_t i = 0; i < count; i++)
		write_event(f, p, b->tid, &events[i], first);
	free(events);
}

/* Writes p's recorded events (trace lock held), emptying the buffers; frees those of threads
 * that are gone. Returns the events dropped. */
static uint64_t write_process(FILE *f, struct sim_process *p, bool *first)
{
	struct sim_trace *trace = p->trace;
	uint64_t dropped = 0;

	separate(f, first);
	fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"args\":{\"name\":", p->dumem_id);
	json_string(f, trace->label);
	fputs("}}", f);
	for (struct sim_trace_buf **at = &trace->bufs; *at;) {
		struct sim_trace_buf *b = *at;
		bool gone;

		write_buf(f, p, b, first, &dropped);
		pthread_mutex_lock(&b->lock);
		gone = b->gone;
		pthread_mutex_unlock(&b->lock);
		if (gone) {
			*at = b->next;
			pthread_mutex_destroy(&b->lock);
			free(b);
		} else {
			at = &b->next;
		}
	}
	write_buf(f, p, &trace->nothread, first, &dropped);
	return dropped;
}

static void write_head(FILE *f)
{
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
}

static void write_tail(FILE *f, uint64_t dropped)
{
	fprintf(f,
		"\n],\"otherData\":{\"producer\":\"OpenFlexIO simulated DPA\",\"clock\":\"CLOCK_MONOTONIC\","
		"\"dpa_clock_hz\":%llu,\"dropped_events\":%" PRIu64 "}}\n",
		(unsigned long long)DPA_CLOCK_HZ, dropped);
}

/* ---- FLEXIO_SIM_TRACE ------------------------------------------------------------------------- */

static struct {
	pthread_mutex_t lock;
	char *path; /* FILE with %p replaced; NULL until the first traced process */
	char *done; /* the events of the processes destroyed so far */
	size_t done_len;
	uint64_t done_dropped;
	struct sim_process *live; /* traced processes alive (sim_trace.env_next) */
	bool exit_hook;
} env = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The file FLEXIO_SIM_TRACE names, "%p" replaced by the OS process id; NULL when unset. */
static char *env_path(void)
{
	const char *value = getenv(SIM_TRACE_ENV);
	char pid[24], *out, *o;
	size_t n;

	if (!value || !*value)
		return NULL;
	snprintf(pid, sizeof(pid), "%ld", (long)getpid());
	out = malloc(strlen(value) * (strlen(pid) + 1) + 1);
	if (!out)
		return NULL;
	for (o = out; *value; value++) {
		if (value[0] == '%' && value[1] == 'p') {
			n = strlen(pid);
			memcpy(o, pid, n);
			o += n;
			value++;
		} else {
			*o++ = *value;
		}
	}
	*o = '\0';
	return out;
}

/* Rewrites the file: the processes destroyed, then those alive (env lock held). */
static void env_write(void)
{
	FILE *f = fopen(env.path, "w");
	uint64_t dropped = env.done_dropped;
	bool first = env.done_len == 0;

	if (!f) {
		fprintf(stderr, "flexio WARN " SIM_TRACE_ENV ": cannot write %s: %s\n", env.path, strerror(errno));
		return;
	}
	write_head(f);
	if (env.done_len)
		fwrite(env.done, 1, env.done_len, f);
	for (struct sim_process *p = env.live; p; p = p->trace->env_next) {
		pthread_mutex_lock(&p->trace->lock);
		dropped += write_process(f, p, &first);
		pthread_mutex_unlock(&p->trace->lock);
	}
	write_tail(f, dropped);
	if (fclose(f))
		fprintf(stderr, "flexio WARN " SIM_TRACE_ENV ": cannot write %s: %s\n", env.path, strerror(errno));
}

static void env_at_exit(void)
{
	pthread_mutex_lock(&env.lock);
	if (env.live)
		env_write();
	pthread_mutex_unlock(&env.lock);
}

/* p leaves the live list; its events join the done ones, and the file is rewritten. */
static void env_process_done(struct sim_process *p)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	bool first = env.done_len == 0;
	uint64_t dropped = 0;

	pthread_mutex_lock(&env.lock);
	for (struct sim_process **at = &env.live; *at; at = &(*at)->trace->env_next)
		if (*at == p) {
			*at = p->trace->env_next;
			break;
		}
	mem = open_memstream(&text, &len);
	if (mem) {
		pthread_mutex_lock(&p->trace->lock);
		dropped = write_process(mem, p, &first);
		pthread_mutex_unlock(&p->trace->lock);
		if (!fclose(mem)) {
			char *done = realloc(env.done, env.done_len + len + 1);

			if (done) {
				memcpy(done + env.done_len, text, len);
				env.done = done;
				env.done_len += len;
				env.done_dropped += dropped;
			}
		}
		free(text);
	}
	env_write();
	pthread_mutex_unlock(&env.lock);
}

/* ---- lifetime and the provider operations ------------------------------------------------------ */

static void session_begin(struct sim_process *p)
{
	uint64_t since = now_ns();

	atomic_store_explicit(&p->trace_since, since, memory_order_relaxed);
	atomic_store_explicit(&p->tracing, true, memory_order_release);
}

/* "app (dumem 3)", or "name (app, dumem 3)" for a process named otherwise than its application,
 * as dpa-stats shows the name: what the program calls it, not a number alone. */
static void set_label(struct sim_trace *trace, const struct provider_process_config *config, uint32_t dumem_id)
{
	if (!strcmp(config->name, config->app_name))
		snprintf(trace->label, sizeof(trace->label), "%s (dumem %u)", config->app_name, dumem_id);
	else
		snprintf(trace->label, sizeof(trace->label), "%s (%s, dumem %u)", config->name, config->app_name,
			 dumem_id);
}

void sim_trace_process_created(struct sim_process *p, const struct provider_process_config *config)
{
	struct sim_trace *trace = calloc(1, sizeof(*trace));
	char *path = env_path();

	p->trace = trace; /* NULL: out of memory, and then tracing cannot start */
	if (!trace) {
		free(path);
		return;
	}
	pthread_mutex_init(&trace->lock, NULL);
	buf_init(&trace->nothread, SIM_TRACE_NO_THREAD, "device");
	set_label(trace, config, p->dumem_id);
	if (!path)
		return;
	pthread_mutex_lock(&env.lock);
	if (!env.path) {
		env.path = path;
		path = NULL;
	}
	if (!env.exit_hook)
		env.exit_hook = !atexit(env_at_exit);
	trace->from_env = true;
	trace->env_next = env.live;
	env.live = p;
	session_begin(p);
	pthread_mutex_unlock(&env.lock);
	free(path); /* the first process's name of the file stays */
}

void sim_trace_process_fini(struct sim_process *p)
{
	struct sim_trace *trace = p->trace;

	if (!trace)
		return;
	if (trace->from_env) {
		atomic_store_explicit(&p->tracing, false, memory_order_release);
		env_process_done(p);
	} else if (atomic_load(&p->tracing)) {
		char err[PROVIDER_ERROR_MAX];

		(void)sim_trace_stop((struct provider_process *)p, err, sizeof(err));
	}
	while (trace->bufs) {
		struct sim_trace_buf *b = trace->bufs;

		trace->bufs = b->next;
		free(b->events);
		pthread_mutex_destroy(&b->lock);
		free(b);
	}
	free(trace->nothread.events);
	pthread_mutex_destroy(&trace->nothread.lock);
	pthread_mutex_destroy(&trace->lock);
	free(trace);
	p->trace = NULL;
}

int sim_trace_start(struct provider_process *process, const char *path, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_trace *trace = p->trace;
	FILE *out;
	int rc;

	if (!trace) {
		snprintf(err, err_size, "out of memory");
		return -ENOMEM;
	}
	pthread_mutex_lock(&trace->lock);
	if (atomic_load(&p->tracing)) {
		snprintf(err, err_size, "the process is being traced already%s",
			 trace->from_env ? " (" SIM_TRACE_ENV ")" : "");
		pthread_mutex_unlock(&trace->lock);
		return -EBUSY;
	}
	/* Opened now, so that a path that cannot be written is refused here, not at stop. */
	out = fopen(path, "w");
	if (!out) {
		rc = -errno;
		snprintf(err, err_size, "cannot write %s: %s", path, strerror(errno));
		pthread_mutex_unlock(&trace->lock);
		return rc;
	}
	trace->out = out;
	session_begin(p);
	pthread_mutex_unlock(&trace->lock);
	return 0;
}

int sim_trace_stop(struct provider_process *process, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_trace *trace = p->trace;
	bool first = true;
	uint64_t dropped;
	int rc = 0;

	if (trace)
		pthread_mutex_lock(&trace->lock);
	if (!trace || !atomic_load(&p->tracing) || trace->from_env) {
		snprintf(err, err_size, "%s",
			 trace && trace->from_env ? "the process is traced by " SIM_TRACE_ENV " until it is destroyed"
						  : "the process is not being traced");
		if (trace)
			pthread_mutex_unlock(&trace->lock);
		return -ENOENT;
	}
	atomic_store_explicit(&p->tracing, false, memory_order_release);
	write_head(trace->out);
	dropped = write_process(trace->out, p, &first);
	write_tail(trace->out, dropped);
	if (ferror(trace->out) | fclose(trace->out)) {
		snprintf(err, err_size, "cannot write the trace: %s", strerror(errno ? errno : EIO));
		rc = -EIO;
	}
	trace->out = NULL;
	pthread_mutex_unlock(&trace->lock);
	return rc;
}
