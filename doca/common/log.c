/*
 * DOCA logging (doca_log.h): program log sources, the SDK log of the libraries, levels and
 * backends. The functions of 2.5 and later are here; 2.2's spellings are in log_v2_2.c and 2.5's
 * buffer backends in log_v2_5.c, over the same core (common.h).
 *
 * A message reaches every backend of its audience whose limits admit its level: a backend prints
 * the levels from its upper limit (the most severe, default CRIT) to its lower limit (the most
 * verbose, default INFO); program messages must also pass the global lower limit, SDK messages the
 * global SDK limit and the SDK level of the backend.
 */
#include "doca_log.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "private.h"

#define DEFAULT_LOWER DOCA_LOG_LEVEL_INFO
#define DEFAULT_UPPER DOCA_LOG_LEVEL_CRIT
#define DEFAULT_SDK DOCA_LOG_LEVEL_WARNING

/* A backend; also the 2.2 struct doca_logger_backend (log_v2_2.c). Never freed: DOCA has no
 * destroy call, a program creates a few for its life. */
struct doca_log_backend {
	struct opendoca_log_sink sink;
	unsigned audience; /* OPENDOCA_LOG_PROGRAM | OPENDOCA_LOG_SDK */
	uint32_t lower, upper, sdk_level;
	bool lower_strict, upper_strict;
	struct doca_log_backend *next;
};

/* Everything below, and the output itself (a buffer backend's buffer is shared), under log_lock. */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_log_backend *backends;
static uint32_t global_lower = DEFAULT_LOWER, global_upper = DEFAULT_UPPER, global_sdk = DEFAULT_SDK;
static char **source_names; /* a program source is an index; NULL once unregistered */
static int source_count, source_capacity;
static bool syslog_opened;

static const char *level_tag(uint32_t level)
{
	switch (level) {
	case DOCA_LOG_LEVEL_CRIT:
		return "CRT";
	case DOCA_LOG_LEVEL_ERROR:
		return "ERR";
	case DOCA_LOG_LEVEL_WARNING:
		return "WRN";
	case DOCA_LOG_LEVEL_INFO:
		return "INF";
	case DOCA_LOG_LEVEL_DEBUG:
		return "DBG";
	default:
		return "TRC";
	}
}

bool opendoca_log_level_valid(uint32_t level)
{
	return level >= DOCA_LOG_LEVEL_DISABLE && level <= DOCA_LOG_LEVEL_TRACE && level % 10 == 0;
}

static int syslog_priority(uint32_t level)
{
	return level <= DOCA_LOG_LEVEL_CRIT      ? LOG_CRIT
	       : level <= DOCA_LOG_LEVEL_ERROR   ? LOG_ERR
	       : level <= DOCA_LOG_LEVEL_WARNING ? LOG_WARNING
	       : level <= DOCA_LOG_LEVEL_INFO    ? LOG_INFO
						 : LOG_DEBUG;
}

static bool admits(const struct doca_log_backend *b, unsigned audience, uint32_t level)
{
	if (!(b->audience & audience) || level < b->upper)
		return false;
	if (audience == OPENDOCA_LOG_SDK && (b->audience & OPENDOCA_LOG_SDK) && !(b->audience & OPENDOCA_LOG_PROGRAM))
		return level <= b->sdk_level;
	return level <= b->lower;
}

static void write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		text += n;
		len -= (size_t)n;
	}
}

/* Sends a formatted line to one backend, under log_lock. */
static void emit(struct doca_log_backend *b, uint32_t level, const char *line, size_t len)
{
	switch (b->sink.kind) {
	case OPENDOCA_SINK_FILE:
		fwrite(line, 1, len, b->sink.file);
		fflush(b->sink.file);
		break;
	case OPENDOCA_SINK_FD:
		write_all(b->sink.fd, line, len);
		break;
	case OPENDOCA_SINK_BUFFER:
		snprintf(b->sink.buffer, b->sink.capacity, "%s", line);
		b->sink.flush(b->sink.buffer);
		break;
	case OPENDOCA_SINK_SYSLOG:
		syslog(syslog_priority(level), "%.*s", (int)(len ? len - 1 : 0), line);
		break;
	}
}

/* The time prefix of a line: "[HH:MM:SS:microseconds]". */
static void clock_prefix(char *out, size_t size)
{
	struct timeval now;
	struct tm local;

	gettimeofday(&now, NULL);
	localtime_r(&now.tv_sec, &local);
	snprintf(out, size, "[%02d:%02d:%02d:%06ld]", local.tm_hour, local.tm_min, local.tm_sec, (long)now.tv_usec);
}

