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

/** Marks a function of the stable dpa_stats ABI. */
#define DPA_STATS_STABLE __attribute__((visibility("default")))

/**
 * Marks a function that may still change.  Using it warns ("Symbol is defined
 * as experimental") unless DPA_STATS_ALLOW_EXPERIMENTAL_API is defined; its code
 * lives in section .text.experimental.
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

/** process_id meaning "every DPA process". */
#define DPA_STATS_ALL_PROCESSES UINT32_MAX

/** thread_id meaning "every DPA thread" (required when process_id is DPA_STATS_ALL_PROCESSES). */
#define DPA_STATS_ALL_THREADS UINT32_MAX

/** Size of the process_name array of dpa_stats_process_info (NUL-terminated, truncated). */
#define DPA_STATS_PROCESS_NAME_SIZE 256

/** Size of the thread_name array of dpa_stats_thread_info (NUL-terminated, truncated). */
#define DPA_STATS_THREAD_NAME_SIZE 256

/* ------------------------------------------------------------------------ */
/* Enumerations                                                              */
/* ------------------------------------------------------------------------ */

/** DPA stats API return codes. */
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

/** State of the performance counters of a process. */
typedef enum dpa_stats_counter_state {
	DPA_STATS_COUNTER_STATE_ACTIVE = 1,   /**< Counting. */
	DPA_STATS_COUNTER_STATE_INACTIVE = 2, /**< Stopped (values kept). */
	DPA_STATS_COUNTER_STATE_RESET = 3,    /**< Reset to zero. */
} dpa_stats_counter_state;

/** Kind of performance counters sampled. */
typedef enum dpa_stats_sample_type {
	DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT = 0, /**< Per-thread cumulative counters. */
	DPA_STATS_SAMPLE_TYPE_EVENT_TRACER = 1,     /**< Schedule-in/out event samples. */
} dpa_stats_sample_type;

/** Type of an event-tracer sample. */
typedef enum dpa_stats_event_sample_type {
	DPA_STATS_EVENT_SAMPLE_TYPE_EMPTY_SAMPLE = 0x0, /**< Empty sample. */
	DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_IN = 0x1,  /**< A thread was scheduled in on an EU. */
	DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_OUT = 0x2, /**< A thread was scheduled out. */
	DPA_STATS_EVENT_SAMPLE_TYPE_BUFFER_FULL = 0xff, /**< The sample buffer filled up; samples were lost. */
} dpa_stats_event_sample_type;

/* ------------------------------------------------------------------------ */
/* Structures                                                                */
/* ------------------------------------------------------------------------ */

/** An open DPA device (opaque). */
typedef struct dpa_stats_handler dpa_stats_handler_t;

/** DPA device and counter capabilities (dpa_stats_read_caps()). */
typedef struct dpa_stats_capabilities {
	uint8_t dpa_supported;                /**< 1 if DPA capabilities are supported. */
	uint32_t performance_sample_type;     /**< Bit (1 << dpa_stats_sample_type) set per supported sample type. */
	uint8_t process_performance_counters; /**< 1 if performance counters are supported. */
} dpa_stats_capabilities;

/** One DPA process. */
typedef struct dpa_stats_process_info {
	uint32_t dpa_process_id;                        /**< Global DPA process id. */
	uint32_t num_of_threads;                        /**< Number of threads in the process. */
	char process_name[DPA_STATS_PROCESS_NAME_SIZE]; /**< Name of the process (its application's name). */
} dpa_stats_process_info;

/** A list of DPA processes. */
typedef struct dpa_stats_process_list {
	uint32_t process_num;             /**< Number of elements of processes. */
	dpa_stats_process_info *processes; /**< Array of process_num process infos. */
} dpa_stats_process_list;

/** One DPA thread. */
typedef struct dpa_stats_thread_info {
	uint32_t dpa_process_id;                      /**< Global DPA process id. */
	uint32_t dpa_thread_id;                       /**< Global DPA thread id. */
	char thread_name[DPA_STATS_THREAD_NAME_SIZE]; /**< Name of the thread (its handler function's name). */
} dpa_stats_thread_info;

