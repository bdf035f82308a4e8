/**
 * @file
 * @brief OpenFlexIO — the FlexIO device API (libflexio_dev): services for programs
 * running on the DPA.
 *
 * A DPA program is a set of event handlers (run when a completion arrives on
 * their armed CQ, or when activated), RPC handlers (run by the host's
 * flexio_process_call()) and the code they call.  This header declares what a
 * handler needs besides the queues: its thread context, the ways a handler
 * ends, windows onto host memory, the outbox used for doorbells, messages to
 * the host, NIC counters, spinlocks and the basic types.  Queue access is in
 * <libflexio-dev/flexio_dev_queue_access.h>, the queue element layouts in
 * <libflexio-dev/flexio_dev_queue_types.h>, fatal errors and errno in
 * <libflexio-dev/flexio_dev_err.h>, fences and cache control in <dpaintrin.h>
 * (included here).
 *
 * Releases.  Define FLEXIO_DEV_VER_USED before including this header to choose
 * the release served (see <libflexio-dev/flexio_dev_ver.h>): 23.x the DOCA
 * Driver APIs manual's device API, 24.0 .. 24.9 NVIDIA 24.01 .. 24.07's,
 * 24.10 and later (the default) NVIDIA 25.1's, which the FlexIO SDK API
 * Reference Manual documents.
 *
 * Stability.  Functions marked FLEXIO_DEV_EXPERIMENTAL may change between
 * releases; using one raises a "deprecated" warning unless the program defines
 * FLEXIO_DEV_ALLOW_EXPERIMENTAL_API before including this header.  The 23.x and
 * 24.x releases mark nothing experimental.
 *
 * Handlers must not return: an event handler ends with one of
 * flexio_dev_thread_reschedule(), flexio_dev_thread_finish(),
 * flexio_dev_thread_retrigger(), flexio_dev_process_finish() (23.x:
 * flexio_dev_reschedule(), flexio_dev_finish()).
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_H
#define OPENFLEXIO_FLEXIO_DEV_H

#include <stddef.h>
#include <stdint.h>

#include <common/flexio_common.h>
#include <libflexio-dev/flexio_dev_ver.h>
#include <libflexio-dev/flexio_dev_markers.h>
#include <libflexio-dev/flexio_dev_dpa_arch.h>
#include <dpaintrin.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Basic types and values                                                    */
/* ------------------------------------------------------------------------ */

/**
 * @brief Starts a range of entry points: the functions defined up to
 * __FLEXIO_ENTRY_POINT_END are placed in section .entry_point (dpacc and the
 * linker script keep them with the code).
 * @since 24.10
 */
#define __FLEXIO_ENTRY_POINT_START _Pragma("clang section text=\".entry_point\"")
/** @brief Ends the range of entry points started by __FLEXIO_ENTRY_POINT_START. @since 24.10 */
#define __FLEXIO_ENTRY_POINT_END _Pragma("clang section text=\"\"")

#if FLEXIO_DEV_EDITION_2401 && !defined(__unused)
/**
 * @brief Marks a parameter or variable that may be unused (NVIDIA 24.x's spelling).
 * @since 24.01 (24.x only)
 */
#define __unused __attribute__((__unused__))
#endif

/**
 * @brief The thread context of the running DPA thread (opaque).
 * Obtained with flexio_dev_get_thread_ctx() at the start of every invocation.
 * @since 23.x
 */
typedef struct flexio_dev_thread_ctx flexio_dev_thread_ctx;

/**
 * @brief Return status of Flex IO dev API functions.
 * @since 23.x
 */
typedef enum flexio_dev_status_t {
	FLEXIO_DEV_STATUS_SUCCESS = 0, /**< Success. */
	FLEXIO_DEV_STATUS_FAILED = 1,  /**< Failure (bad argument or state). */
} flexio_dev_status_t;

