/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_dev.h
 * @brief DOCA DPA in device code: the calling thread, logging and tracing, DPA threads and
 * completions, memory copies (up to 2.6) and 2.2's RDMA endpoints.
 *
 * Device code (the __dpa_global__ kernels, __dpa_rpc__ functions and DPA thread functions of a DPA
 * program, built by dpacc for the DPA's riscv64 cores) includes this header and its companions:
 * doca_dpa_dev_sync_event.h, doca_dpa_dev_rdma.h (2.5 and later), doca_dpa_dev_buf.h (2.6 and
 * later) or 2.5's doca_dpa_dev_buf_array.h. They include nothing of the host's headers (the DPA has
 * no Linux headers): the handle types they share with the host's (doca_dpa_dev_sync_event_t,
 * doca_dpa_dev_mmap_t, ...) are repeated here, with the same types.
 *
 * A program selects its release as the host side does (doca_release.h: DOCA_VER_USED, default the
 * newest); an older form of a function is bound to its symbol of the device library
 * (libdoca_dpa_dev.a) with OPENDOCA_FORM, as the host headers do. The functions are the device
 * library's, except the inline ones (buffer fields, 2.6 and later), which read the layouts of
 * doca_dpa_dev_buf.h here.
 */
#ifndef OPENDOCA_DOCA_DPA_DEV_H
#define OPENDOCA_DOCA_DPA_DEV_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_dpa_common.h"

#if OPENDOCA_REL < 22
#error "DOCA DPA came with DOCA 2.2: DOCA_VER_USED selects a 1.x release"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Defined in device code: the DOCA DPA device headers are in use. */
#define DOCA_DPA_DEVICE

#if OPENDOCA_REL == 25
/*
 * 2.5's header defines __linux__ for device code, which the DPA's compiler does not (2.2's samples
 * passed -D__linux__ instead); the same definition as -D__linux__, so that both together do not warn.
 */
#define __linux__ 1
#endif

#if OPENDOCA_REL >= 26 && !defined(__forceinline)
/** Inlines a function wherever it is called. */
#define __forceinline inline __attribute__((always_inline))
#endif

/*
 * Internal: the experimental marker of the inline functions (DOCA_EXPERIMENTAL without the
 * visibility, which a static function has not).
 */
#ifdef DOCA_ALLOW_EXPERIMENTAL_API
#define OPENDOCA_EXPERIMENTAL_INLINE_ __attribute__((section(".text.experimental")))
#else
#define OPENDOCA_EXPERIMENTAL_INLINE_ \
	__attribute__((deprecated("Symbol is defined as experimental"), section(".text.experimental")))
#endif

/** An address in DPA memory, or a pointer the DPA reaches other memory by. */
typedef uint64_t doca_dpa_dev_uintptr_t;
/** A sync event (the host's doca_sync_event_get_dpa_handle; 2.2 - 2.6 doca_sync_event_export_to_dpa). */
typedef uint64_t doca_dpa_dev_sync_event_t;

#if OPENDOCA_REL == 22
/** An RDMA endpoint (the host's doca_dpa_ep_dev_export; 2.2). */
typedef uint64_t doca_dpa_dev_ep_t;
/** Registered memory (the host's doca_dpa_mem_dev_export; 2.2). */
typedef uint64_t doca_dpa_dev_mem_t;

/** A remote sync event (the host's doca_sync_event_export_remote; 2.2). */
struct doca_dpa_dev_sync_event_remote {
	uint64_t data[2]; /**< what the export gives */
};

/** A remote sync event (2.2). */
typedef struct doca_dpa_dev_sync_event_remote doca_dpa_dev_sync_event_remote_t;
#endif

#if OPENDOCA_REL >= 25
/** A buffer: the DPA address of its struct doca_dpa_dev_buf (doca_dpa_dev_buf_array_get_buf). */
typedef uint64_t doca_dpa_dev_buf_t;
/** A buffer array (the host's doca_buf_arr_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_buf_arr_t;
/** A remote sync event (the host's doca_sync_event_remote_net_get_dpa_handle; 2.5 - 2.6 export_to_dpa). */
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;
#endif

