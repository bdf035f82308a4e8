/*
 * DOCA SHA of 2.2 (doca_sha.h, libdoca_sha.so.2): SHA-1, SHA-256 and SHA-512 digests as jobs of a
 * context of libdoca_common's private API (doca/README.md, "Writing a context") on work queues.
 * DOCA SHA is 2.2's alone (later releases dropped it), so this one unit selects 2.2.
 *
 * How a job runs. The simulated BlueField-3 has no SHA engine (doca_sha_get_hardware_supported
 * says so), so the digests are OpenSSL's (libcrypto's EVP), on the thread that retrieves, as
 * NVIDIA's DOCA SHA falls back to OpenSSL on devices without the engine: doca_workq_submit checks
 * the job and queues it on its work queue's binding; the next doca_workq_progress_retrieve digests
 * the queued jobs in order and completes them, so a job is never done inside its submission. The
 * request is a list of buffers (their data in order), read where the map lets the context's device
 * read (memory of another process through its exporter); the digest is appended to the response's
 * first buffer, after its data.
 *
 * Partial jobs continue a session's digest (its EVP state): a job's data must be whole blocks of
 * the algorithm (64 bytes, 128 for SHA-512) but the final's, the first job fixes the algorithm,
 * the final writes the digest and the session starts again. A session belongs to one work queue
 * of one context: its jobs complete in the order of submission there.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "doca_sha.h"

#include "buf.h"
#include "dev.h"
#include "mmap.h"
#include "private.h"
#include "private_ctx.h"

_Static_assert(DOCA_SHA_JOB_SHA1 == DOCA_ACTION_SHA_FIRST + 1, "2.2's first SHA job type");

/* The project's limits (no SHA engine to take them from): a request's bytes and buffers. */
#define SHA_MAX_SRC_SIZE (1ull << 30)
#define SHA_MAX_LIST 128u
/* Bytes read at once from another process's memory. */
#define SHA_REMOTE_CHUNK 65536u

static const char submit_func[] = "doca_workq_submit";

struct opendoca_sha {
	struct opendoca_object object;
	struct opendoca_ctx *ctx;
	struct doca_dev *dev; /* doca_ctx_dev_add's (a user of it held); changes only while idle */
	atomic_uint sessions; /* partial sessions not destroyed */
};

struct sha_session {
	struct opendoca_object object;
	void *handle;
	struct opendoca_sha *sha; /* a reference held */
	const void *workq;        /* the program's work queue handle */
	EVP_MD_CTX *md;
	int type;             /* the partial job type of the digest begun, 0: none begun */
	atomic_uint inflight; /* jobs submitted and not completed */
};

/* A job record's part: the job, queued on its binding until progress digests it. */
struct sha_job {
	struct sha_job *next;
	struct doca_buf *req, *resp;
	int type;
	uint64_t flags;
	struct sha_session *session; /* partial jobs: a reference held */
};

/*
 * A binding's (a work queue's) jobs waiting, and its digest state for whole jobs. Event-driven work
 * queues: efd turns readable when a job is submitted after the program armed (jobs already waiting
 * make the arming fire at once), so that its epoll loop wakes to retrieve it.
 */
struct sha_queue {
	struct sha_job *head, **tail;
	EVP_MD_CTX *md;
	int efd;
	bool armed;
};

static const struct opendoca_kind sha_kind = { "SHA context" };
static const struct opendoca_kind session_kind = { "SHA partial session" };

/* ---- Algorithms ---- */

static bool is_partial(int type)
{
	return type >= DOCA_SHA_JOB_SHA1_PARTIAL && type <= DOCA_SHA_JOB_SHA512_PARTIAL;
}

/* The algorithm of a job type, NULL for none of DOCA SHA's. */
static const EVP_MD *algorithm(int type)
{
	switch (type) {
	case DOCA_SHA_JOB_SHA1:
	case DOCA_SHA_JOB_SHA1_PARTIAL:
		return EVP_sha1();
	case DOCA_SHA_JOB_SHA256:
	case DOCA_SHA_JOB_SHA256_PARTIAL:
		return EVP_sha256();
	case DOCA_SHA_JOB_SHA512:
	case DOCA_SHA_JOB_SHA512_PARTIAL:
		return EVP_sha512();
	default:
		return NULL;
	}
}

