/*
 * OpenFlexIO — the FlexIO device API (libflexio_dev): services for programs
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
 * Entry-point markers: functions defined between them are placed in section
 * .entry_point (dpacc and the linker script keep them with the code).
 */
#define __FLEXIO_ENTRY_POINT_START _Pragma("clang section text=\".entry_point\"")
#define __FLEXIO_ENTRY_POINT_END _Pragma("clang section text=\"\"")

#if FLEXIO_DEV_EDITION_2401 && !defined(__unused)
/** Marks a parameter or variable that may be unused (NVIDIA 24.x's spelling). */
#define __unused __attribute__((__unused__))
#endif

/**
 * The thread context of the running DPA thread, obtained with
 * flexio_dev_get_thread_ctx() at the start of every invocation.  Opaque.
 */
typedef struct flexio_dev_thread_ctx flexio_dev_thread_ctx;

/** Return status of Flex IO dev API functions. */
typedef enum flexio_dev_status_t {
	FLEXIO_DEV_STATUS_SUCCESS = 0, /**< Success. */
	FLEXIO_DEV_STATUS_FAILED = 1,  /**< Failure (bad argument or state). */
} flexio_dev_status_t;

/** Flex IO dev CQ CQE creation modes: the `ce` argument of flexio_dev_swqe_seg_ctrl_set(). */
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

/** Flex IO dev NIC counter ids (flexio_dev_nic_counters_config()). */
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

/** Flex IO dev window entities: each thread has two independent windows. */
typedef enum flexio_window_entity {
	FLEXIO_DEV_WINDOW_ENTITY_0 = 0,   /**< The first window (the only one of 23.x and 24.x). */
	FLEXIO_DEV_WINDOW_ENTITY_1 = 1,   /**< The second window. */
	FLEXIO_DEV_WINDOW_ENTITY_NUM = 2, /**< Number of window entities. */
} flexio_window_entity;

/* ------------------------------------------------------------------------ */
/* Handler types                                                             */
/* ------------------------------------------------------------------------ */

/**
 * Unpacks the arguments the host wrote into @p argbuf and calls the user
 * function @p func on the DPA; returns the function's result.  Generated by
 * dpacc for every RPC handler and called internally by libflexio_dev.
 */
typedef uint64_t(flexio_dev_arg_unpack_func_t)(void *argbuf, void *func);

/**
 * An event handler.  @p thread_arg is the argument the host gave the event
 * handler.  It must not return: it ends with flexio_dev_thread_reschedule(),
 * _finish(), _retrigger() or flexio_dev_process_finish() (23.x:
 * flexio_dev_reschedule() or flexio_dev_finish()).
 */
typedef void(flexio_dev_event_handler_t)(uint64_t thread_arg);

/** An RPC handler: its result is returned to the host's flexio_process_call(). */
typedef uint64_t(flexio_dev_rpc_handler_t)(uint64_t arg);

#if !FLEXIO_DEV_EDITION_OLD
/** An asynchronous RPC handler, run by a host command queue (flexio_cmdq_task_add()). */
typedef void(flexio_dev_async_rpc_handler_t)(uint64_t arg);
#else
/** 23.x: a poll-thread handler; @p thread_arg is the host-given argument. */
typedef void(flexio_dev_poll_thread_t)(uint64_t thread_arg);
#endif

/* ------------------------------------------------------------------------ */
/* Spinlocks                                                                 */
/* ------------------------------------------------------------------------ */

/** Flex IO dev spinlock.  Place it in memory shared by the threads (heap, data, BSS). */
struct spinlock_s {
	uint32_t locked; /**< Lock state: 0 free, 1 held. */
};

#if !FLEXIO_DEV_EDITION_OLD
/** Initializes a spinlock (unlocked); must be called before first use. */
#define spin_init(lock) __atomic_store_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)

/** Takes a spinlock, busy-waiting until it is free. */
#define spin_lock(lock)                                                              \
	do {                                                                         \
		while (__atomic_exchange_n(&((lock)->locked), 1, __ATOMIC_SEQ_CST)) { \
			;                                                            \
		}                                                                    \
	} while (0)