/**
 * @brief Flex IO dev CQ CQE creation modes: the `ce` argument of flexio_dev_swqe_seg_ctrl_set().
 * @since 23.x (the FLEXIO_CTRL_SEG_CE_* names: 26.0)
 */
typedef enum cq_ce_mode {
	MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR = 0x0,       /**< A CQE only when the WQE completes in error. */
	MLX5_CTRL_SEG_CE_CQE_ON_FIRST_CQE_ERROR = 0x1, /**< A CQE on the first error only. */
	MLX5_CTRL_SEG_CE_CQE_ALWAYS = 0x2,             /**< A CQE for every WQE. */
	MLX5_CTRL_SEG_CE_CQE_AND_EQE = 0x3,            /**< A CQE and an EQE for every WQE. */
#if FLEXIO_DEV_EDITION_26
	/* The 26.x names of the same modes. */
	FLEXIO_CTRL_SEG_CE_CQE_ON_CQE_ERROR = MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
	FLEXIO_CTRL_SEG_CE_CQE_ON_FIRST_CQE_ERROR = MLX5_CTRL_SEG_CE_CQE_ON_FIRST_CQE_ERROR,
	FLEXIO_CTRL_SEG_CE_CQE_ALWAYS = MLX5_CTRL_SEG_CE_CQE_ALWAYS,
	FLEXIO_CTRL_SEG_CE_CQE_AND_EQE = MLX5_CTRL_SEG_CE_CQE_AND_EQE,
#endif
} cq_ce_mode;

/**
 * @brief Flex IO dev NIC counter ids (flexio_dev_nic_counters_config()).
 * @since 24.01
 */
typedef enum flexio_dev_nic_counter_ids {
	FLEXIO_DEV_NIC_COUNTER_PORT0_RX_BYTES = 0x10, /**< Bytes received on port 0. */
	FLEXIO_DEV_NIC_COUNTER_PORT1_RX_BYTES = 0x11, /**< Bytes received on port 1. */
	FLEXIO_DEV_NIC_COUNTER_PORT2_RX_BYTES = 0x12, /**< Bytes received on port 2. */
	FLEXIO_DEV_NIC_COUNTER_PORT3_RX_BYTES = 0x13, /**< Bytes received on port 3. */
	FLEXIO_DEV_NIC_COUNTER_PORT0_TX_BYTES = 0x20, /**< Bytes sent on port 0. */
	FLEXIO_DEV_NIC_COUNTER_PORT1_TX_BYTES = 0x21, /**< Bytes sent on port 1. */
	FLEXIO_DEV_NIC_COUNTER_PORT2_TX_BYTES = 0x22, /**< Bytes sent on port 2. */
	FLEXIO_DEV_NIC_COUNTER_PORT3_TX_BYTES = 0x23, /**< Bytes sent on port 3. */
} flexio_dev_nic_counter_ids;

/**
 * @brief Flex IO dev window entities: each thread has two independent windows.
 * @since 24.10
 */
typedef enum flexio_window_entity {
	FLEXIO_DEV_WINDOW_ENTITY_0 = 0,   /**< The first window (the only one of 23.x and 24.x). */
	FLEXIO_DEV_WINDOW_ENTITY_1 = 1,   /**< The second window. */
	FLEXIO_DEV_WINDOW_ENTITY_NUM = 2, /**< Number of window entities. */
} flexio_window_entity;

/* ------------------------------------------------------------------------ */
/* Handler types                                                             */
/* ------------------------------------------------------------------------ */

/**
 * @brief Unpacks the arguments of an RPC and calls the user function.
 * Generated by dpacc for every RPC handler and called internally by libflexio_dev.
 * @param argbuf The arguments the host wrote (flexio_process_call()).
 * @param func The user function to call with them.
 * @return The user function's result.
 * @since 23.x
 */
typedef uint64_t(flexio_dev_arg_unpack_func_t)(void *argbuf, void *func);

