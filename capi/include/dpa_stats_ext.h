/**
 * @file
 * @brief OpenFlexIO — additions to the DPA tools SDK (dpa_stats.h) that NVIDIA's SDK does not have:
 * the event counts the simulated DPA keeps per thread besides the cumulative counters (activations,
 * wake-ups, RPC calls, doorbells, CQEs, misaligned accesses).
 * Experimental (DPA_STATS_EXPERIMENTAL): define DPA_STATS_ALLOW_EXPERIMENTAL_API to use them
 * without a warning. This is a host header (C and C++).
 */
#ifndef OPENFLEXIO_DPA_STATS_EXT_H
#define OPENFLEXIO_DPA_STATS_EXT_H

#include <dpa_stats.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Event counts of one thread, counted while its process's counters are active.
 * @since OpenFlexIO's own addition (not in NVIDIA's DPA tools SDK).
 */
typedef struct dpa_stats_thread_events {
	uint32_t dpa_process_id; /**< Global DPA process id. */
	uint32_t dpa_thread_id;  /**< Global DPA thread id. */
	uint64_t activations;    /**< Activations aimed at it (flexio_dev_event_handler_activate, host triggers). */
	uint64_t wakeups;        /**< Triggers that found it asleep and started an invocation. */
	uint64_t rpc_calls;      /**< flexio_process_call()s it ran. */
	uint64_t doorbells;      /**< Doorbells it rang. */
	uint64_t cqes;           /**< Completions (CQEs, EQEs) of queues armed for it that triggered it. */
	uint64_t misaligned;     /**< Misaligned loads and stores it made, performed as BlueField-3 performs
				      them (not atomically); 0 under strict alignment, where they fault. */
} dpa_stats_thread_events;

/**
 * @brief A list of thread event counts.
 * @since OpenFlexIO's own addition (not in NVIDIA's DPA tools SDK).
 */
typedef struct dpa_stats_thread_events_list {
	dpa_stats_thread_events *samples; /**< Array of samples_num samples. */
	uint32_t samples_num;             /**< Number of elements of samples. */
} dpa_stats_thread_events_list;

/**
 * @brief Reads the event counts of one thread or all of one process or all into a new list.
 * Free the list with dpa_stats_free_events_list().  On failure the handle also
 * records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param thread_id The thread, or DPA_STATS_ALL_THREADS (required with DPA_STATS_ALL_PROCESSES).
 * @param[out] events_list Receives the list.
 * @return The statuses of dpa_stats_read_process_cumul_info_list(): DPA_STATS_STATUS_OK,
 *         DPA_STATS_STATUS_NULL_POINTER, DPA_STATS_STATUS_INVALID_PARAMS,
 *         DPA_STATS_STATUS_NO_SUCH_PROCESS, DPA_STATS_STATUS_NO_SUCH_THREADS or
 *         DPA_STATS_STATUS_ERROR_IN_ALLOC.
 * @since OpenFlexIO's own addition (not in NVIDIA's DPA tools SDK), experimental (DPA_STATS_EXPERIMENTAL).
 */
DPA_STATS_EXPERIMENTAL dpa_stats_status dpa_stats_read_process_events_list(dpa_stats_handler_t *dpa_handler,
									   uint32_t process_id, uint32_t thread_id,
									   dpa_stats_thread_events_list **events_list);

/**
 * @brief Frees a list from dpa_stats_read_process_events_list().
 * @param events_list The list; NULL is accepted.
 * @since OpenFlexIO's own addition (not in NVIDIA's DPA tools SDK), experimental (DPA_STATS_EXPERIMENTAL).
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_events_list(dpa_stats_thread_events_list *events_list);

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_DPA_STATS_EXT_H */
