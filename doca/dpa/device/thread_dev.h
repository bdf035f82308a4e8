/*
 * What DPA code knows of DOCA DPA threads, notification completions and completion contexts:
 * descriptors libdoca_dpa writes into the DPA memory of the context's FlexIO process (thread.c,
 * notification.c, completion.c) and the device library reads (thread_dev.c, completion_dev.c).
 * Shared by both sides, so it includes nothing but <stdint.h>; every field is naturally aligned,
 * so the host and the DPA (riscv64 lp64) lay it out alike.
 */
#ifndef OPENDOCA_DPA_THREAD_DEV_H
#define OPENDOCA_DPA_THREAD_DEV_H

#include <stdint.h>

/*
 * A DPA thread (doca_dpa_thread_*): the argument of the FlexIO event handler that runs it, whose
 * entry is the device library's opendoca_dpa_thread_entry. Each run makes the thread's context
 * current, sets its rank in its thread group and its local storage, and calls the program's
 * function through its unpack wrapper with the packed argument that follows the descriptor.
 */
struct opendoca_dpa_thread_desc {
	uint64_t context;       /* doca_dpa_dev_t of the thread's context */
	uint64_t func;          /* the program's __dpa_global__ function */
	uint64_t unpack;        /* its unpack wrapper (dpacc's) */
	uint64_t local_storage; /* doca_dpa_thread_set_local_storage, 0: none */
	uint32_t rank;          /* in its thread group, 0 outside one */
	uint32_t num_threads;   /* of its thread group, 1 outside one */
	uint64_t argbuf_size;   /* bytes of the packed argument following the descriptor */
};

/* A notification completion: doca_dpa_dev_thread_notify activates the thread's event handler. */
struct opendoca_dpa_notification_desc {
	uint32_t activation_id; /* flexio_event_handler_get_activation_id of the thread's handler */
	uint32_t rsvd;
};

/*
 * A completion context (doca_dpa_completion_*): a FlexIO CQ whose ring and doorbell record are in
 * DPA memory, reporting to its thread's event handler (armed by
 * doca_dpa_dev_completion_request_notification). A completion element is the DPA address of a
 * CQE; DOCA's completion types are the CQE's mlx5 opcodes, its user data the CQE's 24-bit user
 * index (the QP's), its immediate the CQE's. The counters are the reading thread's: read_ci the
 * next CQE doca_dpa_dev_get_completion looks at, ack_ci what doca_dpa_dev_completion_ack freed.
 */
struct opendoca_dpa_completion_desc {
	uint64_t ring; /* 64-byte CQEs, 1 << log_depth of them */
	uint64_t dbr;  /* the CQ's doorbell record (the consumer counter the NIC reads) */
	uint32_t cqn;
	uint32_t log_depth;
	uint32_t read_ci;
	uint32_t ack_ci;
};

#endif /* OPENDOCA_DPA_THREAD_DEV_H */
