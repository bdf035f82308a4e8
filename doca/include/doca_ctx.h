/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_ctx.h
 * @brief DOCA contexts (the base of every data-path library) and, in 2.2 and 1.4, work queues and jobs.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_CTX_H
#define OPENDOCA_DOCA_CTX_H

#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_dpa;
struct doca_gpu;
struct doca_workq;

/** Number of bits of a library's job type range (2.2). */
#if OPENDOCA_REL <= 22
#define DOCA_ACTION_SDK_RANGE 16
#endif

#if OPENDOCA_REL <= 22
/** First job type of each library (2.2 job types are library-first + n). */
enum doca_action_type {
	DOCA_ACTION_NONE = 0,
	DOCA_ACTION_DMA_FIRST = 65536,
	DOCA_ACTION_DEVEMU_FIRST = 131072,
	DOCA_ACTION_DEVEMU_PCI_FIRST = 196608,
	DOCA_ACTION_VIRTIO_FS_FIRST = 262144,
	DOCA_ACTION_VBLK_FIRST = 327680,
	DOCA_ACTION_REGEX_FIRST = 393216,
	DOCA_ACTION_NVME_FIRST = 458752,
	DOCA_ACTION_APPSHIELD_FIRST = 524288,
	DOCA_ACTION_SHA_FIRST = 589824,
	DOCA_ACTION_COMPRESS_FIRST = 655360,
	DOCA_ACTION_IPSEC_FIRST = 720896,
	DOCA_ACTION_RMAX_FIRST = 786432,
	DOCA_ACTION_RDMA_FIRST = 851968,
	DOCA_ACTION_GRAPH_FIRST = 917504,
	DOCA_ACTION_SYNC_EVENT_FIRST = 983040,
	DOCA_ACTION_DPI_FIRST = 1048576,
	DOCA_ACTION_EC_FIRST = 1114112,
	DOCA_ACTION_NVRD_TRANSPORT_FIRST = 1179648,
};
#endif

#if OPENDOCA_REL >= 25
/** States of a context: idle -> starting -> running -> stopping -> idle. */
enum doca_ctx_states {
	DOCA_CTX_STATE_IDLE = 0,
	DOCA_CTX_STATE_STARTING = 1,
	DOCA_CTX_STATE_RUNNING = 2,
	DOCA_CTX_STATE_STOPPING = 3,
};
#endif

#if OPENDOCA_REL <= 22
/** Job flags (2.2). */
enum doca_job_flags {
	DOCA_JOB_FLAGS_NONE = 0,
};
#endif

#if OPENDOCA_REL <= 14
/** Work queue properties (1.4; values are the project's). */
enum doca_workq_property {
	DOCA_WORKQ_DEPTH = 1,
};
#endif

#if OPENDOCA_REL <= 22
/** Flags of doca_workq_progress_retrieve (2.2). */
enum doca_workq_retrieve_flags {
	DOCA_WORKQ_RETRIEVE_FLAGS_NONE = 0,
};
#endif

/** A completion or event retrieved from a 2.2 work queue. */
#if OPENDOCA_REL <= 22
struct doca_event {
	int type;                  /**< the type of the job or event */
	union doca_data user_data; /**< the user data of the job */
	union doca_data result;    /**< the result: a library-specific value or pointer */
};
#endif

/** The common part of every 2.2 job (the first member of a library's job). */
#if OPENDOCA_REL <= 22
struct doca_job {
	int type;                  /**< the job type (a library's DOCA_ACTION_*_FIRST + n) */
	int flags;                 /**< DOCA_JOB_FLAGS_* */
	struct doca_ctx *ctx;      /**< the context that executes the job */
	union doca_data user_data; /**< returned in the job's event */
};
#endif

/** Called on each context state change with the context user data. */
#if OPENDOCA_REL >= 25
typedef void (*doca_ctx_state_changed_callback_t)(const union doca_data user_data, struct doca_ctx *ctx,
						  enum doca_ctx_states prev_state, enum doca_ctx_states next_state);
#endif