/* ---- Capabilities ---- */

/* DOCA_SUCCESS for device information of a device (any: the digests are the CPU's), else a failure of func. */
static doca_error_t check_devinfo(const struct doca_devinfo *devinfo, const char *func)
{
	uint64_t size;

	return opendoca_devinfo_max_msg_size(devinfo, &size, func);
}

doca_error_t doca_sha_job_get_supported(const struct doca_devinfo *devinfo, enum doca_sha_job_type job_type)
{
	doca_error_t err = check_devinfo(devinfo, __func__);

	if (err)
		return err;
	/* Not supported is the answer, not a failure: nothing logged. */
	return algorithm(job_type) ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

doca_error_t doca_sha_get_max_list_buf_num_elem(const struct doca_devinfo *devinfo, uint32_t *max_list_num_elem)
{
	doca_error_t err;

	if (!max_list_num_elem)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_list_num_elem is NULL");
	err = check_devinfo(devinfo, __func__);
	if (!err)
		*max_list_num_elem = SHA_MAX_LIST;
	return err;
}

doca_error_t doca_sha_get_max_src_buffer_size(const struct doca_devinfo *devinfo, uint64_t *max_buffer_size)
{
	doca_error_t err;

	if (!max_buffer_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_buffer_size is NULL");
	err = check_devinfo(devinfo, __func__);
	if (!err)
		*max_buffer_size = SHA_MAX_SRC_SIZE;
	return err;
}

doca_error_t doca_sha_get_min_dst_buffer_size(const struct doca_devinfo *devinfo, enum doca_sha_job_type job_type,
					      uint32_t *min_buffer_size)
{
	const EVP_MD *md = algorithm(job_type);
	doca_error_t err;

	if (!min_buffer_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "min_buffer_size is NULL");
	if (!md)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is no SHA job type", (int)job_type);
	err = check_devinfo(devinfo, __func__);
	if (!err)
		*min_buffer_size = (uint32_t)EVP_MD_get_size(md);
	return err;
}

doca_error_t doca_sha_get_hardware_supported(const struct doca_devinfo *devinfo)
{
	doca_error_t err = check_devinfo(devinfo, __func__);

	/* No device of the project has a SHA engine: the answer, not a failure (NVIDIA's samples then use OpenSSL). */
	return err ? err : DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- Executing ---- */

/* Feeds the data of the list req to md: DOCA's error (logged, naming submit_func) when it cannot. */
static doca_error_t digest_request(struct opendoca_sha *sha, struct doca_buf *req, EVP_MD_CTX *md, uint64_t *total)
{
	struct opendoca_buf *buf = opendoca_buf_get(req, submit_func);
	uint32_t n = 0;

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	*total = 0;
	for (; buf; buf = buf->next) {
		uint64_t addr = (uint64_t)(uintptr_t)buf->data;
		struct opendoca_reach reach;
		doca_error_t err;

		if (++n > SHA_MAX_LIST)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
					     "the request list is longer than %u buffers", SHA_MAX_LIST);
		*total += buf->data_len;
		if (*total > SHA_MAX_SRC_SIZE)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
					     "the request holds more than %llu bytes",
					     (unsigned long long)SHA_MAX_SRC_SIZE);
		if (!buf->data_len)
			continue;
		err = opendoca_mmap_reach(buf->mmap, sha->dev, addr, buf->data_len, &reach, submit_func);
		if (err)
			return err;
		if (!reach.readable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, submit_func,
					     "the request's memory map does not let the device read it");
		if (reach.host) {
			EVP_DigestUpdate(md, reach.host, buf->data_len);
			continue;
		}
		if (!reach.remote)
			return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, submit_func,
					     "the request is in memory the host cannot read (DPA memory, a dma-buf)");
		for (uint64_t done = 0; done < buf->data_len;) {
			unsigned char chunk[SHA_REMOTE_CHUNK];
			size_t len = buf->data_len - done < sizeof(chunk) ? buf->data_len - done : sizeof(chunk);

			err = opendoca_mmap_remote_read(buf->mmap, addr + done, chunk, len, submit_func);
			if (err)
				return err;
			EVP_DigestUpdate(md, chunk, len);
			done += len;
		}
	}
	return DOCA_SUCCESS;
}

