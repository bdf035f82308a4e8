/*
 * DOCA SHA of 2.2 (libdoca_sha): capabilities, the context, SHA-1/256/512 digests checked against
 * the FIPS 180 vectors, request lists, partial digests across jobs in sessions (and their copies),
 * jobs completed at retrieval, never inside their submission, and bad input (each failure of a
 * public function one SDK line naming it). DOCA SHA is 2.2's alone: the unit selects 2.2.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_mmap.h>
#include <doca_sha.h>

#include "mem_util.h"

_Static_assert(sizeof(struct doca_sha_job) == 48, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_sha_job, req_buf) == 24, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_sha_job, resp_buf) == 32, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_sha_job, flags) == 40, "2.2's layout (the facts)");
_Static_assert(sizeof(struct doca_sha_partial_job) == 56, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_sha_partial_job, session) == 48, "2.2's layout (the facts)");

#define MILLION 1000000u

/* FIPS 180-2's vectors: "abc", a million 'a', and the empty message. */
static const char *const abc_digest[] = {
	"a9993e364706816aba3e25717850c26c9cd0d89d",
	"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce8"
	"0e2a9ac94fa54ca49f",
};
static const char *const million_digest[] = {
	"34aa973cd4c4daa4f61eeb2bdbad27316534016f",
	"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	"e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa"
	"2e4eadb217ad8cc09b",
};
static const char *const empty_digest[] = {
	"da39a3ee5e6b4b0d3255bfef95601890afd80709",
	"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a"
	"81a538327af927da3e",
};
static const int whole_type[] = { DOCA_SHA_JOB_SHA1, DOCA_SHA_JOB_SHA256, DOCA_SHA_JOB_SHA512 };
static const int partial_type[] = { DOCA_SHA_JOB_SHA1_PARTIAL, DOCA_SHA_JOB_SHA256_PARTIAL,
				    DOCA_SHA_JOB_SHA512_PARTIAL };
static const uint32_t digest_len[] = { DOCA_SHA1_BYTE_COUNT, DOCA_SHA256_BYTE_COUNT, DOCA_SHA512_BYTE_COUNT };
static const uint32_t block_len[] = { 64, 64, 128 };

/* A started SHA context on a work queue, maps over the source and response memory. */
struct fixture {
	struct doca_dev *dev;
	struct doca_sha *sha;
	struct doca_ctx *ctx;
	struct doca_workq *workq;
	struct doca_mmap *smap, *rmap;
	struct doca_buf_inventory *inv;
	uint8_t *src;
	uint8_t resp[256];
};

static void setup(struct fixture *fx)
{
	memset(fx, 0, sizeof(*fx));
	sdk_log_capture();
	fx->dev = sim_dev_open(0);
	fx->src = malloc(MILLION);
	assert_non_null(fx->src);
	memset(fx->src, 'a', MILLION);
	expect_ok(doca_sha_create(&fx->sha));
	fx->ctx = doca_sha_as_ctx(fx->sha);
	assert_non_null(fx->ctx);
	expect_ok(doca_ctx_dev_add(fx->ctx, fx->dev));
	expect_ok(doca_ctx_start(fx->ctx));
	expect_ok(doca_workq_create(8, &fx->workq));
	expect_ok(doca_ctx_workq_add(fx->ctx, fx->workq));
	expect_ok(doca_mmap_create(NULL, &fx->smap));
	expect_ok(doca_mmap_dev_add(fx->smap, fx->dev));
	expect_ok(doca_mmap_set_memrange(fx->smap, fx->src, MILLION));
	expect_ok(doca_mmap_start(fx->smap));
	expect_ok(doca_mmap_create(NULL, &fx->rmap));
	expect_ok(doca_mmap_dev_add(fx->rmap, fx->dev));
	expect_ok(doca_mmap_set_memrange(fx->rmap, fx->resp, sizeof(fx->resp)));
	expect_ok(doca_mmap_set_permissions(fx->rmap, DOCA_ACCESS_LOCAL_READ_WRITE));
	expect_ok(doca_mmap_start(fx->rmap));
	expect_ok(doca_buf_inventory_create(NULL, 16, DOCA_BUF_EXTENSION_NONE, &fx->inv));
	expect_ok(doca_buf_inventory_start(fx->inv));
}