/** A list of DPA threads. */
typedef struct dpa_stats_thread_list {
	dpa_stats_thread_info *threads; /**< Array of threads_num thread infos. */
	uint32_t threads_num;           /**< Number of elements of threads. */
} dpa_stats_thread_list;

/** Cumulative counters of one thread. */
typedef struct dpa_stats_thread_cumul_info {
	uint64_t cycles;         /**< Total EU cycles the thread used. */
	uint32_t dpa_process_id; /**< Global DPA process id. */
	uint32_t dpa_thread_id;  /**< Global DPA thread id. */
	uint64_t instructions;   /**< Total number of instructions the thread executed. */
	uint64_t num_executions; /**< Total number of thread invocations. */
	uint64_t time;           /**< Total time in ticks the thread was active. */
} dpa_stats_thread_cumul_info;

/** A list of cumulative counter samples. */
typedef struct dpa_stats_perf_cumul_list {
	dpa_stats_thread_cumul_info *samples; /**< Array of samples_num samples. */
	uint32_t samples_num;                 /**< Number of elements of samples. */
} dpa_stats_perf_cumul_list;

/** One event-tracer sample. */
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

/** A list of event-tracer samples. */
typedef struct dpa_stats_perf_event_list {
	dpa_stats_perf_event_sample *samples; /**< Array of samples_num samples. */
	uint32_t samples_num;                 /**< Number of elements of samples. */
} dpa_stats_perf_event_list;

/* ------------------------------------------------------------------------ */
/* Device handle and errors                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Opens DPA device @p dpa_device (an RDMA device name, e.g. "mlx5_sim0") for
 * reading statistics.  Returns the handle, or NULL on failure.
 */
DPA_STATS_EXPERIMENTAL dpa_stats_handler_t *dpa_stats_open(const char *dpa_device);

/** Closes a handle from dpa_stats_open().  NULL is accepted. */
DPA_STATS_EXPERIMENTAL void dpa_stats_close(dpa_stats_handler_t *dpa_handler);

/** Returns the last error reported on @p dpa_handler, or DPA_STATS_STATUS_OK. */
DPA_STATS_STABLE dpa_stats_status dpa_stats_get_error_code(dpa_stats_handler_t *dpa_handler);

/**
 * Returns the message of the last error reported on @p dpa_handler ("" when
 * none).  The string belongs to the handle and stays valid until the next call
 * on it.
 */
DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_message(dpa_stats_handler_t *dpa_handler);

/**
 * Returns where the last error reported on @p dpa_handler happened (the
 * function name; "" when none).  The string belongs to the handle.
 */
DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_location(dpa_stats_handler_t *dpa_handler);

/* ------------------------------------------------------------------------ */
/* Capabilities and counter control                                          */
/* ------------------------------------------------------------------------ */

/** Reads the capabilities of the device and its counters into *@p caps. */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_caps(dpa_stats_handler_t *dpa_handler,
						      dpa_stats_capabilities *caps);

/**
 * Sets the counters of process @p process_id (or DPA_STATS_ALL_PROCESSES) to
 * @p state, sampling @p type.
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_set_counter_state(dpa_stats_handler_t *dpa_handler,
							      uint32_t process_id,
							      dpa_stats_counter_state state,
							      dpa_stats_sample_type type);

/** Gets the counter state and sample type of process @p process_id. */
DPA_STATS_STABLE dpa_stats_status dpa_stats_get_counter_state(dpa_stats_handler_t *dpa_handler,
							      uint32_t process_id,
							      dpa_stats_counter_state *state,
							      dpa_stats_sample_type *type);

/* ------------------------------------------------------------------------ */
/* Processes and threads                                                     */
/* ------------------------------------------------------------------------ */

