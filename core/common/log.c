/*
 * The library's logger: level selection (flexio_log_lvl_set, FLEXIO_LOG_LEVEL), the per-thread
 * last error, and the output: stderr, or the callback set with flexio_log_callback_set.
 */
#include "log.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

static const char *const level_names[] = { "ERR", "WARN", "INFO", "DBG" };
#define LEVEL_COUNT ((int)(sizeof(level_names) / sizeof(level_names[0])))
#define DEFAULT_LEVEL FLEXIO_LOG_LVL_WARN

static _Atomic int current_level = -1; /* -1: not read from the environment yet */

/* FLEXIO_LOG_LEVEL takes a level name (ERR, WARN, INFO, DBG) or its number; *invalid is set to
 * any other value. */
static int level_from_environment(const char **invalid)
{
	const char *value = getenv("FLEXIO_LOG_LEVEL");

	*invalid = NULL;
	if (!value || !*value)
		return DEFAULT_LEVEL;
	for (int lvl = 0; lvl < LEVEL_COUNT; lvl++)
		if (!strcasecmp(value, level_names[lvl]))
			return lvl;
	if (value[1] == '\0' && value[0] >= '0' && value[0] < '0' + LEVEL_COUNT)
		return value[0] - '0';
	*invalid = value;
	return DEFAULT_LEVEL;
}

static int level(void)
{
	int lvl = atomic_load_explicit(&current_level, memory_order_relaxed);

	if (lvl < 0) {
		int expected = -1;
		const char *invalid;

		lvl = level_from_environment(&invalid);
		if (!atomic_compare_exchange_strong(&current_level, &expected, lvl))
			return expected;
		/* Said once, by the thread that set the level, as a line like any other (so a
		 * callback set already gets it); the level is set, so this does not come back here. */
		if (invalid)
			flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_log",
				      "FLEXIO_LOG_LEVEL=\"%s\" is not ERR, WARN, INFO, DBG or 0-3; using WARN",
				      invalid);
	}
	return lvl;
}

/*
 * The calling thread's last ERR line, without its newline (flexio_last_error, for bindings).
 * On the heap, reached through a pointer: thread-local storage of libflexio and libflexio_verbs
 * is static (verbs' access records are initial-exec), and glibc keeps only a few hundred bytes
 * of static TLS for libraries loaded with dlopen: 1 KiB here in each of them made the second one
 * a Python process loads fail ("cannot allocate memory in static TLS block").
 */
#define LAST_ERROR_SIZE 1024
static _Thread_local char *last_error;
static pthread_key_t last_error_key;
static pthread_once_t last_error_once = PTHREAD_ONCE_INIT;
static bool last_error_keyed; /* false when the process is out of thread keys: no records then */

static void last_error_key_create(void)
{
	last_error_keyed = !pthread_key_create(&last_error_key, free);
}

/* The thread's buffer, made at its first ERR line (NULL if memory is short: no record then). */
static char *last_error_buffer(void)
{
	if (!last_error) {
		pthread_once(&last_error_once, last_error_key_create);
		if (!last_error_keyed)
			return NULL;
		last_error = malloc(LAST_ERROR_SIZE);
		if (last_error && pthread_setspecific(last_error_key, last_error)) {
			free(last_error);
			last_error = NULL;
		}
	}
	return last_error;
}

const char *log_last_error(void)
{
	return last_error ? last_error : "";
}

/*
 * The callback, read without a lock by every logging thread, replaced by
 * flexio_log_callback_set, which must then know that no thread still runs the old one.
 *
 * A callback and its user pointer live in one of two slots; `current` points at the one in
 * use (NULL: stderr).  A logging thread counts itself in `readers[epoch & 1]` before loading
 * `current` and uncounts itself after the call.  The setter publishes the new slot, then, twice,
 * moves `epoch` on (so that newcomers count in the other counter and cannot keep it above
 * zero) and waits for the counter it left to reach zero.  Every thread that loaded the old
 * slot was counted in one of the two counters before the exchange, so after both waits none
 * is left: the old callback is never called again, and its slot may be rewritten by the next
 * setter.  This is userspace RCU's two-counter scheme (as in SRCU), all sequentially
 * consistent: the counting, the load and the exchange cost little next to formatting a line.
 * Setters are serialised by set_lock, which logging threads never take.
 */
struct log_sink {
	flexio_log_cb_t *cb;
	void *user;
};

static struct log_sink sinks[2];
static struct log_sink *_Atomic current;
static _Atomic unsigned long readers[2];
static _Atomic unsigned int epoch;
static pthread_mutex_t set_lock = PTHREAD_MUTEX_INITIALIZER;

/* Set while this thread runs the callback: its own lines then go to stderr, so a callback
 * that logs (or calls a function that fails) neither recurses nor deadlocks. */