/* Formats and sends a message to the backends of audience that admit level. */
static void dispatch(unsigned audience, uint32_t level, const char *where, const char *format, va_list ap)
{
	char when[32], *text = NULL, *line = NULL;
	int len;

	if (vasprintf(&text, format, ap) < 0)
		return;
	clock_prefix(when, sizeof(when));
	len = asprintf(&line, "%s[%d][DOCA][%s]%s %s\n", when, (int)getpid(), level_tag(level), where, text);
	free(text);
	if (len < 0)
		return;
	pthread_mutex_lock(&log_lock);
	for (struct doca_log_backend *b = backends; b; b = b->next)
		if (admits(b, audience, level))
			emit(b, level, line, (size_t)len);
	pthread_mutex_unlock(&log_lock);
	free(line);
}

static const char *opendoca_log_source_name_locked(int source)
{
	return source >= 0 && source < source_count ? source_names[source] : NULL;
}

doca_error_t opendoca_log_program(const char *api, uint32_t level, int source, const char *file, int line,
				  const char *func, const char *format, va_list ap)
{
	char where[512];
	const char *name;
	uint32_t lower;

	if (!format)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, api, "format is NULL");
	if (!opendoca_log_level_valid(level) || level == DOCA_LOG_LEVEL_DISABLE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, api, "%u is not a log level of a message", level);
	pthread_mutex_lock(&log_lock);
	name = opendoca_log_source_name_locked(source);
	lower = global_lower;
	if (name) {
		if (file) {
			const char *base = strrchr(file, '/');

			snprintf(where, sizeof(where), "[%s:%d][%s]", base ? base + 1 : file, line, func ? func : "");
		} else {
			snprintf(where, sizeof(where), "[%s:%d]:", name, line);
		}
	}
	pthread_mutex_unlock(&log_lock);
	if (!name)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, api, "%d is not a registered log source", source);
	if (level <= lower)
		dispatch(OPENDOCA_LOG_PROGRAM, level, where, format, ap);
	return DOCA_SUCCESS;
}

void opendoca_sdk_vlog(uint32_t level, const char *func, const char *format, va_list ap)
{
	char where[256];
	uint32_t limit;

	pthread_mutex_lock(&log_lock);
	limit = global_sdk;
	pthread_mutex_unlock(&log_lock);
	if (level > limit)
		return;
	snprintf(where, sizeof(where), "[%s]", func);
	dispatch(OPENDOCA_LOG_SDK, level, where, format, ap);
}

void opendoca_sdk_log(uint32_t level, const char *func, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	opendoca_sdk_vlog(level, func, format, ap);
	va_end(ap);
}

doca_error_t opendoca_log_backend_create(const struct opendoca_log_sink *sink, unsigned audience, void **backend,
					 const char *func)
{
	struct doca_log_backend *b;

	if (sink->kind == OPENDOCA_SINK_FILE && !sink->file)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the stream is NULL");
	if (sink->kind == OPENDOCA_SINK_FD && sink->fd < 0)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%d is not a file descriptor", sink->fd);
	if (sink->kind == OPENDOCA_SINK_BUFFER && (!sink->buffer || !sink->capacity || !sink->flush))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "a buffer backend needs a buffer, its size and a "
				     "flush callback");
	if (sink->kind == OPENDOCA_SINK_SYSLOG && !sink->syslog_name)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the syslog name is NULL");
	b = calloc(1, sizeof(*b));
	if (!b)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	b->sink = *sink;
	b->audience = audience;
	b->lower = DEFAULT_LOWER;
	b->upper = DEFAULT_UPPER;
	b->sdk_level = DEFAULT_SDK;
	pthread_mutex_lock(&log_lock);
	if (sink->kind == OPENDOCA_SINK_SYSLOG && !syslog_opened) {
		/* openlog keeps the pointer: the name must live as long as the process. */
		openlog(sink->syslog_name, LOG_PID, LOG_USER);
		syslog_opened = true;
	}
	b->next = backends;
	backends = b;
	pthread_mutex_unlock(&log_lock);
	if (backend)
		*backend = b;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_log_backend_limit(void *backend, enum opendoca_log_limit which, uint32_t level, const char *func)
{
	struct doca_log_backend *b = backend;
	doca_error_t err = DOCA_SUCCESS;

	if (!b)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the backend is NULL");
	if (which != OPENDOCA_LIMIT_LOWER_STRICT && which != OPENDOCA_LIMIT_UPPER_STRICT &&
	    !opendoca_log_level_valid(level))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u is not a log level", level);
	pthread_mutex_lock(&log_lock);
	switch (which) {
	case OPENDOCA_LIMIT_LOWER:
		if (b->lower_strict)
			err = DOCA_ERROR_NOT_PERMITTED;
		else
			b->lower = level;
		break;
	case OPENDOCA_LIMIT_UPPER:
		if (b->upper_strict)
			err = DOCA_ERROR_NOT_PERMITTED;
		else
			b->upper = level;
		break;
	case OPENDOCA_LIMIT_LOWER_STRICT:
		b->lower_strict = true;
		break;
	case OPENDOCA_LIMIT_UPPER_STRICT:
		b->upper_strict = true;
		break;
	case OPENDOCA_LIMIT_SDK:
		if (!(b->audience & OPENDOCA_LOG_SDK))
			err = DOCA_ERROR_INVALID_VALUE;
		else
			b->sdk_level = level;
		break;
	}
	pthread_mutex_unlock(&log_lock);
	if (err == DOCA_ERROR_NOT_PERMITTED)
		return opendoca_fail(err, func, "the limit of this backend was made strict");
	if (err)
		return opendoca_fail(err, func, "the backend does not receive SDK messages");
	return DOCA_SUCCESS;
}

