/**
 * @file
 * @brief OpenFlexIO — DPA tools SDK (dpa_stats): host API reading DPA processes,
 * threads and performance counters.
 *
 * Usage: open a DPA device with dpa_stats_open() (e.g. "mlx5_sim0" for the
 * simulated device), check dpa_stats_read_caps(), enable counters for a process
 * (or all) with dpa_stats_set_counter_state(), read lists of processes,
 * threads, cumulative counters or event-tracer samples, free every list with
 * its own dpa_stats_free_*() function, and dpa_stats_close() the handle.
 *
 * Errors.  Functions return a dpa_stats_status; the handle also remembers the
 * last error (dpa_stats_get_error_code(), _message(), _location()).  Lists are
 * allocated by the library and returned through a pointer-to-pointer argument.
 *
 * Stability.  Functions marked DPA_STATS_EXPERIMENTAL may change between
 * releases; using one raises a "deprecated" warning unless the program defines
 * DPA_STATS_ALLOW_EXPERIMENTAL_API before including this header.
 *
 * This is a host header (C and C++).
 */
#ifndef OPENFLEXIO_DPA_STATS_H
#define OPENFLEXIO_DPA_STATS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Markers                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * @brief Marks a function of the stable dpa_stats ABI.
 * @since 24.10
 */
#define DPA_STATS_STABLE __attribute__((visibility("default")))

/**
 * @brief Marks a function that may still change.
 * Using it warns ("Symbol is defined as experimental") unless
 * DPA_STATS_ALLOW_EXPERIMENTAL_API is defined; its code lives in section
 * .text.experimental.
 * @since 24.10
 */
#ifdef DPA_STATS_ALLOW_EXPERIMENTAL_API
#define DPA_STATS_EXPERIMENTAL __attribute__((section(".text.experimental"))) DPA_STATS_STABLE
#else
#define DPA_STATS_EXPERIMENTAL                                                               \
	__attribute__((deprecated("Symbol is defined as experimental"),                   \
		       section(".text.experimental"))) DPA_STATS_STABLE
#endif

/* ------------------------------------------------------------------------ */
/* Constants                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * @brief process_id meaning "every DPA process".
 * @since 24.10
 */
#define DPA_STATS_ALL_PROCESSES UINT32_MAX

/**
 * @brief thread_id meaning "every DPA thread" (required when process_id is DPA_STATS_ALL_PROCESSES).
 * @since 24.10
 */
#define DPA_STATS_ALL_THREADS UINT32_MAX

/**
 * @brief Size of the process_name array of dpa_stats_process_info (NUL-terminated, truncated).
 * @since 24.10
 */
#define DPA_STATS_PROCESS_NAME_SIZE 256

/**
 * @brief Size of the thread_name array of dpa_stats_thread_info (NUL-terminated, truncated).
 * @since 24.10
 */
#define DPA_STATS_THREAD_NAME_SIZE 256

/* ------------------------------------------------------------------------ */
/* Enumerations                                                              */
/* ------------------------------------------------------------------------ */

/**
 * @brief DPA stats API return codes.
 * @since 24.10
 */
typedef enum dpa_stats_status {
	DPA_STATS_STATUS_OK = 0,                 /**< Success. */
	DPA_STATS_STATUS_ERROR_IN_MFT = 1,       /**< The device access layer failed. */
	DPA_STATS_STATUS_NO_SUCH_PROCESS = 2,    /**< No DPA process with that id. */
	DPA_STATS_STATUS_NO_SUCH_THREADS = 3,    /**< No DPA thread with that id. */
	DPA_STATS_STATUS_NO_SUCH_EVENTS = 4,     /**< No event samples. */
	DPA_STATS_STATUS_ERROR_IN_ALLOC = 10,    /**< Out of memory. */
	DPA_STATS_STATUS_INVALID_PARAMS = 20,    /**< An argument is invalid. */
	DPA_STATS_STATUS_NULL_POINTER = 21,      /**< A required pointer is NULL. */
	DPA_STATS_STATUS_VALUE_OUT_OF_ENUM = 22, /**< An enumeration argument is out of range. */
} dpa_stats_status;

