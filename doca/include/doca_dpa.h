/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa.h
 * @brief DOCA DPA on the host: contexts running a DPA program, kernels, RPCs, DPA memory, DPA threads,
 * completions and (2.2) RDMA endpoints of the DPA.
 *
 * A DPA program is the device code dpacc builds (its --app-name names a host variable,
 * `extern struct doca_dpa_app *NAME;`). The host creates a context on a device with it (2.2, 2.5:
 * doca_dpa_create takes the program; 2.6 and later: doca_dpa_set_app, then doca_dpa_start), then
 * launches kernels (__dpa_global__ functions) on DPA threads, chained by DOCA sync events, calls
 * __dpa_rpc__ functions, and from 2.7 (2.9's samples) runs DPA threads woken by completions.
 * Device code includes doca_dpa_dev.h and its companions instead.
 *
 * DOCA DPA came with 2.2: with a 1.x release selected this header declares nothing. Declarations
 * follow the release the program selects (doca_release.h): DOCA_VER_USED, default the newest.
 */
#ifndef OPENDOCA_DOCA_DPA_H
#define OPENDOCA_DOCA_DPA_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
#include "doca_dpa_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_dev;
struct doca_devinfo;
struct doca_dpa;
struct doca_dpa_app;
struct doca_dpa_async_ops;
struct doca_dpa_completion;
struct doca_dpa_ep;
struct doca_dpa_ep_addr;
struct doca_dpa_eu_affinity;
struct doca_dpa_hash_table;
struct doca_dpa_mem;
struct doca_dpa_notification_completion;
struct doca_dpa_tg;
struct doca_dpa_thread;
struct doca_dpa_worker;
struct doca_sync_event;

#if OPENDOCA_REL >= 22
/** A function of the DPA program (a kernel, an RPC or a DPA thread's function), as the host names it. */
typedef void(doca_dpa_func_t)(void);
/** An address in DPA memory. */
typedef uint64_t doca_dpa_dev_uintptr_t;
#endif

#if OPENDOCA_REL == 22
/** A DPA program (2.2). */
typedef struct doca_dpa_app *doca_dpa_app_t;
/** A DOCA DPA context (2.2). */
typedef struct doca_dpa *doca_dpa_t;
/** A DPA worker (2.2). */
typedef struct doca_dpa_worker *doca_dpa_worker_t;
/** An RDMA endpoint of the DPA (2.2). */
typedef struct doca_dpa_ep *doca_dpa_ep_t;
/** The connection address of an endpoint (2.2). */
typedef struct doca_dpa_ep_addr *doca_dpa_ep_addr_t;
/** Host memory registered for the DPA (2.2). */
typedef struct doca_dpa_mem *doca_dpa_mem_t;
/** An endpoint as device code names it (2.2). */
typedef uint64_t doca_dpa_dev_ep_t;
/** Registered memory as device code names it (2.2). */
typedef uint64_t doca_dpa_dev_mem_t;
#endif

#if OPENDOCA_REL >= 27
/** A DOCA DPA context as device code names it. */
typedef uint64_t doca_dpa_dev_t;
/** A DPA completion context as device code names it. */
typedef uint64_t doca_dpa_dev_completion_t;
/** A notification completion as device code names it. */
typedef uint64_t doca_dpa_dev_notification_completion_t;
#endif

#if OPENDOCA_REL >= 27
/** An asynchronous-operations queue as device code names it. */
typedef uint64_t doca_dpa_dev_async_ops_t;
/** A DPA hash table as device code names it. */
typedef uint64_t doca_dpa_dev_hash_table_t;
/** Bits of a completion's user data (doca_dpa_dev_get_completion_user_data) the program may use. */
#define DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA 24
#endif

/**
 * @brief Tells whether a device can run DOCA DPA programs (2.2, 2.5; later doca_dpa_cap_is_supported).
 *
 * @param [in] devinfo the device's information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_dpa_supported(const struct doca_devinfo *devinfo);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_devinfo_get_is_dpa_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Tells whether a device can run DOCA DPA programs.
 *
 * @param [in] devinfo the device's information
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_cap_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Creates a DOCA DPA context on a device: a DPA process that runs the program's kernels.
 *
 * @param [in] dev the device
 * @param [out] dpa the DOCA DPA context
 * @param [in] app the DPA program
 * @param [in] flags flags (none defined: 0)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa)
 * - 2.5: doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_dpa **dpa) — symbol doca_dpa_create_v2_5
 * - 2.2: doca_error_t doca_dpa_create(struct doca_dev *dev, doca_dpa_app_t app, doca_dpa_t *dpa, unsigned int flags) — symbol doca_dpa_create_v2_2
 * @since 2.2
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa);
#elif OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_dpa **dpa)
	OPENDOCA_FORM(doca_dpa_create_v2_5);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_create(struct doca_dev *dev, doca_dpa_app_t app, doca_dpa_t *dpa, unsigned int flags)
	OPENDOCA_FORM(doca_dpa_create_v2_2);
#endif

/**
 * @brief Destroys a DOCA DPA context (stopped first, from 2.6), freeing its DPA memory and objects.
 *
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_destroy(struct doca_dpa *dpa)
 * - 2.2: doca_error_t doca_dpa_destroy(doca_dpa_t dpa)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_destroy(struct doca_dpa *dpa);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_destroy(doca_dpa_t dpa);
#endif

/**
 * @brief Sets the DPA program (the dpacc --app-name symbol) a context loads at start.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] app the DPA program
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_set_app(struct doca_dpa *dpa, struct doca_dpa_app *app);
#endif

/**
 * @brief Gets the DPA program set on a context.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] app the DPA program
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_app(struct doca_dpa *dpa, struct doca_dpa_app **app);
#endif

/**
 * @brief Starts a DOCA DPA context: loads its program onto the DPA.
 *
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_start(struct doca_dpa *dpa);
#endif

/**
 * @brief Stops a DOCA DPA context.
 *
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_stop(struct doca_dpa *dpa);
#endif

/**
 * @brief Extends a DOCA DPA context to another device, so that its device code reaches that device's objects (the device side selects it with doca_dpa_dev_device_set).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] other_dev the other device
 * @param [out] extended_dpa the context extended to the other device
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument (other_dev the context's own
 * device too), DOCA_ERROR_BAD_STATE for a context that is not started, or the error of the failing
 * step; DOCA_ERROR_NOT_SUPPORTED for a device another simulated DPA serves (a simulated DPA reaches
 * its own device's functions only).
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa, struct doca_dev *other_dev, struct doca_dpa **extended_dpa);
#endif

/**
 * @brief Gets the handle device code names a DOCA DPA context by (doca_dpa_dev_device_set).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_dpa_handle(struct doca_dpa *dpa, doca_dpa_dev_t *handle);
#endif

/**
 * @brief Copies the name of a DPA program (2.2, 2.5; later doca_dpa_app_get_name).
 *
 * @param [in] app the DPA program
 * @param [out] app_name buffer of the name
 * @param [in,out] app_name_len in: size of the buffer; out: length of the name with its NUL
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5: doca_error_t doca_dpa_app_name_get(struct doca_dpa_app *app, char *app_name, size_t *app_name_len)
 * - 2.2: doca_error_t doca_dpa_app_name_get(doca_dpa_app_t app, char *app_name, int *app_name_len) — symbol doca_dpa_app_name_get_v2_2
 * @since 2.2
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_app_name_get(struct doca_dpa_app *app, char *app_name, size_t *app_name_len);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_app_name_get(doca_dpa_app_t app, char *app_name, int *app_name_len)
	OPENDOCA_FORM(doca_dpa_app_name_get_v2_2);
#endif

/**
 * @brief Copies the name of a DPA program.
 *
 * @param [in] app the DPA program
 * @param [out] app_name buffer of the name
 * @param [in,out] app_name_len in: size of the buffer; out: length of the name with its NUL
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_app_get_name(struct doca_dpa_app *app, char *app_name, uint32_t *app_name_len);
#endif

/**
 * @brief Reports the last asynchronous error of a context (a kernel that faulted), without clearing it.
 *
 * @param [in] dpa the DOCA DPA context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa)
 * - 2.2: doca_error_t doca_dpa_peek_at_last_error(const doca_dpa_t dpa)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_peek_at_last_error(const doca_dpa_t dpa);
#endif

/**
 * @brief Gets how long a kernel may run before the DPA stops it.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] value the value
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa, unsigned long long *value)
 * - 2.2: doca_error_t doca_dpa_get_kernel_max_run_time(doca_dpa_t dpa, unsigned long long *value)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa, unsigned long long *value);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_kernel_max_run_time(doca_dpa_t dpa, unsigned long long *value);
#endif

/**
 * @brief Gets the most DPA threads a kernel launch may ask for.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] value the value
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa, unsigned int *value)
 * - 2.2: doca_error_t doca_dpa_get_max_threads_per_kernel(doca_dpa_t dpa, unsigned int *value)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa, unsigned int *value);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_max_threads_per_kernel(doca_dpa_t dpa, unsigned int *value);
#endif

/**
 * @brief Gets the number of DPA cores the context may use.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] num_cores number of cores
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_core_num(struct doca_dpa *dpa, unsigned int *num_cores);
#endif

/**
 * @brief Gets the number of execution units of each DPA core.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] eus_per_core execution units per core
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_num_eus_per_core(struct doca_dpa *dpa, unsigned int *eus_per_core);
#endif

/**
 * @brief Gets the number of execution units available to the context.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] total_num_eus number of execution units
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_total_num_eus_available(struct doca_dpa *dpa, unsigned int *total_num_eus);
#endif

/**
 * @brief Gets the id of the UAR the context's device code rings doorbells on.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] uar_id the UAR id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_uar_id(const struct doca_dpa *dpa, uint32_t *uar_id);
#endif

/**
 * @brief Sets the level of the device's log lines (doca_dpa_dev_log) that reach the log file.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] log_level the level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_set_log_level(struct doca_dpa *dpa, doca_dpa_dev_log_level_t log_level);
#endif

/**
 * @brief Gets the level of the device's log lines that reach the log file.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] log_level the level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_get_log_level(struct doca_dpa *dpa, doca_dpa_dev_log_level_t *log_level);
#endif

/**
 * @brief Sets the file the device's log lines go to (before start).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] file_path the path
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_log_file_set_path(struct doca_dpa *dpa, const char *file_path);
#endif

/**
 * @brief Copies the path of the file the device's log lines go to.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] file_path the path
 * @param [in,out] file_path_len in: size of the buffer; out: length of the path with its NUL
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_log_file_get_path(struct doca_dpa *dpa, char *file_path, uint32_t *file_path_len);
#endif

/**
 * @brief Sets the file the device's trace records (doca_dpa_dev_trace) go to (before start).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] file_path the path
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_trace_file_set_path(struct doca_dpa *dpa, const char *file_path);
#endif

/**
 * @brief Copies the path of the file the device's trace records go to.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] file_path the path
 * @param [in,out] file_path_len in: size of the buffer; out: length of the path with its NUL
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_trace_file_get_path(struct doca_dpa *dpa, char *file_path, uint32_t *file_path_len);
#endif

/**
 * @brief Launches a kernel: once wait_event exceeds wait_threshold, runs func on num_threads DPA threads with the arguments that follow, then adds comp_count to comp_event.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] wait_event event to wait on, or NULL to start at once
 * @param [in] wait_threshold the kernel runs once the wait event exceeds this
 * @param [in] comp_event event updated when every thread has returned, or NULL
 * @param [in] comp_count the value added or set
 * @param [in] num_threads number of DPA threads
 * @param [in] func the __dpa_global__ / __dpa_rpc__ function (its host stub, as dpacc makes it)
 * @param [in] nthreads number of DPA threads
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 3.0, 3.1: doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold, struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func, ...)
 * - 2.2, 2.5, 2.6, 2.7: doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold, struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...)
 * @since 2.2
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func,
					       ...);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_add(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...);
#endif

/**
 * @brief Launches a kernel: once wait_event exceeds wait_threshold, runs func on num_threads DPA threads with the arguments that follow, then sets comp_event to comp_count.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] wait_event event to wait on, or NULL to start at once
 * @param [in] wait_threshold the kernel runs once the wait event exceeds this
 * @param [in] comp_event event updated when every thread has returned, or NULL
 * @param [in] comp_count the value added or set
 * @param [in] num_threads number of DPA threads
 * @param [in] func the __dpa_global__ / __dpa_rpc__ function (its host stub, as dpacc makes it)
 * @param [in] nthreads number of DPA threads
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.7, 3.0, 3.1: doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold, struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func, ...)
 * - 2.2, 2.5, 2.6: doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold, struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...)
 * @since 2.2
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int num_threads, doca_dpa_func_t *func,
					       ...);
#elif OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_kernel_launch_update_set(struct doca_dpa *dpa, struct doca_sync_event *wait_event,
					       uint64_t wait_threshold, struct doca_sync_event *comp_event,
					       uint64_t comp_count, unsigned int nthreads, doca_dpa_func_t *func, ...);
#endif

/**
 * @brief Calls a __dpa_rpc__ function on the DPA with the arguments that follow and waits for its return value.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] func the __dpa_global__ / __dpa_rpc__ function (its host stub, as dpacc makes it)
 * @param [out] retval the function's return value
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_rpc(struct doca_dpa *dpa, doca_dpa_func_t *func, uint64_t *retval, ...);
#endif

/**
 * @brief Allocates DPA memory.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] size size in bytes
 * @param [out] dev_ptr DPA memory address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size, doca_dpa_dev_uintptr_t *dev_ptr)
 * - 2.2: doca_error_t doca_dpa_mem_alloc(doca_dpa_t dpa, size_t size, doca_dpa_dev_uintptr_t *dev_ptr)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size, doca_dpa_dev_uintptr_t *dev_ptr);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_alloc(doca_dpa_t dpa, size_t size, doca_dpa_dev_uintptr_t *dev_ptr);
#endif

/**
 * @brief Frees DPA memory of doca_dpa_mem_alloc.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] dev_ptr DPA memory address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr)
 * - 2.2: doca_error_t doca_dpa_mem_free(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_free(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr);
#endif

/**
 * @brief Fills DPA memory with a byte value.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] dev_ptr DPA memory address
 * @param [in] value the value
 * @param [in] size size in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr, int value, size_t size)
 * - 2.2: doca_error_t doca_dpa_memset(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr, int value, size_t size)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr, int value, size_t size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_memset(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr, int value, size_t size);
#endif

/**
 * @brief Copies host memory to DPA memory.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] dst_ptr destination address
 * @param [in] src_ptr source address
 * @param [in] size size in bytes
 * @param [in] dev_ptr DPA memory address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr, size_t size)
 * - 2.2: doca_error_t doca_dpa_h2d_memcpy(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr, void *src_ptr, size_t size)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr, size_t size);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_h2d_memcpy(doca_dpa_t dpa, doca_dpa_dev_uintptr_t dev_ptr, void *src_ptr, size_t size);
#endif

/**
 * @brief Copies DPA memory to host memory.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] dst_ptr destination address
 * @param [in] src_ptr source address
 * @param [in] size size in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_d2h_memcpy(struct doca_dpa *dpa, void *dst_ptr, doca_dpa_dev_uintptr_t src_ptr, size_t size);
#endif

/**
 * @brief Copies the data of a DOCA buffer to DPA memory.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] dst_ptr destination address
 * @param [in] buf the DOCA buffer
 * @param [in] size size in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_h2d_buf_memcpy(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dst_ptr, struct doca_buf *buf,
				     size_t size);
#endif

/**
 * @brief Copies DPA memory into a DOCA buffer.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] buf the DOCA buffer
 * @param [in] src_ptr source address
 * @param [in] size size in bytes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_d2h_buf_memcpy(struct doca_dpa *dpa, struct doca_buf *buf, doca_dpa_dev_uintptr_t src_ptr,
				     size_t size);
#endif

/**
 * @brief Registers host memory for the DPA to reach (2.2).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] addr the address
 * @param [in] length length in bytes
 * @param [in] access access flags (enum doca_access_flag)
 * @param [out] mem the registered memory
 * @param [in] flags flags (none defined: 0)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_host_register(doca_dpa_t dpa, void *addr, size_t length, unsigned int access,
					doca_dpa_mem_t *mem, unsigned int flags);
#endif

/**
 * @brief Unregisters memory of doca_dpa_mem_host_register (2.2).
 *
 * @param [in] mem the registered memory
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_unregister(doca_dpa_mem_t mem);
#endif

/**
 * @brief Gets the handle device code names registered memory by (2.2).
 *
 * @param [in] mem the registered memory
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_dev_export(doca_dpa_mem_t mem, doca_dpa_dev_mem_t *handle);
#endif

/**
 * @brief Gets the remote key of registered memory (2.2).
 *
 * @param [in] mem the registered memory
 * @param [out] rkey the remote key
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_mem_rkey_get(doca_dpa_mem_t mem, uint32_t *rkey);
#endif

/**
 * @brief Creates a DPA worker, which the endpoints of a DPA thread share (2.2).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] worker the DPA worker
 * @param [in] flags flags (none defined: 0)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_worker_create(doca_dpa_t dpa, doca_dpa_worker_t *worker, unsigned int flags);
#endif

/**
 * @brief Destroys a DPA worker (2.2).
 *
 * @param [in] worker the DPA worker
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_worker_destroy(doca_dpa_worker_t worker);
#endif

/**
 * @brief Creates an RDMA endpoint of a worker, for device code to post on (2.2).
 *
 * @param [in] worker the DPA worker
 * @param [in] access access flags (enum doca_access_flag)
 * @param [out] ep the endpoint
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_create(doca_dpa_worker_t worker, unsigned int access, doca_dpa_ep_t *ep);
#endif

/**
 * @brief Destroys an endpoint (2.2).
 *
 * @param [in] ep the endpoint
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_destroy(doca_dpa_ep_t ep);
#endif

/**
 * @brief Gets the address a peer connects an endpoint to (2.2).
 *
 * @param [in] ep the endpoint
 * @param [out] addr the address
 * @param [out] addr_length length of the address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_addr_get(doca_dpa_ep_t ep, doca_dpa_ep_addr_t *addr, size_t *addr_length);
#endif

/**
 * @brief Frees an address of doca_dpa_ep_addr_get (2.2).
 *
 * @param [in] addr the address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_addr_free(doca_dpa_ep_addr_t addr);
#endif

/**
 * @brief Connects an endpoint to a peer's address (2.2).
 *
 * @param [in] ep the endpoint
 * @param [in] addr the address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_connect(doca_dpa_ep_t ep, doca_dpa_ep_addr_t addr);
#endif

/**
 * @brief Gets the handle device code names an endpoint by (2.2).
 *
 * @param [in] ep the endpoint
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_dpa_ep_dev_export(doca_dpa_ep_t ep, doca_dpa_dev_ep_t *handle);
#endif

/**
 * @brief Creates a DPA thread: a function that runs on the DPA each time a completion or a notification wakes it.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_create(struct doca_dpa *dpa, struct doca_dpa_thread **dpa_thread);
#endif

/**
 * @brief Destroys a DPA thread.
 *
 * @param [in] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_destroy(struct doca_dpa_thread *dpa_thread);
#endif

/**
 * @brief Sets the function a DPA thread runs and the argument it gets.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [in] func the __dpa_global__ / __dpa_rpc__ function (its host stub, as dpacc makes it)
 * @param [in] arg the argument
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_set_func_arg(struct doca_dpa_thread *dpa_thread, doca_dpa_func_t *func, uint64_t arg);
#endif

/**
 * @brief Gets the function a DPA thread runs and its argument.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [out] func the __dpa_global__ / __dpa_rpc__ function (its host stub, as dpacc makes it)
 * @param [out] arg the argument
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_get_func_arg(struct doca_dpa_thread *dpa_thread, doca_dpa_func_t **func, uint64_t *arg);
#endif

/**
 * @brief Sets the DPA memory a DPA thread reads with doca_dpa_dev_thread_get_local_storage.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [in] dev_ptr DPA memory address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_set_local_storage(struct doca_dpa_thread *dpa_thread, doca_dpa_dev_uintptr_t dev_ptr);
#endif

/**
 * @brief Gets the local storage of a DPA thread.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [out] dev_ptr DPA memory address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_get_local_storage(struct doca_dpa_thread *dpa_thread, doca_dpa_dev_uintptr_t *dev_ptr);
#endif

/**
 * @brief Sets the execution unit a DPA thread runs on.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [in] affinity the affinity
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_set_affinity(struct doca_dpa_thread *dpa_thread,
					  const struct doca_dpa_eu_affinity *affinity);
#endif

/**
 * @brief Gets the execution-unit affinity of a DPA thread.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [out] affinity the affinity
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_get_affinity(struct doca_dpa_thread *dpa_thread,
					  const struct doca_dpa_eu_affinity **affinity);
#endif

/**
 * @brief Gets the id of a DPA thread.
 *
 * @param [in] dpa_thread the DPA thread
 * @param [out] dpa_thread_id the thread's id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_get_id(struct doca_dpa_thread *dpa_thread, uint32_t *dpa_thread_id);
#endif

/**
 * @brief Starts a DPA thread: it may be woken from now on.
 *
 * @param [in] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_start(struct doca_dpa_thread *dpa_thread);
#endif

/**
 * @brief Stops a DPA thread.
 *
 * @param [in] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_stop(struct doca_dpa_thread *dpa_thread);
#endif

/**
 * @brief Makes a started DPA thread runnable: it runs whenever the completion context or the
 * notification completion attached to it reports. The thread does not run now.
 *
 * @param [in] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the
 * thread or its DOCA DPA context is not started.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_run(struct doca_dpa_thread *dpa_thread);
#endif

/**
 * @brief Creates a group of DPA threads, each with its rank.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] num_threads number of DPA threads
 * @param [out] tg the DPA thread group
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_create(struct doca_dpa *dpa, unsigned int num_threads, struct doca_dpa_tg **tg);
#endif

/**
 * @brief Destroys a DPA thread group.
 *
 * @param [in] tg the DPA thread group
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_destroy(struct doca_dpa_tg *tg);
#endif

/**
 * @brief Places a DPA thread in a group at a rank.
 *
 * @param [in] tg the DPA thread group
 * @param [in] thread the DPA thread
 * @param [in] rank the thread's rank in the group
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_set_thread(struct doca_dpa_tg *tg, struct doca_dpa_thread *thread,
					      unsigned int rank);
#endif

/**
 * @brief Gets the number of threads of a DPA thread group.
 *
 * @param [in] tg the DPA thread group
 * @param [out] num_threads number of DPA threads
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_get_num_threads(struct doca_dpa_tg *tg, unsigned int *num_threads);
#endif

/**
 * @brief Starts a DPA thread group.
 *
 * @param [in] tg the DPA thread group
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_start(struct doca_dpa_tg *tg);
#endif

/**
 * @brief Stops a DPA thread group.
 *
 * @param [in] tg the DPA thread group
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_thread_group_stop(struct doca_dpa_tg *tg);
#endif

/**
 * @brief Creates an execution-unit affinity (the execution units a DPA thread may run on).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [out] affinity the affinity
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_eu_affinity_create(struct doca_dpa *dpa, struct doca_dpa_eu_affinity **affinity);
#endif

/**
 * @brief Destroys an execution-unit affinity.
 *
 * @param [in] affinity the affinity
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_eu_affinity_destroy(struct doca_dpa_eu_affinity *affinity);
#endif

/**
 * @brief Adds an execution unit to an affinity.
 *
 * @param [in] affinity the affinity
 * @param [in] eu_id execution unit id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_eu_affinity_set(struct doca_dpa_eu_affinity *affinity, unsigned int eu_id);
#endif

/**
 * @brief Gets the execution unit of an affinity.
 *
 * @param [in] affinity the affinity
 * @param [out] eu_id execution unit id
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_eu_affinity_get(struct doca_dpa_eu_affinity *affinity, unsigned int *eu_id);
#endif

/**
 * @brief Empties an execution-unit affinity.
 *
 * @param [in] affinity the affinity
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_eu_affinity_clear(struct doca_dpa_eu_affinity *affinity);
#endif

/**
 * @brief Creates a DPA completion context: a queue of completions DPA code reads (doca_dpa_dev_get_completion).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] queue_size queue size (completions or operations)
 * @param [out] dpa_comp the DPA completion context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_create(struct doca_dpa *dpa, unsigned int queue_size,
					struct doca_dpa_completion **dpa_comp);
#endif

/**
 * @brief Destroys a DPA completion context.
 *
 * @param [in] dpa_comp the DPA completion context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_destroy(struct doca_dpa_completion *dpa_comp);
#endif

/**
 * @brief Attaches a DPA thread, woken by the completions of the context.
 *
 * @param [in] dpa_comp the DPA completion context
 * @param [in] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_set_thread(struct doca_dpa_completion *dpa_comp, struct doca_dpa_thread *dpa_thread);
#endif

/**
 * @brief Gets the DPA thread a completion context wakes.
 *
 * @param [in] dpa_comp the DPA completion context
 * @param [out] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_get_thread(struct doca_dpa_completion *dpa_comp, struct doca_dpa_thread **dpa_thread);
#endif

/**
 * @brief Gets the queue size of a DPA completion context.
 *
 * @param [in] dpa_comp the DPA completion context
 * @param [out] queue_size queue size (completions or operations)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_get_queue_size(struct doca_dpa_completion *dpa_comp, unsigned int *queue_size);
#endif

/**
 * @brief Gets the handle device code names a DPA completion context by.
 *
 * @param [in] dpa_comp the DPA completion context
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_get_dpa_handle(struct doca_dpa_completion *dpa_comp,
						doca_dpa_dev_completion_t *handle);
#endif

/**
 * @brief Starts a DPA completion context.
 *
 * @param [in] dpa_comp the DPA completion context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_start(struct doca_dpa_completion *dpa_comp);
#endif

/**
 * @brief Stops a DPA completion context.
 *
 * @param [in] dpa_comp the DPA completion context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_completion_stop(struct doca_dpa_completion *dpa_comp);
#endif

/**
 * @brief Creates a notification completion: what device code notifies to wake a DPA thread (doca_dpa_dev_thread_notify).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] dpa_thread the DPA thread
 * @param [out] notify_comp the notification completion
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_create(struct doca_dpa *dpa, struct doca_dpa_thread *dpa_thread,
						     struct doca_dpa_notification_completion **notify_comp);
#endif

/**
 * @brief Destroys a notification completion.
 *
 * @param [in] notify_comp the notification completion
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_destroy(struct doca_dpa_notification_completion *notify_comp);
#endif

/**
 * @brief Gets the DPA thread a notification completion wakes.
 *
 * @param [in] notify_comp the notification completion
 * @param [out] dpa_thread the DPA thread
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_get_thread(struct doca_dpa_notification_completion *notify_comp,
							 struct doca_dpa_thread **dpa_thread);
#endif

/**
 * @brief Gets the handle device code notifies a notification completion by.
 *
 * @param [in] notify_comp the notification completion
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_get_dpa_handle(struct doca_dpa_notification_completion *notify_comp,
							     doca_dpa_dev_notification_completion_t *handle);
#endif

/**
 * @brief Starts a notification completion.
 *
 * @param [in] notify_comp the notification completion
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_start(struct doca_dpa_notification_completion *notify_comp);
#endif

/**
 * @brief Stops a notification completion.
 *
 * @param [in] notify_comp the notification completion
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_notification_completion_stop(struct doca_dpa_notification_completion *notify_comp);
#endif

/**
 * @brief Creates an asynchronous-operations queue, on which device code posts memory copies and event waits (doca_dpa_dev_post_*).
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] queue_size queue size (completions or operations)
 * @param [in] user_data user data
 * @param [out] async_ops the asynchronous-operations queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_create(struct doca_dpa *dpa, unsigned int queue_size, uint64_t user_data,
				       struct doca_dpa_async_ops **async_ops);
#endif

/**
 * @brief Destroys an asynchronous-operations queue.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_destroy(struct doca_dpa_async_ops *async_ops);
#endif

/**
 * @brief Attaches an asynchronous-operations queue to the completion context its operations complete on.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @param [in] dpa_comp the DPA completion context
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_attach(struct doca_dpa_async_ops *async_ops, struct doca_dpa_completion *dpa_comp);
#endif

/**
 * @brief Gets the handle device code posts on an asynchronous-operations queue by.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @param [out] handle the DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_get_dpa_handle(struct doca_dpa_async_ops *async_ops, doca_dpa_dev_async_ops_t *handle);
#endif

/**
 * @brief Gets the queue size of an asynchronous-operations queue.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @param [out] queue_size queue size (completions or operations)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_get_queue_size(struct doca_dpa_async_ops *async_ops, unsigned int *queue_size);
#endif

/**
 * @brief Gets the user data of an asynchronous-operations queue (reported with its completions).
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @param [out] user_data user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_get_user_data(struct doca_dpa_async_ops *async_ops, uint64_t *user_data);
#endif

/**
 * @brief Starts an asynchronous-operations queue.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_start(struct doca_dpa_async_ops *async_ops);
#endif

/**
 * @brief Stops an asynchronous-operations queue.
 *
 * @param [in] async_ops the asynchronous-operations queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_async_ops_stop(struct doca_dpa_async_ops *async_ops);
#endif

/**
 * @brief Creates a hash table in DPA memory, of 32-bit keys and 64-bit values, for device code.
 *
 * @param [in] dpa the DOCA DPA context
 * @param [in] num_entries number of entries
 * @param [out] ht the hash table
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_hash_table_create(struct doca_dpa *dpa, unsigned int num_entries,
					struct doca_dpa_hash_table **ht);
#endif

/**
 * @brief Destroys a DPA hash table.
 *
 * @param [in] ht the hash table
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_hash_table_destroy(struct doca_dpa_hash_table *ht);
#endif

/**
 * @brief Gets the handle device code names a DPA hash table by.
 *
 * @param [in] ht the hash table
 * @param [out] ht_handle the hash table's DPA handle
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_dpa_hash_table_get_dpa_handle(struct doca_dpa_hash_table *ht, doca_dpa_dev_hash_table_t *ht_handle);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_H */
