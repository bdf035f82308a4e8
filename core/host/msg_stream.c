/*
 * Device message streams: what DPA threads print reaches a host FILE * per
 * stream and level (flexio_msg_stream_*, flexio_log_dev_*, the older
 * edition's flexio_print_*).
 *
 * Each stream has a ring buffer of data_bsize bytes holding whole messages.
 *   SYNC   a host thread drains the ring as messages arrive; a device message
 *          returns once that thread has written it, so prints and RPC results
 *          come out in order.
 *   ASYNC  only flush drains the ring; when it is full new messages are lost
 *          (counted, and reported at the next flush).
 *   BATCH  the ring is drained when a message does not fit, and at flush.
 */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

#define MIN_STREAM_BSIZE 2048u

struct flexio_msg_stream {
	struct flexio_process *process;
	int id;
	char name[FLEXIO_MAX_NAME_LEN + 1];
	FILE *out;
	flexio_msg_dev_sync_mode mode;
	_Atomic int level;

	pthread_mutex_t lock;
	pthread_cond_t changed;
	char *ring;
	size_t size;       /* a power of two */
	uint64_t head;     /* bytes written into the ring, ever */
	uint64_t tail;     /* bytes drained from it, ever */
	uint64_t lost;     /* messages dropped on overrun, not yet reported */
	bool stopping;
	bool has_drainer;
	pthread_t drainer;
};

static bool shown(const struct flexio_msg_stream *s, int level)
{
	return level == FLEXIO_MSG_DEV_ALWAYS_PRINT || level <= atomic_load(&s->level);
}

/* Writes what the ring holds to out. Called with the lock held; drops it while writing. */
static void drain_locked(struct flexio_msg_stream *s)
{
	while (s->tail != s->head) {
		size_t start = s->tail & (s->size - 1);
		size_t n = s->head - s->tail;

		if (n > s->size - start)
			n = s->size - start;
		pthread_mutex_unlock(&s->lock);
		fwrite(s->ring + start, 1, n, s->out);
		pthread_mutex_lock(&s->lock);
		s->tail += n;
	}
	if (s->lost) {
		fprintf(s->out, "[flexio: %llu device messages lost on stream %d: buffer overrun]\n",
			(unsigned long long)s->lost, s->id);
		s->lost = 0;
	}
	fflush(s->out);
	pthread_cond_broadcast(&s->changed);
}