/**
 * @brief An event handler.
 * It must not return: it ends with flexio_dev_thread_reschedule(),
 * flexio_dev_thread_finish(), flexio_dev_thread_retrigger() or
 * flexio_dev_process_finish() (23.x: flexio_dev_reschedule() or flexio_dev_finish()).
 * @param thread_arg The argument the host gave the event handler.
 * @since 23.x
 */
typedef void(flexio_dev_event_handler_t)(uint64_t thread_arg);

/**
 * @brief An RPC handler, run by the host's flexio_process_call().
 * @param arg The argument of the call.
 * @return The result returned to flexio_process_call().
 * @since 23.x
 */
typedef uint64_t(flexio_dev_rpc_handler_t)(uint64_t arg);

#if !FLEXIO_DEV_EDITION_OLD
/**
 * @brief An asynchronous RPC handler, run by a host command queue (flexio_cmdq_task_add()).
 * @param arg The argument of the task.
 * @since 24.01
 */
typedef void(flexio_dev_async_rpc_handler_t)(uint64_t arg);
#else
/**
 * @brief A poll-thread handler (23.x only).
 * @param thread_arg The argument the host gave the thread.
 * @since 23.x
 */
typedef void(flexio_dev_poll_thread_t)(uint64_t thread_arg);
#endif

/* ------------------------------------------------------------------------ */
/* Spinlocks                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * @brief Flex IO dev spinlock.
 * Place it in memory shared by the threads (heap, data, BSS).
 * @since 23.x
 */
struct spinlock_s {
	uint32_t locked; /**< Lock state: 0 free, 1 held. */
};

#if !FLEXIO_DEV_EDITION_OLD
/**
 * @brief Initializes a spinlock (unlocked); call it before first use.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_init(lock) __atomic_store_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)

/**
 * @brief Takes a spinlock, busy-waiting until it is free.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_lock(lock)                                                              \
	do {                                                                         \
		while (__atomic_exchange_n(&((lock)->locked), 1, __ATOMIC_SEQ_CST)) { \
			;                                                            \
		}                                                                    \
	} while (0)

/**
 * @brief Tries once to take a spinlock.
 * @param lock Pointer to the struct spinlock_s.
 * @return The previous state: 0 when the lock was free and is now taken, 1 when it was held.
 * @since 24.01
 */
#define spin_trylock(lock) __atomic_exchange_n(&((lock)->locked), 1, __ATOMIC_SEQ_CST)

/**
 * @brief Releases a spinlock.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_unlock(lock) __atomic_store_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)
#else
/**
 * @brief Initializes a spinlock (unlocked); call it before first use.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_init(lock) __atomic_exchange_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)

/**
 * @brief Takes a spinlock, busy-waiting until it is free.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_lock(lock)                                                                   \
	do {                                                                              \
		uint32_t __old_val;                                                       \
		do {                                                                      \
			__old_val = 0;                                                    \
		} while (!(__atomic_compare_exchange_n(&((lock)->locked), &__old_val, 1, 0, \
						       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))); \
	} while (0)

/**
 * @brief Releases a spinlock.
 * @param lock Pointer to the struct spinlock_s.
 * @since 23.x
 */
#define spin_unlock(lock) __atomic_exchange_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)
#endif

/* ------------------------------------------------------------------------ */
/* Thread context                                                            */
/* ------------------------------------------------------------------------ */

