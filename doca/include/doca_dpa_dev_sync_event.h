/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_dev_sync_event.h
 * @brief DOCA sync events in device code: read, update and wait on their values.
 *
 * Device code only (doca_dpa_dev.h).
 */
#ifndef OPENDOCA_DOCA_DPA_DEV_SYNC_EVENT_H
#define OPENDOCA_DOCA_DPA_DEV_SYNC_EVENT_H

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Reads the value of a sync event.
 *
 * @param [in] dpa_dev_se_handle the sync event (its DPA handle)
 * @param [out] value the value
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t *value);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t *value);
#endif

/**
 * @brief Adds to the value of a sync event (atomically).
 *
 * @param [in] dpa_dev_se_handle the sync event (its DPA handle)
 * @param [in] value the value
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value);
#endif

/**
 * @brief Sets the value of a sync event.
 *
 * @param [in] dpa_dev_se_handle the sync event (its DPA handle)
 * @param [in] value the value
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value);
#endif

/**
 * @brief Waits until the value of a sync event, masked, exceeds a value.
 *
 * @param [in] dpa_dev_se_handle the sync event (its DPA handle)
 * @param [in] value the value
 * @param [in] mask mask applied to the event's value before comparing
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value, uint64_t mask);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value, uint64_t mask);
#endif

/**
 * @brief Posts on an asynchronous-operations queue a wait for the value of a sync event to exceed a value.
 *
 * @param [in] async_ops_handle the asynchronous-operations queue
 * @param [in] wait_se_handle the sync event (its DPA handle)
 * @param [in] value the value
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_post_wait_gt(doca_dpa_dev_async_ops_t async_ops_handle,
					  doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);
#endif

/**
 * @brief Posts on an asynchronous-operations queue a wait for the value of a sync event to differ from a value.
 *
 * @param [in] async_ops_handle the asynchronous-operations queue
 * @param [in] wait_se_handle the sync event (its DPA handle)
 * @param [in] value the value
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_sync_event_post_wait_ne(doca_dpa_dev_async_ops_t async_ops_handle,
					  doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_DEV_SYNC_EVENT_H */
