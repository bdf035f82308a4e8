/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_sync_event.h
 * @brief DOCA sync events: 64-bit values shared by CPU, DPA, GPU and remote peers.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_SYNC_EVENT_H
#define OPENDOCA_DOCA_SYNC_EVENT_H

#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_dev.h"
#include "doca_ctx.h"
#include "doca_buf.h"
#include "doca_pe.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_dpa;
struct doca_gpu;
struct doca_job;
struct doca_sync_event;
struct doca_sync_event_remote_net;
struct doca_sync_event_task_get;
struct doca_sync_event_task_notify_add;
struct doca_sync_event_task_notify_set;
struct doca_sync_event_task_wait_eq;
struct doca_sync_event_task_wait_gt;
struct doca_sync_event_task_wait_neq;
struct doca_task;

#if OPENDOCA_REL <= 22
/** Sync event job types (2.2). */
enum doca_sync_event_job_types {
	DOCA_SYNC_EVENT_JOB_WAIT_GT = 983041,
	DOCA_SYNC_EVENT_JOB_GET = 983042,
	DOCA_SYNC_EVENT_JOB_UPDATE_SET = 983043,
	DOCA_SYNC_EVENT_JOB_UPDATE_ADD = 983044,
};
#endif

/** A remote-net sync event as the DPA names it. */
#if OPENDOCA_REL >= 25
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;
#endif
/** A sync event as the DPA names it. */
typedef uint64_t doca_dpa_dev_sync_event_t;
/** A remote-net sync event as the GPU names it. */
#if OPENDOCA_REL >= 25
typedef uint64_t doca_gpu_dev_sync_event_remote_net_t;
#endif
/** A sync event as the GPU names it. */
typedef uint64_t doca_gpu_dev_sync_event_t;
/** A 2.2 job reading a sync event. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_job_get {
	struct doca_job base; /**< the common job part */
	uint64_t *value;      /**< where the value is written */
};
#endif

/** A 2.2 job adding to a sync event. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_job_update_add {
	struct doca_job base; /**< the common job part */
	uint64_t value;       /**< the value to add */
	uint64_t *fetched;    /**< where the value before is written */
};
#endif

/** A 2.2 job setting a sync event. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_job_update_set {
	struct doca_job base; /**< the common job part */
	uint64_t value;       /**< the value to set */
};
#endif

/** A 2.2 job waiting for a sync event. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_job_wait {
	struct doca_job base; /**< the common job part */
	uint64_t value;       /**< the value waited for */
	uint64_t mask;        /**< applied to the event value before comparing */
};
#endif

/** The 2.2 handle of a sync event exported to a remote peer. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_remote {
	uint64_t data[2]; /**< its content */
};
#endif

/** The result of a 2.2 sync event job. */
#if OPENDOCA_REL <= 22
struct doca_sync_event_result {
	doca_error_t result; /**< the status of the job */
};
#endif

/** The 2.2 remote handle of a sync event. */
#if OPENDOCA_REL <= 22
typedef struct doca_sync_event_remote doca_sync_event_remote_t;
#endif
/** doca_sync_event_task_get_completion_cb_t */
#if OPENDOCA_REL >= 25
typedef void (*doca_sync_event_task_get_completion_cb_t)(struct doca_sync_event_task_get *task,
							 union doca_data task_user_data, union doca_data ctx_user_data);
#endif
/** doca_sync_event_task_notify_add_completion_cb_t */
#if OPENDOCA_REL >= 25
typedef void (*doca_sync_event_task_notify_add_completion_cb_t)(struct doca_sync_event_task_notify_add *task,
								union doca_data task_user_data,
								union doca_data ctx_user_data);
#endif
/** doca_sync_event_task_notify_set_completion_cb_t */
#if OPENDOCA_REL >= 25
typedef void (*doca_sync_event_task_notify_set_completion_cb_t)(struct doca_sync_event_task_notify_set *task,
								union doca_data task_user_data,
								union doca_data ctx_user_data);