/**
 * @brief Gets the thread context of the running thread.
 * Call it at the start of every invocation, before any function taking a
 * dtctx.  (The OS-level context behind it, with the outbox and window bases, is
 * flexio_os_get_thread_ctx() of <libflexio-dev/flexio_dev_dpa_arch.h>.)
 * @param[out] dtctx Receives the thread context.
 * @return 0 on success; -1 when @p dtctx is NULL or no DPA thread is running.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ int flexio_dev_get_thread_ctx(struct flexio_dev_thread_ctx **dtctx);

/**
 * @brief Returns the thread id of a thread context (from the thread metadata).
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @return The thread id.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ uint32_t flexio_dev_get_thread_id(struct flexio_dev_thread_ctx *dtctx);

/**
 * @brief Returns the thread-local storage address of a thread context.
 * The address is the thread_local_storage_daddr the host gave the event
 * handler (from the thread metadata).
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @return The DPA address of the thread-local storage.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ flexio_uintptr_t flexio_dev_get_thread_local_storage(struct flexio_dev_thread_ctx *dtctx);

#if !FLEXIO_DEV_LAYOUTS_2401
/**
 * @brief Returns the name of the running thread (from the thread metadata).
 * @return The thread's NUL-terminated name.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL const char *flexio_dev_get_current_thread_name(void);
#endif

/* ------------------------------------------------------------------------ */
/* Lifecycle: how a handler ends                                             */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * @brief Ends the thread's invocation and leaves the process active.
 * The thread goes back to sleep and restarts from the beginning on its next
 * trigger.  Does not return.  (Re-arm the CQ first if the thread should be
 * triggered again.)
 * @since 24.01 (23.x: flexio_dev_reschedule())
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_reschedule(void);

/**
 * @brief flexio_dev_thread_reschedule() under its 23.x name (deprecated).
 * Does not return.
 * @since 23.x
 * @deprecated Use flexio_dev_thread_reschedule().
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_reschedule(void) __attribute__((deprecated));

/**
 * @brief Ends the thread's invocation and marks the thread finished.
 * Later triggers do not run it.  Does not return.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_finish(void);

/**
 * @brief Ends the thread's invocation and asks for it to run again at once.
 * The thread runs again without waiting for a trigger.  Does not return.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_retrigger(void);

/**
 * @brief Exits the whole DPA process without error.
 * The host sees 0x40 in its dpa_process_status, every thread of the process
 * stops and none is triggered again; thread states are left as they are (not
 * marked finished).  Does not return.
 * @since 24.01 (23.x: flexio_dev_finish())
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_process_finish(void);

/**
 * @brief flexio_dev_process_finish() under its 23.x name (deprecated).
 * Does not return.
 * @since 23.x
 * @deprecated Use flexio_dev_process_finish().
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_finish(void) __attribute__((deprecated));

/**
 * @brief Exit point of a continuable event handler.
 * The invocation ends here and the next trigger resumes execution right after
 * this call.  Has no effect (returns at once) unless the event handler was
 * created continuable.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @since 24.01
 */
FLEXIO_DEV_EXP_ void flexio_dev_yield(struct flexio_dev_thread_ctx *dtctx);

#if !FLEXIO_DEV_LAYOUTS_2401
/**
 * @brief Like flexio_dev_yield(), and asks for the thread to be triggered again at once.
 * No effect unless the event handler is continuable.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_yield_and_retrigger(void);

/**
 * @brief Activates (triggers) an event handler of the calling thread's process.
 * @param activation_id The handler's activation id (the host's
 *        flexio_event_handler_get_activation_id()); the handler must belong to
 *        the same process as the calling thread.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_event_handler_activate(uint32_t activation_id);
#endif

#else /* 23.x */

/**
 * @brief Exits the DPA process without error (0x40 in dpa_process_status).
 * Does not return.  (Later releases: flexio_dev_process_finish().)
 * @since 23.x
 */
FLEXIO_DEV_STABLE __attribute__((__noreturn__)) void flexio_dev_finish(void);

/**
 * @brief Ends the thread's invocation and leaves the process active.
 * The thread restarts from the beginning on its next trigger.  Does not return.
 * (Later releases: flexio_dev_thread_reschedule().)
 * @since 23.x
 */
FLEXIO_DEV_STABLE __attribute__((__noreturn__)) void flexio_dev_reschedule(void);

#endif