/**
 * @brief State of the performance counters of a process.
 * @since 24.10
 */
typedef enum dpa_stats_counter_state {
	DPA_STATS_COUNTER_STATE_ACTIVE = 1,   /**< Counting. */
	DPA_STATS_COUNTER_STATE_INACTIVE = 2, /**< Stopped (values kept). */
	DPA_STATS_COUNTER_STATE_RESET = 3,    /**< Reset to zero. */
} dpa_stats_counter_state;

/**
 * @brief Kind of performance counters sampled.
 * @since 24.10
 */
typedef enum dpa_stats_sample_type {
	DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT = 0, /**< Per-thread cumulative counters. */
	DPA_STATS_SAMPLE_TYPE_EVENT_TRACER = 1,     /**< Schedule-in/out event samples. */
} dpa_stats_sample_type;

/**
 * @brief Type of an event-tracer sample.
 * @since 24.10
 */
typedef enum dpa_stats_event_sample_type {
	DPA_STATS_EVENT_SAMPLE_TYPE_EMPTY_SAMPLE = 0x0, /**< Empty sample. */
	DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_IN = 0x1,  /**< A thread was scheduled in on an EU. */
	DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_OUT = 0x2, /**< A thread was scheduled out. */
	DPA_STATS_EVENT_SAMPLE_TYPE_BUFFER_FULL = 0xff, /**< The sample buffer filled up; samples were lost. */
} dpa_stats_event_sample_type;

/* ------------------------------------------------------------------------ */
/* Structures                                                                */
/* ------------------------------------------------------------------------ */

/**
 * @brief An open DPA device (opaque).
 * @since 24.10
 */
typedef struct dpa_stats_handler dpa_stats_handler_t;

/**
 * @brief DPA device and counter capabilities (dpa_stats_read_caps()).
 * @since 24.10
 */
typedef struct dpa_stats_capabilities {
	uint8_t dpa_supported;                /**< 1 if DPA capabilities are supported. */
	uint32_t performance_sample_type;     /**< Bit (1 << dpa_stats_sample_type) set per supported sample type. */
	uint8_t process_performance_counters; /**< 1 if performance counters are supported. */
} dpa_stats_capabilities;

/**
 * @brief One DPA process.
 * @since 24.10
 */
typedef struct dpa_stats_process_info {
	uint32_t dpa_process_id;                        /**< Global DPA process id. */
	uint32_t num_of_threads;                        /**< Number of threads in the process. */
	char process_name[DPA_STATS_PROCESS_NAME_SIZE]; /**< Name of the process (its application's name). */
} dpa_stats_process_info;

/**
 * @brief A list of DPA processes.
 * @since 24.10
 */
typedef struct dpa_stats_process_list {
	uint32_t process_num;             /**< Number of elements of processes. */
	dpa_stats_process_info *processes; /**< Array of process_num process infos. */
} dpa_stats_process_list;

/**
 * @brief One DPA thread.
 * @since 24.10
 */
typedef struct dpa_stats_thread_info {
	uint32_t dpa_process_id;                      /**< Global DPA process id. */
	uint32_t dpa_thread_id;                       /**< Global DPA thread id. */
	char thread_name[DPA_STATS_THREAD_NAME_SIZE]; /**< Name of the thread (its handler function's name). */
} dpa_stats_thread_info;

/**
 * @brief A list of DPA threads.
 * @since 24.10
 */
typedef struct dpa_stats_thread_list {
	dpa_stats_thread_info *threads; /**< Array of threads_num thread infos. */
	uint32_t threads_num;           /**< Number of elements of threads. */
} dpa_stats_thread_list;

/**
 * @brief Cumulative counters of one thread.
 * @since 24.10
 */
typedef struct dpa_stats_thread_cumul_info {
	uint64_t cycles;         /**< Total EU cycles the thread used. */
	uint32_t dpa_process_id; /**< Global DPA process id. */
	uint32_t dpa_thread_id;  /**< Global DPA thread id. */
	uint64_t instructions;   /**< Total number of instructions the thread executed. */
	uint64_t num_executions; /**< Total number of thread invocations. */
	uint64_t time;           /**< Total time in ticks the thread was active. */
} dpa_stats_thread_cumul_info;