#if OPENDOCA_REL >= 27
/** A memory map (the host's doca_mmap_dev_get_dpa_handle). */
typedef uint32_t doca_dpa_dev_mmap_t;
/** A DOCA DPA context (the host's doca_dpa_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_t;
/** A DPA completion context (the host's doca_dpa_completion_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_completion_t;
/** A completion read from a DPA completion context (doca_dpa_dev_get_completion). */
typedef uint64_t doca_dpa_dev_completion_element_t;
/** A notification completion (the host's doca_dpa_notification_completion_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_notification_completion_t;

/** Types of completions. */
typedef enum doca_dpa_dev_completion_type_t {
	DOCA_DPA_DEV_COMP_SEND = 0,                /**< a send, write or read completed */
	DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM = 1, /**< a write with an immediate value arrived */
	DOCA_DPA_DEV_COMP_RECV_SEND = 2,           /**< a send arrived */
	DOCA_DPA_DEV_COMP_RECV_SEND_IMM = 3,       /**< a send with an immediate value arrived */
	DOCA_DPA_DEV_COMP_SEND_ERR = 13,           /**< a send, write or read failed */
	DOCA_DPA_DEV_COMP_RECV_ERR = 14,           /**< a receive failed */
} doca_dpa_dev_completion_type_t;

/** Flags of the operations device code posts (or-ed). */
enum doca_dpa_dev_submit_flag {
	DOCA_DPA_DEV_SUBMIT_FLAG_NONE = 0,             /**< none */
	DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH = 1,            /**< ring the doorbell now (else with a later post) */
	DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS = 2, /**< report a completion only when asked */
};
#endif

#if OPENDOCA_REL >= 27
/** An asynchronous-operations queue (the host's doca_dpa_async_ops_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_async_ops_t;
/** A DPA hash table (the host's doca_dpa_hash_table_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_hash_table_t;
#endif

#if OPENDOCA_REL >= 26
/*
 * The log macros: the facts give their arity only; these are the project's, one line of a level
 * through doca_dpa_dev_log.
 */
#if OPENDOCA_REL <= 26
/** Logs a critical error (2.6 - 2.10), printf-style. */
#define DOCA_DPA_DEV_LOG_CRIT(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_CRIT, __VA_ARGS__)
#endif
/** Logs an error, printf-style. */
#define DOCA_DPA_DEV_LOG_ERR(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_ERROR, __VA_ARGS__)
/** Logs a warning, printf-style. */
#define DOCA_DPA_DEV_LOG_WARN(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_WARNING, __VA_ARGS__)
/** Logs information, printf-style. */
#define DOCA_DPA_DEV_LOG_INFO(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_INFO, __VA_ARGS__)
/** Logs debugging information, printf-style. */
#define DOCA_DPA_DEV_LOG_DBG(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_DEBUG, __VA_ARGS__)
#endif

