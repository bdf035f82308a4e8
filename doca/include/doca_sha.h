/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_sha.h
 * @brief DOCA SHA (2.2): SHA-1, SHA-256 and SHA-512 digests as jobs of a context on work queues.
 *
 * A SHA context takes one device (doca_ctx_dev_add) and jobs (struct doca_sha_job) through the work
 * queues added to it; each job digests the data of its request buffer (a list of buffers: their data
 * in order) and appends the digest to its response buffer's data. Partial jobs (the *_PARTIAL types,
 * struct doca_sha_partial_job) carry on a digest across jobs in a session
 * (doca_sha_partial_session_create): every job but the last digests a multiple of the algorithm's
 * block (64 bytes, 128 for SHA-512) and writes nothing; the last (DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL)
 * writes the digest of all, after which the session starts again.
 *
 * The 2.2 line only (DOCA_VER_USED of 2.0 - 2.4, doca_release.h): later releases have no DOCA SHA.
 */
#ifndef OPENDOCA_DOCA_SHA_H
#define OPENDOCA_DOCA_SHA_H

#include <stdint.h>
#include "doca_compat.h"
#include "doca_buf.h"
#include "doca_ctx.h"
#include "doca_error.h"

#ifdef __cplusplus
extern "C" {
#endif

#if OPENDOCA_REL == 22
struct doca_buf;
struct doca_ctx;
struct doca_devinfo;
struct doca_workq;

/** SHA job types (DOCA_ACTION_SHA_FIRST + 1 ...). */
enum doca_sha_job_type {
	DOCA_SHA_JOB_SHA1 = 589825,           /**< a SHA-1 digest */
	DOCA_SHA_JOB_SHA256 = 589826,         /**< a SHA-256 digest */
	DOCA_SHA_JOB_SHA512 = 589827,         /**< a SHA-512 digest */
	DOCA_SHA_JOB_SHA1_PARTIAL = 589828,   /**< a part of a SHA-1 digest (struct doca_sha_partial_job) */
	DOCA_SHA_JOB_SHA256_PARTIAL = 589829, /**< a part of a SHA-256 digest (struct doca_sha_partial_job) */
	DOCA_SHA_JOB_SHA512_PARTIAL = 589830, /**< a part of a SHA-512 digest (struct doca_sha_partial_job) */
};

/** Bytes of a SHA-1 digest. */
#define DOCA_SHA1_BYTE_COUNT 20
/** Bytes of a SHA-256 digest. */
#define DOCA_SHA256_BYTE_COUNT 32
/** Bytes of a SHA-512 digest. */
#define DOCA_SHA512_BYTE_COUNT 64

/** The flags of a SHA job (struct doca_sha_job's flags). */
enum doca_sha_job_flags {
	DOCA_SHA_JOB_FLAGS_NONE = 0,              /**< no flag */
	DOCA_SHA_JOB_FLAGS_SHA_PARTIAL_FINAL = 1, /**< the last job of a partial digest: writes the digest */
};

/** A SHA job. */
struct doca_sha_job {
	struct doca_job base;      /**< the common job part (type: enum doca_sha_job_type) */
	struct doca_buf *req_buf;  /**< the data to digest (a list of buffers: their data in order) */
	struct doca_buf *resp_buf; /**< where the digest goes: appended to its data (the list's first buffer) */
	uint64_t flags;            /**< enum doca_sha_job_flags */
};

/** A session of partial SHA jobs: the state of a digest between its jobs. */
struct doca_sha_partial_session;

/** A partial SHA job: a part of the digest of its session. */
struct doca_sha_partial_job {
	struct doca_sha_job sha_job;              /**< the job (a *_PARTIAL type) */
	struct doca_sha_partial_session *session; /**< the session it continues */
};

/** A SHA context. */
struct doca_sha;

/**
 * @brief Creates a SHA context, without a device (doca_ctx_dev_add gives it one).
 *
 * @param [out] ctx the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_create(struct doca_sha **ctx);

/**
 * @brief Destroys a SHA context, which must be stopped.
 *
 * @param [in] ctx the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when not stopped,
 *         DOCA_ERROR_IN_USE while partial sessions of it exist.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_destroy(struct doca_sha *ctx);

/**
 * @brief Whether a device's SHA contexts take jobs of a type.
 *
 * @param [in] devinfo the device
 * @param [in] job_type the job type
 * @return DOCA_SUCCESS when they do, DOCA_ERROR_NOT_SUPPORTED when not, DOCA_ERROR_INVALID_VALUE for a bad
 *         argument.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_job_get_supported(const struct doca_devinfo *devinfo, enum doca_sha_job_type job_type);

/**
 * @brief The longest list of buffers a SHA job's request may be.
 *
 * @param [in] devinfo the device
 * @param [out] max_list_num_elem the most buffers
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_get_max_list_buf_num_elem(const struct doca_devinfo *devinfo, uint32_t *max_list_num_elem);

/**
 * @brief The most bytes a SHA job's request may hold.
 *
 * @param [in] devinfo the device
 * @param [out] max_buffer_size the most bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_get_max_src_buffer_size(const struct doca_devinfo *devinfo, uint64_t *max_buffer_size);

/**
 * @brief The room a SHA job's response buffer needs for a job type (its digest's bytes).
 *
 * @param [in] devinfo the device
 * @param [in] job_type the job type
 * @param [out] min_buffer_size the bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument or job type.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_get_min_dst_buffer_size(const struct doca_devinfo *devinfo, enum doca_sha_job_type job_type,
					      uint32_t *min_buffer_size);

/**
 * @brief Whether a device digests with a SHA engine of its own (else the host's CPU computes the jobs).
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS when it has one, DOCA_ERROR_NOT_SUPPORTED when not (the simulated devices),
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_get_hardware_supported(const struct doca_devinfo *devinfo);

/**
 * @brief The context (struct doca_ctx) of a SHA context.
 *
 * @param [in] ctx the SHA context
 * @return the context, NULL for a bad argument.
 */
__DOCA_EXPERIMENTAL
struct doca_ctx *doca_sha_as_ctx(struct doca_sha *ctx);

/**
 * @brief Creates a session of partial jobs of a context on a work queue added to it.
 *
 * @param [in] ctx the SHA context
 * @param [in] workq the work queue its jobs go through (a job of it through another fails)
 * @param [out] session the session, its digest empty
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_partial_session_create(struct doca_sha *ctx, struct doca_workq *workq,
					     struct doca_sha_partial_session **session);

/**
 * @brief Destroys a session of partial jobs.
 *
 * @param [in] ctx the SHA context of the session
 * @param [in] workq the work queue of the session
 * @param [in] session the session
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument or a session of another context or work
 *         queue, DOCA_ERROR_IN_USE while a job of it is not retrieved.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_partial_session_destroy(struct doca_sha *ctx, struct doca_workq *workq,
					      struct doca_sha_partial_session *session);

/**
 * @brief Copies the state of a session's digest to another session of the context and work queue.
 *
 * @param [in] ctx the SHA context of both sessions
 * @param [in] workq the work queue of both sessions
 * @param [in] from_session the session copied
 * @param [in] to_session the session that takes its state
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument or a session of another context or work
 *         queue, DOCA_ERROR_IN_USE while a job of either is not retrieved, DOCA_ERROR_NO_MEMORY when out of
 *         memory.
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_sha_partial_session_copy(struct doca_sha *ctx, struct doca_workq *workq,
					   const struct doca_sha_partial_session *from_session,
					   struct doca_sha_partial_session *to_session);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_SHA_H */