/* ------------------------------------------------------------------------ */
/* Outbox (doorbells)                                                        */
/* ------------------------------------------------------------------------ */

/**
 * @brief Selects the thread's outbox.
 * Doorbells of the queue-access helpers go through the outbox selected last;
 * an outbox serves the queues of its own host process and device.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param outbox_config_id The id of a host outbox (flexio_outbox_get_id()).
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The outbox is selected.
 * @retval FLEXIO_DEV_STATUS_FAILED @p dtctx is not the running thread's context
 *         (errno EINVAL), or no outbox has that id.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ flexio_dev_status_t flexio_dev_outbox_config(struct flexio_dev_thread_ctx *dtctx,
							     uint16_t outbox_config_id);

#if !FLEXIO_DEV_EDITION_OLD

/**
 * @brief flexio_dev_outbox_config() without any check.
 * Not even whether the id is already the current one.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param outbox_config_id The id of a host outbox (flexio_outbox_get_id()).
 * @since 24.01
 */
FLEXIO_DEV_EXP_ void flexio_dev_outbox_config_fast(struct flexio_dev_thread_ctx *dtctx,
						   uint16_t outbox_config_id);

/**
 * @brief Sets the device (extended UAR id) the thread's outbox operates on.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param device_id The extended UAR id (the host's flexio_uar_get_extended_id()).
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The device is set.
 * @retval FLEXIO_DEV_STATUS_FAILED @p dtctx is not the running thread's context
 *         (errno EINVAL), or the device is unknown.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ flexio_dev_status_t
flexio_dev_outbox_config_uar_extension(struct flexio_dev_thread_ctx *dtctx, flexio_uar_device_id device_id);

#if !FLEXIO_DEV_LAYOUTS_2401
/**
 * @brief Rings the send doorbell of a QP on another device.
 * @param device_id The other device's extended UAR id.
 * @param qpn The QP number.
 * @param pi The producer index (next free WQE).
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The doorbell was rung.
 * @retval FLEXIO_DEV_STATUS_FAILED @p qpn wider than 24 bits (errno EINVAL) or unknown device.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t flexio_dev_cross_device_ring_db(flexio_uar_device_id device_id,
									    uint32_t qpn, uint32_t pi);
#endif

#endif

/* ------------------------------------------------------------------------ */
/* Windows (host memory)                                                     */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_LAYOUTS_2401