doca_error_t opendoca_log_global_limit(enum opendoca_log_limit which, uint32_t level, const char *func)
{
	if (!opendoca_log_level_valid(level))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%u is not a log level", level);
	pthread_mutex_lock(&log_lock);
	if (which == OPENDOCA_LIMIT_SDK) {
		global_sdk = level;
	} else {
		/* A global limit is every backend's, except where the backend made it strict. */
		if (which == OPENDOCA_LIMIT_LOWER)
			global_lower = level;
		else
			global_upper = level;
		for (struct doca_log_backend *b = backends; b; b = b->next) {
			if (which == OPENDOCA_LIMIT_LOWER && !b->lower_strict)
				b->lower = level;
			if (which == OPENDOCA_LIMIT_UPPER && !b->upper_strict)
				b->upper = level;
		}
	}
	pthread_mutex_unlock(&log_lock);
	return DOCA_SUCCESS;
}

uint32_t opendoca_log_global(enum opendoca_log_limit which)
{
	uint32_t level;

	pthread_mutex_lock(&log_lock);
	level = which == OPENDOCA_LIMIT_SDK ? global_sdk : which == OPENDOCA_LIMIT_LOWER ? global_lower : global_upper;
	pthread_mutex_unlock(&log_lock);
	return level;
}

doca_error_t opendoca_log_source_add(const char *name, int *source, const char *func)
{
	char *copy;

	if (!name || !source)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the source name and the source are needed");
	copy = strdup(name);
	if (!copy)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	pthread_mutex_lock(&log_lock);
	if (source_count == source_capacity) {
		int capacity = source_capacity ? 2 * source_capacity : 16;
		char **grown = realloc(source_names, (size_t)capacity * sizeof(*grown));

		if (!grown) {
			pthread_mutex_unlock(&log_lock);
			free(copy);
			return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
		}
		source_names = grown;
		source_capacity = capacity;
	}
	source_names[source_count] = copy;
	*source = source_count++;
	pthread_mutex_unlock(&log_lock);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_log_source_remove(int source, const char *func)
{
	char *name = NULL;

	pthread_mutex_lock(&log_lock);
	if (source >= 0 && source < source_count) {
		name = source_names[source];
		source_names[source] = NULL;
	}
	pthread_mutex_unlock(&log_lock);
	if (!name)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%d is not a registered log source", source);
	free(name);
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* The API of 2.5 and later                                                                       */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t doca_log(uint32_t level, int source, const char *fname, int line, const char *func, const char *format,
		      ...)
{
	va_list ap;
	doca_error_t err;

	va_start(ap, format);
	err = opendoca_log_program(__func__, level, source, fname ? fname : "", line, func, format, ap);
	va_end(ap);
	return err;
}

doca_error_t doca_log_register_source(const char *source_name, int *source)
{
	return opendoca_log_source_add(source_name, source, __func__);
}

doca_error_t doca_log_unregister_source(int source)
{
	return opendoca_log_source_remove(source, __func__);
}

doca_error_t doca_log_backend_create_standard(void)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FILE, .file = stdout };

	return opendoca_log_backend_create(&sink, OPENDOCA_LOG_PROGRAM, NULL, __func__);
}