/** Tries once to take a spinlock; evaluates to the previous state (0: the lock was taken). */
#define spin_trylock(lock) __atomic_exchange_n(&((lock)->locked), 1, __ATOMIC_SEQ_CST)

/** Releases a spinlock. */
#define spin_unlock(lock) __atomic_store_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)
#else
/** Initializes a spinlock (unlocked); must be called before first use. */
#define spin_init(lock) __atomic_exchange_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)

/** Takes a spinlock, busy-waiting until it is free. */
#define spin_lock(lock)                                                                   \
	do {                                                                              \
		uint32_t __old_val;                                                       \
		do {                                                                      \
			__old_val = 0;                                                    \
		} while (!(__atomic_compare_exchange_n(&((lock)->locked), &__old_val, 1, 0, \
						       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))); \
	} while (0)

/** Releases a spinlock. */
#define spin_unlock(lock) __atomic_exchange_n(&((lock)->locked), 0, __ATOMIC_SEQ_CST)
#endif

/* ------------------------------------------------------------------------ */
/* Thread context                                                            */
/* ------------------------------------------------------------------------ */

/**
 * Gets the thread context of the running thread into *@p dtctx.  Call it at
 * the start of every invocation, before any function taking a dtctx.
 *
 * Returns 0 on success, a negative value on failure.
 *
 * (The OS-level context behind it, with the outbox and window bases, is
 * flexio_os_get_thread_ctx() of <libflexio-dev/flexio_dev_dpa_arch.h>.)
 */
FLEXIO_DEV_EXP_ int flexio_dev_get_thread_ctx(struct flexio_dev_thread_ctx **dtctx);

/** Returns the thread id of @p dtctx (from the thread metadata). */
FLEXIO_DEV_EXP_ uint32_t flexio_dev_get_thread_id(struct flexio_dev_thread_ctx *dtctx);

/**
 * Returns the thread-local storage address of @p dtctx (from the thread
 * metadata: the thread_local_storage_daddr the host gave the event handler).
 */
FLEXIO_DEV_EXP_ flexio_uintptr_t flexio_dev_get_thread_local_storage(struct flexio_dev_thread_ctx *dtctx);

#if !FLEXIO_DEV_LAYOUTS_2401
/** Returns the name of the running thread (from the thread metadata). */
FLEXIO_DEV_EXPERIMENTAL const char *flexio_dev_get_current_thread_name(void);
#endif

/* ------------------------------------------------------------------------ */
/* Lifecycle: how a handler ends                                             */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * Ends the thread's invocation and leaves the process active: the thread goes
 * back to sleep and restarts from the beginning on its next trigger.  Does not
 * return.  (Re-arm the CQ first if the thread should be triggered again.)
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_reschedule(void);

/** flexio_dev_thread_reschedule() under its 23.x name (deprecated). */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_reschedule(void) __attribute__((deprecated));

/**
 * Ends the thread's invocation and marks the thread finished: later triggers
 * do not run it.  Does not return.
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_finish(void);

/**
 * Ends the thread's invocation and asks for it to be run again immediately,
 * without waiting for a trigger.  Does not return.
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_thread_retrigger(void);

/**
 * Exits the whole DPA process without error: the host sees 0x40 in its
 * dpa_process_status, every thread of the process stops and none is triggered
 * again; thread states are left as they are (not marked finished).  Does not
 * return.
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_process_finish(void);

/** flexio_dev_process_finish() under its 23.x name (deprecated). */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_finish(void) __attribute__((deprecated));

/**
 * Exit point of a continuable event handler: the invocation ends here and the
 * next trigger resumes execution right after this call.  Has no effect (returns
 * at once) unless the event handler was created continuable.
 */
FLEXIO_DEV_EXP_ void flexio_dev_yield(struct flexio_dev_thread_ctx *dtctx);