/* Appends digest (len bytes) to the data of the response's first buffer. */
static doca_error_t write_response(struct opendoca_sha *sha, struct doca_buf *resp, const unsigned char *digest,
				   unsigned len)
{
	struct opendoca_buf *buf = opendoca_buf_get(resp, submit_func);
	struct opendoca_reach reach;
	uint64_t addr, room;
	doca_error_t err;

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	addr = (uint64_t)(uintptr_t)buf->data + buf->data_len;
	room = (uint64_t)(uintptr_t)buf->head + buf->len - addr;
	if (room < len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
				     "the response has room for %llu bytes, the digest is %u", (unsigned long long)room,
				     len);
	err = opendoca_mmap_reach(buf->mmap, sha->dev, addr, len, &reach, submit_func);
	if (err)
		return err;
	if (!reach.writable)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, submit_func,
				     "the response's memory map does not let the device write it");
	if (reach.host)
		memcpy(reach.host, digest, len);
	else if (!reach.remote)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, submit_func,
				     "the response is in memory the host cannot write (DPA memory, a dma-buf)");
	else if ((err = opendoca_mmap_remote_write(buf->mmap, addr, digest, len, submit_func)))
		return err;
	buf->data_len += len;
	return DOCA_SUCCESS;
}

/* Runs a whole job (its digest in q's state). */
static doca_error_t run_whole(struct opendoca_sha *sha, struct sha_queue *q, const struct sha_job *j)
{
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned len = 0;
	uint64_t total;
	doca_error_t err;

	if (!EVP_DigestInit_ex(q->md, algorithm(j->type), NULL))
		return opendoca_fail(DOCA_ERROR_DRIVER, submit_func, "OpenSSL could not begin a digest");
	err = digest_request(sha, j->req, q->md, &total);
	if (err)
		return err;
	EVP_DigestFinal_ex(q->md, digest, &len);
	return write_response(sha, j->resp, digest, len);
}

/* Runs a partial job in its session's state. */
static doca_error_t run_partial(struct opendoca_sha *sha, const struct sha_job *j)
{
	struct sha_session *s = j->session;
	const EVP_MD *md = algorithm(j->type);
	bool final = j->flags & DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL;
	unsigned char digest[EVP_MAX_MD_SIZE];
	EVP_MD_CTX *saved = NULL;
	unsigned len = 0;
	uint64_t total;
	doca_error_t err;

	if (s->type && s->type != j->type)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
				     "the session's digest is of job type %d, the job of %d", s->type, j->type);
	if (!s->type && !EVP_DigestInit_ex(s->md, md, NULL))
		return opendoca_fail(DOCA_ERROR_DRIVER, submit_func, "OpenSSL could not begin a digest");
	/* A failed job leaves the session as it was: its state is saved first. */
	saved = EVP_MD_CTX_new();
	if (!saved || !EVP_MD_CTX_copy_ex(saved, s->md)) {
		EVP_MD_CTX_free(saved);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, submit_func, "no memory for a digest's state");
	}
	err = digest_request(sha, j->req, s->md, &total);
	if (!err && !final && total % (uint64_t)EVP_MD_get_block_size(md))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
				    "a partial job but the final digests whole blocks of %d bytes, not %llu bytes",
				    EVP_MD_get_block_size(md), (unsigned long long)total);
	if (!err && final) {
		EVP_DigestFinal_ex(s->md, digest, &len);
		err = write_response(sha, j->resp, digest, len);
	}
	if (err) {
		EVP_MD_CTX_copy_ex(s->md, saved);
	} else {
		s->type = final ? 0 : j->type;
	}
	EVP_MD_CTX_free(saved);
	return err;
}