static doca_error_t create(const struct opendoca_log_sink *sink, unsigned audience, struct doca_log_backend **backend,
			   const char *func)
{
	if (!backend)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "backend is NULL");
	return opendoca_log_backend_create(sink, audience, (void **)backend, func);
}

doca_error_t doca_log_backend_create_with_file(FILE *fptr, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FILE, .file = fptr };

	return create(&sink, OPENDOCA_LOG_PROGRAM, backend, __func__);
}

doca_error_t doca_log_backend_create_with_file_sdk(FILE *fptr, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FILE, .file = fptr };

	return create(&sink, OPENDOCA_LOG_SDK, backend, __func__);
}

doca_error_t doca_log_backend_create_with_fd(int fd, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FD, .fd = fd };

	return create(&sink, OPENDOCA_LOG_PROGRAM, backend, __func__);
}

doca_error_t doca_log_backend_create_with_fd_sdk(int fd, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FD, .fd = fd };

	return create(&sink, OPENDOCA_LOG_SDK, backend, __func__);
}

doca_error_t doca_log_backend_create_with_buf(char *buf, size_t capacity, log_flush_callback handler,
					      struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = {
		.kind = OPENDOCA_SINK_BUFFER, .buffer = buf, .capacity = capacity, .flush = handler
	};

	return create(&sink, OPENDOCA_LOG_PROGRAM, backend, __func__);
}

doca_error_t doca_log_backend_create_with_buf_sdk(char *buf, size_t capacity, log_flush_callback handler,
						  struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = {
		.kind = OPENDOCA_SINK_BUFFER, .buffer = buf, .capacity = capacity, .flush = handler
	};

	return create(&sink, OPENDOCA_LOG_SDK, backend, __func__);
}

doca_error_t doca_log_backend_create_with_syslog(const char *name, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_SYSLOG, .syslog_name = name };

	return create(&sink, OPENDOCA_LOG_PROGRAM, backend, __func__);
}

doca_error_t doca_log_backend_create_with_syslog_sdk(const char *name, struct doca_log_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_SYSLOG, .syslog_name = name };

	return create(&sink, OPENDOCA_LOG_SDK, backend, __func__);
}

doca_error_t doca_log_backend_set_level_lower_limit(struct doca_log_backend *backend, uint32_t level)
{
	return opendoca_log_backend_limit(backend, OPENDOCA_LIMIT_LOWER, level, __func__);
}

doca_error_t doca_log_backend_set_level_lower_limit_strict(struct doca_log_backend *backend)
{
	return opendoca_log_backend_limit(backend, OPENDOCA_LIMIT_LOWER_STRICT, 0, __func__);
}

doca_error_t doca_log_backend_set_level_upper_limit(struct doca_log_backend *backend, uint32_t upper_limit)
{
	return opendoca_log_backend_limit(backend, OPENDOCA_LIMIT_UPPER, upper_limit, __func__);
}

doca_error_t doca_log_backend_set_level_upper_limit_strict(struct doca_log_backend *backend)
{
	return opendoca_log_backend_limit(backend, OPENDOCA_LIMIT_UPPER_STRICT, 0, __func__);
}

doca_error_t doca_log_backend_set_sdk_level(struct doca_log_backend *backend, uint32_t level)
{
	return opendoca_log_backend_limit(backend, OPENDOCA_LIMIT_SDK, level, __func__);
}

doca_error_t doca_log_level_set_global_lower_limit(uint32_t level)
{
	return opendoca_log_global_limit(OPENDOCA_LIMIT_LOWER, level, __func__);
}

doca_error_t doca_log_level_set_global_upper_limit(uint32_t upper_limit)
{
	return opendoca_log_global_limit(OPENDOCA_LIMIT_UPPER, upper_limit, __func__);
}

doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level)
{
	return opendoca_log_global_limit(OPENDOCA_LIMIT_SDK, level, __func__);
}

uint32_t doca_log_level_get_global_lower_limit(void)
{
	return opendoca_log_global(OPENDOCA_LIMIT_LOWER);
}

uint32_t doca_log_level_get_global_upper_limit(void)
{
	return opendoca_log_global(OPENDOCA_LIMIT_UPPER);
}

uint32_t doca_log_level_get_global_sdk_limit(void)
{
	return opendoca_log_global(OPENDOCA_LIMIT_SDK);
}
