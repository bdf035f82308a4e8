/*
 * What DPA code knows of its DOCA DPA context, written by libdoca_dpa into the DPA memory of the
 * context's FlexIO process and read by the device library (libdoca_dpa_dev). Shared by both
 * sides, so it includes nothing but <stdint.h>; every field is naturally aligned, so the host
 * (x86-64, aarch64) and the DPA (riscv64 lp64) lay it out alike.
 *
 * doca_dpa_dev_t (doca_dpa_get_dpa_handle) is the DPA address of a struct opendoca_dpa_dev_context.
 * The process's default context is a global of the device library set once at start
 * (opendoca_dpa_dev_init); a kernel thread or an RPC makes its launch's context the thread's
 * current one, and 3.0's doca_dpa_dev_device_set changes it for the calling thread.
 */
#ifndef OPENDOCA_DPA_DEV_CONTEXT_H
#define OPENDOCA_DPA_DEV_CONTEXT_H

#include <stdint.h>

/* The largest kernel: its threads' ranks fit below a launch descriptor's alignment. */
#define OPENDOCA_DPA_MAX_THREADS_PER_KERNEL 64u
/* Launch descriptors are aligned so that a kernel thread's task argument is launch | rank. */
#define OPENDOCA_DPA_LAUNCH_ALIGN 64u

struct opendoca_dpa_dev_context {
	uint64_t qp;              /* DPA address of the loopback RDMA endpoint for atomics on host memory (0: none) */
	uint32_t window_id;       /* the FlexIO window device code reads and writes host memory through */
	uint32_t log_level;       /* doca_dpa_dev_log's threshold (DOCA_DPA_DEV_LOG_LEVEL_*) */
	uint32_t stream_id;       /* the FlexIO message stream of doca_dpa_dev_log / doca_dpa_dev_printf */
	uint32_t trace_stream_id; /* the stream of doca_dpa_dev_trace */
};

/*
 * The fatal errors the device library ends a DPA process with (flexio_dev_error's user range):
 * the host reports them by name (doca_dpa_peek_at_last_error, the SDK log).
 */
enum opendoca_dpa_dev_error {
	OPENDOCA_DPA_DEV_ERROR_HOST_ACCESS = 200, /* host memory of a handle the window refused (a bad handle) */
	OPENDOCA_DPA_DEV_ERROR_RDMA = 201,        /* an RDMA operation of the device library failed */
	OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT = 202,  /* a DOCA DPA call outside a kernel, an RPC or a DPA thread */
	OPENDOCA_DPA_DEV_ERROR_BAD_RANGE = 203,   /* a copy or pointer outside its buffer */
	OPENDOCA_DPA_DEV_ERROR_HASH_FULL = 204,   /* a key added beyond a hash table's num_entries */
	OPENDOCA_DPA_DEV_ERROR_CONNECTION = 205,  /* an RDMA operation on a connection the context does not have */
	OPENDOCA_DPA_DEV_ERROR_BAD_BUF = 206,     /* 2.5's buffer functions: a null handle, an index past the end */
};

/* How a kernel's last thread updates its completion event. */
enum opendoca_dpa_comp_op {
	OPENDOCA_DPA_COMP_NONE = 0,
	OPENDOCA_DPA_COMP_SET = 1,
	OPENDOCA_DPA_COMP_ADD = 2,
};

/* A launch's state word: the host frees the descriptor once the device marked it done. */
enum opendoca_dpa_launch_state {
	OPENDOCA_DPA_LAUNCH_RUNNING = 0,
	OPENDOCA_DPA_LAUNCH_DONE = 1,
};

/*
 * A kernel launch (doca_dpa_kernel_launch_update_*) or an RPC (doca_dpa_rpc), in DPA memory,
 * OPENDOCA_DPA_LAUNCH_ALIGN-aligned: the function to run through its unpack wrapper (dpacc's
 * __dpacc_unpack_<fn>(argbuf, fn)) with the packed arguments that follow the descriptor.
 */
struct opendoca_dpa_launch {
	uint64_t context;        /* doca_dpa_dev_t of the launching context */
	uint64_t func;           /* the kernel's device address */
	uint64_t unpack;         /* its unpack wrapper's device address */
	uint64_t wait_event;     /* DPA handle of the event to wait on, 0: none */
	uint64_t wait_threshold; /* start once its value is at least this (the DOCA DPA guide's chain) */
	uint64_t comp_event;     /* DPA handle of the completion event, 0: none */
	uint64_t comp_count;     /* the value set or added */
	uint32_t comp_op;        /* enum opendoca_dpa_comp_op */
	uint32_t num_threads;    /* the kernel's threads, 1 .. OPENDOCA_DPA_MAX_THREADS_PER_KERNEL */
	uint32_t finished;       /* threads that returned (an atomic in DPA memory) */
	uint32_t state;          /* enum opendoca_dpa_launch_state, written last by the last thread */
	uint64_t argbuf_size;    /* bytes of packed arguments following the descriptor */
};

#endif /* OPENDOCA_DPA_DEV_CONTEXT_H */
