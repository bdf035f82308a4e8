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

#include "layouts.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

#define MIN_STREAM_BSIZE 2048u

struct msg_stream {
	struct process_child child; /* first: handle_get returns the object */
	int id;
	char name[FLEXIO_MAX_NAME_LEN + 1];
	FILE *out;
	flexio_msg_dev_sync_mode mode;
	_Atomic int level;

	pthread_mutex_t lock;
	pthread_cond_t changed; /* head, tail, draining, closing or delivering changed */
	char *ring;
	size_t size;         /* a power of two */
	uint64_t head;       /* bytes written into the ring, ever */
	uint64_t tail;       /* bytes written out of it, ever */
	uint64_t lost;       /* messages dropped on overrun, not yet reported */
	bool draining;       /* a thread is writing the ring out: only it moves tail */
	bool closing;        /* the handle is closed: no more device messages */
	unsigned delivering; /* device threads inside stream_put */
	bool has_drainer;
	pthread_t drainer;
};

static bool shown(const struct msg_stream *s, int level)
{
	return level == FLEXIO_MSG_DEV_ALWAYS_PRINT || level <= atomic_load(&s->level);
}

/*
 * Writes the ring out to out. Returns (lock held) once every byte the ring held at the call
 * has been written, by this thread or by the one draining already: one thread at a time
 * writes, so every byte goes out once and in order; the lock is dropped while writing.
 */
static void drain_locked(struct msg_stream *s)
{
	uint64_t target = s->head;

	while (s->tail < target || (s->lost && !s->draining)) {
		if (s->draining) {
			pthread_cond_wait(&s->changed, &s->lock);
			continue;
		}
		s->draining = true;
		while (s->tail != s->head) {
			size_t start = s->tail & (s->size - 1);
			size_t n = s->head - s->tail;

			if (n > s->size - start)
				n = s->size - start;
			/* Producers write only past head, so [tail, tail + n) is stable. */
			pthread_mutex_unlock(&s->lock);
			fwrite(s->ring + start, 1, n, s->out);
			pthread_mutex_lock(&s->lock);
			s->tail += n;
			pthread_cond_broadcast(&s->changed);
		}
		if (s->lost) {
			unsigned long long lost = s->lost;

			s->lost = 0;
			pthread_mutex_unlock(&s->lock);
			fprintf(s->out, "[flexio: %llu device messages lost on stream %d: buffer overrun]\n", lost,
				s->id);
			pthread_mutex_lock(&s->lock);
		}
		pthread_mutex_unlock(&s->lock);
		fflush(s->out);
		pthread_mutex_lock(&s->lock);
		s->draining = false;
		pthread_cond_broadcast(&s->changed);
	}
}

/* SYNC streams: a host thread writes messages out as they arrive, until the stream closes. */
static void *drainer_main(void *arg)
{
	struct msg_stream *s = arg;

	pthread_mutex_lock(&s->lock);
	while (!s->closing) {
		if (s->tail == s->head && !s->lost)
			pthread_cond_wait(&s->changed, &s->lock);
		else
			drain_locked(s);
	}
	drain_locked(s);
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

static void put_locked(struct msg_stream *s, const char *text, size_t len)
{
	for (size_t done = 0; done < len;) {
		size_t at = s->head & (s->size - 1);
		size_t n = len - done < s->size - at ? len - done : s->size - at;

		memcpy(s->ring + at, text + done, n);
		s->head += n;
		done += n;
	}
}

/* One message into one stream, from a device thread; returns the bytes accepted. */
static int64_t stream_put(struct msg_stream *s, int level, const char *text, size_t len)
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
		/* BATCH: the full ring is written out by the thread that needs room. SYNC: the
		 * stream's thread is writing it out. Either way, wait for room. */
		if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_BATCH)
			drain_locked(s);
		while (s->head - s->tail + len > s->size && !s->closing)
			pthread_cond_wait(&s->changed, &s->lock);
	}
	if (!s->closing) {
		put_locked(s, text, len);
		accepted = (int64_t)len;
		if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_SYNC) {
			uint64_t mine = s->head;

			pthread_cond_broadcast(&s->changed);
			while (s->tail < mine && !s->closing)
				pthread_cond_wait(&s->changed, &s->lock);
		}
	}
	pthread_mutex_unlock(&s->lock);
	return accepted;
}

/* Takes a stream for a device message (children lock held); false once it is closing. */
static bool stream_enter(struct msg_stream *s)
{
	bool open;

	pthread_mutex_lock(&s->lock);
	open = !s->closing;
	s->delivering += open;
	pthread_mutex_unlock(&s->lock);
	return open;
}