static void *drainer_main(void *arg)
{
	struct flexio_msg_stream *s = arg;

	pthread_mutex_lock(&s->lock);
	while (!s->stopping) {
		if (s->tail == s->head && !s->lost)
			pthread_cond_wait(&s->changed, &s->lock);
		else
			drain_locked(s);
	}
	drain_locked(s);
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

static void put_locked(struct flexio_msg_stream *s, const char *text, size_t len)
{
	for (size_t done = 0; done < len;) {
		size_t at = s->head & (s->size - 1);
		size_t n = len - done < s->size - at ? len - done : s->size - at;

		memcpy(s->ring + at, text + done, n);
		s->head += n;
		done += n;
	}
}

/* One message into one stream; returns the bytes accepted. */
static int64_t stream_put(struct flexio_msg_stream *s, int level, const char *text, size_t len)
{
	int64_t accepted = 0;

	if (!shown(s, level))
		return 0;
	pthread_mutex_lock(&s->lock);
	if (len > s->size)
		len = s->size; /* a message longer than the whole ring keeps its start */
	if (s->head - s->tail + len > s->size) {
		if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_ASYNC) {
			s->lost++;
			pthread_mutex_unlock(&s->lock);
			return 0;
		}
		if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_BATCH)
			drain_locked(s);
		while (s->head - s->tail + len > s->size && !s->stopping)
			pthread_cond_wait(&s->changed, &s->lock);
	}
	put_locked(s, text, len);
	accepted = (int64_t)len;
	if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_SYNC) {
		uint64_t mine = s->head;

		pthread_cond_broadcast(&s->changed);
		while (s->tail < mine && !s->stopping)
			pthread_cond_wait(&s->changed, &s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	return accepted;
}

int64_t msg_stream_deliver(struct flexio_process *process, int stream_id, int level, const char *text, size_t len)
{
	struct flexio_msg_stream *targets[MAX_STREAMS];
	int64_t accepted = 0;
	size_t n = 0;

	/* Streams are destroyed only by the host, never while a device call of theirs runs. */
	pthread_mutex_lock(&process->streams_lock);
	if (stream_id == FLEXIO_MSG_DEV_BROADCAST_STREAM) {
		for (int i = 0; i < MAX_STREAMS; i++)
			if (process->streams[i])
				targets[n++] = process->streams[i];
	} else if (stream_id >= 0 && stream_id < MAX_STREAMS && process->streams[stream_id]) {
		targets[n++] = process->streams[stream_id];
	}
	pthread_mutex_unlock(&process->streams_lock);
	for (size_t i = 0; i < n; i++) {
		int64_t r = stream_put(targets[i], level, text, len);

		accepted = r > accepted ? r : accepted;
	}
	return accepted;
}

static flexio_status stream_flush(struct flexio_msg_stream *s)
{
	pthread_mutex_lock(&s->lock);
	drain_locked(s);
	pthread_mutex_unlock(&s->lock);
	return FLEXIO_STATUS_SUCCESS;
}

static void stream_free(struct flexio_msg_stream *s)
{
	pthread_mutex_lock(&s->lock);
	s->stopping = true;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
	if (s->has_drainer)
		pthread_join(s->drainer, NULL);
	else
		stream_flush(s);
	pthread_cond_destroy(&s->changed);
	pthread_mutex_destroy(&s->lock);
	free(s->ring);
	free(s);
}

static flexio_status stream_create(const char *func, struct flexio_process *process,
				   const flexio_msg_stream_attr_t *attr, FILE *out, pthread_t *ppthread,
				   bool default_only, struct flexio_msg_stream **stream_out)
{
	struct flexio_msg_stream *s;
	int id = -1;

	if (!attr || !out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", attr ? "out" : "stream_fattr");
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->data_bsize < MIN_STREAM_BSIZE || (attr->data_bsize & (attr->data_bsize - 1))) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "data_bsize %zu is not a power of two of at least %u",
			      attr->data_bsize, MIN_STREAM_BSIZE);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->level < FLEXIO_MSG_DEV_NO_PRINT || attr->level > FLEXIO_MSG_DEV_DEBUG ||
	    attr->level == FLEXIO_MSG_DEV_ALWAYS_PRINT) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "level %d is not NO_PRINT or ERROR..DEBUG", attr->level);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_SYNC && attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_ASYNC &&
	    attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_BATCH) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "sync_mode %d: only SYNC, ASYNC and BATCH (tracer mode needs a device tracer API the "
			      "seed does not define)",
			      attr->sync_mode);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->stream_name && strnlen(attr->stream_name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "stream_name is longer than FLEXIO_MAX_NAME_LEN");
		return FLEXIO_STATUS_FAILED;
	}
	s = calloc(1, sizeof(*s));
	if (!s || !(s->ring = malloc(attr->data_bsize))) {
		free(s);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	s->process = process;
	s->out = out;
	s->mode = attr->sync_mode;
	s->size = attr->data_bsize;
	atomic_init(&s->level, attr->level);
	snprintf(s->name, sizeof(s->name), "%s", attr->stream_name ? attr->stream_name : "");
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->changed, NULL);

	pthread_mutex_lock(&process->streams_lock);
	if (!process->streams[FLEXIO_MSG_DEV_DEFAULT_STREAM_ID])
		id = FLEXIO_MSG_DEV_DEFAULT_STREAM_ID;
	else if (!default_only)
		for (int i = 1; i < MAX_STREAMS && id < 0; i++)
			if (!process->streams[i])
				id = i;
	if (id >= 0) {
		s->id = id;
		process->streams[id] = s;
	}
	pthread_mutex_unlock(&process->streams_lock);
	if (id < 0) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, default_only ? "the process already has its default stream"
								   : "the process has %d streams already",
			      MAX_STREAMS);
		stream_free(s);
		return FLEXIO_STATUS_FAILED;
	}
	if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_SYNC) {
		if (pthread_create(&s->drainer, NULL, drainer_main, s)) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot start the stream's host thread");
			pthread_mutex_lock(&process->streams_lock);
			process->streams[id] = NULL;
			pthread_mutex_unlock(&process->streams_lock);
			stream_free(s);
			return FLEXIO_STATUS_FAILED;
		}
		s->has_drainer = true;
		if (ppthread)
			*ppthread = s->drainer;
	}
	if (!handle_add(s, HANDLE_MSG_STREAM)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		pthread_mutex_lock(&process->streams_lock);
		process->streams[id] = NULL;
		pthread_mutex_unlock(&process->streams_lock);
		stream_free(s);
		return FLEXIO_STATUS_FAILED;
	}
	if (stream_out)
		*stream_out = s;
	return FLEXIO_STATUS_SUCCESS;
}

static flexio_status stream_destroy(struct flexio_msg_stream *s)
{
	struct flexio_process *process = s->process;

	handle_remove(s);
	pthread_mutex_lock(&process->streams_lock);
	process->streams[s->id] = NULL;
	pthread_mutex_unlock(&process->streams_lock);
	stream_free(s);
	return FLEXIO_STATUS_SUCCESS;
}