/**
 * @brief A list of cumulative counter samples.
 * @since 24.10
 */
typedef struct dpa_stats_perf_cumul_list {
	dpa_stats_thread_cumul_info *samples; /**< Array of samples_num samples. */
	uint32_t samples_num;                 /**< Number of elements of samples. */
} dpa_stats_perf_cumul_list;

/**
 * @brief One event-tracer sample.
 * @since 24.10
 */
typedef struct dpa_stats_perf_event_sample {
	uint64_t cycles;                       /**< Total execution-unit cycles at the sample. */
	uint32_t dpa_process_id;               /**< Global DPA process id. */
	uint32_t dpa_thread_id;                /**< Global DPA thread id. */
	uint16_t eu_id;                        /**< Execution unit id. */
	uint32_t instructions;                 /**< Total instructions of this EU at the sample. */
	uint16_t sample_id_in_eu;              /**< Running sample id per EU, shared by a schedule-in/out pair. */
	uint64_t time;                         /**< Timestamp in microseconds. */
	enum dpa_stats_event_sample_type type; /**< Type of the sample. */
} dpa_stats_perf_event_sample;

/**
 * @brief A list of event-tracer samples.
 * @since 24.10
 */
typedef struct dpa_stats_perf_event_list {
	dpa_stats_perf_event_sample *samples; /**< Array of samples_num samples. */
	uint32_t samples_num;                 /**< Number of elements of samples. */
} dpa_stats_perf_event_list;

/* ------------------------------------------------------------------------ */
/* Device handle and errors                                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief Opens a DPA device for reading statistics.
 * @param dpa_device The RDMA device name, e.g. "mlx5_sim0".
 * @return The handle, or NULL on failure (NULL or unknown device, out of memory).
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL dpa_stats_handler_t *dpa_stats_open(const char *dpa_device);

/**
 * @brief Closes a handle from dpa_stats_open().
 * @param dpa_handler The handle (dpa_stats_open()).  NULL is accepted.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_close(dpa_stats_handler_t *dpa_handler);

/**
 * @brief Returns the last error reported on a handle.
 * @param dpa_handler The handle (dpa_stats_open()).
 * @return The last error's status, DPA_STATS_STATUS_OK when none;
 *         DPA_STATS_STATUS_NULL_POINTER when @p dpa_handler is NULL.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_get_error_code(dpa_stats_handler_t *dpa_handler);

/**
 * @brief Returns the message of the last error reported on a handle.
 * The string belongs to the handle and stays valid until the next call on it.
 * @param dpa_handler The handle (dpa_stats_open()).
 * @return The message; "" when none.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_message(dpa_stats_handler_t *dpa_handler);

/**
 * @brief Returns where the last error reported on a handle happened.
 * The string belongs to the handle.
 * @param dpa_handler The handle (dpa_stats_open()).
 * @return The function name; "" when none.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_location(dpa_stats_handler_t *dpa_handler);

/* ------------------------------------------------------------------------ */
/* Capabilities and counter control                                          */
/* ------------------------------------------------------------------------ */

/**
 * @brief Reads the capabilities of the device and its counters.
 * On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param[out] caps Receives the capabilities.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_caps(dpa_stats_handler_t *dpa_handler,
						      dpa_stats_capabilities *caps);

/**
 * @brief Sets the counter state and sample type of one process or all.
 * On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param state The new state.
 * @param type The kind of samples taken.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler is NULL.
 * @retval DPA_STATS_STATUS_VALUE_OUT_OF_ENUM @p state or @p type is out of its enumeration.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_set_counter_state(dpa_stats_handler_t *dpa_handler,
							      uint32_t process_id,
							      dpa_stats_counter_state state,
							      dpa_stats_sample_type type);

/**
 * @brief Gets the counter state and sample type of a process.
 * On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process.
 * @param[out] state Receives the state.
 * @param[out] type Receives the sample type.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_get_counter_state(dpa_stats_handler_t *dpa_handler,
							      uint32_t process_id,
							      dpa_stats_counter_state *state,
							      dpa_stats_sample_type *type);

/* ------------------------------------------------------------------------ */
/* Processes and threads                                                     */
/* ------------------------------------------------------------------------ */