static void stream_leave(struct msg_stream *s)
{
	pthread_mutex_lock(&s->lock);
	if (!--s->delivering)
		pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

int64_t msg_stream_deliver(struct process *process, int stream_id, int level, const char *text, size_t len)
{
	struct msg_stream *targets[MAX_STREAMS];
	int64_t accepted = 0;
	size_t n = 0;

	/* Streams leave process->streams when they close, and wait for the messages entered. */
	pthread_mutex_lock(&process->children_lock);
	if (stream_id == FLEXIO_MSG_DEV_BROADCAST_STREAM) {
		for (int i = 0; i < MAX_STREAMS; i++)
			if (process->streams[i] && stream_enter(process->streams[i]))
				targets[n++] = process->streams[i];
	} else if (stream_id >= 0 && stream_id < MAX_STREAMS && process->streams[stream_id] &&
		   stream_enter(process->streams[stream_id])) {
		targets[n++] = process->streams[stream_id];
	}
	pthread_mutex_unlock(&process->children_lock);
	for (size_t i = 0; i < n; i++) {
		int64_t r = stream_put(targets[i], level, text, len);

		accepted = r > accepted ? r : accepted;
		stream_leave(targets[i]);
	}
	return accepted;
}

static flexio_status stream_flush(struct msg_stream *s)
{
	pthread_mutex_lock(&s->lock);
	drain_locked(s);
	pthread_mutex_unlock(&s->lock);
	return FLEXIO_STATUS_SUCCESS;
}

/* The handle is closed: no more device messages; device threads waiting in the stream return;
 * the stream's own thread writes out what is left and ends. */
static void stream_close(struct process_child *child)
{
	struct msg_stream *s = (struct msg_stream *)child;
	struct process *process = child->process;

	pthread_mutex_lock(&process->children_lock);
	if (s->id >= 0 && process->streams[s->id] == s)
		process->streams[s->id] = NULL;
	pthread_mutex_unlock(&process->children_lock);
	pthread_mutex_lock(&s->lock);
	s->closing = true;
	pthread_cond_broadcast(&s->changed);
	while (s->delivering)
		pthread_cond_wait(&s->changed, &s->lock);
	pthread_mutex_unlock(&s->lock);
	if (s->has_drainer)
		pthread_join(s->drainer, NULL);
}

/* No call uses the stream any more: write out what is left. */
static void stream_free(struct process_child *child)
{
	struct msg_stream *s = (struct msg_stream *)child;

	stream_flush(s);
	pthread_cond_destroy(&s->changed);
	pthread_mutex_destroy(&s->lock);
	free(s->ring);
	free(s);
}

static bool check_attr(const struct stream_args *attr, const char *func)
{
	if (attr->data_bsize < MIN_STREAM_BSIZE || (attr->data_bsize & (attr->data_bsize - 1))) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "data_bsize %zu is not a power of two of at least %u",
			      attr->data_bsize, MIN_STREAM_BSIZE);
	} else if (attr->level > FLEXIO_MSG_DEV_DEBUG || attr->level == FLEXIO_MSG_DEV_ALWAYS_PRINT) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "level %d is not NO_PRINT or ERROR..DEBUG", attr->level);
	} else if (attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_SYNC &&
		   attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_ASYNC &&
		   attr->sync_mode != FLEXIO_LOG_DEV_SYNC_MODE_BATCH) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "sync_mode %d: only SYNC, ASYNC and BATCH (tracer mode needs a device tracer API the "
			      "FlexIO manuals do not define)",
			      attr->sync_mode);
	} else if (attr->stream_name && strnlen(attr->stream_name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "stream_name is longer than FLEXIO_MAX_NAME_LEN");
	} else if (attr->transport_mode < FLEXIO_MSG_TRANSPORT_QP_RC ||
		   attr->transport_mode > FLEXIO_MSG_TRANSPORT_QP_UD) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "transport_mode %d is not FLEXIO_MSG_TRANSPORT_QP_RC, _UC or _UD", attr->transport_mode);
	} else if (affinity_valid(&attr->mgmt_affinity, "mgmt_affinity", func)) {
		return true;
	}
	return false;
}

/* A free stream id (children lock held): the default one first, unless default_only. */
static int free_id_locked(struct process *process, bool default_only)
{
	if (!process->streams[FLEXIO_MSG_DEV_DEFAULT_STREAM_ID])
		return FLEXIO_MSG_DEV_DEFAULT_STREAM_ID;
	if (!default_only)
		for (int i = 1; i < MAX_STREAMS; i++)
			if (!process->streams[i])
				return i;
	return -1;
}