/**
 * Reads process @p process_id, or every process (DPA_STATS_ALL_PROCESSES), into
 * a new list *@p process_list; free it with dpa_stats_free_process_list().
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_processes_list(dpa_stats_handler_t *dpa_handler,
								uint32_t process_id,
								dpa_stats_process_list **process_list);

/**
 * Reads the threads of every process of @p process_list (read before) into a
 * new list *@p thread_list; free it with dpa_stats_free_thread_list().
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_thread_list(dpa_stats_handler_t *dpa_handler,
							     dpa_stats_process_list *process_list,
							     dpa_stats_thread_list **thread_list);

/**
 * Reads thread @p thread_id (or DPA_STATS_ALL_THREADS) of process @p process_id
 * (or DPA_STATS_ALL_PROCESSES, then thread_id must be DPA_STATS_ALL_THREADS)
 * into a new list *@p thread_list.
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_process_thread_list(dpa_stats_handler_t *dpa_handler,
								     uint32_t process_id, uint32_t thread_id,
								     dpa_stats_thread_list **thread_list);

/* ------------------------------------------------------------------------ */
/* Counters                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Reads the cumulative counters of the threads of every process of
 * @p process_list into a new list *@p cumul_info_list; free it with
 * dpa_stats_free_cumul_info_list().
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_cumul_info_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_cumul_list **cumul_info_list);

/**
 * Reads the cumulative counters of thread @p thread_id (or all) of process
 * @p process_id (or all; then thread_id must be DPA_STATS_ALL_THREADS) into a new
 * list *@p cumul_info_list.
 */
DPA_STATS_STABLE dpa_stats_status
dpa_stats_read_process_cumul_info_list(dpa_stats_handler_t *dpa_handler, uint32_t process_id, uint32_t thread_id,
				       dpa_stats_perf_cumul_list **cumul_info_list);

/**
 * Reads the event-tracer samples of the threads of every process of
 * @p process_list into a new list *@p perf_event_list; free it with
 * dpa_stats_free_perf_event_list().
 */
DPA_STATS_STABLE dpa_stats_status dpa_stats_read_perf_event_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_event_list **perf_event_list);

/**
 * Reads the event-tracer samples of thread @p thread_id (or all) of process
 * @p process_id (or all; then thread_id must be DPA_STATS_ALL_THREADS) into a new
 * list *@p perf_event_list.
 */
DPA_STATS_STABLE dpa_stats_status
dpa_stats_read_process_perf_event_list(dpa_stats_handler_t *dpa_handler, uint32_t process_id, uint32_t thread_id,
				       dpa_stats_perf_event_list **perf_event_list);

/* ------------------------------------------------------------------------ */
/* Releasing lists                                                           */
/* ------------------------------------------------------------------------ */

/** Frees a list from dpa_stats_read_processes_list().  NULL is accepted. */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_process_list(dpa_stats_process_list *process_list);

/** Frees a list from dpa_stats_read_thread_list() / _read_process_thread_list().  NULL is accepted. */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_thread_list(dpa_stats_thread_list *thread_list);

/** Frees a list from dpa_stats_read_cumul_info_list() / _read_process_cumul_info_list().  NULL is accepted. */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_cumul_info_list(dpa_stats_perf_cumul_list *cumul_info_list);

/** Frees a list from dpa_stats_read_perf_event_list() / _read_process_perf_event_list().  NULL is accepted. */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_perf_event_list(dpa_stats_perf_event_list *perf_event_list);

/* ------------------------------------------------------------------------ */
/* Sorting                                                                   */
/* ------------------------------------------------------------------------ */

/** Sorts @p process_list in place by process id. */
DPA_STATS_STABLE void dpa_stats_sort_process_list(dpa_stats_process_list *process_list);

/** Sorts @p thread_list in place by process id, then thread id. */
DPA_STATS_STABLE void dpa_stats_sort_thread_list(dpa_stats_thread_list *thread_list);

/** Sorts @p cumul_list in place by process id, then thread id. */
DPA_STATS_STABLE void dpa_stats_sort_perf_cumul_list(dpa_stats_perf_cumul_list *cumul_list);

/**
 * qsort() comparator of two dpa_stats_process_info by process id: returns a
 * negative value, 0 or a positive value.
 */
DPA_STATS_STABLE int dpa_stats_compare_4_processes(const void *elem1, const void *elem2);

/** qsort() comparator of two dpa_stats_thread_info by process id, then thread id. */
DPA_STATS_STABLE int dpa_stats_compare_4_threads(const void *elem1, const void *elem2);

/** qsort() comparator of two dpa_stats_thread_cumul_info by process id, then thread id. */
DPA_STATS_STABLE int dpa_stats_compare_4_perf_cumul(const void *elem1, const void *elem2);

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_DPA_STATS_H */
