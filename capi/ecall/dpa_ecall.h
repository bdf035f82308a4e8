/*
 * Service numbers of the DPA ecall ABI, shared by the simulator (core/dpa, host C) and the
 * device runtime (dev/, compiled for RISC-V): the one header they share. Not installed: the
 * ABI between libflexio_dev and the simulator, versioned with them. Preprocessor constants (and, through the public
 * <libflexio-dev/flexio_dev_ecall.h>, inline helpers for RISC-V), so that freestanding C and
 * host C can both include it.
 *
 * Calling convention (the Linux one): service number in a7, arguments in a0..a5, result in a0.
 * A service that ends the thread's execution (finish, reschedule, process finish, ...) does not
 * return to the caller.
 */
#ifndef OPENFLEXIO_DPA_ECALL_H
#define OPENFLEXIO_DPA_ECALL_H

/* Linux numbers, kept so that freestanding test programs run unchanged under qemu-riscv64. */
#define DPA_ECALL_LINUX_WRITE 64      /* a0 = fd (1 or 2), a1 = buf, a2 = len -> bytes or -errno */
#define DPA_ECALL_LINUX_EXIT 93       /* a0 = status */
#define DPA_ECALL_LINUX_EXIT_GROUP 94 /* a0 = status */

/* DPA runtime services: [DPA_ECALL_BASE, DPA_ECALL_LIMIT). Unassigned numbers are reserved. */
#define DPA_ECALL_BASE 0x1000
#define DPA_ECALL_LIMIT 0x1100

/* Thread life cycle (flexio_dev_thread_* in the FlexIO SDK API Reference Manual). */
#define DPA_ECALL_THREAD_FINISH 0x1000          /* no further triggers */
#define DPA_ECALL_THREAD_RESCHEDULE 0x1001      /* restart from the top at the next trigger */
#define DPA_ECALL_THREAD_RETRIGGER 0x1002       /* restart from the top immediately */
#define DPA_ECALL_THREAD_YIELD 0x1003           /* continuable threads resume after the ecall */
#define DPA_ECALL_THREAD_CTX_GET 0x1004         /* -> device address of the thread context */
#define DPA_ECALL_THREAD_YIELD_RETRIGGER 0x1005 /* yield, then be triggered again at once */
#define DPA_ECALL_THREAD_NAME 0x1006            /* -> device address of the thread's name */

/* Process state. */
#define DPA_ECALL_PROCESS_FINISH 0x1010 /* status 0x40, every thread of the process stops */
#define DPA_ECALL_PROCESS_ERROR 0x1011  /* a0 = user error code (128..255) */

/* Messages and prints. */
#define DPA_ECALL_PRINT 0x1020 /* a0 = buf, a1 = len -> bytes accepted */
#define DPA_ECALL_MSG 0x1021   /* a0 = stream id, a1 = level, a2 = buf, a3 = len -> bytes accepted */

/* Memory model (the DPA programming guide): cache control and fences. The three cache-control services are
 * emitted by the public inline intrinsics of dpaintrin.h, so their numbers live in the public
 * header: WINDOW_WRITEBACK 0x1030 (flush this thread's dirty window lines), WINDOW_INVALIDATE
 * 0x1031 (drop its clean window lines), MEMORY_WRITEBACK 0x1032 (make DPA-memory writes
 * visible to the NIC). */
#include <libflexio-dev/flexio_dev_ecall.h>
#define DPA_ECALL_FENCE 0x1033 /* a0 = DPA_FENCE_SPACE_*, a1 = pred, a2 = succ */

/* Outboxes, windows, doorbells and queues. */
#define DPA_ECALL_OUTBOX_CONFIG 0x1040  /* a0 = outbox id */
#define DPA_ECALL_WINDOW_CONFIG 0x1041  /* a0 = entity, a1 = window id, a2 = mkey */
#define DPA_ECALL_WINDOW_PTR 0x1042     /* a0 = entity, a1 = host address -> device address */
#define DPA_ECALL_EVENT_ACTIVATE 0x1043 /* a0 = event handler id */

/* Fence spaces and operation sets for DPA_ECALL_FENCE (__dpa_thread_fence in the DPA programming guide). */
#define DPA_FENCE_SPACE_HEAP 1
#define DPA_FENCE_SPACE_MEMORY 2
#define DPA_FENCE_SPACE_MMIO 4
#define DPA_FENCE_SPACE_SYSTEM 6
#define DPA_FENCE_OP_R 1
#define DPA_FENCE_OP_W 2
#define DPA_FENCE_OP_RW 3