/**
 * @brief Reads one process or all into a new list.
 * Free the list with dpa_stats_free_process_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param[out] process_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_processes_list(dpa_stats_handler_t *dpa_handler,
								uint32_t process_id,
								dpa_stats_process_list **process_list);

/**
 * @brief Reads the threads of every process of a process list into a new list.
 * Free the list with dpa_stats_free_thread_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_list The processes (dpa_stats_read_processes_list()).
 * @param[out] thread_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS @p process_list has elements but no array, or more
 *         processes than a device holds.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_thread_list(dpa_stats_handler_t *dpa_handler,
							     dpa_stats_process_list *process_list,
							     dpa_stats_thread_list **thread_list);

/**
 * @brief Reads one thread or all of one process or all into a new list.
 * Free the list with dpa_stats_free_thread_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param thread_id The thread, or DPA_STATS_ALL_THREADS (required with DPA_STATS_ALL_PROCESSES).
 * @param[out] thread_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS A thread id with DPA_STATS_ALL_PROCESSES.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @retval DPA_STATS_STATUS_NO_SUCH_THREADS No thread @p thread_id in the process.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_process_thread_list(dpa_stats_handler_t *dpa_handler,
								     uint32_t process_id, uint32_t thread_id,
								     dpa_stats_thread_list **thread_list);

/* ------------------------------------------------------------------------ */
/* Counters                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief Reads the cumulative counters of the threads of every process of a process list.
 * The result is a new list; free it with dpa_stats_free_cumul_info_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_list The processes (dpa_stats_read_processes_list()).
 * @param[out] cumul_info_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS @p process_list has elements but no array, or more
 *         processes than a device holds.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_cumul_info_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_cumul_list **cumul_info_list);

/**
 * @brief Reads the cumulative counters of one thread or all of one process or all.
 * The result is a new list; free it with dpa_stats_free_cumul_info_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param thread_id The thread, or DPA_STATS_ALL_THREADS (required with DPA_STATS_ALL_PROCESSES).
 * @param[out] cumul_info_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS A thread id with DPA_STATS_ALL_PROCESSES.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @retval DPA_STATS_STATUS_NO_SUCH_THREADS No thread @p thread_id in the process.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status
dpa_stats_read_process_cumul_info_list(dpa_stats_handler_t *dpa_handler, uint32_t process_id, uint32_t thread_id,
				       dpa_stats_perf_cumul_list **cumul_info_list);

/**
 * @brief Reads the event-tracer samples of the threads of every process of a process list.
 * The result is a new list; free it with dpa_stats_free_perf_event_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_list The processes (dpa_stats_read_processes_list()).
 * @param[out] perf_event_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS @p process_list has elements but no array, or more
 *         processes than a device holds.
 * @retval DPA_STATS_STATUS_NO_SUCH_EVENTS No selected process samples DPA_STATS_SAMPLE_TYPE_EVENT_TRACER.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_perf_event_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_event_list **perf_event_list);

/**
 * @brief Reads the event-tracer samples of one thread or all of one process or all.
 * The result is a new list; free it with dpa_stats_free_perf_event_list().  On failure the handle also records the error (dpa_stats_get_error_code()).
 * @param dpa_handler The handle (dpa_stats_open()).
 * @param process_id The process, or DPA_STATS_ALL_PROCESSES.
 * @param thread_id The thread, or DPA_STATS_ALL_THREADS (required with DPA_STATS_ALL_PROCESSES).
 * @param[out] perf_event_list Receives the list.
 * @return The status (dpa_stats_status):
 * @retval DPA_STATS_STATUS_OK Success.
 * @retval DPA_STATS_STATUS_NULL_POINTER @p dpa_handler or an output pointer is NULL.
 * @retval DPA_STATS_STATUS_INVALID_PARAMS A thread id with DPA_STATS_ALL_PROCESSES.
 * @retval DPA_STATS_STATUS_NO_SUCH_PROCESS No process @p process_id.
 * @retval DPA_STATS_STATUS_NO_SUCH_THREADS No thread @p thread_id in the process.
 * @retval DPA_STATS_STATUS_NO_SUCH_EVENTS No selected process samples DPA_STATS_SAMPLE_TYPE_EVENT_TRACER.
 * @retval DPA_STATS_STATUS_ERROR_IN_ALLOC Out of memory.
 * @since 24.10
 */