void msg_streams_destroy_all(struct flexio_process *process)
{
	for (int i = 0; i < MAX_STREAMS; i++)
		if (process->streams[i])
			stream_destroy(process->streams[i]);
}

static bool stream_check(const struct flexio_msg_stream *s, const char *func)
{
	if (handle_is(s, HANDLE_MSG_STREAM))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live message stream", (const void *)s);
	return false;
}

static struct flexio_msg_stream *default_stream(struct flexio_process *process, const char *func)
{
	struct flexio_msg_stream *s;

	pthread_mutex_lock(&process->streams_lock);
	s = process->streams[FLEXIO_MSG_DEV_DEFAULT_STREAM_ID];
	pthread_mutex_unlock(&process->streams_lock);
	if (!s)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" has no default message stream", process->name);
	return s;
}

FLEXIO_STABLE flexio_status flexio_msg_stream_create(flexio_process *process, flexio_msg_stream_attr_t *stream_fattr,
						     FILE *out, pthread_t *ppthread, flexio_msg_stream **stream)
{
	if (stream)
		*stream = NULL;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!stream) {
		flexio_err("stream is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	return stream_create(__func__, process, stream_fattr, out, ppthread, false, stream);
}

FLEXIO_STABLE flexio_status flexio_msg_stream_destroy(flexio_msg_stream *stream)
{
	return stream_check(stream, __func__) ? stream_destroy(stream) : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_msg_stream_flush(flexio_msg_stream *stream)
{
	return stream_check(stream, __func__) ? stream_flush(stream) : FLEXIO_STATUS_FAILED;
}

FLEXIO_EXPERIMENTAL int flexio_msg_stream_get_id(flexio_msg_stream *stream)
{
	return stream_check(stream, __func__) ? stream->id : -1;
}

FLEXIO_STABLE flexio_status flexio_msg_stream_level_set(flexio_msg_stream *stream, flexio_msg_dev_level level)
{
	if (!stream_check(stream, __func__))
		return FLEXIO_STATUS_FAILED;
	if (stream->id == FLEXIO_MSG_DEV_DEFAULT_STREAM_ID) {
		flexio_err("the default stream's level cannot be altered");
		return FLEXIO_STATUS_FAILED;
	}
	if (level < FLEXIO_MSG_DEV_NO_PRINT || level > FLEXIO_MSG_DEV_DEBUG || level == FLEXIO_MSG_DEV_ALWAYS_PRINT) {
		flexio_err("level %d is not NO_PRINT or ERROR..DEBUG", level);
		return FLEXIO_STATUS_FAILED;
	}
	atomic_store(&stream->level, level);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_log_dev_init(flexio_process *process, flexio_msg_stream_attr_t *stream_fattr,
						FILE *out, pthread_t *ppthread)
{
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	return stream_create(__func__, process, stream_fattr, out, ppthread, true, NULL);
}

FLEXIO_STABLE flexio_status flexio_log_dev_flush(flexio_process *process)
{
	struct flexio_msg_stream *s;

	if (!process_check(process, __func__) || !(s = default_stream(process, __func__)))
		return FLEXIO_STATUS_FAILED;
	return stream_flush(s);
}

FLEXIO_STABLE flexio_status flexio_log_dev_destroy(flexio_process *process)
{
	struct flexio_msg_stream *s;

	if (!process_check(process, __func__) || !(s = default_stream(process, __func__)))
		return FLEXIO_STATUS_FAILED;
	return stream_destroy(s);
}

/* ---- the older edition ------------------------------------------------------------------ */

FLEXIO_STABLE flexio_status flexio_print_init(flexio_process *process, flexio_uar *flexio_uar, size_t data_bsize,
					      FILE *out, int is_async, pthread_t *ppthread)
{
	flexio_msg_stream_attr_t attr = {
		.data_bsize = data_bsize,
		.sync_mode = is_async ? FLEXIO_LOG_DEV_SYNC_MODE_ASYNC : FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
		.level = FLEXIO_MSG_DEV_DEBUG, /* the older edition prints everything */
	};

	(void)flexio_uar; /* the stream's transport needs no UAR in the simulator */
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	return stream_create(__func__, process, &attr, out, ppthread, true, NULL);
}

FLEXIO_STABLE flexio_status flexio_print_flush(flexio_process *process)
{
	struct flexio_msg_stream *s;

	if (!process_check(process, __func__) || !(s = default_stream(process, __func__)))
		return FLEXIO_STATUS_FAILED;
	return stream_flush(s);
}

FLEXIO_STABLE flexio_status flexio_print_destroy(flexio_process *process)
{
	struct flexio_msg_stream *s;

	if (!process_check(process, __func__) || !(s = default_stream(process, __func__)))
		return FLEXIO_STATUS_FAILED;
	return stream_destroy(s);
}
