/*
 * The 2.2 (and 1.x) logging API: its doca_log (no file or function: the line names the source),
 * developer logs, rate-limited logs, and the 2.2 spellings of sources, backends and levels. A 2.2
 * backend prints program and SDK messages alike (2.2 had one set of backends).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_log.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "common.h"
#include "private.h"

#define BOTH (OPENDOCA_LOG_PROGRAM | OPENDOCA_LOG_SDK)

doca_error_t doca_log(uint32_t level, int source, int line, const char *format, ...)
{
	va_list ap;
	doca_error_t err;

	va_start(ap, format);
	err = opendoca_log_program(__func__, level, source, NULL, line, NULL, format, ap);
	va_end(ap);
	return err;
}

doca_error_t doca_log_developer(uint32_t level, int source, int line, const char *format, ...)
{
	va_list ap;
	doca_error_t err;

	va_start(ap, format);
	err = opendoca_log_program(__func__, level, source, NULL, line, NULL, format, ap);
	va_end(ap);
	return err;
}

/*
 * Rate limits: each DOCA_LOG_RATE_LIMIT call site has a bucket that lets `quantity` messages through
 * per `bucket_time` seconds.
 */
struct bucket {
	int source;
	time_t window;  /* the start of the current period, in seconds of CLOCK_MONOTONIC */
	uint32_t count; /* messages let through in it */
};

static pthread_mutex_t bucket_lock = PTHREAD_MUTEX_INITIALIZER;
static struct bucket *buckets;
static int bucket_count, bucket_capacity;
static uint16_t quantity = 10, bucket_time = 1;

doca_error_t doca_log_rate_bucket_register(int source, int *bucket)
{
	if (!bucket)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "bucket is NULL");
	pthread_mutex_lock(&bucket_lock);
	if (bucket_count == bucket_capacity) {
		int capacity = bucket_capacity ? 2 * bucket_capacity : 16;
		struct bucket *grown = realloc(buckets, (size_t)capacity * sizeof(*grown));

		if (!grown) {
			pthread_mutex_unlock(&bucket_lock);
			return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
		}
		buckets = grown;
		bucket_capacity = capacity;
	}
	buckets[bucket_count] = (struct bucket){ .source = source, .window = -1 };
	*bucket = bucket_count++;
	pthread_mutex_unlock(&bucket_lock);
	return DOCA_SUCCESS;
}

doca_error_t doca_log_rate_limit(uint32_t level, int source, int line, int bucket, const char *format, ...)
{
	struct timespec now;
	bool pass = false, known;
	va_list ap;
	doca_error_t err;

	clock_gettime(CLOCK_MONOTONIC, &now);
	pthread_mutex_lock(&bucket_lock);
	known = bucket >= 0 && bucket < bucket_count && buckets[bucket].source == source;
	if (known) {
		struct bucket *b = &buckets[bucket];

		if (b->window < 0 || now.tv_sec - b->window >= bucket_time) {
			b->window = now.tv_sec;
			b->count = 0;
		}
		pass = b->count < quantity;
		b->count += pass;
	}
	pthread_mutex_unlock(&bucket_lock);
	if (!known)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not a rate bucket of source %d", bucket,
				     source);
	if (!pass)
		return DOCA_SUCCESS;
	va_start(ap, format);
	err = opendoca_log_program(__func__, level, source, NULL, line, NULL, format, ap);
	va_end(ap);
	return err;
}

uint16_t doca_log_get_bucket_time(void)
{
	uint16_t seconds;

	pthread_mutex_lock(&bucket_lock);
	seconds = bucket_time;
	pthread_mutex_unlock(&bucket_lock);
	return seconds;
}

void doca_log_set_bucket_time(uint16_t new_bucket_time)
{
	pthread_mutex_lock(&bucket_lock);
	bucket_time = new_bucket_time;
	pthread_mutex_unlock(&bucket_lock);
}

uint16_t doca_log_get_quantity(void)
{
	uint16_t messages;

	pthread_mutex_lock(&bucket_lock);
	messages = quantity;
	pthread_mutex_unlock(&bucket_lock);
	return messages;
}

void doca_log_set_quantity(uint16_t new_quantity)
{
	pthread_mutex_lock(&bucket_lock);
	quantity = new_quantity;
	pthread_mutex_unlock(&bucket_lock);
}

doca_error_t doca_log_source_register(const char *source_name, int *source)
{
	return opendoca_log_source_add(source_name, source, __func__);
}

doca_error_t doca_log_source_destroy(int source)
{
	return opendoca_log_source_remove(source, __func__);
}

doca_error_t doca_log_create_standard_backend(void)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FILE, .file = stdout };

	return opendoca_log_backend_create(&sink, BOTH, NULL, __func__);
}

static doca_error_t create(const struct opendoca_log_sink *sink, struct doca_logger_backend **backend, const char *func)
{
	if (!backend)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "backend is NULL");
	return opendoca_log_backend_create(sink, BOTH, (void **)backend, func);
}

doca_error_t doca_log_create_file_backend(FILE *fptr, struct doca_logger_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FILE, .file = fptr };

	return create(&sink, backend, __func__);
}

doca_error_t doca_log_create_fd_backend(int fd, struct doca_logger_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_FD, .fd = fd };

	return create(&sink, backend, __func__);
}

doca_error_t doca_log_create_buffer_backend(char *buffer, size_t capacity, log_flush_callback handler,
					    struct doca_logger_backend **backend)
{
	struct opendoca_log_sink sink = {
		.kind = OPENDOCA_SINK_BUFFER, .buffer = buffer, .capacity = capacity, .flush = handler
	};

	return create(&sink, backend, __func__);
}

doca_error_t doca_log_create_syslog_backend(const char *name, struct doca_logger_backend **backend)
{
	struct opendoca_log_sink sink = { .kind = OPENDOCA_SINK_SYSLOG, .syslog_name = name };

	return create(&sink, backend, __func__);
}

doca_error_t doca_log_backend_level_set(struct doca_logger_backend *logger, uint32_t level)
{
	return opendoca_log_backend_limit(logger, OPENDOCA_LIMIT_LOWER, level, __func__);
}

doca_error_t doca_log_backend_set_lower_level_immutable(struct doca_logger_backend *logger)
{
	return opendoca_log_backend_limit(logger, OPENDOCA_LIMIT_LOWER_STRICT, 0, __func__);
}

doca_error_t doca_log_backend_set_upper_level_immutable(struct doca_logger_backend *logger)
{
	return opendoca_log_backend_limit(logger, OPENDOCA_LIMIT_UPPER_STRICT, 0, __func__);
}

doca_error_t doca_log_backend_set_upper_level_limit(struct doca_logger_backend *logger, uint32_t upper_level_limit)
{
	return opendoca_log_backend_limit(logger, OPENDOCA_LIMIT_UPPER, upper_level_limit, __func__);
}

uint32_t doca_log_global_level_get(void)
{
	return opendoca_log_global(OPENDOCA_LIMIT_LOWER);
}

doca_error_t doca_log_global_level_set(uint32_t level)
{
	return opendoca_log_global_limit(OPENDOCA_LIMIT_LOWER, level, __func__);
}

doca_error_t doca_log_global_set_upper_level_limit(uint32_t upper_level_limit)
{
	return opendoca_log_global_limit(OPENDOCA_LIMIT_UPPER, upper_level_limit, __func__);
}
