/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_pe.h
 * @brief DOCA progress engines and tasks (2.5 and later).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_PE_H
#define OPENDOCA_DOCA_PE_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_ctx.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_pe;
struct doca_task;
struct doca_task_batch;

#if OPENDOCA_REL >= 30
/** Events per event batch. */
enum doca_event_batch_events_number {
	DOCA_EVENT_BATCH_EVENTS_NUMBER_1 = 0,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_2 = 1,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_4 = 2,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_8 = 3,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_16 = 4,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_32 = 5,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_64 = 6,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_128 = 7,
};
#endif

#if OPENDOCA_REL >= 30
/** Progress engine event modes. */
enum doca_pe_event_mode {
	DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE = 0,
	DOCA_PE_EVENT_MODE_PROGRESS_ALL = 1,
};
#endif

#if OPENDOCA_REL >= 30
/** Tasks per task batch. */
enum doca_task_batch_max_tasks_number {
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16 = 0,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_32 = 1,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_64 = 2,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_128 = 3,
};
#endif

#if OPENDOCA_REL >= 30
/** Flags of doca_task_submit_ex. */
enum doca_task_submit_flag {
	DOCA_TASK_SUBMIT_FLAG_NONE = 0,
	DOCA_TASK_SUBMIT_FLAG_FLUSH = 1,
	DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS = 2,
};
#endif

/** Called on a task completion with the task and context user data. */
#if OPENDOCA_REL >= 25
typedef void (*doca_task_completion_cb_t)(struct doca_task *task, union doca_data task_user_data,
					  union doca_data ctx_user_data);
#endif

/**
 * @brief Clears the signal of a progress engine's notification handle.
 *
 * @param [in] pe the progress engine
 * @param [in] handle the notification handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_clear_notification(struct doca_pe *pe, doca_notification_handle_t handle);
#endif

/**
 * @brief Connects a context to a progress engine (before the context starts).
 *
 * @param [in] pe the progress engine
 * @param [in] ctx the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_connect_ctx(struct doca_pe *pe, struct doca_ctx *ctx);
#endif

/**
 * @brief Creates a progress engine.
 *
 * @param [out] pe the progress engine
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_create(struct doca_pe **pe);
#endif

/**
 * @brief Destroys a progress engine.
 *
 * @param [in] pe the progress engine
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_destroy(struct doca_pe *pe);
#endif

/**
 * @brief Gets the notification handle of a progress engine.
 *
 * @param [in] pe the progress engine
 * @param [out] handle the notification handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_get_notification_handle(const struct doca_pe *pe, doca_notification_handle_t *handle);
#endif

/**
 * @brief Gets the num inflight tasks of a progress engine.
 *
 * @param [in] pe the progress engine
 * @param [out] num_inflight_tasks num inflight tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_get_num_inflight_tasks(const struct doca_pe *pe, size_t *num_inflight_tasks);
#endif

/**
 * @brief Runs the progress engine once: completes what finished, calling the callbacks.
 *
 * @param [in] pe the progress engine
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
uint8_t doca_pe_progress(struct doca_pe *pe);
#endif

/**
 * @brief Arms the notification handle of a progress engine: it signals the next completion.
 *
 * @param [in] pe the progress engine
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_pe_request_notification(struct doca_pe *pe);
#endif

/**
 * @brief Sets the event mode of a progress engine.
 *
 * @param [in] pe the progress engine
 * @param [in] event_mode the event mode
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_pe_set_event_mode(struct doca_pe *pe, enum doca_pe_event_mode event_mode);
#endif

/**
 * @brief Returns a task batch to its context.
 *
 * @param [in] task_batch the task batch
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_task_batch_free(struct doca_task_batch *task_batch);
#endif

/**
 * @brief Gets the ctx of a task batch.
 *
 * @param [in] task_batch the task batch
 * @return the object, or NULL for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
struct doca_ctx *doca_task_batch_get_ctx(const struct doca_task_batch *task_batch);
#endif

/**
 * @brief Gets the ctx user data of a task batch.
 *
 * @param [in] task_batch the task batch
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
union doca_data doca_task_batch_get_ctx_user_data(const struct doca_task_batch *task_batch);
#endif

/**
 * @brief Gets the status of a task batch.
 *
 * @param [in] task_batch the task batch
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_task_batch_get_status(const struct doca_task_batch *task_batch);
#endif

/**
 * @brief Gets the tasks num of a task batch.
 *
 * @param [in] task_batch the task batch
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
uint16_t doca_task_batch_get_tasks_num(struct doca_task_batch *task_batch);
#endif

/**
 * @brief Gets the user data of a task batch.
 *
 * @param [in] task_batch the task batch
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
union doca_data doca_task_batch_get_user_data(const struct doca_task_batch *task_batch);
#endif

/**
 * @brief Sets the user data of a task batch.
 *
 * @param [in] task_batch the task batch
 * @param [in] user_data user data
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_task_batch_set_user_data(struct doca_task_batch *task_batch, union doca_data user_data);
#endif

/**
 * @brief Submits a task batch to its context.
 *
 * @param [in] task_batch the task batch
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_task_batch_submit(struct doca_task_batch *task_batch);
#endif

/**
 * @brief Submits a task batch unless the context or engine is full.
 *
 * @param [in] task_batch the task batch
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_task_batch_try_submit(struct doca_task_batch *task_batch);
#endif

/**
 * @brief Returns a task to its context's pool.
 *
 * @param [in] task the task
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
void doca_task_free(struct doca_task *task);
#endif

/**
 * @brief Gets the ctx of a task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_ctx *doca_task_get_ctx(const struct doca_task *task);
#endif

/**
 * @brief Gets the status of a task.
 *
 * @param [in] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_task_get_status(const struct doca_task *task);
#endif

/**
 * @brief Gets the user data of a task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
union doca_data doca_task_get_user_data(const struct doca_task *task);
#endif

/**
 * @brief Sets the user data of a task.
 *
 * @param [in] task the task
 * @param [in] user_data user data
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
void doca_task_set_user_data(struct doca_task *task, union doca_data user_data);
#endif

/**
 * @brief Submits a task to its context.
 *
 * @param [in] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_task_submit(struct doca_task *task);
#endif

/**
 * @brief Submits a task with flags (DOCA_TASK_SUBMIT_FLAG_*).
 *
 * @param [in] task the task
 * @param [in] flags flags
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_task_submit_ex(struct doca_task *task, uint32_t flags);
#endif

/**
 * @brief Submits a task unless the context or engine is full.
 *
 * @param [in] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_task_try_submit(struct doca_task *task);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_PE_H */