/* Completes a job: its session gets it back, then the engine. */
static void complete(struct sha_job *j, doca_error_t status)
{
	struct sha_session *s = j->session;

	if (s) {
		j->session = NULL;
		atomic_fetch_sub(&s->inflight, 1);
		opendoca_handle_put(&s->object);
	}
	opendoca_task_complete(opendoca_task_of_priv(j), status);
}

static bool progress(struct opendoca_binding *binding)
{
	struct opendoca_sha *sha = opendoca_ctx_priv(binding->ctx);
	struct sha_queue *q = binding->priv;
	struct sha_job *j = q->head;

	if (!j)
		return false;
	q->head = NULL;
	q->tail = &q->head;
	while (j) {
		struct sha_job *next = j->next;
		doca_error_t err;

		if (!j->session)
			err = run_whole(sha, q, j);
		else if (j->session->workq != opendoca_handle_of((const struct opendoca_object *)binding->engine))
			/* The engine's object is its first member (libdoca_common's): its handle is the work queue's. */
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, submit_func,
					    "the job's partial session is of another work queue");
		else
			err = run_partial(sha, j);
		complete(j, err);
		j = next;
	}
	return true;
}

/* ---- The context ---- */

/* Nothing to take: libdoca_common refuses a start without a device (the maps are checked against it). */
static doca_error_t start(struct opendoca_ctx *ctx)
{
	(void)ctx;
	return DOCA_SUCCESS;
}

static doca_error_t bind(struct opendoca_binding *binding)
{
	struct sha_queue *q = calloc(1, sizeof(*q));

	if (q) {
		q->md = EVP_MD_CTX_new();
		q->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	}
	if (!q || !q->md || q->efd < 0) {
		if (q) {
			EVP_MD_CTX_free(q->md);
			if (q->efd >= 0)
				close(q->efd);
		}
		free(q);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, "doca_ctx_workq_add", "no memory for a SHA queue");
	}
	q->tail = &q->head;
	binding->priv = q;
	return DOCA_SUCCESS;
}

static void unbind(struct opendoca_binding *binding)
{
	struct sha_queue *q = binding->priv;

	/* Never with jobs in flight (private_ctx.h): the queue is empty. */
	EVP_MD_CTX_free(q->md);
	close(q->efd);
	free(q);
	binding->priv = NULL;
}

static doca_error_t submit(struct opendoca_task *task, uint32_t flags)
{
	struct sha_queue *q = task->binding->priv;
	struct sha_job *j = opendoca_task_priv(task);

	(void)flags;
	j->next = NULL;
	*q->tail = j;
	q->tail = &j->next;
	if (q->armed) {
		uint64_t one = 1;

		q->armed = false;
		/* Cannot fail but for an overflowing counter: the fd is readable then anyway. */
		(void)!write(q->efd, &one, sizeof(one));
	}
	return DOCA_SUCCESS;
}

static int event_fd(struct opendoca_binding *binding)
{
	return ((struct sha_queue *)binding->priv)->efd;
}

static bool arm(struct opendoca_binding *binding)
{
	struct sha_queue *q = binding->priv;

	q->armed = !q->head;
	return q->head != NULL;
}

static void clear(struct opendoca_binding *binding)
{
	struct sha_queue *q = binding->priv;
	uint64_t count;

	q->armed = false;
	(void)!read(q->efd, &count, sizeof(count));
}