static _Thread_local bool in_callback;

/* Gives the line to the callback; false when there is none (or this is the callback logging). */
static bool deliver(enum flexio_log_lvl lvl, const char *func, const char *msg)
{
	struct log_sink *sink;
	unsigned int counter;

	if (in_callback)
		return false;
	counter = atomic_load(&epoch) & 1;
	atomic_fetch_add(&readers[counter], 1);
	sink = atomic_load(&current);
	if (sink) {
		in_callback = true;
		sink->cb(lvl, func, msg, sink->user);
		in_callback = false;
	}
	atomic_fetch_sub(&readers[counter], 1);
	return sink != NULL;
}

/* Waits until the threads counted in *count have uncounted themselves.  Callbacks are short, so
 * yield first; a slow one (a language runtime's logger waiting for its lock) is then polled
 * every 100 µs rather than spun on. */
static void wait_for_readers(_Atomic unsigned long *count)
{
	for (unsigned int polls = 0; atomic_load(count); polls++) {
		if (polls < 64)
			sched_yield();
		else
			nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
	}
}

FLEXIO_EXPERIMENTAL flexio_status flexio_log_callback_set(flexio_log_cb_t *cb, void *user)
{
	struct log_sink *next = NULL;

	if (in_callback) {
		flexio_err("called from a log callback: it would wait for that callback to return");
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&set_lock);
	if (cb) {
		/* The slot not in use: the previous setter waited out every reader of it. */
		next = atomic_load(&current) == &sinks[0] ? &sinks[1] : &sinks[0];
		next->cb = cb;
		next->user = user;
	}
	atomic_exchange(&current, next);
	for (int flip = 0; flip < 2; flip++)
		wait_for_readers(&readers[atomic_fetch_add(&epoch, 1) & 1]);
	pthread_mutex_unlock(&set_lock);
	return FLEXIO_STATUS_SUCCESS;
}

/* Formats the line and writes it out (the level already passed). */
static void emit(const char *prefix, enum flexio_log_lvl lvl, const char *func, const char *fmt, va_list ap)
{
	char line[LAST_ERROR_SIZE];
	int head, len;

	head = snprintf(line, sizeof(line), "%s %s %s: ", prefix, level_names[lvl], func);
	if (head > (int)sizeof(line) - 2)
		head = (int)sizeof(line) - 2;
	len = head + vsnprintf(line + head, sizeof(line) - (size_t)head, fmt, ap);
	/* Room for the newline stderr gets; the callback gets the NUL-terminated text. */
	if (len > (int)sizeof(line) - 2)
		len = (int)sizeof(line) - 2;
	line[len] = '\0';
	if (lvl == FLEXIO_LOG_LVL_ERR) {
		char *record = last_error_buffer();

		if (record)
			memcpy(record, line, (size_t)len + 1);
	}
	if (deliver(lvl, func, line + head))
		return;
	line[len++] = '\n';
	/* One write per line keeps lines whole when several threads log at once. */
	if (write(STDERR_FILENO, line, (size_t)len) < 0)
		return;
}

/* The calling thread's capture (log_capture_begin), or NULL. */
static _Thread_local struct log_capture *capturing;

void log_capture_begin(struct log_capture *capture)
{
	capture->text[0] = '\0';
	capture->outer = capturing;
	capturing = capture;
}

void log_capture_end(struct log_capture *capture)
{
	capturing = capture->outer;
}

void flexio_log_va(const char *prefix, enum flexio_log_lvl lvl, const char *func, const char *fmt, va_list ap)
{
	int saved_errno = errno; /* callers set errno before or after logging: keep it */

	if (capturing && lvl == FLEXIO_LOG_LVL_ERR) {
		if (!capturing->text[0])
			vsnprintf(capturing->text, sizeof(capturing->text), fmt, ap);
	} else if ((int)lvl <= level()) {
		/* ERR is the most severe level: its lines always pass, so they are always kept. */
		emit(prefix, lvl, func, fmt, ap);
	}
	errno = saved_errno;
}

void flexio_log_at(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	flexio_log_va("flexio", lvl, func, fmt, ap);
	va_end(ap);
}

FLEXIO_EXPERIMENTAL enum flexio_log_lvl flexio_log_lvl_set(enum flexio_log_lvl lvl)
{
	int previous = level();

	if ((int)lvl < 0 || (int)lvl >= LEVEL_COUNT) {
		flexio_err("level %d is not one of FLEXIO_LOG_LVL_ERR..FLEXIO_LOG_LVL_DBG (0-3)", (int)lvl);
		return (enum flexio_log_lvl)previous;
	}
	return (enum flexio_log_lvl)atomic_exchange(&current_level, (int)lvl);
}