static void teardown(struct fixture *fx)
{
	expect_ok(doca_ctx_workq_rm(fx->ctx, fx->workq));
	expect_ok(doca_ctx_stop(fx->ctx));
	expect_ok(doca_ctx_dev_rm(fx->ctx, fx->dev));
	expect_ok(doca_sha_destroy(fx->sha));
	expect_ok(doca_workq_destroy(fx->workq));
	expect_ok(doca_buf_inventory_stop(fx->inv));
	expect_ok(doca_buf_inventory_destroy(fx->inv));
	expect_ok(doca_mmap_stop(fx->smap));
	expect_ok(doca_mmap_destroy(fx->smap));
	expect_ok(doca_mmap_stop(fx->rmap));
	expect_ok(doca_mmap_destroy(fx->rmap));
	free(fx->src);
	sim_dev_close(fx->dev);
}

/* A buffer of the source holding [off, off + len) of it as data. */
static struct doca_buf *src_buf(struct fixture *fx, size_t off, size_t len)
{
	struct doca_buf *buf;

	expect_ok(doca_buf_inventory_buf_by_addr(fx->inv, fx->smap, fx->src + off, len ? len : 1, &buf));
	expect_ok(doca_buf_set_data(buf, fx->src + off, len));
	return buf;
}

/* An empty response buffer of room bytes. */
static struct doca_buf *resp_buf(struct fixture *fx, size_t room)
{
	struct doca_buf *buf;

	memset(fx->resp, 0, sizeof(fx->resp));
	expect_ok(doca_buf_inventory_buf_by_addr(fx->inv, fx->rmap, fx->resp, room, &buf));
	return buf;
}

/* Retrieves one event: DOCA_ERROR_AGAIN until the job is done (fails the test after many polls). */
static doca_error_t retrieve(struct doca_workq *workq, struct doca_event *ev)
{
	doca_error_t err;
	long polls = 0;

	while ((err = doca_workq_progress_retrieve(workq, ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE)) == DOCA_ERROR_AGAIN)
		assert_true(++polls < 1000000L);
	return err;
}

static void assert_digest(const uint8_t *digest, const char *hex)
{
	char text[2 * 64 + 1];
	size_t len = strlen(hex) / 2;

	for (size_t i = 0; i < len; i++)
		snprintf(text + 2 * i, 3, "%02x", digest[i]);
	assert_string_equal(text, hex);
}

/*
 * Submits a job, checks it is not done inside the submission, retrieves it: its status (the event's
 * result). A failed job logs two lines: why (naming doca_workq_submit, as DOCA DMA's), then the
 * retrieval's DOCA_ERROR_IO_FAILED.
 */
static doca_error_t run(struct fixture *fx, struct doca_sha_job *job, uint64_t user)
{
	struct doca_event ev = { 0 };
	doca_error_t err;

	job->base.ctx = fx->ctx;
	job->base.user_data.u64 = user;
	expect_ok(doca_workq_submit(fx->workq, &job->base));
	/* The digest is made when retrieved: nothing yet in the response. */
	assert_int_equal(fx->resp[0], 0);
	err = retrieve(fx->workq, &ev);
	assert_int_equal(ev.type, job->base.type);
	assert_int_equal(ev.user_data.u64, user);
	if (err == DOCA_SUCCESS) {
		assert_int_equal(ev.result.u64, DOCA_SUCCESS);
	} else {
		char *lines = sdk_log_take();
		char *second = strchr(lines, '\n');
		int count = 0;

		assert_int_equal(err, DOCA_ERROR_IO_FAILED);
		assert_non_null(strstr(lines, "[doca_workq_submit] "));
		assert_non_null(second);
		assert_non_null(strstr(second, "[doca_workq_progress_retrieve] "));
		for (const char *c = lines; *c; c++)
			count += *c == '\n';
		assert_int_equal(count, 2);
		free(lines);
	}
	return (doca_error_t)ev.result.u64;
}