static doca_error_t job_init(struct opendoca_task *task, const struct doca_job *job)
{
	const struct doca_sha_job *sha_job = (const struct doca_sha_job *)job;
	struct sha_job *j = opendoca_task_priv(task);
	struct sha_session *s = NULL;

	if (!algorithm(job->type))
		return DOCA_ERROR_NOT_SUPPORTED;
	if (!sha_job->req_buf || !sha_job->resp_buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (sha_job->flags > DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL || (sha_job->flags && !is_partial(job->type)))
		return DOCA_ERROR_INVALID_VALUE;
	if (is_partial(job->type)) {
		const struct doca_sha_partial_job *partial = (const struct doca_sha_partial_job *)job;

		/* Held until the job completes (complete()): the session cannot go meanwhile. */
		s = opendoca_handle_try_get(partial->session, &session_kind);
		if (!s)
			return DOCA_ERROR_INVALID_VALUE;
		if ((const void *)opendoca_ctx_handle(s->sha->ctx) != (const void *)job->ctx) {
			opendoca_handle_put(&s->object);
			return DOCA_ERROR_INVALID_VALUE;
		}
		atomic_fetch_add(&s->inflight, 1);
	}
	*j = (struct sha_job){ .req = sha_job->req_buf,
			       .resp = sha_job->resp_buf,
			       .type = job->type,
			       .flags = sha_job->flags,
			       .session = s };
	return DOCA_SUCCESS;
}

static doca_error_t dev_add(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func)
{
	struct opendoca_sha *sha = opendoca_ctx_priv(ctx);
	doca_error_t err;

	if (sha->dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the SHA context has a device already");
	err = opendoca_dev_hold(dev, func);
	if (!err)
		sha->dev = dev;
	return err;
}

static void dev_rm(struct opendoca_ctx *ctx, struct doca_dev *dev)
{
	struct opendoca_sha *sha = opendoca_ctx_priv(ctx);

	if (sha->dev == dev) {
		opendoca_dev_release(dev);
		sha->dev = NULL;
	}
}

static const struct opendoca_ctx_ops sha_ops = {
	.name = "SHA context",
	.job_size = sizeof(struct sha_job),
	.start = start,
	.bind = bind,
	.unbind = unbind,
	.submit = submit,
	.progress = progress,
	.event_fd = event_fd,
	.arm = arm,
	.clear = clear,
	.dev_add = dev_add,
	.dev_rm = dev_rm,
	.job_init = job_init,
};

/* ---- Objects ---- */

static void sha_free(struct opendoca_object *object)
{
	struct opendoca_sha *sha = (struct opendoca_sha *)object;

	/* The context gave its device back (dev_rm) when destroyed. */
	if (sha->dev)
		opendoca_dev_release(sha->dev);
	free(sha);
}

doca_error_t doca_sha_create(struct doca_sha **handle)
{
	struct opendoca_sha *sha;
	doca_error_t err;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ctx is NULL");
	sha = calloc(1, sizeof(*sha));
	if (!sha)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	err = opendoca_ctx_create(&sha_ops, OPENDOCA_CTX_API_WORKQ, sha, &sha->ctx, __func__);
	if (err) {
		free(sha);
		return err;
	}
	*handle = opendoca_handle_open(&sha->object, &sha_kind, sha_free);
	if (!*handle) {
		opendoca_ctx_destroy(sha->ctx, __func__);
		free(sha);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of SHA contexts");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_sha_destroy(struct doca_sha *handle)
{
	struct opendoca_sha *sha = opendoca_handle_get(handle, &sha_kind, __func__);
	struct opendoca_sha *closed;
	doca_error_t err;

	if (!sha)
		return DOCA_ERROR_INVALID_VALUE;
	if (atomic_load(&sha->sessions))
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u partial sessions of the context exist",
				    atomic_load(&sha->sessions));
	else
		err = opendoca_ctx_destroy(sha->ctx, __func__);
	if (!err) {
		closed = opendoca_handle_close(handle, &sha_kind, __func__);
		if (closed) {
			opendoca_handle_put(&closed->object);
			opendoca_handle_put(&closed->object);
		} else {
			err = DOCA_ERROR_INVALID_VALUE; /* another destroy won */
		}
	}
	opendoca_handle_put(&sha->object);
	return err;
}

struct doca_ctx *doca_sha_as_ctx(struct doca_sha *handle)
{
	struct opendoca_sha *sha = opendoca_handle_get(handle, &sha_kind, __func__);
	struct doca_ctx *ctx;

	if (!sha)
		return NULL;
	ctx = opendoca_ctx_handle(sha->ctx);
	opendoca_handle_put(&sha->object);
	return ctx;
}

/* ---- Partial sessions ---- */

static void session_free(struct opendoca_object *object)
{
	struct sha_session *s = (struct sha_session *)object;

	EVP_MD_CTX_free(s->md);
	atomic_fetch_sub(&s->sha->sessions, 1);
	opendoca_handle_put(&s->sha->object);
	free(s);
}

doca_error_t doca_sha_partial_session_create(struct doca_sha *ctx, struct doca_workq *workq,
					     struct doca_sha_partial_session **session)
{
	struct opendoca_sha *sha;
	struct sha_session *s;

	if (!session || !workq)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", session ? "workq" : "session");
	sha = opendoca_handle_get(ctx, &sha_kind, __func__);
	if (!sha)
		return DOCA_ERROR_INVALID_VALUE;
	s = calloc(1, sizeof(*s));
	if (s)
		s->md = EVP_MD_CTX_new();
	if (!s || !s->md) {
		free(s);
		opendoca_handle_put(&sha->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a session");
	}
	s->sha = sha; /* the reference taken above */
	s->workq = workq;
	atomic_fetch_add(&sha->sessions, 1);
	s->handle = opendoca_handle_open(&s->object, &session_kind, session_free);
	if (!s->handle) {
		session_free(&s->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for a session");
	}
	*session = s->handle;
	return DOCA_SUCCESS;
}

/* A session of ctx and workq (a reference for the call), or NULL after a failure of func. */
static struct sha_session *session_get(struct doca_sha *ctx, struct doca_workq *workq,
				       const struct doca_sha_partial_session *session, const char *func)
{
	struct sha_session *s = opendoca_handle_get(session, &session_kind, func);

	if (s && (opendoca_handle_of(&s->sha->object) != (const void *)ctx || s->workq != workq)) {
		opendoca_handle_put(&s->object);
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the session is of another %s",
			      s->workq != workq ? "work queue" : "SHA context");
		return NULL;
	}
	return s;
}

doca_error_t doca_sha_partial_session_destroy(struct doca_sha *ctx, struct doca_workq *workq,
					      struct doca_sha_partial_session *session)
{
	struct sha_session *s = session_get(ctx, workq, session, __func__);
	struct opendoca_object *closed;

	if (!s)
		return opendoca_last_error();
	if (atomic_load(&s->inflight)) {
		opendoca_handle_put(&s->object);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u jobs of the session are not retrieved",
				     atomic_load(&s->inflight));
	}
	closed = opendoca_handle_close(session, &session_kind, __func__);
	opendoca_handle_put(&s->object);
	if (!closed)
		return opendoca_last_error(); /* another destroy won */
	opendoca_handle_put(closed);
	opendoca_handle_put(closed);
	return DOCA_SUCCESS;
}

doca_error_t doca_sha_partial_session_copy(struct doca_sha *ctx, struct doca_workq *workq,
					   const struct doca_sha_partial_session *from_session,
					   struct doca_sha_partial_session *to_session)
{
	struct sha_session *from, *to;
	doca_error_t err = DOCA_SUCCESS;

	from = session_get(ctx, workq, from_session, __func__);
	if (!from)
		return opendoca_last_error();
	to = session_get(ctx, workq, to_session, __func__);
	if (!to) {
		opendoca_handle_put(&from->object);
		return opendoca_last_error();
	}
	/* The sessions are the work queue's: their states change only at its progress, with no job in flight. */
	if (atomic_load(&from->inflight) || atomic_load(&to->inflight))
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "a job of the %s session is not retrieved",
				    atomic_load(&from->inflight) ? "source" : "destination");
	else if (from != to && !EVP_MD_CTX_copy_ex(to->md, from->md))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory to copy the digest's state");
	else
		to->type = from->type;
	opendoca_handle_put(&to->object);
	opendoca_handle_put(&from->object);
	return err;
}