static flexio_status stream_create(const char *func, struct process *process, const struct stream_args *attr, FILE *out,
				   pthread_t *ppthread, bool default_only, flexio_msg_stream **stream_out)
{
	struct msg_stream *s;
	void *handle;
	int id = -1;

	if (!out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (!check_attr(attr, func))
		return FLEXIO_STATUS_FAILED;
	s = calloc(1, sizeof(*s));
	if (!s || !(s->ring = malloc(attr->data_bsize))) {
		free(s);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	s->id = -1; /* no id until the handle is open */
	s->out = out;
	s->mode = attr->sync_mode;
	s->size = attr->data_bsize;
	atomic_init(&s->level, attr->level);
	snprintf(s->name, sizeof(s->name), "%s", attr->stream_name ? attr->stream_name : "");
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->changed, NULL);
	if (s->mode == FLEXIO_LOG_DEV_SYNC_MODE_SYNC) {
		if (pthread_create(&s->drainer, NULL, drainer_main, s)) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot start the stream's host thread");
			s->child.process = process;
			stream_free(&s->child);
			return FLEXIO_STATUS_FAILED;
		}
		s->has_drainer = true;
	}
	handle = process_child_open(process, &s->child, HANDLE_MSG_STREAM, stream_close, stream_free, func);
	if (!handle) {
		s->child.process = process;
		stream_close(&s->child);
		stream_free(&s->child);
		return FLEXIO_STATUS_FAILED;
	}
	/* Streams are found by id once they have their handle; one closed meanwhile (its process
	 * destroyed by another thread) gets none. This call's reference keeps it meanwhile. */
	handle_hold(&s->child.handle);
	pthread_mutex_lock(&process->children_lock);
	if (handle_is_open(&s->child.handle)) {
		id = free_id_locked(process, default_only);
		if (id >= 0) {
			s->id = id;
			process->streams[id] = s;
		}
	}
	pthread_mutex_unlock(&process->children_lock);
	if (s->id < 0) {
		if (id >= 0)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" is being destroyed", process->name);
		else if (default_only)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "the process already has its default stream");
		else
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "the process has %d streams already", MAX_STREAMS);
		if (handle_close_object(&s->child.handle)) {
			stream_close(&s->child);
			handle_put(&s->child.handle); /* the stream's own */
		}
		handle_put(&s->child.handle); /* this call's */
		return FLEXIO_STATUS_FAILED;
	}
	handle_put(&s->child.handle); /* this call's */
	if (ppthread && s->has_drainer)
		*ppthread = s->drainer;
	if (stream_out)
		*stream_out = handle;
	return FLEXIO_STATUS_SUCCESS;
}

static struct msg_stream *stream_get(const flexio_msg_stream *handle, const char *func)
{
	return handle_get(handle, HANDLE_MSG_STREAM, func);
}

static void stream_put_ref(struct msg_stream *s)
{
	handle_put(&s->child.handle);
}

/* The process's default stream, with a reference, or NULL logged as func. */
static struct msg_stream *default_stream(flexio_process *handle, const char *func)
{
	struct process *process = process_get(handle, func);
	struct msg_stream *s;

	if (!process)
		return NULL;
	pthread_mutex_lock(&process->children_lock);
	s = process->streams[FLEXIO_MSG_DEV_DEFAULT_STREAM_ID];
	if (s)
		handle_hold(&s->child.handle);
	pthread_mutex_unlock(&process->children_lock);
	if (!s)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" has no default message stream", process->name);
	process_put(process);
	return s;
}

/* The caller's attributes are read in its release's layout (layouts.h). */
static flexio_status create_in(flexio_process *handle, const char *func, const flexio_msg_stream_attr_t *fattr,
			       FILE *out, pthread_t *ppthread, bool default_only, flexio_msg_stream **stream)
{
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct stream_args attr;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!fattr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "stream_fattr is NULL");
	} else {
		layouts_stream_attr(fattr, &attr);
		status = stream_create(func, process, &attr, out, ppthread, default_only, stream);
	}
	process_put(process);
	return status;
}