static void capabilities(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	uint64_t size = 0;
	uint32_t len = 0;

	(void)state;
	sdk_log_capture();
	for (int i = 0; i < 3; i++) {
		expect_ok(doca_sha_job_get_supported(info, whole_type[i]));
		expect_ok(doca_sha_job_get_supported(info, partial_type[i]));
		expect_ok(doca_sha_get_min_dst_buffer_size(info, whole_type[i], &len));
		assert_int_equal(len, digest_len[i]);
		expect_ok(doca_sha_get_min_dst_buffer_size(info, partial_type[i], &len));
		assert_int_equal(len, digest_len[i]);
	}
	/* another type is not supported: the answer, not a failure */
	assert_int_equal(doca_sha_job_get_supported(info, (enum doca_sha_job_type)DOCA_ACTION_SHA_FIRST),
			 DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(doca_sha_get_hardware_supported(info), DOCA_ERROR_NOT_SUPPORTED);
	expect_ok(DOCA_SUCCESS);
	expect_ok(doca_sha_get_max_src_buffer_size(info, &size));
	assert_int_equal(size, 1ull << 30);
	expect_ok(doca_sha_get_max_list_buf_num_elem(info, &len));
	assert_int_equal(len, 128);

	expect_fail(doca_sha_job_get_supported(NULL, DOCA_SHA_JOB_SHA1), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_job_get_supported");
	expect_fail(doca_sha_get_hardware_supported(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sha_get_hardware_supported");
	expect_fail(doca_sha_get_max_src_buffer_size(NULL, &size), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_max_src_buffer_size");
	expect_fail(doca_sha_get_max_src_buffer_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_max_src_buffer_size");
	expect_fail(doca_sha_get_max_list_buf_num_elem(NULL, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_max_list_buf_num_elem");
	expect_fail(doca_sha_get_max_list_buf_num_elem(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_max_list_buf_num_elem");
	expect_fail(doca_sha_get_min_dst_buffer_size(NULL, DOCA_SHA_JOB_SHA1, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_min_dst_buffer_size");
	expect_fail(doca_sha_get_min_dst_buffer_size(info, DOCA_SHA_JOB_SHA1, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_min_dst_buffer_size");
	expect_fail(doca_sha_get_min_dst_buffer_size(info, (enum doca_sha_job_type)7, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_get_min_dst_buffer_size");
	assert_int_equal(size, 1ull << 30);
	assert_int_equal(len, 128); /* untouched by the failures */
	sim_dev_close(dev);
}

static void objects(void **state)
{
	struct doca_dev *dev = sim_dev_open(0), *other = sim_dev_open(1);
	struct doca_sha *sha, *stale;
	struct doca_ctx *ctx;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_sha_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sha_create");
	expect_ok(doca_sha_create(&sha));
	ctx = doca_sha_as_ctx(sha);
	assert_non_null(ctx);
	expect_ok(DOCA_SUCCESS);
	assert_null(doca_sha_as_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sha_as_ctx");
	/* no device: no start; one device only */
	expect_fail(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE, "doca_ctx_start");
	expect_ok(doca_ctx_dev_add(ctx, dev));
	expect_fail(doca_ctx_dev_add(ctx, other), DOCA_ERROR_INVALID_VALUE, "doca_ctx_dev_add");
	/* the device is held while the context has it */
	expect_fail(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	expect_ok(doca_ctx_start(ctx));
	expect_fail(doca_sha_destroy(sha), DOCA_ERROR_BAD_STATE, "doca_sha_destroy");
	expect_ok(doca_ctx_stop(ctx));
	expect_ok(doca_sha_destroy(sha));
	stale = sha;
	expect_fail(doca_sha_destroy(stale), DOCA_ERROR_INVALID_VALUE, "doca_sha_destroy");
	assert_null(doca_sha_as_ctx(stale));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sha_as_ctx");
	expect_fail(doca_sha_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sha_destroy");
	sim_dev_close(other);
	sim_dev_close(dev); /* the destroyed context gave it back */
}

static void digests_of_known_vectors(void **state)
{
	struct fixture fx;

	(void)state;
	setup(&fx);
	memcpy(fx.src, "abc", 3);
	for (int i = 0; i < 3; i++) {
		struct doca_buf *req = src_buf(&fx, 0, 3), *resp = resp_buf(&fx, digest_len[i]);
		struct doca_sha_job job = { .base = { .type = whole_type[i] }, .req_buf = req, .resp_buf = resp };
		size_t len = 0;

		assert_int_equal(run(&fx, &job, 100 + i), DOCA_SUCCESS);
		assert_digest(fx.resp, abc_digest[i]);
		expect_ok(doca_buf_get_data_len(resp, &len));
		assert_int_equal(len, digest_len[i]);
		expect_ok(doca_buf_refcount_rm(req, NULL));
		expect_ok(doca_buf_refcount_rm(resp, NULL));
	}
	memset(fx.src, 'a', 3);
	for (int i = 0; i < 3; i++) {
		struct doca_buf *req = src_buf(&fx, 0, MILLION), *resp = resp_buf(&fx, 128);
		struct doca_sha_job job = { .base = { .type = whole_type[i] }, .req_buf = req, .resp_buf = resp };

		assert_int_equal(run(&fx, &job, i), DOCA_SUCCESS);
		assert_digest(fx.resp, million_digest[i]);
		expect_ok(doca_buf_refcount_rm(req, NULL));
		expect_ok(doca_buf_refcount_rm(resp, NULL));
	}
	/* the empty message */
	for (int i = 0; i < 3; i++) {
		struct doca_buf *req = src_buf(&fx, 0, 0), *resp = resp_buf(&fx, 64);
		struct doca_sha_job job = { .base = { .type = whole_type[i] }, .req_buf = req, .resp_buf = resp };

		assert_int_equal(run(&fx, &job, i), DOCA_SUCCESS);
		assert_digest(fx.resp, empty_digest[i]);
		expect_ok(doca_buf_refcount_rm(req, NULL));
		expect_ok(doca_buf_refcount_rm(resp, NULL));
	}
	teardown(&fx);
}

static void a_request_list_digests_its_data_in_order(void **state)
{
	struct fixture fx;
	struct doca_buf *req, *part, *resp;
	struct doca_sha_job job = { .base = { .type = DOCA_SHA_JOB_SHA256 } };
	size_t len = 0;

	(void)state;
	setup(&fx);
	/* a million 'a' in three buffers of uneven sizes */
	req = src_buf(&fx, 0, 1000);
	part = src_buf(&fx, 1000, 333333);
	expect_ok(doca_buf_list_chain(req, part));
	part = src_buf(&fx, 334333, MILLION - 334333);
	expect_ok(doca_buf_list_chain(req, part));
	/* the digest goes after the response's data */
	resp = resp_buf(&fx, 64);
	expect_ok(doca_buf_set_data(resp, fx.resp, 5));
	job.req_buf = req;
	job.resp_buf = resp;
	job.base.ctx = fx.ctx;
	expect_ok(doca_workq_submit(fx.workq, &job.base));
	{
		struct doca_event ev = { 0 };

		assert_int_equal(retrieve(fx.workq, &ev), DOCA_SUCCESS);
	}
	assert_digest(fx.resp + 5, million_digest[1]);
	expect_ok(doca_buf_get_data_len(resp, &len));
	assert_int_equal(len, 5 + DOCA_SHA256_BYTE_COUNT);
	expect_ok(doca_buf_refcount_rm(req, NULL));
	expect_ok(doca_buf_refcount_rm(resp, NULL));
	teardown(&fx);
}

/* A million 'a' in partial jobs of step bytes (a multiple of the block), the last one final. */
static void partial_digest(struct fixture *fx, struct doca_sha_partial_session *session, int alg, size_t step)
{
	struct doca_buf *resp = resp_buf(fx, 64);

	for (size_t off = 0; off < MILLION; off += step) {
		size_t len = MILLION - off < step ? MILLION - off : step;
		struct doca_buf *req = src_buf(fx, off, len);
		struct doca_sha_partial_job job = {
			.sha_job = { .base = { .type = partial_type[alg] },
				     .req_buf = req,
				     .resp_buf = resp,
				     .flags = off + len == MILLION ? DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL
								   : DOCA_SHA_JOB_FLAGS_NONE },
			.session = session,
		};

		assert_int_equal(run(fx, &job.sha_job, off), DOCA_SUCCESS);
		expect_ok(doca_buf_refcount_rm(req, NULL));
	}
	assert_digest(fx->resp, million_digest[alg]);
	expect_ok(doca_buf_refcount_rm(resp, NULL));
}

static void partial_digests_carry_on_across_jobs(void **state)
{
	struct fixture fx;
	struct doca_sha_partial_session *session;

	(void)state;
	setup(&fx);
	expect_ok(doca_sha_partial_session_create(fx.sha, fx.workq, &session));
	for (int i = 0; i < 3; i++)
		partial_digest(&fx, session, i, 50 * block_len[i]);
	/* after a final, the session starts again: the same digest with other steps */
	partial_digest(&fx, session, 1, 64);
	partial_digest(&fx, session, 2, 128 * 1000);
	expect_ok(doca_sha_partial_session_destroy(fx.sha, fx.workq, session));
	teardown(&fx);
}

/* A partial job of len bytes from off, its status. */
static doca_error_t partial(struct fixture *fx, struct doca_sha_partial_session *session, int type, size_t off,
			    size_t len, struct doca_buf *resp, uint64_t flags)
{
	struct doca_buf *req = src_buf(fx, off, len);
	struct doca_sha_partial_job job = {
		.sha_job = { .base = { .type = type }, .req_buf = req, .resp_buf = resp, .flags = flags },
		.session = session,
	};
	doca_error_t err = run(fx, &job.sha_job, 7);

	expect_ok(doca_buf_refcount_rm(req, NULL));
	return err;
}

static void sessions_copy_and_refuse_bad_jobs(void **state)
{
	struct fixture fx;
	struct doca_sha_partial_session *a, *b, *stale;
	struct doca_workq *other;
	struct doca_buf *resp;
	struct doca_sha *sha2;

	(void)state;
	setup(&fx);
	expect_ok(doca_sha_partial_session_create(fx.sha, fx.workq, &a));
	expect_ok(doca_sha_partial_session_create(fx.sha, fx.workq, &b));
	resp = resp_buf(&fx, 64);
	/* a's first half, copied to b: both finish the same digest */
	assert_int_equal(partial(&fx, a, DOCA_SHA_JOB_SHA256_PARTIAL, 0, 500032, resp, 0), DOCA_SUCCESS);
	expect_ok(doca_sha_partial_session_copy(fx.sha, fx.workq, a, b));
	assert_int_equal(partial(&fx, b, DOCA_SHA_JOB_SHA256_PARTIAL, 500032, MILLION - 500032, resp,
				 DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL),
			 DOCA_SUCCESS);
	assert_digest(fx.resp, million_digest[1]);
	expect_ok(doca_buf_reset_data_len(resp));
	memset(fx.resp, 0, sizeof(fx.resp));
	/* a job that is not whole blocks (but the final), or of another algorithm, fails and changes nothing */
	assert_int_equal(partial(&fx, a, DOCA_SHA_JOB_SHA256_PARTIAL, 500032, 100, resp, 0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(partial(&fx, a, DOCA_SHA_JOB_SHA1_PARTIAL, 500032, 64, resp, 0), DOCA_ERROR_INVALID_VALUE);
	/* a response without room for the digest fails the final and keeps the state */
	{
		struct doca_buf *small = resp_buf(&fx, 16);

		assert_int_equal(partial(&fx, a, DOCA_SHA_JOB_SHA256_PARTIAL, 500032, MILLION - 500032, small,
					 DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL),
				 DOCA_ERROR_INVALID_VALUE);
		expect_ok(doca_buf_refcount_rm(small, NULL));
	}
	assert_int_equal(partial(&fx, a, DOCA_SHA_JOB_SHA256_PARTIAL, 500032, MILLION - 500032, resp,
				 DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL),
			 DOCA_SUCCESS);
	assert_digest(fx.resp, million_digest[1]);

	/* bad sessions and calls */
	expect_ok(doca_workq_create(4, &other));
	expect_fail(doca_sha_partial_session_create(NULL, fx.workq, &stale), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_create");
	expect_fail(doca_sha_partial_session_create(fx.sha, NULL, &stale), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_create");
	expect_fail(doca_sha_partial_session_create(fx.sha, fx.workq, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_create");
	expect_fail(doca_sha_partial_session_copy(fx.sha, other, a, b), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_copy");
	expect_fail(doca_sha_partial_session_copy(fx.sha, fx.workq, NULL, b), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_copy");
	expect_fail(doca_sha_partial_session_copy(fx.sha, fx.workq, a, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_copy");
	expect_fail(doca_sha_partial_session_destroy(fx.sha, other, a), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_destroy");
	expect_ok(doca_sha_create(&sha2));
	expect_fail(doca_sha_partial_session_destroy(sha2, fx.workq, a), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_destroy");
	/* a context with sessions is in use */
	expect_fail(doca_sha_destroy(fx.sha), DOCA_ERROR_IN_USE, "doca_sha_destroy");
	/* a job of a session submitted on another context is refused */
	{
		struct doca_buf *req = src_buf(&fx, 0, 64);
		struct doca_sha_partial_job job = {
			.sha_job = { .base = { .type = DOCA_SHA_JOB_SHA256_PARTIAL, .ctx = doca_sha_as_ctx(sha2) },
				     .req_buf = req,
				     .resp_buf = resp },
			.session = a,
		};
		struct doca_sha_job whole = { .base = { .type = DOCA_SHA_JOB_SHA256, .ctx = fx.ctx },
					      .req_buf = req,
					      .resp_buf = resp,
					      .flags = DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL };

		expect_ok(doca_ctx_dev_add(doca_sha_as_ctx(sha2), fx.dev));
		expect_ok(doca_ctx_start(doca_sha_as_ctx(sha2)));
		expect_ok(doca_ctx_workq_add(doca_sha_as_ctx(sha2), fx.workq));
		expect_fail(doca_workq_submit(fx.workq, &job.sha_job.base), DOCA_ERROR_INVALID_VALUE,
			    "doca_workq_submit");
		/* the partial flag on a whole job, no buffer */
		expect_fail(doca_workq_submit(fx.workq, &whole.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
		whole.flags = 0;
		whole.req_buf = NULL;
		expect_fail(doca_workq_submit(fx.workq, &whole.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
		whole.base.type = DOCA_ACTION_SHA_FIRST;
		expect_fail(doca_workq_submit(fx.workq, &whole.base), DOCA_ERROR_NOT_SUPPORTED, "doca_workq_submit");
		expect_ok(doca_ctx_workq_rm(doca_sha_as_ctx(sha2), fx.workq));
		expect_ok(doca_ctx_stop(doca_sha_as_ctx(sha2)));
		expect_ok(doca_ctx_dev_rm(doca_sha_as_ctx(sha2), fx.dev));
		expect_ok(doca_buf_refcount_rm(req, NULL));
	}
	expect_ok(doca_sha_destroy(sha2));
	expect_ok(doca_sha_partial_session_destroy(fx.sha, fx.workq, b));
	stale = b;
	expect_fail(doca_sha_partial_session_destroy(fx.sha, fx.workq, stale), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_destroy");
	expect_fail(doca_sha_partial_session_copy(fx.sha, fx.workq, a, stale), DOCA_ERROR_INVALID_VALUE,
		    "doca_sha_partial_session_copy");
	expect_ok(doca_sha_partial_session_destroy(fx.sha, fx.workq, a));
	expect_ok(doca_workq_destroy(other));
	expect_ok(doca_buf_refcount_rm(resp, NULL));
	teardown(&fx);
}

static void a_session_with_a_job_in_flight_is_in_use(void **state)
{
	struct fixture fx;
	struct doca_sha_partial_session *s, *t;
	struct doca_buf *req, *resp;
	struct doca_event ev = { 0 };

	(void)state;
	setup(&fx);
	expect_ok(doca_sha_partial_session_create(fx.sha, fx.workq, &s));
	expect_ok(doca_sha_partial_session_create(fx.sha, fx.workq, &t));
	req = src_buf(&fx, 0, 64);
	resp = resp_buf(&fx, 64);
	{
		struct doca_sha_partial_job job = {
			.sha_job = { .base = { .type = DOCA_SHA_JOB_SHA1_PARTIAL, .ctx = fx.ctx },
				     .req_buf = req,
				     .resp_buf = resp },
			.session = s,
		};

		expect_ok(doca_workq_submit(fx.workq, &job.sha_job.base));
	}
	expect_fail(doca_sha_partial_session_destroy(fx.sha, fx.workq, s), DOCA_ERROR_IN_USE,
		    "doca_sha_partial_session_destroy");
	expect_fail(doca_sha_partial_session_copy(fx.sha, fx.workq, s, t), DOCA_ERROR_IN_USE,
		    "doca_sha_partial_session_copy");
	/* a stop with the work queue added and a job not retrieved is refused */
	expect_fail(doca_ctx_workq_rm(fx.ctx, fx.workq), DOCA_ERROR_IN_USE, "doca_ctx_workq_rm");
	assert_int_equal(retrieve(fx.workq, &ev), DOCA_SUCCESS);
	expect_ok(doca_sha_partial_session_destroy(fx.sha, fx.workq, s));
	expect_ok(doca_sha_partial_session_destroy(fx.sha, fx.workq, t));
	expect_ok(doca_buf_refcount_rm(req, NULL));
	expect_ok(doca_buf_refcount_rm(resp, NULL));
	teardown(&fx);
}

/* A child process exports "abc" followed by room (doca_mmap_export_dpu): the request and the response are its. */
static void another_process_memory(void **state)
{
	int to_parent[2], to_child[2], status;
	char desc[4096];
	size_t desc_len;
	pid_t child;

	(void)state;
	assert_int_equal(pipe(to_parent), 0);
	assert_int_equal(pipe(to_child), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		/* the exporter: serves its memory until the parent is done, then checks the digest it got */
		static uint8_t mem[256];
		struct doca_dev *dev = sim_dev_open(0);
		struct doca_mmap *map;
		const void *d;
		size_t len;
		uint8_t go;
		int ok;

		close(to_parent[0]);
		close(to_child[1]);
		memcpy(mem, "abc", 3);
		doca_mmap_create(NULL, &map);
		doca_mmap_set_memrange(map, mem, sizeof(mem));
		doca_mmap_set_permissions(map, DOCA_ACCESS_DPU_READ_WRITE);
		doca_mmap_dev_add(map, dev);
		doca_mmap_start(map);
		ok = doca_mmap_export_dpu(map, dev, &d, &len) == DOCA_SUCCESS;
		if (!ok || write(to_parent[1], &len, sizeof(len)) != sizeof(len) ||
		    write(to_parent[1], d, len) != (ssize_t)len)
			_exit(2);
		if (read(to_child[0], &go, 1) != 1)
			_exit(3);
		/* abc's SHA-1, at 128 */
		ok = mem[128] == 0xa9 && mem[129] == 0x99 && mem[147] == 0x9d;
		doca_mmap_stop(map);
		doca_mmap_destroy(map);
		doca_dev_close(dev);
		_exit(ok ? 0 : 1);
	}
	close(to_parent[1]);
	close(to_child[0]);
	assert_int_equal(read(to_parent[0], &desc_len, sizeof(desc_len)), sizeof(desc_len));
	assert_true(desc_len <= sizeof(desc));
	assert_int_equal(read(to_parent[0], desc, desc_len), (ssize_t)desc_len);
	{
		struct fixture fx;
		struct doca_mmap *remote;
		struct doca_buf *req, *resp;
		void *base;
		size_t total;

		setup(&fx);
		expect_ok(doca_mmap_create_from_export(NULL, desc, desc_len, fx.dev, &remote));
		expect_ok(doca_mmap_get_memrange(remote, &base, &total));
		assert_int_equal(total, 256);
		expect_ok(doca_buf_inventory_buf_by_data(fx.inv, remote, base, 3, &req));
		expect_ok(doca_buf_inventory_buf_by_addr(fx.inv, remote, (uint8_t *)base + 128, 128, &resp));
		{
			struct doca_sha_job job = { .base = { .type = DOCA_SHA_JOB_SHA1 },
						    .req_buf = req,
						    .resp_buf = resp };
			size_t len = 0;

			assert_int_equal(run(&fx, &job, 1), DOCA_SUCCESS);
			expect_ok(doca_buf_get_data_len(resp, &len));
			assert_int_equal(len, DOCA_SHA1_BYTE_COUNT);
		}
		expect_ok(doca_buf_refcount_rm(req, NULL));
		expect_ok(doca_buf_refcount_rm(resp, NULL));
		expect_ok(doca_mmap_destroy(remote));
		teardown(&fx);
	}
	assert_int_equal(write(to_child[1], "x", 1), 1);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	close(to_parent[0]);
	close(to_child[1]);
}

/* Whether the work queue's event handle turns readable within a second. */
static bool wakes(doca_event_handle_t handle)
{
	struct epoll_event e;

	return epoll_wait(handle, &e, 1, 1000) == 1;
}

static void event_driven_work_queues_wake_for_jobs(void **state)
{
	struct fixture fx;
	struct doca_workq *workq;
	doca_event_handle_t handle;
	struct doca_buf *req, *resp;
	struct doca_event ev = { 0 };

	(void)state;
	setup(&fx);
	expect_ok(doca_workq_create(4, &workq));
	expect_ok(doca_workq_set_event_driven_enable(workq, 1));
	expect_ok(doca_ctx_workq_add(fx.ctx, workq));
	expect_ok(doca_workq_get_event_handle(workq, &handle));
	memcpy(fx.src, "abc", 3);
	req = src_buf(&fx, 0, 3);
	resp = resp_buf(&fx, 64);
	{
		struct doca_sha_job job = { .base = { .type = DOCA_SHA_JOB_SHA1, .ctx = fx.ctx },
					    .req_buf = req,
					    .resp_buf = resp };

		/* armed, nothing waiting: quiet until a job comes */
		expect_ok(doca_workq_event_handle_arm(workq));
		{
			struct epoll_event e;

			assert_int_equal(epoll_wait(handle, &e, 1, 0), 0);
		}
		expect_ok(doca_workq_submit(workq, &job.base));
		assert_true(wakes(handle));
		expect_ok(doca_workq_event_handle_clear(workq, handle));
		assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
		assert_digest(fx.resp, abc_digest[0]);
		/* a job waiting: the arming fires at once */
		expect_ok(doca_buf_reset_data_len(resp));
		expect_ok(doca_workq_submit(workq, &job.base));
		expect_ok(doca_workq_event_handle_arm(workq));
		assert_true(wakes(handle));
		expect_ok(doca_workq_event_handle_clear(workq, handle));
		assert_int_equal(retrieve(workq, &ev), DOCA_SUCCESS);
		assert_digest(fx.resp, abc_digest[0]);
		/* cleared and nothing waiting: quiet */
		expect_ok(doca_workq_event_handle_arm(workq));
		{
			struct epoll_event e;

			assert_int_equal(epoll_wait(handle, &e, 1, 0), 0);
		}
	}
	expect_ok(doca_buf_refcount_rm(req, NULL));
	expect_ok(doca_buf_refcount_rm(resp, NULL));
	expect_ok(doca_ctx_workq_rm(fx.ctx, workq));
	expect_ok(doca_workq_destroy(workq));
	teardown(&fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capabilities),
		cmocka_unit_test(objects),
		cmocka_unit_test(digests_of_known_vectors),
		cmocka_unit_test(a_request_list_digests_its_data_in_order),
		cmocka_unit_test(partial_digests_carry_on_across_jobs),
		cmocka_unit_test(sessions_copy_and_refuse_bad_jobs),
		cmocka_unit_test(a_session_with_a_job_in_flight_is_in_use),
		cmocka_unit_test(event_driven_work_queues_wake_for_jobs),
		cmocka_unit_test(another_process_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