/* device runtime services (dev/)
 *
 * Results: a value >= 0 is the service's result; -4095..-1 is a negative errno (EINVAL: bad
 * argument, ENOENT: unknown id, EPERM: not allowed for this thread or process, EFAULT: bad DPA
 * address or range). Device addresses are below 2^63, so they never look like an error.
 * libflexio_dev stores a failing service's errno in the thread context (errno_val); its
 * lifecycle calls flush the thread's stdout/stderr buffers before their ecall.
 *
 * What libflexio_dev expects of the services defined above:
 *   THREAD_FINISH, THREAD_RESCHEDULE, THREAD_RETRIGGER, PROCESS_FINISH, PROCESS_ERROR end the
 *     invocation (dpa_hart_request_stop); returning from them is a runtime bug, and
 *     libflexio_dev then executes an illegal instruction.
 *   THREAD_YIELD returns 0 at once for a non-continuable thread; for a continuable one it ends
 *     the invocation and the next trigger resumes the hart after the ecall (a0 = 0).
 *   PROCESS_ERROR a0 is always 128..255 or 0x42: flexio_dev_error maps other codes to 0x42.
 *   MSG a0 = stream id (0 default, 0xFF broadcast, else a host stream id), a1 = level
 *     (flexio_msg_dev_level, 1..5), a2 = DPA address of the text, a3 = its length in bytes (no
 *     NUL; at most DPA_MSG_MAX_LEN - 1 for flexio_dev_msg, any length for flexio_dev_puts and
 *     stdout/stderr lines) -> bytes accepted (0 when the host has no such stream) or -errno.
 *     One ecall is one message: the host must not interleave it with others.
 *   OUTBOX_CONFIG a0 = outbox id -> DPA address of that outbox's page, which libflexio_dev
 *     writes to the thread context (outbox_base, outbox_config_id); or -errno.
 *   WINDOW_CONFIG a0 = entity (0 or 1), a1 = window id, a2 = mkey -> 0 or -errno.
 *     libflexio_dev writes window_config_id of the context for entity 0.
 *   WINDOW_PTR a0 = entity, a1 = host address -> the DPA address (in a window aperture) through
 *     which loads and stores reach it, or -errno (entity not configured, address outside the
 *     mkey's region).
 *   EVENT_ACTIVATE a0 = activation id -> 0 or -errno (unknown id, other process).
 */
#define DPA_ECALL_THREAD_ID 0x1080            /* -> id of the calling DPA thread */
#define DPA_ECALL_THREAD_LOCAL_STORAGE 0x1081 /* -> thread_local_storage_daddr of the handler, or 0 */
#define DPA_ECALL_OUTBOX_UAR_EXTENSION 0x1082 /* a0 = flexio_uar_device_id -> 0 or -errno */
#define DPA_ECALL_CROSS_DEVICE_RING_DB 0x1083 /* a0 = device id, a1 = qpn, a2 = pi -> 0 or -errno */
#define DPA_ECALL_WINDOW_MKEY_CONFIG 0x1084   /* a0 = entity, a1 = mkey -> 0 or -errno */
/* a0 = entity, a1 = host address, a2 = DPA address of the source, a3 = size -> 0 or -errno;
 * the copy is complete (visible to the host) when the ecall returns. */
#define DPA_ECALL_WINDOW_COPY_TO_HOST 0x1085
/* a0 = DPA address of the uint32_t values array, a1 = DPA address of the uint32_t ids array,
 * a2 = number of ids -> 0. Invalid input (too many or unknown ids, bad arrays) is fatal: the
 * service faults the process. */
#define DPA_ECALL_NIC_COUNTERS_CONFIG 0x1086
/* Writes the configured counters into the values array -> 0; fatal if never configured. */
#define DPA_ECALL_NIC_COUNTERS_SAMPLE 0x1087
#define DPA_ECALL_PCC_TABLE_BASE 0x1088 /* a0 = vhca id -> PCC table base address, or -errno */

/* Longest message flexio_dev_msg sends, NUL included (2^FLEXIO_MSG_DEV_LOG_DATA_CHUNK_BSIZE);
 * longer texts are truncated. */
#define DPA_MSG_MAX_LEN 512

#endif