FLEXIO_STABLE flexio_status flexio_msg_stream_create(flexio_process *process, flexio_msg_stream_attr_t *stream_fattr,
						     FILE *out, pthread_t *ppthread, flexio_msg_stream **stream)
{
	if (stream)
		*stream = NULL;
	if (!stream) {
		/* The process is checked first, as every call does. */
		struct process *p = process_get(process, __func__);

		if (p) {
			flexio_err("stream is NULL");
			process_put(p);
		}
		return FLEXIO_STATUS_FAILED;
	}
	return create_in(process, __func__, stream_fattr, out, ppthread, false, stream);
}

FLEXIO_STABLE flexio_status flexio_msg_stream_destroy(flexio_msg_stream *stream)
{
	return process_child_destroy(stream, HANDLE_MSG_STREAM, __func__);
}

FLEXIO_STABLE flexio_status flexio_msg_stream_flush(flexio_msg_stream *stream)
{
	struct msg_stream *s = stream_get(stream, __func__);

	if (!s)
		return FLEXIO_STATUS_FAILED;
	stream_flush(s);
	stream_put_ref(s);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL int flexio_msg_stream_get_id(flexio_msg_stream *stream)
{
	struct msg_stream *s = stream_get(stream, __func__);
	int id;

	if (!s)
		return -1;
	id = s->id;
	stream_put_ref(s);
	return id;
}

FLEXIO_STABLE flexio_status flexio_msg_stream_level_set(flexio_msg_stream *stream, flexio_msg_dev_level level)
{
	struct msg_stream *s = stream_get(stream, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (!s)
		return FLEXIO_STATUS_FAILED;
	if (s->id == FLEXIO_MSG_DEV_DEFAULT_STREAM_ID) {
		flexio_err("the default stream's level cannot be altered");
	} else if (level > FLEXIO_MSG_DEV_DEBUG || level == FLEXIO_MSG_DEV_ALWAYS_PRINT) {
		flexio_err("level %d is not NO_PRINT or ERROR..DEBUG", level);
	} else {
		atomic_store(&s->level, level);
		status = FLEXIO_STATUS_SUCCESS;
	}
	stream_put_ref(s);
	return status;
}

static flexio_status flush_default(flexio_process *process, const char *func)
{
	struct msg_stream *s = default_stream(process, func);

	if (!s)
		return FLEXIO_STATUS_FAILED;
	stream_flush(s);
	stream_put_ref(s);
	return FLEXIO_STATUS_SUCCESS;
}

static flexio_status destroy_default(flexio_process *process, const char *func)
{
	struct msg_stream *s = default_stream(process, func);

	return s ? process_child_destroy_held(&s->child, func) : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_log_dev_init(flexio_process *process, flexio_msg_stream_attr_t *stream_fattr,
						FILE *out, pthread_t *ppthread)
{
	return create_in(process, __func__, stream_fattr, out, ppthread, true, NULL);
}

FLEXIO_STABLE flexio_status flexio_log_dev_flush(flexio_process *process)
{
	return flush_default(process, __func__);
}

FLEXIO_STABLE flexio_status flexio_log_dev_destroy(flexio_process *process)
{
	return destroy_default(process, __func__);
}

/* ---- the older edition ------------------------------------------------------------------ */

FLEXIO_STABLE flexio_status flexio_print_init(flexio_process *process, flexio_uar *flexio_uar, size_t data_bsize,
					      FILE *out, int is_async, pthread_t *ppthread)
{
	struct stream_args attr = {
		.data_bsize = data_bsize,
		.sync_mode = is_async ? FLEXIO_LOG_DEV_SYNC_MODE_ASYNC : FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
		.level = FLEXIO_MSG_DEV_DEBUG, /* the older edition prints everything */
	};
	struct process *p;
	struct process_child *uar;
	flexio_status status = FLEXIO_STATUS_FAILED;

	/* The stream's transport needs no UAR on the simulated device, but one given must be the
	 * process's. */
	p = process_get(process, __func__);
	if (!p)
		return FLEXIO_STATUS_FAILED;
	uar = flexio_uar ? handle_try_get(flexio_uar, HANDLE_UAR) : NULL;
	if (flexio_uar && (!uar || uar->process != p))
		flexio_err("%p is not a live UAR of process \"%s\"", (void *)flexio_uar, p->name);
	else
		status = stream_create(__func__, p, &attr, out, ppthread, true, NULL);
	if (uar)
		handle_put(&uar->handle);
	process_put(p);
	return status;
}

FLEXIO_STABLE flexio_status flexio_print_flush(flexio_process *process)
{
	return flush_default(process, __func__);
}

FLEXIO_STABLE flexio_status flexio_print_destroy(flexio_process *process)
{
	return destroy_default(process, __func__);
}