/**
 * @brief Configures a window entity of the thread.
 * @param win_entity The window entity.
 * @param window_config_id The id of a host window (flexio_window_get_id()).
 * @param mkey The key of the host memory region reached through it.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The window is configured.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad entity (errno EINVAL) or no window has that id.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t flexio_dev_multi_window_config(enum flexio_window_entity win_entity,
									   uint16_t window_config_id,
									   uint32_t mkey);

/**
 * @brief Changes only the mkey of a window entity.
 * @param win_entity The window entity.
 * @param mkey The key of the host memory region.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The mkey is set.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad entity (errno EINVAL) or mkey refused.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_mkey_config(enum flexio_window_entity win_entity, uint32_t mkey);

/**
 * @brief Translates a host address into a DPA address reaching it through a window.
 * Plain loads and stores through the DPA address reach host memory.  Window
 * writes become visible to the host at __dpa_thread_window_writeback(); host
 * changes are seen after __dpa_thread_window_read_inv().
 * @param win_entity The window entity.
 * @param haddr The host address, inside the region of the entity's mkey.
 * @param[out] daddr Receives the DPA address.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS *@p daddr is set.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad entity or NULL @p daddr (errno EINVAL), or
 *         the address is outside the window's region.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_ptr_acquire(enum flexio_window_entity win_entity, uint64_t haddr, flexio_uintptr_t *daddr);

/**
 * @brief Copies bytes from host memory to DPA memory (UNSUPPORTED).
 * Documented as unsupported: always fails.
 * @param win_entity The window entity.
 * @param daddr The DPA destination.
 * @param haddr The host source address.
 * @param size The number of bytes.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_FAILED Always (errno ENOTSUP).
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_copy_from_host(enum flexio_window_entity win_entity, void *daddr, uint64_t haddr,
				       uint32_t size);

/**
 * @brief Copies bytes from DPA memory to host memory through a window.
 * @param win_entity The window entity.
 * @param haddr The host destination address.
 * @param daddr The DPA source.
 * @param size The number of bytes.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The bytes were copied.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad entity or NULL @p daddr with a nonzero
 *         @p size (errno EINVAL), or the range is outside the window's region.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_copy_to_host(enum flexio_window_entity win_entity, uint64_t haddr, const void *daddr,
				     uint32_t size);

/*
 * The window helpers under their older names, taking the window entity
 * (header-inline, not marked experimental themselves, as in NVIDIA 25.1).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/**
 * @brief flexio_dev_multi_window_config() under its older name.
 * @param win_entity The window entity.
 * @param window_config_id The id of a host window (flexio_window_get_id()).
 * @param mkey The key of the host memory region.
 * @return What flexio_dev_multi_window_config() returns.
 * @since 24.10 (this form; 23.x and 24.x take the thread context)
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_config(enum flexio_window_entity win_entity,
								      uint16_t window_config_id, uint32_t mkey)
{
	return flexio_dev_multi_window_config(win_entity, window_config_id, mkey);
}

/**
 * @brief flexio_dev_multi_window_mkey_config() under its older name.
 * @param win_entity The window entity.
 * @param mkey The key of the host memory region.
 * @return What flexio_dev_multi_window_mkey_config() returns.
 * @since 24.10 (this form; 23.x and 24.x take the thread context)
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_mkey_config(enum flexio_window_entity win_entity,
									   uint32_t mkey)
{
	return flexio_dev_multi_window_mkey_config(win_entity, mkey);
}

/**
 * @brief flexio_dev_multi_window_ptr_acquire() under its older name.
 * @param win_entity The window entity.
 * @param haddr The host address.
 * @param[out] daddr Receives the DPA address.
 * @return What flexio_dev_multi_window_ptr_acquire() returns.
 * @since 24.10 (this form; 23.x and 24.x take the thread context)
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_ptr_acquire(enum flexio_window_entity win_entity,
									   uint64_t haddr, flexio_uintptr_t *daddr)
{
	return flexio_dev_multi_window_ptr_acquire(win_entity, haddr, daddr);
}

/**
 * @brief flexio_dev_multi_window_copy_from_host() under its older name (UNSUPPORTED).
 * @param win_entity The window entity.
 * @param daddr The DPA destination.
 * @param haddr The host source address.
 * @param size The number of bytes.
 * @return FLEXIO_DEV_STATUS_FAILED.
 * @since 24.10 (this form; 23.x and 24.x take the thread context)
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_copy_from_host(enum flexio_window_entity win_entity,
									      void *daddr, uint64_t haddr,
									      uint32_t size)
{
	return flexio_dev_multi_window_copy_from_host(win_entity, daddr, haddr, size);
}

/**
 * @brief flexio_dev_multi_window_copy_to_host() under its older name.
 * @param win_entity The window entity.
 * @param haddr The host destination address.
 * @param daddr The DPA source.
 * @param size The number of bytes.
 * @return What flexio_dev_multi_window_copy_to_host() returns.
 * @since 24.10 (this form; 23.x and 24.x take the thread context)
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_copy_to_host(enum flexio_window_entity win_entity,
									    uint64_t haddr, const void *daddr,
									    uint32_t size)
{
	return flexio_dev_multi_window_copy_to_host(win_entity, haddr, daddr, size);
}
#pragma GCC diagnostic pop

#else /* 23.x and 24.x: one window per thread context, functions of libflexio_dev */

