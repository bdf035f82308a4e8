/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_dma.h
 * @brief DOCA DMA: memory copies by the device's DMA engine.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_DMA_H
#define OPENDOCA_DOCA_DMA_H

/* Programs print the sizes of DMA with PRIu64 and the like having included this header only (NVIDIA's
 * DMA samples do), as NVIDIA's includes <inttypes.h>. */
#include <inttypes.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_buf.h"
#include "doca_dev.h"
#include "doca_ctx.h"
#include "doca_pe.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_dma;
struct doca_dma_task_memcpy;
struct doca_gpu_dma;
struct doca_job;
struct doca_task;

#if OPENDOCA_REL <= 14
/** DMA capabilities of a device (1.4). */
enum doca_dma_devinfo_caps {
	DOCA_DMA_CAP_NONE = 0,
	DOCA_DMA_CAP_HW_OFFLOAD = 1,
};
#endif

#if OPENDOCA_REL <= 22
/** DMA job types (2.2). */
enum doca_dma_job_types {
	DOCA_DMA_JOB_MEMCPY = 65537,
};
#endif

/** A 2.2 DMA memory copy job. */
#if OPENDOCA_REL <= 22
struct doca_dma_job_memcpy {
	struct doca_job base;            /**< the common job part */
	struct doca_buf *dst_buff;       /**< the destination buffer */
	const struct doca_buf *src_buff; /**< the source buffer */
};
#endif

/** The result of a 2.2 DMA memory copy job. */
#if OPENDOCA_REL <= 22
struct doca_dma_memcpy_result {
	doca_error_t result; /**< the status of the copy */
};
#endif

/** doca_dma_task_memcpy_completion_cb_t */
#if OPENDOCA_REL >= 25
typedef void (*doca_dma_task_memcpy_completion_cb_t)(struct doca_dma_task_memcpy *task, union doca_data task_user_data,
						     union doca_data ctx_user_data);
#endif

/**
 * @brief The context (struct doca_ctx) of a DMA context.
 *
 * @param [in] dma the DMA context
 * @return the object, or NULL for a bad argument.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_ctx *doca_dma_as_ctx(struct doca_dma *dma);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
struct doca_ctx *doca_dma_as_ctx(struct doca_dma *dma);
#endif

/**
 * @brief The max num tasks a device allows for the DMA context.
 *
 * @param [in] dma the DMA context
 * @param [out] max_num_tasks max num tasks
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_cap_get_max_num_tasks(struct doca_dma *dma, uint32_t *max_num_tasks);
#endif

/**
 * @brief The max buf list len a device allows for memcpy tasks of the DMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] max_buf_list_len max buf list len
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_cap_task_memcpy_get_max_buf_list_len(const struct doca_devinfo *devinfo,
							   uint32_t *max_buf_list_len);
#endif

/**
 * @brief The max buf size a device allows for memcpy tasks of the DMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] buf_size buf size
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_cap_task_memcpy_get_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *buf_size);
#endif

/**
 * @brief Tells whether a device supports memcpy tasks of the DMA context.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_cap_task_memcpy_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Creates a DMA context.
 *
 * @param [in] dev the device
 * @param [out] dma the DMA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dma_create(struct doca_dev *dev, struct doca_dma **dma)
 * - 1.4, 2.2: doca_error_t doca_dma_create(struct doca_dma **dma) — symbol doca_dma_create_v1_4@DOCA_1.4
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_create(struct doca_dev *dev, struct doca_dma **dma);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_create(struct doca_dma **dma) OPENDOCA_FORM(doca_dma_create_v1_4);
#endif

/**
 * @brief Destroys a DMA context.
 *
 * @param [in] dma the DMA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_destroy(struct doca_dma *dma);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_destroy(struct doca_dma *dma);
#endif

/**
 * @brief The DMA capabilities of a device (DOCA_DMA_CAP_*) (1.4).
 *
 * @param [in] devinfo the device information
 * @param [in] dma_caps dma caps
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 1.4 (the DOCA Core programming guide)
 */
#if OPENDOCA_REL <= 14
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_devinfo_caps_get(struct doca_devinfo *devinfo, uint32_t *dma_caps);
#endif

/**
 * @brief Gets the gpu handle of a DMA context.
 *
 * @param [in] dma the DMA context
 * @param [out] gpu_dma gpu dma
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_dma_get_gpu_handle(struct doca_dma *dma, struct doca_gpu_dma **gpu_dma);
#endif

/**
 * @brief Gets the max buf size of a DMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] buf_size buf size
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_get_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *buf_size);
#endif

/**
 * @brief Gets the max list buf num elem of a DMA context.
 *
 * @param [in] devinfo the device information
 * @param [out] max_list_num_elem max list num elem
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_get_max_list_buf_num_elem(const struct doca_devinfo *devinfo, uint32_t *max_list_num_elem);
#endif

/**
 * @brief Tells whether a device supports a DMA job type (2.2).
 *
 * @param [in] devinfo the device information
 * @param [in] job_type job type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dma_job_get_supported(struct doca_devinfo *devinfo, enum doca_dma_job_types job_type);
#endif

/**
 * @brief Takes a memcpy task from the DMA context's pool and initialises it.
 *
 * @param [in] dma the DMA context
 * @param [in] src the source buffer
 * @param [out] dst the destination buffer
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_task_memcpy_alloc_init(struct doca_dma *dma, const struct doca_buf *src, struct doca_buf *dst,
					     union doca_data user_data, struct doca_dma_task_memcpy **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a memcpy task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_task *doca_dma_task_memcpy_as_task(struct doca_dma_task_memcpy *task);
#endif

/**
 * @brief The dst of a memcpy task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
struct doca_buf *doca_dma_task_memcpy_get_dst(const struct doca_dma_task_memcpy *task);
#endif

/**
 * @brief The src of a memcpy task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
const struct doca_buf *doca_dma_task_memcpy_get_src(const struct doca_dma_task_memcpy *task);
#endif

/**
 * @brief Configures the memcpy tasks of a DMA context: callbacks and number of tasks.
 *
 * @param [in] dma the DMA context
 * @param [in] task_completion_cb task completion cb
 * @param [in] task_error_cb task error cb
 * @param [in] num_memcpy_tasks num memcpy tasks
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
doca_error_t doca_dma_task_memcpy_set_conf(struct doca_dma *dma,
					   doca_dma_task_memcpy_completion_cb_t task_completion_cb,
					   doca_dma_task_memcpy_completion_cb_t task_error_cb,
					   uint32_t num_memcpy_tasks);
#endif

/**
 * @brief Sets the dst of a memcpy task.
 *
 * @param [in] task the task
 * @param [in] dst the destination buffer
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
void doca_dma_task_memcpy_set_dst(struct doca_dma_task_memcpy *task, struct doca_buf *dst);
#endif

/**
 * @brief Sets the src of a memcpy task.
 *
 * @param [in] task the task
 * @param [in] src the source buffer
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
void doca_dma_task_memcpy_set_src(struct doca_dma_task_memcpy *task, const struct doca_buf *src);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DMA_H */