#if !FLEXIO_DEV_LAYOUTS_2401
/**
 * Like flexio_dev_yield(), and asks for the thread to be triggered again at
 * once when it has yielded.  No effect unless the event handler is continuable.
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_yield_and_retrigger(void);

/**
 * Activates (triggers) the event handler with @p activation_id (from the host's
 * flexio_event_handler_get_activation_id()).  The handler must belong to the
 * same process as the calling thread.
 */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_event_handler_activate(uint32_t activation_id);
#endif

#else /* 23.x */

/**
 * Exits the DPA process without error (0x40 in dpa_process_status).  Does not
 * return.  (Later releases: flexio_dev_process_finish().)
 */
FLEXIO_DEV_STABLE __attribute__((__noreturn__)) void flexio_dev_finish(void);

/**
 * Ends the thread's invocation and leaves the process active; the thread
 * restarts from the beginning on its next trigger.  Does not return.
 * (Later releases: flexio_dev_thread_reschedule().)
 */
FLEXIO_DEV_STABLE __attribute__((__noreturn__)) void flexio_dev_reschedule(void);

#endif

/* ------------------------------------------------------------------------ */
/* Outbox (doorbells)                                                        */
/* ------------------------------------------------------------------------ */

/**
 * Selects the thread's outbox: @p outbox_config_id is the id of a host outbox
 * (flexio_outbox_get_id()).  Doorbells of the queue-access helpers go through
 * the outbox selected last; an outbox serves the queues of its own host process
 * and device.
 */
FLEXIO_DEV_EXP_ flexio_dev_status_t flexio_dev_outbox_config(struct flexio_dev_thread_ctx *dtctx,
							     uint16_t outbox_config_id);

#if !FLEXIO_DEV_EDITION_OLD

/**
 * Same as flexio_dev_outbox_config() without any check, not even whether the
 * id is already the current one.  Returns nothing.
 */
FLEXIO_DEV_EXP_ void flexio_dev_outbox_config_fast(struct flexio_dev_thread_ctx *dtctx,
						   uint16_t outbox_config_id);

/** Sets the device (extended UAR id) the thread's outbox operates on. */
FLEXIO_DEV_EXP_ flexio_dev_status_t
flexio_dev_outbox_config_uar_extension(struct flexio_dev_thread_ctx *dtctx, flexio_uar_device_id device_id);

#if !FLEXIO_DEV_LAYOUTS_2401
/** Rings the send doorbell (producer index @p pi) of QP @p qpn on another device @p device_id. */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t flexio_dev_cross_device_ring_db(flexio_uar_device_id device_id,
									    uint32_t qpn, uint32_t pi);
#endif

#endif

/* ------------------------------------------------------------------------ */
/* Windows (host memory)                                                     */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_LAYOUTS_2401

/**
 * Configures window entity @p win_entity of the thread: @p window_config_id is
 * the id of a host window (flexio_window_get_id()), @p mkey the key of the host
 * memory region reached through it.
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t flexio_dev_multi_window_config(enum flexio_window_entity win_entity,
									   uint16_t window_config_id,
									   uint32_t mkey);

/** Changes only the mkey of window entity @p win_entity. */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_mkey_config(enum flexio_window_entity win_entity, uint32_t mkey);

/**
 * Translates host address @p haddr (inside the region of the entity's mkey)
 * into a DPA address *@p daddr through which plain loads and stores reach it.
 * Window writes become visible to the host at __dpa_thread_window_writeback();
 * host changes are seen after __dpa_thread_window_read_inv().
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_ptr_acquire(enum flexio_window_entity win_entity, uint64_t haddr, flexio_uintptr_t *daddr);

/**
 * Copies @p size bytes from host address @p haddr to DPA memory @p daddr.
 * Documented as UNSUPPORTED: returns FLEXIO_DEV_STATUS_FAILED.
 */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_copy_from_host(enum flexio_window_entity win_entity, void *daddr, uint64_t haddr,
				       uint32_t size);