DPA_STATS_STABLE dpa_stats_status
dpa_stats_read_process_perf_event_list(dpa_stats_handler_t *dpa_handler, uint32_t process_id, uint32_t thread_id,
				       dpa_stats_perf_event_list **perf_event_list);

/* ------------------------------------------------------------------------ */
/* Releasing lists                                                           */
/* ------------------------------------------------------------------------ */

/**
 * @brief Frees a list from dpa_stats_read_processes_list().
 * @param process_list The list; NULL is accepted.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_process_list(dpa_stats_process_list *process_list);

/**
 * @brief Frees a list from dpa_stats_read_thread_list() or dpa_stats_read_process_thread_list().
 * @param thread_list The list; NULL is accepted.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_thread_list(dpa_stats_thread_list *thread_list);

/**
 * @brief Frees a list from dpa_stats_read_cumul_info_list() or dpa_stats_read_process_cumul_info_list().
 * @param cumul_info_list The list; NULL is accepted.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_cumul_info_list(dpa_stats_perf_cumul_list *cumul_info_list);

/**
 * @brief Frees a list from dpa_stats_read_perf_event_list() or dpa_stats_read_process_perf_event_list().
 * @param perf_event_list The list; NULL is accepted.
 * @since 24.10 (experimental)
 */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_perf_event_list(dpa_stats_perf_event_list *perf_event_list);

/* ------------------------------------------------------------------------ */
/* Sorting                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * @brief Sorts a process list in place by process id.
 * @param process_list The list (NULL: logged, nothing done).
 * @since 24.10
 */
DPA_STATS_STABLE void dpa_stats_sort_process_list(dpa_stats_process_list *process_list);

/**
 * @brief Sorts a thread list in place by process id, then thread id.
 * @param thread_list The list (NULL: logged, nothing done).
 * @since 24.10
 */
DPA_STATS_STABLE void dpa_stats_sort_thread_list(dpa_stats_thread_list *thread_list);

/**
 * @brief Sorts a cumulative counter list in place by process id, then thread id.
 * @param cumul_list The list (NULL: logged, nothing done).
 * @since 24.10
 */
DPA_STATS_STABLE void dpa_stats_sort_perf_cumul_list(dpa_stats_perf_cumul_list *cumul_list);

/**
 * @brief qsort() comparator of two dpa_stats_process_info by process id.
 * @param elem1 The first dpa_stats_process_info.
 * @param elem2 The second dpa_stats_process_info.
 * @return A negative value, 0 or a positive value as @p elem1 sorts before, with or after @p elem2.
 * @since 24.10
 */
DPA_STATS_STABLE int dpa_stats_compare_4_processes(const void *elem1, const void *elem2);

/**
 * @brief qsort() comparator of two dpa_stats_thread_info by process id, then thread id.
 * @param elem1 The first dpa_stats_thread_info.
 * @param elem2 The second dpa_stats_thread_info.
 * @return A negative value, 0 or a positive value as @p elem1 sorts before, with or after @p elem2.
 * @since 24.10
 */
DPA_STATS_STABLE int dpa_stats_compare_4_threads(const void *elem1, const void *elem2);

/**
 * @brief qsort() comparator of two dpa_stats_thread_cumul_info by process id, then thread id.
 * @param elem1 The first dpa_stats_thread_cumul_info.
 * @param elem2 The second dpa_stats_thread_cumul_info.
 * @return A negative value, 0 or a positive value as @p elem1 sorts before, with or after @p elem2.
 * @since 24.10
 */
DPA_STATS_STABLE int dpa_stats_compare_4_perf_cumul(const void *elem1, const void *elem2);

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_DPA_STATS_H */
