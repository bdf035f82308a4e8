/*
 * Service numbers of the DPA ecall ABI, shared by the simulator (core/dpa, host C) and the
 * device runtime (dev/, compiled for RISC-V). Plain preprocessor constants only, so that
 * assembly, freestanding C and host C can all include it.
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

/* Thread life cycle (seed 000 flexio_dev_thread_*). */
#define DPA_ECALL_THREAD_FINISH 0x1000     /* no further triggers */
#define DPA_ECALL_THREAD_RESCHEDULE 0x1001 /* restart from the top at the next trigger */
#define DPA_ECALL_THREAD_RETRIGGER 0x1002  /* restart from the top immediately */
#define DPA_ECALL_THREAD_YIELD 0x1003      /* continuable threads resume after the ecall */
#define DPA_ECALL_THREAD_CTX_GET 0x1004    /* -> device address of the thread context */

/* Process state. */
#define DPA_ECALL_PROCESS_FINISH 0x1010 /* status 0x40, every thread of the process stops */
#define DPA_ECALL_PROCESS_ERROR 0x1011  /* a0 = user error code (128..255) */

/* Messages and prints. */
#define DPA_ECALL_PRINT 0x1020 /* a0 = buf, a1 = len -> bytes accepted */
#define DPA_ECALL_MSG 0x1021   /* a0 = stream id, a1 = level, a2 = buf, a3 = len -> bytes accepted */

/* Memory model (seed 002): cache control and fences. */
#define DPA_ECALL_WINDOW_WRITEBACK 0x1030  /* flush this thread's dirty window lines */
#define DPA_ECALL_WINDOW_INVALIDATE 0x1031 /* drop this thread's clean window lines */
#define DPA_ECALL_MEMORY_WRITEBACK 0x1032  /* make DPA-memory writes visible to the NIC */
#define DPA_ECALL_FENCE 0x1033             /* a0 = DPA_FENCE_SPACE_*, a1 = pred, a2 = succ */

/* Outboxes, windows, doorbells and queues. */
#define DPA_ECALL_OUTBOX_CONFIG 0x1040 /* a0 = outbox id */
#define DPA_ECALL_WINDOW_CONFIG 0x1041 /* a0 = entity, a1 = window id, a2 = mkey */
#define DPA_ECALL_WINDOW_PTR 0x1042    /* a0 = entity, a1 = host address -> device address */
#define DPA_ECALL_EVENT_ACTIVATE 0x1043 /* a0 = event handler id */

/* Fence spaces and operation sets for DPA_ECALL_FENCE (seed 002 __dpa_thread_fence). */
#define DPA_FENCE_SPACE_HEAP 1
#define DPA_FENCE_SPACE_MEMORY 2
#define DPA_FENCE_SPACE_MMIO 4
#define DPA_FENCE_SPACE_SYSTEM 6
#define DPA_FENCE_OP_R 1
#define DPA_FENCE_OP_W 2
#define DPA_FENCE_OP_RW 3

#endif