/** Copies @p size bytes from DPA memory @p daddr to host address @p haddr through window @p win_entity. */
FLEXIO_DEV_EXPERIMENTAL flexio_dev_status_t
flexio_dev_multi_window_copy_to_host(enum flexio_window_entity win_entity, uint64_t haddr, const void *daddr,
				     uint32_t size);

/*
 * The window helpers under their older names, taking the window entity
 * (header-inline, not marked experimental themselves, as in NVIDIA 25.1).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/** flexio_dev_multi_window_config() under its older name. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_config(enum flexio_window_entity win_entity,
								      uint16_t window_config_id, uint32_t mkey)
{
	return flexio_dev_multi_window_config(win_entity, window_config_id, mkey);
}

/** flexio_dev_multi_window_mkey_config() under its older name. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_mkey_config(enum flexio_window_entity win_entity,
									   uint32_t mkey)
{
	return flexio_dev_multi_window_mkey_config(win_entity, mkey);
}

/** flexio_dev_multi_window_ptr_acquire() under its older name. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_ptr_acquire(enum flexio_window_entity win_entity,
									   uint64_t haddr, flexio_uintptr_t *daddr)
{
	return flexio_dev_multi_window_ptr_acquire(win_entity, haddr, daddr);
}

/** flexio_dev_multi_window_copy_from_host() under its older name (UNSUPPORTED). */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_copy_from_host(enum flexio_window_entity win_entity,
									      void *daddr, uint64_t haddr,
									      uint32_t size)
{
	return flexio_dev_multi_window_copy_from_host(win_entity, daddr, haddr, size);
}

/** flexio_dev_multi_window_copy_to_host() under its older name. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_window_copy_to_host(enum flexio_window_entity win_entity,
									    uint64_t haddr, const void *daddr,
									    uint32_t size)
{
	return flexio_dev_multi_window_copy_to_host(win_entity, haddr, daddr, size);
}
#pragma GCC diagnostic pop

#else /* 23.x and 24.x: one window per thread context, functions of libflexio_dev */

/** Configures the thread's window: host window id @p window_config_id and memory key @p mkey. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_config(struct flexio_dev_thread_ctx *dtctx,
							       uint16_t window_config_id, uint32_t mkey);

/** Changes only the mkey of the thread's window. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_mkey_config(struct flexio_dev_thread_ctx *dtctx,
								    uint32_t mkey);

#if FLEXIO_DEV_EDITION_OLD
/**
 * Translates host address @p haddr into the DPA address through which the
 * configured window reaches it, written to *@p daddr (the 23.x manual prints
 * this parameter as flexio_uintptr_t **; the value stored is the address).
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx,
								    uint64_t haddr, flexio_uintptr_t **daddr);
#else
/**
 * Translates host address @p haddr into the DPA address *@p daddr through
 * which the configured window reaches it.
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx,
								    uint64_t haddr, flexio_uintptr_t *daddr);
#endif

/** Copies @p size bytes from host address @p haddr to DPA memory (UNSUPPORTED: fails). */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_copy_from_host(struct flexio_dev_thread_ctx *dtctx,
								       void *daddr, uint64_t haddr,
								       uint32_t size);

/** Copies @p size bytes from DPA memory @p daddr to host address @p haddr. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_window_copy_to_host(struct flexio_dev_thread_ctx *dtctx,
								     uint64_t haddr, const void *daddr,
								     uint32_t size);

#endif

/* ------------------------------------------------------------------------ */
/* Messages to the host                                                      */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * Formats a message like printf() and sends it to host message stream
 * @p stream_id (created on the host with flexio_msg_stream_create(); or
 * FLEXIO_MSG_DEV_BROADCAST_STREAM) at @p level.  Safe against concurrent
 * messages from other threads.  Returns what printf() returns.
 */
FLEXIO_DEV_EXP_ __attribute__((format(printf, 3, 4))) int
flexio_dev_msg(int stream_id, flexio_msg_dev_level level, const char *format, ...);