/**
 * @brief The num completion vectors a device allows for the context.
 *
 * @param [in] devinfo the device information
 * @param [out] num_comp_vectors number of completion vectors
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_ctx_cap_get_num_completion_vectors(const struct doca_devinfo *devinfo, uint32_t *num_comp_vectors);
#endif

/**
 * @brief Gives a device to a context before it starts.
 *
 * @param [in] ctx the context
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_dev_add(struct doca_ctx *ctx, struct doca_dev *dev);
#endif

/**
 * @brief Takes a device back from a stopped context.
 *
 * @param [in] ctx the context
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_dev_rm(struct doca_ctx *ctx, struct doca_dev *dev);
#endif

/**
 * @brief Makes the tasks submitted to a context with delay start now.
 *
 * @param [in] ctx the context
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_ctx_flush_tasks(struct doca_ctx *ctx);
#endif

/**
 * @brief Gets the event driven supported of a context.
 *
 * @param [in] ctx the context
 * @param [out] event_supported event supported
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_get_event_driven_supported(struct doca_ctx *ctx, uint8_t *event_supported);
#endif

/**
 * @brief Gets the max num ctx of a context.
 *
 * @param [out] max_num_ctx max num ctx
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_get_max_num_ctx(uint32_t *max_num_ctx);
#endif

/**
 * @brief Gets the num inflight tasks of a context.
 *
 * @param [in] ctx the context
 * @param [out] num_inflight_tasks num inflight tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_get_num_inflight_tasks(const struct doca_ctx *ctx, size_t *num_inflight_tasks);
#endif

/**
 * @brief Gets the state of a context.
 *
 * @param [in] ctx the context
 * @param [out] state the state
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_get_state(const struct doca_ctx *ctx, enum doca_ctx_states *state);
#endif

/**
 * @brief Gets the user data of a context.
 *
 * @param [in] ctx the context
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_get_user_data(const struct doca_ctx *ctx, union doca_data *user_data);
#endif

/**
 * @brief Sets the completion vector of a context.
 *
 * @param [in] ctx the context
 * @param [in] comp_vector the completion vector
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_ctx_set_completion_vector(struct doca_ctx *ctx, uint32_t comp_vector);
#endif

/**
 * @brief Sets the datapath on dpa of a context.
 *
 * @param [in] ctx the context
 * @param [in] dpa_dev dpa dev
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_ctx_set_datapath_on_dpa(struct doca_ctx *ctx, struct doca_dpa *dpa_dev);
#endif

/**
 * @brief Sets the datapath on gpu of a context.
 *
 * @param [in] ctx the context
 * @param [in] gpu_dev gpu dev
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_ctx_set_datapath_on_gpu(struct doca_ctx *ctx, struct doca_gpu *gpu_dev);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_set_datapath_on_gpu(struct doca_ctx *ctx, struct doca_gpu *gpu_dev);
#endif

/**
 * @brief Sets the state changed cb of a context.
 *
 * @param [in] ctx the context
 * @param [in] cb the callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_set_state_changed_cb(struct doca_ctx *ctx, doca_ctx_state_changed_callback_t cb);
#endif

/**
 * @brief Sets the user data of a context.
 *
 * @param [in] ctx the context
 * @param [in] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_set_user_data(struct doca_ctx *ctx, union doca_data user_data);
#endif

/**
 * @brief Starts a context.
 *
 * @param [in] ctx the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_start(struct doca_ctx *ctx);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_start(struct doca_ctx *ctx);
#endif

/**
 * @brief Stops a context.
 *
 * A context that is idle already is left as it is (DOCA_SUCCESS).
 *
 * @param [in] ctx the context
 * @return DOCA_SUCCESS (stopped, or idle already), DOCA_ERROR_IN_PROGRESS when tasks are still in flight (the
 *         state callback says when it is idle), DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_IN_USE
 *         while work queues are added (2.2), or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_ctx_stop(struct doca_ctx *ctx);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_stop(struct doca_ctx *ctx);
#endif

/**
 * @brief Attaches a work queue to a started context.
 *
 * @param [in] ctx the context
 * @param [in] workq the work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_workq_add(struct doca_ctx *ctx, struct doca_workq *workq);
#endif

/**
 * @brief Detaches a work queue from a context.
 *
 * @param [in] ctx the context
 * @param [in] workq the work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_ctx_workq_rm(struct doca_ctx *ctx, struct doca_workq *workq);
#endif

/**
 * @brief Creates a work queue.
 *
 * @param [in] depth number of jobs in flight at most
 * @param [out] workq the work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_create(uint32_t depth, struct doca_workq **workq);
#endif

/**
 * @brief Destroys a work queue.
 *
 * @param [in] workq the work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_destroy(struct doca_workq *workq);
#endif

/**
 * @brief Arms the event handle of a work queue: it signals the next completion.
 *
 * @param [in] workq the work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_event_handle_arm(struct doca_workq *workq);
#endif

/**
 * @brief Clears the signal of a work queue's event handle.
 *
 * @param [in] workq the work queue
 * @param [in] handle the notification handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_event_handle_clear(struct doca_workq *workq, doca_event_handle_t handle);
#endif

/**
 * @brief Gets the depth of a work queue.
 *
 * @param [in] workq the work queue
 * @param [out] depth number of jobs in flight at most
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_get_depth(const struct doca_workq *workq, uint32_t *depth);
#endif

/**
 * @brief Gets the event driven enable of a work queue.
 *
 * @param [in] workq the work queue
 * @param [out] enabled enabled
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_get_event_driven_enable(struct doca_workq *workq, uint8_t *enabled);
#endif

/**
 * @brief Gets the event handle of a work queue.
 *
 * @param [in] workq the work queue
 * @param [out] handle the notification handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_get_event_handle(struct doca_workq *workq, doca_event_handle_t *handle);
#endif

/**
 * @brief Progresses the work queue and retrieves one completed job's event, if any.
 *
 * @param [in] workq the work queue
 * @param [out] ev the completion event
 * @param [in] flags flags
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_progress_retrieve(struct doca_workq *workq, struct doca_event *ev, int flags);
#endif

/**
 * @brief Gets a property of a work queue (1.4).
 *
 * @param [in] workq the work queue
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_property_get(const struct doca_workq *workq, enum doca_workq_property property, uint8_t *value,
				     uint32_t size);
#endif

/**
 * @brief Sets a property of a work queue (1.4).
 *
 * @param [in] workq the work queue
 * @param [in] property the property
 * @param [in] value value
 * @param [in] size the size of the output buffer in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_property_set(struct doca_workq *workq, enum doca_workq_property property, const uint8_t *value,
				     uint32_t size);
#endif

/**
 * @brief Sets the event driven enable of a work queue.
 *
 * @param [in] workq the work queue
 * @param [in] enable 1 to enable, 0 to disable
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_set_event_driven_enable(struct doca_workq *workq, uint8_t enable);
#endif

/**
 * @brief Sets the event handle of a work queue.
 *
 * @param [in] workq the work queue
 * @param [in] event_handle the event handle
 * @param [in] completion_key passed back with the events
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_set_event_handle(struct doca_workq *workq, doca_event_handle_t event_handle,
					 uintptr_t completion_key);
#endif

/**
 * @brief Submits a job to the context it names through this work queue.
 *
 * @param [in] workq the work queue
 * @param [in] job the job
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_submit(struct doca_workq *workq, const struct doca_job *job);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_CTX_H */