#endif
/** doca_sync_event_task_wait_eq_completion_cb_t */
#if OPENDOCA_REL >= 27
typedef void (*doca_sync_event_task_wait_eq_completion_cb_t)(struct doca_sync_event_task_wait_eq *task,
							     union doca_data task_user_data,
							     union doca_data ctx_user_data);
#endif
/** doca_sync_event_task_wait_gt_completion_cb_t */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
typedef void (*doca_sync_event_task_wait_gt_completion_cb_t)(struct doca_sync_event_task_wait_gt *task,
							     union doca_data task_user_data,
							     union doca_data ctx_user_data);
#endif
/** doca_sync_event_task_wait_neq_completion_cb_t */
#if OPENDOCA_REL >= 30
typedef void (*doca_sync_event_task_wait_neq_completion_cb_t)(struct doca_sync_event_task_wait_neq *task,
							      union doca_data task_user_data,
							      union doca_data ctx_user_data);
#endif

/**
 * @brief Declares cpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
#endif

/**
 * @brief Declares dpa a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);
#endif

/**
 * @brief Declares dpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_dpu(struct doca_sync_event *event);
#endif

/**
 * @brief Declares gpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu);
#endif

/**
 * @brief Declares remote net a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event);
#endif

/**
 * @brief Declares remote pci a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_publisher_location_remote_pci(struct doca_sync_event *event);
#endif

/**
 * @brief Declares cpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_subscriber_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
#endif

/**
 * @brief Declares dpa a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_subscriber_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);
#endif

/**
 * @brief Declares dpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_subscriber_location_dpu(struct doca_sync_event *event);
#endif

/**
 * @brief Declares gpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_subscriber_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu);
#endif

/**
 * @brief Declares remote pci a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_add_subscriber_location_remote_pci(struct doca_sync_event *event);
#endif

/**
 * @brief The context (struct doca_ctx) of a sync event.
 *
 * @param [in] event the sync event
 * @return the object, or NULL for a bad argument.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_ctx *doca_sync_event_as_ctx(struct doca_sync_event *event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
struct doca_ctx *doca_sync_event_as_ctx(struct doca_sync_event *event);
#endif

/**
 * @brief Tells whether a device supports create from export for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_create_from_export_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports export to dpa for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_export_to_dpa_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports export to dpu for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_export_to_dpu_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports export to gpu for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_export_to_gpu_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports export to remote net for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_export_to_remote_net_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports export to remote pci for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_is_export_to_remote_pci_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net is create from export for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_remote_net_is_create_from_export_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net is export to dpa for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_remote_net_is_export_to_dpa_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports remote net is export to gpu for the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_remote_net_is_export_to_gpu_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports get tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_get_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports notify add tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_notify_add_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports notify set tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_notify_set_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports wait eq tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_wait_eq_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports wait gt tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_wait_gt_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device supports wait neq tasks of the sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS when the device supports it, DOCA_ERROR_NOT_SUPPORTED when not,
 *         DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_cap_task_wait_neq_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Creates a sync event.
 *
 * @param [out] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_create(struct doca_sync_event **event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_create(struct doca_sync_event **event);
#endif

/**
 * @brief Creates a sync event from an export descriptor.
 *
 * @param [in] dev the device
 * @param [in] data data address
 * @param [in] sz size of the descriptor in bytes
 * @param [out] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
						struct doca_sync_event **event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
						struct doca_sync_event **event);
#endif

/**
 * @brief Destroys a sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_destroy(struct doca_sync_event *event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_destroy(struct doca_sync_event *event);
#endif

/**
 * @brief Exports a sync event for a remote peer (2.2).
 *
 * @param [in] event the sync event
 * @param [out] handle the notification handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_remote(struct doca_sync_event *event, doca_sync_event_remote_t *handle);
#endif

/**
 * @brief Exports a sync event for dpa.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @param [out] dpa_dev_se_handle dpa dev se handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_dpa(struct doca_sync_event *event, struct doca_dpa *dpa,
					   doca_dpa_dev_sync_event_t *dpa_dev_se_handle);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_dpa(struct doca_sync_event *event, struct doca_dpa *dpa,
					   doca_dpa_dev_sync_event_t *dpa_dev_se_handle);
#endif

/**
 * @brief Exports a sync event for dpu.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @param [in] data data address
 * @param [out] sz size of the descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_dpu(struct doca_sync_event *event, struct doca_dev *dev, const uint8_t **data,
					   size_t *sz);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_dpu(struct doca_sync_event *event, struct doca_dev *dev, const uint8_t **data,
					   size_t *sz);
#endif

/**
 * @brief Exports a sync event for gpu.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @param [out] gpu_dev_se gpu dev se
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_gpu(struct doca_sync_event *event, struct doca_gpu *gpu,
					   doca_gpu_dev_sync_event_t **gpu_dev_se);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_gpu(struct doca_sync_event *event, struct doca_gpu *gpu,
					   doca_gpu_dev_sync_event_t **gpu_dev_se);
#endif

/**
 * @brief Exports a sync event for remote net.
 *
 * @param [in] event the sync event
 * @param [in] data data address
 * @param [out] sz size of the descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event, const uint8_t **data, size_t *sz);
#endif

/**
 * @brief Exports a sync event for remote pci.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @param [in] data data address
 * @param [out] sz size of the descriptor in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_export_to_remote_pci(struct doca_sync_event *event, struct doca_dev *dev,
						  const uint8_t **data, size_t *sz);
#endif

/**
 * @brief Reads the value of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value);
#endif

/**
 * @brief Gets the create from export supported of a sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_create_from_export_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Gets the dpa handle of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @param [out] dpa_dev_se_handle dpa dev se handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7 (what the 2.9 DOCA DPA samples call; 3.0's form)
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_dpa_handle(struct doca_sync_event *event, struct doca_dpa *dpa,
					    doca_dpa_dev_sync_event_t *dpa_dev_se_handle);
#endif

/**
 * @brief Gets the export to dpa supported of a sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_export_to_dpa_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Gets the export to dpu supported of a sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_export_to_dpu_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Gets the export to gpu supported of a sync event.
 *
 * @param [in] devinfo the device information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_export_to_gpu_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Gets the gpu handle of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @param [out] gpu_dev_se gpu dev se
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_get_gpu_handle(struct doca_sync_event *event, struct doca_gpu *gpu,
					    doca_gpu_dev_sync_event_t **gpu_dev_se);
#endif

/**
 * @brief Tells whether a device supports a sync event job type (2.2).
 *
 * @param [in] devinfo the device information
 * @param [in] type type
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_job_get_supported(struct doca_devinfo *devinfo, enum doca_sync_event_job_types type);
#endif

/**
 * @brief Declares cpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_publisher_add_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
#endif

/**
 * @brief Declares dpa a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_publisher_add_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);
#endif

/**
 * @brief Declares dpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_publisher_add_location_dpu(struct doca_sync_event *event);
#endif

/**
 * @brief Declares gpu a publisher of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_publisher_add_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu);
#endif

/**
 * @brief Creates a remote-net sync event from an export descriptor.
 *
 * @param [in] dev the device
 * @param [in] data data address
 * @param [in] sz size of the descriptor in bytes
 * @param [out] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
							   struct doca_sync_event_remote_net **event);
#endif

/**
 * @brief Destroys a remote-net sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event);
#endif

/**
 * @brief Exports a remote-net sync event for dpa.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @param [out] dpa_remote_event dpa remote event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_export_to_dpa(struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
						      doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event);
#endif

/**
 * @brief Exports a remote-net sync event for gpu.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @param [out] gpu_remote_event gpu remote event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_export_to_gpu(struct doca_sync_event_remote_net *event, struct doca_gpu *gpu,
						      doca_gpu_dev_sync_event_remote_net_t *gpu_remote_event);
#endif

/**
 * @brief Gets the dpa handle of a remote-net sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @param [out] dpa_remote_event dpa remote event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7 (what the 2.9 DOCA DPA samples call; 3.0's form)
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_get_dpa_handle(struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
						       doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event);
#endif

/**
 * @brief Gets the gpu handle of a remote-net sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @param [out] gpu_remote_event gpu remote event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_remote_net_get_gpu_handle(struct doca_sync_event_remote_net *event, struct doca_gpu *gpu,
						       doca_gpu_dev_sync_event_remote_net_t *gpu_remote_event);
#endif

/**
 * @brief Sets the addr of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] addr start address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_set_addr(struct doca_sync_event *event, uint64_t *addr);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_set_addr(struct doca_sync_event *event, uint64_t *addr);
#endif

/**
 * @brief Sets the doca buf of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] buf the buffer
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_set_doca_buf(struct doca_sync_event *event, struct doca_buf *buf);
#endif

/**
 * @brief Starts a sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_start(struct doca_sync_event *event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_start(struct doca_sync_event *event);
#endif

/**
 * @brief Stops a sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_stop(struct doca_sync_event *event);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_stop(struct doca_sync_event *event);
#endif

/**
 * @brief Declares cpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dev the device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_subscriber_add_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
#endif

/**
 * @brief Declares dpa a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_subscriber_add_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);
#endif

/**
 * @brief Declares dpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_subscriber_add_location_dpu(struct doca_sync_event *event);
#endif

/**
 * @brief Declares gpu a subscriber of the sync event.
 *
 * @param [in] event the sync event
 * @param [in] gpu the DOCA GPU device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_subscriber_add_location_gpu(struct doca_sync_event *event, struct doca_gpu *gpu);
#endif

/**
 * @brief Takes a get task from the sync event's pool and initialises it.
 *
 * @param [in] event the sync event
 * @param [out] ret_val_ptr where the value is written
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_get_alloc_init(struct doca_sync_event *event, uint64_t *ret_val_ptr,
						 union doca_data user_data, struct doca_sync_event_task_get **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a get task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_get_as_doca_task(struct doca_sync_event_task_get *task);
#endif

/**
 * @brief The ret val ptr of a get task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t *doca_sync_event_task_get_get_ret_val_ptr(const struct doca_sync_event_task_get *task);
#endif

/**
 * @brief Configures the get tasks of a sync event: callbacks and number of tasks.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_get_set_conf(struct doca_sync_event *event,
					       doca_sync_event_task_get_completion_cb_t completion_cb,
					       doca_sync_event_task_get_completion_cb_t error_cb, uint32_t num_tasks);
#endif

/**
 * @brief Sets the ret val ptr of a get task.
 *
 * @param [in] task the task
 * @param [out] ret_val_ptr where the value is written
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_sync_event_task_get_set_ret_val_ptr(struct doca_sync_event_task_get *task, uint64_t *ret_val_ptr);
#endif

/**
 * @brief Takes a notify add task from the sync event's pool and initialises it.
 *
 * @param [in] event the sync event
 * @param [in] inc_val the value to add
 * @param [out] fetched_val_ptr where the value before is written
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_notify_add_alloc_init(struct doca_sync_event *event, uint64_t inc_val,
							uint64_t *fetched_val_ptr, union doca_data user_data,
							struct doca_sync_event_task_notify_add **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a notify add task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_notify_add_as_doca_task(struct doca_sync_event_task_notify_add *task);
#endif

/**
 * @brief The fetched val ptr of a notify add task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t *doca_sync_event_task_notify_add_get_fetched_val_ptr(const struct doca_sync_event_task_notify_add *task);
#endif

/**
 * @brief The inc val of a notify add task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_notify_add_get_inc_val(const struct doca_sync_event_task_notify_add *task);
#endif

/**
 * @brief Configures the notify add tasks of a sync event: callbacks and number of tasks.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_notify_add_set_conf(struct doca_sync_event *event,
						      doca_sync_event_task_notify_add_completion_cb_t completion_cb,
						      doca_sync_event_task_notify_add_completion_cb_t error_cb,
						      uint32_t num_tasks);
#endif

/**
 * @brief Sets the fetched val ptr of a notify add task.
 *
 * @param [in] task the task
 * @param [in] fetched_val_ptr where the value before is written
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_sync_event_task_notify_add_set_fetched_val_ptr(struct doca_sync_event_task_notify_add *task,
							 uint64_t *fetched_val_ptr);
#endif

/**
 * @brief Sets the inc val of a notify add task.
 *
 * @param [in] task the task
 * @param [in] inc_val the value to add
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_sync_event_task_notify_add_set_inc_val(struct doca_sync_event_task_notify_add *task, uint64_t inc_val);
#endif

/**
 * @brief Sets the alloc init of a notify task.
 *
 * @param [in] event the sync event
 * @param [in] set_val the value to set
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_notify_set_alloc_init(struct doca_sync_event *event, uint64_t set_val,
							union doca_data user_data,
							struct doca_sync_event_task_notify_set **task);
#endif

/**
 * @brief Sets the as doca task of a notify task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_notify_set_as_doca_task(struct doca_sync_event_task_notify_set *task);
#endif

/**
 * @brief Sets the get set val of a notify task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_notify_set_get_set_val(const struct doca_sync_event_task_notify_set *task);
#endif

/**
 * @brief Sets the set conf of a notify task.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_notify_set_set_conf(struct doca_sync_event *event,
						      doca_sync_event_task_notify_set_completion_cb_t completion_cb,
						      doca_sync_event_task_notify_set_completion_cb_t error_cb,
						      uint32_t num_tasks);
#endif

/**
 * @brief Sets the set set val of a notify task.
 *
 * @param [in] task the task
 * @param [in] set_val the value to set
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_sync_event_task_notify_set_set_set_val(struct doca_sync_event_task_notify_set *task, uint64_t set_val);
#endif

/**
 * @brief Takes a wait eq task from the sync event's pool and initialises it.
 *
 * @param [in] event the sync event
 * @param [in] wait_val the value to wait for
 * @param [in] mask mask applied to the value before comparing
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_eq_alloc_init(struct doca_sync_event *event, uint64_t wait_val, uint64_t mask,
						     union doca_data user_data,
						     struct doca_sync_event_task_wait_eq **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a wait eq task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_wait_eq_as_doca_task(struct doca_sync_event_task_wait_eq *task);
#endif

/**
 * @brief The mask of a wait eq task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_eq_get_mask(const struct doca_sync_event_task_wait_eq *task);
#endif

/**
 * @brief The wait val of a wait eq task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_eq_get_wait_val(const struct doca_sync_event_task_wait_eq *task);
#endif

/**
 * @brief Configures the wait eq tasks of a sync event: callbacks and number of tasks.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_eq_set_conf(struct doca_sync_event *event,
						   doca_sync_event_task_wait_eq_completion_cb_t completion_cb,
						   doca_sync_event_task_wait_eq_completion_cb_t error_cb,
						   uint32_t num_tasks);
#endif

/**
 * @brief Sets the mask of a wait eq task.
 *
 * @param [in] task the task
 * @param [in] mask mask applied to the value before comparing
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_eq_set_mask(struct doca_sync_event_task_wait_eq *task, uint64_t mask);
#endif

/**
 * @brief Sets the wait val of a wait eq task.
 *
 * @param [in] task the task
 * @param [in] wait_val the value to wait for
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_eq_set_wait_val(struct doca_sync_event_task_wait_eq *task, uint64_t wait_val);
#endif

/**
 * @brief Takes a wait gt task from the sync event's pool and initialises it.
 *
 * @param [in] event the sync event
 * @param [in] wait_val the value to wait for
 * @param [in] mask mask applied to the value before comparing
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_gt_alloc_init(struct doca_sync_event *event, uint64_t wait_val, uint64_t mask,
						     union doca_data user_data,
						     struct doca_sync_event_task_wait_gt **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a wait gt task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_wait_gt_as_doca_task(struct doca_sync_event_task_wait_gt *task);
#endif

/**
 * @brief The mask of a wait gt task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_gt_get_mask(const struct doca_sync_event_task_wait_gt *task);
#endif

/**
 * @brief The wait val of a wait gt task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_gt_get_wait_val(const struct doca_sync_event_task_wait_gt *task);
#endif

/**
 * @brief Configures the wait gt tasks of a sync event: callbacks and number of tasks.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_gt_set_conf(struct doca_sync_event *event,
						   doca_sync_event_task_wait_gt_completion_cb_t completion_cb,
						   doca_sync_event_task_wait_gt_completion_cb_t error_cb,
						   uint32_t num_tasks);
#endif

/**
 * @brief Sets the mask of a wait gt task.
 *
 * @param [in] task the task
 * @param [in] mask mask applied to the value before comparing
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_gt_set_mask(struct doca_sync_event_task_wait_gt *task, uint64_t mask);
#endif

/**
 * @brief Sets the wait val of a wait gt task.
 *
 * @param [in] task the task
 * @param [in] wait_val the value to wait for
 * @since 2.5
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_gt_set_wait_val(struct doca_sync_event_task_wait_gt *task, uint64_t wait_val);
#endif

/**
 * @brief Takes a wait neq task from the sync event's pool and initialises it.
 *
 * @param [in] event the sync event
 * @param [in] wait_val the value to wait for
 * @param [in] mask mask applied to the value before comparing
 * @param [in] user_data user data
 * @param [out] task the task
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_neq_alloc_init(struct doca_sync_event *event, uint64_t wait_val, uint64_t mask,
						      union doca_data user_data,
						      struct doca_sync_event_task_wait_neq **task);
#endif

/**
 * @brief The generic task (struct doca_task) of a wait neq task.
 *
 * @param [in] task the task
 * @return the object, or NULL for a bad argument.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
struct doca_task *doca_sync_event_task_wait_neq_as_doca_task(struct doca_sync_event_task_wait_neq *task);
#endif

/**
 * @brief The mask of a wait neq task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_neq_get_mask(const struct doca_sync_event_task_wait_neq *task);
#endif

/**
 * @brief The wait val of a wait neq task.
 *
 * @param [in] task the task
 * @return the value (0 for a bad argument).
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
uint64_t doca_sync_event_task_wait_neq_get_wait_val(const struct doca_sync_event_task_wait_neq *task);
#endif

/**
 * @brief Configures the wait neq tasks of a sync event: callbacks and number of tasks.
 *
 * @param [in] event the sync event
 * @param [in] completion_cb called when a task completes successfully
 * @param [in] error_cb called when a task fails
 * @param [in] num_tasks number of tasks of the pool
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_task_wait_neq_set_conf(struct doca_sync_event *event,
						    doca_sync_event_task_wait_neq_completion_cb_t completion_cb,
						    doca_sync_event_task_wait_neq_completion_cb_t error_cb,
						    uint32_t num_tasks);
#endif

/**
 * @brief Sets the mask of a wait neq task.
 *
 * @param [in] task the task
 * @param [in] mask mask applied to the value before comparing
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_neq_set_mask(struct doca_sync_event_task_wait_neq *task, uint64_t mask);
#endif

/**
 * @brief Sets the wait val of a wait neq task.
 *
 * @param [in] task the task
 * @param [in] wait_val the value to wait for
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_sync_event_task_wait_neq_set_wait_val(struct doca_sync_event_task_wait_neq *task, uint64_t wait_val);
#endif

/**
 * @brief Adds to the value of a sync event, returning the value before.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [out] fetched the value before the update
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_update_add(struct doca_sync_event *event, uint64_t value, uint64_t *fetched);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_update_add(struct doca_sync_event *event, uint64_t value, uint64_t *fetched);
#endif

/**
 * @brief Sets the value of a sync event.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_update_set(struct doca_sync_event *event, uint64_t value);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_update_set(struct doca_sync_event *event, uint64_t value);
#endif

/**
 * @brief Waits until (value & mask) is eq the given value, polling.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_eq(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Waits until (value & mask) is eq the given value, yielding the CPU between polls.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_eq_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Waits until (value & mask) is gt the given value, polling.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Waits until (value & mask) is gt the given value, yielding the CPU between polls.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Waits until (value & mask) is neq the given value, polling.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_neq(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Waits until (value & mask) is neq the given value, yielding the CPU between polls.
 *
 * @param [in] event the sync event
 * @param [in] value value
 * @param [in] mask mask applied to the value before comparing
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_sync_event_wait_neq_yield(struct doca_sync_event *event, uint64_t value, uint64_t mask);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_SYNC_EVENT_H */
