/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_mmap_advise.h
 * @brief DOCA memory map advice (2.7 and later): a context whose tasks invalidate the CPU's cache of
 * a buffer, so that the CPU reads what a device wrote there.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_MMAP_ADVISE_H
#define OPENDOCA_DOCA_MMAP_ADVISE_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_mmap_advise;
struct doca_mmap_advise_task_invalidate_cache;
struct doca_task;

#if OPENDOCA_REL >= 27
/**
 * @brief Called by the progress engine when a cache invalidation task completes (or fails).
 *
 * @param [in] task the task
 * @param [in] task_user_data the task's user data
 * @param [in] ctx_user_data the context's user data
 */
typedef void (*doca_mmap_advise_task_invalidate_cache_completion_cb_t)(
	struct doca_mmap_advise_task_invalidate_cache *task, union doca_data task_user_data,
	union doca_data ctx_user_data);
#endif

/**
 * @brief Creates a memory map advice context on a device (in use until it is destroyed).
 *
 * @param [in] dev the device
 * @param [out] mmap_advise the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_create(struct doca_dev *dev, struct doca_mmap_advise **mmap_advise);
#endif

/**
 * @brief Destroys a memory map advice context (idle).
 *
 * @param [in] mmap_advise the context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless idle.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_destroy(struct doca_mmap_advise *mmap_advise);
#endif

/**
 * @brief The generic context of a memory map advice context.
 *
 * @param [in] mmap_advise the context
 * @return the context, NULL for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_ctx *doca_mmap_advise_as_ctx(struct doca_mmap_advise *mmap_advise);
#endif

/**
 * @brief Whether a device executes cache invalidation tasks.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS when it does, DOCA_ERROR_NOT_SUPPORTED when not, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_cap_task_cache_invalidate_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief The largest buffer a cache invalidation task of a device takes.
 *
 * @param [in] devinfo the device
 * @param [out] buf_size bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_task_cache_invalidate_get_max_buf_size(const struct doca_devinfo *devinfo,
								     uint64_t *buf_size);
#endif

/**
 * @brief Sets the callbacks and the number of cache invalidation tasks (while idle).
 *
 * @param [in] mmap_advise the context
 * @param [in] completion_cb called for a task done
 * @param [in] error_cb called for a task failed
 * @param [in] num_tasks the tasks the context has
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless idle.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_task_invalidate_cache_set_conf(
	struct doca_mmap_advise *mmap_advise, doca_mmap_advise_task_invalidate_cache_completion_cb_t completion_cb,
	doca_mmap_advise_task_invalidate_cache_completion_cb_t error_cb, uint32_t num_tasks);
#endif

/**
 * @brief Allocates a cache invalidation task of a running context.
 *
 * @param [in] mmap_advise the context
 * @param [in] buf the buffer whose data the CPU's cache forgets
 * @param [in] user_data the task's user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE unless running,
 *         DOCA_ERROR_NO_MEMORY when every task is allocated.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_mmap_advise_task_invalidate_cache_alloc_init(struct doca_mmap_advise *mmap_advise,
							       struct doca_buf *buf, union doca_data user_data,
							       struct doca_mmap_advise_task_invalidate_cache **task);
#endif

/**
 * @brief A cache invalidation task as a DOCA task.
 *
 * @param [in] task the task
 * @return the task, NULL for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_task *
doca_mmap_advise_task_invalidate_cache_as_doca_task(struct doca_mmap_advise_task_invalidate_cache *task);
#endif

/**
 * @brief Sets the buffer of a cache invalidation task (not submitted).
 *
 * @param [in] task the task
 * @param [in] buf the buffer
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_mmap_advise_task_invalidate_cache_set_buf(struct doca_mmap_advise_task_invalidate_cache *task,
						    struct doca_buf *buf);
#endif

/**
 * @brief The buffer of a cache invalidation task.
 *
 * @param [in] task the task
 * @return the buffer, NULL for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_buf *
doca_mmap_advise_task_invalidate_cache_get_buf(const struct doca_mmap_advise_task_invalidate_cache *task);
#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENDOCA_DOCA_MMAP_ADVISE_H */