/**
 * @brief Configures the thread's window.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param window_config_id The id of a host window (flexio_window_get_id()).
 * @param mkey The key of the host memory region reached through it.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The window is configured.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad thread context (errno EINVAL) or no window has that id.
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_config(struct flexio_dev_thread_ctx *dtctx,
							       uint16_t window_config_id, uint32_t mkey);

/**
 * @brief Changes only the mkey of the thread's window.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param mkey The key of the host memory region.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The mkey is set.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad thread context (errno EINVAL) or mkey refused.
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_mkey_config(struct flexio_dev_thread_ctx *dtctx,
								    uint32_t mkey);

#if FLEXIO_DEV_EDITION_OLD
/**
 * @brief Translates a host address into the DPA address through which the window reaches it.
 * The 23.x manual prints @p daddr as flexio_uintptr_t **; the value stored is the address.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param haddr The host address.
 * @param[out] daddr Receives the DPA address.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS *@p daddr is set.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad thread context or NULL @p daddr (errno EINVAL),
 *         or the address is outside the window's region.
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx,
								    uint64_t haddr, flexio_uintptr_t **daddr);
#else
/**
 * @brief Translates a host address into the DPA address through which the window reaches it.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param haddr The host address.
 * @param[out] daddr Receives the DPA address.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS *@p daddr is set.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad thread context or NULL @p daddr (errno EINVAL),
 *         or the address is outside the window's region.
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx,
								    uint64_t haddr, flexio_uintptr_t *daddr);
#endif

/**
 * @brief Copies bytes from host memory to DPA memory (UNSUPPORTED: always fails).
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param daddr The DPA destination.
 * @param haddr The host source address.
 * @param size The number of bytes.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_FAILED Always (errno ENOTSUP).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_copy_from_host(struct flexio_dev_thread_ctx *dtctx,
								       void *daddr, uint64_t haddr,
								       uint32_t size);

/**
 * @brief Copies bytes from DPA memory to host memory through the thread's window.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param haddr The host destination address.
 * @param daddr The DPA source.
 * @param size The number of bytes.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The bytes were copied.
 * @retval FLEXIO_DEV_STATUS_FAILED Bad thread context or NULL @p daddr (errno EINVAL),
 *         or the range is outside the window's region.
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_copy_to_host(struct flexio_dev_thread_ctx *dtctx,
								     uint64_t haddr, const void *daddr,
								     uint32_t size);

#endif

/* ------------------------------------------------------------------------ */
/* Messages to the host                                                      */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * @brief Formats a message like printf() and sends it to a host message stream.
 * Safe against concurrent messages from other threads.
 * @param stream_id The stream (the host's flexio_msg_stream_create(), or
 *        FLEXIO_MSG_DEV_BROADCAST_STREAM for every open stream).
 * @param level The message level (FLEXIO_MSG_DEV_*); streams show the
 *        messages at or below their level.
 * @param format The printf() format, followed by its arguments.
 * @return What printf() returns: the number of characters formatted, negative on error.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ __attribute__((format(printf, 3, 4))) int
flexio_dev_msg(int stream_id, flexio_msg_dev_level level, const char *format, ...);

/**
 * @brief flexio_dev_msg() at level FLEXIO_MSG_DEV_ERROR.
 * @param strm_id The message stream; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_err(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_ERROR, __VA_ARGS__)
/**
 * @brief flexio_dev_msg() at level FLEXIO_MSG_DEV_WARN.
 * @param strm_id The message stream; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_warn(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_WARN, __VA_ARGS__)
/**
 * @brief flexio_dev_msg() at level FLEXIO_MSG_DEV_INFO.
 * @param strm_id The message stream; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_info(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_INFO, __VA_ARGS__)
/**
 * @brief flexio_dev_msg() at level FLEXIO_MSG_DEV_DEBUG.
 * @param strm_id The message stream; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_dbg(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_DEBUG, __VA_ARGS__)

/**
 * @brief flexio_dev_msg() to the host's default stream.
 * @param lvl The message level; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_dflt(lvl, ...) flexio_dev_msg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, lvl, __VA_ARGS__)

/**
 * @brief flexio_dev_msg() to every stream the host has open.
 * @param lvl The message level; then the format and its arguments.
 * @since 24.01
 */