/**
 * @brief The rank of the calling thread among the threads of its kernel (0 to doca_dpa_dev_num_threads() - 1).
 *
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
unsigned int doca_dpa_dev_thread_rank(void);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
unsigned int doca_dpa_dev_thread_rank(void);
#endif

/**
 * @brief The number of threads running the calling kernel.
 *
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
unsigned int doca_dpa_dev_num_threads(void);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
unsigned int doca_dpa_dev_num_threads(void);
#endif

/**
 * @brief Lets another thread of the execution unit run.
 *
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_yield(void);
#endif

/**
 * @brief Prints a line to the host's standard output (the DOCA DPA context's device log), printf-style.
 *
 * @param [in] format printf-style format
 * @since 2.2
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_printf(const char *format, ...);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_printf(const char *format, ...);
#endif

/**
 * @brief Writes a log line of a level to the DOCA DPA context's log file (doca_dpa_log_file_set_path), printf-style; lines above the context's level (doca_dpa_set_log_level) are dropped.
 *
 * @param [in] log_level the level
 * @param [in] format printf-style format
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_log(doca_dpa_dev_log_level_t log_level, const char *format, ...);
#endif

/**
 * @brief Writes a trace record of five values to the DOCA DPA context's trace file (doca_dpa_trace_file_set_path).
 *
 * @param [in] arg1 first value
 * @param [in] arg2 second value
 * @param [in] arg3 third value
 * @param [in] arg4 fourth value
 * @param [in] arg5 fifth value
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_trace(uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4, uint64_t arg5);
#endif

/**
 * @brief Writes the trace records of the calling thread out.
 *
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
void doca_dpa_dev_trace_flush(void);
#endif

/**
 * @brief Selects the device (a DOCA DPA context of doca_dpa_device_extend) the calling thread's following operations use.
 *
 * @param [in] dpa_handle the DOCA DPA context (doca_dpa_get_dpa_handle)
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_device_set(doca_dpa_dev_t dpa_handle);
#endif

/**
 * @brief Ends the current run of the calling DPA thread: it runs again when next woken.
 *
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_thread_reschedule(void);
#endif

/**
 * @brief Ends the calling DPA thread for good: it is never woken again.
 *
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_thread_finish(void);
#endif

/**
 * @brief Wakes the DPA thread of a notification completion.
 *
 * @param [in] comp_handle the notification completion
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_thread_notify(doca_dpa_dev_notification_completion_t comp_handle);
#endif

/**
 * @brief The local storage of the calling DPA thread (doca_dpa_thread_set_local_storage).
 *
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_dpa_dev_uintptr_t doca_dpa_dev_thread_get_local_storage(void);
#endif

/**
 * @brief Reads the next completion of a DPA completion context, if any.
 *
 * @param [in] dpa_comp_handle the DPA completion context
 * @param [out] comp_element the completion
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
int doca_dpa_dev_get_completion(doca_dpa_dev_completion_t dpa_comp_handle,
				doca_dpa_dev_completion_element_t *comp_element);
#endif

/**
 * @brief The type of a completion.
 *
 * @param [in] comp_element the completion
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_dpa_dev_completion_type_t doca_dpa_dev_get_completion_type(doca_dpa_dev_completion_element_t comp_element);
#endif

/**
 * @brief The user data of a completion (of its asynchronous-operations queue or RDMA connection).
 *
 * @param [in] comp_element the completion
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
uint32_t doca_dpa_dev_get_completion_user_data(doca_dpa_dev_completion_element_t comp_element);
#endif

/**
 * @brief The immediate value a completion of a receive carries.
 *
 * @param [in] comp_element the completion
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
uint32_t doca_dpa_dev_get_completion_immediate(doca_dpa_dev_completion_element_t comp_element);
#endif

/**
 * @brief Acknowledges completions read, freeing their room in the queue.
 *
 * @param [in] dpa_comp_handle the DPA completion context
 * @param [in] num_comp number of completions
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_completion_ack(doca_dpa_dev_completion_t dpa_comp_handle, uint64_t num_comp);
#endif

/**
 * @brief Asks for the DPA thread of a completion context to be woken by its next completion.
 *
 * @param [in] dpa_comp_handle the DPA completion context
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_completion_request_notification(doca_dpa_dev_completion_t dpa_comp_handle);
#endif

/**
 * @brief Adds a key and its value to a DPA hash table.
 *
 * @param [in] ht_handle the hash table
 * @param [in] key the key
 * @param [in] value the value
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_hash_table_add(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t value);
#endif

/**
 * @brief Removes a key from a DPA hash table.
 *
 * @param [in] ht_handle the hash table
 * @param [in] key the key
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
void doca_dpa_dev_hash_table_remove(doca_dpa_dev_hash_table_t ht_handle, uint32_t key);
#endif

/**
 * @brief Finds the value of a key in a DPA hash table.
 *
 * @param [in] ht_handle the hash table
 * @param [in] key the key
 * @param [out] value the value
 * @since 3.0
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
int doca_dpa_dev_hash_table_find(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t *value);
#endif

/**
 * @brief The remote key of registered memory (2.2).
 *
 * @param [in] mem the registered memory
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
uint32_t doca_dpa_dev_mem_rkey_get(doca_dpa_dev_mem_t mem);
#endif

/**
 * @brief A pointer the DPA reaches host memory by, from registered memory and an address in it (2.2).
 *
 * @param [in] ext_addr address in the registered memory
 * @param [in] mem the registered memory
 * @param [out] dev_ptr the pointer
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_external_ptr_get(uint64_t ext_addr, doca_dpa_dev_mem_t mem, doca_dpa_dev_uintptr_t *dev_ptr);
#endif

/**
 * @brief Starts a copy between memories the DPA reaches; doca_dpa_dev_memcpy_synchronize waits for it.
 *
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @param [in] dest_addr destination address
 * @param [in] dest_mem destination memory
 * @param [in] src_addr source address
 * @par Releases
 * - 2.5: void doca_dpa_dev_memcpy_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length)
 * - 2.2: void doca_dpa_dev_memcpy_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr, doca_dpa_dev_mem_t src_mem, size_t length) — symbol doca_dpa_dev_memcpy_nb_v2_2
 * @since 2.2 (doca_dpa_dev_buf.h in 2.6, 2.7)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
			    uint64_t src_offset, size_t length);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr,
			    doca_dpa_dev_mem_t src_mem, size_t length) OPENDOCA_FORM(doca_dpa_dev_memcpy_nb_v2_2);
#endif

/**
 * @brief Starts a copy that transposes a matrix of elements; doca_dpa_dev_memcpy_synchronize waits for it.
 *
 * @param [in] dst_mem destination memory
 * @param [in] dst_offset offset in the destination
 * @param [in] src_mem source memory
 * @param [in] src_offset offset in the source
 * @param [in] length length in bytes
 * @param [in] element_size size of an element
 * @param [in] num_columns number of columns
 * @param [in] num_rows number of rows
 * @param [in] dest_addr destination address
 * @param [in] dest_mem destination memory
 * @param [in] src_addr source address
 * @par Releases
 * - 2.5: void doca_dpa_dev_memcpy_transpose2D_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem, uint64_t src_offset, size_t length, size_t element_size, size_t num_columns, size_t num_rows)
 * - 2.2: void doca_dpa_dev_memcpy_transpose2D_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr, doca_dpa_dev_mem_t src_mem, size_t length, size_t element_size, size_t num_columns, size_t num_rows) — symbol doca_dpa_dev_memcpy_transpose2D_nb_v2_2
 * @since 2.2 (doca_dpa_dev_buf.h in 2.6, 2.7)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_transpose2D_nb(doca_dpa_dev_buf_t dst_mem, uint64_t dst_offset, doca_dpa_dev_buf_t src_mem,
					uint64_t src_offset, size_t length, size_t element_size, size_t num_columns,
					size_t num_rows);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_transpose2D_nb(uint64_t dest_addr, doca_dpa_dev_mem_t dest_mem, uint64_t src_addr,
					doca_dpa_dev_mem_t src_mem, size_t length, size_t element_size,
					size_t num_columns, size_t num_rows)
	OPENDOCA_FORM(doca_dpa_dev_memcpy_transpose2D_nb_v2_2);
#endif

/**
 * @brief Waits for the calling thread's copies (doca_dpa_dev_memcpy_nb) to complete.
 *
 * @since 2.2 (doca_dpa_dev_buf.h in 2.6, 2.7)
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_synchronize(void);
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_memcpy_synchronize(void);
#endif

/**
 * @brief Starts an RDMA write on an endpoint (2.2); doca_dpa_dev_ep_synchronize waits for it.
 *
 * @param [in] ep the endpoint
 * @param [in] local_addr local address
 * @param [in] length length in bytes
 * @param [in] local_mem the local memory
 * @param [in] raddr remote address
 * @param [in] rkey remote key
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_put_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, size_t length, doca_dpa_dev_mem_t local_mem,
			 uint64_t raddr, uint32_t rkey);
#endif

/**
 * @brief Starts an RDMA write on an endpoint, then adds to a remote sync event (2.2).
 *
 * @param [in] ep the endpoint
 * @param [in] local_addr local address
 * @param [in] local_mem the local memory
 * @param [in] length length in bytes
 * @param [in] raddr remote address
 * @param [in] rkey remote key
 * @param [in] event the remote sync event
 * @param [in] comp_count the value added or set
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_put_signal_add_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem,
				    size_t length, uint64_t raddr, uint32_t rkey,
				    doca_dpa_dev_sync_event_remote_t event, uint64_t comp_count);
#endif

/**
 * @brief Starts an RDMA write on an endpoint, then sets a remote sync event (2.2).
 *
 * @param [in] ep the endpoint
 * @param [in] local_addr local address
 * @param [in] local_mem the local memory
 * @param [in] length length in bytes
 * @param [in] raddr remote address
 * @param [in] rkey remote key
 * @param [in] event the remote sync event
 * @param [in] comp_count the value added or set
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_put_signal_set_nb(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem,
				    size_t length, uint64_t raddr, uint32_t rkey,
				    doca_dpa_dev_sync_event_remote_t event, uint64_t comp_count);
#endif

/**
 * @brief Waits for the operations started on an endpoint to complete (2.2).
 *
 * @param [in] ep the endpoint
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
void doca_dpa_dev_ep_synchronize(doca_dpa_dev_ep_t ep);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_DEV_H */