/** flexio_dev_msg() to stream @p strm_id at level FLEXIO_MSG_DEV_ERROR. */
#define flexio_dev_msg_err(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_ERROR, __VA_ARGS__)
/** flexio_dev_msg() to stream @p strm_id at level FLEXIO_MSG_DEV_WARN. */
#define flexio_dev_msg_warn(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_WARN, __VA_ARGS__)
/** flexio_dev_msg() to stream @p strm_id at level FLEXIO_MSG_DEV_INFO. */
#define flexio_dev_msg_info(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_INFO, __VA_ARGS__)
/** flexio_dev_msg() to stream @p strm_id at level FLEXIO_MSG_DEV_DEBUG. */
#define flexio_dev_msg_dbg(strm_id, ...) flexio_dev_msg(strm_id, FLEXIO_MSG_DEV_DEBUG, __VA_ARGS__)

/** flexio_dev_msg() to the host's default stream at level @p lvl. */
#define flexio_dev_msg_dflt(lvl, ...) flexio_dev_msg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, lvl, __VA_ARGS__)

/** flexio_dev_msg() to every stream the host has open, at level @p lvl. */
#define flexio_dev_msg_broadcast(lvl, ...) flexio_dev_msg(FLEXIO_MSG_DEV_BROADCAST_STREAM, lvl, __VA_ARGS__)

/** printf() to the host's default stream at level FLEXIO_MSG_DEV_INFO. */
#define flexio_dev_print(...) flexio_dev_msg(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, __VA_ARGS__)

#else

/**
 * Formats a message like printf() and sends it to the host's print queue
 * (set up by the host's flexio_print_init()).  Safe against concurrent prints
 * from other threads.  Returns what printf() returns.
 */
FLEXIO_DEV_STABLE __attribute__((format(printf, 1, 2))) int flexio_dev_print(const char *format, ...);

#endif

/**
 * Sends string @p str to the host's default message stream (23.x: the print
 * queue).  Has no effect if the host set none up.  Needs
 * flexio_dev_get_thread_ctx() first.  Returns the length of the string sent.
 */
FLEXIO_DEV_EXP_ int flexio_dev_puts(struct flexio_dev_thread_ctx *dtctx, char *str);

/* ------------------------------------------------------------------------ */
/* NIC counters and congestion control                                       */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_EDITION_OLD

/**
 * Declares the NIC counters flexio_dev_nic_counters_sample() reads: the
 * @p num_counters ids in @p counter_ids (flexio_dev_nic_counter_ids), sampled
 * as 32-bit values into @p counter_values.  Both arrays must be global or heap
 * memory.  One configuration per process.  The process crashes on too many
 * ids, bad pointers or an unknown id.
 */
FLEXIO_DEV_EXP_ void flexio_dev_nic_counters_config(uint32_t *counter_values, uint32_t *counter_ids,
						    uint32_t num_counters);

/**
 * Samples the configured counters into the values array given to
 * flexio_dev_nic_counters_config(); the process crashes if it was never called.
 */
FLEXIO_DEV_EXP_ void flexio_dev_nic_counters_sample(void);

/** Returns the programmable congestion control (PCC) table base address of VHCA @p vhca_id. */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_pcc_table_base(uint16_t vhca_id);

#endif

/* ------------------------------------------------------------------------ */
/* Aligned copies (NVIDIA 25.1)                                              */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_DEV_LAYOUTS_2401

/** Copies @p n bytes in 16-bit units; @p dest, @p src and @p n must be 2-byte aligned. */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy16(uint16_t *dest, const uint16_t *src, uint64_t n);

/** Copies @p n bytes in 32-bit units; @p dest, @p src and @p n must be 4-byte aligned. */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy32(uint32_t *dest, const uint32_t *src, uint64_t n);

/** Copies @p n bytes in 64-bit units; @p dest, @p src and @p n must be 8-byte aligned. */
FLEXIO_DEV_EXPERIMENTAL void flexio_dev_memcpy64(uint64_t *dest, const uint64_t *src, uint64_t n);

#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_H */