#define flexio_dev_msg_broadcast(lvl, ...) flexio_dev_msg(FLEXIO_MSG_DEV_BROADCAST_STREAM, lvl, __VA_ARGS__)

/**
 * @brief printf() to the host's default stream at level FLEXIO_MSG_DEV_INFO.
 * Takes the format and its arguments; evaluates to what flexio_dev_msg() returns.
 * @since 23.x (a function in 23.x; this macro from 24.01)
 */
#define flexio_dev_print(...) flexio_dev_msg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, __VA_ARGS__)

#else

/**
 * @brief Formats a message like printf() and sends it to the host's print queue.
 * The queue is set up by the host's flexio_print_init().  Safe against
 * concurrent prints from other threads.
 * @param format The printf() format, followed by its arguments.
 * @return What printf() returns: the number of characters formatted, negative on error.
 * @since 23.x
 */
FLEXIO_DEV_STABLE __attribute__((format(printf, 1, 2))) int flexio_dev_print(const char *format, ...);

#endif

/**
 * @brief Sends a string to the host's default message stream (23.x: the print queue).
 * Has no effect if the host set none up.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @param str The NUL-terminated string.
 * @return The length of the string sent; -1 when @p dtctx is not the running
 *         thread's context or @p str is NULL (errno EINVAL).
 * @since 23.x
 */
FLEXIO_DEV_EXP_ int flexio_dev_puts(struct flexio_dev_thread_ctx *dtctx, char *str);

/* ------------------------------------------------------------------------ */
/* NIC counters and congestion control                                       */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * @brief Declares the NIC counters flexio_dev_nic_counters_sample() reads.
 * Both arrays must be global or heap memory.  One configuration per process.
 * The process crashes on too many ids, bad pointers or an unknown id.
 * @param counter_values Receives the counters as 32-bit values at each sample.
 * @param counter_ids The counter ids (flexio_dev_nic_counter_ids).
 * @param num_counters The number of ids.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ void flexio_dev_nic_counters_config(uint32_t *counter_values, uint32_t *counter_ids,
						    uint32_t num_counters);

/**
 * @brief Samples the configured NIC counters.
 * The values go into the array given to flexio_dev_nic_counters_config(); the
 * process crashes if it was never called.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ void flexio_dev_nic_counters_sample(void);

/**
 * @brief Returns the programmable congestion control (PCC) table base address of a VHCA.
 * @param vhca_id The VHCA id.
 * @return The table's base address.
 * @since 24.01
 */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_pcc_table_base(uint16_t vhca_id);

#endif

/* ------------------------------------------------------------------------ */
/* Aligned copies (NVIDIA 25.1)                                              */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_LAYOUTS_2401

/**
 * @brief Copies bytes in 16-bit units.
 * @param dest The destination, 2-byte aligned.
 * @param src The source, 2-byte aligned.
 * @param n The number of bytes, a multiple of 2.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy16(uint16_t *dest, const uint16_t *src, uint64_t n);

/**
 * @brief Copies bytes in 32-bit units.
 * @param dest The destination, 4-byte aligned.
 * @param src The source, 4-byte aligned.
 * @param n The number of bytes, a multiple of 4.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy32(uint32_t *dest, const uint32_t *src, uint64_t n);

/**
 * @brief Copies bytes in 64-bit units.
 * @param dest The destination, 8-byte aligned.
 * @param src The source, 8-byte aligned.
 * @param n The number of bytes, a multiple of 8.
 * @since 24.10 (experimental)
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy64(uint64_t *dest, const uint64_t *src, uint64_t n);

#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_H */
